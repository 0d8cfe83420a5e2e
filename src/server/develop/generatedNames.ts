/**
 * The names a generated register derives from its code, in one place: schema
 * id, table, routes, page path, menu and button codes, and the file it is
 * downloaded as. A code is lower-case letters and digits only, because it is
 * the entity part of the schema id (`generated/<code>`, which the meta-schema
 * allows no underscore in) and the file name under schemas/generated/.
 */
export const GENERATED_MODULE = 'generated';
export const GENERATED_ROUTE_PREFIX = '/api/generated';
export const GENERATED_PAGE_PREFIX = '/generated';
/** Code of the parent menu that generated registers go under unless their configuration names another. */
export const GENERATED_PARENT_MENU_CODE = 'generated_registers';

export const REGISTER_CODE = /^[a-z][a-z0-9]{0,40}$/;
export const COLUMN_NAME = /^[a-z][a-z0-9_]{0,40}$/;
export const PROPERTY_NAME = /^[a-z][a-zA-Z0-9]{0,40}$/;

export type ButtonAction = 'add' | 'edit' | 'delete' | 'view' | 'export';
export const BUTTON_ACTIONS: ButtonAction[] = ['add', 'edit', 'delete', 'view', 'export'];

export interface GeneratedNames {
  code: string;
  schemaId: string;
  table: string;
  menuCode: string;
  buttons: Record<ButtonAction, string>;
  /** Every route of the register starts with this (`/api/generated/<code>/`). */
  routePrefix: string;
  pagePath: string;
  /** Where the schema belongs in the repository. */
  fileName: string;
}

export function generatedNames(code: string): GeneratedNames {
  // Not gen_<code>: a code the client schema carries must not reveal the table's name.
  const menuCode = `generated_${code}`;
  return {
    code,
    schemaId: `${GENERATED_MODULE}/${code}`,
    table: `gen_${code}`,
    menuCode,
    buttons: { add: `${menuCode}_add`, edit: `${menuCode}_edit`, delete: `${menuCode}_delete`, view: `${menuCode}_view`, export: `${menuCode}_export` },
    routePrefix: `${GENERATED_ROUTE_PREFIX}/${code}/`,
    pagePath: `${GENERATED_PAGE_PREFIX}/${code}`,
    fileName: `${code}.json`,
  };
}

/** The code of a generated schema id (`generated/<code>`), or undefined for any other id. */
export function codeOfSchemaId(id: string): string | undefined {
  const prefix = `${GENERATED_MODULE}/`;
  if (!id.startsWith(prefix)) return undefined;
  const code = id.slice(prefix.length);
  return REGISTER_CODE.test(code) ? code : undefined;
}
