/**
 * The four reservoir-management matrix screens (menu screen_matrix, 003189's big screen): public full-screen routes
 * outside the main layout (ScreenFrame shows the "open it from the console" page without a screen token), and
 * /show-big-screen/index redirecting to 四全 with the address fragment (the screen token) kept.
 */
import { Spin } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { withScreenStrings } from '../../screens/screenPage';
import type { RouteModule } from '../routeModule';

const area = () => import('../../i18n/areas/matrixScreens');
const SiquanScreen = lazy(() => withScreenStrings(() => import('../../screens/matrix/SiquanScreen').then((m) => m.SiquanScreen), area));
const SizhiScreen = lazy(() => withScreenStrings(() => import('../../screens/matrix/SizhiScreen').then((m) => m.SizhiScreen), area));
const SiyuScreen = lazy(() => withScreenStrings(() => import('../../screens/matrix/SiyuScreen').then((m) => m.SiyuScreen), area));
const SiguanScreen = lazy(() => withScreenStrings(() => import('../../screens/matrix/SiguanScreen').then((m) => m.SiguanScreen), area));

function MatrixIndex() {
  const { hash, search } = useLocation();
  return <Navigate to={{ pathname: '/show-big-screen/siquan/index', search, hash }} replace />;
}

const page = (element: ReactNode) => <Suspense fallback={<Spin className="shell-loading" />}>{element}</Suspense>;

const routes: RouteModule = {
  publicRoutes: [
    { path: '/show-big-screen/index', element: <MatrixIndex /> },
    { path: '/show-big-screen/siquan/index', element: page(<SiquanScreen />) },
    { path: '/show-big-screen/sizhi/index', element: page(<SizhiScreen />) },
    { path: '/show-big-screen/siyu/index', element: page(<SiyuScreen />) },
    { path: '/show-big-screen/siguan/index', element: page(<SiguanScreen />) },
  ],
};

export default routes;
