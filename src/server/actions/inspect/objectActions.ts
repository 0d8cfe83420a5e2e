/**
 * Objects of any kind (inspect/maintain/clean object): the structures of a
 * reservoir that are worked on. saveAll creates one object per (object ×
 * reservoir) pair of objList × reservoirList in the action's transaction —
 * every pair is checked before the first insert, and any failure leaves
 * nothing behind. getByStructIds answers the objects made from structure
 * templates; list/default (inspection) the default objList.
 */
import type { DbClient, Queryable } from '../../db/pool.js';
import type { ActionContext, ActionHandler } from '../../engine/actions.js';
import { defineHooks } from '../../engine/hooks.js';
import type { Filter } from '../../engine/listParams.js';
import { localApi } from '../../engine/localApi.js';
import type { OperationContext } from '../../engine/operations/context.js';
import { MAX_UNPAGED_ROWS } from '../../engine/operations/readOperations.js';
import { insertRow } from '../../engine/operations/writeOperations.js';
import { buildSelectAll } from '../../engine/sqlBuilder.js';
import { badRequest } from '../../http/apiError.js';
import { bodyOf } from './itemGroupActions.js';
import { FieldErrors, idList, missingIds, type Row } from './setupRules.js';
import { STRUCT_TYPE, type SetupKind } from './setupKinds.js';

const MAX_OBJECTS = 100;
const MAX_RESERVOIRS = 500;
/** One saveAll writes at most this many objects (a county has a few hundred reservoirs and a handful of structures each). */
const MAX_PAIRS = 2000;

interface TemplateRow {
  id: string;
  name: string;
}

/** Templates of the kind's struct type among ids; the others are missing (or of another kind). */
async function templatesOf(ctx: OperationContext, tx: Queryable, kind: SetupKind, ids: string[]): Promise<Map<string, TemplateRow>> {
  if (ids.length === 0) return new Map();
  const found = await localApi(ctx, tx as DbClient)
    .tenantWide()
    .find('inspect/structTemplate', { where: { structType: STRUCT_TYPE[kind], id: ids } });
  return new Map(found.map((row) => [String(row.id), { id: String(row.id), name: row.name }]));
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
  const templates = await templatesOf(ctx, ctx.tx, kind, structIds.ids);
  if (templates.size !== new Set(structIds.ids).size)
    errors.add('structIds', '所选结构模板不存在或类型不符', 'A chosen structure template does not exist or is of another kind');
  return [...new Set(structIds.ids)].filter((id) => templates.has(id)).map((id) => ({ objName: templates.get(id)!.name, structId: id }));
}

/** Everything that can be known before writing: sizes, names, templates, reservoirs, names already taken. */
async function checkBatch(ctx: ActionContext, kind: SetupKind, objects: Row[], reservoirIds: string[], errors: FieldErrors): Promise<void> {
  if (objects.length === 0) errors.add('objList', '请至少添加一个对象', 'Add at least one object');
  if (reservoirIds.length === 0) errors.add('reservoirList', '请至少选择一个水库', 'Choose at least one reservoir');
  if (objects.length > MAX_OBJECTS) errors.add('objList', `一次最多 ${MAX_OBJECTS} 个对象`, `At most ${MAX_OBJECTS} objects at once`);
  if (reservoirIds.length > MAX_RESERVOIRS) errors.add('reservoirList', `一次最多 ${MAX_RESERVOIRS} 个水库`, `At most ${MAX_RESERVOIRS} reservoirs at once`);
  if (objects.length * reservoirIds.length > MAX_PAIRS)
    errors.add('objList', `一次最多新增 ${MAX_PAIRS} 个对象`, `At most ${MAX_PAIRS} objects can be created at once`);
  const names = objects.map((obj) => obj.objName);
  if (names.some((name) => typeof name !== 'string' || name.trim() === '')) errors.add('objName', '请输入对象名称', 'Please enter the object name');
  else if (new Set(names).size !== names.length) errors.add('objList', '对象名称不能重复', 'Object names must differ');
  const structIds = [...new Set(objects.map((obj) => obj.structId).filter((id) => id !== undefined && id !== null && id !== '' && id !== '0'))];
  const structs = idList(structIds);
  if (!structs.isValid || (await templatesOf(ctx, ctx.tx, kind, structs.ids)).size !== structs.ids.length) {
    errors.add('structId', '所选结构模板不存在或类型不符', 'A chosen structure template does not exist or is of another kind');
  }
  if ((await missingIds(ctx, ctx.tx, 'reservoir/reservoir', reservoirIds)).length > 0) {
    errors.add('reservoirList', '所选水库不存在或已被删除', 'A chosen reservoir does not exist or was deleted');
  }
  errors.throwIfAny();
  const api = localApi(ctx, ctx.tx as DbClient).tenantWide();
  const [taken] = await api.find(ctx.model.id as `${SetupKind}/object`, { where: { reservoirId: reservoirIds, objName: names as string[] }, limit: 1 });
  const clash = taken && { reservoir: (await api.findById('reservoir/reservoir', String(taken.reservoirId)))?.name ?? null, obj_name: taken.objName };
  if (clash)
    throw badRequest(`水库「${clash.reservoir}」已有对象「${clash.obj_name}」`, `The reservoir "${clash.reservoir}" already has an object "${clash.obj_name}"`);
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

/** An object made from a template takes one of its own kind (the engine checks the template exists). */
export function defineObjectHooks(kind: SetupKind): void {
  defineHooks(`${kind}/object`, {
    beforeChange: async ({ ctx, tx, data }) => {
      const structId = data.structId === undefined || data.structId === null ? '0' : String(data.structId);
      if (structId === '0' || (await templatesOf(ctx, tx, kind, [structId])).size > 0) return;
      const errors = new FieldErrors(ctx.language);
      errors.add('structId', '所选结构模板不存在或类型不符', 'The chosen structure template does not exist or is of another kind');
      errors.throwIfAny();
    },
  });
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
  const found = await localApi(ctx)
    .tenantWide()
    .find('inspect/structTemplate', { where: { structType: STRUCT_TYPE[kind], referId: '0' }, sort: ['sort asc', 'createTime asc'] });
  return found.map((row) => ({ objName: row.name, structId: String(row.id), remark: row.remark ?? null }));
}

export function objectActions(kind: SetupKind): Record<string, ActionHandler> {
  return {
    saveAll: (ctx) => saveAll(ctx, kind),
    getByStructIds,
    listDefault: (ctx) => listDefault(ctx, kind),
  };
}
