/**
 * SQL for the engine's operations. Identifiers come only from the sanitized
 * model (quoted); every value is a numbered parameter.
 */
import { secretSetName, type EntityModel, type FieldModel, type RouteBinding } from './entityModel.js';
import type { Filter, SortKey } from './listParams.js';
import { quoteIdent } from './naming.js';

export interface Sql {
  text: string;
  values: unknown[];
}

/** Collects parameters and hands out their placeholders. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export function outputFields(model: EntityModel, names?: string[]): FieldModel[] {
  const fields = model.fields.filter((f) => f.isOutput);
  return names ? fields.filter((f) => names.includes(f.name) || f.name === 'id') : fields;
}

export function selectList(fields: FieldModel[], tableAlias = ''): string {
  const prefix = tableAlias ? `${tableAlias}.` : '';
  return fields.map((f) => `${prefix}${quoteIdent(f.column)} AS "${f.name}"`).join(', ');
}

/**
 * Whether each write-only secret is stored (`, … AS "appSecretSet"`), never the value: the form says
 * "set — leave blank to keep". Only the full rows of lists and details answer it.
 */
export function secretFlags(model: EntityModel, tableAlias = ''): string {
  const prefix = tableAlias ? `${tableAlias}.` : '';
  return model.fields
    .filter((f) => f.isWriteOnly)
    .map((f) => `, (${prefix}${quoteIdent(f.column)} IS NOT NULL AND ${prefix}${quoteIdent(f.column)} <> '') AS "${secretSetName(f.name)}"`)
    .join('');
}

/**
 * A data scope's limit on rows: those owned by one of the users or by one of
 * the departments (auth/dataScopes.ts works them out from the roles).
 */
export interface DataRestriction {
  userIds: string[];
  deptIds: string[];
}

/** Which rows of a register a request may touch: the caller's tenant, and the data scope if one applies. */
export interface RowScope {
  tenantId: string;
  restriction?: DataRestriction;
  /** The signed-in user, on a register of owned rows (x-owner): only their rows. */
  ownerId?: string;
  /**
   * The fixed conditions (x-api where) of the binding that serves the request, on its own register: rows outside
   * them do not exist for the request (a detail, update, remove or transition of one is "not found"). Applied to
   * that register only (`schemaId`), never to another register a handler reads with the same scope.
   */
  within?: { schemaId: string; filters: Filter[] };
}

function restrictionCondition(model: EntityModel, restriction: DataRestriction, params: Params, prefix: string): string {
  const { dept, user } = model.dataScope!;
  const userColumn = `${prefix}${quoteIdent(user.column)}`;
  const deptColumn = `${prefix}${quoteIdent(dept.column)}`;
  // An id column holds one department; a text column (users' deptId) holds a comma-separated list.
  const deptMatch = dept.isId
    ? `${deptColumn} = ANY(${params.add(restriction.deptIds)}::bigint[])`
    : `string_to_array(${deptColumn}, ',') && ${params.add(restriction.deptIds)}::text[]`;
  const userMatch = user.isId
    ? `${userColumn} = ANY(${params.add(restriction.userIds)}::bigint[])`
    : `${userColumn} = ANY(${params.add(restriction.userIds)}::text[])`;
  return `(${userMatch} OR ${deptMatch})`;
}

