/** The console's routes (platform-core §2): public pages, then the main layout with menu-driven pages. */
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { landingPath } from '../config/tenantRules';
import { ErrorPage } from '../pages/errors/ErrorPage';
import { LoginPage } from '../pages/login/LoginPage';
import { MenuRoutePage } from '../pages/MenuRoutePage';
import { WelcomePage } from '../pages/wel/WelcomePage';
import { MainLayout } from '../shell/MainLayout';
import { sessionStore } from '../stores/sessionStore';

function Landing() {
  return <Navigate to={landingPath(sessionStore.userInfo?.tenant_id)} replace />;
}

export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  { path: '/404', element: <ErrorPage status={404} /> },
  { path: '/403', element: <ErrorPage status={403} /> },
  { path: '/500', element: <ErrorPage status={500} /> },
  {
    path: '/',
    element: <MainLayout />,
    children: [
      { index: true, element: <Landing /> },
      { path: 'wel/index', element: <WelcomePage /> },
      { path: '*', element: <MenuRoutePage /> },
    ],
  },
]);
