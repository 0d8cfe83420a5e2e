/**
 * River patrol records (issue 15 §3) at /api/v2/river: a patrol saved with its GPS track gets its start,
 * end, duration, length and point count from the server; a track too short for the chief's level, with
 * too few points or out of time order is refused with the reason and nothing is stored; each problem found
 * raises one event (source 河长巡河) and keeps it across updates; the demo patrols are there; another
 * tenant sees none of it; the river screen's statistics, problem list and cameras follow the rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceMetres } from '../../src/server/actions/river/patrolTrack.js';
import { startTestServer, type TestServer } from './testServer.js';

let t: TestServer;
let anxi: string;
let chief: string;
let xianyou: string;
let inspector: string;
/** 安溪县's county-level river 蓝溪 (demo data) and its township-level river 西溪. */
let lanxi: { id: string; level: number; reservoirId: string };
let xixi: { id: string; level: number };
let today: string;

const base = '/api/v2/river/inspect';
const screen = '/api/v2/river/screen';

/** `count` fixes a minute apart, walking north along 118.2°E in steps of `metres`. */
function track(count: number, metres: number, start = `${today} 00:10:00`): { lng: number; lat: number; time: string }[] {
  const t0 = Date.parse(`${start.replace(' ', 'T')}Z`);
  return Array.from({ length: count }, (_, k) => {
    const time = new Date(t0 + k * 60_000).toISOString().replace('T', ' ').slice(0, 19);
    return { lng: 118.2, lat: Number((25.05 + (k * metres) / 111_195).toFixed(7)), time };
  });
}

const walked = (points: { lng: number; lat: number }[]) => points.reduce((sum, p, k) => (k === 0 ? 0 : sum + distanceMetres(points[k - 1], p)), 0);

async function count(sql: string): Promise<number> {
  return Number((await t.db.query(sql)).rows[0].n);
}

const patrolCount = () => count(`SELECT count(*) AS n FROM river_patrol WHERE tenant_id = '100001' AND is_deleted = 0`);
const pointCount = () => count(`SELECT count(*) AS n FROM river_patrol_point WHERE tenant_id = '100001' AND is_deleted = 0`);
const riverEvents = () => count(`SELECT count(*) AS n FROM inspect_event WHERE tenant_id = '100001' AND source = 6 AND is_deleted = 0`);

