/**
 * The local API: how server code reads and writes registers (as Payload's
 * local API does) — by schema id, typed by the generated row types, with the
 * tenant, the caller's data scope, the owner (x-owner) and soft delete
 * applied by the engine, never typed by hand.
 *
 * Access: the endpoint that runs this code has checked the caller's menu or
 * button already, so the local API does not check buttons again (a published
 * plan writes notices the publisher holds no button for). Everything else of
 * the generic operation stays: validation, references, dictionaries,
 * uniqueness, hooks, versions — writes go through insertRow/updateRow/removeRows.
 *
 *   const api = localApi(ctx, tx);
 *   const plans = await api.find('inspect/plan', { where: { status: 2, reservoirIds: { contains: id } }, limit: 50 });
 */
import type { EntityTypeMap, SchemaId } from '../../shared/generated/entityTypes.js';
import { rowScopeOf } from '../auth/dataScopes.js';
import { withTransaction, type Db, type DbClient, type Queryable } from '../db/pool.js';
import type { Language } from '../http/apiError.js';
import type { Caller } from '../http/caller.js';
import type { EntityModel, FieldModel } from './entityModel.js';
import { entityModel } from './entityRegistry.js';
import { quoteIdent } from './naming.js';
import type { OperationContext } from './operations/context.js';
import { insertManyRows, type InsertManyOptions, type RejectedRow } from './operations/bulkInsert.js';
import { runTransition } from './operations/transitionOperation.js';
import { insertRow, removeRows, updateRow } from './operations/writeOperations.js';
import { attachTitles } from './referenceTitles.js';
import { outputFields, Params, scopeConditions, selectList, type RowScope } from './sqlBuilder.js';

type Row = Record<string, unknown>;

/** A condition on one field: a value (equal), a list of values (any of), or operators. */
export type Condition<V> =
  V | V[] | { ne?: V; gt?: V; ge?: V; lt?: V; le?: V; in?: V[]; notIn?: V[]; like?: string; isNull?: boolean; contains?: V extends (infer E)[] ? E : never };

export type Where<T> = { [K in keyof T]?: Condition<T[K]> | null };

export interface FindOptions<T> {
  where?: Where<T>;
  /** Field names with a direction, e.g. ['sort asc', 'createTime desc']; default: the register's order. */
  sort?: `${string & keyof T} ${'asc' | 'desc'}`[];
  /** At most this many rows (default and ceiling 10,000: a bigger read must be paged or aggregated). */
  limit?: number;
  /** Lock the rows until the transaction ends (needs a transaction). */
  forUpdate?: boolean;
  /** Add each reference's title beside its id (as lists do). */
  withTitles?: boolean;
}

/** Which rows a read may see: the caller's (tenant, data scope, owner; the default) or the whole tenant's (rules that hold across it). */
export type Reach = 'caller' | 'tenant';

export interface LocalContext {
  db: Db;
  caller: Caller;
  language: Language;
}

export const MAX_LOCAL_ROWS = 10_000;

