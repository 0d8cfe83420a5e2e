/**
 * 水库一张图 (/one-picture/index) and the map supervision views (/map/province, /map/county): inside the main layout
 * (the shell hides the side menu on /one-picture), behind the menu gate, loaded on demand with the onePicture
 * strings. /map/monitor opens in a new window (menu isOpen 2) and fills it: outside the layout, with the session
 * and the menu gate checked by the page's window itself (pages/onePicture/MonitorMapWindow). /map itself is the
 * menu's redirect to /map/province (router/menuRoutes.ts mapRoutes).
 */
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { withAreaStrings } from '../areaPage';
import { gatedPage } from '../gatedPage';
import type { RouteModule } from '../routeModule';

const area = () => import('../../i18n/areas/onePicture');
const OnePicturePage = lazy(() => withAreaStrings(area, () => import('../../pages/onePicture/OnePicturePage').then((m) => m.OnePicturePage)));
const SentimentRoute = lazy(() => withAreaStrings(area, () => import('../../pages/onePicture/SentimentRoute').then((m) => m.SentimentRoute)));
const MonitorMapWindow = lazy(() => withAreaStrings(area, () => import('../../pages/onePicture/MonitorMapWindow').then((m) => m.MonitorMapWindow)));

/** The sentiment routes gate themselves (they may first send the user on to the other view). */
const sentiment = (view: 'province' | 'county') => (
  <Suspense fallback={<Spin className="shell-loading" />}>
    <SentimentRoute view={view} />
  </Suspense>
);

const routes: RouteModule = {
  publicRoutes: [
    {
      path: '/map/monitor',
      element: (
        <Suspense fallback={<Spin className="shell-loading" />}>
          <MonitorMapWindow />
        </Suspense>
      ),
      handle: { meta: { isTab: false, menu: false } },
    },
  ],
  layoutRoutes: [
    { path: 'one-picture/index', element: gatedPage(<OnePicturePage />) },
    { path: 'map/province', element: sentiment('province') },
    { path: 'map/county', element: sentiment('county') },
  ],
};

export default routes;
