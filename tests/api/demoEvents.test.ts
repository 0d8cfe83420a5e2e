/**
 * The demo events (issue 12 §6): every demo tenant has events in every state
 * (1 待签收 … 6 已撤回), made by the real operations — so each event's log
 * runs from its report to its state without a gap, the people who must act
 * were told, some events came from abnormal inspection items (linked both
 * ways) and, where the tenant has camera alarms, from an alarm; public
 * reports give /province/detail content; some are overdue; every photo
 * resolves; seeding again adds nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../src/server/seed/seedDatabase.js';
import { startTestServer, type TestServer } from './testServer.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

/** The demo tenants with reservoirs (an event is always at a reservoir): all but the platform's. */
const TENANTS = ['316979', '003189', '173509', '100001'];
/** The tenant with demo cameras (seed/cameras.ts), whose alarms become events. */
const CAMERA_TENANT = '100001';
const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../src/web/public');
const SENTIMENT = 1;
const WORK_ORDER = 2;

let t: TestServer;
const tokens = new Map<string, string>();

async function tokenOf(tenantId: string, account: string): Promise<string> {
  const key = `${tenantId}:${account}`;
  if (!tokens.has(key)) tokens.set(key, await t.signIn(tenantId, account));
  return tokens.get(key)!;
}

async function eventsOf(tenantId: string): Promise<Body[]> {
  const found = await t.db.query(
    `SELECT id::text AS id, status, source, record_id::text AS record_id, record_item_id::text AS record_item_id, camera_warning_id::text AS camera_warning_id,
            photos, after_photos, deadline::text AS deadline, (deadline < CURRENT_DATE) AS overdue, reporter_id::text AS reporter_id
       FROM inspect_event WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY id`,
    [tenantId],
  );
  return found.rows;
}

const eventCount = async () => (await t.db.query('SELECT count(*)::int AS n FROM inspect_event')).rows[0].n;

