/**
 * The leave pages (contract 14 §7, H7): my leaves at /work/leave, the
 * application form, the approval page and the detail page — their addresses
 * carry ids, so each is gated by its hidden menu's path. Loaded on demand
 * (the diagram's bpmn-js only inside the process components).
 */
import { lazy } from 'react';
import { gatedPage } from '../gatedPage';
import type { RouteModule } from '../routeModule';

const LeaveListPage = lazy(() => import('../../pages/workflow/leave/LeaveListPage'));
const LeaveFormPage = lazy(() => import('../../pages/workflow/leave/LeaveFormPage'));
const LeaveHandlePage = lazy(() => import('../../pages/workflow/leave/LeaveHandlePage'));
const LeaveDetailPage = lazy(() => import('../../pages/workflow/leave/LeaveDetailPage'));

const routes: RouteModule = {
  layoutRoutes: [
    { path: 'work/leave', element: gatedPage(<LeaveListPage />) },
    { path: 'work/process/leave/form/:processDefinitionId', element: gatedPage(<LeaveFormPage />, '/work/process/leave/form') },
    { path: 'work/process/leave/handle/:taskId/:processInstanceId/:businessId', element: gatedPage(<LeaveHandlePage />, '/work/process/leave/handle') },
    { path: 'work/process/leave/detail/:processInstanceId/:businessId', element: gatedPage(<LeaveDetailPage />, '/work/process/leave/detail') },
  ],
};

export default routes;
