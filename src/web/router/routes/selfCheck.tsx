/** /test/index: the self-check page (behind its menu, like every page the menus grant). */
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { RouteModule } from '../routeModule';

const SelfCheckPage = lazy(() => import('../../pages/selfCheck/SelfCheckPage').then((m) => ({ default: m.SelfCheckPage })));
const MenuGate = lazy(() => import('../../renderers/MenuGate').then((m) => ({ default: m.MenuGate })));

const routes: RouteModule = {
  layoutRoutes: [
    {
      path: 'test/index',
      element: (
        <Suspense fallback={<Spin className="shell-loading" />}>
          <MenuGate>
            <SelfCheckPage />
          </MenuGate>
        </Suspense>
      ),
    },
  ],
};

export default routes;
