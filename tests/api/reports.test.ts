/**
 * Reports (/api/blade-report/report/rest/*): every spreadsheet the engine
 * exports is recorded (file name, register, rows, bytes, who, when), listed
 * per tenant and removable; the export is also in the API log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEntityModel } from '../../src/server/engine/entityModel.js';
import type { EntitySchema } from '../../src/shared/entitySchema.js';
import { eventually } from './logSupport.js';
import { startTestServer, type TestServer } from './testServer.js';
import { rawFetch } from './uploadSupport.js';

const TENANT = '100001';

const gaugeSchema: EntitySchema = {
  $id: 'test/reportGauge',
  title: '报表水尺',
  'x-title-en': 'Report gauge',
  type: 'object',
  'x-table': 'test_report_gauge',
  'x-menu': 'param',
  'x-api': {
    list: 'GET /api/v1/test/report-gauge/list',
    save: 'POST /api/v1/test/report-gauge/save',
    export: 'GET /api/v1/test/report-gauge/export',
  },
  // Buttons the demo administrator holds.
  'x-permissions': { add: 'param_add', export: 'inspect_record_export' },
  required: ['name'],
  properties: { name: { type: 'string', maxLength: 32, title: '名称', 'x-en': 'Name', 'x-list': true, 'x-search': 'like' } },
};

let t: TestServer;
let admin: string;
let otherAdmin: string;
let inspector: string;
beforeAll(async () => {
  t = await startTestServer({}, { extraModels: [buildEntityModel(gaugeSchema)] });
  admin = await t.signIn(TENANT, 'admin');
  otherAdmin = await t.signIn('316979', 'admin');
  inspector = await t.signIn(TENANT, 'inspector');
  for (const name of ['一号', '二号', '三号']) await t.api('/api/v1/test/report-gauge/save', { token: admin, body: { name } });
});
afterAll(() => t?.close());

const exportGauges = (token: string, query = '') =>
  rawFetch(`${t.url}/api/v1/test/report-gauge/export${query}`, { headers: { 'Blade-Auth': `bearer ${token}` } });
const listReports = (token: string, query = '') => t.api(`/api/blade-report/report/rest/list${query}`, { token });

describe('an export', () => {
  it('is recorded as a report: file name, register, rows, bytes, who', async () => {
    const file = await exportGauges(admin, '?name=号');
    expect(file.status).toBe(200);
    const reports = await listReports(admin);
    expect(reports.status).toBe(200);
    expect(reports.body.data.records).toHaveLength(1);
    expect(reports.body.data.records[0]).toMatchObject({
      name: '报表水尺.xlsx',
      register: 'test/reportGauge',
      registerTitle: '报表水尺',
      rowCount: 3,
      fileSize: file.bytes.length,
      createBy: 'admin',
      tenantId: TENANT,
    });
    expect(reports.body.data.records[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('counts the rows of the filtered export', async () => {
    await exportGauges(admin, `?name=${encodeURIComponent('一')}`);
    const reports = await listReports(admin, '?size=10');
    expect(reports.body.data.records.map((r: { rowCount: number }) => r.rowCount)).toEqual([1, 3]);
  });

  it('appears in the API log as a file answer', async () => {
    const rows = await eventually(() =>
      t.db
        .query(`SELECT * FROM blade_log_api WHERE request_uri LIKE '/api/v1/test/report-gauge/export%' ORDER BY id`)
        .then((r) => r.rows.length >= 2 && r.rows),
    );
    expect(rows[0]).toMatchObject({ method: 'GET', title: '报表水尺 导出', http_status: 200, create_by: 'admin', tenant_id: TENANT });
  });
});

describe('the report register', () => {
  it('is per tenant and searchable by register', async () => {
    expect((await listReports(otherAdmin)).body.data.total).toBe(0);
    expect((await listReports(admin, `?registerTitle=${encodeURIComponent('水尺')}`)).body.data.total).toBe(2);
    expect((await listReports(admin, '?registerTitle=nothing')).body.data.total).toBe(0);
  });

  it('needs the report menu to read and the delete button to remove', async () => {
    expect((await listReports(inspector)).status).toBe(403);
    const [first] = (await listReports(admin)).body.data.records;
    expect((await t.api(`/api/blade-report/report/rest/remove?ids=${first.id}`, { method: 'POST', token: inspector })).status).toBe(403);
    expect((await t.api(`/api/blade-report/report/rest/remove?ids=${first.id}`, { method: 'POST', token: otherAdmin })).status).toBe(404);
    const removed = await t.api(`/api/blade-report/report/rest/remove?ids=${first.id}`, { method: 'POST', token: admin });
    expect(removed.status).toBe(200);
    expect((await listReports(admin)).body.data.records.map((r: { id: string }) => r.id)).not.toContain(first.id);
  });

  it('has no way to write a report by hand', async () => {
    expect((await t.api('/api/blade-report/report/rest/submit', { token: admin, body: { name: 'fake.xlsx' } })).status).toBe(404);
  });
});
