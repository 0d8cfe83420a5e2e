/**
 * Every task action through the HTTP API (contract 14 §6), with its
 * refusals, on the demo tenant 安溪县: farm_admin starts, subject_admin holds
 * the first step, admin and subject_admin are the candidates of the second.
 * A refusal answers 400/403/404 with a message and leaves the task as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployThroughApi, signInDemo, taskRow, type Accounts, type DemoAccount } from './support/workflowFixtures.js';
import { processXml } from './support/workflowModels.js';
import { startTestServer, type TestServer } from './testServer.js';

const TENANT = '100001';
const PROCESS = '/api/blade-workflow/process';
const FLOW = '/api/blade-flow';
const ALL_BUTTONS = 'flow_pass,flow_reject,flow_transfer,flow_delegate,flow_copy,flow_terminate,flow_rollback';

let t: TestServer;
let people: Accounts;
/** first: subject_admin (every button); second: candidates admin + subject_admin (pass, reject, rollback). */
let fullId: string;
/** first: subject_admin with the default buttons only (同意, 驳回). */
let plainId: string;
/** one parallel step of admin and subject_admin (加签 and 减签 offered). */
let multiId: string;

const post = (path: string, as: DemoAccount, body: unknown, headers: Record<string, string> = {}) => t.api(path, { token: people.token[as], body, headers });
const get = (path: string, as: DemoAccount) => t.api(path, { token: people.token[as] });

async function ok(path: string, as: DemoAccount, body: unknown) {
  const answer = await post(path, as, body);
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.data;
}

/** Starts a process of the deployment as farm_admin; answers the instance and its first task. */
async function start(processDefinitionId: string, title = '测试流程') {
  const started = await ok(`${PROCESS}/startProcess`, 'farm_admin', { processDefinitionId, title, variables: { days: 1 } });
  return { instanceId: started.processInstanceId as string, taskId: started.tasks[0]?.taskId as string };
}

async function openTasks(instanceId: string) {
  return (
    await t.db.query(
      `SELECT id::text, task_definition_key AS "node", assignee_id::text AS "assigneeId", candidate_user_ids AS "candidates", delegated, owner_id::text AS "ownerId"
         FROM flow_task WHERE process_instance_id = $1 AND status = 1 AND is_deleted = 0 ORDER BY id`,
      [instanceId],
    )
  ).rows;
}

const instanceStatus = async (id: string) => (await t.db.query('SELECT status FROM flow_process_instance WHERE id = $1', [id])).rows[0].status;

/** Refused with the status, and the task unchanged (row version included). */
async function refused(path: string, as: DemoAccount, body: Record<string, unknown>, status: number, message?: RegExp) {
  const before = body.taskId ? await taskRow(t, String(body.taskId)) : undefined;
  const answer = await post(path, as, body);
  expect(answer.status, `${path} as ${as}: ${JSON.stringify(answer.body)}`).toBe(status);
  if (message) expect(answer.body.msg).toMatch(message);
  if (before) expect(await taskRow(t, String(body.taskId))).toEqual(before);
  return answer;
}

