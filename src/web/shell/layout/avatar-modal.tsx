import { DeleteOutlined, InboxOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, Modal, Space, Typography, Upload } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { avatarUrlOf } from '../../../core/contracts/account.ts';
import { AVATAR_MAX_BYTES, IMAGE_EXTENSIONS, isAllowedUpload } from '../../../core/upload-types.ts';
import { formatSize } from '../../../core/format.ts';
import { useFileClient } from '../../files/use-file-client.ts';
import { useSave } from '../../ui/use-save.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { avatarImageUrl } from './avatar-image.ts';

const ACCEPT = IMAGE_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/**
 * The user's avatar: an image uploaded to the file store (progress in the upload panel), which a
 * new upload replaces, or none. Only the spec's image types.
 */
export const AvatarModal = observer(function AvatarModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const stores = useStores();
  const files = useFileClient();
  const { t } = useTranslation('layout');
  const user = stores.layout.userData;
  const src = avatarImageUrl(files, user?.avatar);
  const { error, setError, busy, save } = useSave(
    async (file: File | null) => {
      if (!file) return stores.saveAvatar(null);
      const info = await files.uploadFile(file, { kind: 'image', showErrorToast: false });
      await stores.saveAvatar(avatarUrlOf(info.fileId));
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
        <div className="avatar-modal-current">
          <Avatar size={96} src={src} icon={<UserOutlined />} alt={t('user.avatarCurrent')} data-testid="avatar-current" />
          {src && (
            <Button icon={<DeleteOutlined />} danger disabled={busy} onClick={() => void save(null)} data-testid="avatar-remove">
              {t('user.avatarRemove')}
            </Button>
          )}
        </div>
        {error && <Alert type="error" showIcon message={error} role="alert" />}
        <Upload.Dragger accept={ACCEPT} multiple={false} showUploadList={false} disabled={busy} customRequest={({ file }) => void upload(file as File)}>
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{src ? t('user.avatarReplace') : t('user.avatarDrop')}</p>
          <Typography.Text type="secondary">{t('user.avatarTypes', { types: IMAGE_EXTENSIONS.join(', ') })}</Typography.Text>
        </Upload.Dragger>
      </Space>
    </Modal>
  );
});
