/**
 * The console dashboard's figures (/api/v2/screen/dashboard/*, menu
 * dashboard) against rows the test creates in 安溪县: a published daily plan
 * over two reservoirs this week asks for 2 inspections a day so far (Monday..
 * today; the current week is counted so far), records started this week count
 * as done, and the inspection big screen counts the same week the same; events reported days ago land in their age bucket by
 * state; warnings raised this week count on their day and level. Each figure
 * is compared before and after, so the demo data does not matter; another
 * tenant's figures do not move, a user without the menu is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../src/server/db/ids.js';
import { startTestServer, type TestServer } from './testServer.js';

const TENANT = '100001';
const BASE = '/api/v2/screen/dashboard';

let t: TestServer;
let admin: string;
let other: string;
let monday: string;
let today: string;
let reservoirs: string[];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

async function get(path: string, token = admin): Promise<Body> {
  const answer = await t.api(`${BASE}/${path}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

async function post(path: string, body: unknown): Promise<Body> {
  const answer = await t.api(path, { token: admin, body });
  expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.data;
}

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const thisWeek = (data: Body) => data.weeks[data.weeks.length - 1];
const bucket = (data: Body, key: string, status: number) => data.buckets.find((b: Body) => b.bucket === key && b.status === status).count;
const warningsOn = (data: Body, day: string, level: number) => data.days.find((d: Body) => d.day === day && d.level === level).count;

/** A published plan: every day of this week, at two reservoirs, with an existing plan's item group and inspectors. */
async function publishDailyPlan(): Promise<string> {
  const template = (await t.db.query(`SELECT id::text AS id FROM inspect_plan WHERE tenant_id = $1 AND is_deleted = 0 AND plan_status = 2 LIMIT 1`, [TENANT]))
    .rows[0];
  const existing = (await t.api(`/api/v1/inspect/plan/detail?id=${template.id}`, { token: admin })).body.data;
  reservoirs = existing.reservoirIds.slice(0, 2);
  expect(reservoirs).toHaveLength(2);
  const plan = await post('/api/v1/inspect/plan/save', {
    name: '控制台测试计划',
    inspectType: 1,
    itemGroupId: existing.itemGroupId,
    reservoirIds: reservoirs,
    frequency: 1,
    inspectorIds: existing.inspectorIds,
    startDate: monday,
    endDate: addDays(monday, 6),
  });
  await post('/api/v1/inspect/plan/publish', { id: plan.id });
  return plan.id;
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn(TENANT, 'admin');
  other = await t.signIn('316979', 'admin');
  monday = (await t.db.query(`SELECT to_char(date_trunc('week', LOCALTIMESTAMP), 'YYYY-MM-DD') AS d`)).rows[0].d;
  today = (await t.db.query(`SELECT to_char(LOCALTIMESTAMP, 'YYYY-MM-DD') AS d`)).rows[0].d;
});

/** A token of the inspection big screen, opened by the tenant's admin. */
async function screenToken(): Promise<string> {
  const answer = await t.api('/api/blade-screen/token?screen=screen_inspection', { method: 'POST', token: admin });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.token;
}
afterAll(() => t?.close());

