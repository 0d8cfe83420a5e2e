/**
 * Removal for registers that replace the generic remove to guard it (the
 * platform tenant, a package still bound, the client in use): the engine's
 * all-or-nothing soft delete of the `?ids=` rows in the action's transaction,
 * with the guard looking at the locked rows first.
 */
import type { DbClient } from '../../db/pool.js';
import type { ActionContext } from '../../engine/actions.js';
import { parseIds, removeRows } from '../../engine/operations/writeOperations.js';

type Row = Record<string, unknown>;

/** Soft-deletes the rows `?ids=` names, all or none; `guard` sees them (raw columns) before and may refuse. */
export function removeGuarded(ctx: ActionContext, guard: (rows: Row[], tx: DbClient) => Promise<void>): Promise<{ removed: number }> {
  const tx = ctx.tx as DbClient;
  return removeRows(ctx, tx, ctx.model, parseIds(ctx.query[ctx.binding.idParam]), (rows) => guard(rows, tx));
}

/**
 * A guard's question for a register whose rows users hold in a comma list (blade_user.dept_id, post_id,
 * role_id): the first of these rows still held, with how many users hold it.
 */
export async function firstHeldByUsers(tx: DbClient, tenantId: string, userColumn: 'dept_id' | 'post_id' | 'role_id', rows: Row[]): Promise<{ row: Row; users: number } | undefined> {
  const ids = rows.map((row) => String(row.id));
  const held = await tx.query<{ id: string; users: number }>(
    `SELECT h.id, count(*)::int AS users FROM blade_user u CROSS JOIN LATERAL unnest(string_to_array(u.${userColumn}, ',')) AS h(id)
      WHERE u.tenant_id = $1 AND u.is_deleted = 0 AND h.id = ANY($2::text[]) GROUP BY h.id ORDER BY h.id LIMIT 1`,
    [tenantId, ids],
  );
  const first = held.rows[0];
  return first ? { row: rows.find((row) => String(row.id) === first.id)!, users: first.users } : undefined;
}