beforeAll(async () => {
  const started = Date.now();
  t = await startTestServer();
  // The figure the report quotes: a whole server start (migrate, seed, listen) with the demo events.
  console.info(`server with demo data started in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
afterAll(() => t?.close());

describe('demo events', () => {
  it('are seeded in every demo tenant that has reservoirs', async () => {
    const withReservoirs = await t.db.query(`SELECT DISTINCT tenant_id FROM rsc_reservoir WHERE is_deleted = 0 AND tenant_id <> '000000' ORDER BY tenant_id`);
    expect(withReservoirs.rows.map((row) => row.tenant_id).sort()).toEqual([...TENANTS].sort());
  });

  it.each(TENANTS)('tenant %s has events in every state, listed by the pages of their state', async (tenantId) => {
    const events = await eventsOf(tenantId);
    expect(new Set(events.map((event) => event.status))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    const token = await tokenOf(tenantId, 'admin');
    const pages: [string, number[]][] = [
      ['acceptPage', [1]],
      ['processPage', [2, 3]],
      ['endPage', [4, 5, 6]],
    ];
    for (const [page, states] of pages) {
      const listed = await t.api(`/api/v2/inspect/event/${page}?size=100`, { token });
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      expect(listed.body.data.total).toBe(events.filter((event) => states.includes(event.status)).length);
    }
  });

  it.each(TENANTS)('tenant %s: each event’s log runs from its report to its state without a gap', async (tenantId) => {
    const token = await tokenOf(tenantId, 'admin');
    for (const event of await eventsOf(tenantId)) {
      const detail = await t.api(`/api/v2/inspect/event/detail/${event.id}`, { token });
      expect(detail.status, JSON.stringify(detail.body)).toBe(200);
      const logs: Body[] = detail.body.data.logs;
      expect(logs.length, `event ${event.id}`).toBeGreaterThan(0);
      expect([null, 1]).toContain(logs[0].fromStatus);
      for (let i = 1; i < logs.length; i++) expect(logs[i].fromStatus, `event ${event.id} step ${i}`).toBe(logs[i - 1].toStatus);
      expect(logs.at(-1).toStatus, `event ${event.id}`).toBe(event.status);
    }
  });

  it.each(TENANTS)('tenant %s: events raised from abnormal inspection items name the item, and the item names the event', async (tenantId) => {
    const fromRecords = (await eventsOf(tenantId)).filter((event) => event.source === 1 && event.record_item_id);
    expect(fromRecords.length).toBeGreaterThan(0);
    for (const event of fromRecords) {
      const item = await t.db.query('SELECT record_id::text AS record_id, result, event_id::text AS event_id FROM inspect_record_item WHERE id = $1', [
        event.record_item_id,
      ]);
      expect(item.rows[0]).toEqual({ record_id: event.record_id, result: 2, event_id: event.id });
    }
  });

  it.each(TENANTS)('tenant %s: events are dated to what raised them (record, alarm or report day), their log after it', async (tenantId) => {
    const dates = await t.db.query(
      `SELECT e.create_time = COALESCE(r.start_time, w.alarm_time, e.create_time) AS at_source, e.create_time < LOCALTIMESTAMP - interval '1 hour' AS before_seed,
              (SELECT min(l.create_time) FROM inspect_event_log l WHERE l.event_id = e.id) >= e.create_time - interval '1 second' AS log_after
         FROM inspect_event e LEFT JOIN inspect_record r ON r.id = e.record_id LEFT JOIN camera_warning w ON w.id = e.camera_warning_id
        WHERE e.tenant_id = $1 AND e.is_deleted = 0 AND e.source <> 6`,
      [tenantId],
    );
    expect(dates.rows.length).toBeGreaterThan(0);
    expect(dates.rows.every((row) => row.at_source && row.log_after !== false)).toBe(true);
    // Backdated: not all on the seed's day, so the open events spread over the age buckets.
    expect(dates.rows.some((row) => row.before_seed)).toBe(true);
  });

  it('the camera tenant’s alarms became events: source 2, the alarm marked 已转事件 and naming its event', async () => {
    const fromAlarms = (await eventsOf(CAMERA_TENANT)).filter((event) => event.source === 2);
    expect(fromAlarms.length).toBeGreaterThan(0);
    for (const event of fromAlarms) {
      const warning = await t.db.query('SELECT handle_status, event_id::text AS event_id, photo_url FROM camera_warning WHERE id = $1', [
        event.camera_warning_id,
      ]);
      // An AI-corrected event's alarm is a false alarm (2); the others stay 已转事件 (1).
      expect(warning.rows[0].event_id).toBe(event.id);
      expect(warning.rows[0].handle_status).toBe(event.status === 4 ? 2 : 1);
      expect(event.photos).toEqual([warning.rows[0].photo_url]);
    }
  });

  it.each(TENANTS)('tenant %s: public reports open the public sentiment page, the others the work order page', async (tenantId) => {
    const events = await eventsOf(tenantId);
    expect(events.some((event) => event.source === 5)).toBe(true);
    const messages = await t.db.query(
      `SELECT business_id, order_type FROM sys_notice_message WHERE tenant_id = $1 AND order_type = ANY($2::int[]) AND is_deleted = 0`,
      [tenantId, [SENTIMENT, WORK_ORDER]],
    );
    for (const event of events) {
      const orderTypes = new Set(messages.rows.filter((m) => m.business_id === event.id).map((m) => m.order_type));
      expect([...orderTypes], `event ${event.id}`).toEqual([event.source === 5 ? SENTIMENT : WORK_ORDER]);
    }
  });

  it.each(TENANTS)('tenant %s has an overdue event in progress', async (tenantId) => {
    expect((await eventsOf(tenantId)).some((event) => event.status === 2 && event.overdue === true)).toBe(true);
  });

  it('every demo photo resolves: a file the console ships, or an attachment the server answers', async () => {
    for (const tenantId of TENANTS) {
      const token = await tokenOf(tenantId, 'admin');
      for (const event of await eventsOf(tenantId)) {
        for (const url of [...event.photos, ...event.after_photos] as string[]) {
          if (url.startsWith('/api/')) expect((await t.api(url, { token })).status, url).toBe(200);
          else if (url.startsWith('/')) expect(fs.existsSync(path.join(PUBLIC_DIR, url)), url).toBe(true);
          else expect(url, 'a demo photo is served by this server').toMatch(/^\//);
        }
      }
    }
  });

  it('seeding again adds no event', async () => {
    const before = await eventCount();
    await seedDatabase(t.server.db, { demo: true });
    expect(await eventCount()).toBe(before);
  });
});
