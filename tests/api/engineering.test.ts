/**
 * Engineering registers at /api/v1/system/engineering: 除险加固 (reinforce),
 * 降等报废 (downgrade), 注册登记 (register) and 安全鉴定 (safety, listed by
 * page). The seeded records are there; references are checked against the
 * tenant; the latest appraisal and an accepted reinforcement update the
 * reservoir archive.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testServer.js';

let t: TestServer;
let anxi: string;
let xianyou: string;
let byName: Map<string, string>;

beforeAll(async () => {
  t = await startTestServer();
  anxi = await t.signIn('100001', 'admin');
  xianyou = await t.signIn('316979', 'admin');
  const all = (await t.api('/api/v1/reservoir/listAll', { token: anxi })).body.data as { id: string; name: string }[];
  byName = new Map(all.map((r) => [r.name, r.id]));
});
afterAll(() => t?.close());

const reservoir = async (id: string) => (await t.api(`/api/v1/reservoir/detail?id=${id}`, { token: anxi })).body.data;

describe('the four registers at the spec paths', () => {
  it('list reinforce, downgrade and register; page safety — the seeded records of the tenant only', async () => {
    const register = (await t.api('/api/v1/system/engineering/register/list?size=100', { token: anxi })).body.data;
    expect(register.total).toBe(16);
    expect(register.records[0]).toMatchObject({ registerNo: expect.stringMatching(/^DJ350524\d{4}$/), registerType: 1, registerDate: '2019-06-18' });
    const safety = (await t.api('/api/v1/system/engineering/safety/page?current=1&size=10', { token: anxi })).body.data;
    expect(safety.total).toBe(16);
    const dates = safety.records.map((r: { appraisalDate: string }) => r.appraisalDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const reinforce = (await t.api('/api/v1/system/engineering/reinforce/list?progress=5&size=100', { token: anxi })).body.data;
    expect(reinforce.total).toBe(13);
    expect(reinforce.records.every((r: { acceptDate: string }) => /^\d{4}-06-28$/.test(r.acceptDate))).toBe(true);
    expect((await t.api('/api/v1/system/engineering/reinforce/list?progress=3', { token: anxi })).body.data.total).toBe(2);
    expect((await t.api('/api/v1/system/engineering/downgrade/list', { token: anxi })).status).toBe(200);
    const theirs = (await t.api('/api/v1/system/engineering/register/list?size=100', { token: xianyou })).body.data;
    expect(theirs.total).toBe(14);
    expect(theirs.records.some((r: { registerNo: string }) => r.registerNo.startsWith('DJ350524'))).toBe(false);
  });

  it('safety appraisals filter by date range', async () => {
    const recent = (await t.api('/api/v1/system/engineering/safety/page?appraisalDate_dategt=2021-01-01&size=100', { token: anxi })).body.data.records;
    expect(recent.every((r: { appraisalDate: string }) => r.appraisalDate > '2021-01-01')).toBe(true);
  });
});

describe('what engineering records tell the archive', () => {
  it("a newer appraisal sets the reservoir's safety class and appraisal date; an older one does not", async () => {
    const id = byName.get('东溪水库')!;
    const before = await reservoir(id);
    expect(before.safetyClass).toBe(1);
    const newer = await t.api('/api/v1/system/engineering/safety/save', {
      token: anxi,
      body: { reservoirId: id, appraisalDate: '2025-03-20', conclusion: 3, appraisalUnit: '安溪县水利水电勘测设计院', mainProblems: '坝基渗漏' },
    });
    expect(newer.status, JSON.stringify(newer.body)).toBe(200);
    expect(await reservoir(id)).toMatchObject({ safetyClass: 3, appraisalDate: '2025-03-20' });
    await t.api('/api/v1/system/engineering/safety/save', { token: anxi, body: { reservoirId: id, appraisalDate: '2001-05-01', conclusion: 1 } });
    expect(await reservoir(id)).toMatchObject({ safetyClass: 3, appraisalDate: '2025-03-20' });
    await t.api('/api/v1/system/engineering/safety/update', { token: anxi, body: { id: newer.body.data.id, conclusion: 2 } });
    expect((await reservoir(id)).safetyClass).toBe(2);
  });

  it("an accepted reinforcement sets the reservoir's reinforcement year", async () => {
    const id = byName.get('坑仔水库')!;
    expect((await reservoir(id)).reinforceYear).toBeNull();
    const inWork = await t.api('/api/v1/system/engineering/reinforce/save', {
      token: anxi,
      body: { reservoirId: id, projectName: '坑仔水库除险加固工程', progress: 3, investment: 310.5 },
    });
    expect(inWork.status).toBe(200);
    expect((await reservoir(id)).reinforceYear).toBeNull();
    await t.api('/api/v1/system/engineering/reinforce/update', { token: anxi, body: { id: inWork.body.data.id, progress: 5, acceptDate: '2024-12-20' } });
    expect((await reservoir(id)).reinforceYear).toBe(2024);
  });
});

describe('rules', () => {
  it('every record must name a reservoir of the tenant', async () => {
    const foreign = (await t.api('/api/v1/reservoir/listAll', { token: xianyou })).body.data[0].id;
    for (const [path, body] of [
      ['reinforce', { projectName: 'x' }],
      ['downgrade', { handleType: 2 }],
      ['register', { registerNo: 'DJX', registerDate: '2020-01-01' }],
      ['safety', { appraisalDate: '2020-01-01', conclusion: 1 }],
    ] as const) {
      const response = await t.api(`/api/v1/system/engineering/${path}/save`, { token: anxi, body: { ...body, reservoirId: foreign } });
      expect(response.status, path).toBe(400);
      expect(response.body.msg).toBe('所选水库不存在或已被删除');
    }
  });

  it('a register number is registered once per kind; a downgrade names its measure', async () => {
    const id = byName.get('石门水库')!;
    const again = await t.api('/api/v1/system/engineering/register/save', {
      token: anxi,
      body: { reservoirId: id, registerNo: 'DJ3505240001', registerDate: '2024-06-18' },
    });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('该注册登记号已有同类登记');
    const change = await t.api('/api/v1/system/engineering/register/save', {
      token: anxi,
      body: { reservoirId: id, registerNo: 'DJ3505240001', registerType: 2, registerDate: '2024-06-18', changeContent: '管理单位变更' },
    });
    expect(change.status).toBe(200);
    const missing = await t.api('/api/v1/system/engineering/downgrade/save', { token: anxi, body: { reservoirId: byName.get('福田水库') } });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('请选择处置方式');
    const saved = await t.api('/api/v1/system/engineering/downgrade/save', {
      token: anxi,
      body: { reservoirId: byName.get('福田水库'), handleType: 2, originalScale: 2, reason: '三类坝，已无灌溉功能', approvalNo: '安水〔2025〕12号' },
    });
    expect(saved.body.data).toMatchObject({ handleType: 2, progress: 1 });
  });

  it('export answers the filtered appraisals as .xlsx with dictionary labels', async () => {
    const response = await fetch(`${t.url}/api/v1/system/engineering/safety/export?conclusion=3`, { headers: { 'Blade-Auth': `bearer ${anxi}` } });
    expect(response.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as string[]).slice(1);
    expect(header.slice(0, 3)).toEqual(['水库', '鉴定日期', '鉴定结论']);
    const expected = (await t.api('/api/v1/system/engineering/safety/page?conclusion=3', { token: anxi })).body.data.total;
    expect(sheet.actualRowCount).toBe(expected + 1);
    for (let row = 2; row <= sheet.actualRowCount; row++) expect(sheet.getRow(row).getCell(3).value).toBe('三类坝');
  });
});