/** The rows a caller may see: own tenant (unless platform-wide), not deleted, within the data scope. */
export function scopeConditions(model: EntityModel, scope: RowScope, params: Params, tableAlias = ''): string[] {
  const prefix = tableAlias ? `${tableAlias}.` : '';
  const conditions = [`${prefix}"is_deleted" = 0`];
  if (model.scope === 'tenant') conditions.unshift(`${prefix}"tenant_id" = ${params.add(scope.tenantId)}`);
  if (scope.restriction && model.dataScope) conditions.push(restrictionCondition(model, scope.restriction, params, prefix));
  // Owned rows: a scope without an owner (e.g. tenant-wide rules) matches none of them, never all.
  if (model.owner) conditions.push(`${prefix}${quoteIdent(model.owner.column)} = ${params.add(scope.ownerId ?? null)}::bigint`);
  if (scope.within?.schemaId === model.id) conditions.push(...scope.within.filters.map((filter) => filterCondition(filter, params, prefix)));
  return conditions;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const COMPARISON: Record<string, string> = { eq: '=', ne: '<>', gt: '>', lt: '<', ge: '>=', le: '<=' };

export function filterCondition(filter: Filter, params: Params, prefix = ''): string {
  const column = `${prefix}${quoteIdent(filter.field.column)}`;
  switch (filter.op) {
    case 'like':
      return `${column} ILIKE ${params.add(`%${escapeLike(String(filter.value))}%`)}`;
    case 'in':
      return `${column} = ANY(${params.add(filter.value)})`;
    default:
      return `${column} ${COMPARISON[filter.op]} ${params.add(filter.value)}`;
  }
}

/** Fixed conditions a binding declares (e.g. dictionary parents are `parentId = 0`). */
export function bindingFilters(model: EntityModel, binding: Pick<RouteBinding, 'where'>): Filter[] {
  return Object.entries(binding.where ?? {}).map(([name, condition]) => {
    const field = model.field.get(name)!;
    if (Array.isArray(condition)) return { field, op: 'in' as const, value: condition };
    if (typeof condition === 'object') return { field, op: 'ne' as const, value: condition.ne };
    return { field, op: 'eq' as const, value: condition };
  });
}

export function whereClause(model: EntityModel, scope: RowScope, filters: Filter[], params: Params): string {
  const conditions = [...scopeConditions(model, scope, params), ...filters.map((f) => filterCondition(f, params))];
  return `WHERE ${conditions.join(' AND ')}`;
}

export function orderClause(sort: SortKey[]): string {
  return `ORDER BY ${sort.map((s) => `${quoteIdent(s.field.column)} ${s.direction}`).join(', ')}`;
}

export interface PageQueries {
  page: Sql;
  /**
   * Counts the matching rows, but stops at `countLimit + 1`: past that an exact count costs more
   * than the page itself (every match is read). The lookup indexes (migrationPlan) make it index-only.
   */
  count: Sql;
  /** The plain matching query, for the planner's estimate when the count reaches the limit. */
  estimate: Sql;
  /** Up to this many matches the count is exact. */
  countLimit: number;
}

/**
 * Largest export, in rows (exports refuse more). Once also the list's count limit, which is now
 * listCountLimit(): a page cannot afford to count 100,000 rows.
 */
export const EXACT_COUNT_LIMIT = 100_000;

/**
 * Up to this many matches a list's total is exact; beyond it the planner's estimate is answered,
 * flagged `totalIsEstimate`. Measured with `npm run bench` (1M inspection-like rows, 62k matching one
 * reference): an index-only count of 10,000 entries costs about as much as the page itself.
 */
export const DEFAULT_LIST_COUNT_LIMIT = 10_000;

/** The count limit: LIST_COUNT_LIMIT when set to a positive integer (tests use a small one), else the default. */
export function listCountLimit(): number {
  const configured = Number(process.env.LIST_COUNT_LIMIT);
  return Number.isSafeInteger(configured) && configured > 0 ? configured : DEFAULT_LIST_COUNT_LIMIT;
}

export function buildPageQueries(
  model: EntityModel,
  scope: RowScope,
  filters: Filter[],
  sort: SortKey[],
  current: number,
  size: number,
  fieldNames?: string[],
): PageQueries {
  const table = quoteIdent(model.table);
  const countLimit = listCountLimit();
  const countParams = new Params();
  const countWhere = whereClause(model, scope, filters, countParams);
  const pageParams = new Params();
  const pageWhere = whereClause(model, scope, filters, pageParams);
  const limit = pageParams.add(size);
  const offset = pageParams.add((current - 1) * size);
  return {
    page: {
      text: `SELECT ${selectList(outputFields(model, fieldNames))}${fieldNames ? '' : secretFlags(model)} FROM ${table} ${pageWhere} ${orderClause(sort)} LIMIT ${limit} OFFSET ${offset}`,
      values: pageParams.values,
    },
    count: {
      text: `SELECT count(*)::int AS "total" FROM (SELECT 1 FROM ${table} ${countWhere} LIMIT ${countLimit + 1}) AS matching`,
      values: countParams.values,
    },
    estimate: { text: `EXPLAIN (FORMAT JSON) SELECT 1 FROM ${table} ${countWhere}`, values: countParams.values },
    countLimit,
  };
}

export function buildSelectAll(model: EntityModel, scope: RowScope, filters: Filter[], sort: SortKey[], limit: number, fieldNames?: string[]): Sql {
  const params = new Params();
  const where = whereClause(model, scope, filters, params);
  const limitParam = params.add(limit);
  return {
    text: `SELECT ${selectList(outputFields(model, fieldNames))} FROM ${quoteIdent(model.table)} ${where} ${orderClause(sort)} LIMIT ${limitParam}`,
    values: params.values,
  };
}

export function buildSelectById(model: EntityModel, scope: RowScope, id: string, forUpdate = false): Sql {
  const params = new Params();
  const conditions = [...scopeConditions(model, scope, params), `"id" = ${params.add(id)}`];
  const lock = forUpdate ? ' FOR UPDATE' : '';
  return {
    text: `SELECT ${selectList(outputFields(model))}${secretFlags(model)} FROM ${quoteIdent(model.table)} WHERE ${conditions.join(' AND ')}${lock}`,
    values: params.values,
  };
}

export interface Actor {
  tenantId: string;
  userId: string;
  deptId: string | null;
}

/** An insert stamped with the actor; on a register of owned rows the owner is the actor unless server code names another (`ownerId`: a delivery). */
export function buildInsert(model: EntityModel, actor: Actor, id: string, data: Record<string, unknown>, ownerId?: string): Sql {
  const params = new Params();
  const columns = ['"id"', '"create_user"', '"create_dept"', '"update_user"'];
  const placeholders = [params.add(id), params.add(actor.userId), params.add(actor.deptId), params.add(actor.userId)];
  if (model.field.get('tenantId')?.isBase) {
    columns.push('"tenant_id"');
    placeholders.push(params.add(model.scope === 'tenant' ? actor.tenantId : '000000'));
  }
  if (model.owner) {
    columns.push(quoteIdent(model.owner.column));
    placeholders.push(params.add(ownerId ?? actor.userId));
  }
  for (const [name, value] of Object.entries(data)) {
    if (name === model.owner?.name) continue;
    const field = model.field.get(name)!;
    columns.push(quoteIdent(field.column));
    placeholders.push(params.add(field.kind === 'json' ? JSON.stringify(value) : value));
  }
  return {
    text: `INSERT INTO ${quoteIdent(model.table)} (${columns.join(', ')}) VALUES (${placeholders.join(', ')})`,
    values: params.values,
  };
}

export function buildUpdate(model: EntityModel, scope: RowScope, actor: Actor, id: string, data: Record<string, unknown>, expectedVersion?: number): Sql {
  const params = new Params();
  const assignments = [`"update_user" = ${params.add(actor.userId)}`, '"update_time" = LOCALTIMESTAMP(0)', '"version" = "version" + 1'];
  for (const [name, value] of Object.entries(data)) {
    const field = model.field.get(name)!;
    assignments.push(`${quoteIdent(field.column)} = ${params.add(field.kind === 'json' ? JSON.stringify(value) : value)}`);
  }
  const conditions = [...scopeConditions(model, scope, params), `"id" = ${params.add(id)}`];
  if (expectedVersion !== undefined) conditions.push(`"version" = ${params.add(expectedVersion)}`);
  return {
    text: `UPDATE ${quoteIdent(model.table)} SET ${assignments.join(', ')} WHERE ${conditions.join(' AND ')}`,
    values: params.values,
  };
}

export function buildSoftDelete(model: EntityModel, scope: RowScope, actor: Actor, ids: string[]): Sql {
  const params = new Params();
  const assignments = [`"is_deleted" = 1`, `"update_user" = ${params.add(actor.userId)}`, '"update_time" = LOCALTIMESTAMP(0)'];
  const conditions = [...scopeConditions(model, scope, params), `"id" = ANY(${params.add(ids)})`];
  return {
    text: `UPDATE ${quoteIdent(model.table)} SET ${assignments.join(', ')} WHERE ${conditions.join(' AND ')}`,
    values: params.values,
  };
}
