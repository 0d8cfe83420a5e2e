/**
 * Catalogue items of any kind: removing one is refused while an item group
 * of its kind or a structure template's check point still holds it (records
 * and plans read items through those), so nothing dangles.
 */
import type { DbClient } from '../../db/pool.js';
import { defineHooks } from '../../engine/hooks.js';
import type { OperationContext } from '../../engine/operations/context.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import { badRequest } from '../../http/apiError.js';
import { STRUCT_TYPE, type SetupKind } from './setupKinds.js';

async function refuseItemsInUse(ctx: OperationContext, tx: DbClient, kind: SetupKind, ids: string[]): Promise<void> {
  const q = scopedQuery(ctx, tx);
  const g = await q.from(`${kind}/itemGroup`, 'g', 'tenant');
  const groups = await q.rows<{ name: string }>(
    `SELECT ${g.col('name')} AS "name" FROM ${g.table} WHERE ${g.scope} AND ${g.col('ids')} ?| ${q.param(ids)}::text[] ORDER BY ${g.col('sort')}, ${g.col('createTime')} LIMIT 1`,
  );
  const group = groups[0];
  if (group)
    throw badRequest(`项目仍在项目组「${group.name}」中，请先从项目组移除`, `The item is still in the group "${group.name}"; take it out of the group first`);
  const p = scopedQuery(ctx, tx);
  const t = await p.from('inspect/templateItem', 't', 'tenant');
  const points = await p.rows<{ itemName: string }>(
    `SELECT ${t.col('itemName')} AS "itemName" FROM ${t.table}
      WHERE ${t.scope} AND ${t.col('structType')} = ${p.param(STRUCT_TYPE[kind])} AND ${t.col('configurationIds')} ?| ${p.param(ids)}::text[] LIMIT 1`,
  );
  const point = points[0];
  if (point) throw badRequest(`项目仍被结构模板检查项「${point.itemName}」引用`, `The item is still used by the template check point "${point.itemName}"`);
}

/** The rule of a kind's item register (the remove is the engine's). */
export function defineItemHooks(kind: SetupKind): void {
  defineHooks(`${kind}/item`, {
    beforeRemove: ({ ctx, tx, rows }) =>
      refuseItemsInUse(
        ctx,
        tx,
        kind,
        rows.map((row) => String(row.id)),
      ),
  });
}
