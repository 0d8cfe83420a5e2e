/**
 * Sign-in records (business-domain §7 "Ledger and sign-in"): GET
 * /api/v1/sign/record/list/search (type 1 inspection, else maintenance),
 * POST /api/v1/inspect/sign/save, update, remove?ids, GET
 * /api/v1/inspect/sign/detail (id), GET /api/v1/sign/record/export-sign.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testServer.js';

const TENANT = '100001';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

let t: TestServer;
let admin: string;
let reservoirId: string;

const call = (path: string, body?: unknown, token = admin): Promise<{ status: number; body: Body }> =>
  t.api(path, { token, body, method: body === undefined ? 'GET' : 'POST' });

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn(TENANT, 'admin');
  reservoirId = (await t.db.query(`SELECT id::text AS id FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY code LIMIT 1`, [TENANT])).rows[0]
    .id;
});
afterAll(() => t?.close());

describe('sign-in records', () => {
  it('saves a sign-in by the caller, answers its detail, updates and removes it', async () => {
    const saved = await call('/api/v1/inspect/sign/save', {
      type: 1,
      reservoirId,
      signTime: '2027-05-20 08:05:00',
      lng: 118.18,
      lat: 25.05,
      address: '坝顶管理房',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const id = saved.body.data.id;
    const adminId = (await t.db.query(`SELECT id::text AS id FROM blade_user WHERE tenant_id = $1 AND account = 'admin'`, [TENANT])).rows[0].id;
    expect(saved.body.data.userId).toBe(adminId);
    expect((await call(`/api/v1/inspect/sign/detail?id=${id}`)).body.data).toMatchObject({ id, address: '坝顶管理房', type: 1 });
    expect((await call('/api/v1/inspect/sign/update', { id, remark: '补签' })).body.data.remark).toBe('补签');
    expect((await call(`/api/v1/inspect/sign/remove?ids=${id}`, {})).status).toBe(200);
    expect((await call(`/api/v1/inspect/sign/detail?id=${id}`)).status).toBe(404);
  });

  it('searches by type: 1 inspection sign-ins, 2 maintenance sign-ins', async () => {
    const inspect = await call('/api/v1/sign/record/list/search?type=1&size=20');
    const maintain = await call('/api/v1/sign/record/list/search?type=2&size=20');
    expect(inspect.body.data.total).toBeGreaterThan(0);
    expect(maintain.body.data.total).toBeGreaterThan(0);
    expect(inspect.body.data.records.every((r: Body) => r.type === 1)).toBe(true);
    expect(maintain.body.data.records.every((r: Body) => r.type === 2)).toBe(true);
  });

  it('refuses a sign-in without reservoir or time, and exports the filtered list as .xlsx', async () => {
    const refused = await call('/api/v1/inspect/sign/save', { type: 1 });
    expect(refused.status).toBe(400);
    const response = await fetch(`${t.url}/api/v1/sign/record/export-sign?type=2&reservoirId=${reservoirId}`, { headers: { 'Blade-Auth': `bearer ${admin}` } });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    const expected = (
      await t.db.query(`SELECT count(*)::int AS n FROM inspect_sign WHERE tenant_id = $1 AND type = 2 AND reservoir_id = $2 AND is_deleted = 0`, [
        TENANT,
        reservoirId,
      ])
    ).rows[0].n;
    expect(expected).toBeGreaterThan(0);
    expect(workbook.worksheets[0].rowCount).toBe(expected + 1);
  });
});
