/**
 * The task centre (我的事务) and the process pages (contract 14 §7, H6): /work/start, /work/claim, /work/todo,
 * /work/send, /work/done, /work/copy, the process detail and start pages (their addresses carry one parameter
 * segment, gated by the hidden menus' paths) and 流程监控 /workflow/ops/follow. Behind the menu gate, loaded on demand.
 */
import { lazy } from 'react';
import { gatedPage } from '../gatedPage';
import { withWorkflowStrings } from '../areaPage';
import type { RouteModule } from '../routeModule';
import type { TaskListKind } from '../../pages/workflow/process/processApi';

const TaskListPage = lazy(() => withWorkflowStrings(() => import('../../pages/workflow/process/TaskListPage').then((m) => m.TaskListPage)));
const StartListPage = lazy(() => withWorkflowStrings(() => import('../../pages/workflow/process/StartListPage').then((m) => m.StartListPage)));
const ProcessDetailPage = lazy(() => withWorkflowStrings(() => import('../../pages/workflow/process/ProcessDetailPage').then((m) => m.ProcessDetailPage)));
const ProcessStartPage = lazy(() => withWorkflowStrings(() => import('../../pages/workflow/process/ProcessStartPage').then((m) => m.ProcessStartPage)));
const FollowPage = lazy(() => withWorkflowStrings(() => import('../../pages/workflow/process/FollowPage').then((m) => m.FollowPage)));

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
