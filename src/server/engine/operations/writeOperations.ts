/**
 * Write operations: save (insert), update, submit (upsert: id present →
 * update) and remove (soft delete). Each runs access → validation → rules →
 * SQL in one transaction, and answers with the saved record.
 */
import { nextId } from '../../db/ids.js';
import { withTransaction, type DbClient, type Queryable } from '../../db/pool.js';
import { assertButton, assertPlatformAdmin, isPlatformAdmin } from '../../auth/permissions.js';
import { ApiError, badRequest, notFound, type Language } from '../../http/apiError.js';
import type { EntityModel } from '../entityModel.js';
import { sealSecretFields } from '../fieldSecrets.js';
import { quoteIdent } from '../naming.js';
import { buildInsert, buildSelectById, buildSoftDelete, buildUpdate, Params, scopeConditions } from '../sqlBuilder.js';
import { assertValid, compileValidators, pickWritable, withoutImmutable, type EntityValidators } from '../validation.js';
import { actorOf, tenantScope, type OperationContext } from './context.js';
import { requireId } from './readOperations.js';
import { assertStateAllows } from './transitionOperation.js';
import { assertDictionaryValues } from '../dictionaryValues.js';
import { runHooks } from '../hooks.js';
import { assertReferences } from '../references.js';
import { assertInsideBinding } from './bindingWhere.js';

type Row = Record<string, unknown>;

const validatorCache = new WeakMap<EntityModel, EntityValidators>();
export function validatorsOf(model: EntityModel): EntityValidators {
  let validators = validatorCache.get(model);
  if (!validators) validatorCache.set(model, (validators = compileValidators(model)));
  return validators;
}

/** A write needs its endpoint's button (`button`: the binding's own), else the register's add/edit/delete code. */
async function assertMayWrite(ctx: OperationContext, db: DbClient, model: EntityModel, action: 'add' | 'edit' | 'delete', button?: string): Promise<void> {
  if (model.scope === 'platform') await assertPlatformAdmin(db, ctx.caller);
  await assertButton(db, ctx.caller, button ?? model.permissions[action]);
}

function asBody(body: unknown): Row {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('请求体必须是一个 JSON 对象', 'The request body must be a JSON object');
  }
  return body as Row;
}

function message(language: Language, zh: string, en: string): string {
  return language === 'zh' ? zh : en;
}

async function assertUnique(ctx: OperationContext, db: DbClient, model: EntityModel, merged: Row, selfId?: string): Promise<void> {
  for (const rule of model.unique) {
    const params = new Params();
    const conditions = scopeConditions(model, tenantScope(ctx), params);
    for (const name of rule.fields) {
      conditions.push(`${quoteIdent(model.field.get(name)!.column)} = ${params.add(merged[name])}`);
    }
    if (selfId) conditions.push(`"id" <> ${params.add(selfId)}`);
    const found = await db.query(`SELECT 1 FROM ${quoteIdent(model.table)} WHERE ${conditions.join(' AND ')} LIMIT 1`, params.values);
    if ((found.rowCount ?? 0) > 0)
      throw badRequest(rule.message, rule['message-en'], {
        errors: [{ field: rule.fields[0], message: message(ctx.language, rule.message, rule['message-en']) }],
      });
  }
}

/** Required-unless rules (e.g. a dictionary entry needs a key unless it is a parent row). */
export function assertConditionalRequired(ctx: OperationContext, model: EntityModel, merged: Row): void {
  for (const field of model.fields) {
    const rule = field.schema['x-required-unless'];
    if (!rule) continue;
    const other = merged[rule.field] ?? model.field.get(rule.field)?.schema.default;
    const value = merged[field.name];
    if (String(other) !== String(rule.value) && (value === undefined || value === null || value === '' || value === field.schema.default)) {
      const text = {
        zh: field.schema['x-messages']?.required ?? `请输入${field.schema.title}`,
        en: field.schema['x-messages-en']?.required ?? `Please enter ${field.schema['x-en']}`,
      };
      throw badRequest(text.zh, text.en, { errors: [{ field: field.name, message: text[ctx.language] }] });
    }
  }
}

