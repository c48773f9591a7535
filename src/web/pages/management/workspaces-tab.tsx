import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Grid, Input, Space, Table, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManagedWorkspace } from '../../../core/contracts/management.ts';
import { Live } from '../../ui/live.tsx';
import { LoadState } from '../../ui/load-state.tsx';
import { useAdminApi } from '../../ui/use-admin-api.ts';
import { WorkspaceFormModal } from './workspace-form-modal.tsx';
import { WorkspaceMembersModal } from './workspace-members-modal.tsx';
import { WorkspaceMenuDrawer } from './workspace-menu-drawer.tsx';
import { WorkspacesStore } from './workspaces-store.ts';

type Editing = { kind: 'form'; workspace: ManagedWorkspace | null } | { kind: 'members' | 'menu'; workspace: ManagedWorkspace } | null;

/** The Workspaces tab: create (optionally from a template), rename, members, menu, delete. */
export const WorkspacesTab = observer(function WorkspacesTab() {
  const { t } = useTranslation('admin');
  const { modal, message } = App.useApp();
  const api = useAdminApi();
  const [store] = useState(() => new WorkspacesStore(api));
  // Columns stay pinned only where there is room for them beside the others.
  const pinned = Grid.useBreakpoint().md === true;
  const [editing, setEditing] = useState<Editing>(null);

  useEffect(() => store.start(), [store]);

  const confirmDelete = (workspace: ManagedWorkspace) => {
    modal.confirm({
      title: t('workspaces.deleteTitle', { name: workspace.name }),
      content: t('workspaces.deleteContent', { count: workspace.memberCount }),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk: async () => {
        await store.remove(workspace.id);
        void message.success(t('state.deleted'));
      },
    });
  };

  const create = () => setEditing({ kind: 'form', workspace: null });
  return (
    <>
      <div className="admin-page-header admin-block">
        <Input.Search
          allowClear
          placeholder={t('workspaces.search')}
          aria-label={t('workspaces.search')}
          value={store.keyword}
          onChange={(event) => store.setKeyword(event.target.value)}
          className="admin-search"
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={create}>
          {t('workspaces.create')}
        </Button>
      </div>
      <LoadState
        source={store.list}
        empty={{
          when: (list) => list.length === 0,
          description: t('workspaces.empty'),
          action: (
            <Button type="primary" onClick={create}>
              {t('workspaces.create')}
            </Button>
          ),
        }}
      >
        {() => (
          <Table<ManagedWorkspace>
            rowKey="id"
            size="middle"
            dataSource={store.visible}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            scroll={{ x: 820 }}
            locale={{ emptyText: t('workspaces.noMatch') }}
            columns={[
              {
                title: t('workspaces.name'),
                dataIndex: 'name',
                render: (_value, workspace) => (
                  <Space orientation="vertical" size={0}>
                    <Typography.Text strong>{workspace.name}</Typography.Text>
                    <Typography.Text code>{workspace.code}</Typography.Text>
                  </Space>
                ),
              },
              { title: t('workspaces.members'), dataIndex: 'memberCount', width: 110 },
              { title: t('workspaces.menuCount'), dataIndex: 'resourceCount', width: 130 },
              {
                title: t('workspaces.template'),
                dataIndex: 'templateId',
                render: (id: number | null) => (
                  <Live>
                    {() => {
                      const name = store.templateName(id);
                      return name ? <Tag color="cyan">{name}</Tag> : <Typography.Text type="secondary">—</Typography.Text>;
                    }}
                  </Live>
                ),
              },
              {
                title: t('actions.title'),
                key: 'actions',
                fixed: pinned ? 'end' : undefined,
                width: 260,
                render: (_value, workspace) => (
                  <Space size={[4, 0]} wrap>
                    <Button
                      type="link"
                      size="small"
                      aria-label={t('workspaces.renameTitle', { name: workspace.name })}
                      onClick={() => setEditing({ kind: 'form', workspace })}
                    >
                      {t('workspaces.rename')}
                    </Button>
                    <Button
                      type="link"
                      size="small"
                      aria-label={t('workspaces.membersTitle', { name: workspace.name })}
                      onClick={() => setEditing({ kind: 'members', workspace })}
                    >
                      {t('workspaces.editMembers')}
                    </Button>
                    <Button
                      type="link"
                      size="small"
                      aria-label={t('workspaces.menuTitle', { name: workspace.name })}
                      onClick={() => setEditing({ kind: 'menu', workspace })}
                      data-testid={`workspace-menu-${workspace.code}`}
                    >
                      {t('workspaces.editMenu')}
                    </Button>
                    <Button
                      type="link"
                      size="small"
                      danger
                      aria-label={t('workspaces.deleteTitle', { name: workspace.name })}
                      onClick={() => confirmDelete(workspace)}
                    >
                      {t('actions.delete')}
                    </Button>
                  </Space>
                ),
              },
            ]}
          />
        )}
      </LoadState>
      {editing?.kind === 'form' && <WorkspaceFormModal store={store} workspace={editing.workspace} onClose={() => setEditing(null)} />}
      {editing?.kind === 'members' && <WorkspaceMembersModal store={store} workspace={editing.workspace} onClose={() => setEditing(null)} />}
      {editing?.kind === 'menu' && <WorkspaceMenuDrawer store={store} workspace={editing.workspace} onClose={() => setEditing(null)} />}
    </>
  );
});
