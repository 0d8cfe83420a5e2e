/**
 * The one-picture map's calls and the map supervision views (/api/v2/inspect/map/*, /api/v1/reservoir/screen/*):
 * figures computed from rows the test creates or counts itself in 仙游县 (316979), limited to the caller's
 * reservoirs (data scope of the one_picture menu) and tenant; the notice board's validation and button; the map
 * view each role gets from getAdCode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../src/server/db/ids.js';
import { startTestServer, type ApiResponse, type TestServer } from './testServer.js';

const TENANT = '316979';
const MAP = '/api/v2/inspect/map';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
type Role = 'admin' | 'farm_admin' | 'subject_admin' | 'river_chief' | 'inspector';

let t: TestServer;
const token = {} as Record<Role, string>;
let otherTenant: string;
let reservoir: Body;
let stationId: string;
let eventId: string;

const pad = (n: number) => String(n).padStart(2, '0');

/** A wall-clock time of Asia/Shanghai `minutes` ago, as the registers store it. */
function localMinutesAgo(minutes: number): string {
  const d = new Date(Date.now() + 8 * 3_600_000 - minutes * 60_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:00`;
}

async function ok(response: Promise<ApiResponse>): Promise<Body> {
  const answer = await response;
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

const get = (path: string, as: string = token.admin) => t.api(path, { token: as });
const post = (path: string, body: unknown, as: string = token.admin) => t.api(path, { token: as, body, method: 'POST' });

async function sqlCount(sql: string, values: unknown[] = [TENANT]): Promise<number> {
  return Number((await t.db.query<{ n: string }>(sql, values)).rows[0].n);
}

async function userId(account: string): Promise<string> {
  return (await t.db.query<{ id: string }>('SELECT id::text AS id FROM blade_user WHERE tenant_id = $1 AND account = $2 AND is_deleted = 0', [TENANT, account]))
    .rows[0].id;
}

beforeAll(async () => {
  t = await startTestServer();
  for (const role of ['admin', 'farm_admin', 'subject_admin', 'river_chief', 'inspector'] as Role[]) token[role] = await t.signIn(TENANT, role);
  otherTenant = await t.signIn('100001', 'admin');
  const township = (
    await t.db.query<{ region_code: string }>('SELECT region_code FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 LIMIT 1', [TENANT])
  ).rows[0].region_code;
  reservoir = await ok(
    post('/api/v1/reservoir/save', {
      name: '一张图试验水库',
      code: `T${Date.now()}`.slice(0, 14),
      regionCode: township,
      scale: 2,
      totalCapacity: 35.5,
      longitude: 118.69,
      latitude: 25.36,
      deadWaterLevel: 103,
      floodLimitWaterLevel: 108.5,
      normalWaterLevel: 109,
      designFloodLevel: 110,
      checkFloodLevel: 110.6,
      damCrestElevation: 111.5,
    }),
  );
});
afterAll(() => t?.close());

describe('a new reservoir on the map', () => {
  it('has no figures and no live data until something happens there: grey (offline)', async () => {
    const [row] = await ok(get(`${MAP}/getStatisticList?reservoirId=${reservoir.id}`));
    expect(row).toMatchObject({
      id: reservoir.id,
      name: '一张图试验水库',
      floodLimitWaterLevel: 108.5,
      latestLevel: null,
      todayRainfall: null,
      inspectionsThisMonth: 0,
      openEvents: 0,
      activeWarnings: 0,
      stationCount: 0,
      cameraCount: 0,
      state: 'offline',
    });
  });

  it('shows a level reading of its station against the flood limit, and turns normal (live data, no trouble)', async () => {
    stationId = (
      await ok(
        post('/api/v1/info/station/save', {
          stationCode: `OP${Date.now()}`.slice(0, 20),
          stationName: '一张图水位站',
          stationType: 1,
          monitorType: 1,
          reservoirId: reservoir.id,
        }),
      )
    ).id;
    await ok(post('/api/v1/monitor/waterLevel/save', { stationId, element: 1, observeTime: localMinutesAgo(20), value: 109.25 }));
    const row = await ok(get(`/api/v1/reservoir/screen/statistics?reservoirId=${reservoir.id}`));
    expect(row).toMatchObject({ latestLevel: 109.25, aboveFloodLimit: 0.75, stationCount: 1, state: 'normal' });
  });

  it('turns amber (event) with an open event, which getDays counts from', async () => {
    eventId = (await ok(post('/api/v2/inspect/event/save', { title: '坝坡渗水', reservoirId: reservoir.id, eventType: 1, level: 1, damPart: 1 }))).id;
    const [row] = await ok(get(`${MAP}/getStatisticList?reservoirId=${reservoir.id}`));
    expect(row).toMatchObject({ openEvents: 1, state: 'event' });
    const days = await ok(get(`${MAP}/getDays?reservoirId=${reservoir.id}`));
    expect(days.days).toBe(0);
    expect(days.lastEventTime).toMatch(/^\d{4}-\d{2}-\d{2} /);
  });

  it('lists its three responsible persons by duty, a missing duty as a gap', async () => {
    await ok(post('/api/v1/reservoir/staff/add', { reservoirId: reservoir.id, duty: 1, name: '陈行政', phone: '13800000011', post: '镇长' }));
    await ok(post('/api/v1/reservoir/staff/add', { reservoirId: reservoir.id, duty: 3, name: '林巡查', phone: '13800000033' }));
    const people = await ok(get(`${MAP}/getUserByReservoirId?reservoirId=${reservoir.id}`));
    expect(people).toEqual([
      { duty: 1, person: expect.objectContaining({ name: '陈行政', phone: '13800000011', post: '镇长' }) },
      { duty: 2, person: null },
      { duty: 3, person: expect.objectContaining({ name: '林巡查' }) },
    ]);
    const unnamed = await get(`${MAP}/getUserByReservoirId`);
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.msg).toBe('请选择水库');
    expect((await get(`${MAP}/getUserByReservoirId?reservoirId=abc`)).status).toBe(400);
  });

  it('lists its camera for the panel', async () => {
    await ok(post('/api/v2/inspect/camera/save', { reservoirId: reservoir.id, name: '一张图坝顶', liveUrl: 'https://video.example.com/dam/live.m3u8' }));
    const cameras = await ok(get(`/api/v1/reservoir/screen/cameras?reservoirId=${reservoir.id}`));
    expect(cameras).toEqual([expect.objectContaining({ name: '一张图坝顶' })]);
  });
});

describe('counts across the top of the map', () => {
  it("getInfoCount counts the tenant's reservoirs, stations, cameras, open events and active warnings", async () => {
    const counts = await ok(get(`${MAP}/getInfoCount`));
    const live = `SELECT id FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0`;
    expect(counts).toEqual({
      reservoirCount: await sqlCount(`SELECT count(*) AS n FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0`),
      stationCount: await sqlCount(`SELECT count(*) AS n FROM info_station WHERE tenant_id = $1 AND is_deleted = 0 AND reservoir_id IN (${live})`),
      cameraCount: await sqlCount(`SELECT count(*) AS n FROM sk_camera WHERE tenant_id = $1 AND is_deleted = 0 AND reservoir_id IN (${live})`),
      openEventCount: await sqlCount(
        `SELECT count(*) AS n FROM inspect_event WHERE tenant_id = $1 AND is_deleted = 0 AND status IN (1, 2, 3) AND reservoir_id IN (${live})`,
      ),
      activeWarningCount: await sqlCount(
        `SELECT count(*) AS n FROM monitor_warning_log WHERE tenant_id = $1 AND is_deleted = 0 AND warning_state = 1 AND reservoir_id IN (${live})`,
      ),
    });
    expect(counts.reservoirCount).toBeGreaterThanOrEqual(13);
    expect(counts.openEventCount).toBeGreaterThanOrEqual(1);
  });

  it('getStatisticList has one row per reservoir, each with a map state, and finds them by name', async () => {
    const rows = await ok(get(`${MAP}/getStatisticList`));
    expect(rows).toHaveLength(await sqlCount(`SELECT count(*) AS n FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0`));
    for (const row of rows) expect(['warning', 'event', 'normal', 'offline']).toContain(row.state);
    const found = await ok(get(`${MAP}/getStatisticList?name=${encodeURIComponent('一张图试验')}`));
    expect(found.map((row: Body) => row.id)).toEqual([reservoir.id]);
  });

  it('refuses parameters it does not take and malformed ones', async () => {
    const unknown = await get(`${MAP}/getInfoCount?tenant=1`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toContain('不支持的查询参数');
    expect((await get(`${MAP}/getStatisticList?regionCode=35a`)).status).toBe(400);
    expect((await get(`${MAP}/getStatisticList?name=${'水'.repeat(65)}`)).status).toBe(400);
  });
});

describe('inspectors', () => {
  it('getInsUserVO counts each inspector’s records of the period, getInsUserCount the totals', async () => {
    const month = (await t.db.query<{ start: string; end: string }>(`SELECT to_char(date_trunc('month', LOCALTIMESTAMP), 'YYYY-MM-DD') AS start`)).rows[0];
    const expected = (
      await t.db.query<{ inspector: string; n: string }>(
        `SELECT inspector_id::text AS inspector, count(*) AS n FROM inspect_record
          WHERE tenant_id = $1 AND is_deleted = 0 AND start_time >= date_trunc('month', LOCALTIMESTAMP) AND start_time < CURRENT_DATE + 1
            AND inspector_id IS NOT NULL GROUP BY 1`,
        [TENANT],
      )
    ).rows;
    const perInspector = await ok(get(`${MAP}/getInsUserVO`));
    expect(Object.fromEntries(perInspector.map((row: Body) => [row.inspectorId, row.recordCount]))).toEqual(
      Object.fromEntries(expected.map((row) => [row.inspector, Number(row.n)])),
    );
    for (const row of perInspector) expect(row.inspectorName).not.toBe('');
    const totals = await ok(get(`${MAP}/getInsUserCount`));
    expect(totals).toMatchObject({
      startDate: month.start,
      inspectorCount: expected.length,
      recordCount: expected.reduce((sum, row) => sum + Number(row.n), 0),
      patrolPersonCount: await sqlCount(`SELECT count(*) AS n FROM rsc_reservoir_staff WHERE tenant_id = $1 AND is_deleted = 0 AND duty = 3`),
    });
  });

  it('refuses a period that is reversed, longer than 366 days or not a date', async () => {
    const reversed = await get(`${MAP}/getInsUserCount?startDate=2025-03-02&endDate=2025-03-01`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.msg).toBe('结束日期不能早于开始日期');
    const long = await get(`${MAP}/getInsUserVO?startDate=2024-01-01&endDate=2025-03-01`);
    expect(long.status).toBe(400);
    expect(long.body.msg).toBe('统计时段不能超过366天');
    expect((await get(`${MAP}/getInsUserVO?startDate=2025-02-30`)).status).toBe(400);
  });
});

describe('who sees what', () => {
  it('a role without the one_picture menu (inspector, river chief) is refused', async () => {
    for (const path of ['getInfoCount', 'getStatisticList', 'getDays', 'getNotice', 'getInsUserVO']) {
      expect((await get(`${MAP}/${path}`, token.inspector)).status).toBe(403);
    }
    expect((await get(`${MAP}/getInfoCount`, token.river_chief)).status).toBe(403);
  });

  it("another tenant's administrator sees none of this tenant's reservoirs", async () => {
    const rows = await ok(get(`${MAP}/getStatisticList`, otherTenant));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row: Body) => row.id)).not.toContain(reservoir.id);
    expect((await get(`${MAP}/getUserByReservoirId?reservoirId=${reservoir.id}`, otherTenant)).status).toBe(404);
    expect((await get(`/api/v1/reservoir/screen/statistics?reservoirId=${reservoir.id}`, otherTenant)).status).toBe(404);
  });

  it('a data scope on the one_picture menu limits every call to the reservoirs it covers', async () => {
    // farm_admin gets "own rows" on the one-picture menu and is made the creator of the test reservoir only.
    const farmAdmin = await userId('farm_admin');
    await t.db.query('UPDATE rsc_reservoir SET create_user = $1 WHERE id = $2', [farmAdmin, reservoir.id]);
    const scopeId = nextId();
    await t.db.query(
      `INSERT INTO blade_scope_data (id, tenant_id, menu_id, resource_code, scope_name, scope_type) VALUES ($1, '000000', 0, 'one_picture', 'test', 2)`,
      [scopeId],
    );
    const roles = (await t.db.query<{ role_id: string }>('SELECT role_id FROM blade_user WHERE id = $1', [farmAdmin])).rows[0].role_id.split(',');
    for (const roleId of roles) {
      await t.db.query('INSERT INTO blade_role_scope (id, tenant_id, scope_category, scope_id, role_id) VALUES ($1, $2, 1, $3, $4)', [
        nextId(),
        TENANT,
        scopeId,
        roleId,
      ]);
    }
    try {
      const rows = await ok(get(`${MAP}/getStatisticList`, token.farm_admin));
      expect(rows.map((row: Body) => row.id)).toEqual([reservoir.id]);
      const counts = await ok(get(`${MAP}/getInfoCount`, token.farm_admin));
      expect(counts).toMatchObject({ reservoirCount: 1, stationCount: 1, cameraCount: 1, openEventCount: 1 });
      const another = (
        await t.db.query<{ id: string }>('SELECT id::text AS id FROM rsc_reservoir WHERE tenant_id = $1 AND id <> $2 LIMIT 1', [TENANT, reservoir.id])
      ).rows[0].id;
      expect((await get(`${MAP}/getUserByReservoirId?reservoirId=${another}`, token.farm_admin)).status).toBe(404);
      // subject_admin holds no such scope: every reservoir of the tenant.
      expect((await ok(get(`${MAP}/getInfoCount`, token.subject_admin))).reservoirCount).toBeGreaterThan(1);
    } finally {
      await t.db.query('DELETE FROM blade_role_scope WHERE scope_id = $1', [scopeId]);
      await t.db.query('DELETE FROM blade_scope_data WHERE id = $1', [scopeId]);
    }
  });
});

describe('the notice board', () => {
  it('is empty until a manager saves a text; the newest text is the board, with its author', async () => {
    expect(await ok(get(`${MAP}/getNotice`))).toBeNull();
    await ok(post(`${MAP}/saveNotice`, { content: '主汛期请各责任人保持通讯畅通。' }, token.farm_admin));
    const saved = await ok(post(`${MAP}/saveNotice`, { content: '  今日起实行24小时值班。  ' }, token.subject_admin));
    expect(saved.content).toBe('今日起实行24小时值班。');
    const board = await ok(get(`${MAP}/getNotice`, token.farm_admin));
    expect(board).toMatchObject({ content: '今日起实行24小时值班。' });
    expect(board.authorName).not.toBe('');
    expect(await ok(get(`${MAP}/getNotice`, otherTenant))).toBeNull();
  });

  it('refuses an empty or too long text, and anyone without the button', async () => {
    const empty = await post(`${MAP}/saveNotice`, { content: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('请输入公告内容');
    const long = await post(`${MAP}/saveNotice`, { content: '汛'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.msg).toBe('公告内容不能超过2000个字符');
    const english = await t.api(`${MAP}/saveNotice`, { token: token.admin, body: {}, method: 'POST', headers: { 'Accept-Language': 'en' } });
    expect(english.body.msg).toBe('Please enter the notice');
    expect((await post(`${MAP}/saveNotice`, { content: '巡查员不能发布' }, token.inspector)).status).toBe(403);
    expect((await ok(get(`${MAP}/getNotice`))).content).toBe('今日起实行24小时值班。');
  });
});

describe('getAdCode and the map views', () => {
  it('gives the administrator the province view of the city, subject_admin and a county farm_admin the county view', async () => {
    expect(await ok(get(`${MAP}/getAdCode`))).toEqual({
      adCode: '350322',
      name: '仙游县',
      level: 'county',
      view: 'province',
      mapCode: '3503',
      mapName: '莆田市',
    });
    expect(await ok(get(`${MAP}/getAdCode`, token.subject_admin))).toMatchObject({ view: 'county', mapCode: '350322' });
    expect(await ok(get(`${MAP}/getAdCode`, token.farm_admin))).toMatchObject({ view: 'county', mapCode: '350322' });
  });

  it('gives a farm_admin of a city department (4-digit code) the province view', async () => {
    const dept = (
      await t.db.query<{ id: string; region_code: string }>('SELECT d.id, d.region_code FROM blade_dept d WHERE d.tenant_id = $1 AND d.is_deleted = 0', [
        TENANT,
      ])
    ).rows[0];
    await t.db.query('UPDATE blade_dept SET region_code = $1 WHERE id = $2', ['3503', dept.id]);
    try {
      expect(await ok(get(`${MAP}/getAdCode`, token.farm_admin))).toMatchObject({ adCode: '3503', level: 'city', view: 'province', mapCode: '3503' });
      expect(await ok(get(`${MAP}/getAdCode`, token.subject_admin))).toMatchObject({ view: 'county' });
    } finally {
      await t.db.query('UPDATE blade_dept SET region_code = $1 WHERE id = $2', [dept.region_code, dept.id]);
    }
  });

  it('counts reservoirs per county, lists open events where they are and stations with their newest reading', async () => {
    const counties = await ok(get(`${MAP}/getRegionCount`));
    expect(counties).toEqual([
      expect.objectContaining({
        regionCode: '350322',
        regionName: '仙游县',
        reservoirCount: await sqlCount(`SELECT count(*) AS n FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0`),
      }),
    ]);
    const events = await ok(get(`${MAP}/getEventList?regionCode=350322`));
    expect(events).toContainEqual(expect.objectContaining({ id: eventId, reservoirName: '一张图试验水库', longitude: 118.69, latitude: 25.36 }));
    const stations = await ok(get(`${MAP}/getStationList`));
    expect(stations).toContainEqual(
      expect.objectContaining({ id: stationId, reservoirId: reservoir.id, latest: expect.objectContaining({ element: 1, value: 109.25 }), activeWarnings: 0 }),
    );
    expect((await get(`${MAP}/getRegionCount`, token.inspector)).status).toBe(403);
  });
});
