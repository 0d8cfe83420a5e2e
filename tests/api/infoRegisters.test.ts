/**
 * Stations, equipment and manufacturers at /api/v1/info: the seeded
 * telemetry of the demo reservoirs, station listAll with and without a
 * reservoir, references checked against the tenant, and an instrument placed
 * at its station's reservoir.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testServer.js';

let t: TestServer;
let anxi: string;
let xianyou: string;
let inspector: string;
let shimen: string;
let houxi: string;

beforeAll(async () => {
  t = await startTestServer();
  anxi = await t.signIn('100001', 'admin');
  xianyou = await t.signIn('316979', 'admin');
  inspector = await t.signIn('100001', 'inspector');
  const all = (await t.api('/api/v1/reservoir/listAll', { token: anxi })).body.data as { id: string; name: string }[];
  shimen = all.find((r) => r.name === '石门水库')!.id;
  houxi = all.find((r) => r.name === '后溪水库')!.id;
});
afterAll(() => t?.close());

describe('stations', () => {
  it('every demo reservoir has rain and level telemetry; listAll takes an optional reservoirId', async () => {
    const all = (await t.api('/api/v1/info/station/listAll', { token: anxi })).body.data;
    const reservoirs = new Set(all.map((s: { reservoirId: string }) => s.reservoirId));
    expect(reservoirs.size).toBe(16);
    const mine = (await t.api(`/api/v1/info/station/listAll?reservoirId=${shimen}`, { token: anxi })).body.data;
    expect(mine.map((s: { monitorType: number }) => s.monitorType).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(mine.every((s: { reservoirId: string; stationCode: string }) => s.reservoirId === shimen && /^\d{10}$/.test(s.stationCode))).toBe(true);
    expect((await t.api('/api/v1/info/station/listAll', { token: inspector })).body.data.length).toBe(all.length);
    expect((await t.api('/api/v1/info/station/list', { token: inspector })).status).toBe(403);
  });

  it('list pages and filters by type; another tenant sees its own stations only', async () => {
    const rain = (await t.api('/api/v1/info/station/list?stationType=1&size=100', { token: anxi })).body.data;
    expect(rain.total).toBe(16);
    const theirs = (await t.api('/api/v1/info/station/listAll', { token: xianyou })).body.data;
    expect(theirs.every((s: { stationCode: string }) => s.stationCode.startsWith('350322'))).toBe(true);
  });

  it('a station needs a reservoir and a manufacturer of the tenant, and a unique code', async () => {
    const factory = (await t.api('/api/v1/info/factoryInfo/listAll', { token: anxi })).body.data[0].id;
    const body = { stationCode: '3505249901', stationName: '石门水库副坝水位站', stationType: 3, monitorType: 1, reservoirId: shimen, factoryId: factory };
    const saved = await t.api('/api/v1/info/station/save', { token: anxi, body });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ reportInterval: 60, stationStatus: 1 });
    const again = await t.api('/api/v1/info/station/save', { token: anxi, body: { ...body, stationName: '重复' } });
    expect(again.body.msg).toBe('测站编码已存在');
    const theirFactory = (await t.api('/api/v1/info/factoryInfo/listAll', { token: xianyou })).body.data[0].id;
    const foreign = await t.api('/api/v1/info/station/save', { token: anxi, body: { ...body, stationCode: '3505249902', factoryId: theirFactory } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.msg).toBe('所选厂家不存在或已被删除');
  });

  it('tree lists the stations and manufacturers as pick lists for any user of the tenant', async () => {
    const stations = (await t.api('/api/v1/info/station/tree', { token: inspector })).body.data;
    const listed = (await t.api('/api/v1/info/station/listAll', { token: anxi })).body.data;
    expect(stations).toHaveLength(listed.length);
    expect(stations[0]).toEqual({
      id: expect.any(String),
      parentId: '0',
      title: expect.stringMatching(/站 \(\d{10}\)$/),
      key: stations[0].id,
      value: stations[0].id,
    });
    const factories = (await t.api('/api/v1/info/factoryInfo/tree', { token: inspector })).body.data;
    expect(factories.map((f: { title: string }) => f.title)).toContain('华水测控科技有限公司');
    expect((await t.api('/api/v1/info/factoryInfo/tree', { token: xianyou })).body.data.map((f: { id: string }) => f.id)).not.toContain(factories[0].id);
  });

  it('remove takes ids in the query', async () => {
    const saved = (
      await t.api('/api/v1/info/station/save', { token: anxi, body: { stationCode: '3505249903', stationName: '临时站', stationType: 1, reservoirId: shimen } })
    ).body.data;
    expect((await t.api(`/api/v1/info/station/remove?ids=${saved.id}`, { token: anxi, method: 'POST' })).status).toBe(200);
    expect((await t.api(`/api/v1/info/station/listAll?reservoirId=${shimen}`, { token: anxi })).body.data.some((s: { id: string }) => s.id === saved.id)).toBe(
      false,
    );
  });
});

describe('equipment', () => {
  it('the seeded instruments hang on their stations', async () => {
    const list = (await t.api(`/api/v1/info/equipment/list?reservoirId=${shimen}&size=100`, { token: anxi })).body.data;
    expect(list.total).toBe(11);
    const types = list.records.map((e: { deviceType: number }) => e.deviceType);
    expect(types.filter((type: number) => type === 1)).toHaveLength(5);
    expect(list.records.every((e: { stationId: string; serialNo: string }) => e.stationId && e.serialNo)).toBe(true);
  });

  it("an instrument on a station takes the station's reservoir, and may not contradict it", async () => {
    const [station] = (await t.api(`/api/v1/info/station/listAll?reservoirId=${shimen}`, { token: anxi })).body.data;
    const saved = await t.api('/api/v1/info/equipment/save', {
      token: anxi,
      body: { name: '备用雷达水位计', deviceType: 3, serialNo: 'SP-0001', stationId: station.id },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ stationId: station.id, reservoirId: shimen, equipmentStatus: 1 });
    const wrong = await t.api('/api/v1/info/equipment/save', {
      token: anxi,
      body: { name: '错配设备', deviceType: 3, serialNo: 'SP-0002', stationId: station.id, reservoirId: houxi },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.errors[0].field).toBe('reservoirId');
    const moved = await t.api('/api/v1/info/equipment/update', { token: anxi, body: { id: saved.body.data.id, reservoirId: houxi } });
    expect(moved.status).toBe(400);
  });

  it('refuses a station of another tenant', async () => {
    const [theirStation] = (await t.api('/api/v1/info/station/listAll', { token: xianyou })).body.data;
    const refused = await t.api('/api/v1/info/equipment/save', {
      token: anxi,
      body: { name: 'x', deviceType: 1, serialNo: 'SP-0003', stationId: theirStation.id },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('所选测站不存在或已被删除');
  });
});

describe('manufacturers', () => {
  it('list, listAll (any user, names only), save with a unique name, update, remove', async () => {
    const all = (await t.api('/api/v1/info/factoryInfo/listAll', { token: inspector })).body.data;
    expect(all.map((f: { name: string }) => f.name)).toContain('华水测控科技有限公司');
    expect(Object.keys(all[0]).sort()).toEqual(['id', 'name', 'shortName']);
    const saved = await t.api('/api/v1/info/factoryInfo/save', {
      token: anxi,
      body: { name: '闽南智慧水利有限公司', phone: '0595-2288 6677', website: 'https://example.com' },
    });
    expect(saved.status).toBe(200);
    expect((await t.api('/api/v1/info/factoryInfo/save', { token: anxi, body: { name: '闽南智慧水利有限公司' } })).body.msg).toBe('厂家名称已存在');
    expect((await t.api('/api/v1/info/factoryInfo/save', { token: anxi, body: { name: '坏电话', phone: 'call me' } })).status).toBe(400);
    const updated = await t.api('/api/v1/info/factoryInfo/update', { token: anxi, body: { id: saved.body.data.id, contact: '黄工' } });
    expect(updated.body.data.contact).toBe('黄工');
    expect((await t.api(`/api/v1/info/factoryInfo/remove?ids=${saved.body.data.id}`, { token: anxi, method: 'POST' })).status).toBe(200);
    expect((await t.api(`/api/v1/info/factoryInfo/list?name=闽南`, { token: anxi })).body.data.total).toBe(0);
    expect((await t.api('/api/v1/info/factoryInfo/save', { token: inspector, body: { name: '无权限' } })).status).toBe(403);
  });
});
