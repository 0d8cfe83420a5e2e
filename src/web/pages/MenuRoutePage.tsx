/**
 * A path inside the main layout with no page of its own, resolved against
 * the user's menu routes (router/menuRoutes.ts): the map redirect, an
 * embedded external page, a register generated at run time (/generated/<code>,
 * rendered from its client schema like any register), a granted route whose
 * page is not built yet (it says so plainly), or /404 for anything else.
 */
import { Result, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { menuLabel, resolveMenuPath } from '../router/menuRoutes';
import { IframePage } from '../shell/IframePage';
import { navigationStore } from '../shell/navigationStore';

const CrudPage = lazy(() => import('../renderers/CrudPage'));
/** Pages of the code generator's runtime registers: the schema id is the path's (generated/<code>). */
const GENERATED_PAGE = /^\/generated\/([a-z][a-z0-9]{0,40})$/;

export const MenuRoutePage = observer(function MenuRoutePage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  // Until the menus of this page load are in, a path cannot be judged: never call it a 404 early.
  if (!navigationStore.isReady) return <Spin className="shell-loading" />;
  const resolution = resolveMenuPath(navigationStore.routeMenus, location.pathname);
  if (resolution.kind === 'redirect') return <Navigate to={resolution.to} replace />;
  if (resolution.kind === 'iframe') return <IframePage />;
  if (resolution.kind === 'notFound') return <Navigate to="/404" replace />;
  const generated = GENERATED_PAGE.exec(resolution.route.path);
  if (generated) {
    return (
      <Suspense fallback={<Spin className="shell-loading" />}>
        <CrudPage key={generated[1]} schemaId={`generated/${generated[1]}`} />
      </Suspense>
    );
  }
  return <Result status="info" title={menuLabel(resolution.route.menu, i18n.language)} subTitle={t('errors.pending')} data-testid="menu-route-pending" />;
});
