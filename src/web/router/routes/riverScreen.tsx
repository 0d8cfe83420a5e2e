/**
 * 河长智慧大屏 (/river-big-screen/index): a full-screen public route outside the main layout and its auth gate —
 * the frame shows the "open it from the console" page without a screen token (contract 15 §B).
 */
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { withScreenStrings } from '../../screens/screenPage';
import type { RouteModule } from '../routeModule';

const RiverScreen = lazy(() =>
  withScreenStrings(
    () => import('../../screens/river/RiverScreen').then((m) => m.RiverScreen),
    () => import('../../i18n/areas/riverScreen'),
  ),
);

const routes: RouteModule = {
  publicRoutes: [
    {
      path: '/river-big-screen/index',
      element: (
        <Suspense fallback={<Spin className="shell-loading" />}>
          <RiverScreen />
        </Suspense>
      ),
    },
  ],
};

export default routes;
