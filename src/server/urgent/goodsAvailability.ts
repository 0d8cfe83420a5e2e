/**
 * What can be taken out now: the goods with stock > 0, read from the goods
 * register under the goods' data scope, each with its depository's name and
 * its shortfall against the reserve quota. Filters and sort are parsed
 * against the goodsAvailable schema (which mirrors the goods fields) and run
 * on the goods table by the engine's query builder.
 */
import type { Page } from '../../shared/envelope.js';
import { rowScopeOf } from '../auth/dataScopes.js';
import type { ActionContext } from '../engine/actions.js';
import { entityModel } from '../engine/entityRegistry.js';
import { localApi } from '../engine/localApi.js';
import type { EntityModel } from '../engine/entityModel.js';
import { parseListParams, type Filter, type SortKey } from '../engine/listParams.js';
import { pageTotal, requireId } from '../engine/operations/readOperations.js';
import { buildPageQueries, buildSelectById } from '../engine/sqlBuilder.js';
import { notFound } from '../http/apiError.js';
import { roundQuantity } from './quantities.js';

type Row = Record<string, unknown>;

const GOODS_FIELDS = ['name', 'category', 'spec', 'unit', 'depositoryId', 'stock', 'safetyStock', 'storageMode', 'expiryDate'];

/** The goods field of the same name (the view's fields mirror the goods register). */
function onGoods<T extends Filter | SortKey>(goods: EntityModel, entries: T[]): T[] {
  return entries.map((entry) => ({ ...entry, field: goods.field.get(entry.field.name)! }));
}

/** The depositories' names, across the tenant (a goods row shows where it lies even outside the depository's data scope). */
async function depositoryNames(ctx: ActionContext, rows: Row[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((row) => row.depositoryId).filter((id): id is string => typeof id === 'string'))];
  if (ids.length === 0) return new Map();
  const depositories = await localApi(ctx)
    .tenantWide()
    .find('urgent/depository', { where: { id: ids } });
  return new Map(depositories.map((row) => [row.id, row.name]));
}

async function withDepositoryAndShortfall(ctx: ActionContext, rows: Row[]): Promise<Row[]> {
  const names = await depositoryNames(ctx, rows);
  return rows.map((row) => ({
    ...row,
    depositoryName: names.get(String(row.depositoryId)) ?? null,
    shortfall: row.safetyStock === null || row.safetyStock === undefined ? 0 : Math.max(0, roundQuantity(Number(row.safetyStock) - Number(row.stock))),
  }));
}

export async function availableGoodsPage(ctx: ActionContext): Promise<Page<Row>> {
  const goods = entityModel('urgent/goods');
  const params = parseListParams(ctx.model, ctx.binding, ctx.query);
  const filters: Filter[] = [...onGoods(goods, params.filters), { field: goods.field.get('stock')!, op: 'gt', value: 0 }];
  const scope = await rowScopeOf(ctx.db, ctx.caller, goods);
  const queries = buildPageQueries(goods, scope, filters, onGoods(goods, params.sort), params.current, params.size, GOODS_FIELDS);
  const [rows, { total, totalIsEstimate }] = await Promise.all([ctx.db.query(queries.page.text, queries.page.values), pageTotal(ctx.db, queries)]);
  const records = await withDepositoryAndShortfall(ctx, rows.rows);
  return { records, total, size: params.size, current: params.current, pages: Math.ceil(total / params.size), ...(totalIsEstimate ? { totalIsEstimate } : {}) };
}

/** One goods with what can be taken now (`available`, 0 when nothing is left); `goodsId` (or `id`) names it. */
export async function availableGoods(ctx: ActionContext): Promise<Row> {
  const goods = entityModel('urgent/goods');
  const id = requireId(ctx.query.goodsId ?? ctx.query.id, 'goodsId');
  const sql = buildSelectById(goods, await rowScopeOf(ctx.db, ctx.caller, goods), id);
  const row = (await ctx.db.query(sql.text, sql.values)).rows[0] as Row | undefined;
  if (!row) throw notFound();
  const [record] = await withDepositoryAndShortfall(ctx, [row]);
  return { ...record, goodsId: row.id, available: Math.max(0, Number(row.stock)) };
}
