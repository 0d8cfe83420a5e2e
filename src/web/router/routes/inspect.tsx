/**
 * Inspection, maintenance and cleaning pages written by hand: the one
 * item-group editor serving the add and edit routes of all three kinds
 * (business-domain §2). It loads on demand.
 */
import { lazyElement } from '../lazyElement';
import type { RouteModule } from '../routeModule';
import type { SetupKind } from '../../pages/inspect/itemGroupEditorLogic';
import '../../pages/inspect/actionComponents';

const editor = (kind: SetupKind) =>
  lazyElement(() => import('../../pages/inspect/ItemGroupEditorPage').then((m) => () => <m.ItemGroupEditorPage kind={kind} />));

const routes: RouteModule = {
  layoutRoutes: [
    { path: 'inspect/inspectMgr/add-inspect-items', element: editor('inspect') },
    { path: 'inspect/inspectMgr/edit-inspect-items', element: editor('inspect') },
    { path: 'maintain/maintainMgr/add-maintain-items', element: editor('maintain') },
    { path: 'maintain/maintainMgr/edit-maintain-items', element: editor('maintain') },
    { path: 'clean/cleanMgr/add-clean-items', element: editor('clean') },
    { path: 'clean/cleanMgr/edit-clean-items', element: editor('clean') },
  ],
};

export default routes;
