/**
 * The pure rules behind a CRUD page, with no React and no antd: page sizes,
 * how search values become a list query, which buttons the caller's
 * permission codes allow, and where paging lands after a delete. The
 * controller hooks call these; unit tests call them directly.
 */
import type { ClientSchema } from '../../shared/clientSchema';
import { DEFAULT_TENANT_ID } from '../../shared/constants';
import type { OperationName } from '../../shared/entitySchema';
import type { EntityRecord } from './entityApi';

/** Admin list page sizes (platform-core §9): 10, 30, 50, 100, 200; default 10. */
export const PAGE_SIZES = [10, 30, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 10;

export interface Paging {
  current: number;
  size: number;
}

export type SearchValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | null | undefined>;
export type SearchValues = Record<string, SearchValue>;
export type ListQuery = Record<string, string | number>;

/** A size the paginator offers, else the default (a hand-written ?size=7 does not invent a new size). */
export function normalizePageSize(size: unknown): number {
  const value = Number(size);
  return (PAGE_SIZES as readonly number[]).includes(value) ? value : DEFAULT_PAGE_SIZE;
}

export function normalizeCurrent(current: unknown): number {
  const value = Number(current);
  return Number.isInteger(value) && value >= 1 ? value : 1;
}

function isEmpty(value: SearchValue): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every((item) => item === undefined || item === null || String(item).trim() === '');
  return false;
}

/** Search values without the empty ones (platform-core §5: search drops empty fields); strings trimmed. */
export function cleanSearchValues(values: SearchValues): SearchValues {
  const cleaned: SearchValues = {};
  for (const [key, value] of Object.entries(values)) {
    if (isEmpty(value)) continue;
    cleaned[key] = typeof value === 'string' ? value.trim() : value;
  }
  return cleaned;
}

/** Searching starts again at page 1 with the same page size (platform-core §5). */
export function applySearch(paging: Paging, values: SearchValues): { paging: Paging; searchValues: SearchValues } {
  return { paging: { current: 1, size: paging.size }, searchValues: cleanSearchValues(values) };
}

/** A new page size starts at page 1 too; a new page keeps the size. */
export function changePage(paging: Paging, current: number, size: number): Paging {
  const nextSize = normalizePageSize(size);
  return { current: nextSize !== paging.size ? 1 : normalizeCurrent(current), size: nextSize };
}

/**
 * The query string of a list call: paging, then every non-empty value of a
 * field the schema lets the caller search by (anything else would be a 400),
 * date ranges as `<field>_dategt` / `<field>_datelt`, plus fixed conditions.
 */
export function buildListQuery(schema: ClientSchema, paging: Paging, searchValues: SearchValues, fixed: ListQuery = {}): ListQuery {
  const query: ListQuery = { current: paging.current, size: paging.size };
  for (const [name, raw] of Object.entries(cleanSearchValues(searchValues))) {
    const field = schema.properties[name];
    const operator = field?.['x-search'];
    if (!operator) continue;
    if (operator === 'date-range') {
      const [from, to] = Array.isArray(raw) ? raw : [];
      if (from !== undefined && from !== null && String(from) !== '') query[`${name}_dategt`] = String(from);
      if (to !== undefined && to !== null && String(to) !== '') query[`${name}_datelt`] = String(to);
      continue;
    }
    if (Array.isArray(raw)) {
      const items = raw.filter((item) => item !== undefined && item !== null && String(item) !== '');
      if (items.length > 0) query[name] = items.join(',');
      continue;
    }
    query[name] = typeof raw === 'boolean' ? String(raw) : (raw as string | number);
  }
  return { ...query, ...fixed };
}

export interface CrudPermissions {
  canAdd: boolean;
  canEdit: boolean;
  canDelete: boolean;
  canView: boolean;
  canExport: boolean;
}

const hasOp = (schema: ClientSchema, ...ops: OperationName[]) => Object.values(schema['x-api']).some((binding) => ops.includes(binding.op));

/**
 * Buttons by permission code (platform-core §6): a write button needs an
 * endpoint for it and the caller's button code from the schema's
 * x-permissions (no code declared: denied). Viewing needs the view code when
 * one is declared; reading the list is already granted by the menu.
 */
