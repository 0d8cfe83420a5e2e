/**
 * The stock rules of a movement register (purchase, removal, goodsUsed), as
 * hooks of the engine's generic save, update and remove: each runs in the
 * operation's one transaction after the engine's own insert / update, or
 * before its soft delete, and goes through the stock ledger (lock the goods,
 * check, update the stock, write the log). A refusal rolls all of it back.
 *
 * Decisions: an update keeps the goods (goodsId is x-immutable) and applies
 * the difference of the quantity as a correction; a remove reverses the
 * movement. Both are refused when they would take the stock below zero
 * (e.g. removing a purchase whose goods were already used).
 */
import { defineHooks } from '../engine/hooks.js';
import { LOG_OPERATION, type MovementKind } from './movementKinds.js';
import { assertQuantityPrecision, roundQuantity } from './quantities.js';
import { applyStockChanges, type ShortageMessage } from './stockLedger.js';

const shown = (quantity: number) => String(roundQuantity(quantity));

function shortageMessage(kind: MovementKind): ShortageMessage {
  return (goods, stockBefore, change) => {
    const taken = shown(-change.delta);
    if (kind.direction > 0) {
      return {
        zh: `「${goods.name}」入库的物资已被领用或报废：当前库存 ${shown(stockBefore)}，不能再减少 ${taken}`,
        en: `The goods of this purchase of "${goods.name}" were already used or written off: ${shown(stockBefore)} left in stock, ${taken} cannot be taken back`,
      };
    }
    return {
      zh: `库存不足：「${goods.name}」当前库存 ${shown(stockBefore)}，不能出库 ${taken}`,
      en: `Not enough stock: "${goods.name}" has ${shown(stockBefore)} in stock, ${taken} cannot be taken out`,
    };
  };
}

/** Registers the stock hooks of one movement register. */
export function defineMovementHooks(kind: MovementKind): void {
  const shortage = shortageMessage(kind);
  defineHooks(kind.schemaId, {
    afterChange: async ({ ctx, tx, operation, row, existing }) => {
      assertQuantityPrecision(row.quantity, ctx.language);
      const movementDate = row[kind.dateField] as string;
      if (operation === 'create') {
        const change = {
          goodsId: String(row.goodsId),
          delta: kind.direction * Number(row.quantity),
          kind,
          operation: LOG_OPERATION.record,
          sourceId: String(row.id),
        };
        await applyStockChanges(ctx, tx, [{ ...change, movementDate }], shortage);
        return;
      }
      const stored = Number(existing!.quantity);
      const difference = roundQuantity(Number(row.quantity) - stored);
      const change = { goodsId: String(row.goodsId), delta: kind.direction * difference, kind, operation: LOG_OPERATION.correct, sourceId: String(row.id) };
      const remark = `${shown(stored)} → ${shown(Number(row.quantity))}`;
      await applyStockChanges(ctx, tx, [{ ...change, movementDate, remark }], shortage);
    },
    beforeRemove: ({ ctx, tx, rows }) => {
      const reversals = rows.map((row) => ({
        goodsId: String(row.goods_id),
        delta: -kind.direction * Number(row.quantity),
        kind,
        operation: LOG_OPERATION.reverse,
        sourceId: String(row.id),
        movementDate: row[kind.dateColumn] as string,
      }));
      return applyStockChanges(ctx, tx, reversals, shortage);
    },
  });
}
