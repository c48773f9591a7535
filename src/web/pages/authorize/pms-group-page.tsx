import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Grid, Input, Result, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PermissionGroup } from '../../../core/contracts/permission-groups.ts';
import { AUTHORIZATION_POINTS } from '../../../core/contracts/role.ts';
import { Live } from '../../ui/live.tsx';
import { LoadState } from '../../ui/load-state.tsx';
import { useAdminApi } from '../../ui/use-admin-api.ts';
import { menuTitle } from '../../i18n/menu-title.ts';
import { PmsGroupAssignModal } from './pms-group-assign-modal.tsx';
import { PmsGroupFormModal } from './pms-group-form-modal.tsx';
import { PmsGroupStore } from './pms-group-store.ts';
import { useScreenPoints } from './screen-points.ts';
import '../../ui/admin.css';
import { textIn } from '../../../core/local-text.ts';

const SHOWN_POINTS = 4;

/** /authorize/pmsGroup: named bundles of function points, given to roles or directly to users. */
const PmsGroupPage = observer(function PmsGroupPage() {
  const { t, i18n } = useTranslation(['admin', 'menu']);
  const { modal } = App.useApp();
  const api = useAdminApi();
  // Groups are managed with the role point, which the Authorization module carries under Roles.
  const held = useScreenPoints('/authorize/pmsGroup', 'module');
  const [store] = useState(() => new PmsGroupStore(api));
  // Columns stay pinned only where there is room for them beside the others.
  const pinned = Grid.useBreakpoint().md === true;
  const [editing, setEditing] = useState<PermissionGroup | 'new' | null>(null);
  const [assigning, setAssigning] = useState<PermissionGroup | null>(null);

  useEffect(() => store.start(), [store]);

  if (held.ready && !held.has(AUTHORIZATION_POINTS.roles)) {
    return <Result status="403" title={t('admin:state.forbidden')} subTitle={t('admin:state.forbiddenHelp')} />;
  }

  const pointLabel = (code: string) => {
    const point = store.points.data?.find((each) => each.code === code);
    return point ? menuTitle(t, { title: point.title, code }, i18n.language) : code;
  };

  const confirmDelete = (group: PermissionGroup) => {
    modal.confirm({
      title: t('admin:groups.deleteTitle', { name: group.name }),
      content: t('admin:groups.deleteContent'),
      okText: t('admin:actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('admin:actions.cancel'),
      onOk: () => store.remove(group.id),
    });
  };

  return (
    <div className="admin-page">
      <div className="admin-page-header">
        <Typography.Title level={3}>{t('admin:groups.title')}</Typography.Title>
        <Typography.Text type="secondary">{t('admin:groups.intro')}</Typography.Text>
      </div>
      <Card>
        <div className="admin-page-header admin-block">
          <Input.Search
            allowClear
            placeholder={t('admin:groups.search')}
            aria-label={t('admin:groups.search')}
            value={store.keyword}
            onChange={(event) => store.setKeyword(event.target.value)}
            className="admin-search"
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('admin:groups.create')}
          </Button>
        </div>
        <LoadState
          source={store.groups}
          empty={{
            when: (groups) => groups.length === 0,
            description: t('admin:groups.empty'),
            action: (
              <Button type="primary" onClick={() => setEditing('new')}>
                {t('admin:groups.create')}
              </Button>
            ),
          }}
        >
          {() => (
            <Table<PermissionGroup>
              rowKey="id"
              size="middle"
              dataSource={store.visibleGroups}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              scroll={{ x: 760 }}
              locale={{ emptyText: t('admin:groups.noMatch') }}
              columns={[
                {
                  title: t('admin:groups.name'),
                  dataIndex: 'name',
                  render: (_value, group) => (
                    <Space orientation="vertical" size={0}>
                      <Typography.Text strong>{group.name}</Typography.Text>
                      {group.description && (
                        <Typography.Text type="secondary" dir="auto">
                          {group.description}
                        </Typography.Text>
                      )}
                    </Space>
                  ),
                },
                {
                  title: t('admin:groups.points'),
                  dataIndex: 'points',
                  render: (points: string[]) => (
                    <Live>
                      {() =>
                    points.length === 0 ? (
                      <Typography.Text type="secondary">{t('admin:groups.noPointsChosen')}</Typography.Text>
                    ) : (
                      <Space size={[4, 4]} wrap>
                        {points.slice(0, SHOWN_POINTS).map((code) => (
                          <Tooltip key={code} title={code}>
                            <Tag color="geekblue" variant="filled">
                              {pointLabel(code)}
                            </Tag>
                          </Tooltip>
                        ))}
                        {points.length > SHOWN_POINTS && <Tag>{t('admin:groups.morePoints', { count: points.length - SHOWN_POINTS })}</Tag>}
                      </Space>
                    )
                      }
                    </Live>
                  ),
                },
                {
                  title: t('admin:groups.roles'),
                  dataIndex: 'roleIds',
                  render: (ids: number[]) =>
                    ids.length === 0 ? (
                      <Typography.Text type="secondary">—</Typography.Text>
                    ) : (
                      <Live>
                        {() => (
                          <Space size={[4, 4]} wrap>
                            {ids.map((id) => (
                              <Tag key={id}>{textIn(store.roleName(id), i18n.language)}</Tag>
                            ))}
                          </Space>
                        )}
                      </Live>
                    ),
                },
                {
                  title: t('admin:groups.users'),
                  dataIndex: 'userIds',
                  width: 110,
                  render: (ids: number[]) => ids.length,
                },
                {
                  title: t('admin:actions.title'),
                  key: 'actions',
                  fixed: pinned ? 'end' : undefined,
                  width: 200,
                  render: (_value, group) => (
                    <Space size={[4, 0]} wrap>
                      <Button type="link" size="small" aria-label={t('admin:groups.editTitle', { name: group.name })} onClick={() => setEditing(group)}>
                        {t('admin:actions.edit')}
                      </Button>
                      <Button type="link" size="small" aria-label={t('admin:groups.assignTitle', { name: group.name })} onClick={() => setAssigning(group)}>
                        {t('admin:groups.assign')}
                      </Button>
                      <Button
                        type="link"
                        size="small"
                        danger
                        aria-label={t('admin:groups.deleteTitle', { name: group.name })}
                        onClick={() => confirmDelete(group)}
                      >
                        {t('admin:actions.delete')}
                      </Button>
                    </Space>
                  ),
                },
              ]}
            />
          )}
        </LoadState>
      </Card>
      {editing !== null && <PmsGroupFormModal store={store} group={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {assigning && <PmsGroupAssignModal store={store} group={assigning} onClose={() => setAssigning(null)} />}
    </div>
  );
});

export default PmsGroupPage;
