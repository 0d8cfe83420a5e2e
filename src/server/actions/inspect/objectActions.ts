/**
 * Objects of any kind (inspect/maintain/clean object): the structures of a
 * reservoir that are worked on. saveAll creates one object per (object ×
 * reservoir) pair of objList × reservoirList in the action's transaction —
 * every pair is checked before the first insert, and any failure leaves
 * nothing behind. getByStructIds answers the objects made from structure
 * templates; list/default (inspection) the default objList.
 */
import type { DbClient } from '../../db/pool.js';
import type { ActionContext, ActionHandler } from '../../engine/actions.js';
import type { Filter } from '../../engine/listParams.js';
import { quoteIdent } from '../../engine/naming.js';
import { MAX_UNPAGED_ROWS } from '../../engine/operations/readOperations.js';
import { insertRow, updateRow } from '../../engine/operations/writeOperations.js';
import { buildSelectAll } from '../../engine/sqlBuilder.js';
import { badRequest } from '../../http/apiError.js';
import { bodyOf } from './itemGroupActions.js';
import { FieldErrors, idList, missingIds, type Row } from './setupRules.js';
import { reservoirModel, STRUCT_TYPE, structTemplateModel, type SetupKind } from './setupKinds.js';

const MAX_OBJECTS = 100;
const MAX_RESERVOIRS = 500;
/** One saveAll writes at most this many objects (a county has a few hundred reservoirs and a handful of structures each). */
const MAX_PAIRS = 2000;

interface TemplateRow {
  id: string;
  name: string;
}

/** Templates of the kind's struct type among ids; the others are missing (or of another kind). */
async function templatesOf(ctx: ActionContext, kind: SetupKind, ids: string[]): Promise<Map<string, TemplateRow>> {
  if (ids.length === 0) return new Map();
  const found = await ctx.tx.query<TemplateRow>(
    `SELECT id::text AS id, name FROM ${quoteIdent(structTemplateModel().table)} WHERE tenant_id = $1 AND is_deleted = 0 AND struct_type = $2 AND id = ANY($3::bigint[])`,
    [ctx.caller.tenantId, STRUCT_TYPE[kind], ids],
  );
  return new Map(found.rows.map((row) => [row.id, row]));
}

/** objList as sent, or built from structIds (the console's dialog): each template becomes an object of its name. */
async function objectListOf(ctx: ActionContext, kind: SetupKind, body: Row, errors: FieldErrors): Promise<Row[]> {
  if (body.objList !== undefined && body.objList !== null) {
    if (!Array.isArray(body.objList) || body.objList.some((obj) => !obj || typeof obj !== 'object' || Array.isArray(obj))) {
      errors.add('objList', '对象列表格式不正确', 'objList must be a list of objects');
      return [];
    }
    return body.objList as Row[];
  }
  const structIds = idList(body.structIds);
  if (!structIds.isValid) errors.add('structIds', '结构模板编号不正确', 'A structure template id is not valid');
  const templates = await templatesOf(ctx, kind, structIds.ids);
  if (templates.size !== new Set(structIds.ids).size) errors.add('structIds', '所选结构模板不存在或类型不符', 'A chosen structure template does not exist or is of another kind');
  return [...new Set(structIds.ids)].filter((id) => templates.has(id)).map((id) => ({ objName: templates.get(id)!.name, structId: id }));
}

/** Everything that can be known before writing: sizes, names, templates, reservoirs, names already taken. */
async function checkBatch(ctx: ActionContext, kind: SetupKind, objects: Row[], reservoirIds: string[], errors: FieldErrors): Promise<void> {
  if (objects.length === 0) errors.add('objList', '请至少添加一个对象', 'Add at least one object');
  if (reservoirIds.length === 0) errors.add('reservoirList', '请至少选择一个水库', 'Choose at least one reservoir');
  if (objects.length > MAX_OBJECTS) errors.add('objList', `一次最多 ${MAX_OBJECTS} 个对象`, `At most ${MAX_OBJECTS} objects at once`);
  if (reservoirIds.length > MAX_RESERVOIRS) errors.add('reservoirList', `一次最多 ${MAX_RESERVOIRS} 个水库`, `At most ${MAX_RESERVOIRS} reservoirs at once`);
  if (objects.length * reservoirIds.length > MAX_PAIRS) errors.add('objList', `一次最多新增 ${MAX_PAIRS} 个对象`, `At most ${MAX_PAIRS} objects can be created at once`);
  const names = objects.map((obj) => obj.objName);
  if (names.some((name) => typeof name !== 'string' || name.trim() === '')) errors.add('objName', '请输入对象名称', 'Please enter the object name');
  else if (new Set(names).size !== names.length) errors.add('objList', '对象名称不能重复', 'Object names must differ');
  const structIds = [...new Set(objects.map((obj) => obj.structId).filter((id) => id !== undefined && id !== null && id !== '' && id !== '0'))];
  const structs = idList(structIds);
  if (!structs.isValid || (await templatesOf(ctx, kind, structs.ids)).size !== structs.ids.length) {
    errors.add('structId', '所选结构模板不存在或类型不符', 'A chosen structure template does not exist or is of another kind');
  }
  if ((await missingIds(ctx.tx, reservoirModel(), ctx.caller.tenantId, reservoirIds)).length > 0) {
    errors.add('reservoirList', '所选水库不存在或已被删除', 'A chosen reservoir does not exist or was deleted');
  }
  errors.throwIfAny();
  const taken = await ctx.tx.query<{ reservoir: string; obj_name: string }>(
    `SELECT r.name AS reservoir, o.obj_name FROM ${quoteIdent(ctx.model.table)} o JOIN ${quoteIdent(reservoirModel().table)} r ON r.id = o.reservoir_id
      WHERE o.tenant_id = $1 AND o.is_deleted = 0 AND o.reservoir_id = ANY($2::bigint[]) AND o.obj_name = ANY($3::text[]) LIMIT 1`,
    [ctx.caller.tenantId, reservoirIds, names],
  );
  const clash = taken.rows[0];
  if (clash) throw badRequest(`水库「${clash.reservoir}」已有对象「${clash.obj_name}」`, `The reservoir "${clash.reservoir}" already has an object "${clash.obj_name}"`);
}

