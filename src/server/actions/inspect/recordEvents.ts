/**
 * Events from the field (issue 12 §4): an inspection record saved or updated
 * with an abnormal item (result 2) raises one event per such item, in the
 * record's transaction, through the local API — so the event register's own
 * hooks run (its number, the report log, the notice to the managers who sign
 * for events). The event names the record and the item (recordId,
 * recordItemId) and the item names the event (eventId): linked both ways.
 *
 * An item that already raised an event keeps it, whatever its result now; an
 * item that turns normal or is dropped leaves its event as it is (nothing is
 * lost: the event still names the record). A new abnormal item raises a new one.
 */
import type { DbClient } from '../../db/pool.js';
import { localApi, type LocalContext } from '../../engine/localApi.js';
import { linkItemToEvent, type StoredItem } from './recordItems.js';
import type { Row } from './setupRules.js';

const ABNORMAL = 2;
/** event_source 巡查上报. */
const SOURCE_INSPECTION = 1;
/** event_type 其他, when the item names no type. */
const OTHER_TYPE = 99;
const TITLE_MAX = 100;

/** The event of one abnormal item: what the inspector saw, where, how serious the record says it is. */
export function eventOfItem(record: Row, reservoirName: string, item: StoredItem): Row {
  return {
    title: `${reservoirName}：${item.itemName}`.slice(0, TITLE_MAX),
    reservoirId: String(record.reservoirId),
    eventType: item.eventType ?? OTHER_TYPE,
    level: typeof record.riskLevel === 'number' ? record.riskLevel : 1,
    source: SOURCE_INSPECTION,
    // The item keeps the dam part as text; the event as the dictionary's number.
    damPart: item.damPart && /^[0-9]{1,4}$/.test(item.damPart) ? Number(item.damPart) : undefined,
    description: item.description ?? `巡查发现异常：${item.itemName}`,
    photos: item.photos,
    recordId: String(record.id),
    recordItemId: item.id,
  };
}

/**
 * Raises the events of the record's new abnormal items, in the transaction `tx`, and links them to their items;
 * answers the ids of the events raised. The caller (the inspector who recorded the items) reports them.
 */
export async function raiseEventsOfRecord(ctx: LocalContext, tx: DbClient, record: Row, items: StoredItem[]): Promise<string[]> {
  const pending = items.filter((item) => item.result === ABNORMAL && !item.eventId);
  if (pending.length === 0) return [];
  const api = localApi(ctx, tx);
  const reservoir = await api.tenantWide().findById('reservoir/reservoir', String(record.reservoirId));
  const raised: string[] = [];
  for (const item of pending) {
    const event = await api.create('inspect/event', eventOfItem(record, String(reservoir?.name ?? ''), item) as never);
    await linkItemToEvent(ctx.caller, tx, item.id, String(event.id));
    raised.push(String(event.id));
  }
  return raised;
}
