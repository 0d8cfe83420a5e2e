/**
 * Flattens the menu seed into rows (parents before children) and works out
 * which role alias is granted which menu or button: administrator gets all;
 * a menu's roles are its own list or its parent's; a button's roles are its
 * own list (narrowed to those who see the menu) or those who see the menu.
 */
import type { ButtonSeed, DemoRoleAlias, MenuSeed } from './seedTypes.js';

export interface FlatMenu {
  code: string;
  parentCode: string | null;
  name: string;
  nameEn: string;
  path: string;
  source: string | null;
  sort: number;
  category: 1 | 2;
  action: number;
  alias: string;
  isOpen: number;
  roles: Set<DemoRoleAlias>;
}

const BUTTON_ACTION: Record<string, number> = { add: 1, export: 1, import: 1, edit: 2, delete: 3, view: 2 };

function buttonRow(button: ButtonSeed, menu: FlatMenu, index: number): FlatMenu {
  const roles = new Set<DemoRoleAlias>(button.roles ? button.roles.filter((r) => menu.roles.has(r)) : menu.roles);
  roles.add('administrator');
  return {
    code: button.code,
    parentCode: menu.code,
    name: button.name,
    nameEn: button.nameEn,
    path: button.path ?? `${menu.path}/${button.alias}`,
    source: null,
    sort: index + 1,
    category: 2,
    action: BUTTON_ACTION[button.alias] ?? 2,
    alias: button.alias,
    isOpen: 1,
    roles,
  };
}

export function flattenMenus(menus: MenuSeed[], parent: FlatMenu | null = null, out: FlatMenu[] = []): FlatMenu[] {
  const everyone: DemoRoleAlias[] = ['administrator', 'farm_admin', 'subject_admin', 'river_chief', 'inspector'];
  for (const menu of menus) {
    const inherited = parent ? [...parent.roles] : everyone;
    const roles = new Set<DemoRoleAlias>(menu.roles ? menu.roles.filter((r) => !parent || parent.roles.has(r)) : inherited);
    roles.add('administrator');
    const row: FlatMenu = {
      code: menu.code,
      parentCode: parent?.code ?? null,
      name: menu.name,
      nameEn: menu.nameEn,
      path: menu.path,
      source: menu.source ?? null,
      sort: menu.sort,
      category: 1,
      action: 0,
      alias: menu.alias ?? 'menu',
      isOpen: menu.isOpen ?? 1,
      roles,
    };
    out.push(row);
    (menu.buttons ?? []).forEach((button, index) => out.push(buttonRow(button, row, index)));
    if (menu.children) flattenMenus(menu.children, row, out);
  }
  return out;
}

/** Codes of a top-level menu and everything below it, for top-menu settings. */
export function descendantCodes(flat: FlatMenu[], rootCode: string): string[] {
  const codes = new Set([rootCode]);
  for (const row of flat) if (row.parentCode && codes.has(row.parentCode)) codes.add(row.code);
  return [...codes];
}
