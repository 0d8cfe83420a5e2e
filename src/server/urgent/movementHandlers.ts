/**
 * save, update and remove of a movement register (purchase, removal,
 * goodsUsed), replacing the generic operations at the spec's paths. Each
 * runs in the action's one transaction: the engine's own insert / update /
 * soft delete of the movement row, then the stock ledger (lock the goods,
 * check, update the stock, write the log). A refusal rolls all of it back.
 *
 * Decisions: an update keeps the goods (goodsId is x-immutable) and applies
 * the difference of the quantity as a correction; a remove reverses the
 * movement. Both are refused when they would take the stock below zero
 * (e.g. removing a purchase whose goods were already used).
 */
import type { DbClient } from '../db/pool.js';
import { removeGuarded } from '../actions/system/rowRemoval.js';
import { assertReferences, type Reference } from '../actions/reservoir/references.js';
import { bodyObject, newRecordBody } from '../actions/reservoir/requestBody.js';
import type { ActionContext, ActionHandler } from '../engine/actions.js';
import { requireId } from '../engine/operations/readOperations.js';
import { insertRow, updateRow } from '../engine/operations/writeOperations.js';
import { buildSelectById } from '../engine/sqlBuilder.js';
import { notFound } from '../http/apiError.js';
import { LOG_OPERATION, type MovementKind } from './movementKinds.js';
import { assertQuantityPrecision, roundQuantity } from './quantities.js';
import { applyStockChanges, type ShortageMessage } from './stockLedger.js';

type Row = Record<string, unknown>;

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

/** The stored movement, locked until the transaction ends (404 when the caller cannot see it). */
async function lockMovement(ctx: ActionContext, tx: DbClient, id: string): Promise<Row> {
  const sql = buildSelectById(ctx.model, ctx.scope, id, true);
  const row = (await tx.query(sql.text, sql.values)).rows[0] as Row | undefined;
  if (!row) throw notFound();
  return row;
}

function saveHandler(kind: MovementKind, refs: Reference[]): ActionHandler {
  return async (ctx) => {
    const tx = ctx.tx as DbClient;
    const body = newRecordBody(ctx.body);
    await assertReferences(tx, ctx.caller.tenantId, ctx.language, body, refs);
    const row = await insertRow(ctx, tx, ctx.model, body);
    assertQuantityPrecision(row.quantity, ctx.language);
    const change = { goodsId: String(row.goodsId), delta: kind.direction * Number(row.quantity), kind, operation: LOG_OPERATION.record, sourceId: String(row.id) };
    await applyStockChanges(ctx, tx, [{ ...change, movementDate: row[kind.dateField] as string }], shortageMessage(kind));
    return row;
  };
}

function updateHandler(kind: MovementKind, refs: Reference[]): ActionHandler {
  return async (ctx) => {
    const tx = ctx.tx as DbClient;
    const body = bodyObject(ctx.body);
    await assertReferences(tx, ctx.caller.tenantId, ctx.language, body, refs);
    const stored = await lockMovement(ctx, tx, requireId(body.id));
    const row = await updateRow(ctx, tx, ctx.model, body);
    assertQuantityPrecision(row.quantity, ctx.language);
    const difference = roundQuantity(Number(row.quantity) - Number(stored.quantity));
    const change = { goodsId: String(row.goodsId), delta: kind.direction * difference, kind, operation: LOG_OPERATION.correct, sourceId: String(row.id) };
    const remark = `${shown(Number(stored.quantity))} → ${shown(Number(row.quantity))}`;
    await applyStockChanges(ctx, tx, [{ ...change, movementDate: row[kind.dateField] as string, remark }], shortageMessage(kind));
    return row;
  };
}

function removeHandler(kind: MovementKind): ActionHandler {
  return (ctx) =>
    removeGuarded(ctx, (rows, tx) => {
      const reversals = rows.map((row) => ({
        goodsId: String(row.goods_id),
        delta: -kind.direction * Number(row.quantity),
        kind,
        operation: LOG_OPERATION.reverse,
        sourceId: String(row.id),
        movementDate: row[kind.dateColumn] as string,
      }));
      return applyStockChanges(ctx, tx, reversals, shortageMessage(kind));
    });
}

/** The handlers of one movement register, for defineActions(kind.schemaId, …); `refs` are its other references (the goods are checked by the ledger). */
export function movementHandlers(kind: MovementKind, refs: Reference[] = []): Record<'save' | 'update' | 'remove', ActionHandler> {
  return { save: saveHandler(kind, refs), update: updateHandler(kind, refs), remove: removeHandler(kind) };
}
