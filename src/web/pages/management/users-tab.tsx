import { UserAddOutlined } from '@ant-design/icons';
import { App, Badge, Button, Grid, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_STATUSES, type ManagedUser, type MemberStatus } from '../../../core/contracts/management.ts';
import { formatServerDate } from '../../../core/format.ts';
import { LoadState } from '../../ui/load-state.tsx';
import { useAdminApi } from '../../ui/use-admin-api.ts';
import { languageOf } from '../../i18n/i18n.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { UserAccessModal } from './user-access-modal.tsx';
import { UserInviteModal } from './user-invite-modal.tsx';
import { UsersStore } from './users-store.ts';
import { textIn } from '../../../core/local-text.ts';

/**
 * Names as tags, or a dash when there are none. An observer of its own: table cells render
 * outside the tab's render, and the names arrive after the rows.
 */
const NameTags = observer(function NameTags({
  ids,
  name,
  hint,
  color,
}: {
  ids: number[];
  name: (id: number) => string;
  /** A longer name, shown on hover. */
  hint?: (id: number) => string;
  color?: string;
}) {
  if (ids.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space size={[4, 4]} wrap>
      {ids.map((id) => (
        <Tag key={id} color={color} title={hint?.(id)}>
          {name(id)}
        </Tag>
      ))}
    </Space>
  );
});

