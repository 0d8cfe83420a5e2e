/**
 * A schema page exists for a user only when their menus hold its path (as
 * SpringBlade's routes come from the menus): until the menus are in it
 * waits, and a path the roles do not grant goes to /404 instead of a page
 * whose every call the server refuses. A page whose address carries
 * parameters (/workflow/process/detail/:params) names the menu path that
 * grants it (`menuPath`, a hidden menu item of that path).
 */
import { Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { resolveMenuPath } from '../router/menuRoutes';
import { navigationStore } from '../shell/navigationStore';

export const MenuGate = observer(function MenuGate({ children, menuPath }: { children: ReactNode; menuPath?: string }) {
  const location = useLocation();
  if (!navigationStore.isReady) return <Spin className="shell-loading" />;
  const resolution = resolveMenuPath(navigationStore.routeMenus, menuPath ?? location.pathname);
  return resolution.kind === 'page' ? <>{children}</> : <Navigate to="/404" replace />;
});
