/**
 * Menus declared by the schemas (x-menu objects): the menu row and its buttons.
 *
 * Buttons: every x-permissions code and every binding's `button` code that
 * starts with `<menu code>_` (x-permissions first, then the bindings, in file
 * order); then the codes x-menu.buttons adds. A derived button's alias is the
 * x-permissions key, or the rest of the code after `<menu code>_`; its name is
 * 新增/修改/删除/查看/导出 for the x-permissions keys, else the binding's ui
 * label or transition label. x-menu.buttons overrides alias, name, roles and
 * sort (the default sort is the position in that order).
 *
 * A code another menu owns (a binding that needs the button of another
 * register, say the role grant on the menu register) is not derived here: the
 * codegen check makes sure it is a button of some menu.
 */
import type { EntitySchema, MenuDeclaration } from '../../shared/entitySchema.js';
import { attachedMenus, demoMenus } from './menus.js';
import type { ButtonSeed, DemoRoleAlias, MenuSeed } from './seedTypes.js';

const STANDARD_BUTTONS: Record<string, { name: string; nameEn: string }> = {
  add: { name: '新增', nameEn: 'Add' },
  edit: { name: '修改', nameEn: 'Edit' },
  delete: { name: '删除', nameEn: 'Delete' },
  view: { name: '查看', nameEn: 'View' },
  export: { name: '导出', nameEn: 'Export' },
};

/** A menu declared by a schema, hung under the menu whose code is `parent`. */
export interface SchemaMenu {
  /** Schema id that declares it. */
  schemaId: string;
  parent: string;
  menu: MenuSeed;
}

/** The x-menu object of a schema, if it declares its menu. */
export function menuDeclaration(schema: EntitySchema): MenuDeclaration | undefined {
  const menu = schema['x-menu'];
  return typeof menu === 'object' ? menu : undefined;
}

/** The buttons a schema's menu derives, before x-menu.buttons is applied (code → button). */
export function derivedButtons(schema: EntitySchema, menuCode: string): Map<string, ButtonSeed> {
  const prefix = `${menuCode}_`;
  const buttons = new Map<string, ButtonSeed>();
  for (const [key, code] of Object.entries(schema['x-permissions'] ?? {})) {
    if (!code || !code.startsWith(prefix) || buttons.has(code)) continue;
    buttons.set(code, { code, alias: key, ...STANDARD_BUTTONS[key] });
  }
  const transitions = schema['x-states']?.transitions ?? [];
  for (const binding of Object.values(schema['x-api'] ?? {})) {
    if (typeof binding !== 'object' || !binding.button) continue;
    const code = binding.button;
    if (!code.startsWith(prefix) || buttons.has(code)) continue;
    const alias = code.slice(prefix.length);
    const transition = binding.transition ? transitions.find((t) => t.name === binding.transition) : undefined;
    const name = binding.ui?.label ?? transition?.label ?? alias;
    const nameEn = binding.ui?.['label-en'] ?? transition?.['label-en'] ?? alias;
    buttons.set(code, { code, alias, name, nameEn });
  }
  return buttons;
}

