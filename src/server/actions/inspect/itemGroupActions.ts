/**
 * Item groups of any kind (inspect/maintain/clean itemGroup): a group holds
 * the ids of its items (`ids`, in display order). The engine checks that
 * every item and reservoir exists; hooks refuse an item twice and keep
 * itemCount, and refuse removing a group an inspection plan still uses;
 * detail (groupId) answers the group with its items; reservoirs (groupId)
 * the reservoirs it applies to.
 */
import type { Queryable } from '../../db/pool.js';
import { rowScopeOf } from '../../auth/dataScopes.js';
import type { ActionContext, ActionHandler } from '../../engine/actions.js';
import type { EntityModel } from '../../engine/entityModel.js';
import { defineHooks } from '../../engine/hooks.js';
import type { Filter } from '../../engine/listParams.js';
import { localApi } from '../../engine/localApi.js';
import { detailOperation, MAX_UNPAGED_ROWS, requireId } from '../../engine/operations/readOperations.js';
import { buildSelectAll } from '../../engine/sqlBuilder.js';
import { badRequest } from '../../http/apiError.js';
import { FieldErrors, hasDuplicates, idList, type Row } from './setupRules.js';
import { itemModel, reservoirModel, type SetupKind } from './setupKinds.js';

/** Rows of a model by id, in the order of ids (ids the caller cannot see are left out). */
export async function rowsInOrder(db: Queryable, model: EntityModel, scope: ActionContext['scope'], ids: string[], fields?: string[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  const filter: Filter = { field: model.field.get('id')!, op: 'in', value: ids };
  const sql = buildSelectAll(model, scope, [filter], model.order, MAX_UNPAGED_ROWS, fields);
  const byId = new Map((await db.query(sql.text, sql.values)).rows.map((row: Row) => [String(row.id), row]));
  return ids.map((id) => byId.get(id)).filter((row): row is Row => !!row);
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

/** The rules of a kind's item groups, inside the engine's save, update and remove. */
export function defineItemGroupHooks(kind: SetupKind): void {
  defineHooks(`${kind}/itemGroup`, {
    beforeChange: ({ ctx, data, merged }) => {
      const items = idList(merged.ids);
      if (hasDuplicates(items.ids)) {
        const errors = new FieldErrors(ctx.language);
        errors.add('ids', '同一项目不能重复加入项目组', 'An item is in the group twice');
        errors.throwIfAny();
      }
      data.itemCount = items.ids.length;
    },
    // Only inspection groups are used by plans (inspect/plan.itemGroupId).
    beforeRemove: async ({ ctx, tx, rows }) => {
      if (kind !== 'inspect') return;
      const [plan] = await localApi(ctx, tx)
        .tenantWide()
        .find('inspect/plan', { where: { itemGroupId: rows.map((row) => String(row.id)) }, sort: ['createTime asc'], limit: 1 });
      if (plan)
        throw badRequest(`项目组已被巡查计划「${plan.name}」使用，不能删除`, `The group is used by the inspection plan "${plan.name}" and cannot be removed`);
    },
  });
}

export function itemGroupActions(kind: SetupKind): Record<string, ActionHandler> {
  return {
    // Stays (replaces the generic detail): the answer carries the group's items, resolved in their order.
    detail: async (ctx) => {
      const group = await detailOperation(ctx, ctx.model, groupIdOf(ctx));
      const items = await rowsInOrder(ctx.db, itemModel(kind), { tenantId: ctx.caller.tenantId }, idList(group.ids).ids);
      return { ...group, items };
    },
    reservoirs: reservoirsOfGroup,
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
