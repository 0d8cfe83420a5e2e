/**
 * Lifecycles declared in a schema (x-states, issue 5): only transition
 * endpoints change the state; a transition the state or the role does not
 * allow is refused and changes nothing; a batch moves all rows or none;
 * editableIn/removableIn keep finished records as they are; the console is
 * told which rows each move applies to.
 * Issue 12: a transition's declared guards (required, actor, actorDept,
 * notActor, when), its server-set fields (set), readOnly fields only a
 * transition writes, and the beforeTransition / afterTransition hooks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEntityModel } from '../../src/server/engine/entityModel.js';
import { defineHooks } from '../../src/server/engine/hooks.js';
import { badRequest } from '../../src/server/http/apiError.js';
import type { EntitySchema } from '../../src/shared/entitySchema.js';
import { startTestServer, type TestServer } from './testServer.js';

const TENANT = '100001';
const DRAFT = 1;
const PUBLISHED = 2;
const STOPPED = 3;

const OPEN = 1;
const HANDLING = 2;
const REVIEW = 3;
const DONE = 4;
const TICKET_BUTTON = 'inspect_record_edit'; // held by the administrator, farm_admin, subject_admin and inspector

/** A work ticket with every guard of issue 12 (modelled on the event register). */
const ticketSchema: EntitySchema = {
  $id: 'test/ticket',
  title: '工单',
  'x-title-en': 'Ticket',
  type: 'object',
  'x-table': 'test_ticket',
  'x-menu': 'param',
  'x-api': {
    detail: 'GET /api/v1/test/ticket/detail',
    save: 'POST /api/v1/test/ticket/save',
    update: 'POST /api/v1/test/ticket/update',
    accept: { op: 'transition', route: 'POST /api/v1/test/ticket/accept?ids', transition: 'accept', button: TICKET_BUTTON },
    assign: { op: 'transition', route: 'POST /api/v1/test/ticket/assign', transition: 'assign', button: TICKET_BUTTON },
    process: { op: 'transition', route: 'POST /api/v1/test/ticket/process?ids', transition: 'process', button: TICKET_BUTTON },
    deptProcess: { op: 'transition', route: 'POST /api/v1/test/ticket/deptProcess', transition: 'deptProcess', button: TICKET_BUTTON },
    audit: { op: 'transition', route: 'POST /api/v1/test/ticket/audit', transition: 'audit', button: TICKET_BUTTON },
    withdraw: { op: 'transition', route: 'POST /api/v1/test/ticket/withdraw', transition: 'withdraw', button: TICKET_BUTTON },
    aiCorrect: { op: 'transition', route: 'POST /api/v1/test/ticket/aiCorrect', transition: 'aiCorrect', button: TICKET_BUTTON },
  },
  'x-permissions': { add: TICKET_BUTTON, edit: TICKET_BUTTON },
  'x-states': {
    field: 'state',
    transitions: [
      { name: 'accept', from: [OPEN], to: [HANDLING], set: { handlerId: '$caller', handlerDeptId: '$callerDept', acceptTime: '$now', falseAlarm: 0 } },
      { name: 'assign', from: [OPEN, HANDLING], to: [HANDLING], required: ['handlerId'], fields: ['opinion'], label: '交办', 'label-en': 'Assigning' },
      { name: 'process', from: [HANDLING], to: [REVIEW], actor: 'handlerId', required: ['result'], label: '处理', 'label-en': 'Processing' },
      {
        name: 'deptProcess',
        from: [HANDLING],
        to: [REVIEW],
        actorDept: 'handlerDeptId',
        required: ['result'],
        label: '部门处理',
        'label-en': 'Department processing',
      },
      {
        name: 'audit',
        from: [REVIEW],
        to: [DONE, HANDLING],
        toParam: 'auditStatus',
        notActor: 'handlerId',
        fields: ['opinion'],
        label: '复核',
        'label-en': 'Review',
      },
      { name: 'withdraw', from: [OPEN], to: [DONE], actor: 'createUser', set: { finishTime: '$now' }, label: '撤回', 'label-en': 'Withdrawing' },
      {
        name: 'aiCorrect',
        from: [OPEN, HANDLING],
        to: [DONE],
        when: { source: [2] },
        required: ['opinion'],
        set: { falseAlarm: 1 },
        label: 'AI纠错',
        'label-en': 'AI correction',
      },
    ],
  },
  required: ['title'],
  properties: {
    title: { type: 'string', maxLength: 32, title: '标题', 'x-en': 'Title' },
    source: { type: 'integer', enum: [1, 2], default: 1, title: '来源', 'x-en': 'Source' },
    state: { type: 'integer', enum: [1, 2, 3, 4], default: OPEN, readOnly: true, title: '状态', 'x-en': 'State' },
    handlerId: { type: 'string', 'x-id': true, readOnly: true, title: '处理人', 'x-en': 'handler', 'x-ref': 'system/user' },
    handlerDeptId: { type: 'string', 'x-id': true, readOnly: true, title: '处理部门', 'x-en': 'handling department' },
    acceptTime: { type: 'string', format: 'datetime', readOnly: true, title: '签收时间', 'x-en': 'Accepted at' },
    finishTime: { type: 'string', format: 'datetime', readOnly: true, title: '办结时间', 'x-en': 'Finished at' },
    falseAlarm: { type: 'integer', readOnly: true, title: '误报', 'x-en': 'False alarm' },
    opinion: { type: 'string', maxLength: 20, title: '意见', 'x-en': 'Opinion' },
    result: { type: 'string', maxLength: 20, readOnly: true, title: '处理结果', 'x-en': 'Result' },
  },
};

