import { InboxOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Avatar, Modal, Space, Typography, Upload } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_PATHS } from '../../../core/contracts/account.ts';
import { AVATAR_MAX_BYTES, IMAGE_EXTENSIONS, isAllowedUpload } from '../../../core/upload-types.ts';
import { formatSize } from '../../../core/format.ts';
import { useSave } from '../../ui/use-save.ts';
import { useStores } from '../../stores/stores-context.tsx';

const ACCEPT = IMAGE_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** Avatar upload: only the spec's image types; progress shows in the upload panel. */
export const AvatarModal = observer(function AvatarModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const stores = useStores();
  const { t } = useTranslation('layout');
  const user = stores.layout.userData;
  const { error, setError, busy, save } = useSave(
    async (file: File) => {
      const { url } = await stores.uploadTracked<{ url: string }>(ACCOUNT_PATHS.avatarUpload, file, { showErrorToast: false });
      await stores.saveAvatar(url);
    },
    onClose,
    t('user.avatarUploadFailed'),
  );

  const upload = async (file: File) => {
    if (!isAllowedUpload(file.name, 'image')) return setError(t('user.avatarTypeInvalid', { types: IMAGE_EXTENSIONS.join(', ') }));
    if (file.size > AVATAR_MAX_BYTES) return setError(t('user.avatarTooLarge', { size: formatSize(AVATAR_MAX_BYTES) }));
    await save(file);
  };

  return (
    <Modal open={open} title={t('user.changeAvatar')} onCancel={onClose} footer={null} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <div style={{ textAlign: 'center' }}>
          <Avatar size={96} src={user?.avatar || undefined} icon={<UserOutlined />} />
        </div>
        {error && <Alert type="error" showIcon message={error} role="alert" />}
        <Upload.Dragger
          accept={ACCEPT}
          multiple={false}
          showUploadList={false}
          disabled={busy}
          customRequest={({ file }) => void upload(file as File)}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{t('user.avatarDrop')}</p>
          <Typography.Text type="secondary">
            {t('user.avatarTypes', { types: IMAGE_EXTENSIONS.join(', ') })}
          </Typography.Text>
        </Upload.Dragger>
      </Space>
    </Modal>
  );
});