beforeAll(async () => {
  t = await startTestServer();
  people = await signInDemo(t, TENANT);
  const { userId, token } = people;
  fullId = await deployThroughApi(
    t,
    token.admin,
    'actFull',
    '全按钮审批',
    processXml({
      key: 'actFull',
      name: '全按钮审批',
      tasks: [
        { id: 'first', name: '一级审批', assigneeType: 'user', assignee: userId.subject_admin, buttons: ALL_BUTTONS },
        {
          id: 'second',
          name: '二级审批',
          assigneeType: 'user',
          assignee: `${userId.admin},${userId.subject_admin}`,
          buttons: 'flow_pass,flow_reject,flow_rollback',
        },
      ],
      flows: [
        { from: 'start', to: 'first' },
        { from: 'first', to: 'second' },
        { from: 'second', to: 'end' },
      ],
    }),
  );
  plainId = await deployThroughApi(
    t,
    token.admin,
    'actPlain',
    '普通审批',
    processXml({
      key: 'actPlain',
      name: '普通审批',
      tasks: [{ id: 'first', name: '审批', assigneeType: 'user', assignee: userId.subject_admin }],
      flows: [
        { from: 'start', to: 'first' },
        { from: 'first', to: 'end' },
      ],
    }),
  );
  multiId = await deployThroughApi(
    t,
    token.admin,
    'actMulti',
    '会签',
    processXml({
      key: 'actMulti',
      name: '会签',
      tasks: [
        {
          id: 'sign',
          name: '会签',
          assigneeType: 'user',
          assignee: `${userId.admin},${userId.subject_admin}`,
          multiInstance: 'parallel',
          buttons: 'flow_pass,flow_reject,flow_add_multi,flow_delete_multi',
        },
      ],
      flows: [
        { from: 'start', to: 'sign' },
        { from: 'sign', to: 'end' },
      ],
    }),
  );
});
afterAll(() => t?.close());

describe('start', () => {
  it('starts by definition id or by key for a holder of 发起; the first step goes to its assignee', async () => {
    const { instanceId, taskId } = await start(fullId);
    expect(await openTasks(instanceId)).toEqual([expect.objectContaining({ id: taskId, node: 'first', assigneeId: people.userId.subject_admin })]);
    const byKey = await ok(`${PROCESS}/startProcessByKey`, 'farm_admin', { processDefinitionKey: 'actPlain' });
    expect(byKey.tasks).toHaveLength(1);
  });

  it('refuses without the button (403), an unknown definition (404), bad input (400)', async () => {
    await refused(`${PROCESS}/startProcess`, 'river_chief', { processDefinitionId: fullId }, 403);
    await refused(`${PROCESS}/startProcess`, 'farm_admin', { processDefinitionId: '1' }, 404);
    await refused(`${PROCESS}/startProcess`, 'farm_admin', {}, 400);
    await refused(`${PROCESS}/startProcess`, 'farm_admin', { processDefinitionId: fullId, variables: [1, 2] }, 400);
    await refused(`${PROCESS}/startProcess`, 'farm_admin', { processDefinitionId: fullId, title: 'x'.repeat(201) }, 400);
    await refused(`${PROCESS}/startProcessByKey`, 'farm_admin', { processDefinitionKey: 'no such key' }, 400);
  });
});