async function assertNotSealed(ctx: OperationContext, db: Queryable, model: EntityModel, rows: Row[]): Promise<void> {
  const sealed = model.sealed;
  if (!sealed || !rows.some((row) => String(row[sealed.field]) === String(sealed.value ?? 1))) return;
  if (await isPlatformAdmin(db, ctx.caller)) return;
  throw badRequest(sealed.message, sealed['message-en']);
}

async function loadForUpdate(ctx: OperationContext, db: DbClient, model: EntityModel, id: string): Promise<Row> {
  const sql = buildSelectById(model, ctx.scope, id, true);
  const row = (await db.query(sql.text, sql.values)).rows[0];
  if (!row) throw notFound();
  return row;
}

/** How a write is gated: by the register's button (an endpoint), or already by the caller's own endpoint (the local API). */
export interface WriteOptions {
  /** false: the caller's endpoint has checked access already (local API writes into another register). */
  checkAccess?: boolean;
  /** The button the endpoint needs instead of the register's add/edit/delete code (a binding's own `button`). */
  button?: string;
  /** Server-owned fields (readOnly, never taken from input) that server code sets with the write, e.g. an inbox message's recipient. */
  serverData?: Row;
}

/** Server-owned values join the write after the input's checks: they are the server's, not the caller's. */
function withServerData(model: EntityModel, data: Row, serverData: Row | undefined): void {
  for (const [name, value] of Object.entries(serverData ?? {})) {
    const field = model.field.get(name);
    if (!field || field.isBase) throw new Error(`${model.id}: "${name}" is not a field the server may set`);
    data[name] = value;
  }
}

/** References and dictionary entries of the fields a write sets (on an update, only the values it adds). */
async function assertRelations(ctx: OperationContext, db: DbClient, model: EntityModel, data: Row, existing?: Row): Promise<void> {
  await assertReferences(ctx, db, model, data, existing);
  await assertDictionaryValues(ctx, db, model, data, existing);
}

/** Checks, validates and inserts one record in the caller's transaction, running the register's hooks. */
export async function insertRow(ctx: OperationContext, db: DbClient, model: EntityModel, body: Row, options: WriteOptions = {}): Promise<Row> {
  if (options.checkAccess !== false) await assertMayWrite(ctx, db, model, 'add', options.button);
  const data = pickWritable(model, body, true);
  const hookArgs = { ctx, tx: db, model, operation: 'create' as const, data, input: body };
  await runHooks('beforeValidate', hookArgs);
  assertValid(model, validatorsOf(model).create, data, ctx.language);
  assertConditionalRequired(ctx, model, data);
  const withDefaults = { ...defaultsOf(model), ...data };
  await assertInsideBinding(ctx, db, model, withDefaults);
  if (model.tree) await assertParentExists(ctx, db, model, withDefaults[model.tree.parentField]);
  await assertRelations(ctx, db, model, data);
  withServerData(model, data, options.serverData);
  await assertUnique(ctx, db, model, { ...withDefaults, ...data });
  await runHooks('beforeChange', { ...hookArgs, merged: { ...withDefaults, ...data } });
  const id = nextId();
  const ownerId = model.owner ? (data[model.owner.name] as string | undefined) : undefined;
  const sql = buildInsert(model, actorOf(ctx.caller), id, sealSecretFields(ctx.db, model, data), ownerId);
  await db.query(sql.text, sql.values);
  const row = await loadForUpdate(ctx, db, model, id);
  await runHooks('afterChange', { ctx, tx: db, model, operation: 'create', row, input: body });
  return row;
}

function expectedVersionOf(body: Row): number | undefined {
  const raw = body.version;
  if (raw === undefined || raw === null || raw === '') return undefined;
  const version = Number(raw);
  if (!Number.isInteger(version)) throw badRequest('版本号必须是整数', 'The version must be an integer');
  return version;
}

