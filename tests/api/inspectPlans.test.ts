/**
 * Inspection plans (business-domain §4, §7): save, update, publish, stop and
 * remove at the spec's paths, with the declared lifecycle 1 草稿 → 2 已发布 →
 * 3 已停止. A refused move or a refused plan changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testServer.js';

const TENANT = '100001';
const DRAFT = 1;
const PUBLISHED = 2;
const STOPPED = 3;
const PLAN = '/api/v1/inspect/plan';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

let t: TestServer;
let admin: string;
let reservoirs: string[];
let groupId: string;
let inspectorId: string;

async function call(path: string, body?: unknown, token = admin, headers?: Record<string, string>): Promise<{ status: number; body: Body }> {
  return t.api(path, { token, body, method: body === undefined ? 'GET' : 'POST', headers });
}

function planBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: '测试巡查计划',
    itemGroupId: groupId,
    reservoirIds: reservoirs.slice(0, 2),
    frequency: 1,
    inspectorIds: [inspectorId],
    startDate: '2027-05-15',
    endDate: '2027-09-30',
    remark: '汛期',
    ...overrides,
  };
}

async function newPlan(name: string): Promise<string> {
  const saved = await call(`${PLAN}/save`, planBody({ name }));
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.data.id;
}

async function stored(id: string): Promise<{ plan_status: number; version: number; name: string; is_deleted: number }> {
  return (await t.db.query('SELECT plan_status, version, name, is_deleted FROM inspect_plan WHERE id = $1', [id])).rows[0];
}

const planCount = async () => (await t.db.query(`SELECT count(*)::int AS n FROM inspect_plan WHERE tenant_id = $1 AND is_deleted = 0`, [TENANT])).rows[0].n;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn(TENANT, 'admin');
  reservoirs = (await t.db.query(`SELECT id::text AS id FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY code`, [TENANT])).rows.map(
    (r) => r.id,
  );
  const groups = await call(`/api/v1/inspect/itemGroup/list?name=${encodeURIComponent('日常巡查')}`);
  groupId = groups.body.data.records[0].id;
  inspectorId = (await t.db.query(`SELECT id::text AS id FROM blade_user WHERE tenant_id = $1 AND account = 'inspector'`, [TENANT])).rows[0].id;
});
afterAll(() => t?.close());

describe('the demo plans', () => {
  it('are in each state of the lifecycle', async () => {
    const page = await call(`${PLAN}/page?size=50`);
    expect(page.status).toBe(200);
    const states = new Set(page.body.data.records.map((plan: Body) => plan.planStatus));
    expect([...states].sort()).toEqual([DRAFT, PUBLISHED, STOPPED]);
    const published = await call(`${PLAN}/page?planStatus=${PUBLISHED}`);
    expect(published.body.data.records.every((plan: Body) => plan.planStatus === PUBLISHED)).toBe(true);
  });
});

describe('saving a plan', () => {
  it('makes a draft, whatever state the body names', async () => {
    const saved = await call(`${PLAN}/save`, planBody({ name: '新建计划', planStatus: PUBLISHED }));
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ name: '新建计划', planStatus: DRAFT, reservoirIds: reservoirs.slice(0, 2), inspectorIds: [inspectorId] });
    const detail = await call(`${PLAN}/detail?id=${saved.body.data.id}`);
    expect(detail.body.data).toMatchObject({ itemGroupId: groupId, startDate: '2027-05-15', endDate: '2027-09-30' });
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    ['an end date before the start date', { startDate: '2027-09-30', endDate: '2027-05-15' }, 'endDate', '结束日期不能早于开始日期'],
    ['no reservoir', { reservoirIds: [] }, 'reservoirIds', '请至少选择一个水库'],
    ['an unknown reservoir', { reservoirIds: ['123456789'] }, 'reservoirIds', '所选水库不存在或已被删除'],
    ['an unknown item group', { itemGroupId: '123456789' }, 'itemGroupId', '所选巡查项目组不存在或已被删除'],
    ['an unknown inspector', { inspectorIds: ['123456789'] }, 'inspectorIds', '所选巡查人员不存在或已被删除'],
    ['no item group', { itemGroupId: '' }, 'itemGroupId', '请选择巡查项目组'],
  ];
  for (const [what, change, field, message] of refusals) {
    it(`refuses ${what}, on that field, and writes nothing`, async () => {
      const before = await planCount();
      const refused = await call(`${PLAN}/save`, planBody(change));
      expect(refused.status).toBe(400);
      expect(refused.body.data.errors).toContainEqual({ field, message });
      expect(await planCount()).toBe(before);
    });
  }

  it("refuses another tenant's reservoir", async () => {
    const foreign = (await t.db.query(`SELECT id::text AS id FROM rsc_reservoir WHERE tenant_id <> $1 LIMIT 1`, [TENANT])).rows[0].id;
    const refused = await call(`${PLAN}/save`, planBody({ reservoirIds: [reservoirs[0], foreign] }));
    expect(refused.status).toBe(400);
    expect(refused.body.data.errors[0].field).toBe('reservoirIds');
  });

  it("refuses a group without items, and reservoirs outside the group's", async () => {
    const empty = (await call('/api/v1/inspect/itemGroup/save', { name: '空项目组', ids: [] })).body.data;
    const noItems = await call(`${PLAN}/save`, planBody({ itemGroupId: empty.id }));
    expect(noItems.body.data.errors).toContainEqual({ field: 'itemGroupId', message: '所选巡查项目组还没有巡查项目' });
    const item = (await call('/api/v1/inspect/item/list/all')).body.data[0].id;
    const narrow = (await call('/api/v1/inspect/itemGroup/save', { name: '单库项目组', ids: [item], reservoirIds: [reservoirs[0]] })).body.data;
    const outside = await call(`${PLAN}/save`, planBody({ itemGroupId: narrow.id, reservoirIds: [reservoirs[0], reservoirs[1]] }));
    expect(outside.body.data.errors).toContainEqual({ field: 'reservoirIds', message: '所选水库不在该项目组的适用范围内' });
    expect((await call(`${PLAN}/save`, planBody({ name: '单库计划', itemGroupId: narrow.id, reservoirIds: [reservoirs[0]] }))).status).toBe(200);
  });

  it('answers an English console in English', async () => {
    const refused = await call(`${PLAN}/save`, planBody({ startDate: '2027-09-30', endDate: '2027-01-01' }), admin, { 'Accept-Language': 'en' });
    expect(refused.body.msg).toBe('The end date cannot be before the start date');
  });

  it('applies the same rules to an update, which then changes nothing', async () => {
    const id = await newPlan('待修改计划');
    const refused = await call(`${PLAN}/update`, { id, endDate: '2027-01-01' });
    expect(refused.status).toBe(400);
    expect(refused.body.data.errors[0].field).toBe('endDate');
    expect(await stored(id)).toMatchObject({ version: 1, name: '待修改计划' });
    const updated = await call(`${PLAN}/update`, { id, name: '已修改计划', reservoirIds: [reservoirs[2]] });
    expect(updated.body.data).toMatchObject({ name: '已修改计划', reservoirIds: [reservoirs[2]], version: 2 });
  });
});

describe('the lifecycle', () => {
  it('publish (POST, id in the body) then stop (GET stop/{id})', async () => {
    const id = await newPlan('走完流程');
    const published = await call(`${PLAN}/publish`, { id });
    expect(published.status).toBe(200);
    expect(await stored(id)).toMatchObject({ plan_status: PUBLISHED });
    const stopped = await call(`${PLAN}/stop/${id}`);
    expect(stopped.status).toBe(200);
    expect(await stored(id)).toMatchObject({ plan_status: STOPPED });
  });

  it('refuses a move the state does not allow, and changes nothing', async () => {
    const id = await newPlan('不能停止的草稿');
    const before = await stored(id);
    const stopDraft = await call(`${PLAN}/stop/${id}`);
    expect(stopDraft.status).toBe(400);
    expect(stopDraft.body.msg).toBe('当前状态不允许停止（1 条）');
    expect(await stored(id)).toEqual(before);
    await call(`${PLAN}/publish`, { id });
    await call(`${PLAN}/stop/${id}`);
    const stoppedState = await stored(id);
    const republish = await call(`${PLAN}/publish`, { id });
    expect(republish.status).toBe(400);
    expect(republish.body.msg).toBe('当前状态不允许发布（1 条）');
    expect(await stored(id)).toEqual(stoppedState);
  });

  it('refuses a move the role does not allow, and changes nothing', async () => {
    const id = await newPlan('无权发布');
    const inspector = await t.signIn(TENANT, 'inspector');
    expect((await call(`${PLAN}/publish`, { id }, inspector)).status).toBe(403);
    expect(await stored(id)).toMatchObject({ plan_status: DRAFT, version: 1 });
  });

  it('edits only drafts', async () => {
    const id = await newPlan('已发布不可改');
    await call(`${PLAN}/publish`, { id });
    const before = await stored(id);
    const edit = await call(`${PLAN}/update`, { id, name: '偷改' });
    expect(edit.status).toBe(400);
    expect(await stored(id)).toEqual(before);
  });

  it('removes drafts and stopped plans (GET remove/{id}), never a published one', async () => {
    const draft = await newPlan('删除草稿');
    const live = await newPlan('删除已发布');
    await call(`${PLAN}/publish`, { id: live });
    const refused = await call(`${PLAN}/remove/${live}`);
    expect(refused.status).toBe(400);
    expect(await stored(live)).toMatchObject({ is_deleted: 0, plan_status: PUBLISHED });
    expect((await call(`${PLAN}/remove/${draft}`)).status).toBe(200);
    await call(`${PLAN}/stop/${live}`);
    expect((await call(`${PLAN}/remove/${live}`)).status).toBe(200);
    expect((await stored(draft)).is_deleted).toBe(1);
    expect((await stored(live)).is_deleted).toBe(1);
  });

  it('keeps the item group of a plan from removal', async () => {
    const refused = await call(`/api/v1/inspect/itemGroup/remove?id=${groupId}`, {});
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/^项目组已被巡查计划「.+」使用，不能删除$/);
  });

  it('tells the console on which rows publish and stop apply', async () => {
    const schema = await call('/api/blade-system/schema/client?id=inspect/plan');
    expect(schema.body.data['x-api'].publish.ui.when).toEqual({ planStatus: [DRAFT] });
    expect(schema.body.data['x-api'].stop.ui.when).toEqual({ planStatus: [PUBLISHED] });
  });
});
