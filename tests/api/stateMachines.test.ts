/**
 * Lifecycles declared in a schema (x-states, issue 5): only transition
 * endpoints change the state; a transition the state or the role does not
 * allow is refused and changes nothing; a batch moves all rows or none;
 * editableIn/removableIn keep finished records as they are; the console is
 * told which rows each move applies to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEntityModel } from '../../src/server/engine/entityModel.js';
import type { EntitySchema } from '../../src/shared/entitySchema.js';
import { startTestServer, type TestServer } from './testServer.js';

const TENANT = '100001';
const DRAFT = 1;
const PUBLISHED = 2;
const STOPPED = 3;

const drillSchema: EntitySchema = {
  $id: 'test/drill',
  title: '演练计划',
  'x-title-en': 'Drill plan',
  type: 'object',
  'x-table': 'test_drill',
  'x-menu': 'param',
  'x-api': {
    list: 'GET /api/v1/test/drill/list',
    detail: 'GET /api/v1/test/drill/detail',
    save: 'POST /api/v1/test/drill/save',
    update: 'POST /api/v1/test/drill/update',
    remove: 'POST /api/v1/test/drill/remove?ids',
    publish: {
      op: 'transition',
      route: 'POST /api/v1/test/drill/publish',
      transition: 'publish',
      button: 'param_edit',
      ui: { placement: 'row', label: '发布', 'label-en': 'Publish' },
    },
    stop: { op: 'transition', route: 'GET /api/v1/test/drill/stop/{id}', transition: 'stop', button: 'param_delete' },
    audit: { op: 'transition', route: 'POST /api/v1/test/drill/audit', transition: 'audit', button: 'param_edit' },
    auditBatch: { op: 'transition', route: 'POST /api/v1/test/drill/auditBatch?ids', transition: 'audit', button: 'param_edit' },
  },
  'x-permissions': { add: 'param_add', edit: 'param_edit', delete: 'param_delete' },
  'x-states': {
    field: 'planStatus',
    editableIn: [DRAFT],
    removableIn: [DRAFT, STOPPED],
    transitions: [
      { name: 'publish', from: [DRAFT], to: [PUBLISHED], label: '发布', 'label-en': 'Publishing' },
      { name: 'stop', from: [PUBLISHED], to: [STOPPED], label: '停止', 'label-en': 'Stopping' },
      { name: 'audit', from: [STOPPED], to: [4, 5], toParam: 'auditStatus', fields: ['auditRemark'], label: '审核', 'label-en': 'Auditing' },
    ],
  },
  required: ['name'],
  properties: {
    name: { type: 'string', maxLength: 32, title: '名称', 'x-en': 'Name', 'x-list': true },
    planStatus: { type: 'integer', enum: [1, 2, 3, 4, 5], default: DRAFT, readOnly: true, title: '状态', 'x-en': 'Status', 'x-list': true },
    auditRemark: { type: 'string', maxLength: 20, title: '审核意见', 'x-en': 'Audit remark' },
  },
};

let t: TestServer;
let admin: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function call(path: string, body?: unknown, token = admin): Promise<{ status: number; body: any }> {
  return t.api(path, { token, body, method: body === undefined ? 'GET' : 'POST' });
}

async function newDrill(name: string): Promise<string> {
  const created = await call('/api/v1/test/drill/save', { name });
  expect(created.status).toBe(200);
  return created.body.data.id;
}

async function stateOf(id: string): Promise<number> {
  return (await t.db.query('SELECT plan_status FROM test_drill WHERE id = $1', [id])).rows[0].plan_status;
}

beforeAll(async () => {
  t = await startTestServer({}, { extraModels: [buildEntityModel(drillSchema)] });
  admin = await t.signIn(TENANT, 'admin');
});
afterAll(async () => {
  await t?.close();
});

describe('a declared lifecycle', () => {
  it('starts in the initial state, and neither save nor update can set the state', async () => {
    const created = await call('/api/v1/test/drill/save', { name: '汛前演练', planStatus: PUBLISHED });
    expect(created.body.data.planStatus).toBe(DRAFT);
    const updated = await call('/api/v1/test/drill/update', { id: created.body.data.id, planStatus: STOPPED, name: '汛前演练（改）' });
    expect(updated.body.data).toMatchObject({ planStatus: DRAFT, name: '汛前演练（改）' });
  });

  it('moves along allowed transitions, by body id or by path id', async () => {
    const id = await newDrill('防汛演练');
    const published = await call('/api/v1/test/drill/publish', { id });
    expect(published.status).toBe(200);
    expect(published.body.data).toEqual([{ id, planStatus: PUBLISHED, version: 2 }]);
    expect((await call(`/api/v1/test/drill/stop/${id}`)).status).toBe(200);
    expect(await stateOf(id)).toBe(STOPPED);
  });

  it('refuses a transition the state does not allow, and changes nothing', async () => {
    const id = await newDrill('抢险演练');
    const refused = await call(`/api/v1/test/drill/stop/${id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('当前状态不允许停止（1 条）');
    expect(await stateOf(id)).toBe(DRAFT);
    await call('/api/v1/test/drill/publish', { id });
    const twice = await call('/api/v1/test/drill/publish', { id });
    expect(twice.status).toBe(400);
  });

  it('refuses a transition the role does not allow, and changes nothing', async () => {
    const id = await newDrill('巡查演练');
    const inspector = await t.signIn(TENANT, 'inspector');
    expect((await call('/api/v1/test/drill/publish', { id }, inspector)).status).toBe(403);
    expect(await stateOf(id)).toBe(DRAFT);
  });

  it('a batch moves every row or none', async () => {
    const ready = [await newDrill('批量一'), await newDrill('批量二')];
    const notReady = await newDrill('批量三');
    for (const id of ready) {
      await call('/api/v1/test/drill/publish', { id });
      await call(`/api/v1/test/drill/stop/${id}`);
    }
    const mixed = await call(`/api/v1/test/drill/auditBatch?ids=${[...ready, notReady].join(',')}`, { auditStatus: 4, auditRemark: '同意' });
    expect(mixed.status).toBe(400);
    expect(mixed.body.data.ids).toEqual([notReady]);
    for (const id of ready) expect(await stateOf(id)).toBe(STOPPED);

    const passed = await call(`/api/v1/test/drill/auditBatch?ids=${ready.join(',')}`, { auditStatus: 5, auditRemark: '退回重做' });
    expect(passed.status).toBe(200);
    const rows = await t.db.query('SELECT plan_status, audit_remark FROM test_drill WHERE id = ANY($1) ORDER BY id', [ready]);
    expect(rows.rows).toEqual([
      { plan_status: 5, audit_remark: '退回重做' },
      { plan_status: 5, audit_remark: '退回重做' },
    ]);
  });

  it('a chosen target must be one the transition allows, and its fields are validated', async () => {
    const id = await newDrill('审核演练');
    await call('/api/v1/test/drill/publish', { id });
    await call(`/api/v1/test/drill/stop/${id}`);
    const wrongTarget = await call('/api/v1/test/drill/audit', { id, auditStatus: DRAFT });
    expect(wrongTarget.status).toBe(400);
    expect(wrongTarget.body.msg).toBe('参数 auditStatus 必须是 4、5 之一');
    const longRemark = await call('/api/v1/test/drill/audit', { id, auditStatus: 4, auditRemark: '很'.repeat(21) });
    expect(longRemark.status).toBe(400);
    expect(await stateOf(id)).toBe(STOPPED);
  });

  it('keeps published records from edits and removal (editableIn, removableIn)', async () => {
    const id = await newDrill('已发布');
    await call('/api/v1/test/drill/publish', { id });
    const edit = await call('/api/v1/test/drill/update', { id, name: '改名' });
    expect(edit.status).toBe(400);
    expect(edit.body.msg).toBe('当前状态下不能修改');
    const remove = await call(`/api/v1/test/drill/remove?ids=${id}`, {});
    expect(remove.status).toBe(400);
    expect(remove.body.msg).toBe('当前状态下不能删除');
    await call(`/api/v1/test/drill/stop/${id}`);
    expect((await call(`/api/v1/test/drill/remove?ids=${id}`, {})).status).toBe(200);
  });

  it('tells the console the states and on which rows each move is offered', async () => {
    const schema = (await call('/api/blade-system/schema/client?id=test/drill')).body.data;
    expect(schema['x-states'].field).toBe('planStatus');
    expect(schema['x-api'].publish).toMatchObject({ transition: 'publish', button: 'param_edit', ui: { when: { planStatus: [DRAFT] } } });
  });

  it('a schema whose state field is writable, or a transition without a button, is refused', () => {
    const writable = { ...drillSchema, properties: { ...drillSchema.properties, planStatus: { ...drillSchema.properties.planStatus, readOnly: false } } };
    expect(() => buildEntityModel(writable)).toThrow(/must be readOnly/);
    const noButton = { ...drillSchema, 'x-api': { publish: { op: 'transition' as const, route: 'POST /api/v1/test/x', transition: 'publish' } } };
    expect(() => buildEntityModel(noButton)).toThrow(/needs "button"/);
  });
});
