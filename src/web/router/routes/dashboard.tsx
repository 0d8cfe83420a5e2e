/**
 * 控制台 /wel/dashboard (menu dashboard, hidden from the menu): the tenant's
 * work in charts, behind the menu gate, loaded on demand with the dashboard
 * area's strings.
 */
import { lazy } from 'react';
import { withAreaStrings } from '../areaPage';
import { gatedPage } from '../gatedPage';
import type { RouteModule } from '../routeModule';

const DashboardPage = lazy(() =>
  withAreaStrings(
    () => import('../../i18n/areas/dashboard'),
    () => import('../../pages/dashboard/DashboardPage').then((m) => m.DashboardPage),
  ),
);

const routes: RouteModule = {
  layoutRoutes: [{ path: 'wel/dashboard', element: gatedPage(<DashboardPage />) }],
};

export default routes;
