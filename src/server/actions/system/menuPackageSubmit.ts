/**
 * Submit of a menu package (tenant or department package): the menu list
 * arrives as the checked ids of the grant tree, an array or comma-joined, and
 * is stored comma-joined without repeats; the schema's pattern then checks it.
 * An id that is no menu (or no longer one) simply matches nothing, and a
 * department package is only ever applied inside the tenant's own package,
 * so neither can widen what anyone sees.
 */
import type { DbClient } from '../../db/pool.js';
import type { ActionContext } from '../../engine/actions.js';
import { insertRow, updateRow } from '../../engine/operations/writeOperations.js';
import { bodyOf, hasId, joinedIds, type Params } from './actionParams.js';

export function submitMenuPackage(ctx: ActionContext): Promise<Record<string, unknown>> {
  const body: Params = { ...bodyOf(ctx) };
  if ('menuId' in body) body.menuId = joinedIds(body.menuId);
  const tx = ctx.tx as DbClient;
  return hasId(body) ? updateRow(ctx, tx, ctx.model, body) : insertRow(ctx, tx, ctx.model, body);
}
