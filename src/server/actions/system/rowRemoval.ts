/**
 * Removal for registers that replace the generic remove to guard it (the
 * platform tenant, a package still bound, the client in use): the same
 * all-or-nothing soft delete in the action's transaction, with the guard
 * looking at the locked rows first.
 */
import type { DbClient } from '../../db/pool.js';
import type { ActionContext } from '../../engine/actions.js';
import { actorOf } from '../../engine/operations/context.js';
import { parseIds } from '../../engine/operations/writeOperations.js';
import { quoteIdent } from '../../engine/naming.js';
import { buildSoftDelete, Params, scopeConditions } from '../../engine/sqlBuilder.js';
import { ApiError } from '../../http/apiError.js';

type Row = Record<string, unknown>;

/** Soft-deletes the rows `?ids=` names, all or none; `guard` sees them (raw columns) before and may refuse. */
export async function removeGuarded(ctx: ActionContext, guard: (rows: Row[], tx: DbClient) => Promise<void>): Promise<{ removed: number }> {
  const ids = parseIds(ctx.query[ctx.binding.idParam]);
  const tx = ctx.tx as DbClient;
  const { model } = ctx;
  const params = new Params();
  const conditions = [...scopeConditions(model, ctx.scope, params), `"id" = ANY(${params.add(ids)})`];
  const rows = (await tx.query(`SELECT * FROM ${quoteIdent(model.table)} WHERE ${conditions.join(' AND ')} FOR UPDATE`, params.values)).rows as Row[];
  if (rows.length !== ids.length) {
    throw new ApiError(404, { zh: '要删除的数据不存在或已被删除', en: 'Some of the records to delete do not exist or were already deleted' });
  }
  await guard(rows, tx);
  const sql = buildSoftDelete(model, ctx.scope, actorOf(ctx.caller), ids);
  const result = await tx.query(sql.text, sql.values);
  return { removed: result.rowCount ?? 0 };
}
