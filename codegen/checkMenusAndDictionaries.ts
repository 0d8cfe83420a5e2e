/**
 * What makes one schema file enough to add a register, checked at codegen: every x-dict code is
 * defined by a dictionary file (dictionaries/*.json), every declared menu (x-menu object) hangs
 * under a known parent and its code and buttons are unique, every x-menu code and binding menu names a menu, and
 * every button code a register needs (x-permissions, a binding's button, its pages' buttons) is a button of some menu.
 * Fails with the file and the property.
 */
import { DictionaryFileError, loadDictionaryFiles } from '../src/server/seed/dictionaryFiles.js';
import { flattenMenus } from '../src/server/seed/menuGrants.js';
import { attachedMenus, demoMenus } from '../src/server/seed/menus.js';
import { derivedButtons, menuDeclaration, schemaMenu } from '../src/server/seed/schemaMenus.js';
import type { EntitySchema } from '../src/shared/entitySchema.js';
import { SchemaFileError } from './loadSchemaFiles.js';

interface CheckedFile {
  file: string;
  schema: EntitySchema;
}

const MENUS_TS = 'src/server/seed/menus.ts';

function fail(file: string, property: string, problem: string): never {
  throw new SchemaFileError(`Invalid schema ${file}: property ${property}: ${problem}`);
}

/** Every x-dict code of a schema with the JSON pointer of its property. */
function dictCodes(node: unknown, pointer: string, out: { pointer: string; code: string }[] = []): { pointer: string; code: string }[] {
  if (Array.isArray(node)) node.forEach((item, index) => dictCodes(item, `${pointer}/${index}`, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'x-dict' && typeof value === 'string') out.push({ pointer: `${pointer}/x-dict`, code: value });
      else dictCodes(value, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, out);
    }
  }
  return out;
}

/** The button codes a register's pages declare (x-page.permissions and each view's), with their JSON pointers. */
function pageButtonCodes(schema: EntitySchema): { pointer: string; code: string }[] {
  const page = schema['x-page'];
  const codesOf = (permissions: Record<string, string | undefined> | undefined, pointer: string) =>
    Object.entries(permissions ?? {}).flatMap(([key, code]) => (code ? [{ pointer: `${pointer}/${key}`, code }] : []));
  return [
    ...codesOf(page?.permissions, '/x-page/permissions'),
    ...(page?.views ?? []).flatMap((view, index) => codesOf(view.permissions, `/x-page/views/${index}/permissions`)),
  ];
}

export function checkMenusAndDictionaries(root: string, files: CheckedFile[]): void {
  // Dictionaries.
  let dictionaries;
  try {
    dictionaries = loadDictionaryFiles(root);
  } catch (error) {
    if (error instanceof DictionaryFileError) throw new SchemaFileError(error.message);
    throw error;
  }
  const dictionaryCodes = new Set(dictionaries.map((dict) => dict.code));
  for (const { file, schema } of files) {
    for (const { pointer, code } of dictCodes(schema.properties, '/properties')) {
      if (!dictionaryCodes.has(code)) fail(file, pointer, `dictionary "${code}" is defined by no dictionary file (dictionaries/*.json)`);
    }
  }

  // Menu and button codes: where each is defined.
  const owner = new Map<string, string>();
  const menuCodes = new Set<string>();
  const define = (code: string, where: string, file: string, property: string, isMenu: boolean): void => {
    const other = owner.get(code);
    if (other) fail(file, property, `menu or button code "${code}" is already defined by ${other}`);
    owner.set(code, where);
    if (isMenu) menuCodes.add(code);
  };
  for (const row of flattenMenus(demoMenus)) define(row.code, MENUS_TS, MENUS_TS, row.code, row.category === 1);
  for (const { file, schema } of files) {
    const declared = menuDeclaration(schema);
    if (!declared) continue;
    define(declared.code, file, file, '/x-menu/code', true);
    if (!declared.path && !schema['x-page']?.path) fail(file, '/x-menu/path', 'a declared menu needs a path: x-page.path or x-menu.path');
    const derived = derivedButtons(schema, declared.code);
    const permissionKey = (code: string) => Object.entries(schema['x-permissions'] ?? {}).find(([, value]) => value === code)?.[0];
    const bindingName = (code: string) => Object.entries(schema['x-api'] ?? {}).find(([, value]) => typeof value === 'object' && value.button === code)?.[0];
    for (const button of schemaMenu(schema)!.menu.buttons ?? []) {
      const key = permissionKey(button.code);
      const name = bindingName(button.code);
      const property = !derived.has(button.code) ? `/x-menu/buttons/${button.code}` : key ? `/x-permissions/${key}` : `/x-api/${name}/button`;
      define(button.code, file, file, property, false);
    }
    for (const [code, override] of Object.entries(declared.buttons ?? {})) {
      if (override === false && !derived.has(code)) fail(file, `/x-menu/buttons/${code}`, `"${code}" is no derived button (nothing to leave out)`);
    }
  }
  for (const attached of attachedMenus)
    for (const row of flattenMenus(attached.menus)) define(row.code, `${MENUS_TS} (attachedMenus)`, MENUS_TS, `attachedMenus ${row.code}`, row.category === 1);

  // Parents.
  for (const { file, schema } of files) {
    const declared = menuDeclaration(schema);
    if (declared && !menuCodes.has(declared.parent))
      fail(file, '/x-menu/parent', `"${declared.parent}" is not a menu code (${MENUS_TS} or another schema's x-menu)`);
  }
  for (const attached of attachedMenus) {
    if (!menuCodes.has(attached.parent)) fail(MENUS_TS, `attachedMenus parent`, `"${attached.parent}" is not a menu code`);
  }

  // What every register needs: its menu, and a button for each write.
  for (const { file, schema } of files) {
    const menu = schema['x-menu'];
    if (typeof menu === 'string' && !menuCodes.has(menu)) {
      fail(file, '/x-menu', `"${menu}" is not a menu code: declare the menu here (an object: code, parent, sort, icon) or name one declared elsewhere`);
    }
    // A code the register's x-menu leaves out on purpose (buttons: {code: false}) stays a permission nobody is granted.
    const omitted = new Set(Object.entries(menuDeclaration(schema)?.buttons ?? {}).flatMap(([code, override]) => (override === false ? [code] : [])));
    for (const [key, code] of Object.entries(schema['x-permissions'] ?? {})) {
      if (code && !omitted.has(code) && (!owner.has(code) || menuCodes.has(code)))
        fail(
          file,
          `/x-permissions/${key}`,
          `"${code}" is no button: neither derived from this register's x-menu (codes start with <menu code>_) nor a button of another menu`,
        );
    }
    for (const { pointer, code } of pageButtonCodes(schema)) {
      if (!owner.has(code) || menuCodes.has(code)) fail(file, pointer, `"${code}" is no button: a page's button codes must be buttons of some menu`);
    }
    for (const [name, binding] of Object.entries(schema['x-api'] ?? {})) {
      if (typeof binding === 'object' && binding.menu && !menuCodes.has(binding.menu))
        fail(file, `/x-api/${name}/menu`, `"${binding.menu}" is not a menu code`);
      if (typeof binding !== 'object' || !binding.button) continue;
      if (!owner.has(binding.button) || menuCodes.has(binding.button)) {
        fail(
          file,
          `/x-api/${name}/button`,
          `"${binding.button}" is no button: neither in x-permissions, derived from this register's x-menu (codes start with <menu code>_), nor a button of another menu`,
        );
      }
    }
  }
}
