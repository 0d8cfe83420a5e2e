/** Shell routes: the lock page (outside the layout), personal info and embedded external pages (inside it; public). */
import { lazyElement } from '../lazyElement';
import type { RouteModule } from '../routeModule';

const infoPage = () => lazyElement(() => import('../../pages/info/InfoPage').then((m) => m.InfoPage));

const routes: RouteModule = {
  publicRoutes: [
    {
      path: '/lock',
      element: lazyElement(() => import('../../pages/lock/LockPage').then((m) => m.LockPage)),
      handle: { meta: { isAuth: false, isTab: false } },
    },
  ],
  layoutRoutes: [
    { path: 'info/index', element: infoPage(), handle: { meta: { i18n: 'shell.info.title' } } },
    { path: 'userInfo', element: infoPage(), handle: { meta: { i18n: 'shell.info.title' } } },
    { path: 'securitySetting', element: infoPage(), handle: { meta: { i18n: 'shell.info.passwordTab' } } },
    // Public (platform-core §2): without a session it embeds only an external menu item's address.
    {
      path: 'myiframe/:routerPath',
      element: lazyElement(() => import('../../shell/IframePage').then((m) => m.IframePage)),
      handle: { meta: { isAuth: false } },
    },
  ],
};

export default routes;