async function saveAll(ctx: ActionContext, kind: SetupKind): Promise<{ created: number; records: Row[] }> {
  const body = bodyOf(ctx);
  const errors = new FieldErrors(ctx.language);
  const reservoirs = idList(body.reservoirList);
  if (!reservoirs.isValid) errors.add('reservoirList', '水库编号不正确', 'A reservoir id is not valid');
  const reservoirIds = [...new Set(reservoirs.ids)];
  const objects = await objectListOf(ctx, kind, body, errors);
  await checkBatch(ctx, kind, objects, reservoirIds, errors);
  const records: Row[] = [];
  // Every insert runs the engine's validation; one failure rolls the whole transaction back.
  for (const reservoirId of reservoirIds) {
    for (const obj of objects) records.push(await insertRow(ctx, ctx.tx as DbClient, ctx.model, { ...obj, reservoirId }));
  }
  return { created: records.length, records };
}

/** An update may move an object to another reservoir or template: both must be the tenant's (and the template of this kind). */
async function update(ctx: ActionContext, kind: SetupKind): Promise<Row> {
  const saved = await updateRow(ctx, ctx.tx as DbClient, ctx.model, bodyOf(ctx));
  const errors = new FieldErrors(ctx.language);
  if ((await missingIds(ctx.tx, reservoirModel(), ctx.caller.tenantId, [String(saved.reservoirId)])).length > 0) {
    errors.add('reservoirId', '所选水库不存在或已被删除', 'The chosen reservoir does not exist or was deleted');
  }
  const structId = String(saved.structId ?? '0');
  if (structId !== '0' && (await templatesOf(ctx, kind, [structId])).size === 0) {
    errors.add('structId', '所选结构模板不存在或类型不符', 'The chosen structure template does not exist or is of another kind');
  }
  errors.throwIfAny();
  return saved;
}

async function getByStructIds(ctx: ActionContext): Promise<Row[]> {
  const structIds = idList(ctx.query.structIds);
  if (!structIds.isValid || structIds.ids.length === 0) throw badRequest('请选择结构模板（structIds）', 'Choose the structure templates (structIds)');
  if (structIds.ids.length > 1000) throw badRequest('一次最多查询 1000 个结构模板', 'At most 1000 structure templates at once');
  const filter: Filter = { field: ctx.model.field.get('structId')!, op: 'in', value: structIds.ids };
  const sql = buildSelectAll(ctx.model, ctx.scope, [filter], ctx.model.order, MAX_UNPAGED_ROWS);
  return (await ctx.db.query(sql.text, sql.values)).rows;
}

/** The default objList of a reservoir: one object per top-level structure template of the kind. */
async function listDefault(ctx: ActionContext, kind: SetupKind): Promise<Row[]> {
  const found = await ctx.db.query<{ id: string; name: string; remark: string | null }>(
    `SELECT id::text AS id, name, remark FROM ${quoteIdent(structTemplateModel().table)}
      WHERE tenant_id = $1 AND is_deleted = 0 AND struct_type = $2 AND refer_id = 0 ORDER BY sort, create_time`,
    [ctx.caller.tenantId, STRUCT_TYPE[kind]],
  );
  return found.rows.map((row) => ({ objName: row.name, structId: row.id, remark: row.remark }));
}

export function objectActions(kind: SetupKind): Record<string, ActionHandler> {
  return {
    saveAll: (ctx) => saveAll(ctx, kind),
    update: (ctx) => update(ctx, kind),
    getByStructIds,
    listDefault: (ctx) => listDefault(ctx, kind),
  };
}
