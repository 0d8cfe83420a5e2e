/**
 * Removal for registers that replace the generic remove to guard it (the
 * urgent registers' stock rules): the engine's
 * all-or-nothing soft delete of the `?ids=` rows in the action's transaction,
 * with the guard looking at the locked rows first.
 */
import type { Db, DbClient, Queryable } from '../../db/pool.js';
import type { Caller } from '../../http/caller.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import type { ActionContext } from '../../engine/actions.js';
import { parseIds, removeRows } from '../../engine/operations/writeOperations.js';

type Row = Record<string, unknown>;

/** Soft-deletes the rows `?ids=` names, all or none; `guard` sees them (raw columns) before and may refuse. */
export function removeGuarded(ctx: ActionContext, guard: (rows: Row[], tx: DbClient) => Promise<void>): Promise<{ removed: number }> {
  const tx = ctx.tx as DbClient;
  return removeRows(ctx, tx, ctx.model, parseIds(ctx.query[ctx.binding.idParam]), (rows) => guard(rows, tx));
}

/**
 * A removal rule's question for a register whose rows users hold in a comma list (the user's deptId, postId,
 * roleId): the first of these rows still held anywhere in the tenant, with how many users hold it.
 */
export async function firstHeldByUsers(
  ctx: { db: Db; caller: Caller },
  tx: Queryable,
  userField: 'deptId' | 'postId' | 'roleId',
  rows: Row[],
): Promise<{ row: Row; users: number } | undefined> {
  const ids = rows.map((row) => String(row.id));
  const q = scopedQuery(ctx, tx);
  const u = await q.from('system/user', 'u', 'tenant');
  const held = await q.rows<{ id: string; users: number }>(
    `SELECT h.id, count(*)::int AS users FROM ${u.table} CROSS JOIN LATERAL unnest(string_to_array(${u.col(userField)}, ',')) AS h(id)
      WHERE ${u.scope} AND h.id = ANY(${q.param(ids)}::text[]) GROUP BY h.id ORDER BY h.id LIMIT 1`,
  );
  const first = held[0];
  return first ? { row: rows.find((row) => String(row.id) === first.id)!, users: first.users } : undefined;
}
