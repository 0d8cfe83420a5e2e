/**
 * The event pages written by hand (business-domain §2, contract 12 §B): the
 * event's detail at /event/detail and /inspect/inspectEvent/detail, and the
 * notice targets /order/info/detail (the work-order view) and
 * /province/detail (the public-sentiment view). Behind the menu gate like
 * the schema pages (their hidden menus), loaded on demand. A hand-written
 * page replaces the generated one of the same path (routeModule.ts
 * layoutRoutesOf), so /event/detail is this page rather than the generic
 * detail of the register's x-page.
 */
import { lazy } from 'react';
import { gatedPage } from '../gatedPage';
import type { RouteModule } from '../routeModule';

const EventDetailPage = lazy(() => import('../../pages/event/EventDetailPage').then((m) => ({ default: m.EventDetailPage })));
const WorkOrderPage = lazy(() => import('../../pages/event/WorkOrderPage').then((m) => ({ default: m.WorkOrderPage })));
const PublicReportPage = lazy(() => import('../../pages/event/PublicReportPage').then((m) => ({ default: m.PublicReportPage })));

const routes: RouteModule = {
  layoutRoutes: [
    { path: 'event/detail', element: gatedPage(<EventDetailPage />) },
    { path: 'inspect/inspectEvent/detail', element: gatedPage(<EventDetailPage />) },
    { path: 'order/info/detail', element: gatedPage(<WorkOrderPage />) },
    { path: 'province/detail', element: gatedPage(<PublicReportPage />) },
  ],
};

export default routes;