/** Checks, validates and updates one record in the caller's transaction, running the register's hooks. */
export async function updateRow(ctx: OperationContext, db: DbClient, model: EntityModel, body: Row, options: WriteOptions = {}): Promise<Row> {
  const id = requireId(body.id);
  if (options.checkAccess !== false) await assertMayWrite(ctx, db, model, 'edit', options.button);
  const picked = pickWritable(model, body, false);
  const existing = await loadForUpdate(ctx, db, model, id);
  const hookArgs = { ctx, tx: db, model, operation: 'update' as const, data: picked, input: body, existing };
  await runHooks('beforeValidate', hookArgs);
  assertValid(model, validatorsOf(model).update, picked, ctx.language);
  const data = withoutImmutable(model, picked);
  await assertNotSealed(ctx, db, model, [existing]);
  assertStateAllows(model, [existing], 'edit');
  const expectedVersion = expectedVersionOf(body);
  if (expectedVersion !== undefined && expectedVersion !== existing.version) {
    throw new ApiError(409, { zh: '数据已被他人修改，请刷新后重试', en: 'Someone else changed this record; reload it and try again' });
  }
  withServerData(model, data, options.serverData);
  const merged = { ...existing, ...data };
  await assertInsideBinding(ctx, db, model, merged);
  if (model.tree && model.tree.parentField in data) {
    await assertParentExists(ctx, db, model, merged[model.tree.parentField]);
    await assertNotOwnAncestor(ctx, db, model, id, merged[model.tree.parentField]);
  }
  assertConditionalRequired(ctx, model, merged);
  await assertRelations(ctx, db, model, data, existing);
  await assertUnique(ctx, db, model, merged, id);
  await runHooks('beforeChange', { ...hookArgs, data, merged });
  const sql = buildUpdate(model, ctx.scope, actorOf(ctx.caller), id, sealSecretFields(ctx.db, model, data));
  await db.query(sql.text, sql.values);
  const row = await loadForUpdate(ctx, db, model, id);
  await runHooks('afterChange', { ctx, tx: db, model, operation: 'update', row, input: body, existing });
  return row;
}

/** How an endpoint gates its generic write: the binding's own button, if it names one. */
export type EndpointWrite = Pick<WriteOptions, 'button'>;

export function saveOperation(ctx: OperationContext, model: EntityModel, body: unknown, options: EndpointWrite = {}): Promise<Row> {
  const row = asBody(body);
  if (row.id !== undefined && row.id !== null && row.id !== '') {
    throw badRequest('新增数据不能指定主键', 'A new record cannot carry an id');
  }
  return withTransaction(ctx.db, (db) => insertRow(ctx, db, model, row, options));
}

export function updateOperation(ctx: OperationContext, model: EntityModel, body: unknown, options: EndpointWrite = {}): Promise<Row> {
  const row = asBody(body);
  return withTransaction(ctx.db, (db) => updateRow(ctx, db, model, row, options));
}

export function submitOperation(ctx: OperationContext, model: EntityModel, body: unknown, options: EndpointWrite = {}): Promise<Row> {
  const row = asBody(body);
  const isUpdate = row.id !== undefined && row.id !== null && row.id !== '';
  return withTransaction(ctx.db, (db) => (isUpdate ? updateRow(ctx, db, model, row, options) : insertRow(ctx, db, model, row, options)));
}

