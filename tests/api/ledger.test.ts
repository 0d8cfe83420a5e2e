/**
 * The ledger (business-domain §7 "Ledger and sign-in"): a view over the
 * records per reservoir and month with a remark, at
 * /api/v1/{inspect|maintain}/ledger/list, remark and export (.xlsx); and the
 * demo records it summarises (three months of inspections, maintenance and
 * cleaning with audits; seeding again changes nothing).
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../src/server/seed/seedDatabase.js';
import { startTestServer, type TestServer } from './testServer.js';

const TENANT = '100001';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

let t: TestServer;
let admin: string;
let inspector: string;

const call = (path: string, body?: unknown, token = admin): Promise<{ status: number; body: Body }> =>
  t.api(path, { token, body, method: body === undefined ? 'GET' : 'POST' });
const count = async (sql: string) => (await t.db.query(sql, [TENANT])).rows[0].n as number;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn(TENANT, 'admin');
  inspector = await t.signIn(TENANT, 'inspector');
});
afterAll(() => t?.close());

describe('the demo records', () => {
  it('cover the last three months, with item results, trails, sign-ins and audits in every state', async () => {
    const span = (
      await t.db.query(
        `SELECT CURRENT_DATE - min(start_time)::date AS oldest, CURRENT_DATE - max(start_time)::date AS newest FROM inspect_record WHERE tenant_id = $1`,
        [TENANT],
      )
    ).rows[0];
    expect(span.oldest).toBeGreaterThanOrEqual(85);
    expect(span.newest).toBeLessThanOrEqual(3);
    const states = (await t.db.query(`SELECT audit_status, count(*)::int AS n FROM inspect_record WHERE tenant_id = $1 GROUP BY 1 ORDER BY 1`, [TENANT])).rows;
    expect(states.map((s) => s.audit_status)).toEqual([0, 1, 2]);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM inspect_record r WHERE tenant_id = $1 AND NOT EXISTS (SELECT 1 FROM inspect_record_item i WHERE i.record_id = r.id)`,
      ),
    ).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM inspect_record WHERE tenant_id = $1 AND problem_count > 0`)).toBeGreaterThan(0);
    // Every record has its walk (a 四巡 round from the demo walk generator, many points: tests/api/workTrails.test.ts).
    expect(
      await count(
        `SELECT count(*)::int AS n FROM inspect_record r WHERE tenant_id = $1 AND (SELECT count(*) FROM inspect_trail t WHERE t.record_id = r.id) <= 20`,
      ),
    ).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM maintain_record WHERE tenant_id = $1 AND audit_status = 1`)).toBeGreaterThan(0);
    expect(await count(`SELECT count(*)::int AS n FROM clean_record WHERE tenant_id = $1`)).toBeGreaterThan(0);
    expect(await count(`SELECT count(*)::int AS n FROM inspect_sign WHERE tenant_id = $1 AND type = 2`)).toBe(
      await count(`SELECT count(*)::int AS n FROM maintain_record WHERE tenant_id = $1`),
    );
  });

  it('seeding again changes nothing', async () => {
    const snapshot = async () =>
      (
        await t.db.query(`SELECT (SELECT count(*) FROM inspect_record) r, (SELECT count(*) FROM inspect_record_item) i, (SELECT count(*) FROM inspect_trail) tr,
        (SELECT count(*) FROM inspect_sign) s, (SELECT count(*) FROM maintain_record) m, (SELECT count(*) FROM clean_record) c, (SELECT count(*) FROM inspect_ledger_remark) l,
        (SELECT count(*) FROM blade_dict WHERE code = 'inspect_result') d`)
      ).rows[0];
    const before = await snapshot();
    await seedDatabase(t.db, { demo: true });
    expect(await snapshot()).toEqual(before);
  });
});

describe('the ledger', () => {
  it('lists one row per reservoir and month, counting the records the caller may see', async () => {
    const page = await call('/api/v1/inspect/ledger/list', { size: 500 });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const rows = page.body.data.records;
    const expected = (await t.db.query(`SELECT count(*)::int AS n FROM inspect_record WHERE tenant_id = $1 AND is_deleted = 0`, [TENANT])).rows[0].n;
    expect(rows.reduce((sum: number, row: Body) => sum + row.recordCount, 0)).toBe(expected);
    const keys = rows.map((row: Body) => `${row.reservoirId}:${row.period}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const row of rows) expect(row.pendingCount + row.passedCount + row.rejectedCount).toBe(row.recordCount);
    expect(rows.some((row: Body) => row.remark === '本月巡查发现的问题均已整改销号')).toBe(true);
  });

  it('type 1 is the inspection ledger, the other is maintenance', async () => {
    const maintain = await call('/api/v1/maintain/ledger/list', { size: 500 });
    const expected = (await t.db.query(`SELECT count(*)::int AS n FROM maintain_record WHERE tenant_id = $1 AND is_deleted = 0`, [TENANT])).rows[0].n;
    expect(maintain.body.data.records.reduce((sum: number, row: Body) => sum + row.recordCount, 0)).toBe(expected);
  });

  it('filters by reservoir and month, sets a remark on a row, and refuses a bad month or a role without the button', async () => {
    const first = (await call('/api/v1/inspect/ledger/list', { size: 1 })).body.data.records[0];
    const filtered = await call('/api/v1/inspect/ledger/list', { reservoirId: first.reservoirId, period: first.period });
    expect(filtered.body.data.records).toHaveLength(1);
    const set = await call('/api/v1/inspect/ledger/remark', { reservoirId: first.reservoirId, period: first.period, remark: '白蚁防治已完成' });
    expect(set.status).toBe(200);
    expect((await call('/api/v1/inspect/ledger/list', { reservoirId: first.reservoirId, period: first.period })).body.data.records[0].remark).toBe(
      '白蚁防治已完成',
    );
    const bad = await call('/api/v1/inspect/ledger/remark', { reservoirId: first.reservoirId, period: '2027-13', remark: 'x' });
    expect(bad.status).toBe(400);
    expect((await call('/api/v1/inspect/ledger/remark', { reservoirId: first.reservoirId, period: first.period, remark: '改' }, inspector)).status).toBe(403);
    expect((await call('/api/v1/inspect/ledger/list', { period: '2027/01' })).status).toBe(400);
  });

  it('exports the filtered ledger as an .xlsx that opens and holds those rows', async () => {
    const first = (await call('/api/v1/inspect/ledger/list', { size: 1 })).body.data.records[0];
    const response = await fetch(`${t.url}/api/v1/inspect/ledger/export`, {
      method: 'POST',
      headers: { 'Blade-Auth': `bearer ${admin}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ period: first.period }),
    });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0];
    const expected = (await call('/api/v1/inspect/ledger/list', { period: first.period, size: 500 })).body.data.total;
    expect(sheet.rowCount).toBe(expected + 1);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['水库', '月份', '记录数', '发现问题', '待审核', '已通过', '已驳回', '备注']);
    expect((sheet.getRow(2).values as unknown[])[2]).toBe(first.period);
  });
});
