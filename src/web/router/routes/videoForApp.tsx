/** /video-for-app: the mobile client's live video page, public (it authorises its calls with the token the app passes, without signing the browser in). */
import { lazyElement } from '../lazyElement';
import type { RouteModule } from '../routeModule';

const routes: RouteModule = {
  publicRoutes: [
    {
      path: '/video-for-app',
      element: lazyElement(() => import('../../pages/videoForApp/VideoForAppPage').then((m) => m.VideoForAppPage)),
      handle: { meta: { isAuth: false, isTab: false } },
    },
  ],
};

export default routes;
