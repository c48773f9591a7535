import { Col, Result, Row, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTHORIZATION_POINTS, type Role } from '../../../core/contracts/role.ts';
import { useAdminApi } from '../../ui/use-admin-api.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { authorizeMenuApi } from './menu-api.ts';
import { RoleDetailPanel } from './role-detail.tsx';
import { RoleFormModal } from './role-form-modal.tsx';
import { RoleList } from './role-list.tsx';
import { RoleManageStore } from './role-manage-store.ts';
import { useScreenPoints } from './screen-points.ts';
import '../../ui/admin.css';

/** /authorize/roleManage: roles, their menus and function points, data scope, holders and groups. */
const RoleManagePage = observer(function RoleManagePage() {
  const { t } = useTranslation('admin');
  const api = useAdminApi();
  const stores = useStores();
  const held = useScreenPoints('/authorize/roleManage');
  const [store] = useState(() => new RoleManageStore(api, authorizeMenuApi(stores.api.http)));
  // null: closed; 'new': creating; a role: editing it.
  const [editing, setEditing] = useState<Role | 'new' | null>(null);

  useEffect(() => {
    void store.start();
    void store.tree.load();
  }, [store]);

  if (held.ready && !held.has(AUTHORIZATION_POINTS.roles)) {
    return <Result status="403" title={t('state.forbidden')} subTitle={t('state.forbiddenHelp')} />;
  }

  return (
    <div className="admin-page">
      <div className="admin-page-header">
        <Typography.Title level={3}>{t('roles.title')}</Typography.Title>
        <Typography.Text type="secondary">{t('roles.intro')}</Typography.Text>
      </div>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xxl={6}>
          <RoleList store={store} onCreate={() => setEditing('new')} onEdit={(role) => setEditing(role)} />
        </Col>
        <Col xs={24} lg={16} xxl={18}>
          <RoleDetailPanel store={store} />
        </Col>
      </Row>
      {editing !== null && (
        <RoleFormModal
          role={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSubmit={(values) =>
            editing === 'new'
              ? store.createRole(values)
              : store.updateRole({ id: editing.id, name: values.name, description: values.description ?? '', dataScope: values.dataScope })
          }
        />
      )}
    </div>
  );
});

export default RoleManagePage;
