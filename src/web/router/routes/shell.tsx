/** Shell routes: the lock page (outside the layout), personal info and embedded external pages (inside it). */
import { InfoPage } from '../../pages/info/InfoPage';
import { LockPage } from '../../pages/lock/LockPage';
import { IframePage } from '../../shell/IframePage';
import type { RouteModule } from '../routeModule';

const routes: RouteModule = {
  publicRoutes: [{ path: '/lock', element: <LockPage />, handle: { meta: { isAuth: false, isTab: false } } }],
  layoutRoutes: [
    { path: 'info/index', element: <InfoPage />, handle: { meta: { i18n: 'shell.info.title' } } },
    { path: 'userInfo', element: <InfoPage />, handle: { meta: { i18n: 'shell.info.title' } } },
    { path: 'securitySetting', element: <InfoPage />, handle: { meta: { i18n: 'shell.info.passwordTab' } } },
    { path: 'myiframe/:routerPath', element: <IframePage /> },
  ],
};

export default routes;
