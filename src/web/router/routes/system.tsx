/**
 * System pages a schema's x-page cannot declare: the system dictionaries in
 * their two layouts (the same register under two menu paths), and the
 * parameters until their schema declares the page. A path a schema declares
 * is left to schemaPages.tsx. The renderers load on demand, so the sign-in
 * page does not carry them.
 */
import { Spin } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { entityPages } from '../../../shared/generated/pageRegistry';
import type { RouteModule } from '../routeModule';

const CrudPage = lazy(() => import('../../renderers/CrudPage'));
const TreePage = lazy(() => import('../../renderers/TreePage'));

const page = (element: ReactNode) => <Suspense fallback={<Spin className="shell-loading" />}>{element}</Suspense>;

const declared = new Set(entityPages.map((entry) => entry.path.replace(/^\//, '')));

const pages: RouteObject[] = [
  { path: 'system/param', element: page(<CrudPage schemaId="system/param" />) },
  { path: 'dict-horizontal/index', element: page(<TreePage schemaId="system/dict" layout="horizontal" />) },
  { path: 'dict-vertical/index', element: page(<TreePage schemaId="system/dict" layout="vertical" />) },
];

const routes: RouteModule = {
  layoutRoutes: pages.filter((route) => !declared.has(route.path ?? '')),
};

export default routes;
