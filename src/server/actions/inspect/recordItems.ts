/**
 * The item results of an inspection record, replaced by each save and update
 * — but an item that comes back keeps its row: items are matched to the
 * stored ones by their catalogue item (itemId; by name when the item has no
 * catalogue id), in order, and a matched row is updated in place, keeping its
 * id and the event it raised (eventId). New items are inserted; stored items
 * that are not sent again are removed (their events stay: an event is never
 * lost with an item, it still names the record).
 */
import { nextId } from '../../db/ids.js';
import type { DbClient } from '../../db/pool.js';
import type { ActionContext } from '../../engine/actions.js';
import { entityModel } from '../../engine/entityRegistry.js';
import { localApi } from '../../engine/localApi.js';
import type { Caller } from '../../http/caller.js';
import { actorOf } from '../../engine/operations/context.js';
import { buildInsert, buildUpdate } from '../../engine/sqlBuilder.js';
import type { ItemResult } from './recordRules.js';

/** One item result as stored: its row id and the event it raised, if any. */
export interface StoredItem extends ItemResult {
  id: string;
  eventId: string | null;
}

/** How items are recognised across updates: the catalogue item, else the name. */
const matchKey = (item: { itemId?: string | null; itemName?: string | null }): string => (item.itemId ? `item:${item.itemId}` : `name:${item.itemName}`);

/** The stored rows by match key, each key's rows in their order (an item may appear twice in one record). */
async function storedByKey(ctx: ActionContext, recordId: string): Promise<Map<string, { id: string; eventId: string | null }[]>> {
  const stored = await localApi(ctx, ctx.tx as DbClient)
    .tenantWide()
    .find('inspect/recordItem', { where: { recordId }, sort: ['sort asc', 'id asc'] });
  const byKey = new Map<string, { id: string; eventId: string | null }[]>();
  for (const row of stored) {
    const key = matchKey(row);
    byKey.set(key, [...(byKey.get(key) ?? []), { id: String(row.id), eventId: row.eventId ? String(row.eventId) : null }]);
  }
  return byKey;
}

/**
 * Writes the record's items (checked as a whole by itemResultsOf, so written with the engine's SQL
 * without the generic save's per-row checks) and answers them as stored, in order.
 */
export async function replaceItems(ctx: ActionContext, recordId: string, items: ItemResult[]): Promise<StoredItem[]> {
  const model = entityModel('inspect/recordItem');
  const actor = actorOf(ctx.caller);
  const scope = { tenantId: ctx.caller.tenantId };
  const tx = ctx.tx as DbClient;
  const byKey = await storedByKey(ctx, recordId);
  const written: StoredItem[] = [];
  for (const [index, item] of items.entries()) {
    const data = { recordId, ...item, sort: index + 1 };
    const match = byKey.get(matchKey(item))?.shift();
    const id = match?.id ?? nextId();
    const sql = match ? buildUpdate(model, scope, actor, id, data) : buildInsert(model, actor, id, data);
    await tx.query(sql.text, sql.values);
    written.push({ ...item, id, eventId: match?.eventId ?? null });
  }
  const gone = [...byKey.values()].flat().map((row) => row.id);
  await localApi(ctx, tx).tenantWide().remove('inspect/recordItem', gone);
  return written;
}

/** Notes the event an item raised on the item's row (eventId is server-owned: no input sets it). */
export async function linkItemToEvent(caller: Caller, tx: DbClient, itemId: string, eventId: string): Promise<void> {
  const sql = buildUpdate(entityModel('inspect/recordItem'), { tenantId: caller.tenantId }, actorOf(caller), itemId, { eventId });
  await tx.query(sql.text, sql.values);
}
