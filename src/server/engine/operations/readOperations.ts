/**
 * Read operations: paged list, list of everything, detail. All scoped to the
 * caller's tenant by the SQL builder.
 */
import type { Page } from '../../../shared/envelope.js';
import { isIdString } from '../../db/ids.js';
import { badRequest, notFound } from '../../http/apiError.js';
import type { EntityModel, RouteBinding } from '../entityModel.js';
import { parseListParams } from '../listParams.js';
import { bindingFilters, buildPageQueries, buildSelectAll, buildSelectById, EXACT_COUNT_LIMIT, type Sql } from '../sqlBuilder.js';
import { attachTitles } from '../referenceTitles.js';
import type { OperationContext } from './context.js';

type Row = Record<string, unknown>;

/** Upper bound for unpaged lists (listAll, trees): registers that grow past it must be paged. */
export const MAX_UNPAGED_ROWS = 10_000;

export async function listOperation(ctx: OperationContext, model: EntityModel, binding: RouteBinding, query: Row): Promise<Page<Row>> {
  const params = parseListParams(model, binding, query);
  const filters = [...bindingFilters(model, binding), ...params.filters];
  const { page, count, estimate } = buildPageQueries(model, ctx.scope, filters, params.sort, params.current, params.size, binding.fields);
  const [rows, counted] = await Promise.all([ctx.db.query(page.text, page.values), ctx.db.query(count.text, count.values)]);
  let total = counted.rows[0].total as number;
  const isEstimate = total > EXACT_COUNT_LIMIT;
  if (isEstimate) total = Math.max(total, await plannerEstimate(ctx, estimate));
  return {
    records: await attachTitles(ctx.db, model, rows.rows, ctx.caller.tenantId, binding.fields),
    total,
    size: params.size,
    current: params.current,
    pages: Math.ceil(total / params.size),
    ...(isEstimate ? { totalIsEstimate: true } : {}),
  };
}

/** The planner's row estimate for a query (kept fresh by autovacuum's ANALYZE). */
async function plannerEstimate(ctx: OperationContext, sql: Sql): Promise<number> {
  const result = await ctx.db.query(sql.text, sql.values);
  const plan = result.rows[0]['QUERY PLAN'] as { Plan: { 'Plan Rows': number } }[];
  return Math.round(plan[0].Plan['Plan Rows']);
}

export async function listAllOperation(ctx: OperationContext, model: EntityModel, binding: RouteBinding, query: Row): Promise<Row[]> {
  const { current: _c, size: _s, ...rest } = query;
  const params = parseListParams(model, binding, rest);
  const filters = [...bindingFilters(model, binding), ...params.filters];
  const sql = buildSelectAll(model, ctx.scope, filters, params.sort, MAX_UNPAGED_ROWS, binding.fields);
  return attachTitles(ctx.db, model, (await ctx.db.query(sql.text, sql.values)).rows, ctx.caller.tenantId, binding.fields);
}

export function requireId(raw: unknown, name = 'id'): string {
  if (!isIdString(raw)) throw badRequest(`参数 ${name} 不正确`, `The parameter ${name} is not a valid id`);
  return raw;
}

export async function findRow(ctx: OperationContext, model: EntityModel, id: string): Promise<Row | undefined> {
  const sql = buildSelectById(model, ctx.scope, id);
  return (await ctx.db.query(sql.text, sql.values)).rows[0];
}

export async function detailOperation(ctx: OperationContext, model: EntityModel, id: unknown): Promise<Row> {
  const row = await findRow(ctx, model, requireId(id));
  if (!row) throw notFound();
  return (await attachTitles(ctx.db, model, [row], ctx.caller.tenantId))[0];
}
