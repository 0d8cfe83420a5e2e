/**
 * enable (oss and sms configurations): one statement turns the chosen row
 * on and every other row of the tenant off, so at no moment are two
 * enabled, and two concurrent enables end with exactly one (the later).
 */
import type { ActionContext } from '../engine/actions.js';
import { quoteIdent } from '../engine/naming.js';
import { tenantScope } from '../engine/operations/context.js';
import { requireId } from '../engine/operations/readOperations.js';
import { buildSelectById, Params, scopeConditions } from '../engine/sqlBuilder.js';
import { notFound } from '../http/apiError.js';

function idOf(ctx: ActionContext): unknown {
  const body = ctx.body && typeof ctx.body === 'object' ? (ctx.body as Record<string, unknown>) : {};
  return ctx.query.id ?? body.id;
}

export async function enableExclusively(ctx: ActionContext): Promise<Record<string, unknown>> {
  const id = requireId(idOf(ctx));
  const table = quoteIdent(ctx.model.table);
  const found = buildSelectById(ctx.model, ctx.scope, id, true);
  if ((await ctx.tx.query(found.text, found.values)).rowCount === 0) throw notFound();
  const params = new Params();
  const chosen = params.add(id);
  const conditions = [...scopeConditions(ctx.model, tenantScope(ctx), params), `("is_enabled" = 1 OR "id" = ${chosen})`];
  await ctx.tx.query(
    `UPDATE ${table} SET "is_enabled" = CASE WHEN "id" = ${chosen} THEN 1 ELSE 0 END, "update_user" = ${params.add(ctx.caller.userId)},
            "update_time" = LOCALTIMESTAMP(0), "version" = "version" + 1
      WHERE ${conditions.join(' AND ')}`,
    params.values,
  );
  const answer = buildSelectById(ctx.model, ctx.scope, id);
  return (await ctx.tx.query(answer.text, answer.values)).rows[0];
}
