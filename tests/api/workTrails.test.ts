/**
 * The GPS trails of maintenance and cleaning records (schemas/templates/track/trail.json):
 * save and update take `trail` [{lng, lat, time?}] beside the record, GET
 * /api/v1/<kind>/trail/list/{recordId} answers the points in the order walked;
 * a bad point or too many points refuse the whole record with a message naming
 * the trail, and nothing is stored. The inspection record's items may carry
 * the position their photos were taken at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testServer.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

const TENANT = '100001';

let t: TestServer;
let admin: string;
let reservoirId: string;

const call = (path: string, body?: unknown, token = admin, language = 'zh'): Promise<{ status: number; body: Body }> =>
  t.api(path, { token, body, method: body === undefined ? 'GET' : 'POST', headers: language === 'en' ? { 'Accept-Language': 'en' } : {} });

/** A walk of n points heading north-east from the reservoir, one every ~15 m and 12 s. */
function walk(n: number, from = { lng: 118.0, lat: 25.0 }) {
  return Array.from({ length: n }, (_, i) => ({
    lng: Number((from.lng + i * 0.0001).toFixed(6)),
    lat: Number((from.lat + i * 0.00008).toFixed(6)),
    time: `2027-04-10 08:${String(Math.floor((i * 12) / 60) % 60).padStart(2, '0')}:${String((i * 12) % 60).padStart(2, '0')}`,
  }));
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn(TENANT, 'admin');
  reservoirId = (await t.db.query(`SELECT id::text AS id FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY code LIMIT 1`, [TENANT])).rows[0]
    .id;
});
afterAll(() => t?.close());

const EXTRA = { maintain: { cost: 800 }, clean: { area: 2000, garbageWeight: 12 } } as const;