export function permissionsOf(schema: ClientSchema, granted: Readonly<Record<string, boolean>>): CrudPermissions {
  const codes = schema['x-permissions'];
  const has = (code: string | undefined) => code !== undefined && granted[code] === true;
  return {
    canAdd: hasOp(schema, 'submit', 'save') && has(codes.add),
    canEdit: hasOp(schema, 'submit', 'update') && has(codes.edit),
    canDelete: hasOp(schema, 'remove') && has(codes.delete),
    canView: codes.view === undefined ? true : has(codes.view),
    canExport: hasOp(schema, 'export') && has(codes.export),
  };
}

/**
 * The buttons of one list page of a register (x-page.permissions, or a
 * view's): the page's own codes instead of the register's; a key the page
 * leaves out is no button there (view included).
 */
export function pagePermissionsOf(
  schema: ClientSchema,
  granted: Readonly<Record<string, boolean>>,
  pageCodes: Partial<Record<'add' | 'edit' | 'delete' | 'view' | 'export', string>> | undefined,
): CrudPermissions {
  if (!pageCodes) return permissionsOf(schema, granted);
  const permissions = permissionsOf({ ...schema, 'x-permissions': pageCodes }, granted);
  return { ...permissions, canView: pageCodes.view !== undefined && granted[pageCodes.view] === true };
}

/**
 * Whether the signed-in user is the platform administrator (the
 * administrator of tenant 000000). The console uses it only to hide what the
 * server would refuse anyway; the server decides by its own role flag.
 */
export function isPlatformAdministrator(tenantId: string | undefined, roles: readonly string[]): boolean {
  return tenantId === DEFAULT_TENANT_ID && roles.includes('administrator');
}

/** A row the schema seals (x-sealed, e.g. a dictionary entry with isSealed 1). */
export function isSealedRow(schema: ClientSchema, record: EntityRecord): boolean {
  const sealed = schema['x-sealed'];
  if (!sealed) return false;
  const value = record[sealed.field];
  return value !== undefined && value !== null && String(value) === String(sealed.value ?? 1);
}

/** Whether a lifecycle's state list (x-states editableIn / removableIn) allows the row; no list, or a row without its state, is not judged. */
function isAllowedIn(states: readonly (string | number)[] | undefined, value: unknown): boolean {
  if (!states || value === undefined || value === null) return true;
  return states.some((state) => String(state) === String(value));
}

/**
 * A row's buttons: a row in a lifecycle state that cannot be changed or
 * removed (x-states: an audited record, a published plan) loses edit or
 * delete, as the server would refuse them; a sealed row loses both unless the
 * caller is the platform administrator.
 */
export function rowPermissionsOf(permissions: CrudPermissions, schema: ClientSchema, record: EntityRecord, isPlatformAdmin: boolean): CrudPermissions {
  const states = schema['x-states'];
  const state = states ? record[states.field] : undefined;
  const byState = {
    ...permissions,
    canEdit: permissions.canEdit && isAllowedIn(states?.editableIn, state),
    canDelete: permissions.canDelete && isAllowedIn(states?.removableIn, state),
  };
  if (isPlatformAdmin || !isSealedRow(schema, record)) return byState;
  return { ...byState, canEdit: false, canDelete: false };
}

export type DeleteRequest = { kind: 'empty' } | { kind: 'confirm'; ids: string[] };

/** Batch delete with nothing selected warns instead of asking (platform-core §5). */
export function deleteRequestOf(ids: readonly string[]): DeleteRequest {
  const unique = [...new Set(ids.filter((id) => id !== ''))];
  return unique.length === 0 ? { kind: 'empty' } : { kind: 'confirm', ids: unique };
}

/** After removing rows, stay on the page unless it would be past the last one. */
export function pageAfterRemoval(paging: Paging, total: number, removed: number): Paging {
  const remaining = Math.max(0, total - removed);
  const lastPage = Math.max(1, Math.ceil(remaining / paging.size));
  return { current: Math.min(paging.current, lastPage), size: paging.size };
}

/** Selection kept only for rows still shown. */
export function keepVisibleSelection(selected: readonly string[], visibleIds: readonly string[]): string[] {
  const visible = new Set(visibleIds);
  return selected.filter((id) => visible.has(id));
}
