/**
 * Inspection plans: the engine's save and update (validation, references,
 * permission, the x-states editableIn rule) run the plan's rules in a hook
 * on the record as it will be stored, in the same transaction — a refused
 * plan leaves nothing behind. Publishing and stopping are x-states
 * transitions of the engine.
 */
import type { DbClient } from '../../db/pool.js';
import { defineHooks } from '../../engine/hooks.js';
import { localApi } from '../../engine/localApi.js';
import type { OperationContext } from '../../engine/operations/context.js';
import { FieldErrors, idList, type Row } from './setupRules.js';

function checkDates(plan: Row, errors: FieldErrors): void {
  if (typeof plan.startDate === 'string' && typeof plan.endDate === 'string' && plan.endDate < plan.startDate) {
    errors.add('endDate', '结束日期不能早于开始日期', 'The end date cannot be before the start date');
  }
}

/** The reservoirs exist (the engine checked them); there must be one at least. */
function checkReservoirs(plan: Row, errors: FieldErrors): string[] {
  const reservoirs = idList(plan.reservoirIds);
  if (!reservoirs.isValid) errors.add('reservoirIds', '水库编号不正确', 'A reservoir id is not valid');
  else if (reservoirs.ids.length === 0) errors.add('reservoirIds', '请至少选择一个水库', 'Please choose at least one reservoir');
  return reservoirs.ids;
}

/** The group must hold items; a group limited to some reservoirs only serves those. */
async function checkItemGroup(ctx: OperationContext, tx: DbClient, plan: Row, reservoirIds: string[], errors: FieldErrors): Promise<void> {
  const group = await localApi(ctx, tx).tenantWide().findById('inspect/itemGroup', String(plan.itemGroupId));
  if (!group) return errors.add('itemGroupId', '所选巡查项目组不存在或已被删除', 'The chosen item group does not exist or was deleted');
  if ((group.ids ?? []).length === 0) return errors.add('itemGroupId', '所选巡查项目组还没有巡查项目', 'The chosen item group has no items yet');
  const allowed = new Set(group.reservoirIds ?? []);
  if (allowed.size > 0 && reservoirIds.some((id) => !allowed.has(id))) {
    errors.add('reservoirIds', '所选水库不在该项目组的适用范围内', 'A chosen reservoir is not one the item group applies to');
  }
}

defineHooks('inspect/plan', {
  beforeChange: async ({ ctx, tx, merged }) => {
    const errors = new FieldErrors(ctx.language);
    checkDates(merged, errors);
    const reservoirIds = checkReservoirs(merged, errors);
    await checkItemGroup(ctx, tx, merged, reservoirIds, errors);
    errors.throwIfAny();
  },
});