describe('complete, claim and rollback', () => {
  it('only the assignee completes; then the candidates see the next step to claim; exactly one of two claimers wins', async () => {
    const { instanceId, taskId } = await start(fullId);
    await refused(`${PROCESS}/completeTask`, 'farm_admin', { taskId, pass: true }, 403);
    await refused(`${PROCESS}/completeTask`, 'subject_admin', { taskId, pass: 'maybe' }, 400);
    await refused(`${PROCESS}/completeTask`, 'subject_admin', { taskId, pass: true, comment: 'x'.repeat(1001) }, 400);
    await ok(`${FLOW}/work/complete-task`, 'subject_admin', { taskId, pass: true, comment: '同意' });
    const [second] = await openTasks(instanceId);
    expect(second).toMatchObject({ node: 'second', assigneeId: null });
    // Unclaimed: a candidate must claim first.
    await refused(`${PROCESS}/completeTask`, 'admin', { taskId: second.id, pass: true }, 400, /签收/);
    const claims = await Promise.all([
      post(`${PROCESS}/claimTask?taskId=${second.id}`, 'admin', {}),
      post(`${FLOW}/work/claim-task?taskId=${second.id}`, 'subject_admin', {}),
    ]);
    expect(claims.map((c) => c.status).sort()).toEqual([200, 400]);
    expect(claims.find((c) => c.status === 400)!.body.msg).toMatch(/已被他人签收/);
    const winner: DemoAccount = claims[0].status === 200 ? 'admin' : 'subject_admin';
    expect((await openTasks(instanceId))[0].assigneeId).toBe(people.userId[winner]);
    await ok(`${PROCESS}/completeTask`, winner, { taskId: second.id, pass: true });
    expect(await instanceStatus(instanceId)).toBe(2);
  });

  it('a non-candidate cannot claim (403); a claimed task cannot be claimed again (400)', async () => {
    const { instanceId, taskId } = await start(fullId);
    await ok(`${PROCESS}/completeTask`, 'subject_admin', { taskId, pass: true });
    const [second] = await openTasks(instanceId);
    await refused(`${PROCESS}/claimTask?taskId=${second.id}`, 'farm_admin', {}, 403);
    await ok(`${PROCESS}/claimTask?taskId=${second.id}`, 'admin', {});
    await refused(`${PROCESS}/claimTask?taskId=${second.id}`, 'subject_admin', {}, 400);
  });

  it('rollback returns to a passed node and its assignee sees it again; only to a passed node, only where offered', async () => {
    const { instanceId, taskId } = await start(fullId);
    await ok(`${PROCESS}/completeTask`, 'subject_admin', { taskId, pass: true });
    const [second] = await openTasks(instanceId);
    await ok(`${PROCESS}/claimTask?taskId=${second.id}`, 'admin', {});
    const back = await get(`${PROCESS}/getBackNodes?taskId=${second.id}`, 'admin');
    expect(back.body.data).toEqual([{ nodeId: 'first', nodeName: '一级审批' }]);
    await refused(`${PROCESS}/rollbackTask`, 'admin', { taskId: second.id, nodeId: 'second' }, 400);
    await refused(`${PROCESS}/rollbackTask`, 'admin', { taskId: second.id }, 400);
    await refused(`${PROCESS}/rollbackTask`, 'subject_admin', { taskId: second.id, nodeId: 'first' }, 403);
    await ok(`${PROCESS}/rollbackTask`, 'admin', { taskId: second.id, nodeId: 'first', comment: '材料不全' });
    const [again] = await openTasks(instanceId);
    expect(again).toMatchObject({ node: 'first', assigneeId: people.userId.subject_admin });
    const todo = await get(`${FLOW}/work/todo-list`, 'subject_admin');
    expect(todo.body.data.records.map((r: { taskId: string }) => r.taskId)).toContain(again.id);
    // A node that does not offer 回退 refuses it.
    const plain = await start(plainId);
    await refused(`${PROCESS}/rollbackTask`, 'subject_admin', { taskId: plain.taskId, nodeId: 'first' }, 400, /不允许回退/);
  });
});

