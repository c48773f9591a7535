import { InboxOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Avatar, Modal, Space, Typography, Upload } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES, IMAGE_EXTENSIONS, isAllowedUpload } from '../../../core/upload-types.ts';
import { formatSize } from '../../../core/format.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { messageOf } from '../login/api-error.ts';

const ACCEPT = IMAGE_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** Avatar upload: only the spec's image types; progress shows in the upload panel. */
export const AvatarModal = observer(function AvatarModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const stores = useStores();
  const { t } = useTranslation('layout');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const user = stores.layout.userData;

  const upload = async (file: File) => {
    setError('');
    if (!isAllowedUpload(file.name, 'image')) {
      setError(t('user.avatarTypeInvalid', { types: IMAGE_EXTENSIONS.join(', ') }));
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setError(t('user.avatarTooLarge', { size: formatSize(AVATAR_MAX_BYTES) }));
      return;
    }
    setBusy(true);
    try {
      const { url } = await stores.uploadTracked<{ url: string }>('/proptech_allplan/account/avatar/upload', file, { showErrorToast: false });
      await stores.saveAvatar(url);
      onClose();
    } catch (failure) {
      setError(messageOf(failure, t('user.avatarUploadFailed')));
    } finally {
      setBusy(false);
    }
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
