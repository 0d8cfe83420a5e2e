/** Single sign-on routes: the three edition pages, public (not gated by the guard). */
import { SingleSignOnPage } from '../../pages/sso/SingleSignOnPage';
import type { RouteModule } from '../routeModule';

const routes: RouteModule = {
  publicRoutes: [
    { path: '/singleloginsk', element: <SingleSignOnPage key="sk" edition="sk" /> },
    { path: '/singleloginHh', element: <SingleSignOnPage key="Hh" edition="Hh" /> },
    { path: '/singleloginJz', element: <SingleSignOnPage key="Jz" edition="Jz" /> },
  ],
};

export default routes;