describe('transfer, delegate, copy, urge', () => {
  it('transfer hands the task to another user; a node without 转办 refuses; not to oneself', async () => {
    const { instanceId, taskId } = await start(fullId);
    await refused(`${PROCESS}/transferTask`, 'subject_admin', { taskId, userId: people.userId.subject_admin }, 400);
    await refused(`${PROCESS}/transferTask`, 'subject_admin', { taskId, userId: '1' }, 400);
    await refused(`${PROCESS}/transferTask`, 'farm_admin', { taskId, userId: people.userId.admin }, 403);
    await ok(`${PROCESS}/transferTask`, 'subject_admin', { taskId, userId: people.userId.admin, comment: '请代办' });
    const [now] = await openTasks(instanceId);
    expect(now.assigneeId).toBe(people.userId.admin);
    const plain = await start(plainId);
    await refused(`${PROCESS}/transferTask`, 'subject_admin', { taskId: plain.taskId, userId: people.userId.admin }, 400, /不允许转办/);
    const english = await post(`${PROCESS}/transferTask`, 'subject_admin', { taskId: plain.taskId, userId: people.userId.admin }, { 'Accept-Language': 'en' });
    expect(english.body.msg).toBe('This step does not allow transfer');
  });

  it('delegate: the delegate acts, then the task returns to its owner, who completes the step', async () => {
    const { instanceId, taskId } = await start(fullId);
    await ok(`${PROCESS}/delegateTask`, 'subject_admin', { taskId, userId: people.userId.admin, comment: '请先看' });
    expect((await openTasks(instanceId))[0]).toMatchObject({ assigneeId: people.userId.admin, delegated: 1, ownerId: people.userId.subject_admin });
    await refused(`${PROCESS}/completeTask`, 'subject_admin', { taskId, pass: true }, 403);
    await refused(`${PROCESS}/delegateTask`, 'admin', { taskId, userId: people.userId.farm_admin }, 400);
    await ok(`${PROCESS}/completeTask`, 'admin', { taskId, pass: true, comment: '没问题' });
    expect((await openTasks(instanceId))[0]).toMatchObject({ id: taskId, assigneeId: people.userId.subject_admin, delegated: 0 });
    await ok(`${PROCESS}/completeTask`, 'subject_admin', { taskId, pass: true });
    expect((await openTasks(instanceId))[0].node).toBe('second');
  });

  it('copy: the recipients get a copy row (their 抄送事务) and an inbox message', async () => {
    const { instanceId, taskId } = await start(fullId);
    await refused(`${PROCESS}/copyTask`, 'subject_admin', { taskId, userIds: [] }, 400);
    await refused(`${PROCESS}/copyTask`, 'subject_admin', { taskId, userIds: Array.from({ length: 51 }, (_, i) => String(i + 1)) }, 400);
    await ok(`${PROCESS}/copyTask`, 'subject_admin', { taskId, userIds: [people.userId.farm_admin], comment: '请知悉' });
    const copies = await get(`${PROCESS}/copyList`, 'farm_admin');
    expect(copies.body.data.records).toEqual([expect.objectContaining({ processInstanceId: instanceId, readStatus: 0, copyTaskId: taskId })]);
    expect((await get(`${PROCESS}/copyList`, 'subject_admin')).body.data.records).toEqual([]);
    // Opening the process marks the copy read.
    expect((await get(`${PROCESS}/detail?processInstanceId=${instanceId}`, 'farm_admin')).status).toBe(200);
    expect((await get(`${PROCESS}/copyList`, 'farm_admin')).body.data.records[0].readStatus).toBe(1);
    const inbox = await t.db.query('SELECT count(*)::int AS n FROM sys_notice_message WHERE user_id = $1 AND order_type = 11 AND business_id = $2', [
      people.userId.farm_admin,
      taskId,
    ]);
    expect(inbox.rows[0].n).toBe(1);
    const plain = await start(plainId);
    await refused(`${PROCESS}/copyTask`, 'subject_admin', { taskId: plain.taskId, userIds: [people.userId.admin] }, 400);
  });

  it('urge: only the starter, once per call; the holders are reminded', async () => {
    const { instanceId, taskId } = await start(fullId);
    await refused(`${PROCESS}/urgeTask`, 'subject_admin', { processInstanceId: instanceId }, 403);
    await ok(`${PROCESS}/urgeTask`, 'farm_admin', { processInstanceId: instanceId, comment: '请尽快' });
    expect((await taskRow(t, taskId)).urgeCount).toBe(1);
  });
});

