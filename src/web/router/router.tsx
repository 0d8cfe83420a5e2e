/**
 * The console's router (platform-core §2): every area's public routes, then
 * the main layout holding every area's pages; a path granted by the menu but
 * without a page, or an unknown path, is handled by MenuRoutePage.
 */
import { createBrowserRouter } from 'react-router-dom';
import { lazyElement } from './lazyElement';
import { layoutRoutesOf, type RouteModule } from './routeModule';

const modules = Object.values(import.meta.glob<{ default: RouteModule }>('./routes/*.tsx', { eager: true })).map((m) => m.default);

/** The root is a blank page that needs a session (platform-core §2); sign-in goes straight to the tenant's landing page. */
function BlankRoot() {
  return null;
}

export const router = createBrowserRouter([
  ...modules.flatMap((m) => m.publicRoutes ?? []),
  {
    path: '/',
    element: lazyElement(() => import('../shell/MainLayout').then((m) => m.MainLayout)),
    children: [
      { index: true, element: <BlankRoot /> },
      ...layoutRoutesOf(modules),
      { path: '*', element: lazyElement(() => import('../pages/MenuRoutePage').then((m) => m.MenuRoutePage)) },
    ],
  },
]);