/** The menu a schema declares, with its buttons, or undefined when x-menu is a code (or absent). */
export function schemaMenu(schema: EntitySchema): SchemaMenu | undefined {
  const declared = menuDeclaration(schema);
  if (!declared) return undefined;
  const code = declared.code;
  const buttons = derivedButtons(schema, code);
  const sorts = new Map<string, number>();
  for (const [buttonCode, override] of Object.entries(declared.buttons ?? {})) {
    if (override === false) {
      buttons.delete(buttonCode);
      continue;
    }
    const base = buttons.get(buttonCode) ?? {
      code: buttonCode,
      alias: buttonCode.startsWith(`${code}_`) ? buttonCode.slice(code.length + 1) : buttonCode,
      name: buttonCode,
      nameEn: buttonCode,
    };
    const button: ButtonSeed = {
      ...base,
      ...(override.alias ? { alias: override.alias } : {}),
      ...(override.name ? { name: override.name } : {}),
      ...(override['name-en'] ? { nameEn: override['name-en'] } : {}),
      ...(override.roles ? { roles: override.roles as DemoRoleAlias[] } : {}),
    };
    buttons.set(buttonCode, button);
    if (override.sort !== undefined) sorts.set(buttonCode, override.sort);
  }
  const ordered = [...buttons.values()].map((button, index) => ({ button, sort: sorts.get(button.code) ?? index + 1 }));
  ordered.sort((a, b) => a.sort - b.sort);
  const path = declared.path ?? schema['x-page']?.path;
  if (!path) throw new Error(`schema ${schema.$id}: x-menu needs a path (x-page.path or x-menu.path)`);
  const menu: MenuSeed = {
    code,
    name: declared.name ?? schema.title,
    nameEn: declared['name-en'] ?? schema['x-title-en'],
    path,
    sort: declared.sort,
    ...(declared.icon ? { source: declared.icon } : {}),
    ...(declared.roles ? { roles: declared.roles as DemoRoleAlias[] } : {}),
    ...(ordered.length > 0 ? { buttons: ordered.map((o) => o.button) } : {}),
  };
  return { schemaId: schema.$id, parent: declared.parent, menu };
}

/** Every menu the schemas declare. */
export function schemaMenus(schemas: EntitySchema[]): SchemaMenu[] {
  return schemas.flatMap((schema) => schemaMenu(schema) ?? []);
}

/**
 * The whole menu tree: the hand-written tree (menus with no register) with
 * every schema menu and every attached page (hidden detail/form pages of a
 * register, seed/menus.ts `attachedMenus`) hung under its parent's code.
 * Throws on an unknown parent or a duplicate code.
 */
export function mergeMenuTree(handWritten: MenuSeed[], declared: { parent: string; menu: MenuSeed; from: string }[]): MenuSeed[] {
  const tree = structuredClone(handWritten);
  const byCode = new Map<string, MenuSeed>();
  const codes = new Set<string>();
  const index = (menus: MenuSeed[]): void => {
    for (const menu of menus) {
      byCode.set(menu.code, menu);
      for (const code of [menu.code, ...(menu.buttons ?? []).map((b) => b.code)]) {
        if (codes.has(code)) throw new Error(`duplicate menu or button code "${code}"`);
        codes.add(code);
      }
      if (menu.children) index(menu.children);
    }
  };
  index(tree);
  let pending = declared.map((d) => ({ ...d, menu: structuredClone(d.menu) }));
  // Parents may themselves be declared: hang what can be hung until nothing moves.
  while (pending.length > 0) {
    const waiting = pending.filter((d) => !byCode.has(d.parent));
    if (waiting.length === pending.length) {
      const first = waiting[0];
      throw new Error(`${first.from}: x-menu.parent "${first.parent}" is not a menu code`);
    }
    for (const d of pending.filter((d) => byCode.has(d.parent))) {
      const parent = byCode.get(d.parent)!;
      (parent.children ??= []).push(d.menu);
      try {
        index([d.menu]);
      } catch (error) {
        throw new Error(`${d.from}: ${(error as Error).message}`, { cause: error });
      }
    }
    pending = waiting;
  }
  return tree;
}

/**
 * The seeded menu tree: seed/menus.ts (menus with no register), the menus the schemas declare, and
 * the hidden pages attached to them.
 */
export function seedMenuTree(schemas: EntitySchema[]): MenuSeed[] {
  return mergeMenuTree(demoMenus, [
    ...schemaMenus(schemas).map((m) => ({ parent: m.parent, menu: m.menu, from: `schemas/${m.schemaId}.json` })),
    ...attachedMenus.flatMap((a) => a.menus.map((menu) => ({ parent: a.parent, menu, from: 'src/server/seed/menus.ts (attachedMenus)' }))),
  ]);
}
