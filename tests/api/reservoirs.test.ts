/**
 * The reservoir archive: the demo counties' reservoirs (seeded, idempotent),
 * the list endpoints at the spec's paths, the region tree, counts per region,
 * the management list with the three responsible persons, and the rule that
 * keeps the characteristic levels in order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../src/server/seed/seedDatabase.js';
import { startTestServer, type TestServer } from './testServer.js';

let t: TestServer;
let anxi: string;
let xianyou: string;
let inspector: string;

beforeAll(async () => {
  t = await startTestServer();
  anxi = await t.signIn('100001', 'admin');
  xianyou = await t.signIn('316979', 'admin');
  inspector = await t.signIn('100001', 'inspector');
});
afterAll(() => t?.close());

const sample = (overrides: Record<string, unknown> = {}) => ({
  name: '试验水库',
  code: `T${Date.now()}`.slice(0, 14),
  regionCode: '350524101',
  scale: 2,
  totalCapacity: 35.5,
  damType: 1,
  damHeight: 12,
  deadWaterLevel: 103,
  floodLimitWaterLevel: 108.5,
  normalWaterLevel: 109,
  designFloodLevel: 110,
  checkFloodLevel: 110.6,
  damCrestElevation: 111.5,
  ...overrides,
});

describe('demo reservoirs', () => {
  it('each demo county has 12 to 20 small reservoirs with ordered levels and register codes of the county', async () => {
    for (const [tenantId, county] of [
      ['100001', '350524'],
      ['316979', '350322'],
      ['003189', '331181'],
    ]) {
      const rows = (await t.db.query(`SELECT * FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0`, [tenantId])).rows;
      expect(rows.length).toBeGreaterThanOrEqual(12);
      expect(rows.length).toBeLessThanOrEqual(20);
      for (const row of rows) {
        expect(row.code).toMatch(new RegExp(`^${county}\\d{4}$`));
        expect(row.region_code.startsWith(county)).toBe(true);
        expect([1, 2]).toContain(row.scale);
        if (row.scale === 1) expect(row.total_capacity).toBeGreaterThanOrEqual(100);
        else expect(row.total_capacity).toBeLessThan(100);
        const levels = [
          row.dead_water_level,
          row.flood_limit_water_level,
          row.normal_water_level,
          row.design_flood_level,
          row.check_flood_level,
          row.dam_crest_elevation,
        ];
        for (let i = 1; i < levels.length; i++) expect(levels[i]).toBeGreaterThanOrEqual(levels[i - 1]);
        expect(levels[0]).toBeLessThan(levels[1]);
      }
    }
  });

  it('each reservoir has a rising capacity curve that reaches the total storage at the check flood level', async () => {
    const rows = (await t.db.query(`SELECT id, total_capacity, check_flood_level FROM rsc_reservoir WHERE tenant_id = '100001' AND is_deleted = 0`)).rows;
    for (const reservoir of rows) {
      const points = (
        await t.db.query(`SELECT water_level, capacity FROM rsc_reservoir_capacity WHERE reservoir_id = $1 AND is_deleted = 0 ORDER BY water_level`, [
          reservoir.id,
        ])
      ).rows;
      expect(points.length).toBeGreaterThanOrEqual(10);
      expect(points.length).toBeLessThanOrEqual(40);
      for (let i = 1; i < points.length; i++) expect(points[i].capacity).toBeGreaterThan(points[i - 1].capacity);
      const below = points.filter((p) => p.water_level <= reservoir.check_flood_level).at(-1)!;
      expect(below.capacity).toBeLessThanOrEqual(reservoir.total_capacity);
      expect(points.at(-1)!.capacity).toBeGreaterThanOrEqual(reservoir.total_capacity * 0.9);
    }
  });

  it('each reservoir has its three responsible persons; the demo inspector patrols three of them', async () => {
    const duties = (
      await t.db.query(
        `SELECT r.id, array_agg(s.duty ORDER BY s.duty) AS duties FROM rsc_reservoir r
         JOIN rsc_reservoir_staff s ON s.reservoir_id = r.id AND s.is_deleted = 0 WHERE r.tenant_id = '100001' AND r.is_deleted = 0 GROUP BY r.id`,
      )
    ).rows;
    expect(duties.length).toBe(16);
    for (const row of duties) expect(row.duties).toEqual([1, 2, 3]);
    const bound = (
      await t.db.query(
        `SELECT count(*)::int AS n FROM rsc_reservoir_staff s JOIN blade_user u ON u.id = s.user_id AND u.account = 'inspector' WHERE s.tenant_id = '100001' AND s.duty = 3`,
      )
    ).rows[0].n;
    expect(bound).toBe(3);
  });

  it('seeding again changes nothing', async () => {
    const count = async () =>
      (
        await t.db.query(
          `SELECT (SELECT count(*) FROM rsc_reservoir)::int AS r, (SELECT count(*) FROM rsc_reservoir_capacity)::int AS c, (SELECT count(*) FROM rsc_reservoir_staff)::int AS s`,
        )
      ).rows[0];
    const before = await count();
    await seedDatabase(t.db, { demo: true });
    expect(await count()).toEqual(before);
  });
});

describe('reading the archive', () => {
  it('list pages and filters; listAll and list/all answer every reservoir of the tenant only', async () => {
    const page = await t.api('/api/v1/reservoir/list?current=1&size=5&scale=1', { token: anxi });
    expect(page.status).toBe(200);
    expect(page.body.data.records.length).toBe(5);
    expect(page.body.data.total).toBe(6);
    expect(page.body.data.records.every((r: { scale: number }) => r.scale === 1)).toBe(true);
    const all = await t.api('/api/v1/reservoir/listAll', { token: anxi });
    const slash = await t.api('/api/v1/reservoir/list/all', { token: anxi });
    expect(all.body.data.length).toBe(16);
    expect(slash.body.data).toEqual(all.body.data);
    expect(all.body.data[0]).toMatchObject({ id: expect.any(String), name: expect.any(String), code: expect.stringMatching(/^350524/) });
    const other = await t.api('/api/v1/reservoir/listAll', { token: xianyou });
    expect(other.body.data.length).toBe(14);
    expect(other.body.data.some((r: { code: string }) => r.code.startsWith('350524'))).toBe(false);
  });

  it('any signed-in user of the tenant may pick reservoirs (listAll, tree); the list itself needs the archive menu', async () => {
    expect((await t.api('/api/v1/reservoir/listAll', { token: inspector })).body.data.length).toBe(16);
    expect((await t.api('/api/v1/reservoir/tree', { token: inspector })).status).toBe(200);
    expect((await t.api('/api/v1/reservoir/list', { token: inspector })).status).toBe(403);
  });

  it('detail answers one reservoir of the tenant; another tenant gets 404', async () => {
    const [first] = (await t.api('/api/v1/reservoir/listAll', { token: anxi })).body.data;
    const mine = await t.api(`/api/v1/reservoir/detail?id=${first.id}`, { token: anxi });
    expect(mine.body.data).toMatchObject({ id: first.id, name: first.name, totalCapacity: expect.any(Number), normalWaterLevel: expect.any(Number) });
    expect((await t.api(`/api/v1/reservoir/detail?id=${first.id}`, { token: xianyou })).status).toBe(404);
  });

  it('tree: the county at the root, its townships below, reservoirs as leaves', async () => {
    const tree = (await t.api('/api/v1/reservoir/tree', { token: anxi })).body.data;
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ id: '350524', title: '安溪县', type: 'region', reservoirCount: 16 });
    const towns = tree[0].children;
    expect(towns.every((n: { type: string; id: string }) => n.type === 'region' && n.id.length === 9)).toBe(true);
    const penglai = towns.find((n: { id: string }) => n.id === '350524101');
    expect(penglai).toMatchObject({ title: '蓬莱镇', reservoirCount: 1 });
    expect(penglai.children[0]).toMatchObject({ type: 'reservoir', title: '石门水库', parentId: '350524101', selectable: true });
    expect(penglai.selectable).toBe(false);
    const leaves = towns.flatMap((n: { children: unknown[] }) => n.children);
    expect(leaves).toHaveLength(16);
  });

  it('getCityCount counts reservoirs, scales and storage per township, or per child of a given region', async () => {
    const counts = (await t.api('/api/v1/reservoir/getCityCount', { token: anxi })).body.data;
    expect(counts.reduce((sum: number, c: { count: number }) => sum + c.count, 0)).toBe(16);
    expect(counts.find((c: { regionCode: string }) => c.regionCode === '350524201')).toEqual({
      regionCode: '350524201',
      regionName: '白濑乡',
      count: 1,
      smallOneCount: 1,
      smallTwoCount: 0,
      totalCapacity: 540,
    });
    const byCounty = (await t.api('/api/v1/reservoir/getCityCount?regionCode=3505', { token: anxi })).body.data;
    expect(byCounty).toEqual([expect.objectContaining({ regionCode: '350524', regionName: '安溪县', count: 16, smallOneCount: 6, smallTwoCount: 10 })]);
    expect((await t.api('/api/v1/reservoir/getCityCount?regionCode=35x', { token: anxi })).status).toBe(400);
    expect((await t.api('/api/v1/reservoir/getCityCount?region=1', { token: anxi })).status).toBe(400);
  });

  it('getManageList pages reservoirs with their administrative, technical and patrol persons', async () => {
    const page = (await t.api('/api/v1/reservoir/getManageList?current=1&size=20&name=石门', { token: anxi })).body.data;
    expect(page.total).toBe(1);
    const [shimen] = page.records;
    expect(shimen.name).toBe('石门水库');
    expect(shimen.administrative).toMatchObject({ name: expect.any(String), phone: expect.stringMatching(/^1[3-9]\d{9}$/), unit: '蓬莱镇人民政府' });
    expect(shimen.technical).toMatchObject({ unit: '安溪县水利局' });
    expect(shimen.patrol).toMatchObject({ post: '护库员', userId: expect.any(String) });
    expect(shimen.isStaffComplete).toBe(true);
    expect((await t.api('/api/v1/reservoir/getManageList', { token: inspector })).status).toBe(403);
  });

  it('export answers a real .xlsx of the filtered reservoirs', async () => {
    const response = await fetch(`${t.url}/api/v1/reservoir/export?scale=2`, { headers: { 'Blade-Auth': `bearer ${anxi}` } });
    expect(response.status).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('水库名称');
    expect(sheet.rowCount).toBe(11);
    const scales = sheet.getColumn(sheet.getRow(1).values && (sheet.getRow(1).values as string[]).indexOf('工程规模')).values.slice(2);
    expect(new Set(scales)).toEqual(new Set(['小(2)型']));
  });
});

describe('writing the archive', () => {
  it('saves a reservoir whose levels are in order, and refuses one whose levels are not', async () => {
    const saved = await t.api('/api/v1/reservoir/save', { token: anxi, body: sample() });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ name: '试验水库', normalWaterLevel: 109 });
    const bad = await t.api('/api/v1/reservoir/save', { token: anxi, body: sample({ code: 'T0002', name: '乱序水库', designFloodLevel: 108 }) });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('正常蓄水位必须低于设计洪水位');
    expect(bad.body.data.errors[0].field).toBe('designFloodLevel');
    const english = await t.api('/api/v1/reservoir/save', {
      token: anxi,
      headers: { 'Accept-Language': 'en' },
      body: sample({ code: 'T0003', floodLimitWaterLevel: 109.5 }),
    });
    expect(english.body.msg).toBe('The flood-limit level must not be above the normal pool level');
    expect((await t.db.query(`SELECT count(*)::int AS n FROM rsc_reservoir WHERE code IN ('T0002', 'T0003')`)).rows[0].n).toBe(0);
  });

  it('the flood-limit level may equal the normal pool level', async () => {
    const saved = await t.api('/api/v1/reservoir/save', { token: anxi, body: sample({ code: 'T0004', name: '平汛水库', floodLimitWaterLevel: 109 }) });
    expect(saved.status).toBe(200);
  });

  it('an update is checked against the stored levels it does not change', async () => {
    const saved = (await t.api('/api/v1/reservoir/save', { token: anxi, body: sample({ code: 'T0005', name: '更新水库' }) })).body.data;
    const bad = await t.api('/api/v1/reservoir/update', { token: anxi, body: { id: saved.id, checkFloodLevel: 112 } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('校核洪水位必须低于坝顶高程');
    const good = await t.api('/api/v1/reservoir/update', { token: anxi, body: { id: saved.id, checkFloodLevel: 111, damCrestElevation: 112.2 } });
    expect(good.status).toBe(200);
    expect(good.body.data).toMatchObject({ checkFloodLevel: 111, damCrestElevation: 112.2, version: 2 });
  });

  it('register codes are unique within the tenant', async () => {
    const duplicate = await t.api('/api/v1/reservoir/save', { token: anxi, body: sample({ code: '3505240001', name: '重复水库' }) });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.msg).toBe('水库代码已存在');
    const elsewhere = await t.api('/api/v1/reservoir/save', {
      token: xianyou,
      body: sample({ code: '3505240001', name: '重复水库', regionCode: '350322100' }),
    });
    expect(elsewhere.status).toBe(200);
  });

  it('remove takes ids in the query and soft-deletes, all or nothing', async () => {
    const saved = (await t.api('/api/v1/reservoir/save', { token: anxi, body: sample({ code: 'T0006', name: '删除水库' }) })).body.data;
    const refused = await t.api(`/api/v1/reservoir/remove?ids=${saved.id},123`, { token: anxi, method: 'POST' });
    expect(refused.status).toBe(404);
    expect((await t.api(`/api/v1/reservoir/remove?ids=${saved.id}`, { token: anxi, method: 'POST' })).status).toBe(200);
    expect((await t.api(`/api/v1/reservoir/detail?id=${saved.id}`, { token: anxi })).status).toBe(404);
  });
});
