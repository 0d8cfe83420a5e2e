/** Single sign-on routes: the three edition pages, public (not gated by the guard); they load on demand. */
import { lazyElement } from '../lazyElement';
import type { RouteModule } from '../routeModule';

const edition = (name: 'sk' | 'Hh' | 'Jz') =>
  lazyElement(() => import('../../pages/sso/SingleSignOnPage').then((m) => () => <m.SingleSignOnPage key={name} edition={name} />));

const routes: RouteModule = {
  publicRoutes: [
    { path: '/singleloginsk', element: edition('sk') },
    { path: '/singleloginHh', element: edition('Hh') },
    { path: '/singleloginJz', element: edition('Jz') },
  ],
};

export default routes;
