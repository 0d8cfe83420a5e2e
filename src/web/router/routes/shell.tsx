/** Shell routes: the lock page (outside the layout), personal info and embedded external pages (inside it). */
import { lazyElement } from '../lazyElement';
import type { RouteModule } from '../routeModule';

const infoPage = () => lazyElement(() => import('../../pages/info/InfoPage').then((m) => m.InfoPage));

const routes: RouteModule = {
  publicRoutes: [{ path: '/lock', element: lazyElement(() => import('../../pages/lock/LockPage').then((m) => m.LockPage)), handle: { meta: { isAuth: false, isTab: false } } }],
  layoutRoutes: [
    { path: 'info/index', element: infoPage(), handle: { meta: { i18n: 'shell.info.title' } } },
    { path: 'userInfo', element: infoPage(), handle: { meta: { i18n: 'shell.info.title' } } },
    { path: 'securitySetting', element: infoPage(), handle: { meta: { i18n: 'shell.info.passwordTab' } } },
    { path: 'myiframe/:routerPath', element: lazyElement(() => import('../../shell/IframePage').then((m) => m.IframePage)) },
  ],
};

export default routes;
