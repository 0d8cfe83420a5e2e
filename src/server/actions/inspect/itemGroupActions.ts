/**
 * Item groups of any kind (inspect/maintain/clean itemGroup): a group holds
 * the ids of its items (`ids`, in display order). Save and update check that
 * every item and reservoir exists in the tenant and keep itemCount; detail
 * (groupId) answers the group with its items; reservoirs (groupId) the
 * reservoirs it applies to; remove (id) refuses a group an inspection plan
 * still uses.
 */
import type { DbClient, Queryable } from '../../db/pool.js';
import { rowScopeOf } from '../../auth/dataScopes.js';
import type { ActionContext, ActionHandler } from '../../engine/actions.js';
import type { EntityModel } from '../../engine/entityModel.js';
import type { Filter } from '../../engine/listParams.js';
import { quoteIdent } from '../../engine/naming.js';
import { detailOperation, MAX_UNPAGED_ROWS, requireId } from '../../engine/operations/readOperations.js';
import { insertRow, parseIds, updateRow } from '../../engine/operations/writeOperations.js';
import { buildSelectAll } from '../../engine/sqlBuilder.js';
import { badRequest } from '../../http/apiError.js';
import { FieldErrors, hasDuplicates, idList, missingIds, type Row } from './setupRules.js';
import { removeRows } from '../../engine/operations/writeOperations.js';
import { itemModel, KIND_LABEL, planModel, reservoirModel, type SetupKind } from './setupKinds.js';

/** Rows of a model by id, in the order of ids (ids the caller cannot see are left out). */
export async function rowsInOrder(db: Queryable, model: EntityModel, scope: ActionContext['scope'], ids: string[], fields?: string[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  const filter: Filter = { field: model.field.get('id')!, op: 'in', value: ids };
  const sql = buildSelectAll(model, scope, [filter], model.order, MAX_UNPAGED_ROWS, fields);
  const byId = new Map((await db.query(sql.text, sql.values)).rows.map((row: Row) => [String(row.id), row]));
  return ids.map((id) => byId.get(id)).filter((row): row is Row => !!row);
}

/** Checks the stored group (after the engine's insert/update, in the same transaction) and keeps itemCount. */
async function checkGroup(ctx: ActionContext, kind: SetupKind, group: Row): Promise<Row> {
  const errors = new FieldErrors(ctx.language);
  const items = idList(group.ids);
  const label = KIND_LABEL[kind];
  if (!items.isValid) errors.add('ids', '项目编号不正确', 'An item id is not valid');
  else if (hasDuplicates(items.ids)) errors.add('ids', '同一项目不能重复加入项目组', 'An item is in the group twice');
  else if ((await missingIds(ctx.tx, itemModel(kind), ctx.caller.tenantId, items.ids)).length > 0) {
    errors.add('ids', `所选${label.zh}项目不存在或已被删除`, `A chosen ${label.en} item does not exist or was deleted`);
  }
  const reservoirs = idList(group.reservoirIds);
  if (!reservoirs.isValid || (await missingIds(ctx.tx, reservoirModel(), ctx.caller.tenantId, reservoirs.ids)).length > 0) {
    errors.add('reservoirIds', '所选水库不存在或已被删除', 'A chosen reservoir does not exist or was deleted');
  }
  errors.throwIfAny();
  const itemCount = items.ids.length;
  await ctx.tx.query(`UPDATE ${quoteIdent(ctx.model.table)} SET item_count = $1 WHERE id = $2`, [itemCount, group.id]);
  return { ...group, itemCount };
}

function groupIdOf(ctx: ActionContext): string {
  return requireId(ctx.query.groupId ?? ctx.query.id, 'groupId');
}

async function reservoirsOfGroup(ctx: ActionContext): Promise<Row[]> {
  const group = await detailOperation(ctx, ctx.model, groupIdOf(ctx));
  const model = reservoirModel();
  const scope = await rowScopeOf(ctx.db, ctx.caller, model);
  const fields = ['name', 'code', 'regionCode', 'scale', 'longitude', 'latitude'];
  const ids = idList(group.reservoirIds).ids;
  if (ids.length > 0) return rowsInOrder(ctx.db, model, scope, ids, fields);
  const sql = buildSelectAll(model, scope, [], model.order, MAX_UNPAGED_ROWS, fields);
  return (await ctx.db.query(sql.text, sql.values)).rows;
}

/** Only inspection groups are used by plans (inspect/plan.itemGroupId). */
async function refuseGroupsInUse(ctx: ActionContext, kind: SetupKind, ids: string[]): Promise<void> {
  if (kind !== 'inspect') return;
  const plans = await ctx.tx.query<{ name: string }>(
    `SELECT name FROM ${quoteIdent(planModel().table)} WHERE tenant_id = $1 AND is_deleted = 0 AND item_group_id = ANY($2::bigint[]) ORDER BY create_time LIMIT 1`,
    [ctx.caller.tenantId, ids],
  );
  const plan = plans.rows[0];
  if (plan) throw badRequest(`项目组已被巡查计划「${plan.name}」使用，不能删除`, `The group is used by the inspection plan "${plan.name}" and cannot be removed`);
}

export function itemGroupActions(kind: SetupKind): Record<string, ActionHandler> {
  return {
    save: async (ctx) => checkGroup(ctx, kind, await insertRow(ctx, ctx.tx as DbClient, ctx.model, bodyOf(ctx))),
    update: async (ctx) => checkGroup(ctx, kind, await updateRow(ctx, ctx.tx as DbClient, ctx.model, bodyOf(ctx))),
    detail: async (ctx) => {
      const group = await detailOperation(ctx, ctx.model, groupIdOf(ctx));
      const items = await rowsInOrder(ctx.db, itemModel(kind), { tenantId: ctx.caller.tenantId }, idList(group.ids).ids);
      return { ...group, items };
    },
    reservoirs: reservoirsOfGroup,
    remove: async (ctx) => {
      const ids = parseIds(ctx.query.id ?? ctx.query.ids);
      return removeRows(ctx, ctx.tx, ctx.model, ids, () => refuseGroupsInUse(ctx, kind, ids));
    },
  };
}

/** A write body as the generic operations take it (they refuse anything but a JSON object). */
export function bodyOf(ctx: ActionContext): Row {
  const body = ctx.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('请求体必须是一个 JSON 对象', 'The request body must be a JSON object');
  if (ctx.binding.op === 'save' && (body as Row).id !== undefined && (body as Row).id !== null && (body as Row).id !== '') {
    throw badRequest('新增数据不能指定主键', 'A new record cannot carry an id');
  }
  return body as Row;
}
