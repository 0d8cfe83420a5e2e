/**
 * The main layout and its guard: a locked session goes to /lock, no token
 * goes to /login (platform-core §2 guard steps 2–3); menus load once per
 * session; the side menu is hidden on the full-width pages.
 */
import { Layout, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { website } from '../config/website';
import { sessionStore } from '../stores/sessionStore';
import { hidesSideMenu } from './menuTree';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';
import './shell.css';

const SIDEBAR_WIDTH = 124;
const SIDEBAR_COLLAPSED_WIDTH = 60;

export const MainLayout = observer(function MainLayout() {
  const location = useLocation();
  const [isCollapsed, setCollapsed] = useState(false);
  const [isLoadingMenus, setLoadingMenus] = useState(sessionStore.menus.length === 0);

  useEffect(() => {
    if (!sessionStore.isSignedIn || sessionStore.menus.length > 0) return;
    sessionStore.loadMenus().finally(() => setLoadingMenus(false));
  }, []);

  if (sessionStore.isSignedIn && sessionStore.isLocked) return <Navigate to={website.lockPage} replace />;
  if (!sessionStore.isSignedIn) return <Navigate to="/login" replace />;

  const isFullWidth = hidesSideMenu(location.pathname);
  return (
    <Layout className="shell">
      <TopBar isCollapsed={isCollapsed} onToggleCollapse={isFullWidth ? undefined : () => setCollapsed((value) => !value)} />
      <Layout>
        {!isFullWidth && (
          <Layout.Sider width={SIDEBAR_WIDTH} collapsedWidth={SIDEBAR_COLLAPSED_WIDTH} collapsed={isCollapsed} className="shell-side" trigger={null}>
            <SideMenu isCollapsed={isCollapsed} />
          </Layout.Sider>
        )}
        <Layout.Content className="shell-content">{isLoadingMenus ? <Spin className="shell-loading" /> : <Outlet />}</Layout.Content>
      </Layout>
    </Layout>
  );
});
