/**
 * Catalogue items of any kind: removing one is refused while an item group
 * of its kind or a structure template's check point still holds it (records
 * and plans read items through those), so nothing dangles.
 */
import type { ActionContext, ActionHandler } from '../../engine/actions.js';
import { quoteIdent } from '../../engine/naming.js';
import { parseIds } from '../../engine/operations/writeOperations.js';
import { badRequest } from '../../http/apiError.js';
import { removeRows } from '../../engine/operations/writeOperations.js';
import { itemGroupModel, STRUCT_TYPE, templateItemModel, type SetupKind } from './setupKinds.js';

async function refuseItemsInUse(ctx: ActionContext, kind: SetupKind, ids: string[]): Promise<void> {
  const groups = await ctx.tx.query<{ name: string }>(
    `SELECT name FROM ${quoteIdent(itemGroupModel(kind).table)} WHERE tenant_id = $1 AND is_deleted = 0 AND item_ids ?| $2::text[] ORDER BY sort, create_time LIMIT 1`,
    [ctx.caller.tenantId, ids],
  );
  const group = groups.rows[0];
  if (group) throw badRequest(`项目仍在项目组「${group.name}」中，请先从项目组移除`, `The item is still in the group "${group.name}"; take it out of the group first`);
  const points = await ctx.tx.query<{ item_name: string }>(
    `SELECT item_name FROM ${quoteIdent(templateItemModel().table)} WHERE tenant_id = $1 AND is_deleted = 0 AND struct_type = $2 AND configuration_ids ?| $3::text[] LIMIT 1`,
    [ctx.caller.tenantId, STRUCT_TYPE[kind], ids],
  );
  const point = points.rows[0];
  if (point) throw badRequest(`项目仍被结构模板检查项「${point.item_name}」引用`, `The item is still used by the template check point "${point.item_name}"`);
}

export function itemActions(kind: SetupKind): Record<string, ActionHandler> {
  return {
    remove: async (ctx) => {
      const ids = parseIds(ctx.query.ids);
      return removeRows(ctx, ctx.tx, ctx.model, ids, () => refuseItemsInUse(ctx, kind, ids));
    },
  };
}
