/**
 * Events from the field (issue 12 §4): an inspection record saved or updated
 * with abnormal items (result 2) raises one event per such item, in the
 * record's transaction — reported by the inspector, source 巡查上报, with the
 * item's dam part, description, photos and hazard type, the record's risk
 * level, a title naming the reservoir and the item — linked both ways
 * (event.recordId/recordItemId, item.eventId). It lands in the inbox of the
 * managers who sign for events (/event/received and a work-order notice), not
 * in anyone else's. Updates match items by their catalogue item: a kept item
 * keeps its event, an item turned normal or dropped keeps its event (the
 * record still lists it), a new abnormal item raises a new one. A refused
 * record raises nothing; a refused event refuses the record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testServer.js';

const TENANT = '100001';
const OTHER_TENANT = '316979';
const RECORD = '/api/v1/inspect/record';
const EVENTS = '/api/v2/inspect/event';
const WORK_ORDER = 2;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
type Account = 'admin' | 'farm_admin' | 'subject_admin' | 'river_chief' | 'inspector';
/** The accounts holding the sign-for button (event_received_accept) in the demo grants: the administrator and the three managers. */
const MANAGERS: Account[] = ['admin', 'farm_admin', 'subject_admin', 'river_chief'];

let t: TestServer;
const token = {} as Record<Account, string>;
const userId = {} as Record<Account, string>;
let planId: string;
let reservoirId: string;
let reservoirName: string;
let items: { id: string; name: string }[];

async function call(path: string, as: Account, body?: unknown): Promise<{ status: number; body: Body }> {
  return t.api(path, { token: token[as], body, method: body === undefined ? 'GET' : 'POST' });
}

const crack = () => ({
  itemId: items[0].id,
  itemName: items[0].name,
  damPart: '1',
  result: 2,
  eventType: 1,
  description: '坝顶路面横向裂缝约3米',
  photos: ['/img/demo-events/before-crack.svg'],
});
const seepage = () => ({ itemId: items[1].id, itemName: items[1].name, damPart: '3', result: 2, description: '背水坡散浸' });
const normal = (index: number) => ({ itemId: items[index].id, itemName: items[index].name, damPart: '1', result: 1 });

function recordBody(itemResults: unknown[], overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    planId,
    reservoirId,
    inspectType: 1,
    startTime: '2027-06-03 08:30:00',
    riskLevel: 2,
    riskDescription: '坝顶裂缝、背水坡散浸',
    itemResults,
    ...overrides,
  };
}

async function save(itemResults: unknown[], overrides: Record<string, unknown> = {}): Promise<Body> {
  const saved = await call(`${RECORD}/save`, 'inspector', recordBody(itemResults, overrides));
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.data;
}

async function update(id: string, itemResults: unknown[]): Promise<Body> {
  const updated = await call(`${RECORD}/update`, 'inspector', { id, ...recordBody(itemResults) });
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  return updated.body.data;
}

async function recordDetail(id: string): Promise<Body> {
  const detail = await call(`/api/v2/inspect/record/detail/${id}`, 'admin');
  expect(detail.status, JSON.stringify(detail.body)).toBe(200);
  return detail.body.data;
}

async function eventsOfRecord(recordId: string): Promise<Body[]> {
  const found = await t.db.query(
    `SELECT id::text AS id, status, is_deleted, record_item_id::text AS "recordItemId" FROM inspect_event WHERE record_id = $1 ORDER BY id`,
    [recordId],
  );
  return found.rows;
}

const eventTotal = async () => (await t.db.query('SELECT count(*)::int AS n FROM inspect_event')).rows[0].n;

async function recipientsOf(eventId: string): Promise<{ userId: string; orderType: number }[]> {
  const found = await t.db.query(
    'SELECT user_id::text AS "userId", order_type AS "orderType" FROM sys_notice_message WHERE business_id = $1 AND is_deleted = 0',
    [eventId],
  );
  return found.rows;
}

