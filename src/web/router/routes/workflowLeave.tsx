/**
 * The leave pages (contract 14 §7, H7): my leaves at /work/leave, the
 * application form, the approval page and the detail page — their addresses
 * carry ids, so each is gated by its hidden menu's path. Loaded on demand
 * (the diagram's bpmn-js only inside the process components).
 */
import { lazy } from 'react';
import { gatedPage } from '../gatedPage';
import { withWorkflowStrings } from '../areaPage';
import type { RouteModule } from '../routeModule';

const LeaveListPage = lazy(() => withWorkflowStrings(() => import('../../pages/workflow/leave/LeaveListPage').then((m) => m.default)));
const LeaveFormPage = lazy(() => withWorkflowStrings(() => import('../../pages/workflow/leave/LeaveFormPage').then((m) => m.default)));
const LeaveHandlePage = lazy(() => withWorkflowStrings(() => import('../../pages/workflow/leave/LeaveHandlePage').then((m) => m.default)));
const LeaveDetailPage = lazy(() => withWorkflowStrings(() => import('../../pages/workflow/leave/LeaveDetailPage').then((m) => m.default)));

const routes: RouteModule = {
  layoutRoutes: [
    { path: 'work/leave', element: gatedPage(<LeaveListPage />) },
    { path: 'work/process/leave/form/:processDefinitionId', element: gatedPage(<LeaveFormPage />, '/work/process/leave/form') },
    { path: 'work/process/leave/handle/:taskId/:processInstanceId/:businessId', element: gatedPage(<LeaveHandlePage />, '/work/process/leave/handle') },
    { path: 'work/process/leave/detail/:processInstanceId/:businessId', element: gatedPage(<LeaveDetailPage />, '/work/process/leave/detail') },
  ],
};

export default routes;
