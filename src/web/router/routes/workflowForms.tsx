/**
 * The workflow design pages of H5 (contract 14 §7): 表单设计 with its designer, a form's history, 部署管理 and
 * 流程统计 — hand-written, so they replace the generated pages of the same paths. Each behind the menu gate and
 * loaded on demand; the history page's address carries the form id, so its gate is the hidden menu's path.
 */
import { lazy } from 'react';
import { gatedPage } from '../gatedPage';
import { withWorkflowStrings } from '../areaPage';
import type { RouteModule } from '../routeModule';

const FormListPage = lazy(() => withWorkflowStrings(() => import('../../pages/workflow/forms/FormListPage').then((m) => m.default)));
const FormHistoryPage = lazy(() => withWorkflowStrings(() => import('../../pages/workflow/forms/FormHistoryPage').then((m) => m.default)));
const DeploymentPage = lazy(() => withWorkflowStrings(() => import('../../pages/workflow/deployment/DeploymentPage').then((m) => m.default)));
const StatisticsPage = lazy(() => withWorkflowStrings(() => import('../../pages/workflow/statistics/StatisticsPage').then((m) => m.default)));

const routes: RouteModule = {
  layoutRoutes: [
    { path: 'workflow/design/form', element: gatedPage(<FormListPage />) },
    { path: 'workflow/design/form/history/:id', element: gatedPage(<FormHistoryPage />, '/workflow/design/form/history') },
    { path: 'workflow/design/deployment', element: gatedPage(<DeploymentPage />) },
    { path: 'workflow/statistics', element: gatedPage(<StatisticsPage />) },
  ],
};

export default routes;