/** Parses `ids=1,2,3`: every id valid, at most 1000, duplicates collapsed. */
export function parseIds(raw: unknown, name = 'ids'): string[] {
  if (typeof raw !== 'string' || raw.trim() === '') {
    throw badRequest('请选择要删除的数据', 'Choose at least one record to delete');
  }
  const ids = [
    ...new Set(
      raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length > 1000) throw badRequest('一次最多删除 1000 条数据', 'At most 1000 records can be deleted at once');
  return ids.map((id) => requireId(id, name));
}

/**
 * Soft-deletes rows of the caller's scope, all or nothing, in the caller's transaction: every id must be a
 * live row (locked; else 404), sealed rows, rows in a state that may not be removed and parents with children
 * are refused, and `guard` (a register's own rule: a post users still hold) sees the locked rows (raw columns)
 * and may refuse before anything changes.
 */
export async function removeRows(
  ctx: OperationContext,
  db: Queryable,
  model: EntityModel,
  ids: string[],
  guard?: (rows: Row[]) => Promise<void>,
): Promise<{ removed: number }> {
  const params = new Params();
  const conditions = [...scopeConditions(model, ctx.scope, params), `"id" = ANY(${params.add(ids)}::bigint[])`];
  const found = (await db.query(`SELECT * FROM ${quoteIdent(model.table)} WHERE ${conditions.join(' AND ')} FOR UPDATE`, params.values)).rows as Row[];
  if (found.length !== ids.length) {
    throw new ApiError(404, { zh: '要删除的数据不存在或已被删除', en: 'Some of the records to delete do not exist or were already deleted' });
  }
  const sealed = model.sealed;
  await assertNotSealed(ctx, db, model, sealed ? found.map((r) => ({ [sealed.field]: r[model.field.get(sealed.field)!.column] })) : []);
  assertStateAllows(model, found, 'remove');
  if (model.tree) await assertNoOrphans(ctx, db, model, ids);
  await guard?.(found);
  await runHooks('beforeRemove', { ctx, tx: db as DbClient, model, rows: found });
  const sql = buildSoftDelete(model, ctx.scope, actorOf(ctx.caller), ids);
  const result = await db.query(sql.text, sql.values);
  return { removed: result.rowCount ?? 0 };
}

export function removeOperation(ctx: OperationContext, model: EntityModel, rawIds: unknown, options: EndpointWrite = {}): Promise<{ removed: number }> {
  const ids = parseIds(rawIds);
  return withTransaction(ctx.db, async (db) => {
    await assertMayWrite(ctx, db, model, 'delete', options.button);
    return removeRows(ctx, db, model, ids);
  });
}

/** Schema defaults of writable fields, as the database will fill them. */
export function defaultsOf(model: EntityModel): Row {
  return Object.fromEntries(model.fields.filter((f) => !f.isBase && f.schema.default !== undefined).map((f) => [f.name, f.schema.default]));
}

/** A parent must be a row the caller can see (0 = root): no dangling or cross-tenant parents. */
async function assertParentExists(ctx: OperationContext, db: DbClient, model: EntityModel, parentId: unknown): Promise<void> {
  if (parentId === undefined || parentId === null || String(parentId) === '0') return;
  const sql = buildSelectById(model, tenantScope(ctx), String(parentId));
  if ((await db.query(sql.text, sql.values)).rowCount === 0) {
    throw badRequest('上级数据不存在', 'The parent entry does not exist');
  }
}

/** A node cannot move under itself or one of its descendants (that would cut it off the tree). */
async function assertNotOwnAncestor(ctx: OperationContext, db: DbClient, model: EntityModel, id: string, newParent: unknown): Promise<void> {
  if (newParent === undefined || newParent === null || String(newParent) === '0') return;
  const params = new Params();
  const table = quoteIdent(model.table);
  const parentColumn = quoteIdent(model.field.get(model.tree!.parentField)!.column);
  const scope = scopeConditions(model, tenantScope(ctx), params).join(' AND ');
  const result = await db.query(
    `WITH RECURSIVE below AS (
       SELECT "id" FROM ${table} WHERE "id" = ${params.add(id)}
       UNION SELECT t."id" FROM ${table} t JOIN below b ON t.${parentColumn} = b."id" WHERE ${scope.replace(/"(tenant_id|is_deleted)"/g, 't."$1"')}
     ) SELECT 1 FROM below WHERE "id" = ${params.add(String(newParent))} LIMIT 1`,
    params.values,
  );
  if ((result.rowCount ?? 0) > 0) throw badRequest('上级不能是自己或自己的下级', 'The parent cannot be the entry itself or one of its descendants');
}

async function assertNoOrphans(ctx: OperationContext, db: Queryable, model: EntityModel, ids: string[]): Promise<void> {
  const params = new Params();
  const parentColumn = quoteIdent(model.field.get(model.tree!.parentField)!.column);
  const conditions = [...scopeConditions(model, tenantScope(ctx), params), `${parentColumn} = ANY(${params.add(ids)})`, `NOT ("id" = ANY(${params.add(ids)}))`];
  const children = await db.query(`SELECT 1 FROM ${quoteIdent(model.table)} WHERE ${conditions.join(' AND ')} LIMIT 1`, params.values);
  if ((children.rowCount ?? 0) > 0) {
    throw badRequest('请先删除子节点', 'Delete the child entries first');
  }
}