async function listedIn(page: string, as: Account, eventId: string): Promise<boolean> {
  const listed = await call(`${EVENTS}/${page}?size=200`, as);
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  return listed.body.data.records.some((row: Body) => row.id === eventId);
}

beforeAll(async () => {
  t = await startTestServer();
  for (const account of ['admin', 'farm_admin', 'subject_admin', 'river_chief', 'inspector'] as Account[]) {
    token[account] = await t.signIn(TENANT, account);
    userId[account] = (await t.db.query('SELECT id::text AS id FROM blade_user WHERE tenant_id = $1 AND account = $2', [TENANT, account])).rows[0].id;
  }
  const plan = (
    await t.db.query(`SELECT id::text AS id, reservoir_ids FROM inspect_plan WHERE tenant_id = $1 AND plan_status = 2 AND is_deleted = 0 ORDER BY id LIMIT 1`, [
      TENANT,
    ])
  ).rows[0];
  planId = plan.id;
  reservoirId = plan.reservoir_ids[0];
  reservoirName = (await t.db.query('SELECT name FROM rsc_reservoir WHERE id = $1', [reservoirId])).rows[0].name;
  items = (await t.db.query(`SELECT id::text AS id, item_name AS name FROM inspect_item WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY id LIMIT 4`, [TENANT]))
    .rows;
});
afterAll(() => t?.close());

describe('an abnormal inspection item raises an event', () => {
  it('one event per abnormal item, reported by the inspector with what the item says', async () => {
    const record = await save([normal(2), crack(), seepage()]);
    const events = await eventsOfRecord(record.id);
    expect(events).toHaveLength(2);
    const [first, second] = await Promise.all(events.map(async (event) => (await call(`${EVENTS}/detail/${event.id}`, 'admin')).body.data));
    expect(first).toMatchObject({
      title: `${reservoirName}：${items[0].name}`,
      reservoirId,
      source: 1,
      status: 1,
      eventType: 1,
      level: 2,
      damPart: 1,
      description: '坝顶路面横向裂缝约3米',
      photos: ['/img/demo-events/before-crack.svg'],
      reporterId: userId.inspector,
      recordId: record.id,
    });
    expect(first.eventNo).toMatch(/^SJ\d{8}\d{4}$/);
    // An item without a hazard type is "other"; the report is the event's first log row.
    expect(second).toMatchObject({ eventType: 99, damPart: 3, description: '背水坡散浸', photos: [] });
    expect(first.logs.map((log: Body) => [log.action, log.toStatus])).toEqual([[1, 1]]);
  });

  it('links both ways: the event names the record and the item, the item and the record name the event', async () => {
    const record = await save([crack(), normal(1)]);
    const [event] = await eventsOfRecord(record.id);
    const detail = await recordDetail(record.id);
    const [abnormal, fine] = detail.itemResults;
    expect(event.recordItemId).toBe(abnormal.id);
    expect(abnormal).toMatchObject({ result: 2, eventId: event.id, eventTitle: `${reservoirName}：${items[0].name}` });
    expect(fine).toMatchObject({ result: 1, eventId: null });
    expect(detail.events.map((row: Body) => row.id)).toEqual([event.id]);
    // The save's own answer carries them too.
    expect(record.itemResults[0].eventId).toBe(event.id);
  });

  it('reaches the managers who sign for events — in 待签收 and as a work-order notice — and nobody else', async () => {
    const record = await save([crack()]);
    const [event] = await eventsOfRecord(record.id);
    for (const manager of MANAGERS) expect(await listedIn('acceptPage', manager, event.id), manager).toBe(true);
    const recipients = await recipientsOf(event.id);
    // The inspector who reported it is not told of their own report.
    expect(recipients.map((r) => r.userId).sort()).toEqual(MANAGERS.map((m) => userId[m]).sort());
    expect(new Set(recipients.map((r) => r.orderType))).toEqual(new Set([WORK_ORDER]));
    // Another county's administrator neither sees nor reaches it.
    const stranger = await t.signIn(OTHER_TENANT, 'admin');
    expect((await t.api(`${EVENTS}/detail/${event.id}`, { token: stranger })).status).not.toBe(200);
  });

  it('a manager signs for it like any other event', async () => {
    const record = await save([crack()]);
    const [event] = await eventsOfRecord(record.id);
    const accepted = await call(`${EVENTS}/accept`, 'farm_admin', { id: event.id });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(await listedIn('processPage', 'farm_admin', event.id)).toBe(true);
  });
});

