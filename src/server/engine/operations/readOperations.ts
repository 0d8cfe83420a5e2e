/**
 * Read operations: paged list, list of everything, detail. All scoped to the
 * caller's tenant by the SQL builder.
 */
import type { Page } from '../../../shared/envelope.js';
import { isIdString } from '../../db/ids.js';
import type { Queryable } from '../../db/pool.js';
import { badRequest, notFound } from '../../http/apiError.js';
import type { EntityModel, RouteBinding } from '../entityModel.js';
import { parseListParams } from '../listParams.js';
import { bindingFilters, buildPageQueries, buildSelectAll, buildSelectById, type PageQueries, type Sql } from '../sqlBuilder.js';
import { attachTitles } from '../referenceTitles.js';
import type { OperationContext } from './context.js';

type Row = Record<string, unknown>;

/** Upper bound for unpaged lists (listAll, trees): registers that grow past it must be paged. */
export const MAX_UNPAGED_ROWS = 10_000;

export async function listOperation(ctx: OperationContext, model: EntityModel, binding: RouteBinding, query: Row): Promise<Page<Row>> {
  const params = parseListParams(model, binding, query);
  const filters = [...bindingFilters(model, binding), ...params.filters];
  const queries = buildPageQueries(model, ctx.scope, filters, params.sort, params.current, params.size, binding.fields);
  const [rows, counted] = await Promise.all([ctx.db.query(queries.page.text, queries.page.values), pageTotal(ctx.db, queries)]);
  return {
    records: await attachTitles(ctx.db, model, rows.rows, ctx.caller.tenantId, binding.fields),
    total: counted.total,
    size: params.size,
    current: params.current,
    pages: Math.ceil(counted.total / params.size),
    ...(counted.totalIsEstimate ? { totalIsEstimate: true } : {}),
  };
}

export interface PageTotal {
  total: number;
  /** More rows matched than the count limit: `total` is the planner's estimate (never below the limit + 1). */
  totalIsEstimate: boolean;
}

/** A page's total: exact up to the queries' count limit, else the planner's estimate, said so. */
export async function pageTotal(db: Queryable, queries: PageQueries): Promise<PageTotal> {
  const counted = (await db.query(queries.count.text, queries.count.values)).rows[0].total as number;
  if (counted <= queries.countLimit) return { total: counted, totalIsEstimate: false };
  return { total: Math.max(counted, await plannerEstimate(db, queries.estimate)), totalIsEstimate: true };
}

/** The planner's row estimate for a query (kept fresh by autovacuum's ANALYZE). */
async function plannerEstimate(db: Queryable, sql: Sql): Promise<number> {
  const result = await db.query(sql.text, sql.values);
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
