/** The code generator's pages (developer tools, platform administrator only): data sources, data models, code configurations. */
import { lazyElement } from '../lazyElement';
import type { RouteModule } from '../routeModule';

const routes: RouteModule = {
  layoutRoutes: [
    { path: 'tool/datasource', element: lazyElement(() => import('../../pages/develop/DatasourcePage').then((m) => m.DatasourcePage)) },
    { path: 'tool/model', element: lazyElement(() => import('../../pages/develop/ModelPage').then((m) => m.ModelPage)) },
    { path: 'tool/code', element: lazyElement(() => import('../../pages/develop/CodePage').then((m) => m.CodePage)) },
  ],
};

export default routes;