describe('updating the record', () => {
  it('a kept abnormal item keeps its event and its row; no second event', async () => {
    const record = await save([crack(), normal(1)]);
    const [event] = await eventsOfRecord(record.id);
    const before = await recordDetail(record.id);
    const updated = await update(record.id, [{ ...crack(), description: '裂缝延长至4米' }, normal(1)]);
    expect(await eventsOfRecord(record.id)).toEqual([event]);
    expect(updated.itemResults.map((item: Body) => item.id)).toEqual(before.itemResults.map((item: Body) => item.id));
    expect(updated.itemResults[0]).toMatchObject({ eventId: event.id, description: '裂缝延长至4米' });
  });

  it('an item turned normal keeps its event, linked from the item and the record', async () => {
    const record = await save([crack()]);
    const [event] = await eventsOfRecord(record.id);
    await update(record.id, [{ ...crack(), result: 1, description: null }]);
    const detail = await recordDetail(record.id);
    expect(await eventsOfRecord(record.id)).toEqual([event]);
    expect(event).toMatchObject({ status: 1, is_deleted: 0 });
    expect(detail.itemResults[0]).toMatchObject({ result: 1, eventId: event.id });
    expect(detail.events.map((row: Body) => row.id)).toEqual([event.id]);
  });

  it('a dropped item’s event stays and the record still lists it; a new abnormal item raises a new event', async () => {
    const record = await save([crack()]);
    const [kept] = await eventsOfRecord(record.id);
    await update(record.id, [seepage()]);
    const events = await eventsOfRecord(record.id);
    expect(events).toHaveLength(2);
    expect(events[0]).toEqual(kept);
    const detail = await recordDetail(record.id);
    expect(detail.itemResults).toHaveLength(1);
    expect(detail.itemResults[0].eventId).toBe(events[1].id);
    expect(detail.events.map((row: Body) => row.id)).toEqual(events.map((event) => event.id));
  });

  it('an update without item results leaves the items and their events alone', async () => {
    const record = await save([crack()]);
    const before = await eventsOfRecord(record.id);
    const updated = await call(`${RECORD}/update`, 'inspector', { id: record.id, planId, reservoirId, riskDescription: '复查' });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(await eventsOfRecord(record.id)).toEqual(before);
  });
});

describe('nothing is half done', () => {
  it('a refused record raises no event', async () => {
    const before = await eventTotal();
    const refused = await call(`${RECORD}/save`, 'inspector', recordBody([crack()], { planId: '1' }));
    expect(refused.status).toBe(400);
    expect(await eventTotal()).toBe(before);
  });

  it('an event the register refuses (a hazard type not in its dictionary) refuses the record, and nothing is stored', async () => {
    const records = async () => (await t.db.query('SELECT count(*)::int AS n FROM inspect_record WHERE tenant_id = $1', [TENANT])).rows[0].n;
    const [eventsBefore, recordsBefore] = [await eventTotal(), await records()];
    const refused = await call(`${RECORD}/save`, 'inspector', recordBody([{ ...crack(), eventType: 98 }]));
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect([await eventTotal(), await records()]).toEqual([eventsBefore, recordsBefore]);
  });

  it('an item result with a hazard type that is not a number is refused with a clear message', async () => {
    const refused = await call(`${RECORD}/save`, 'inspector', recordBody([{ ...crack(), eventType: 'crack' }]));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('隐患类型');
  });
});
