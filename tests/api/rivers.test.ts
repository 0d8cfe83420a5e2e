/**
 * The rivers register (河流管理, /river/river/index): the managers list, add, edit and remove the tenant's rivers;
 * an edit from the page (which has no centre-line field) keeps the stored line; a bad line is refused and changes
 * nothing; river chiefs still read the rivers for their patrol form (listAll, detail) but cannot manage them; another
 * tenant sees none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testServer.js';

let t: TestServer;
let farmAdmin: string;
let chief: string;
let otherTenant: string;
let reservoirId: string;

const base = '/api/v2/river/river';
const line = [
  [118.1, 25.05],
  [118.11, 25.06],
  [118.12, 25.07],
];

beforeAll(async () => {
  t = await startTestServer();
  farmAdmin = await t.signIn('100001', 'farm_admin');
  chief = await t.signIn('100001', 'river_chief');
  otherTenant = await t.signIn('316979', 'admin');
  const rivers = await t.api(`${base}/listAll`, { token: farmAdmin });
  expect(rivers.status, JSON.stringify(rivers.body)).toBe(200);
  reservoirId = rivers.body.data[0].reservoirId;
});

afterAll(() => t?.close());

async function create(token: string, name: string): Promise<string> {
  const saved = await t.api(`${base}/save`, { token, body: { name, level: 4, reservoirId, length: 3.2, centreLine: line } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.data.id;
}

describe('the rivers register', () => {
  it('lists the tenant’s rivers, paged, for the managers', async () => {
    const page = await t.api(`${base}/list?current=1&size=50`, { token: farmAdmin });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const seeded = await t.db.query(`SELECT name FROM river_river WHERE tenant_id = '100001' AND is_deleted = 0 ORDER BY name`);
    expect(page.body.data.total).toBe(seeded.rowCount);
    expect(page.body.data.records.map((r: { name: string }) => r.name).sort()).toEqual(seeded.rows.map((r) => r.name).sort());
  });

  it('adds a river with its centre line, and an edit without the line keeps it', async () => {
    const id = await create(farmAdmin, '测试溪');
    const updated = await t.api(`${base}/update`, { token: farmAdmin, body: { id, name: '测试溪(上游)', level: 5, reservoirId } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const detail = await t.api(`${base}/detail?id=${id}`, { token: farmAdmin });
    expect(detail.body.data).toMatchObject({ name: '测试溪(上游)', level: 5, centreLine: line });
  });

  it('refuses a centre line of one point, naming the field, and stores nothing', async () => {
    const before = (await t.db.query(`SELECT count(*)::int AS n FROM river_river WHERE tenant_id = '100001'`)).rows[0].n;
    const refused = await t.api(`${base}/save`, { token: farmAdmin, body: { name: '单点溪', level: 5, reservoirId, centreLine: [[118.1, 25.05]] } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('centreLine');
    expect((await t.db.query(`SELECT count(*)::int AS n FROM river_river WHERE tenant_id = '100001'`)).rows[0].n).toBe(before);
  });

  it('refuses a river without its reservoir with the field’s message', async () => {
    const refused = await t.api(`${base}/save`, { token: farmAdmin, body: { name: '无库溪', level: 5 } });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain('请选择关联水库');
  });

  it('removes a river', async () => {
    const id = await create(farmAdmin, '待删溪');
    const removed = await t.api(`${base}/remove?ids=${id}`, { token: farmAdmin, method: 'POST' });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await t.api(`${base}/detail?id=${id}`, { token: farmAdmin })).status).toBe(404);
  });

  it('lets a river chief read the rivers for the patrol form, but not manage them', async () => {
    const id = await create(farmAdmin, '河长可见溪');
    expect((await t.api(`${base}/listAll`, { token: chief })).body.data.map((r: { id: string }) => r.id)).toContain(id);
    expect((await t.api(`${base}/detail?id=${id}`, { token: chief })).status).toBe(200);
    expect((await t.api(`${base}/list`, { token: chief })).status).toBe(403);
    const refused = await t.api(`${base}/update`, { token: chief, body: { id, name: '改名溪', level: 5, reservoirId } });
    expect(refused.status).toBe(403);
    expect((await t.api(`${base}/detail?id=${id}`, { token: farmAdmin })).body.data.name).toBe('河长可见溪');
  });

  it('keeps another tenant’s rivers out of sight', async () => {
    const id = await create(farmAdmin, '他县不可见溪');
    expect((await t.api(`${base}/detail?id=${id}`, { token: otherTenant })).status).toBe(404);
    const list = await t.api(`${base}/list?current=1&size=200`, { token: otherTenant });
    expect(list.body.data.records.map((r: { id: string }) => r.id)).not.toContain(id);
  });
});
