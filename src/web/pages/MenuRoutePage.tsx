/**
 * A path inside the main layout with no page of its own, resolved against
 * the user's menu routes (router/menuRoutes.ts): the map redirect, an
 * embedded external page, a granted route whose page is not built yet (it
 * says so plainly), or /404 for anything else.
 */
import { Result, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { menuLabel, resolveMenuPath } from '../router/menuRoutes';
import { IframePage } from '../shell/IframePage';
import { navigationStore } from '../shell/navigationStore';

export const MenuRoutePage = observer(function MenuRoutePage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  // Until the menus of this page load are in, a path cannot be judged: never call it a 404 early.
  if (!navigationStore.isReady) return <Spin className="shell-loading" />;
  const resolution = resolveMenuPath(navigationStore.routeMenus, location.pathname);
  if (resolution.kind === 'redirect') return <Navigate to={resolution.to} replace />;
  if (resolution.kind === 'iframe') return <IframePage />;
  if (resolution.kind === 'notFound') return <Navigate to="/404" replace />;
  return <Result status="info" title={menuLabel(resolution.route.menu, i18n.language)} subTitle={t('errors.pending')} data-testid="menu-route-pending" />;
});
