/**
 * Big screens of the screen core (contract 15 §B): full-screen public routes outside the main layout and its
 * auth gate — the page itself shows the "open it from the console" page without a screen token (ScreenFrame).
 */
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { withScreenStrings } from '../../screens/screenPage';
import type { RouteModule } from '../routeModule';

const InspectionScreen = lazy(() => withScreenStrings(() => import('../../pages/screens/inspection/InspectionScreen').then((m) => m.InspectionScreen)));

const routes: RouteModule = {
  publicRoutes: [
    {
      path: '/big-screen/inspection',
      element: (
        <Suspense fallback={<Spin className="shell-loading" />}>
          <InspectionScreen />
        </Suspense>
      ),
    },
  ],
};

export default routes;
