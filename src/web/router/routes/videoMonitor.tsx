/**
 * The video pages written by hand (contract 12 §C, issue 15): the video wall
 * with its rotation at /monitor/video/index, a camera's detail page (PTZ,
 * snapshots, alarms) at /monitor/video/detail and the AI alarm history at
 * /monitor/video/historyWarning. Behind the menu gate like the other menu
 * pages, loaded on demand; the wall and the detail page with the video area's strings.
 */
import { lazy, type ComponentType } from 'react';
import { withAreaStrings } from '../areaPage';
import { gatedPage } from '../gatedPage';
import type { RouteModule } from '../routeModule';

const withVideoStrings = <P,>(page: () => Promise<ComponentType<P>>) => withAreaStrings(() => import('../../i18n/areas/video'), page);

const VideoWallPage = lazy(() => withVideoStrings(() => import('../../pages/videoMonitor/VideoWallPage').then((m) => m.VideoWallPage)));
const VideoDetailPage = lazy(() => withVideoStrings(() => import('../../pages/videoDetail/VideoDetailPage').then((m) => m.VideoDetailPage)));
const HistoryWarningPage = lazy(() => import('../../pages/videoMonitor/HistoryWarningPage').then((m) => ({ default: m.HistoryWarningPage })));

const routes: RouteModule = {
  layoutRoutes: [
    { path: 'monitor/video/index', element: gatedPage(<VideoWallPage />) },
    { path: 'monitor/video/detail', element: gatedPage(<VideoDetailPage />) },
    { path: 'monitor/video/historyWarning', element: gatedPage(<HistoryWarningPage />) },
  ],
};

export default routes;