describe('withdraw, terminate, suspend', () => {
  it('the starter withdraws a process nobody acted on (status 4); not after someone acted', async () => {
    const first = await start(fullId);
    await refused(`${PROCESS}/withdrawTask`, 'subject_admin', { processInstanceId: first.instanceId }, 403);
    await ok(`${PROCESS}/withdrawTask`, 'farm_admin', { processInstanceId: first.instanceId });
    expect(await instanceStatus(first.instanceId)).toBe(4);
    const second = await start(fullId);
    await ok(`${PROCESS}/completeTask`, 'subject_admin', { taskId: second.taskId, pass: true });
    const [next] = await openTasks(second.instanceId);
    await ok(`${PROCESS}/claimTask?taskId=${next.id}`, 'admin', {});
    await refused(`${PROCESS}/withdrawTask`, 'subject_admin', { taskId: second.taskId }, 400);
  });

  it('terminate: the assignee, where the node offers it; the instance ends terminated (3)', async () => {
    const plain = await start(plainId);
    await refused(`${PROCESS}/terminateProcess`, 'subject_admin', { taskId: plain.taskId }, 400, /不允许终止/);
    const full = await start(fullId);
    await refused(`${PROCESS}/terminateProcess`, 'farm_admin', { processInstanceId: full.instanceId }, 403);
    await ok(`${PROCESS}/terminateProcess`, 'subject_admin', { processInstanceId: full.instanceId, comment: '不再需要' });
    expect(await instanceStatus(full.instanceId)).toBe(3);
    await refused(`${PROCESS}/completeTask`, 'subject_admin', { taskId: full.taskId, pass: true }, 400);
  });

  it('a suspended instance refuses every task action with 流程已挂起 until 流程监控 activates it', async () => {
    const { instanceId, taskId } = await start(fullId);
    await refused(`${PROCESS}/ops/changeStatus`, 'subject_admin', { processInstanceId: instanceId, status: 'suspended' }, 403);
    await ok(`${PROCESS}/ops/changeStatus`, 'admin', { processInstanceId: instanceId, status: 'suspended' });
    expect(await instanceStatus(instanceId)).toBe(5);
    await refused(`${PROCESS}/completeTask`, 'subject_admin', { taskId, pass: true }, 400, /流程已挂起/);
    await refused(`${PROCESS}/transferTask`, 'subject_admin', { taskId, userId: people.userId.admin }, 400, /挂起/);
    await ok(`${PROCESS}/changeStatus`, 'admin', { processInstanceId: instanceId, status: 'active' });
    await ok(`${PROCESS}/completeTask`, 'subject_admin', { taskId, pass: true });
  });
});