/** The Users tab: the tenant's members, searchable and paged, with invite, disable, reset and access. */
export const UsersTab = observer(function UsersTab() {
  const { t, i18n } = useTranslation('admin');
  const { modal, message } = App.useApp();
  const api = useAdminApi();
  const { layout } = useStores();
  const [store] = useState(() => new UsersStore(api));
  // Columns stay pinned only where there is room for them beside the others.
  const pinned = Grid.useBreakpoint().md === true;
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<ManagedUser | null>(null);
  const [keyword, setKeyword] = useState('');
  const me = layout.userData;
  const iAmAdmin = me?.type === 'ADMIN';

  useEffect(() => store.start(), [store]);

  // An administrator's status and password are for administrators to change.
  const mayChange = (user: ManagedUser) => user.id !== me?.id && (iAmAdmin || user.type !== 'ADMIN');

  const confirmStatus = (user: ManagedUser) => {
    const next: MemberStatus = user.status === 'ACTIVE' ? 'DISABLED' : 'ACTIVE';
    modal.confirm({
      title: next === 'DISABLED' ? t('users.disableTitle', { name: user.name }) : t('users.enableTitle', { name: user.name }),
      content: next === 'DISABLED' ? t('users.disableContent') : t('users.enableContent'),
      okText: next === 'DISABLED' ? t('users.disable') : t('users.enable'),
      okButtonProps: { danger: next === 'DISABLED' },
      cancelText: t('actions.cancel'),
      onOk: async () => {
        await store.setStatus(user, next);
        void message.success(next === 'DISABLED' ? t('users.disabled', { name: user.name }) : t('users.enabled', { name: user.name }));
      },
    });
  };

  const confirmReset = (user: ManagedUser) => {
    modal.confirm({
      title: t('users.resetTitle', { name: user.name }),
      content: t('users.resetContent', { email: user.email ?? '—' }),
      okText: t('users.resetSend'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        await store.resetPassword(user);
        void message.success(t('users.resetSent', { email: user.email ?? user.username }));
      },
    });
  };

  const data = store.page.data;
  return (
    <>
      <div className="admin-page-header admin-block">
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('users.search')}
            aria-label={t('users.search')}
            value={keyword}
            onChange={(event) => {
              setKeyword(event.target.value);
              if (event.target.value === '') store.search({ keyword: '' });
            }}
            onSearch={(value) => store.search({ keyword: value })}
            className="admin-search"
          />
          <Select<MemberStatus | 'ALL'>
            value={store.query.status ?? 'ALL'}
            onChange={(value) => store.search({ status: value === 'ALL' ? undefined : value })}
            aria-label={t('users.status')}
            style={{ minWidth: 140 }}
            options={[
              { value: 'ALL', label: t('users.allStatuses') },
              ...MEMBER_STATUSES.map((status) => ({ value: status, label: t(`users.statuses.${status}`) })),
            ]}
          />
        </Space>
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)}>
          {t('users.invite')}
        </Button>
      </div>
      <LoadState source={store.page}>
        {() => (
          <Table<ManagedUser>
            rowKey="id"
            size="middle"
            dataSource={data?.list ?? []}
            scroll={{ x: 980 }}
            locale={{ emptyText: store.query.keyword || store.query.status ? t('users.noMatch') : t('users.empty') }}
            pagination={{
              current: store.query.pageNum,
              pageSize: store.query.pageSize,
              total: data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (total) => t('users.total', { count: total }),
              onChange: (page, size) => store.turn(page, size),
            }}
            columns={[
              {
                title: t('users.name'),
                key: 'name',
                fixed: pinned ? 'start' : undefined,
                width: 240,
                render: (_value, user) => (
                  <Space orientation="vertical" size={0}>
                    <Typography.Text strong>
                      {user.name} <span className="admin-muted">@{user.username}</span>
                    </Typography.Text>
                    <Typography.Text type="secondary" dir="auto">
                      {[user.email, user.mobilePhone].filter(Boolean).join(' · ')}
                    </Typography.Text>
                    <Typography.Text type="secondary" className="admin-small">
                      {t('users.joinedOn', { date: formatServerDate(user.createTime, languageOf(i18n)) })}
                    </Typography.Text>
                  </Space>
                ),
              },
              {
                title: t('users.type'),
                dataIndex: 'type',
                width: 110,
                render: (type: ManagedUser['type']) => <Tag color={type === 'ADMIN' ? 'gold' : undefined}>{t(`users.types.${type}`)}</Tag>,
              },
              {
                title: t('users.status'),
                dataIndex: 'status',
                width: 110,
                render: (status: MemberStatus) => <Badge status={status === 'ACTIVE' ? 'success' : 'default'} text={t(`users.statuses.${status}`)} />,
              },
              { title: t('users.roles'), dataIndex: 'roleIds', render: (ids: number[]) => <NameTags ids={ids} name={(id) => textIn(store.roleName(id), i18n.language)} color="blue" /> },
              {
                title: t('users.groups'),
                dataIndex: 'groupIds',
                render: (ids: number[]) => <NameTags ids={ids} name={(id) => store.groupName(id)} color="geekblue" />,
              },
              { title: t('users.workspaces'), dataIndex: 'workspaceIds', render: (ids: number[]) => <NameTags ids={ids} name={(id) => store.workspaceCode(id)} hint={(id) => store.workspaceName(id)} /> },
              {
                title: t('actions.title'),
                key: 'actions',
                fixed: pinned ? 'end' : undefined,
                width: 200,
                render: (_value, user) => (
                  <Space size={[4, 0]} wrap>
                    <Button type="link" size="small" aria-label={t('users.accessTitle', { name: user.name })} onClick={() => setEditing(user)}>
                      {t('users.editAccess')}
                    </Button>
                    {mayChange(user) && (
                      <Button
                        type="link"
                        size="small"
                        danger={user.status === 'ACTIVE'}
                        aria-label={user.status === 'ACTIVE' ? t('users.disableTitle', { name: user.name }) : t('users.enableTitle', { name: user.name })}
                        onClick={() => confirmStatus(user)}
                      >
                        {user.status === 'ACTIVE' ? t('users.disable') : t('users.enable')}
                      </Button>
                    )}
                    {mayChange(user) && (
                      <Button type="link" size="small" aria-label={t('users.resetTitle', { name: user.name })} onClick={() => confirmReset(user)}>
                        {t('users.resetPassword')}
                      </Button>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        )}
      </LoadState>
      {inviting && (
        <UserInviteModal
          store={store}
          canInviteAdmins={iAmAdmin}
          onClose={() => setInviting(false)}
          onInvited={(user) => void message.success(t('users.invited', { email: user.email ?? user.username }))}
        />
      )}
      {editing && <UserAccessModal store={store} user={editing} onClose={() => setEditing(null)} />}
    </>
  );
});
