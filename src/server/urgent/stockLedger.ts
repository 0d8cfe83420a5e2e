/**
 * The stock ledger: the only code that changes a goods' stock. In the
 * caller's transaction it locks the goods rows (SELECT … FOR UPDATE, in id
 * order so that concurrent movements queue instead of deadlocking), applies
 * each change in turn, refuses the whole request when one would take a stock
 * below zero, and writes one goods-log row per change. Concurrent movements
 * on one item therefore see each other's result: the lock is held until the
 * movement's transaction ends. Goods and log rows are read and written
 * through the local API (tenant, data scope, soft delete by the engine).
 */
import type { DbClient } from '../db/pool.js';
import { localApi, type LocalApi } from '../engine/localApi.js';
import type { OperationContext } from '../engine/operations/context.js';
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

/** Locks the goods the caller may see; a goods that is missing, deleted or out of the caller's data scope is refused. */
async function lockGoods(ctx: OperationContext, api: LocalApi, ids: string[]): Promise<Map<string, LockedGoods>> {
  const rows = await api.find('urgent/goods', { where: { id: ids }, sort: ['id asc'], forUpdate: true });
  if (rows.length !== ids.length) {
    const zh = '所选物资不存在或已被删除';
    const en = 'The chosen goods do not exist or were deleted';
    throw badRequest(zh, en, { errors: [{ field: 'goodsId', message: ctx.language === 'zh' ? zh : en }] });
  }
  return new Map(rows.map((row) => [row.id, { id: row.id, name: row.name, stock: Number(row.stock), depositoryId: row.depositoryId ?? null }]));
}

async function operatorNameOf(ctx: OperationContext, api: LocalApi): Promise<string> {
  const user = await api.tenantWide().findById('system/user', ctx.caller.userId);
  return user?.realName || ctx.caller.account;
}

function logRow(goods: LockedGoods, change: StockChange, stockBefore: number, operatorName: string) {
  return {
    goodsId: goods.id,
    depositoryId: goods.depositoryId ?? undefined,
    logType: change.kind.logType,
    operation: change.operation,
    quantity: roundQuantity(change.delta),
    stockBefore,
    stockAfter: goods.stock,
    sourceType: change.kind.source,
    sourceId: change.sourceId,
    movementDate: change.movementDate ?? undefined,
    operatorName,
    remark: change.remark,
  };
}

/** Applies the changes in order, all or none: the first that would leave a stock below zero refuses the request. */
export async function applyStockChanges(ctx: OperationContext, tx: DbClient, changes: StockChange[], shortage: ShortageMessage): Promise<void> {
  const moving = changes.filter((change) => roundQuantity(change.delta) !== 0);
  if (moving.length === 0) return;
  const api = localApi(ctx, tx);
  const operatorName = await operatorNameOf(ctx, api); // before the lock: the lock is held as briefly as can be
  const locked = await lockGoods(ctx, api, [...new Set(moving.map((change) => change.goodsId))]);
  for (const change of moving) {
    const goods = locked.get(change.goodsId)!;
    const stockBefore = goods.stock;
    const stockAfter = roundQuantity(stockBefore + change.delta);
    if (stockAfter < 0) {
      const text = shortage(goods, stockBefore, change);
      throw badRequest(text.zh, text.en, { errors: [{ field: 'quantity', message: ctx.language === 'zh' ? text.zh : text.en }] });
    }
    goods.stock = stockAfter;
    await api.create('urgent/goodsLog', logRow(goods, change, stockBefore, operatorName));
  }
  for (const goods of locked.values()) await api.update('urgent/goods', goods.id, { stock: goods.stock });
}