describe('multi-instance and 流程监控', () => {
  it('加签 adds a signer, 减签 removes one of the group (at least one stays)', async () => {
    const started = await ok(`${PROCESS}/startProcess`, 'farm_admin', { processDefinitionId: multiId });
    const instanceId = started.processInstanceId;
    const mine = (await openTasks(instanceId)).find((task) => task.assigneeId === people.userId.subject_admin)!;
    await ok(`${PROCESS}/addMultiInstance`, 'subject_admin', { taskId: mine.id, userIds: [people.userId.farm_admin] });
    expect(await openTasks(instanceId)).toHaveLength(3);
    const added = (await openTasks(instanceId)).find((task) => task.assigneeId === people.userId.farm_admin)!;
    await refused(`${PROCESS}/deleteMultiInstance`, 'inspector', { taskId: added.id }, 403);
    await ok(`${PROCESS}/deleteMultiInstance`, 'subject_admin', { taskId: added.id });
    expect(await openTasks(instanceId)).toHaveLength(2);
    await refused(`${PROCESS}/addMultiInstance`, 'subject_admin', { taskId: mine.id, userIds: 'abc' }, 400);
  });

  it('changeAssignee / dispatchTask give an open task to a user; follow/delete-process-instance ends and removes', async () => {
    const { instanceId, taskId } = await start(fullId);
    await refused(`${PROCESS}/ops/changeAssignee`, 'subject_admin', { taskId, userId: people.userId.farm_admin }, 403);
    await ok(`${PROCESS}/ops/changeAssignee`, 'admin', { taskId, userId: people.userId.farm_admin });
    expect((await openTasks(instanceId))[0].assigneeId).toBe(people.userId.farm_admin);
    const follow = await get(`${FLOW}/follow/list`, 'admin');
    expect(follow.body.data.records.map((r: { processInstanceId: string }) => r.processInstanceId)).toContain(instanceId);
    expect((await get(`${FLOW}/follow/list`, 'farm_admin')).status).toBe(403);
    await ok(`${FLOW}/follow/delete-process-instance`, 'admin', { processInstanceId: instanceId });
    expect(await instanceStatus(instanceId)).toBe(3);
    expect((await get(`${PROCESS}/detail?processInstanceId=${instanceId}`, 'admin')).status).toBe(404);
  });

  it('ops/completeTask and ops/claimTask act for the holder, whatever the node offers; only with 流程监控', async () => {
    const { instanceId, taskId } = await start(fullId);
    await refused(`${PROCESS}/ops/completeTask`, 'subject_admin', { taskId, pass: true }, 403);
    await ok(`${PROCESS}/ops/completeTask`, 'admin', { taskId, pass: true, comment: '代为审批' });
    const [second] = await openTasks(instanceId);
    expect(second).toMatchObject({ node: 'second', assigneeId: null });
    await ok(`${PROCESS}/ops/claimTask`, 'admin', { taskId: second.id });
    expect((await openTasks(instanceId))[0].assigneeId).toBe(people.userId.admin);
    await ok(`${PROCESS}/ops/rollbackTask`, 'admin', { taskId: second.id, nodeId: 'first' });
    expect((await openTasks(instanceId))[0]).toMatchObject({ node: 'first', assigneeId: people.userId.subject_admin });
  });

  it('ops/copyTask and ops/urgeTask: 流程监控 copies or urges any running process', async () => {
    const plain = await start(plainId);
    await refused(`${PROCESS}/ops/urgeTask`, 'subject_admin', { processInstanceId: plain.instanceId }, 403);
    await ok(`${PROCESS}/ops/urgeTask`, 'admin', { processInstanceId: plain.instanceId });
    expect((await taskRow(t, plain.taskId)).urgeCount).toBe(1);
    await ok(`${PROCESS}/ops/copyTask`, 'admin', { taskId: plain.taskId, userIds: [people.userId.farm_admin] });
    const copies = (await get(`${PROCESS}/copyList`, 'farm_admin')).body.data.records;
    expect(copies.map((r: { processInstanceId: string }) => r.processInstanceId)).toContain(plain.instanceId);
  });

  it('processNodes: the nodes of the instance definition', async () => {
    const { instanceId } = await start(fullId);
    const nodes = await get(`${PROCESS}/ops/processNodes?processInstanceId=${instanceId}`, 'admin');
    expect(nodes.body.data.map((n: { id: string }) => n.id)).toEqual(expect.arrayContaining(['start', 'first', 'second', 'end']));
  });

  it('the workbench counts the tasks to do and to claim', async () => {
    const { instanceId, taskId } = await start(fullId);
    await ok(`${PROCESS}/completeTask`, 'subject_admin', { taskId, pass: true });
    expect((await openTasks(instanceId))[0].assigneeId).toBeNull();
    const todos = await get('/api/blade-desk/todos', 'admin');
    const claim = todos.body.data.find((todo: { key: string }) => todo.key === 'workflowClaim');
    expect(claim).toMatchObject({ path: '/work/claim', schemaId: 'flow/task' });
    expect(claim.count).toBe(
      (
        await t.db.query(
          `SELECT count(*)::int AS n FROM flow_task k JOIN flow_process_instance i ON i.id = k.process_instance_id
            WHERE k.tenant_id = $1 AND k.status = 1 AND k.assignee_id IS NULL AND $2 = ANY(string_to_array(k.candidate_user_ids, ',')) AND i.status = 1 AND k.is_deleted = 0`,
          [TENANT, people.userId.admin],
        )
      ).rows[0].n,
    );
    const todo = (await get('/api/blade-desk/todos', 'subject_admin')).body.data.find((row: { key: string }) => row.key === 'workflowTodo');
    expect(todo).toMatchObject({ path: '/work/todo' });
  });
});