async function statistics(token = anxi) {
  const answer = await t.api(`${screen}/statistics`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

beforeAll(async () => {
  t = await startTestServer();
  anxi = await t.signIn('100001', 'admin');
  chief = await t.signIn('100001', 'river_chief');
  xianyou = await t.signIn('316979', 'admin');
  inspector = await t.signIn('100001', 'inspector');
  const rivers = await t.api('/api/v2/river/river/listAll', { token: anxi });
  expect(rivers.status, JSON.stringify(rivers.body)).toBe(200);
  lanxi = rivers.body.data.find((r: { name: string }) => r.name === '蓝溪');
  xixi = rivers.body.data.find((r: { name: string }) => r.name === '西溪');
  today = (await statistics()).today;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('demo patrols', () => {
  it('each demo county has its rivers and a month of patrols by its river chief, long enough for their level', async () => {
    expect(lanxi.level).toBe(3);
    expect(xixi.level).toBe(4);
    const list = await t.api(`${base}/list?current=1&size=100`, { token: anxi });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data.total).toBe(30);
    for (const patrol of list.body.data.records) {
      expect(patrol.lengthMetres).toBeGreaterThanOrEqual(2000);
      expect(patrol.durationMinutes).toBeGreaterThanOrEqual(40);
      expect(patrol.chiefIdName ?? patrol.chiefName).toBeTruthy();
    }
    const withProblems = list.body.data.records.filter((p: { problemCount: number }) => p.problemCount > 0);
    expect(withProblems.length).toBeGreaterThan(0);
    const detail = await t.api(`${base}/detail?id=${list.body.data.records[0].id}`, { token: anxi });
    expect(detail.body.data.track.length).toBe(detail.body.data.pointCount);
    expect(detail.body.data.centreLine.length).toBeGreaterThanOrEqual(2);
    // The chief closed the older problems (销号) and signed for last week's; the newest wait.
    const states = new Map<number, number>((await statistics()).problemsByState.map((row: { state: number; count: number }) => [row.state, row.count]));
    expect(states.get(4)).toBeGreaterThan(0);
    expect((states.get(1) ?? 0) + (states.get(2) ?? 0)).toBeGreaterThan(0);
    for (const tenant of ['316979', '003189', '173509']) {
      expect(await count(`SELECT count(*) AS n FROM river_patrol WHERE tenant_id = '${tenant}' AND is_deleted = 0`)).toBe(30);
    }
  });
});

describe('saving a patrol with its track', () => {
  it('computes start, end, duration, length and point count from the track and answers the points in order', async () => {
    const points = track(40, 60);
    const saved = await t.api(`${base}/save`, { token: chief, body: { riverId: lanxi.id, section: '城厢段', track: points } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const patrol = saved.body.data;
    expect(patrol.startTime).toBe(points[0].time);
    expect(patrol.endTime).toBe(points[39].time);
    expect(patrol.durationMinutes).toBe(39);
    expect(patrol.lengthMetres).toBe(Math.round(walked(points)));
    expect(Math.abs(patrol.lengthMetres - 2340)).toBeLessThan(5);
    expect(patrol.pointCount).toBe(40);
    expect(patrol.chiefLevel).toBe(3);
    const detail = await t.api(`${base}/detail?id=${patrol.id}`, { token: anxi });
    expect(detail.body.data.track.map((p: { time: string }) => p.time)).toEqual(points.map((p) => p.time));
    const points2 = await t.api(`${base}/track/${patrol.id}`, { token: anxi });
    expect(points2.status).toBe(200);
    expect(points2.body.data).toHaveLength(40);
  });

  it('ignores figures sent by the client: the track decides them', async () => {
    const saved = await t.api(`${base}/save`, { token: chief, body: { riverId: lanxi.id, track: track(35, 70), lengthMetres: 99999, durationMinutes: 999 } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.durationMinutes).toBe(34);
    expect(saved.body.data.lengthMetres).toBeLessThan(2500);
  });

  it('refuses a county-level patrol under 30 minutes or 2 km, naming the minimum, and stores nothing', async () => {
    const [patrols, points] = [await patrolCount(), await pointCount()];
    const tooQuick = await t.api(`${base}/save`, { token: chief, body: { riverId: lanxi.id, track: track(20, 150) } });
    expect(tooQuick.status).toBe(400);
    expect(tooQuick.body.msg).toContain('不少于30分钟且不少于2000米');
    expect(tooQuick.body.msg).toContain('19分钟');
    const tooShort = await t.api(`${base}/save`, { token: chief, body: { riverId: lanxi.id, track: track(40, 20) }, headers: { 'Accept-Language': 'en' } });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.msg).toContain('at least 30 minutes and 2000 metres');
    expect([await patrolCount(), await pointCount()]).toEqual([patrols, points]);
  });

  it('applies the township minimum (5 minutes, 300 m) to a township-level river', async () => {
    const ok = await t.api(`${base}/save`, { token: chief, body: { riverId: xixi.id, track: track(8, 60) } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.chiefLevel).toBe(4);
    const short = await t.api(`${base}/save`, { token: chief, body: { riverId: xixi.id, track: track(8, 30) } });
    expect(short.status).toBe(400);
    expect(short.body.msg).toContain('不少于5分钟且不少于300米');
  });

  it('refuses a track with too few points, a point without a time, or times running back', async () => {
    const patrols = await patrolCount();
    const few = await t.api(`${base}/save`, { token: chief, body: { riverId: lanxi.id, track: track(4, 900) } });
    expect(few.status).toBe(400);
    expect(few.body.msg).toBe('巡河轨迹点过少：至少需要5个定位点');
    const none = await t.api(`${base}/save`, { token: chief, body: { riverId: lanxi.id } });
    expect(none.status).toBe(400);
    expect(none.body.msg).toContain('请上传巡河轨迹');
    const noTime = track(40, 60).map((p, k) => (k === 3 ? { lng: p.lng, lat: p.lat } : p));
    expect((await t.api(`${base}/save`, { token: chief, body: { riverId: lanxi.id, track: noTime } })).status).toBe(400);
    const back = track(40, 60).reverse();
    const reversed = await t.api(`${base}/save`, { token: chief, body: { riverId: lanxi.id, track: back } });
    expect(reversed.status).toBe(400);
    expect(reversed.body.msg).toBe('巡河轨迹点的时间须按先后顺序排列');
    expect(await patrolCount()).toBe(patrols);
  });
});

describe('problems found become events', () => {
  it('raises one event per new problem, keeps it on update and raises none twice', async () => {
    const before = await riverEvents();
    const problem = { problemType: 4, description: '河床有挖砂痕迹', lng: 118.2, lat: 25.06, photos: ['/img/demo-events/before-slope.svg'] };
    const saved = await t.api(`${base}/save`, { token: chief, body: { riverId: lanxi.id, track: track(40, 60), problems: [problem] } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.problemCount).toBe(1);
    const [stored] = saved.body.data.problems;
    expect(stored.eventId).toBeTruthy();
    expect(await riverEvents()).toBe(before + 1);
    const event = (await t.db.query(`SELECT reservoir_id::text AS r, event_type AS type, status, photos FROM inspect_event WHERE id = $1`, [stored.eventId]))
      .rows[0];
    expect(event).toMatchObject({ r: lanxi.reservoirId, type: 99, status: 1 });
    expect(event.photos).toEqual(problem.photos);
    // The event names its patrol, which its detail links to.
    const eventDetail = await t.api(`/api/v2/inspect/event/detail/${stored.eventId}`, { token: anxi });
    expect(eventDetail.body.data.riverPatrolId).toBe(saved.body.data.id);

    const second = { problemType: 3, description: '菜地侵占河道' };
    const updated = await t.api(`${base}/update`, {
      token: chief,
      body: { id: saved.body.data.id, riverId: lanxi.id, problems: [{ ...problem, id: stored.id }, second] },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data.problems.map((p: { eventId: string }) => p.eventId)[0]).toBe(stored.eventId);
    expect(await riverEvents()).toBe(before + 2);
    const encroachment = (await t.db.query(`SELECT event_type AS type FROM inspect_event WHERE id = $1`, [updated.body.data.problems[1].eventId])).rows[0];
    expect(encroachment.type).toBe(13);
    // The update left the track out: the stored one and its figures stay.
    expect(updated.body.data.pointCount).toBe(40);
    expect(updated.body.data.track).toHaveLength(40);
  });

  it('refuses a problem without a type and raises nothing', async () => {
    const before = await riverEvents();
    const bad = await t.api(`${base}/save`, { token: chief, body: { riverId: lanxi.id, track: track(40, 60), problems: [{ description: '?' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('每个问题需要问题类型');
    expect(await riverEvents()).toBe(before);
  });
});

describe('tenants and permissions', () => {
  it('shows another tenant none of the patrols and refuses their river', async () => {
    const ours = await t.api(`${base}/list?current=1&size=1`, { token: anxi });
    const id = ours.body.data.records[0].id;
    expect((await t.api(`${base}/detail?id=${id}`, { token: xianyou })).status).toBe(404);
    const theirs = await t.api(`${base}/list?current=1&size=100`, { token: xianyou });
    expect(theirs.body.data.records.some((p: { id: string }) => p.id === id)).toBe(false);
    const foreign = await t.api(`${base}/save`, { token: xianyou, body: { riverId: lanxi.id, track: track(40, 60) } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.msg).toContain('所选河流不存在或已被删除');
    expect((await t.api(`${screen}/problemList`, { token: xianyou })).body.data.some((p: { riverName: string }) => p.riverName === '蓝溪')).toBe(false);
  });

  it('keeps the patrol pages and the river screen to the users whose menus hold them', async () => {
    expect((await t.api(`${base}/list`, { token: inspector })).status).toBe(403);
    expect((await t.api(`${screen}/statistics`, { token: inspector })).status).toBe(403);
    expect((await t.api(`${base}/save`, { token: inspector, body: { riverId: lanxi.id, track: track(40, 60) } })).status).toBe(403);
  });
});

describe('the river screen', () => {
  it('counts a new patrol of this month, its length and duration, and its problem by type and state', async () => {
    const before = await statistics();
    const points = track(50, 60, `${today} 00:20:00`);
    const saved = await t.api(`${base}/save`, {
      token: chief,
      body: { riverId: xixi.id, track: points, problems: [{ problemType: 2, description: '排污口排放浑水', lng: 118.2, lat: 25.051 }] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await statistics();
    expect(after.month.patrols).toBe(before.month.patrols + 1);
    expect(after.month.lengthMetres).toBe(before.month.lengthMetres + saved.body.data.lengthMetres);
    expect(after.month.durationMinutes).toBe(before.month.durationMinutes + 49);
    const outfalls = (s: { problemsByType: { type: number; count: number }[] }) => s.problemsByType.find((x) => x.type === 2)?.count ?? 0;
    expect(outfalls(after)).toBe(outfalls(before) + 1);
    const pending = (s: { problemsByState: { state: number; count: number }[] }) => s.problemsByState.find((x) => x.state === 1)?.count ?? 0;
    expect(pending(after)).toBe(pending(before) + 1);
    const township = after.byLevel.find((l: { level: number }) => l.level === 4);
    expect(township).toMatchObject({ period: 'month', rivers: 1, required: 1, done: 1 });
    expect(township.label).toBe('乡级');
    expect(after.daily).toHaveLength(30);
    expect(after.daily[29]).toMatchObject({ day: today });
    expect(after.daily[29].patrols).toBeGreaterThanOrEqual(1);
  });

  it('lists the latest problems first with their river, chief and event', async () => {
    const list = await t.api(`${screen}/problemList?limit=3`, { token: anxi });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data).toHaveLength(3);
    const [latest] = list.body.data;
    expect(latest).toMatchObject({ riverName: '西溪', problemType: 2, typeLabel: '排污口', eventStatus: 1, statusLabel: '待签收' });
    expect(latest.eventNo).toMatch(/^SJ\d{12}$/);
    const times = list.body.data.map((p: { foundTime: string }) => p.foundTime);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await t.api(`${screen}/problemList?limit=500`, { token: anxi })).status).toBe(400);
  });

  it("answers the cameras of the reservoirs the tenant's rivers feed", async () => {
    const cameras = await t.api(`${screen}/cameras`, { token: anxi });
    expect(cameras.status, JSON.stringify(cameras.body)).toBe(200);
    const rivers = (await t.api('/api/v2/river/river/listAll', { token: anxi })).body.data as { reservoirId: string }[];
    const reservoirs = new Set(rivers.map((r) => r.reservoirId));
    let expected = 0;
    for (const reservoirId of reservoirs) {
      expected += (await t.api(`/api/v2/inspect/camera/listByReservoir?reservoirId=${reservoirId}`, { token: anxi })).body.data.length;
    }
    expect(cameras.body.data).toHaveLength(expected);
    expect(cameras.body.data.every((c: { reservoirId: string; reservoirName: string }) => reservoirs.has(c.reservoirId) && c.reservoirName)).toBe(true);
  });
});

describe("the tenant's own patrol rules", () => {
  it('replace the default minimum and frequency of the levels the parameter river.patrol.rules names', async () => {
    const rules = JSON.stringify({ 4: { minMinutes: 10, minMetres: 500, period: 'week' } });
    const param = await t.api('/api/blade-system/param/submit', {
      token: anxi,
      body: { paramName: '巡河规则', paramKey: 'river.patrol.rules', paramValue: rules },
    });
    expect(param.status, JSON.stringify(param.body)).toBe(200);
    const short = await t.api(`${base}/save`, { token: chief, body: { riverId: xixi.id, track: track(8, 80) } });
    expect(short.status).toBe(400);
    expect(short.body.msg).toContain('不少于10分钟且不少于500米');
    expect((await t.api(`${base}/save`, { token: chief, body: { riverId: xixi.id, track: track(12, 60) } })).status).toBe(200);
    // The county level is not named: its default stays.
    expect((await t.api(`${base}/save`, { token: chief, body: { riverId: lanxi.id, track: track(20, 150) } })).body.msg).toContain('不少于30分钟');
    const township = (await statistics()).byLevel.find((l: { level: number }) => l.level === 4);
    expect(township.period).toBe('week');
  });
});

describe('the river screen token', () => {
  it("reads the river screen's calls of its own tenant and nothing else", async () => {
    const issued = await t.api('/api/blade-screen/token?screen=screen_river', { method: 'POST', token: anxi });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const screenToken = issued.body.data.token;
    const read = await t.api(`${screen}/statistics`, { token: screenToken });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data.month.patrols).toBe((await statistics()).month.patrols);
    expect(
      (await t.api(`${screen}/problemList`, { token: screenToken })).body.data.every((p: { riverName: string }) => ['蓝溪', '西溪'].includes(p.riverName)),
    ).toBe(true);
    expect((await t.api(`${screen}/cameras`, { token: screenToken })).status).toBe(200);
    expect((await t.api(`${base}/list`, { token: screenToken })).status).toBe(401);
    expect((await t.api(`${base}/save`, { token: screenToken, body: { riverId: lanxi.id, track: track(40, 60) } })).status).toBe(401);
  });
});
