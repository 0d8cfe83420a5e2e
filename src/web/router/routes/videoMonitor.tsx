/**
 * The video pages written by hand (contract 12 §C): the video wall with its
 * rotation at /monitor/video/index and the AI alarm history at
 * /monitor/video/historyWarning. Behind the menu gate like the other menu
 * pages, loaded on demand.
 */
import { Spin } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteModule } from '../routeModule';

const MenuGate = lazy(() => import('../../renderers/MenuGate').then((m) => ({ default: m.MenuGate })));
const VideoWallPage = lazy(() => import('../../pages/videoMonitor/VideoWallPage').then((m) => ({ default: m.VideoWallPage })));
const HistoryWarningPage = lazy(() => import('../../pages/videoMonitor/HistoryWarningPage').then((m) => ({ default: m.HistoryWarningPage })));

const gated = (element: ReactNode) => (
  <Suspense fallback={<Spin className="shell-loading" />}>
    <MenuGate>{element}</MenuGate>
  </Suspense>
);

const routes: RouteModule = {
  layoutRoutes: [
    { path: 'monitor/video/index', element: gated(<VideoWallPage />) },
    { path: 'monitor/video/historyWarning', element: gated(<HistoryWarningPage />) },
  ],
};

export default routes;
