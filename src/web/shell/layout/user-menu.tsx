import { KeyOutlined, LogoutOutlined, PictureOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useFileClient } from '../../files/use-file-client.ts';
import { handled } from '../../ui/handled.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { avatarImageUrl } from './avatar-image.ts';
import { AvatarModal } from './avatar-modal.tsx';
import { ChangePasswordModal } from './change-password-modal.tsx';

export const UserMenu = observer(function UserMenu() {
  const stores = useStores();
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const files = useFileClient();
  const [dialog, setDialog] = useState<'password' | 'avatar' | null>(null);
  const user = stores.layout.userData;

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'avatar', icon: <PictureOutlined />, label: t('user.changeAvatar') },
            { key: 'password', icon: <KeyOutlined />, label: t('user.changePassword') },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: t('user.logout'), danger: true },
          ],
          onClick: handled(async ({ key }) => {
            if (key === 'logout') {
              await stores.signOut();
              navigate('/login', { replace: true });
            } else {
              setDialog(key as 'password' | 'avatar');
            }
          }),
        }}
      >
        <Button type="text" aria-label={t('user.menu')} data-testid="user-menu">
          <Avatar size="small" src={avatarImageUrl(files, user?.avatar)} icon={<UserOutlined />} />
          <span className="app-user-name">{user?.name ?? stores.user.name}</span>
        </Button>
      </Dropdown>
      <ChangePasswordModal open={dialog === 'password'} onClose={() => setDialog(null)} />
      <AvatarModal open={dialog === 'avatar'} onClose={() => setDialog(null)} />
    </>
  );
});
