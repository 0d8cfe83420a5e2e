/**
 * 预警记录 at /monitor/warning-log (contract 13 §F): the warning log with its
 * live updates, written by hand on the generic list (the register declares no
 * x-page of its own). Behind the menu gate, loaded on demand. The limits'
 * page /monitor/index-limit is the generated CRUD page of monitor/indexLimit,
 * with its form's station, element and limit-kind pickers registered here.
 */
import { lazy } from 'react';
import { gatedPage } from '../gatedPage';
import type { RouteModule } from '../routeModule';
import '../../pages/monitor/warnings/indexLimitForm';

const WarningLogPage = lazy(() => import('../../pages/monitor/warnings/WarningLogPage'));

const routes: RouteModule = {
  layoutRoutes: [{ path: 'monitor/warning-log', element: gatedPage(<WarningLogPage />) }],
};

export default routes;
