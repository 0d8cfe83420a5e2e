/**
 * The pages schemas declare (x-page, gathered by codegen into pageRegistry):
 * each menu path renders its register as a CRUD page (with the side filter
 * tree when declared; a register listed as a tree shows as one) or, for
 * layout tree, as a parent list with its child tree when the register has
 * one (dictionaries), else as its tree of records — for users whose menus
 * hold the path. Hand-written action dialogs and form widgets register
 * themselves by name for the renderers to find. The renderers load on
 * demand, so the sign-in page does not carry them.
 */
import { Spin } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { entityPages, type EntityPage } from '../../../shared/generated/pageRegistry';
import type { RouteModule } from '../routeModule';
import '../../pages/system/actionComponents';

const CrudPage = lazy(() => import('../../renderers/CrudPage'));
const TreeLayoutPage = lazy(() => import('../../renderers/TreeLayoutPage'));

const MenuGate = lazy(() => import('../../renderers/MenuGate').then((m) => ({ default: m.MenuGate })));

/** Loaded on demand, and only for a user whose menus hold the path. */
const page = (element: ReactNode) => (
  <Suspense fallback={<Spin className="shell-loading" />}>
    <MenuGate>{element}</MenuGate>
  </Suspense>
);

function routeOf(entry: EntityPage): RouteObject {
  const element =
    entry.layout === 'tree' ? (
      <TreeLayoutPage key={entry.schemaId} schemaId={entry.schemaId} />
    ) : (
      <CrudPage key={entry.schemaId} schemaId={entry.schemaId} filterTree={entry.filterTree} />
    );
  return { path: entry.path.replace(/^\//, ''), element: page(element) };
}

const routes: RouteModule = {
  layoutRoutes: entityPages.map(routeOf),
};

export default routes;
