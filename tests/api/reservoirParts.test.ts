/**
 * The parts of the reservoir archive: capacity curve (list by reservoir, the
 * .xlsx template), files, facilities and placards (references checked
 * against the tenant), the phreatic line (saveBatch replaces a reservoir's
 * points all or nothing) and the three responsible persons (bind to a user
 * account of the tenant only, unbinding, candidate accounts, export).
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testServer.js';

let t: TestServer;
let anxi: string;
let xianyou: string;
let inspector: string;
let shimen: { id: string; name: string };
let foreignReservoir: string;

beforeAll(async () => {
  t = await startTestServer();
  anxi = await t.signIn('100001', 'admin');
  xianyou = await t.signIn('316979', 'admin');
  inspector = await t.signIn('100001', 'inspector');
  const all = (await t.api('/api/v1/reservoir/listAll', { token: anxi })).body.data;
  shimen = all.find((r: { name: string }) => r.name === '石门水库');
  foreignReservoir = (await t.api('/api/v1/reservoir/listAll', { token: xianyou })).body.data[0].id;
});
afterAll(() => t?.close());

async function workbookOf(
  path: string,
  token: string,
  language?: string,
): Promise<{ status: number; book: ExcelJS.Workbook; type: string | null; disposition: string | null }> {
  const response = await fetch(`${t.url}${path}`, { headers: { 'Blade-Auth': `bearer ${token}`, ...(language ? { 'Accept-Language': language } : {}) } });
  const book = new ExcelJS.Workbook();
  if (response.status === 200) await book.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
  return { status: response.status, book, type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition') };
}

const rowValues = (sheet: ExcelJS.Worksheet, row: number) => (sheet.getRow(row).values as unknown[]).slice(1);

describe('capacity curve', () => {
  it("lists one reservoir's points by page, lowest level first", async () => {
    const page = (await t.api(`/api/v1/reservoir/capacity/list?reservoirId=${shimen.id}&current=1&size=5`, { token: anxi })).body.data;
    expect(page.records).toHaveLength(5);
    expect(page.total).toBeGreaterThanOrEqual(10);
    expect(page.records.every((p: { reservoirId: string }) => p.reservoirId === shimen.id)).toBe(true);
    const levels = page.records.map((p: { waterLevel: number }) => p.waterLevel);
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
  });

  it('export-template is a real .xlsx with the level and storage columns', async () => {
    const blank = await workbookOf('/api/v1/reservoir/capacity/export-template', anxi);
    expect(blank.status).toBe(200);
    expect(blank.type).toContain('spreadsheetml');
    const sheet = blank.book.getWorksheet('库容曲线')!;
    expect(rowValues(sheet, 1)).toEqual(['水库代码', '水库名称', '水位(m)', '库容(万m³)', '水面面积(km²)']);
    expect(sheet.actualRowCount).toBe(1);
    const english = await workbookOf('/api/v1/reservoir/capacity/export-template', anxi, 'en');
    expect(rowValues(english.book.getWorksheet('Capacity curve')!, 1)).toEqual([
      'Register code',
      'Reservoir',
      'Water level (m)',
      'Storage (10⁴ m³)',
      'Surface area (km²)',
    ]);
  });

  it('given a reservoir, the template holds its current curve, one point per row', async () => {
    const points = (await t.api(`/api/v1/reservoir/capacity/listAll?reservoirId=${shimen.id}`, { token: anxi })).body.data;
    const filled = await workbookOf(`/api/v1/reservoir/capacity/export-template?reservoirId=${shimen.id}`, anxi);
    expect(decodeURIComponent(filled.disposition!)).toContain('石门水库');
    const sheet = filled.book.getWorksheet('库容曲线')!;
    expect(sheet.actualRowCount).toBe(points.length + 1);
    expect(rowValues(sheet, 2)).toEqual(['3505240001', '石门水库', points[0].waterLevel, points[0].capacity, points[0].area]);
    expect(rowValues(sheet, points.length + 1)[2]).toBe(points.at(-1).waterLevel);
    expect((await workbookOf(`/api/v1/reservoir/capacity/export-template?reservoirId=${foreignReservoir}`, anxi)).status).toBe(404);
    expect((await workbookOf('/api/v1/reservoir/capacity/export-template?reservoirId=abc', anxi)).status).toBe(400);
  });

  it('a point must belong to a reservoir of the tenant, once per level', async () => {
    const foreign = await t.api('/api/v1/reservoir/capacity/save', { token: anxi, body: { reservoirId: foreignReservoir, waterLevel: 10, capacity: 1 } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.msg).toBe('所选水库不存在或已被删除');
    const [first] = (await t.api(`/api/v1/reservoir/capacity/listAll?reservoirId=${shimen.id}`, { token: anxi })).body.data;
    const twice = await t.api('/api/v1/reservoir/capacity/save', { token: anxi, body: { reservoirId: shimen.id, waterLevel: first.waterLevel, capacity: 1 } });
    expect(twice.status).toBe(400);
    expect(twice.body.msg).toBe('该水位的库容已存在');
    const moved = await t.api('/api/v1/reservoir/capacity/update', { token: anxi, body: { id: first.id, reservoirId: foreignReservoir } });
    expect(moved.status).toBe(400);
  });
});

describe('capacity curve import', () => {
  async function sheetOf(rows: unknown[][], header = ['水库代码', '水库名称', '水位(m)', '库容(万m³)', '水面面积(km²)']): Promise<Buffer> {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('库容曲线');
    sheet.addRow(header);
    for (const row of rows) sheet.addRow(row);
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  async function upload(content: Buffer, token = anxi, name = 'curve.xlsx') {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(content)]), name);
    const response = await fetch(`${t.url}/api/v1/reservoir/capacity/import`, { method: 'POST', headers: { 'Blade-Auth': `bearer ${token}` }, body: form });
    return { status: response.status, body: await response.json() };
  }

  const curveOf = async (id: string) =>
    (await t.api(`/api/v1/reservoir/capacity/listAll?reservoirId=${id}`, { token: anxi })).body.data as {
      waterLevel: number;
      capacity: number;
      area: number | null;
    }[];

  it('a filled template replaces the curves of the reservoirs it lists, and only those', async () => {
    const houxi = (await t.api('/api/v1/reservoir/listAll', { token: anxi })).body.data.find((r: { name: string }) => r.name === '后溪水库');
    const untouched = await curveOf(houxi.id);
    const answer = await upload(
      await sheetOf([
        ['3505240001', '石门水库', 290, 10.5, 0.02],
        ['3505240001', '', 300, 120, 0.15],
        ['3505240001', '', 310, 300.25],
      ]),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toEqual({ created: 3, updated: 0, reservoirs: 1 });
    expect(await curveOf(shimen.id)).toEqual([
      expect.objectContaining({ waterLevel: 290, capacity: 10.5, area: 0.02 }),
      expect.objectContaining({ waterLevel: 300, capacity: 120 }),
      expect.objectContaining({ waterLevel: 310, capacity: 300.25, area: null }),
    ]);
    expect(await curveOf(houxi.id)).toEqual(untouched);
  });

  it('the exported template imports back unchanged', async () => {
    const exported = await fetch(`${t.url}/api/v1/reservoir/capacity/export-template?reservoirId=${shimen.id}`, {
      headers: { 'Blade-Auth': `bearer ${anxi}` },
    });
    const before = await curveOf(shimen.id);
    expect((await upload(Buffer.from(await exported.arrayBuffer()))).status).toBe(200);
    expect((await curveOf(shimen.id)).map(({ waterLevel, capacity, area }) => ({ waterLevel, capacity, area }))).toEqual(
      before.map(({ waterLevel, capacity, area }) => ({ waterLevel, capacity, area })),
    );
  });

  it('any wrong row refuses the whole file, listing every wrong row, and changes nothing', async () => {
    const before = (await t.db.query('SELECT count(*)::int AS n, sum(is_deleted)::int AS d FROM rsc_reservoir_capacity')).rows[0];
    const answer = await upload(
      await sheetOf([
        ['3505240002', '', 150, 5],
        ['3505240002', '', 160, 4],
        ['3505240002', '', 160, 9],
        ['3505249999', '', 1, 1],
        ['3505240003', '', 'abc', 1],
        ['', '', 1, 2],
      ]),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('导入失败：5 行有误');
    expect(answer.body.data.errors).toEqual([
      { row: 3, field: 'capacity', message: '库容必须大于较低水位（第 2 行）的库容' },
      { row: 4, field: 'waterLevel', message: '水位 160 与第 3 行重复' },
      { row: 5, field: 'reservoirId', message: '水库代码“3505249999”不存在' },
      { row: 6, field: 'waterLevel', message: '水位必须是 -100 至 9000 之间的数值' },
      { row: 7, field: 'reservoirId', message: '请填写水库代码' },
    ]);
    expect((await t.db.query('SELECT count(*)::int AS n, sum(is_deleted)::int AS d FROM rsc_reservoir_capacity')).rows[0]).toEqual(before);
  });

  it("another tenant's codes are unknown; a file that is not the template, or no file, is refused; the import button is needed", async () => {
    const theirs = await upload(
      await sheetOf([
        ['3503220001', '', 1, 1],
        ['3503220001', '', 2, 2],
      ]),
    );
    expect(theirs.body.data.errors[0].message).toBe('水库代码“3503220001”不存在');
    expect((await upload(await sheetOf([[1, 2]], ['a', 'b']))).body.msg).toBe('文件不是库容曲线模板：请先下载模板再填写');
    expect((await upload(Buffer.from('not a workbook'))).status).toBe(400);
    expect((await t.api('/api/v1/reservoir/capacity/import', { token: anxi, body: {} })).status).toBe(400);
    expect((await upload(await sheetOf([['3505240001', '', 1, 1]]), inspector)).status).toBe(403);
  });
});

describe('files, facilities and placards', () => {
  for (const [part, body] of [
    ['file', { fileName: '石门水库调度运用方案', fileType: 4, fileUrl: '/api/blade-resource/oss/endpoint/x.pdf' }],
    ['device', { deviceName: '溢洪道闸门', deviceType: 1 }],
    ['placard', { placardType: 1, title: '责任人公示牌', content: '行政责任人：张三 13800000000' }],
  ] as const) {
    it(`${part}: saved for a reservoir of the tenant, listed by reservoir, refused for another tenant's reservoir`, async () => {
      const saved = await t.api(`/api/v1/reservoir/${part}/save`, { token: anxi, body: { ...body, reservoirId: shimen.id } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const listed = (await t.api(`/api/v1/reservoir/${part}/list?reservoirId=${shimen.id}&size=100`, { token: anxi })).body.data.records;
      expect(listed.map((r: { id: string }) => r.id)).toContain(saved.body.data.id);
      expect(listed.every((r: { reservoirId: string }) => r.reservoirId === shimen.id)).toBe(true);
      const before = (await t.db.query(`SELECT count(*)::int AS n FROM rsc_reservoir_${part}`)).rows[0].n;
      const foreign = await t.api(`/api/v1/reservoir/${part}/save`, { token: anxi, body: { ...body, reservoirId: foreignReservoir } });
      expect(foreign.status).toBe(400);
      expect(foreign.body.data.errors[0].field).toBe('reservoirId');
      expect((await t.db.query(`SELECT count(*)::int AS n FROM rsc_reservoir_${part}`)).rows[0].n).toBe(before);
    });
  }

  it('the seeded responsible-person placard names the three persons and the supervision phone', async () => {
    const placards = (await t.api(`/api/v1/reservoir/placard/list?reservoirId=${shimen.id}&placardType=1`, { token: anxi })).body.data.records;
    const seeded = placards.find((p: { title: string }) => p.title === '石门水库安全管理责任人公示牌');
    expect(seeded.content).toMatch(/行政责任人：.+\n技术责任人：.+\n巡查责任人：.+\n监督电话：/);
  });
});

describe('phreatic line', () => {
  const points = [
    { pointType: 1, pointName: '上游坝脚', distance: 0, elevation: 285 },
    { pointType: 1, pointName: '坝顶', distance: 80, elevation: 313.5 },
    { pointType: 2, pointName: 'UP1', distance: 100, elevation: 286 },
  ];

  it('saveBatch replaces every point of the reservoir with the points sent', async () => {
    const seeded = (await t.api(`/api/v1/reservoir/soakLine/list?reservoirId=${shimen.id}&size=100`, { token: anxi })).body.data;
    expect(seeded.total).toBe(7);
    const saved = await t.api('/api/v1/reservoir/soakLine/saveBatch', { token: anxi, body: { reservoirId: shimen.id, points } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toEqual({ reservoirId: shimen.id, saved: 3 });
    const now = (await t.api(`/api/v1/reservoir/soakLine/listAll?reservoirId=${shimen.id}`, { token: anxi })).body.data;
    expect(now.map((p: { pointName: string }) => p.pointName).sort()).toEqual(['UP1', '上游坝脚', '坝顶']);
    expect(now.every((p: { sectionName: string }) => p.sectionName === '主断面')).toBe(true);
  });

  it('one bad point refuses the whole batch and leaves the line as it was', async () => {
    const before = (await t.api(`/api/v1/reservoir/soakLine/listAll?reservoirId=${shimen.id}`, { token: anxi })).body.data;
    const bad = await t.api('/api/v1/reservoir/soakLine/saveBatch', {
      token: anxi,
      body: { reservoirId: shimen.id, points: [...points, { pointType: 2, pointName: 'UP2', distance: 120 }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('第4个点：请输入高程');
    expect((await t.api(`/api/v1/reservoir/soakLine/listAll?reservoirId=${shimen.id}`, { token: anxi })).body.data).toEqual(before);
  });

  it("refuses another tenant's reservoir, a station of another tenant, and a body without points", async () => {
    const before = (await t.db.query('SELECT count(*)::int AS n, sum(is_deleted)::int AS d FROM rsc_reservoir_soak_line')).rows[0];
    expect((await t.api('/api/v1/reservoir/soakLine/saveBatch', { token: anxi, body: { reservoirId: foreignReservoir, points } })).status).toBe(400);
    const foreignStation = (await t.api('/api/v1/info/station/listAll', { token: xianyou })).body.data[0].id;
    const withStation = await t.api('/api/v1/reservoir/soakLine/saveBatch', {
      token: anxi,
      body: { reservoirId: shimen.id, points: [{ ...points[2], stationId: foreignStation }] },
    });
    expect(withStation.status).toBe(400);
    expect(withStation.body.msg).toBe('第1个点：所选测站不存在或已被删除');
    expect((await t.api('/api/v1/reservoir/soakLine/saveBatch', { token: anxi, body: { reservoirId: shimen.id } })).status).toBe(400);
    expect((await t.db.query('SELECT count(*)::int AS n, sum(is_deleted)::int AS d FROM rsc_reservoir_soak_line')).rows[0]).toEqual(before);
  });

  it('needs the add button of the register', async () => {
    expect((await t.api('/api/v1/reservoir/soakLine/saveBatch', { token: inspector, body: { reservoirId: shimen.id, points } })).status).toBe(403);
  });
});

describe('responsible persons', () => {
  it('lists the three persons of a reservoir, and refuses a second person for the same duty', async () => {
    const staff = (await t.api(`/api/v1/reservoir/staff/list?reservoirId=${shimen.id}`, { token: anxi })).body.data.records;
    expect(staff.map((s: { duty: number }) => s.duty).sort()).toEqual([1, 2, 3]);
    const second = await t.api('/api/v1/reservoir/staff/add', { token: anxi, body: { reservoirId: shimen.id, duty: 1, name: '李四', phone: '13900000001' } });
    expect(second.status).toBe(400);
    expect(second.body.msg).toBe('该水库已有此类责任人，请修改原记录');
    const foreign = await t.api('/api/v1/reservoir/staff/add', {
      token: anxi,
      body: { reservoirId: foreignReservoir, duty: 1, name: '李四', phone: '13900000001' },
    });
    expect(foreign.status).toBe(400);
  });

  it("account offers the tenant's users to bind, without secrets", async () => {
    const accounts = (await t.api('/api/v1/reservoir/staff/account?keyword=farm', { token: anxi })).body.data;
    expect(accounts).toEqual([expect.objectContaining({ account: 'farm_admin', realName: '林建华' })]);
    expect(Object.keys(accounts[0]).sort()).toEqual(['account', 'id', 'name', 'phone', 'realName']);
    expect((await t.api('/api/v1/reservoir/staff/account?other=1', { token: anxi })).status).toBe(400);
  });

  it('bind links a user account of the tenant; unbinding clears it', async () => {
    const technical = (await t.api(`/api/v1/reservoir/staff/list?reservoirId=${shimen.id}&duty=2`, { token: anxi })).body.data.records[0];
    expect(technical.userId).toBeNull();
    const farmAdmin = (await t.db.query(`SELECT id::text AS id FROM blade_user WHERE tenant_id = '100001' AND account = 'farm_admin'`)).rows[0].id;
    const bound = await t.api(`/api/v1/reservoir/staff/bind?id=${technical.id}`, { token: anxi, body: { userId: farmAdmin } });
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    expect((await t.api(`/api/v1/reservoir/staff/detail?id=${technical.id}`, { token: anxi })).body.data.userId).toBe(farmAdmin);
    const unbound = await t.api(`/api/v1/reservoir/staff/unbinding?id=${technical.id}`, { token: anxi, method: 'POST' });
    expect(unbound.body.data).toEqual({ unbound: 1 });
    expect((await t.api(`/api/v1/reservoir/staff/detail?id=${technical.id}`, { token: anxi })).body.data.userId).toBeNull();
  });

  it('bind takes the sign-in account as well as the user id', async () => {
    const technical = (await t.api(`/api/v1/reservoir/staff/list?reservoirId=${shimen.id}&duty=2`, { token: anxi })).body.data.records[0];
    expect((await t.api(`/api/v1/reservoir/staff/bind?id=${technical.id}`, { token: anxi, body: { account: 'subject_admin' } })).status).toBe(200);
    const subjectAdmin = (await t.db.query(`SELECT id::text AS id FROM blade_user WHERE tenant_id = '100001' AND account = 'subject_admin'`)).rows[0].id;
    expect((await t.api(`/api/v1/reservoir/staff/detail?id=${technical.id}`, { token: anxi })).body.data.userId).toBe(subjectAdmin);
    const nobody = await t.api(`/api/v1/reservoir/staff/bind?id=${technical.id}`, { token: anxi, body: { account: 'no_such_account' } });
    expect(nobody.body.msg).toBe('用户账号不存在或不属于本租户');
    await t.api(`/api/v1/reservoir/staff/unbinding?id=${technical.id}`, { token: anxi, method: 'POST' });
  });

  it('bind refuses a user of another tenant and changes nothing', async () => {
    const administrative = (await t.api(`/api/v1/reservoir/staff/list?reservoirId=${shimen.id}&duty=1`, { token: anxi })).body.data.records[0];
    const stranger = (await t.db.query(`SELECT id::text AS id FROM blade_user WHERE tenant_id = '316979' AND account = 'farm_admin'`)).rows[0].id;
    const refused = await t.api('/api/v1/reservoir/staff/bind', { token: anxi, body: { id: administrative.id, userId: stranger } });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('用户账号不存在或不属于本租户');
    const after = (await t.api(`/api/v1/reservoir/staff/detail?id=${administrative.id}`, { token: anxi })).body.data;
    expect(after).toEqual(administrative);
  });

  it("bind by reservoir and duty binds the existing person; another tenant cannot bind this tenant's person", async () => {
    const inspectorId = (await t.db.query(`SELECT id::text AS id FROM blade_user WHERE tenant_id = '100001' AND account = 'inspector'`)).rows[0].id;
    const bound = await t.api('/api/v1/reservoir/staff/bind', { token: anxi, body: { reservoirId: shimen.id, duty: 3, userId: inspectorId } });
    expect(bound.status).toBe(200);
    const patrol = (await t.api(`/api/v1/reservoir/staff/list?reservoirId=${shimen.id}&duty=3`, { token: anxi })).body.data.records;
    expect(patrol).toHaveLength(1);
    expect(patrol[0].userId).toBe(inspectorId);
    const otherTenant = await t.api('/api/v1/reservoir/staff/bind', { token: xianyou, body: { id: patrol[0].id, userId: inspectorId } });
    expect([400, 404]).toContain(otherTenant.status);
    expect((await t.api('/api/v1/reservoir/staff/unbinding', { token: xianyou, body: { id: patrol[0].id } })).status).toBe(404);
  });

  it('bind and unbinding need their buttons', async () => {
    expect((await t.api('/api/v1/reservoir/staff/unbinding?id=1', { token: inspector, method: 'POST' })).status).toBe(403);
    expect((await t.api('/api/v1/reservoir/staff/bind', { token: inspector, body: { id: '1', userId: '1' } })).status).toBe(403);
  });

  it('export is an .xlsx of the filtered persons with reservoir names and duty labels', async () => {
    const all = await workbookOf('/api/v1/reservoir/staff/export', anxi);
    expect(all.status).toBe(200);
    const sheet = all.book.worksheets[0];
    expect(rowValues(sheet, 1)).toEqual(['水库名称', '水库代码', '责任人类型', '姓名', '手机号码', '职务', '工作单位', '绑定账号']);
    expect(sheet.actualRowCount).toBe(16 * 3 + 1);
    const one = (await workbookOf(`/api/v1/reservoir/staff/export?reservoirId=${shimen.id}`, anxi)).book.worksheets[0];
    expect(one.actualRowCount).toBe(4);
    expect([2, 3, 4].map((row) => rowValues(one, row).slice(0, 3))).toEqual([
      ['石门水库', '3505240001', '行政责任人'],
      ['石门水库', '3505240001', '技术责任人'],
      ['石门水库', '3505240001', '巡查责任人'],
    ]);
    expect(rowValues(one, 4)[7]).toBe('inspector');
    expect((await workbookOf('/api/v1/reservoir/staff/export', inspector)).status).toBe(403);
  });
});
