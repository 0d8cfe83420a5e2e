/**
 * The system area's hand-written dialogs and form widgets, by the names the
 * schemas use (ui.component) and by register: what a generic form cannot
 * express. Each loads when first opened.
 */
import { lazy } from 'react';
import { registerActionComponents } from '../../renderers/actionComponents';
import { registerFormExtensions } from '../../renderers/formExtensions';

registerActionComponents({
  RoleGrant: lazy(() => import('./RoleGrantDialog')),
  TopMenuGrant: lazy(() => import('./TopMenuGrantDialog')),
  AssignUsers: lazy(() => import('./AssignUsersDialog')),
  ExcelImport: lazy(() => import('../../renderers/ImportDialog')),
});

registerFormExtensions({
  // platform-core §9: the tenant package dialog is 600 px; its menus are chosen in the menu grant tree.
  'system/tenantPackage': { dialogWidth: 600, widgets: { menuId: lazy(() => import('./MenuGrantTreeSelect')) } },
});