const drillSchema: EntitySchema = {
  $id: 'test/drill',
  title: '演练计划',
  'x-title-en': 'Drill plan',
  type: 'object',
  'x-table': 'test_drill',
  'x-menu': 'param',
  'x-api': {
    list: 'GET /api/v1/test/drill/list',
    running: { op: 'list', route: 'GET /api/v1/test/drill/running', where: { planStatus: [PUBLISHED, STOPPED] } },
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
  t = await startTestServer({}, { extraModels: [buildEntityModel(drillSchema), buildEntityModel(ticketSchema)] });
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

  it('a list binding may show several states (where: a list of values), as the event pages list theirs', async () => {
    const draft = await newDrill('列表草稿');
    const published = await newDrill('列表已发布');
    await call('/api/v1/test/drill/publish', { id: published });
    const page = (await call('/api/v1/test/drill/running?size=100')).body.data;
    const ids = page.records.map((row: { id: string }) => row.id);
    expect(ids).toContain(published);
    expect(ids).not.toContain(draft);
    expect(page.records.every((row: { planStatus: number }) => [PUBLISHED, STOPPED].includes(row.planStatus))).toBe(true);
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

describe('transition guards and server-set fields (issue 12)', () => {
  const users: Record<string, { token: string; id: string; deptId: string }> = {};
  // What the hooks saw, and a switch to make beforeTransition refuse.
  const seen: { before?: unknown; after?: unknown } = {};
  let refuseAudit = false;

  beforeAll(async () => {
    for (const account of ['admin', 'farm_admin', 'inspector']) {
      const row = (
        await t.db.query("SELECT id::text, split_part(dept_id, ',', 1) AS dept FROM blade_user WHERE tenant_id = $1 AND account = $2", [TENANT, account])
      ).rows[0];
      users[account] = { token: await t.signIn(TENANT, account), id: row.id, deptId: row.dept };
    }
    defineHooks('test/ticket', {
      beforeTransition: (args) => {
        if (args.transition !== 'audit') return;
        seen.before = { target: args.target, rows: args.rows, data: { ...args.data } };
        if (refuseAudit) throw badRequest('复核被拒绝', 'Review refused');
        if (args.target === DONE) args.data.finishTime = '2026-06-01 12:00:00';
      },
      afterTransition: (args) => {
        if (args.transition === 'audit') seen.after = { target: args.target, before: args.before, fields: args.fields };
      },
    });
  });

  async function newTicket(as = 'admin', body: Record<string, unknown> = {}): Promise<string> {
    const created = await call('/api/v1/test/ticket/save', { title: '漏水', ...body }, users[as].token);
    expect(created.status).toBe(200);
    return created.body.data.id;
  }

  async function ticketRow(id: string): Promise<Record<string, unknown>> {
    return (await t.db.query('SELECT * FROM test_ticket WHERE id = $1', [id])).rows[0];
  }

  /** The row before and after a refused call must be the same, column for column. */
  async function expectRefusedUnchanged(id: string, path: string, body: unknown, token: string, status: number, message?: string): Promise<void> {
    const before = await ticketRow(id);
    const refused = await call(path, body, token);
    expect(refused.status).toBe(status);
    if (message) expect(refused.body.msg).toBe(message);
    expect(await ticketRow(id)).toEqual(before);
  }

  it('sets the declared fields itself: the caller, their department, the time and literals', async () => {
    const id = await newTicket();
    const accepted = await call(`/api/v1/test/ticket/accept?ids=${id}`, {}, users.farm_admin.token);
    expect(accepted.status).toBe(200);
    const row = await ticketRow(id);
    expect(row).toMatchObject({ state: HANDLING, handler_id: users.farm_admin.id, handler_dept_id: users.farm_admin.deptId, false_alarm: 0 });
    const { rows } = await t.db.query('SELECT abs(extract(epoch FROM LOCALTIMESTAMP(0) - accept_time)) < 60 AS recent FROM test_ticket WHERE id = $1', [id]);
    expect(rows[0].recent).toBe(true);
  });

  it('refuses a move whose required field is empty, naming the field, and changes nothing', async () => {
    const id = await newTicket();
    await expectRefusedUnchanged(id, '/api/v1/test/ticket/assign', { id, handlerId: '' }, admin, 400, '请输入处理人');
    const english = await t.api('/api/v1/test/ticket/assign', { token: admin, body: { id }, headers: { 'Accept-Language': 'en' } });
    expect(english.body.msg).toBe('Please enter handler');
  });

  it('lets a transition that lists a readOnly field write it, checked by its own schema and references; save and update never do', async () => {
    const id = await newTicket('admin', { handlerId: users.inspector.id, result: '已修' });
    expect(await ticketRow(id)).toMatchObject({ handler_id: null, result: null });
    await call('/api/v1/test/ticket/update', { id, title: '漏水（改）', handlerId: users.inspector.id });
    expect((await ticketRow(id)).handler_id).toBeNull();
    await expectRefusedUnchanged(id, '/api/v1/test/ticket/assign', { id, handlerId: '123456789' }, admin, 400, '所选处理人不存在或已被删除');
    expect((await call('/api/v1/test/ticket/assign', { id, handlerId: users.inspector.id, opinion: '请处理' })).status).toBe(200);
    expect(await ticketRow(id)).toMatchObject({ state: HANDLING, handler_id: users.inspector.id, opinion: '请处理' });
    await expectRefusedUnchanged(
      id,
      `/api/v1/test/ticket/process?ids=${id}`,
      { result: '很'.repeat(21) },
      users.inspector.token,
      400,
      '处理结果长度不能超过20个字符',
    );
  });

  it('only the user in the actor field may fire it — the administrator included', async () => {
    const id = await newTicket();
    await call('/api/v1/test/ticket/assign', { id, handlerId: users.inspector.id });
    const path = `/api/v1/test/ticket/process?ids=${id}`;
    await expectRefusedUnchanged(id, path, { result: '已修' }, admin, 403, '只有处理人本人可以处理');
    await expectRefusedUnchanged(id, path, { result: '已修' }, users.farm_admin.token, 403);
    expect((await call(path, { result: '已修' }, users.inspector.token)).status).toBe(200);
    expect(await ticketRow(id)).toMatchObject({ state: REVIEW, result: '已修' });
  });

  it('actor "createUser" is the row\'s creator', async () => {
    const id = await newTicket('inspector');
    await expectRefusedUnchanged(id, '/api/v1/test/ticket/withdraw', { id }, users.farm_admin.token, 403, '只有创建人本人可以撤回');
    expect((await call('/api/v1/test/ticket/withdraw', { id }, users.inspector.token)).status).toBe(200);
    expect((await ticketRow(id)).finish_time).not.toBeNull();
  });

  it('actorDept admits the users of the department in the row, nobody else', async () => {
    const id = await newTicket();
    await call('/api/v1/test/ticket/assign', { id, handlerId: users.inspector.id });
    await t.db.query('UPDATE test_ticket SET handler_dept_id = $2 WHERE id = $1', [id, '1']);
    await expectRefusedUnchanged(id, '/api/v1/test/ticket/deptProcess', { id, result: '已修' }, users.farm_admin.token, 403, '只有处理部门的人员可以部门处理');
    await t.db.query('UPDATE test_ticket SET handler_dept_id = $2 WHERE id = $1', [id, users.farm_admin.deptId]);
    expect((await call('/api/v1/test/ticket/deptProcess', { id, result: '已修' }, users.farm_admin.token)).status).toBe(200);
  });

  it('notActor keeps the handler from reviewing his own work (four eyes)', async () => {
    const id = await newTicket();
    await call(`/api/v1/test/ticket/accept?ids=${id}`, {}, users.farm_admin.token);
    await call(`/api/v1/test/ticket/process?ids=${id}`, { result: '已修' }, users.farm_admin.token);
    await expectRefusedUnchanged(id, '/api/v1/test/ticket/audit', { id, auditStatus: DONE }, users.farm_admin.token, 403, '处理人本人不能复核');
    expect((await call('/api/v1/test/ticket/audit', { id, auditStatus: DONE, opinion: '同意' }, users.inspector.token)).status).toBe(200);
  });

  it('when: a move only for rows whose field holds one of the values', async () => {
    const manual = await newTicket();
    await expectRefusedUnchanged(manual, '/api/v1/test/ticket/aiCorrect', { id: manual, opinion: '误报' }, admin, 400, '当前来源不允许AI纠错（1 条）');
    const raisedByAi = await newTicket('admin', { source: 2 });
    expect((await call('/api/v1/test/ticket/aiCorrect', { id: raisedByAi, opinion: '误报' })).status).toBe(200);
    expect(await ticketRow(raisedByAi)).toMatchObject({ state: DONE, false_alarm: 1, opinion: '误报' });
  });

  it('a batch where one row breaks a guard moves no row', async () => {
    const mine = await newTicket();
    const theirs = await newTicket();
    await call('/api/v1/test/ticket/assign', { id: mine, handlerId: users.inspector.id });
    await call('/api/v1/test/ticket/assign', { id: theirs, handlerId: users.farm_admin.id });
    const before = [await ticketRow(mine), await ticketRow(theirs)];
    const refused = await call(`/api/v1/test/ticket/process?ids=${mine},${theirs}`, { result: '已修' }, users.inspector.token);
    expect(refused.status).toBe(403);
    expect(refused.body.data.ids).toEqual([theirs]);
    expect([await ticketRow(mine), await ticketRow(theirs)]).toEqual(before);
  });

  it('beforeTransition sees the locked rows and the data, may add fields or refuse; afterTransition sees the rows before and the target', async () => {
    const id = await newTicket();
    await call('/api/v1/test/ticket/assign', { id, handlerId: users.inspector.id });
    await call(`/api/v1/test/ticket/process?ids=${id}`, { result: '已修' }, users.inspector.token);
    refuseAudit = true;
    await expectRefusedUnchanged(id, '/api/v1/test/ticket/audit', { id, auditStatus: DONE }, admin, 400, '复核被拒绝');
    refuseAudit = false;
    expect((await call('/api/v1/test/ticket/audit', { id, auditStatus: DONE, opinion: '好' })).status).toBe(200);
    expect(seen.before).toMatchObject({ target: DONE, rows: [{ id, state: REVIEW, handlerId: users.inspector.id, result: '已修' }], data: { opinion: '好' } });
    expect(seen.after).toMatchObject({ target: DONE, before: [{ id, state: REVIEW }], fields: { opinion: '好', finishTime: '2026-06-01 12:00:00' } });
    expect((await ticketRow(id)).state).toBe(DONE);
  });

  it('the client schema carries the guards, so the console offers exactly the moves a row allows', async () => {
    const schema = (await call('/api/blade-system/schema/client?id=test/ticket')).body.data;
    const process = schema['x-states'].transitions.find((transition: { name: string }) => transition.name === 'process');
    expect(process).toMatchObject({ actor: 'handlerId', required: ['result'] });
  });
});

describe('the schema vocabulary of guards and pages is checked when the schema loads', () => {
  const withTransition = (change: Record<string, unknown>): EntitySchema => ({
    ...ticketSchema,
    'x-states': {
      ...ticketSchema['x-states']!,
      transitions: ticketSchema['x-states']!.transitions.map((transition) =>
        transition.name === 'accept' ? { ...transition, set: undefined, ...change } : transition,
      ),
    },
  });
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['required names no field', { required: ['nothing'] }, /accept\.required: unknown field "nothing"/],
    ['actor names no field', { actor: 'nobody' }, /accept\.actor: unknown field "nobody"/],
    ['actor is not an id', { actor: 'title' }, /"title" must be an x-id field/],
    ['when names no field', { when: { kind: [1] } }, /accept\.when: unknown field "kind"/],
    ['when holds a value the field cannot', { when: { source: [9] } }, /"9" is not a value of source/],
    ['set names no field', { set: { nothing: 1 } }, /accept\.set: unknown field "nothing"/],
    ['set an unknown token', { set: { handlerId: '$someone' } }, /"\$someone" is not one of \$caller/],
    ['set $now on a non-time field', { set: { opinion: '$now' } }, /\$now needs a datetime or date field/],
    ['set the state itself', { set: { state: 2 } }, /the state field cannot be set/],
  ];
  it.each(cases)('refuses a transition whose %s', (_name, change, problem) => {
    expect(() => buildEntityModel(withTransition(change))).toThrow(problem);
  });

  it('refuses a page whose list or a view names no list binding, or a view on a path the register already answers', () => {
    const page = (xPage: Record<string, unknown>): EntitySchema => ({ ...drillSchema, 'x-page': { path: '/drill/index', layout: 'crud', ...xPage } });
    expect(() => buildEntityModel(page({ list: 'detail' }))).toThrow(/x-page\.list: "detail" is not an x-api binding with op list/);
    expect(() => buildEntityModel(page({ views: [{ path: '/drill/done', list: 'missing' }] }))).toThrow(/views\[0\]\.list/);
    expect(() => buildEntityModel(page({ views: [{ path: '/drill/index', list: 'list' }] }))).toThrow(/"\/drill\/index" is already a page of this register/);
    expect(() => buildEntityModel(page({ list: 'list', views: [{ path: '/drill/done', list: 'list', permissions: { view: 'param_view' } }] }))).not.toThrow();
  });
});
