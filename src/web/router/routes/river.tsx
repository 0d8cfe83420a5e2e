/**
 * River patrol (business-domain §2): the hand-written detail page (the track on the offline map) replaces the
 * generic one at /river/inspect/detail; the list at /river/inspect/index is the register's generated page.
 * /river/trajectory redirects to the list and shows no page.
 */
import { lazy } from 'react';
import { Navigate } from 'react-router-dom';
import { withAreaStrings } from '../areaPage';
import { gatedPage } from '../gatedPage';
import type { RouteModule } from '../routeModule';

const PatrolDetailPage = lazy(() =>
  withAreaStrings(
    () => import('../../i18n/areas/river'),
    () => import('../../pages/river/PatrolDetailPage').then((m) => m.PatrolDetailPage),
  ),
);

const routes: RouteModule = {
  layoutRoutes: [
    { path: 'river/inspect/detail', element: gatedPage(<PatrolDetailPage />) },
    { path: 'river/trajectory', element: <Navigate to="/river/inspect/index" replace /> },
  ],
};

export default routes;
