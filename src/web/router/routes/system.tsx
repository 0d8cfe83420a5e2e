/**
 * System administration pages rendered from entity schemas: parameters as a
 * CRUD page, dictionaries as a parent/child tree page in two layouts. The
 * renderers load on demand, so the sign-in page does not carry them.
 */
import { Spin } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteModule } from '../routeModule';

const CrudPage = lazy(() => import('../../renderers/CrudPage'));
const TreePage = lazy(() => import('../../renderers/TreePage'));

const page = (element: ReactNode) => <Suspense fallback={<Spin className="shell-loading" />}>{element}</Suspense>;

const routes: RouteModule = {
  layoutRoutes: [
    { path: 'system/param', element: page(<CrudPage schemaId="system/param" />) },
    { path: 'dict-horizontal/index', element: page(<TreePage schemaId="system/dict" layout="horizontal" />) },
    { path: 'dict-vertical/index', element: page(<TreePage schemaId="system/dict" layout="vertical" />) },
  ],
};

export default routes;
