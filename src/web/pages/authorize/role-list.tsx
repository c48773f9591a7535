import { DeleteOutlined, EditOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Space, Tag, Tooltip, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../core/contracts/role.ts';
import { LoadState } from '../../ui/load-state.tsx';
import type { RoleManageStore } from './role-manage-store.ts';
import { useTextIn } from '../../i18n/local-text.ts';

/** The roles of the tenant: pick one to edit its grants; create, rename or delete. */
export const RoleList = observer(function RoleList({
  store,
  onCreate,
  onEdit,
}: {
  store: RoleManageStore;
  onCreate: () => void;
  onEdit: (role: Role) => void;
}) {
  const { t } = useTranslation('admin');
  const textOf = useTextIn();
  const { modal } = App.useApp();

  const confirmDelete = (role: Role) => {
    modal.confirm({
      title: t('roles.deleteTitle', { name: textOf(role.name) }),
      content: role.userCount > 0 ? t('roles.deleteHeld', { count: role.userCount }) : t('roles.deleteContent'),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk: () => store.deleteRole(role.id),
    });
  };

  return (
    <Card
      title={t('roles.listTitle')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
          {t('roles.create')}
        </Button>
      }
      className="admin-sticky-card"
    >
      <Input.Search
        allowClear
        placeholder={t('roles.search')}
        aria-label={t('roles.search')}
        value={store.keyword}
        onChange={(event) => store.setKeyword(event.target.value)}
        className="admin-block"
      />
      <LoadState
        source={store.roles}
        empty={{
          when: (roles) => roles.length === 0,
          description: t('roles.empty'),
          action: (
            <Button type="primary" onClick={onCreate}>
              {t('roles.create')}
            </Button>
          ),
        }}
      >
        {() =>
          store.visibleRoles.length === 0 ? (
            <Typography.Paragraph type="secondary">{t('roles.noMatch')}</Typography.Paragraph>
          ) : (
            <ul className="admin-pick-list" aria-label={t('roles.listTitle')}>
              {store.visibleRoles.map((role) => {
                const current = role.id === store.selectedId;
                return (
                  <li key={role.id} className={current ? 'is-selected' : undefined}>
                    <button
                      type="button"
                      className="admin-pick"
                      aria-current={current ? 'true' : undefined}
                      onClick={() => store.select(role.id)}
                      data-testid={`role-${role.code}`}
                    >
                      <span className="admin-pick-title" dir="auto">{textOf(role.name)}</span>
                      <span className="admin-pick-meta">
                        <Typography.Text code>{role.code}</Typography.Text>
                        {role.builtIn && (
                          <Tag variant="filled" color="purple">
                            {t('roles.builtIn')}
                          </Tag>
                        )}
                        <Tooltip title={t('roles.holders')}>
                          <span className="admin-muted">
                            <TeamOutlined /> {role.userCount}
                          </span>
                        </Tooltip>
                      </span>
                    </button>
                    <Space size={0} className="admin-pick-actions">
                      <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('roles.editLabel', { name: textOf(role.name) })} onClick={() => onEdit(role)} />
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('roles.deleteLabel', { name: textOf(role.name) })}
                        onClick={() => confirmDelete(role)}
                      />
                    </Space>
                  </li>
                );
              })}
            </ul>
          )
        }
      </LoadState>
    </Card>
  );
});
