/**
 * Inspection records (business-domain §3, §4, §7): v1 and v2 POST lists and
 * detail/{id}, save/update with item results and trail, remove, export
 * (.xlsx), trail/list/{recordId}, auditRecord and auditRecordBatch (declared
 * lifecycle 0 待审核 → 1 已通过 | 2 已驳回), getRecordCountVO and
 * getRiskRecord. A refused record or move changes nothing; a batch audit is
 * all-or-nothing.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testServer.js';

const TENANT = '100001';
const PENDING = 0;
const PASSED = 1;
const REJECTED = 2;
const RECORD = '/api/v1/inspect/record';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

let t: TestServer;
let admin: string;
let inspector: string;
let planId: string;
let draftPlanId: string;
let planReservoirs: string[];
let otherReservoir: string;

async function call(path: string, body?: unknown, token = admin): Promise<{ status: number; body: Body }> {
  return t.api(path, { token, body, method: body === undefined ? 'GET' : 'POST' });
}

function recordBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    planId,
    reservoirId: planReservoirs[0],
    inspectType: 1,
    startTime: '2027-06-03 08:30:00',
    endTime: '2027-06-03 09:45:00',
    itemResults: [
      { itemName: '坝顶有无裂缝、塌陷', damPart: '1', result: 1 },
      {
        itemName: '下游坝坡有无渗水、散浸',
        damPart: '1',
        result: 2,
        description: '下游坝脚左侧散浸约2㎡',
        photos: ['/api/blade-resource/oss/endpoint/file/a.jpg'],
      },
    ],
    trail: [
      { lng: 118.18, lat: 25.05, time: '2027-06-03 08:30:00' },
      { lng: 118.181, lat: 25.051, time: '2027-06-03 08:40:00' },
      { lng: 118.182, lat: 25.052, time: '2027-06-03 08:50:00' },
    ],
    riskLevel: 1,
    riskDescription: '下游坝脚散浸，需持续观察',
    ...overrides,
  };
}

async function newRecord(overrides: Record<string, unknown> = {}): Promise<string> {
  const saved = await call(`${RECORD}/save`, recordBody(overrides));
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.data.id;
}

async function stored(id: string): Promise<{ audit_status: number; audit_opinion: string | null; version: number; is_deleted: number }> {
  return (await t.db.query('SELECT audit_status, audit_opinion, version, is_deleted FROM inspect_record WHERE id = $1', [id])).rows[0];
}

const recordCount = async () => (await t.db.query(`SELECT count(*)::int AS n FROM inspect_record WHERE tenant_id = $1 AND is_deleted = 0`, [TENANT])).rows[0].n;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn(TENANT, 'admin');
  inspector = await t.signIn(TENANT, 'inspector');
  const plans = await t.db.query(`SELECT id::text AS id, plan_status, reservoir_ids FROM inspect_plan WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY id`, [
    TENANT,
  ]);
  const published = plans.rows.find((p) => p.plan_status === 2);
  planId = published.id;
  planReservoirs = published.reservoir_ids;
  draftPlanId = plans.rows.find((p) => p.plan_status === 1).id;
  const all = await t.db.query(`SELECT id::text AS id FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0`, [TENANT]);
  otherReservoir = all.rows.map((r) => r.id).find((id: string) => !planReservoirs.includes(id));
});
afterAll(() => t?.close());

describe('recording an inspection', () => {
  it('saves the record with its item results and trail; problems are counted by the server', async () => {
    const saved = await call(`${RECORD}/save`, recordBody({ problemCount: 99, auditStatus: PASSED }), inspector);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const record = saved.body.data;
    expect(record).toMatchObject({ planId, reservoirId: planReservoirs[0], problemCount: 1, auditStatus: PENDING });
    expect(record.inspectorId).toBe(
      (await t.db.query(`SELECT id::text AS id FROM blade_user WHERE tenant_id = $1 AND account = 'inspector'`, [TENANT])).rows[0].id,
    );
    for (const version of ['v1', 'v2']) {
      const detail = await call(`/api/${version}/inspect/record/detail/${record.id}`);
      expect(detail.status).toBe(200);
      expect(detail.body.data.itemResults.map((item: Body) => [item.itemName, item.result])).toEqual([
        ['坝顶有无裂缝、塌陷', 1],
        ['下游坝坡有无渗水、散浸', 2],
      ]);
      expect(detail.body.data.itemResults[1].photos).toEqual(['/api/blade-resource/oss/endpoint/file/a.jpg']);
    }
    const trail = await call(`/api/v1/inspect/trail/list/${record.id}`);
    expect(trail.status).toBe(200);
    expect(trail.body.data.map((p: Body) => [p.seq, p.lng, p.lat])).toEqual([
      [1, 118.18, 25.05],
      [2, 118.181, 25.051],
      [3, 118.182, 25.052],
    ]);
  });

  it('refuses a record under an unpublished plan, at a reservoir outside the plan, or with a broken item result — and stores nothing', async () => {
    const before = await recordCount();
    const draft = await call(`${RECORD}/save`, recordBody({ planId: draftPlanId }));
    expect(draft.status).toBe(400);
    expect(draft.body.data.errors).toEqual([{ field: 'planId', message: '只能按已发布的巡查计划记录巡查' }]);
    const outside = await call(`${RECORD}/save`, recordBody({ reservoirId: otherReservoir }));
    expect(outside.status).toBe(400);
    expect(outside.body.data.errors[0].field).toBe('reservoirId');
    const broken = await call(`${RECORD}/save`, recordBody({ itemResults: [{ itemName: '坝顶', result: 3 }] }));
    expect(broken.status).toBe(400);
    expect(broken.body.data.errors[0].field).toBe('itemResults');
    const badTrail = await call(`${RECORD}/save`, recordBody({ trail: [{ lng: 500, lat: 25 }] }));
    expect(badTrail.status).toBe(400);
    expect(await recordCount()).toBe(before);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM inspect_record_item WHERE record_id IS NULL`)).rows[0].n).toBe(0);
  });

  it('update replaces the item results when they are sent and keeps them otherwise', async () => {
    const id = await newRecord();
    const kept = await call(`${RECORD}/update`, { id, remark: '复核' });
    expect(kept.body.data.itemResults).toHaveLength(2);
    const replaced = await call(`${RECORD}/update`, { id, itemResults: [{ itemName: '溢洪道是否畅通', result: 1 }] });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({ problemCount: 0, remark: '复核' });
    expect(replaced.body.data.itemResults.map((i: Body) => i.itemName)).toEqual(['溢洪道是否畅通']);
  });

  it('lists in v1 and v2 with filters from the POST body', async () => {
    const id = await newRecord({ reservoirId: planReservoirs[1] ?? planReservoirs[0], startTime: '2027-07-09 09:00:00', endTime: '2027-07-09 10:00:00' });
    for (const version of ['v1', 'v2']) {
      const page = await call(`/api/${version}/inspect/record/list`, {
        planId,
        startTime_dategt: '2027-07-09 00:00:00',
        startTime_datelt: '2027-07-10 00:00:00',
        current: 1,
        size: 10,
      });
      expect(page.status).toBe(200);
      expect(page.body.data.records.map((r: Body) => r.id)).toEqual([id]);
    }
  });
});

describe('auditing a record', () => {
  it('passes a pending record with an opinion; a second audit is refused and changes nothing', async () => {
    const id = await newRecord();
    const passed = await call(`${RECORD}/auditRecord`, { id, auditStatus: PASSED, auditOpinion: '情况属实' });
    expect(passed.status, JSON.stringify(passed.body)).toBe(200);
    expect(await stored(id)).toMatchObject({ audit_status: PASSED, audit_opinion: '情况属实' });
    const before = await stored(id);
    const again = await call(`${RECORD}/auditRecord`, { id, auditStatus: REJECTED, auditOpinion: '改判' });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('当前状态不允许审核（1 条）');
    expect(await stored(id)).toEqual(before);
  });

  it('refuses an audit by a role without the audit button, and a target that is not passed or rejected', async () => {
    const id = await newRecord();
    expect((await call(`${RECORD}/auditRecord`, { id, auditStatus: PASSED }, inspector)).status).toBe(403);
    const back = await call(`${RECORD}/auditRecord`, { id, auditStatus: PENDING });
    expect(back.status).toBe(400);
    expect((await stored(id)).audit_status).toBe(PENDING);
  });

  it('a batch audit moves every record or none', async () => {
    const ready = [await newRecord(), await newRecord()];
    const done = await newRecord();
    await call(`${RECORD}/auditRecord`, { id: done, auditStatus: PASSED });
    const mixed = await call(`${RECORD}/auditRecordBatch?ids=${[...ready, done].join(',')}`, { auditStatus: REJECTED, auditOpinion: '照片不清' });
    expect(mixed.status).toBe(400);
    expect(mixed.body.data.ids).toEqual([done]);
    for (const id of ready) expect((await stored(id)).audit_status).toBe(PENDING);
    const batch = await call(`${RECORD}/auditRecordBatch`, { ids: ready, auditStatus: REJECTED, auditOpinion: '照片不清' });
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    for (const id of ready) expect(await stored(id)).toMatchObject({ audit_status: REJECTED, audit_opinion: '照片不清' });
  });

  it('an audited record is neither edited nor removed (a rejected one may be removed)', async () => {
    const passedId = await newRecord();
    const rejectedId = await newRecord();
    await call(`${RECORD}/auditRecord`, { id: passedId, auditStatus: PASSED });
    await call(`${RECORD}/auditRecord`, { id: rejectedId, auditStatus: REJECTED });
    const edit = await call(`${RECORD}/update`, { id: passedId, remark: '改' });
    expect(edit.status).toBe(400);
    expect(edit.body.msg).toBe('当前状态下不能修改');
    expect((await call(`${RECORD}/remove?ids=${passedId}`, {})).status).toBe(400);
    expect((await stored(passedId)).is_deleted).toBe(0);
    expect((await call(`${RECORD}/remove?ids=${rejectedId}`, {})).status).toBe(200);
    expect((await stored(rejectedId)).is_deleted).toBe(1);
  });

  it('tells the console on which rows the audit is offered', async () => {
    const schema = (await call('/api/blade-system/schema/client?id=inspect/record')).body.data;
    expect(schema['x-api'].auditRecord).toMatchObject({ transition: 'audit', button: 'inspect_record_audit', ui: { when: { auditStatus: [PENDING] } } });
  });
});

describe('exports and summaries', () => {
  it('exports the filtered records as an .xlsx that opens and holds exactly those rows', async () => {
    const ids = [
      await newRecord({ startTime: '2027-08-21 08:00:00', endTime: '2027-08-21 09:00:00' }),
      await newRecord({ startTime: '2027-08-21 15:00:00', endTime: '2027-08-21 16:00:00' }),
    ];
    await call(`${RECORD}/auditRecord`, { id: ids[0], auditStatus: PASSED });
    const response = await fetch(`${t.url}${RECORD}/export`, {
      method: 'POST',
      headers: { 'Blade-Auth': `bearer ${admin}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ startTime_dategt: '2027-08-21 00:00:00', startTime_datelt: '2027-08-22 00:00:00', auditStatus: PASSED }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(2);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(header).toContain('审核状态');
    expect(row).toContain('已通过');
    expect(row).toContain('2027-08-21 08:00:00');
  });

  it('counts records per reservoir (getRecordCountVO) and lists the records with problems (getRiskRecord)', async () => {
    const reservoirId = planReservoirs[0];
    const before = (await call(`${RECORD}/getRecordCountVO`, { reservoirIds: [reservoirId] })).body.data;
    expect(before).toHaveLength(1);
    await newRecord();
    const after = (await call(`${RECORD}/getRecordCountVO`, { reservoirIds: [reservoirId] })).body.data[0];
    expect(after).toMatchObject({ reservoirId, total: before[0].total + 1, pending: before[0].pending + 1, problemRecords: before[0].problemRecords + 1 });
    const risks = await call(`${RECORD}/getRiskRecord`, { reservoirIds: [reservoirId], size: 5 });
    expect(risks.status).toBe(200);
    expect(risks.body.data.records.length).toBeGreaterThan(0);
    expect(risks.body.data.records.every((r: Body) => r.problemCount > 0 || r.riskLevel !== null)).toBe(true);
  });
});
