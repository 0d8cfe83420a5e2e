/**
 * The process designer's pages (contract 14 §7, H4): the model list at /workflow/design/model (in place of a
 * generated page), the designer at /workflow/design/process/:id and a model's versions at
 * /workflow/design/model/history/:id. Behind the menu gate (the parameterised pages by their hidden menus'
 * paths); bpmn-js loads only with these pages.
 */
import { lazy } from 'react';
import { gatedPage } from '../gatedPage';
import { withWorkflowStrings } from '../areaPage';
import type { RouteModule } from '../routeModule';

const ModelListPage = lazy(() => withWorkflowStrings(() => import('../../pages/workflow/design/ModelListPage').then((m) => m.ModelListPage)));
const DesignerPage = lazy(() => withWorkflowStrings(() => import('../../pages/workflow/design/DesignerPage').then((m) => m.DesignerPage)));
const ModelHistoryPage = lazy(() => withWorkflowStrings(() => import('../../pages/workflow/design/ModelHistoryPage').then((m) => m.ModelHistoryPage)));

const routes: RouteModule = {
  layoutRoutes: [
    { path: 'workflow/design/model', element: gatedPage(<ModelListPage />) },
    { path: 'workflow/design/process/:id', element: gatedPage(<DesignerPage />, '/workflow/design/process') },
    { path: 'workflow/design/model/history/:id', element: gatedPage(<ModelHistoryPage />, '/workflow/design/model/history') },
  ],
};

export default routes;
