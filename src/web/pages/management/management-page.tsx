import { Card, Result, Spin, Tabs, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AUTHORIZATION_POINTS } from '../../../core/contracts/role.ts';
import { useHeldPoints } from '../../ui/held-points.ts';
import { UsersTab } from './users-tab.tsx';
import { WorkspacesTab } from './workspaces-tab.tsx';
import '../../ui/admin.css';

const TABS = ['users', 'workspaces'] as const;
type TabKey = (typeof TABS)[number];

/** /management: the tenant's users and workspaces, each tab shown to holders of its function point. */
const ManagementPage = observer(function ManagementPage() {
  const { t } = useTranslation('admin');
  const held = useHeldPoints('user', 'workspace');
  const [params, setParams] = useSearchParams();

  if (!held.ready) {
    return (
      <div className="admin-state" role="status">
        <Spin />
        <span className="admin-visually-hidden">{t('state.loading')}</span>
      </div>
    );
  }
  const allowed = TABS.filter((tab) => held.has(tab === 'users' ? AUTHORIZATION_POINTS.users : AUTHORIZATION_POINTS.workspaces));
  if (allowed.length === 0) return <Result status="403" title={t('state.forbidden')} subTitle={t('state.forbiddenHelp')} />;
  const asked = params.get('tab') as TabKey | null;
  const active = asked && allowed.includes(asked) ? asked : allowed[0]!;

  return (
    <div className="admin-page">
      <div className="admin-page-header">
        <Typography.Title level={3}>{t('management.title')}</Typography.Title>
        <Typography.Text type="secondary">{t('management.intro')}</Typography.Text>
      </div>
      <Card>
        <Tabs
          activeKey={active}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          items={allowed.map((tab) => ({
            key: tab,
            label: t(`management.tabs.${tab}`),
            children: tab === 'users' ? <UsersTab /> : <WorkspacesTab />,
          }))}
        />
      </Card>
    </div>
  );
});

export default ManagementPage;