describe.each(['maintain', 'clean'] as const)('%s record trails', (kind) => {
  const base = `/api/v1/${kind}/record`;
  const recordBody = (overrides: Record<string, unknown> = {}) => ({
    reservoirId,
    startTime: '2027-04-10 08:00:00',
    endTime: '2027-04-10 09:00:00',
    content: '坝顶及溢洪道巡护作业',
    ...EXTRA[kind],
    ...overrides,
  });
  const recordCount = async () => (await t.db.query(`SELECT count(*)::int AS n FROM ${kind}_record WHERE tenant_id = $1`, [TENANT])).rows[0].n;
  const pointCount = async () => (await t.db.query(`SELECT count(*)::int AS n FROM ${kind}_trail WHERE tenant_id = $1`, [TENANT])).rows[0].n;

  it('a record saved with its trail answers the points in the order walked', async () => {
    const points = walk(40);
    const saved = await call(`${base}/save`, recordBody({ trail: points }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const listed = await call(`/api/v1/${kind}/trail/list/${saved.body.data.id}`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((p: Body) => p.seq)).toEqual(points.map((_, i) => i + 1));
    expect(listed.body.data.map((p: Body) => [p.lng, p.lat, p.time])).toEqual(points.map((p) => [p.lng, p.lat, p.time]));
  });

  it('an update with a trail replaces it; an update without one keeps it', async () => {
    const id = (await call(`${base}/save`, recordBody({ trail: walk(10) }))).body.data.id;
    expect((await call(`${base}/update`, { id, remark: '复核' })).status).toBe(200);
    expect((await call(`/api/v1/${kind}/trail/list/${id}`)).body.data).toHaveLength(10);
    const replaced = await call(`${base}/update`, { id, trail: walk(3, { lng: 119, lat: 26 }) });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    const listed = (await call(`/api/v1/${kind}/trail/list/${id}`)).body.data;
    expect(listed.map((p: Body) => [p.seq, p.lng])).toEqual([
      [1, 119],
      [2, 119.0001],
      [3, 119.0002],
    ]);
  });

  it('a bad point refuses the record with a message naming the point, and nothing is stored', async () => {
    const [records, points] = [await recordCount(), await pointCount()];
    const cases = [
      [
        { lng: 118, lat: 25 },
        { lng: 500, lat: 25 },
      ],
      [{ lng: '118', lat: 25 }],
      [{ lng: 118, lat: 25, time: 'yesterday' }],
      'not a list',
    ];
    for (const trail of cases) {
      const refused = await call(`${base}/save`, recordBody({ trail }));
      expect(refused.status, JSON.stringify(trail)).toBe(400);
      expect(refused.body.data.errors[0].field).toBe('trail');
    }
    const second = await call(`${base}/save`, recordBody({ trail: cases[0] }));
    expect(second.body.msg).toBe('轨迹第 2 个点不正确：每个点需要经度（-180 至 180）和纬度（-90 至 90）的数值，时间格式为 yyyy-MM-dd HH:mm:ss');
    const english = await call(`${base}/save`, recordBody({ trail: cases[0] }), admin, 'en');
    expect(english.body.msg).toContain('Point 2 of the trail is not valid');
    expect(await recordCount()).toBe(records);
    expect(await pointCount()).toBe(points);
  });

  it('a trail has at most 20 000 points', async () => {
    const records = await recordCount();
    const tooMany = Array.from({ length: 20_001 }, () => ({ lng: 118, lat: 25 }));
    const refused = await call(`${base}/save`, recordBody({ trail: tooMany }));
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('轨迹最多 20000 个点，收到 20001 个');
    expect(await recordCount()).toBe(records);
  });

  it('another tenant’s caller sees none of the points', async () => {
    const id = (await call(`${base}/save`, recordBody({ trail: walk(2) }))).body.data.id;
    const outsider = await t.signIn('003189', 'admin');
    const other = await call(`/api/v1/${kind}/trail/list/${id}`, undefined, outsider);
    // Another tenant's caller never sees the points.
    expect(other.body.data ?? []).toEqual([]);
  });
});

describe('inspection item positions', () => {
  it('an item result keeps the position its photos were taken at; half a position is refused', async () => {
    const plan = (
      await t.db.query(
        `SELECT id::text AS id, reservoir_ids->>0 AS reservoir FROM inspect_plan WHERE tenant_id = $1 AND plan_status = 2 AND is_deleted = 0 ORDER BY id LIMIT 1`,
        [TENANT],
      )
    ).rows[0];
    const body = {
      planId: plan.id,
      reservoirId: plan.reservoir,
      startTime: '2027-04-10 08:00:00',
      itemResults: [{ itemName: '坝顶', result: 1, photos: ['/img/demo-events/before-crack.svg'], lng: 118.1234, lat: 25.4321 }],
      trail: walk(5),
    };
    const saved = await call('/api/v1/inspect/record/save', body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const detail = await call(`/api/v1/inspect/record/detail/${saved.body.data.id}`);
    expect(detail.body.data.itemResults[0]).toMatchObject({ lng: 118.1234, lat: 25.4321 });
    const half = await call('/api/v1/inspect/record/save', { ...body, itemResults: [{ itemName: '坝顶', result: 1, lng: 118.1 }] });
    expect(half.status).toBe(400);
    expect(half.body.data.errors[0].field).toBe('itemResults');
  });
});

describe('demo trails', () => {
  /** Metres between two points (equirectangular: fine at a dam's scale). */
  const metres = (a: Body, b: Body) => {
    const dx = (a.lng - b.lng) * 111_320 * Math.cos((a.lat * Math.PI) / 180);
    const dy = (a.lat - b.lat) * 111_320;
    return Math.hypot(dx, dy);
  };
  const RECORD_TABLES = { inspect: 'inspect_record', maintain: 'maintain_record', clean: 'clean_record' } as const;

  /** The tenant's latest demo record of a kind (the records this file saves start in 2027, after the demo's). */
  const latestDemoRecord = async (kind: keyof typeof RECORD_TABLES) =>
    (
      await t.db.query(
        `SELECT r.id::text AS id, to_char(r.start_time, 'YYYY-MM-DD HH24:MI:SS') AS start, to_char(r.end_time, 'YYYY-MM-DD HH24:MI:SS') AS end,
                res.longitude::float8 AS lng, res.latitude::float8 AS lat
           FROM ${RECORD_TABLES[kind]} r JOIN rsc_reservoir res ON res.id = r.reservoir_id
          WHERE r.tenant_id = $1 AND r.start_time < LOCALTIMESTAMP ORDER BY r.start_time DESC LIMIT 1`,
        [TENANT],
      )
    ).rows[0];

  it.each(['inspect', 'maintain', 'clean'] as const)(
    'each demo %s record has a walk from the management house and back, a point every 10–20 m, at its reservoir, within the record’s time',
    async (kind) => {
      const record = await latestDemoRecord(kind);
      const points: Body[] = (await call(`/api/v1/${kind}/trail/list/${record.id}`)).body.data;
      expect(points.length).toBeGreaterThan(20);
      expect(metres(points[0], points[points.length - 1])).toBeLessThan(10);
      const steps = points.slice(1).map((point, i) => metres(points[i], point));
      expect(Math.max(...steps)).toBeLessThan(30);
      expect(steps.reduce((a, b) => a + b, 0) / steps.length).toBeGreaterThan(8);
      for (const point of points) expect(metres(point, record)).toBeLessThan(600);
      // Not a straight line: the round turns back on itself (its farthest point is far from both ends).
      expect(Math.max(...points.map((point) => metres(point, points[0])))).toBeGreaterThan(60);
      const times = points.map((p) => p.time);
      expect(times).toEqual([...times].sort());
      expect(times[0] > record.start).toBe(true);
      expect(times[times.length - 1] < record.end).toBe(true);
    },
  );

  it('every demo inspection trail is a walk, not the old eight-point line', async () => {
    const shortest = await t.db.query(
      `SELECT min(n)::int AS n FROM (SELECT count(*) AS n FROM inspect_trail WHERE tenant_id = $1 AND time < LOCALTIMESTAMP GROUP BY record_id) c`,
      [TENANT],
    );
    expect(shortest.rows[0].n).toBeGreaterThan(20);
  });

  it('demo inspection items sit at points of their record’s trail, in the order of the round: road, crest, water surface, spillway, toe, outlet culvert, house', async () => {
    const record = await latestDemoRecord('inspect');
    const points: Body[] = (await call(`/api/v1/inspect/trail/list/${record.id}`)).body.data;
    const items: Body[] = (await call(`/api/v1/inspect/record/detail/${record.id}`)).body.data.itemResults;
    expect(items.length).toBeGreaterThan(5);
    const positionOf = (item: Body) => points.findIndex((point) => point.lng === item.lng && point.lat === item.lat);
    for (const item of items) expect(positionOf(item), item.itemName).toBeGreaterThanOrEqual(0);
    // dam_part: 10 roads, 1 crest, 7 reservoir area, 5 spillway, 4 toe, 6 outlet works, 8 management house.
    const round = [10, 1, 7, 5, 4, 6, 8].map((part) => items.filter((item) => Number(item.damPart) === part).map(positionOf)).filter((at) => at.length > 0);
    expect(round.length).toBeGreaterThan(3);
    for (let i = 1; i < round.length; i++) expect(Math.max(...round[i - 1])).toBeLessThan(Math.min(...round[i]));
    const placed = await t.db.query(
      `SELECT count(*) FILTER (WHERE tr.id IS NULL)::int AS off, count(*)::int AS n FROM inspect_record_item i
         JOIN inspect_record r ON r.id = i.record_id AND r.start_time < LOCALTIMESTAMP
         LEFT JOIN inspect_trail tr ON tr.record_id = i.record_id AND tr.lng = i.lng AND tr.lat = i.lat
        WHERE i.tenant_id = $1`,
      [TENANT],
    );
    expect(placed.rows[0].n).toBeGreaterThan(0);
    expect(placed.rows[0].off).toBe(0);
  });
});
