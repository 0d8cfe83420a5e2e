/**
 * The task centre (我的事务) and the process pages (contract 14 §7, H6): /work/start, /work/claim, /work/todo,
 * /work/send, /work/done, /work/copy, the process detail and start pages (their addresses carry one parameter
 * segment, gated by the hidden menus' paths) and 流程监控 /workflow/ops/follow. Behind the menu gate, loaded on demand.
 */
import { lazy } from 'react';
import { gatedPage } from '../gatedPage';
import type { RouteModule } from '../routeModule';
import type { TaskListKind } from '../../pages/workflow/process/processApi';

const TaskListPage = lazy(() => import('../../pages/workflow/process/TaskListPage').then((m) => ({ default: m.TaskListPage })));
const StartListPage = lazy(() => import('../../pages/workflow/process/StartListPage').then((m) => ({ default: m.StartListPage })));
const ProcessDetailPage = lazy(() => import('../../pages/workflow/process/ProcessDetailPage').then((m) => ({ default: m.ProcessDetailPage })));
const ProcessStartPage = lazy(() => import('../../pages/workflow/process/ProcessStartPage').then((m) => ({ default: m.ProcessStartPage })));
const FollowPage = lazy(() => import('../../pages/workflow/process/FollowPage').then((m) => ({ default: m.FollowPage })));

const TASK_LISTS: TaskListKind[] = ['claim', 'todo', 'send', 'done', 'copy'];

const routes: RouteModule = {
  layoutRoutes: [
    { path: 'work/start', element: gatedPage(<StartListPage />) },
    // One page per list; the key makes switching tabs between two lists start each afresh.
    ...TASK_LISTS.map((kind) => ({ path: `work/${kind}`, element: gatedPage(<TaskListPage key={kind} kind={kind} />) })),
    { path: 'workflow/process/detail/:params', element: gatedPage(<ProcessDetailPage />, '/workflow/process/detail') },
    { path: 'workflow/process/start/:params', element: gatedPage(<ProcessStartPage />, '/workflow/process/start') },
    { path: 'workflow/ops/follow', element: gatedPage(<FollowPage />) },
  ],
};

export default routes;
