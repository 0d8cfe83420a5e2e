/** Core routes: sign-in, error pages, the workbench. Only the sign-in page is part of the first download. */
import { LoginPage } from '../../pages/login/LoginPage';
import { lazyElement } from '../lazyElement';
import type { RouteModule } from '../routeModule';

const errorPage = (status: 404 | 403 | 500) => lazyElement(() => import('../../pages/errors/ErrorPage').then((m) => () => <m.ErrorPage status={status} />));

const routes: RouteModule = {
  publicRoutes: [
    { path: '/login', element: <LoginPage /> },
    { path: '/404', element: errorPage(404) },
    { path: '/403', element: errorPage(403) },
    { path: '/500', element: errorPage(500) },
  ],
  layoutRoutes: [{ path: 'wel/index', element: lazyElement(() => import('../../pages/wel/WelcomePage').then((m) => m.WelcomePage)) }],
};

export default routes;
