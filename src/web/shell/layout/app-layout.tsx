import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout, Result, Space, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useStores } from '../../stores/stores-context.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { NotificationBell } from './notification-bell.tsx';
import { SideMenu } from './side-menu.tsx';
import { TabBar } from './tab-bar.tsx';
import { UploadPanel } from './upload-panel.tsx';
import { UserMenu } from './user-menu.tsx';
import { WorkspaceSwitch } from './workspace-switch.tsx';
import './app-layout.css';

/** The frame of every signed-in screen: sidebar menu, header, tabs, the screen, uploads. */
export const AppLayout = observer(function AppLayout() {
  const stores = useStores();
  const { layout } = stores;
  const { t } = useTranslation(['layout', 'login']);
  const location = useLocation();
  const [menuState, setMenuState] = useState<'loading' | 'ready' | 'failed'>(layout.menuLoaded ? 'ready' : 'loading');
  const [refreshCount, setRefreshCount] = useState(0);
  // An ordinary user's menu belongs to a workspace: without one there is nothing to show yet.
  const needsWorkspace = layout.userData?.type === 'USER' && !layout.workSpace;

  const loadMenu = () => {
    setMenuState('loading');
    stores.loadMenu().then(
      () => setMenuState('ready'),
      () => setMenuState('failed'),
    );
  };
  // Reload when the workspace changes: a USER's menu belongs to the workspace.
  useEffect(loadMenu, [stores, layout.workSpace?.code]);

  // Every navigation updates the tabs and the open menu, then PT_STATE.
  useEffect(() => {
    layout.visit(location.pathname, location.search);
    stores.persist();
  }, [layout, stores, location.pathname, location.search, layout.menuList]);

  return (
    <Layout className="app-layout">
      <Layout.Sider collapsible collapsed={layout.collapsed} trigger={null} width={232} className="app-sider">
        <Link to="/home" className="app-brand" aria-label="Plinth home">
          {layout.collapsed ? 'P' : 'Plinth'}
        </Link>
        {menuState === 'loading' && !layout.menuLoaded ? (
          <div className="app-sider-state" role="status">
            <Spin />
          </div>
        ) : menuState === 'failed' ? (
          <div className="app-sider-state">
            <Button size="small" onClick={loadMenu}>
              {t('sidebar.reloadMenu')}
            </Button>
          </div>
        ) : (
          <SideMenu />
        )}
      </Layout.Sider>
      <Layout>
        <Layout.Header className="app-header">
          <Button
            type="text"
            icon={layout.collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => {
              layout.toggleCollapsed();
              stores.persist();
            }}
            aria-label={layout.collapsed ? t('sidebar.expand') : t('sidebar.collapse')}
            aria-expanded={!layout.collapsed}
          />
          <Space size="middle" className="app-header-tools">
            <WorkspaceSwitch />
            <NotificationBell />
            <LanguageSwitch />
            <UserMenu />
          </Space>
        </Layout.Header>
        <TabBar onRefresh={() => setRefreshCount((n) => n + 1)} />
        <Layout.Content className="app-content">
          {needsWorkspace && location.pathname !== '/workSpace/select' ? (
            <Result status="info" title={t('sidebar.noWorkspace')} extra={<Link to="/workSpace/select">{t('login:workspace.title')}</Link>} />
          ) : (
            <Outlet key={refreshCount} />
          )}
        </Layout.Content>
      </Layout>
      <UploadPanel />
    </Layout>
  );
});

export default AppLayout;
