/**
 * Read operations: paged list, list of everything, detail. All scoped to the
 * caller's tenant by the SQL builder.
 */
import type { Page } from '../../../shared/envelope.js';
import { isIdString } from '../../db/ids.js';
import { badRequest, notFound } from '../../http/apiError.js';
import type { EntityModel, RouteBinding } from '../entityModel.js';
import { parseListParams } from '../listParams.js';
import { bindingFilters, buildPageQueries, buildSelectAll, buildSelectById } from '../sqlBuilder.js';
import type { OperationContext } from './context.js';

type Row = Record<string, unknown>;

/** Upper bound for unpaged lists (listAll, trees): registers that grow past it must be paged. */
export const MAX_UNPAGED_ROWS = 10_000;

export async function listOperation(ctx: OperationContext, model: EntityModel, binding: RouteBinding, query: Row): Promise<Page<Row>> {
  const params = parseListParams(model, binding, query);
  const filters = [...bindingFilters(model, binding), ...params.filters];
  const { page, count } = buildPageQueries(model, ctx.caller.tenantId, filters, params.sort, params.current, params.size, binding.fields);
  const [rows, total] = await Promise.all([ctx.db.query(page.text, page.values), ctx.db.query(count.text, count.values)]);
  const totalRows = total.rows[0].total as number;
  return {
    records: rows.rows,
    total: totalRows,
    size: params.size,
    current: params.current,
    pages: Math.ceil(totalRows / params.size),
  };
}

export async function listAllOperation(ctx: OperationContext, model: EntityModel, binding: RouteBinding, query: Row): Promise<Row[]> {
  const { current: _c, size: _s, ...rest } = query;
  const params = parseListParams(model, binding, rest);
  const filters = [...bindingFilters(model, binding), ...params.filters];
  const sql = buildSelectAll(model, ctx.caller.tenantId, filters, params.sort, MAX_UNPAGED_ROWS, binding.fields);
  return (await ctx.db.query(sql.text, sql.values)).rows;
}

export function requireId(raw: unknown, name = 'id'): string {
  if (!isIdString(raw)) throw badRequest(`参数 ${name} 不正确`, `The parameter ${name} is not a valid id`);
  return raw;
}

export async function findRow(ctx: OperationContext, model: EntityModel, id: string): Promise<Row | undefined> {
  const sql = buildSelectById(model, ctx.caller.tenantId, id);
  return (await ctx.db.query(sql.text, sql.values)).rows[0];
}

export async function detailOperation(ctx: OperationContext, model: EntityModel, id: unknown): Promise<Row> {
  const row = await findRow(ctx, model, requireId(id));
  if (!row) throw notFound();
  return row;
}
