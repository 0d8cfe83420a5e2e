/** /test/index: the self-check page (behind its menu, like every page the menus grant). */
import { lazy } from 'react';
import { gatedPage } from '../gatedPage';
import type { RouteModule } from '../routeModule';

const SelfCheckPage = lazy(() => import('../../pages/selfCheck/SelfCheckPage').then((m) => ({ default: m.SelfCheckPage })));

const routes: RouteModule = {
  layoutRoutes: [
    {
      path: 'test/index',
      element: gatedPage(<SelfCheckPage />),
    },
  ],
};

export default routes;
