/**
 * The four matrix screens' figures (GET /api/v2/screen/matrix/{siquan,sizhi,siyu,siguan}, menu screen_matrix): in a
 * fresh tenant the test creates three reservoirs and their stations, readings, cameras, responsible persons,
 * placards, files, engineering records, events, hidden dangers and maintenance records, and checks that each screen
 * counts exactly those rows — and, with a data scope on the reservoir archive, only the reservoirs the caller sees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../src/server/db/ids.js';
import { startTestServer, type TestServer } from './testServer.js';

let t: TestServer;
let tenantId: string;
let admin: string;
let rootDept: string;
const id: Record<string, string> = {};

/** A POST that must succeed; answers the saved row. */
async function save(path: string, body: Record<string, unknown>): Promise<Record<string, string>> {
  const response = await t.api(path, { token: admin, body });
  expect(response.status, `${path} ${JSON.stringify(response.body)}`).toBe(200);
  return response.body.data;
}

const screen = async (name: string, token = admin) => {
  const response = await t.api(`/api/v2/screen/matrix/${name}`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
};

/** The database's time `hours` ago, as the API writes times. */
async function hoursAgo(hours: number): Promise<string> {
  const result = await t.db.query(`SELECT to_char(LOCALTIMESTAMP(0) - make_interval(mins => $1::int), 'YYYY-MM-DD HH24:MI:SS') AS "at"`, [
    Math.round(hours * 60),
  ]);
  return result.rows[0].at;
}

const reservoir = (name: string, code: string, deptId: string, safetyClass?: number) => ({
  name,
  code,
  regionCode: '350524101',
  scale: 2,
  totalCapacity: 35.5,
  deadWaterLevel: 103,
  floodLimitWaterLevel: 108.5,
  normalWaterLevel: 109,
  designFloodLevel: 110.2,
  checkFloodLevel: 110.8,
  damCrestElevation: 111.5,
  deptId,
  safetyClass,
});

async function createRegisters(): Promise<void> {
  id.a = (await save('/api/v1/reservoir/save', reservoir('甲水库', 'MX0001', rootDept))).id;
  id.b = (await save('/api/v1/reservoir/save', reservoir('乙水库', 'MX0002', rootDept))).id;
  id.c = (await save('/api/v1/reservoir/save', reservoir('丙水库', 'MX0003', id.otherDept))).id;
  const station = (code: string, reservoirId: string, monitorType: number) =>
    save('/api/v1/info/station/save', { stationCode: code, stationName: `站${code}`, stationType: monitorType === 1 ? 3 : 1, monitorType, reservoirId });
  id.levelA = (await station('MX00000001', id.a, 1)).id;
  id.rainA = (await station('MX00000002', id.a, 2)).id;
  id.rainB = (await station('MX00000003', id.b, 2)).id;
  id.levelC = (await station('MX00000004', id.c, 1)).id;
  // A's level rises towards its flood limit (108.5): the last reading half an hour ago; A's rain gauge 8.5 mm in the
  // last day; B's gauge reported 30 hours ago only (in the week, not in the day); C's level is far below its limit.
  for (const [hours, value] of [
    [3.5, 107.9],
    [2.5, 108.0],
    [1.5, 108.1],
    [0.5, 108.3],
  ])
    await save('/api/v1/monitor/waterLevel/save', { stationId: id.levelA, element: 1, observeTime: await hoursAgo(hours), value });
  await save('/api/v1/monitor/rainfall/save', { stationId: id.rainA, element: 2, observeTime: await hoursAgo(2), value: 5.5 });
  await save('/api/v1/monitor/rainfall/save', { stationId: id.rainA, element: 2, observeTime: await hoursAgo(1), value: 3 });
  await save('/api/v1/monitor/rainfall/save', { stationId: id.rainB, element: 2, observeTime: await hoursAgo(30), value: 10 });
  await save('/api/v1/monitor/waterLevel/save', { stationId: id.levelC, element: 1, observeTime: await hoursAgo(1), value: 104 });

  await save('/api/v2/inspect/camera/save', { reservoirId: id.a, name: '甲坝顶', onlineStatus: 1 });
  await save('/api/v2/inspect/camera/save', { reservoirId: id.a, name: '甲溢洪道', onlineStatus: 0 });
  await save('/api/v2/inspect/camera/save', { reservoirId: id.c, name: '丙坝顶', onlineStatus: 1 });

  for (const duty of [1, 2, 3]) await save('/api/v1/reservoir/staff/add', { reservoirId: id.a, duty, name: `甲责任人${duty}`, phone: `1380000000${duty}` });
  await save('/api/v1/reservoir/staff/add', { reservoirId: id.b, duty: 1, name: '乙行政', phone: '13900000001' });
  await save('/api/v1/reservoir/placard/save', { reservoirId: id.a, placardType: 1, title: '甲水库责任人公示牌' });
  await save('/api/v1/reservoir/placard/save', { reservoirId: id.b, placardType: 2, title: '乙水库工程简介' });
  const file = (reservoirId: string, fileType: number, fileName: string) =>
    save('/api/v1/reservoir/file/save', { reservoirId, fileType, fileName, fileUrl: '/files/x.pdf' });
  await file(id.a, 7, '甲水库管理制度');
  await file(id.a, 5, '甲水库防汛抢险应急预案');
  await file(id.b, 5, '乙水库防汛抢险应急预案');
  await file(id.c, 7, '丙水库管理制度');

  await save('/api/v1/system/engineering/register/save', { reservoirId: id.a, registerNo: 'MXDJ0001', registerType: 1, registerDate: '2019-06-18' });
  await save('/api/v1/system/engineering/safety/save', { reservoirId: id.a, appraisalDate: '2019-05-01', conclusion: 2, nextAppraisalDate: '2024-05-01' });
  await save('/api/v1/system/engineering/safety/save', { reservoirId: id.b, appraisalDate: '2024-05-01', conclusion: 3, nextAppraisalDate: '2099-05-01' });
  await save('/api/v1/system/engineering/reinforce/save', {
    reservoirId: id.b,
    projectName: '乙水库除险加固',
    progress: 3,
    investment: 320.5,
    centralFund: 200,
  });
  await save('/api/v1/system/engineering/reinforce/save', { reservoirId: id.c, projectName: '丙水库除险加固', progress: 5, investment: 1000 });

  const event = async (level: number) =>
    (await save('/api/v1/inspect/event/save', { title: `甲水库隐患${level}`, reservoirId: id.a, eventType: 1, level, description: '坝坡渗水' })).id;
  id.event1 = await event(1);
  id.event2 = await event(2);
  id.event3 = await event(2);
  // Handled to the end (the lifecycle itself is tested in events.test.ts); one withdrawn, which no rate counts.
  await t.db.query(`UPDATE inspect_event SET status = 4 WHERE id = $1`, [id.event1]);
  await t.db.query(`UPDATE inspect_event SET status = 6 WHERE id = $1`, [id.event3]);
  const risk = (riskName: string) => save('/api/v1/urgent/risk/save', { reservoirId: id.a, riskName, riskLevel: 1, findDate: '2026-01-05' });
  id.risk1 = (await risk('护坡塌陷')).id;
  await risk('排水沟堵塞');
  await t.db.query(`UPDATE urgent_risk SET risk_status = 3 WHERE id = $1`, [id.risk1]);
  await save('/api/v1/maintain/record/save', { reservoirId: id.a, startTime: await hoursAgo(48), content: '坝面除草' });
  await save('/api/v1/maintain/record/save', { reservoirId: id.c, startTime: await hoursAgo(24), content: '闸门保养' });
}

beforeAll(async () => {
  t = await startTestServer({}, { demoReadings: false });
  const platform = await t.signIn('000000', 'admin');
  const created = await t.api('/api/blade-system/tenant/submit', { token: platform, body: { tenantName: '矩阵测试县水利局' } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  tenantId = created.body.data.tenantId;
  admin = await t.signIn(tenantId, 'admin', created.body.data.adminPassword);
  rootDept = (await t.db.query(`SELECT id::text AS id FROM blade_dept WHERE tenant_id = $1 AND parent_id = 0 AND is_deleted = 0`, [tenantId])).rows[0].id;
  id.otherDept = nextId();
  await t.db.query('INSERT INTO blade_dept (id, tenant_id, parent_id, dept_name, sort) VALUES ($1, $2, $3, $4, 2)', [
    id.otherDept,
    tenantId,
    rootDept,
    '丙水库管理所',
  ]);
  await createRegisters();
}, 240_000);
afterAll(() => t?.close());

describe('四全 (siquan)', () => {
  it('counts coverage, monitored families, freshness and lifecycle from the rows of the tenant', async () => {
    const data = await screen('siquan');
    expect(data.coverage).toMatchObject({ reservoirs: 3, stations: 4, cameras: 3, withStations: 3, withLevelStation: 2, withRainStation: 2, withCameras: 2 });
    expect(data.coverage.cameraRate).toBe(66.7);
    const family = (name: string) => data.elements.find((e: { family: string }) => e.family === name);
    expect(family('waterLevel')).toMatchObject({ stations: 2, reservoirs: 2, reporting24h: 2 });
    expect(family('rainfall')).toMatchObject({ stations: 2, reservoirs: 2, reporting24h: 1 });
    expect(family('seepageFlow')).toMatchObject({ stations: 0, reporting24h: 0 });
    // A's level (30 min), C's level and A's rain (1 h ± minutes) are fresh; B's gauge is 30 h old.
    expect(data.allWeather).toMatchObject({ stations: 4, never: 0, stale: 1, cameras: 3, camerasOnline: 2 });
    expect(data.allWeather.online + data.allWeather.within24h).toBe(3);
    expect(data.allWeather.online).toBeGreaterThanOrEqual(1);
    expect(data.allWeather.daily).toHaveLength(7);
    expect(data.allWeather.daily[6].day).toBe(data.today);
    expect(data.lifecycle).toMatchObject({ registered: 1, appraised: 2, reinforcing: 1, reinforced: 1, downgraded: 0 });
    // A's next appraisal (2024) is past and C was never appraised.
    expect(data.lifecycle.appraisalOverdue).toBe(2);
    const a = data.lifecycle.reservoirs.find((r: { id: string }) => r.id === id.a);
    expect(a).toMatchObject({
      name: '甲水库',
      registered: true,
      safetyClass: 2,
      appraisalDate: '2019-05-01',
      nextAppraisalDate: '2024-05-01',
      reinforceProgress: null,
    });
  });
});

describe('四制 (sizhi)', () => {
  it('counts the responsible persons, placards, files, plans and the fulfilment score', async () => {
    const data = await screen('sizhi');
    expect(data.responsibility).toMatchObject({ reservoirs: 3, complete: 1, persons: 4, bound: 0, placards: 1, placardRate: 33.3 });
    expect(data.responsibility.byDuty).toEqual([
      { duty: 1, reservoirs: 2 },
      { duty: 2, reservoirs: 1 },
      { duty: 3, reservoirs: 1 },
    ]);
    expect(data.rules).toMatchObject({
      withRules: 2,
      filesByType: [
        { key: 5, count: 2 },
        { key: 7, count: 2 },
      ],
    });
    expect(data.system).toMatchObject({ managed: 3, registered: 1 });
    expect(data.mechanism).toMatchObject({ planned: 0, dispatchPlans: 0, trained: 0 });
    // A meets staff, placard, managed, registered, rules, emergency plan (6 of 7); B managed and plan (2 of 7); C managed and rules.
    expect(data.assessment.lowest.map((r: { name: string; score: number }) => [r.name, r.score])).toEqual([
      ['丙水库', 29],
      ['乙水库', 29],
      ['甲水库', 86],
    ]);
    expect(data.assessment.average).toBe(48);
  });
});

describe('四预 (siyu)', () => {
  it('sums rainfall, lists the level trend of the reservoir nearest its flood limit with its contacts and plans', async () => {
    const data = await screen('siyu');
    const rain = Object.fromEntries(data.forecast.stations.map((s: { id: string; last24h: number; last7d: number }) => [s.id, [s.last24h, s.last7d]]));
    expect(rain).toEqual({ [id.rainA]: [8.5, 8.5], [id.rainB]: [0, 10] });
    expect(data.forecast.daily).toHaveLength(7);
    // Named as the day reports name a rain day (D-1 08:00 to D 08:00): only the last, still running, is marked.
    expect(data.forecast.daily.map((d: { running: boolean }) => d.running)).toEqual([false, false, false, false, false, false, true]);
    expect(data.forecast.daily.reduce((sum: number, d: { mean: number }) => sum + d.mean, 0)).toBeCloseTo(9.3, 1);
    expect(data.warning).toMatchObject({ active: 0, overFloodLimit: [] });
    expect(data.rehearsal).toMatchObject({ reservoirId: id.a, reservoirName: '甲水库', floodLimitLevel: 108.5, margin: 0.2 });
    expect(data.rehearsal.level.value).toBe(108.3);
    expect(data.rehearsal.trend.map((p: { value: number }) => p.value)).toEqual([107.9, 108, 108.1, 108.3]);
    expect(data.rehearsal.ratePerHour).toBeGreaterThan(0);
    expect(data.rehearsal.hoursToLimit).toBeGreaterThan(0);
    expect(data.plan).toMatchObject({ withPlan: 2, planRate: 66.7 });
    expect(data.plan.contacts[0]).toMatchObject({ reservoirId: id.a, plans: [{ name: '甲水库防汛抢险应急预案' }] });
    expect(data.plan.contacts[0].persons.map((p: { duty: number; name: string }) => [p.duty, p.name])).toEqual([
      [1, '甲责任人1'],
      [2, '甲责任人2'],
      [3, '甲责任人3'],
    ]);
  });
});

describe('四管 (siguan)', () => {
  it('counts reinforcement, appraisals, upkeep and closure', async () => {
    const data = await screen('siguan');
    expect(data.reinforcement).toMatchObject({
      investment: 1320.5,
      centralFund: 200,
      byProgress: [
        { key: 3, count: 1 },
        { key: 5, count: 1 },
      ],
    });
    expect(data.reinforcement.open.map((p: { projectName: string }) => p.projectName)).toEqual(['乙水库除险加固']);
    expect(data.reinforcement.unsafeWithoutProject).toEqual([]);
    expect(data.appraisal).toMatchObject({ unclassified: 1, overdue: 2, dueSoon: 0 });
    expect(data.appraisal.byClass).toEqual([
      { safetyClass: 1, count: 0 },
      { safetyClass: 2, count: 1 },
      { safetyClass: 3, count: 1 },
    ]);
    expect(data.upkeep.maintain).toMatchObject({ records: 2, reservoirs: 2, rate: 66.7 });
    expect(data.upkeep.clean).toMatchObject({ records: 0, reservoirs: 0 });
    expect(data.upkeep.maintain.monthly).toHaveLength(6);
    expect(data.safety.events).toMatchObject({ total: 2, closed: 1, closureRate: 50, open: 1, openByLevel: [{ level: 2, count: 1 }] });
    expect(data.safety.risks).toEqual({ total: 2, closed: 1, closureRate: 50 });
  });
});

describe('access', () => {
  it('with a data scope on the reservoir archive, every screen counts only the reservoirs the caller sees', async () => {
    const roleId = String((await t.db.query(`SELECT role_id FROM blade_user WHERE tenant_id = $1 AND account = 'admin'`, [tenantId])).rows[0].role_id).split(
      ',',
    )[0];
    const scopeId = nextId();
    await t.db.query(
      `INSERT INTO blade_scope_data (id, tenant_id, menu_id, resource_code, scope_name, scope_type, scope_value) VALUES ($1, '000000', 0, 'project_mgr', 'matrix test', 5, $2)`,
      [scopeId, rootDept],
    );
    await t.db.query('INSERT INTO blade_role_scope (id, tenant_id, scope_category, scope_id, role_id) VALUES ($1, $2, 1, $3, $4)', [
      nextId(),
      tenantId,
      scopeId,
      roleId,
    ]);
    try {
      const siquan = await screen('siquan');
      expect(siquan.coverage).toMatchObject({ reservoirs: 2, stations: 3, cameras: 2 });
      expect(siquan.lifecycle.reservoirs.map((r: { name: string }) => r.name).sort()).toEqual(['乙水库', '甲水库']);
      expect((await screen('siguan')).reinforcement.investment).toBe(320.5);
      expect((await screen('siguan')).upkeep.maintain.records).toBe(1);
      expect((await screen('sizhi')).rules.withRules).toBe(1);
    } finally {
      await t.db.query('DELETE FROM blade_role_scope WHERE scope_id = $1', [scopeId]);
    }
  });

  it('a matrix screen token reads the four screens; a token of another screen is refused', async () => {
    const issue = async (screen: string) => {
      const issued = await t.api(`/api/blade-screen/token?screen=${screen}`, { method: 'POST', token: admin });
      expect(issued.status, JSON.stringify(issued.body)).toBe(200);
      return issued.body.data.token as string;
    };
    const matrix = await issue('screen_matrix');
    expect((await screen('siquan', matrix)).coverage.reservoirs).toBe(3);
    for (const name of ['sizhi', 'siyu', 'siguan']) expect((await t.api(`/api/v2/screen/matrix/${name}`, { token: matrix })).status).toBe(200);
    const inspection = await issue('screen_inspection');
    expect((await t.api('/api/v2/screen/matrix/siquan', { token: inspection })).status).toBe(401);
  });

  it("another tenant's screens do not count these rows, and a user without the screen menu is refused", async () => {
    const other = await t.signIn('003189', 'admin');
    const theirs = await screen('siquan', other);
    expect(theirs.lifecycle.reservoirs.some((r: { name: string }) => ['甲水库', '乙水库', '丙水库'].includes(r.name))).toBe(false);
    const inspector = await t.signIn('003189', 'inspector');
    for (const name of ['siquan', 'sizhi', 'siyu', 'siguan']) expect((await t.api(`/api/v2/screen/matrix/${name}`, { token: inspector })).status).toBe(403);
  });
});
