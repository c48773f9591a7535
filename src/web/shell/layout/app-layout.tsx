import { AppstoreOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Drawer, Layout, Result, Space, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { directionOf, languageOf } from '../../i18n/i18n.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { NotificationBell } from './notification-bell.tsx';
import { SideMenu } from './side-menu.tsx';
import { TabBar } from './tab-bar.tsx';
import { UploadPanel } from './upload-panel.tsx';
import { useAccessRefresh } from './use-access-refresh.ts';
import { usePageFocus } from './use-page-focus.ts';
import { useWideScreen } from './use-wide-screen.ts';
import { UserMenu } from './user-menu.tsx';
import { WorkspaceSwitch } from './workspace-switch.tsx';
import './app-layout.css';

type MenuState = 'loading' | 'ready' | 'failed';

/** The brand and the menu (or its loading and failed states), in the sidebar or the drawer. */
const SiderContent = observer(function SiderContent({ folded, menuState, onRetry }: { folded: boolean; menuState: MenuState; onRetry: () => void }) {
  const { layout } = useStores();
  const { t } = useTranslation(['layout', 'login']);
  return (
    <>
      <Link to="/home" className="app-brand" aria-label="Plinth home">
        {folded ? 'P' : 'Plinth'}
      </Link>
      {menuState === 'loading' && !layout.menuLoaded ? (
        <div className="app-sider-state" role="status">
          <Spin />
        </div>
      ) : layout.userData?.type === 'USER' && !layout.workSpace ? (
        // An ordinary user's menu is a workspace's: say so instead of showing an empty sidebar.
        <div className="app-sider-state app-sider-hint">
          {folded ? null : <p>{t('sidebar.noWorkspace')}</p>}
          <Link to="/workSpace/select" aria-label={folded ? t('sidebar.noWorkspace') : undefined}>
            {folded ? <AppstoreOutlined /> : t('login:workspace.title')}
          </Link>
        </div>
      ) : menuState === 'failed' ? (
        <div className="app-sider-state">
          <Button size="small" onClick={onRetry}>
            {t('sidebar.reloadMenu')}
          </Button>
        </div>
      ) : (
        <SideMenu collapsed={folded} />
      )}
    </>
  );
});

/**
 * The frame of every signed-in screen: sidebar menu, header, tabs, the screen, uploads.
 * Below antd's `lg` breakpoint the sidebar leaves the page and opens as a drawer from the
 * header button; wider, it shows again, folded only if the user folded it.
 */
export const AppLayout = observer(function AppLayout() {
  const stores = useStores();
  const { layout } = stores;
  const { t, i18n } = useTranslation(['layout', 'login']);
  const location = useLocation();
  const navigate = useNavigate();
  const wide = useWideScreen();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [menuState, setMenuState] = useState<MenuState>(layout.menuLoaded ? 'ready' : 'loading');
  const [refreshCount, setRefreshCount] = useState(0);
  const mainRef = useRef<HTMLElement>(null);
  usePageFocus(mainRef, location.pathname);
  // An ordinary user's menu belongs to a workspace: without one there is nothing to show yet.
  const needsWorkspace = layout.userData?.type === 'USER' && !layout.workSpace;
  useAccessRefresh(stores);

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

  // A returning user who opened the bare site goes on at the page they had on screen.
  useEffect(() => {
    const address = stores.resumeAddress && stores.takeResumeAddress();
    if (address) void navigate(address, { replace: true });
  }, [stores, stores.resumeAddress, navigate]);

  // The drawer has done its job once the user goes somewhere, and is not needed on a wide screen.
  useEffect(() => setDrawerOpen(false), [location.pathname, location.search, wide]);

  const menuShown = wide ? !layout.collapsed : drawerOpen;
  const siderContent = (folded: boolean) => <SiderContent folded={folded} menuState={menuState} onRetry={loadMenu} />;

  return (
    <Layout className="app-layout">
      {/* The first tab stop: past the menu and the header, straight to the screen. */}
      <a
        className="app-skip-link"
        href="#main-content"
        onClick={(event) => {
          event.preventDefault();
          mainRef.current?.focus();
        }}
      >
        {t('sidebar.skipToContent')}
      </a>
      {wide && (
        <Layout.Sider collapsible collapsed={layout.collapsed} trigger={null} width={232} className="app-sider">
          {siderContent(layout.collapsed)}
        </Layout.Sider>
      )}
      {!wide && (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          placement={directionOf(languageOf(i18n)) === 'rtl' ? 'right' : 'left'}
          size={264}
          closable={false}
          rootClassName="app-drawer"
          aria-label={t('sidebar.menu')}
        >
          {siderContent(false)}
        </Drawer>
      )}
      <Layout className="app-main">
        <Layout.Header className="app-header">
          <Button
            type="text"
            icon={menuShown ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
            onClick={() => {
              if (!wide) return setDrawerOpen(true);
              layout.toggleCollapsed();
              stores.persist();
            }}
            aria-label={menuShown ? t('sidebar.collapse') : t('sidebar.expand')}
            aria-expanded={menuShown}
          />
          <Space size={wide ? 'middle' : 'small'} className="app-header-tools">
            <WorkspaceSwitch />
            <NotificationBell />
            <LanguageSwitch />
            <UserMenu />
          </Space>
        </Layout.Header>
        <TabBar onRefresh={() => setRefreshCount((n) => n + 1)} />
        <Layout.Content className="app-content" id="main-content" ref={mainRef} tabIndex={-1}>
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