const OPERATORS: Record<string, string> = { ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' };

function isOperatorObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function encode(field: FieldModel, value: unknown): unknown {
  return field.kind === 'json' ? JSON.stringify(value) : value;
}

/** SQL conditions of a where object: field names are checked against the schema, values are parameters. */
export function whereConditions(model: EntityModel, where: Row, params: Params, prefix = ''): string[] {
  const conditions: string[] = [];
  for (const [name, condition] of Object.entries(where)) {
    if (condition === undefined) continue;
    const field = model.field.get(name);
    if (!field) throw new Error(`${model.id} has no field "${name}"`);
    const column = `${prefix}${quoteIdent(field.column)}`;
    if (condition === null) conditions.push(`${column} IS NULL`);
    else if (Array.isArray(condition) && field.kind !== 'json') conditions.push(`${column} = ANY(${params.add(condition)})`);
    else if (!isOperatorObject(condition)) conditions.push(`${column} = ${params.add(encode(field, condition))}`);
    else {
      for (const [op, value] of Object.entries(condition)) {
        if (value === undefined) continue;
        if (op in OPERATORS) conditions.push(`${column} ${OPERATORS[op]} ${params.add(value)}`);
        else if (op === 'in') conditions.push(`${column} = ANY(${params.add(value)})`);
        else if (op === 'notIn') conditions.push(`NOT (${column} = ANY(${params.add(value)}))`);
        else if (op === 'like') conditions.push(`${column} ILIKE ${params.add(`%${String(value).replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
        else if (op === 'isNull') conditions.push(value ? `${column} IS NULL` : `${column} IS NOT NULL`);
        else if (op === 'contains') conditions.push(`${column} @> ${params.add(JSON.stringify([value]))}::jsonb`);
        else throw new Error(`unknown operator "${op}" on ${model.id}.${name}`);
      }
    }
  }
  return conditions;
}

function orderOf(model: EntityModel, sort?: string[]): string {
  const keys = sort?.length
    ? sort.map((entry) => {
        const [name, direction = 'asc'] = entry.split(' ');
        const field = model.field.get(name);
        if (!field) throw new Error(`${model.id} has no field "${name}" to sort by`);
        return `${quoteIdent(field.column)} ${direction.toUpperCase() === 'DESC' ? 'DESC' : 'ASC'}`;
      })
    : model.order.map((o) => `${quoteIdent(o.field.column)} ${o.direction}`);
  return `ORDER BY ${keys.join(', ')}`;
}

/** Server code may set server-owned (readOnly) fields; they skip the input's checks. Base columns stay the engine's. */
function splitServerData(model: EntityModel, data: Row): { input: Row; serverData: Row } {
  const input: Row = {};
  const serverData: Row = {};
  for (const [name, value] of Object.entries(data)) {
    // A key given as undefined is left out, as JSON leaves it out of an HTTP body (null still clears).
    if (value === undefined) continue;
    const field = model.field.get(name);
    if (field?.isReadOnly && !field.isBase) serverData[name] = value;
    else input[name] = value;
  }
  return { input, serverData };
}

export interface LocalApi {
  find<K extends SchemaId>(id: K, options?: FindOptions<EntityTypeMap[K]>): Promise<EntityTypeMap[K][]>;
  findOne<K extends SchemaId>(id: K, where: Where<EntityTypeMap[K]>): Promise<EntityTypeMap[K] | undefined>;
  findById<K extends SchemaId>(id: K, rowId: string): Promise<EntityTypeMap[K] | undefined>;
  count<K extends SchemaId>(id: K, where?: Where<EntityTypeMap[K]>): Promise<number>;
  exists<K extends SchemaId>(id: K, where: Where<EntityTypeMap[K]>): Promise<boolean>;
  create<K extends SchemaId>(id: K, data: Partial<EntityTypeMap[K]> & Row): Promise<EntityTypeMap[K]>;
  update<K extends SchemaId>(id: K, rowId: string, data: Partial<EntityTypeMap[K]> & Row): Promise<EntityTypeMap[K]>;
  remove<K extends SchemaId>(id: K, ids: string[]): Promise<number>;
  /**
   * Bulk insert (operations/bulkInsert.ts): each row checked like a create, bad rows listed in `rejected` (not thrown),
   * the valid ones inserted set-based; duplicates counted ('ignore') or refusing the call ('error', the default).
   * Runs the register's beforeInsertMany / afterInsertMany hooks; refuses a register with per-row hooks but no bulk one.
   */
  insertMany<K extends SchemaId>(
    id: K,
    rows: (Partial<EntityTypeMap[K]> & Row)[],
    options?: InsertManyOptions,
  ): Promise<{ inserted: EntityTypeMap[K][]; duplicates: number; rejected: RejectedRow[] }>;
  /**
   * Runs a transition (x-states) on rows, as its endpoint would: scope, the button of the first binding performing it
   * (unless `{ button: false }`: a move the server makes itself), the row rules, hooks. Answers the moved rows.
   */
  transition<K extends SchemaId>(id: K, transitionName: string, ids: string[], input?: Row, options?: { button?: boolean }): Promise<Row[]>;
  /** The same API limited to the whole tenant (no data scope): for rules that hold across it, e.g. "is this post still held". */
  tenantWide(): LocalApi;
}

/**
 * A local API for one caller. Reads use `tx` when given (to see the transaction's own writes), else the pool;
 * writes need a transaction: `tx`, or one of their own per call.
 */
export function localApi(ctx: LocalContext, tx?: DbClient, reach: Reach = 'caller'): LocalApi {
  const reader: Queryable = tx ?? ctx.db;
  const scopes = new Map<string, Promise<RowScope>>();
  const scopeOf = (model: EntityModel): Promise<RowScope> => {
    if (reach === 'tenant' && !model.owner) return Promise.resolve({ tenantId: ctx.caller.tenantId });
    if (!scopes.has(model.id)) scopes.set(model.id, rowScopeOf(reader, ctx.caller, model));
    return scopes.get(model.id)!;
  };
  const operationContext = async (model: EntityModel): Promise<OperationContext> => ({ ...ctx, scope: await scopeOf(model) });
  const write = <T>(work: (client: DbClient) => Promise<T>): Promise<T> => (tx ? work(tx) : withTransaction(ctx.db, work));

  async function select(model: EntityModel, options: FindOptions<Row>, limit: number, lock: boolean): Promise<Row[]> {
    const params = new Params();
    const conditions = [...scopeConditions(model, await scopeOf(model), params), ...whereConditions(model, options.where ?? {}, params)];
    const text = `SELECT ${selectList(outputFields(model))} FROM ${quoteIdent(model.table)} WHERE ${conditions.join(' AND ')} ${orderOf(model, options.sort)} LIMIT ${params.add(limit)}${lock ? ' FOR UPDATE' : ''}`;
    const rows = (await reader.query(text, params.values)).rows as Row[];
    return options.withTitles ? attachTitles(reader, model, rows, ctx.caller.tenantId) : rows;
  }

  const api: LocalApi = {
    async find(id, options = {}) {
      const limit = Math.min(options.limit ?? MAX_LOCAL_ROWS, MAX_LOCAL_ROWS);
      return (await select(entityModel(id), options as FindOptions<Row>, limit, options.forUpdate === true)) as never;
    },
    async findOne(id, where) {
      return (await select(entityModel(id), { where } as FindOptions<Row>, 1, false))[0] as never;
    },
    async findById(id, rowId) {
      return (await select(entityModel(id), { where: { id: rowId } }, 1, false))[0] as never;
    },
    async count(id, where = {}) {
      const model = entityModel(id);
      const params = new Params();
      const conditions = [...scopeConditions(model, await scopeOf(model), params), ...whereConditions(model, where as Row, params)];
      const result = await reader.query(`SELECT count(*)::int AS "total" FROM ${quoteIdent(model.table)} WHERE ${conditions.join(' AND ')}`, params.values);
      return result.rows[0].total as number;
    },
    async exists(id, where) {
      return (await api.findOne(id, where)) !== undefined;
    },
    async create(id, data) {
      const model = entityModel(id);
      const opCtx = await operationContext(model);
      const { input, serverData } = splitServerData(model, data);
      return (await write((client) => insertRow(opCtx, client, model, input, { checkAccess: false, serverData }))) as never;
    },
    async update(id, rowId, data) {
      const model = entityModel(id);
      const opCtx = await operationContext(model);
      const { input, serverData } = splitServerData(model, data);
      return (await write((client) => updateRow(opCtx, client, model, { ...input, id: rowId }, { checkAccess: false, serverData }))) as never;
    },
    async remove(id, ids) {
      if (ids.length === 0) return 0;
      const model = entityModel(id);
      const opCtx = await operationContext(model);
      return (await write((client) => removeRows(opCtx, client, model, ids))).removed;
    },
    async insertMany(id, rows, options = {}) {
      const model = entityModel(id);
      const opCtx = await operationContext(model);
      return (await write((client) => insertManyRows(opCtx, client, model, rows, options))) as never;
    },
    async transition(id, transitionName, ids, input = {}, options = {}) {
      const model = entityModel(id);
      const transition = model.states?.machine.transitions.find((t) => t.name === transitionName);
      if (!transition) throw new Error(`${model.id} has no transition "${transitionName}"`);
      const binding = model.bindings.find((b) => b.transition === transition);
      if (options.button !== false && !binding)
        throw new Error(`${model.id}: no endpoint performs "${transitionName}" (pass { button: false } for a server move)`);
      const opCtx = await operationContext(model);
      const button = options.button === false ? false : binding!.button!;
      return write((client) => runTransition(opCtx, client, model, transition, ids, input, { button }));
    },
    tenantWide: () => localApi(ctx, tx, 'tenant'),
  };
  return api;
}
