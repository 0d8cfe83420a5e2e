/**
 * The console's router (platform-core §2): every area's public routes, then
 * the main layout holding every area's pages; a path granted by the menu but
 * without a page, or an unknown path, is handled by MenuRoutePage.
 */
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { landingPath } from '../config/tenantRules';
import { MenuRoutePage } from '../pages/MenuRoutePage';
import { MainLayout } from '../shell/MainLayout';
import { sessionStore } from '../stores/sessionStore';
import type { RouteModule } from './routeModule';

const modules = Object.values(import.meta.glob<{ default: RouteModule }>('./routes/*.tsx', { eager: true })).map((m) => m.default);

function Landing() {
  return <Navigate to={landingPath(sessionStore.userInfo?.tenant_id)} replace />;
}

export const router = createBrowserRouter([
  ...modules.flatMap((m) => m.publicRoutes ?? []),
  {
    path: '/',
    element: <MainLayout />,
    children: [{ index: true, element: <Landing /> }, ...modules.flatMap((m) => m.layoutRoutes ?? []), { path: '*', element: <MenuRoutePage /> }],
  },
]);
