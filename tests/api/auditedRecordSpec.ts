/**
 * The shared specification of the maintenance and cleaning records: CRUD at
 * /api/v1/<kind>/record/*, a POST list with filters in the body, single and
 * batch audit (0 待审核 → 1 已通过 | 2 已驳回; a refused move changes
 * nothing, a batch is all-or-nothing), audited records frozen, and an
 * .xlsx export of the filtered rows.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testServer.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

const TENANT = '100001';

export function describeAuditedRecords(kind: 'maintain' | 'clean', extra: Record<string, unknown>): void {
  const base = `/api/v1/${kind}/record`;
  const table = `${kind}_record`;
  let t: TestServer;
  let admin: string;
  let inspector: string;
  let reservoirId: string;

  const call = (path: string, body?: unknown, token = admin): Promise<{ status: number; body: Body }> =>
    t.api(path, { token, body, method: body === undefined ? 'GET' : 'POST' });
  const stateOf = async (id: string) => (await t.db.query(`SELECT audit_status, audit_opinion, is_deleted FROM ${table} WHERE id = $1`, [id])).rows[0];

  async function newRecord(overrides: Record<string, unknown> = {}): Promise<string> {
    const saved = await call(`${base}/save`, {
      reservoirId,
      startTime: '2027-04-10 08:00:00',
      endTime: '2027-04-10 11:30:00',
      content: '坝坡除草、排水沟清淤',
      ...extra,
      ...overrides,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return saved.body.data.id;
  }

  beforeAll(async () => {
    t = await startTestServer();
    admin = await t.signIn(TENANT, 'admin');
    inspector = await t.signIn(TENANT, 'inspector');
    reservoirId = (await t.db.query(`SELECT id::text AS id FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY code LIMIT 1`, [TENANT])).rows[0]
      .id;
  });
  afterAll(() => t?.close());

  describe(`${kind} records`, () => {
    it('save, detail/{id}, update and a POST list filtered by the body', async () => {
      const id = await newRecord({ content: '启闭机加油保养', auditStatus: 1 });
      const detail = await call(`${base}/detail/${id}`);
      expect(detail.body.data).toMatchObject({ id, reservoirId, content: '启闭机加油保养', auditStatus: 0 });
      expect((await call(`${base}/update`, { id, remark: '已复查' })).body.data.remark).toBe('已复查');
      const page = await call(`${base}/list`, { content: '启闭机', reservoirId, size: 50 });
      expect(page.body.data.records.map((r: Body) => r.id)).toContain(id);
      expect(page.body.data.records.every((r: Body) => r.content.includes('启闭机'))).toBe(true);
    });

    it('refuses a record without its required fields and stores nothing', async () => {
      const before = (await t.db.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
      const refused = await call(`${base}/save`, { reservoirId });
      expect(refused.status).toBe(400);
      expect(refused.body.data.errors.map((e: Body) => e.field).sort()).toEqual(['content', 'startTime']);
      expect((await t.db.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n).toBe(before);
    });

    it('audits singly; a second audit, or one by a role without the audit button, changes nothing', async () => {
      const id = await newRecord();
      expect((await call(`${base}/auditRecord`, { id, auditStatus: 1 }, inspector)).status).toBe(403);
      expect((await stateOf(id)).audit_status).toBe(0);
      expect((await call(`${base}/auditRecord`, { id, auditStatus: 2, auditOpinion: '未附照片' })).status).toBe(200);
      expect(await stateOf(id)).toMatchObject({ audit_status: 2, audit_opinion: '未附照片' });
      expect((await call(`${base}/auditRecord`, { id, auditStatus: 1 })).status).toBe(400);
      expect((await stateOf(id)).audit_status).toBe(2);
    });

    it('a batch audit moves every record or none; audited records are frozen', async () => {
      const ready = [await newRecord(), await newRecord()];
      const done = await newRecord();
      await call(`${base}/auditRecord`, { id: done, auditStatus: 1 });
      const mixed = await call(`${base}/auditRecordBatch?ids=${[...ready, done].join(',')}`, { auditStatus: 1 });
      expect(mixed.status).toBe(400);
      for (const id of ready) expect((await stateOf(id)).audit_status).toBe(0);
      expect((await call(`${base}/auditRecordBatch?ids=${ready.join(',')}`, { auditStatus: 1, auditOpinion: '合格' })).status).toBe(200);
      for (const id of ready) expect(await stateOf(id)).toMatchObject({ audit_status: 1, audit_opinion: '合格' });
      expect((await call(`${base}/update`, { id: done, content: '改' })).status).toBe(400);
      expect((await call(`${base}/remove?ids=${done}`, {})).status).toBe(400);
      expect((await stateOf(done)).is_deleted).toBe(0);
    });

    it('exports the filtered records as an .xlsx that opens and holds exactly those rows', async () => {
      const id = await newRecord({ startTime: '2027-03-02 08:00:00', endTime: '2027-03-02 10:00:00', content: '导出专用记录' });
      await newRecord({ startTime: '2027-03-02 13:00:00', endTime: '2027-03-02 15:00:00', content: '其他记录' });
      const response = await fetch(`${t.url}${base}/export`, {
        method: 'POST',
        headers: { 'Blade-Auth': `bearer ${admin}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ content: '导出专用' }),
      });
      expect(response.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
      const sheet = workbook.worksheets[0];
      expect(sheet.rowCount).toBe(2);
      expect((sheet.getRow(2).values as unknown[]).slice(1)).toContain('导出专用记录');
      expect(id).toBeTruthy();
    });
  });
}
