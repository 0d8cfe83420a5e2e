/**
 * The stock ledger: the only code that changes a goods' stock. In the
 * caller's transaction it locks the goods rows (SELECT … FOR UPDATE, in id
 * order so that concurrent movements queue instead of deadlocking), applies
 * each change in turn, refuses the whole request when one would take a stock
 * below zero, and writes one goods-log row per change. Concurrent movements
 * on one item therefore see each other's result: the lock is held until the
 * movement's transaction ends.
 */
import { rowScopeOf } from '../auth/dataScopes.js';
import { nextId } from '../db/ids.js';
import type { DbClient } from '../db/pool.js';
import { entityModel } from '../engine/entityRegistry.js';
import type { EntityModel } from '../engine/entityModel.js';
import { quoteIdent } from '../engine/naming.js';
import { actorOf, type OperationContext } from '../engine/operations/context.js';
import { buildInsert, Params, scopeConditions } from '../engine/sqlBuilder.js';
import { badRequest, type Localized } from '../http/apiError.js';
import type { LogOperation, MovementKind } from './movementKinds.js';
import { roundQuantity } from './quantities.js';

export interface StockChange {
  goodsId: string;
  /** Signed: + into stock, − out of it. */
  delta: number;
  kind: MovementKind;
  operation: LogOperation;
  /** The movement record the change comes from. */
  sourceId: string;
  movementDate: string | null;
  remark?: string;
}

export interface LockedGoods {
  id: string;
  name: string;
  stock: number;
  depositoryId: string | null;
}

/** The refusal when a change would take the stock below zero. */
export type ShortageMessage = (goods: LockedGoods, stockBefore: number, change: StockChange) => Localized;

const column = (model: EntityModel, field: string) => quoteIdent(model.field.get(field)!.column);

/** Locks the goods the caller may see; a goods that is missing, deleted or out of the caller's data scope is refused. */
async function lockGoods(ctx: OperationContext, tx: DbClient, ids: string[]): Promise<Map<string, LockedGoods>> {
  const goods = entityModel('urgent/goods');
  const params = new Params();
  const conditions = [...scopeConditions(goods, await rowScopeOf(tx, ctx.caller, goods), params), `"id" = ANY(${params.add(ids)})`];
  const result = await tx.query<LockedGoods>(
    `SELECT "id"::text AS "id", ${column(goods, 'name')} AS "name", ${column(goods, 'stock')} AS "stock", ${column(goods, 'depositoryId')}::text AS "depositoryId"
       FROM ${quoteIdent(goods.table)} WHERE ${conditions.join(' AND ')} ORDER BY "id" FOR UPDATE`,
    params.values,
  );
  if (result.rows.length !== ids.length) {
    const zh = '所选物资不存在或已被删除';
    const en = 'The chosen goods do not exist or were deleted';
    throw badRequest(zh, en, { errors: [{ field: 'goodsId', message: ctx.language === 'zh' ? zh : en }] });
  }
  return new Map(result.rows.map((row) => [row.id, { ...row, stock: Number(row.stock) }]));
}

async function operatorNameOf(ctx: OperationContext, tx: DbClient): Promise<string> {
  const result = await tx.query<{ name: string | null }>('SELECT real_name AS name FROM blade_user WHERE tenant_id = $1 AND id = $2', [ctx.caller.tenantId, ctx.caller.userId]);
  return result.rows[0]?.name || ctx.caller.account;
}

async function writeLogRow(ctx: OperationContext, tx: DbClient, goods: LockedGoods, change: StockChange, stockBefore: number, operatorName: string): Promise<void> {
  const sql = buildInsert(entityModel('urgent/goodsLog'), actorOf(ctx.caller), nextId(), {
    goodsId: goods.id,
    depositoryId: goods.depositoryId,
    logType: change.kind.logType,
    operation: change.operation,
    quantity: roundQuantity(change.delta),
    stockBefore,
    stockAfter: goods.stock,
    sourceType: change.kind.source,
    sourceId: change.sourceId,
    movementDate: change.movementDate,
    operatorName,
    remark: change.remark ?? null,
  });
  await tx.query(sql.text, sql.values);
}

async function storeStock(ctx: OperationContext, tx: DbClient, goods: LockedGoods): Promise<void> {
  const model = entityModel('urgent/goods');
  await tx.query(`UPDATE ${quoteIdent(model.table)} SET ${column(model, 'stock')} = $1, "update_time" = LOCALTIMESTAMP(0) WHERE "tenant_id" = $2 AND "id" = $3`, [
    goods.stock,
    ctx.caller.tenantId,
    goods.id,
  ]);
}

/** Applies the changes in order, all or none: the first that would leave a stock below zero refuses the request. */
export async function applyStockChanges(ctx: OperationContext, tx: DbClient, changes: StockChange[], shortage: ShortageMessage): Promise<void> {
  const moving = changes.filter((change) => roundQuantity(change.delta) !== 0);
  if (moving.length === 0) return;
  const locked = await lockGoods(ctx, tx, [...new Set(moving.map((change) => change.goodsId))]);
  const operatorName = await operatorNameOf(ctx, tx);
  for (const change of moving) {
    const goods = locked.get(change.goodsId)!;
    const stockBefore = goods.stock;
    const stockAfter = roundQuantity(stockBefore + change.delta);
    if (stockAfter < 0) {
      const text = shortage(goods, stockBefore, change);
      throw badRequest(text.zh, text.en, { errors: [{ field: 'quantity', message: ctx.language === 'zh' ? text.zh : text.en }] });
    }
    goods.stock = stockAfter;
    await writeLogRow(ctx, tx, goods, change, stockBefore, operatorName);
  }
  for (const goods of locked.values()) await storeStock(ctx, tx, goods);
}
