/** Core routes: sign-in, error pages, the workbench. */
import { ErrorPage } from '../../pages/errors/ErrorPage';
import { LoginPage } from '../../pages/login/LoginPage';
import { lazyElement } from '../lazyElement';
import type { RouteModule } from '../routeModule';

const routes: RouteModule = {
  publicRoutes: [
    { path: '/login', element: <LoginPage /> },
    { path: '/404', element: <ErrorPage status={404} /> },
    { path: '/403', element: <ErrorPage status={403} /> },
    { path: '/500', element: <ErrorPage status={500} /> },
  ],
  layoutRoutes: [{ path: 'wel/index', element: lazyElement(() => import('../../pages/wel/WelcomePage').then((m) => m.WelcomePage)) }],
};

export default routes;
