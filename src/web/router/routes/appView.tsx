/** /appView: the mini-program's web view, public (it starts its own session from the token it is given). */
import { lazyElement } from '../lazyElement';
import type { RouteModule } from '../routeModule';

const routes: RouteModule = {
  publicRoutes: [
    {
      path: '/appView',
      element: lazyElement(() => import('../../pages/appView/AppViewPage').then((m) => m.AppViewPage)),
      handle: { meta: { isAuth: false, isTab: false } },
    },
  ],
};

export default routes;
