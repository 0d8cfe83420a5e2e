/**
 * Inspection plans: save and update run the engine's write (validation,
 * permission, the x-states editableIn rule) and then the plan's rules on the
 * stored row, in the same transaction — a refused plan leaves nothing behind.
 * Publishing and stopping are x-states transitions of the engine.
 */
import type { DbClient } from '../../db/pool.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { quoteIdent } from '../../engine/naming.js';
import { insertRow, updateRow } from '../../engine/operations/writeOperations.js';
import { bodyOf } from './itemGroupActions.js';
import { FieldErrors, idList, missingIds, type Row } from './setupRules.js';
import { itemGroupModel, reservoirModel, userModel } from './setupKinds.js';

function checkDates(plan: Row, errors: FieldErrors): void {
  if (typeof plan.startDate === 'string' && typeof plan.endDate === 'string' && plan.endDate < plan.startDate) {
    errors.add('endDate', '结束日期不能早于开始日期', 'The end date cannot be before the start date');
  }
}

async function checkReservoirs(ctx: ActionContext, plan: Row, errors: FieldErrors): Promise<string[]> {
  const reservoirs = idList(plan.reservoirIds);
  if (!reservoirs.isValid) errors.add('reservoirIds', '水库编号不正确', 'A reservoir id is not valid');
  else if (reservoirs.ids.length === 0) errors.add('reservoirIds', '请至少选择一个水库', 'Please choose at least one reservoir');
  else if ((await missingIds(ctx.tx, reservoirModel(), ctx.caller.tenantId, reservoirs.ids)).length > 0) {
    errors.add('reservoirIds', '所选水库不存在或已被删除', 'A chosen reservoir does not exist or was deleted');
  }
  return reservoirs.ids;
}

/** The group must be the tenant's and hold items; a group limited to some reservoirs only serves those. */
async function checkItemGroup(ctx: ActionContext, plan: Row, reservoirIds: string[], errors: FieldErrors): Promise<void> {
  const found = await ctx.tx.query<{ item_ids: string[]; reservoir_ids: string[] | null }>(
    `SELECT item_ids, reservoir_ids FROM ${quoteIdent(itemGroupModel('inspect').table)} WHERE tenant_id = $1 AND id = $2 AND is_deleted = 0`,
    [ctx.caller.tenantId, plan.itemGroupId],
  );
  const group = found.rows[0];
  if (!group) return errors.add('itemGroupId', '所选巡查项目组不存在或已被删除', 'The chosen item group does not exist or was deleted');
  if ((group.item_ids ?? []).length === 0) return errors.add('itemGroupId', '所选巡查项目组还没有巡查项目', 'The chosen item group has no items yet');
  const allowed = new Set(group.reservoir_ids ?? []);
  if (allowed.size > 0 && reservoirIds.some((id) => !allowed.has(id))) {
    errors.add('reservoirIds', '所选水库不在该项目组的适用范围内', 'A chosen reservoir is not one the item group applies to');
  }
}

async function checkInspectors(ctx: ActionContext, plan: Row, errors: FieldErrors): Promise<void> {
  const inspectors = idList(plan.inspectorIds);
  if (!inspectors.isValid || (await missingIds(ctx.tx, userModel(), ctx.caller.tenantId, inspectors.ids)).length > 0) {
    errors.add('inspectorIds', '所选巡查人员不存在或已被删除', 'A chosen inspector does not exist or was deleted');
  }
}

async function checkPlan(ctx: ActionContext, plan: Row): Promise<Row> {
  const errors = new FieldErrors(ctx.language);
  checkDates(plan, errors);
  const reservoirIds = await checkReservoirs(ctx, plan, errors);
  await checkItemGroup(ctx, plan, reservoirIds, errors);
  await checkInspectors(ctx, plan, errors);
  errors.throwIfAny();
  return plan;
}

defineActions('inspect/plan', {
  save: async (ctx) => checkPlan(ctx, await insertRow(ctx, ctx.tx as DbClient, ctx.model, bodyOf(ctx))),
  update: async (ctx) => checkPlan(ctx, await updateRow(ctx, ctx.tx as DbClient, ctx.model, bodyOf(ctx))),
});