describe('inspections done vs planned', () => {
  it('answers 8 weeks ending with this one, counted so far; a daily plan at two reservoirs adds 2 a day to today, records this week add to done', async () => {
    const before = await get('inspections');
    expect(before.weeks).toHaveLength(8);
    expect(thisWeek(before).weekStart).toBe(monday);
    expect(before.weeks[0].weekStart).toBe(addDays(monday, -49));
    const theirsBefore = await get('inspections', other);

    const planId = await publishDailyPlan();
    for (const reservoirId of [reservoirs[0], reservoirs[1], reservoirs[0]]) {
      await post('/api/v1/inspect/record/save', {
        planId,
        reservoirId,
        inspectType: 1,
        startTime: `${monday} 00:10:00`,
        endTime: `${monday} 00:50:00`,
        itemResults: [{ itemName: '坝顶有无裂缝、塌陷', damPart: '1', result: 1 }],
      });
    }
    const after = await get('inspections');
    const daysSoFar = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${monday}T00:00:00Z`)) / 86_400_000 + 1;
    expect(thisWeek(after).countedTo).toBe(today);
    expect(after.weeks[0].countedTo).toBe(addDays(after.weeks[0].weekStart, 6));
    expect(thisWeek(after).planned - thisWeek(before).planned).toBe(2 * daysSoFar);
    expect(thisWeek(after).done - thisWeek(before).done).toBe(3);
    expect(after.weeks.slice(0, 7)).toEqual(before.weeks.slice(0, 7));
    expect(after.planned).toBe(after.weeks.reduce((sum: number, w: Body) => sum + w.planned, 0));
    expect(after.done).toBe(after.weeks.reduce((sum: number, w: Body) => sum + w.done, 0));
    expect(after.rate).toBe(Math.round((after.done / after.planned) * 1000) / 10);
    expect(await get('inspections', other)).toEqual(theirsBefore);

    // The inspection big screen's "this week" is the same span, the same plans and the same records.
    const screen = (await t.api('/api/v2/screen/inspection/work', { token: await screenToken() })).body.data;
    expect(screen.week).toEqual({
      planned: thisWeek(after).planned,
      done: thisWeek(after).done,
      rate: thisWeek(after).planned > 0 ? Math.round((thisWeek(after).done / thisWeek(after).planned) * 1000) / 10 : null,
    });
  });

  it('takes 1–26 weeks and refuses anything else with a message', async () => {
    expect((await get('inspections?weeks=3')).weeks).toHaveLength(3);
    for (const weeks of ['0', '27', 'x', '2.5']) {
      const refused = await t.api(`${BASE}/inspections?weeks=${weeks}`, { token: admin });
      expect(refused.status, weeks).toBe(400);
      expect(refused.body.msg).toBe('周数应为 1–26 的整数');
    }
  });
});

describe('open events by age', () => {
  it('an event reported 5 days ago counts in 3–7 days under 待签收; one handled no longer counts', async () => {
    const before = await get('openEvents');
    const event = await post('/api/v2/inspect/event/save', { title: '控制台测试事件', reservoirId: reservoirs[0], eventType: 1, level: 1, damPart: 1 });
    await t.db.query(`UPDATE inspect_event SET create_time = LOCALTIMESTAMP - interval '5 days' WHERE id = $1`, [event.id]);
    const old = await post('/api/v2/inspect/event/save', { title: '控制台测试旧事件', reservoirId: reservoirs[0], eventType: 1, level: 1, damPart: 1 });
    await t.db.query(`UPDATE inspect_event SET create_time = LOCALTIMESTAMP - interval '40 days', status = 4 WHERE id = $1`, [old.id]);
    const after = await get('openEvents');
    expect(bucket(after, '3-7', 1) - bucket(before, '3-7', 1)).toBe(1);
    expect(after.total - before.total).toBe(1);
    expect(after.olderThanWeek).toBe(before.olderThanWeek);
    expect(bucket(after, '30+', 1)).toBe(bucket(before, '30+', 1));
    expect(after.buckets.map((b: Body) => b.bucket)).toEqual(['0-3', '0-3', '0-3', '3-7', '3-7', '3-7', '7-30', '7-30', '7-30', '30+', '30+', '30+']);
    expect(after.buckets.find((b: Body) => b.status === 1).statusLabel).toBe('待签收');
    expect(after.total).toBe(after.buckets.reduce((sum: number, b: Body) => sum + b.count, 0));
  });
});

describe('warnings this week', () => {
  it('a warning raised on Monday at level 3 counts on that day and level', async () => {
    const before = await get('warnings');
    expect(before.weekStart).toBe(monday);
    expect(new Set(before.days.map((d: Body) => d.day)).size).toBe(7);
    // Warnings are written only by the limit evaluator: the test writes its row directly.
    await t.db.query(
      `INSERT INTO monitor_warning_log (id, tenant_id, reservoir_id, warning_level, warning_state, start_time, content)
       VALUES ($1, $2, $3, 3, 1, $4::timestamp, '控制台测试预警')`,
      [nextId(), TENANT, reservoirs[0], `${monday} 00:20:00`],
    );
    const after = await get('warnings');
    expect(warningsOn(after, monday, 3) - warningsOn(before, monday, 3)).toBe(1);
    expect(after.total - before.total).toBe(1);
    expect(after.active - before.active).toBe(1);
  });
});

describe('access', () => {
  it('a user without the dashboard menu is refused', async () => {
    await t.db.query(
      `DELETE FROM blade_role_menu WHERE tenant_id = $1 AND menu_id IN (SELECT id FROM blade_menu WHERE code = 'dashboard')
         AND role_id IN (SELECT unnest(string_to_array(role_id, ',')::bigint[]) FROM blade_user WHERE tenant_id = $1 AND account = 'inspector')`,
      [TENANT],
    );
    const inspector = await t.signIn(TENANT, 'inspector');
    expect((await t.api(`${BASE}/openEvents`, { token: inspector })).status).toBe(403);
  });
});
