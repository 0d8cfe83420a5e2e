/**
 * The video pages written by hand (contract 12 §C): the video wall with its
 * rotation at /monitor/video/index and the AI alarm history at
 * /monitor/video/historyWarning. Behind the menu gate like the other menu
 * pages, loaded on demand.
 */
import { lazy } from 'react';
import { gatedPage } from '../gatedPage';
import type { RouteModule } from '../routeModule';

const VideoWallPage = lazy(() => import('../../pages/videoMonitor/VideoWallPage').then((m) => ({ default: m.VideoWallPage })));
const HistoryWarningPage = lazy(() => import('../../pages/videoMonitor/HistoryWarningPage').then((m) => ({ default: m.HistoryWarningPage })));

const routes: RouteModule = {
  layoutRoutes: [
    { path: 'monitor/video/index', element: gatedPage(<VideoWallPage />) },
    { path: 'monitor/video/historyWarning', element: gatedPage(<HistoryWarningPage />) },
  ],
};

export default routes;
