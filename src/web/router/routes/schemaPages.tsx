/**
 * The pages schemas declare (x-page, gathered by codegen into pageRegistry):
 * each menu path renders its register as a CRUD page (with the side filter
 * tree when declared; a register listed as a tree shows as one) or, for
 * layout tree, as a parent list with its child tree when the register has
 * one (dictionaries), else as its tree of records — for users whose menus
 * hold the path. A register's detail page and full-page add / edit forms
 * (x-page detail, form) are routes of their own, behind the same gate (their
 * hidden menus). Hand-written action dialogs and form widgets register
 * themselves by name for the renderers to find. The renderers load on
 * demand, so the sign-in page does not carry them.
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { entityPages, type EntityPage } from '../../../shared/generated/pageRegistry';
import { gatedPage } from '../gatedPage';
import type { RouteModule } from '../routeModule';
import '../../pages/system/actionComponents';

const CrudPage = lazy(() => import('../../renderers/CrudPage'));
const TreeLayoutPage = lazy(() => import('../../renderers/TreeLayoutPage'));
const DetailPage = lazy(() => import('../../renderers/DetailPage'));
const EntityFormPage = lazy(() => import('../../renderers/EntityFormPage'));

/** Loaded on demand, and only for a user whose menus hold the path. */
const page = gatedPage;

const routePath = (path: string) => path.replace(/^\//, '');

/**
 * The list page, its views (x-page.views: the same register listed through another binding with its own buttons),
 * then the detail page and the form page(s) a register declares (add and edit may share one path). Every list page
 * of a register opens the one detail page.
 */
function routesOf(entry: EntityPage): RouteObject[] {
  const list =
    entry.layout === 'tree' ? (
      <TreeLayoutPage key={entry.schemaId} schemaId={entry.schemaId} />
    ) : (
      <CrudPage key={entry.path} schemaId={entry.schemaId} filterTree={entry.filterTree} listBinding={entry.list} pagePermissions={entry.permissions} />
    );
  const routes: RouteObject[] = [{ path: routePath(entry.path), element: page(list) }];
  for (const view of entry.views ?? []) {
    const viewPage = (
      <CrudPage key={view.path} schemaId={entry.schemaId} filterTree={entry.filterTree} listBinding={view.list} pagePermissions={view.permissions} />
    );
    routes.push({ path: routePath(view.path), element: page(viewPage) });
  }
  if (entry.detail) routes.push({ path: routePath(entry.detail.path), element: page(<DetailPage key={entry.schemaId} schemaId={entry.schemaId} />) });
  for (const path of new Set(entry.form ? [entry.form.add, entry.form.edit] : [])) {
    routes.push({ path: routePath(path), element: page(<EntityFormPage key={`${entry.schemaId}:${path}`} schemaId={entry.schemaId} />) });
  }
  return routes;
}

const routes: RouteModule = {
  layoutRoutes: entityPages.flatMap(routesOf),
  isGenerated: true,
};

export default routes;
