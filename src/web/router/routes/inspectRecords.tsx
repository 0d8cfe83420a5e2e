/** The statistics ledger (hand-written: a view over the records, not a register); loads on demand. */
import { lazyElement } from '../lazyElement';
import type { RouteModule } from '../routeModule';

const routes: RouteModule = {
  layoutRoutes: [{ path: 'statistics/index', element: lazyElement(() => import('../../pages/inspect/RecordLedgerPage').then((m) => m.RecordLedgerPage)) }],
};

export default routes;
