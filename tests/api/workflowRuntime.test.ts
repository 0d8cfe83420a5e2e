/**
 * The workflow runtime (contract 14 §3) on a real PostgreSQL, driven as the endpoints drive it: each
 * action one transaction of one user. A process runs from its start to its end through the tasks its
 * nodes resolve to; conditions route it; multi-instance nodes wait for all, any or one after another;
 * rollback, withdraw and terminate move or stop it; a node nobody can handle refuses and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addMultiInstance,
  claimTask,
  completeTask,
  deleteMultiInstance,
  getBackNodes,
  rollbackTask,
  startProcess,
  terminateProcess,
  withdrawTask,
  type ActionResult,
} from '../../src/server/workflow/runtime/workflowService.js';
import { localApi } from '../../src/server/engine/localApi.js';
import { fireDueTimers } from '../../src/server/workflow/runtime/timerScheduler.js';
import { actorOf, deployXml, refusalOf, saveTestForm, type Account, type Actor } from './support/workflowRuntime.js';
import { waitFor } from './support/workflowServerProcess.js';
import { processXml, twoStepXml, type TestUserTask } from './support/workflowModels.js';
import { startTestServer, type TestServer } from './testServer.js';

const TENANT = '316979';

let t: TestServer;
const actors = {} as Record<Account, Actor>;
const id = (account: Account) => actors[account].caller.userId;

interface TaskRow {
  id: string;
  node: string;
  assignee: string | null;
  candidates: string | null;
  status: number;
  flag: string | null;
  group: string | null;
}

async function tasksOf(instanceId: string): Promise<TaskRow[]> {
  const result = await t.db.query<TaskRow>(
    `SELECT id::text AS id, task_definition_key AS node, assignee_id::text AS assignee, candidate_user_ids AS candidates, status, flag,
            multi_instance_group AS "group"
       FROM flow_task WHERE process_instance_id = $1 AND is_deleted = 0 ORDER BY id`,
    [instanceId],
  );
  return result.rows;
}

const openTasks = async (instanceId: string) => (await tasksOf(instanceId)).filter((task) => task.status === 1);

async function instanceOf(instanceId: string): Promise<{ status: number; outcome: string | null; end_time: string | null; engine_state: string | null }> {
  return (await t.db.query('SELECT status, outcome, end_time, engine_state FROM flow_process_instance WHERE id = $1', [instanceId])).rows[0];
}

const start = (account: Account, deploymentId: string, variables: Record<string, unknown> = {}) =>
  actors[account].act((ctx, tx) => startProcess(ctx, tx, { deploymentId, title: '测试流程', variables }));

const complete = (account: Account, taskId: string, pass = true, comment?: string): Promise<ActionResult> =>
  actors[account].act((ctx, tx) => completeTask(ctx, tx, { taskId, pass, comment }));

/** The one open task of the instance (fails when there is not exactly one). */
async function theOpenTask(instanceId: string): Promise<TaskRow> {
  const open = await openTasks(instanceId);
  expect(open, JSON.stringify(open)).toHaveLength(1);
  return open[0];
}

/**
 * Moves this process's clock `hours` on and fires the instance's due BPMN timers. The server's own poller runs in
 * this process too: whichever fires them, it does so on the moved clock, and the test waits for its commit.
 */
async function fireBpmnTimersAfter(instanceId: string, hours: number, done: () => Promise<boolean>): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + hours * 3600 * 1000);
  try {
    await t.db.query(
      "UPDATE flow_timer SET due_at = LOCALTIMESTAMP - interval '1 minute' WHERE process_instance_id = $1 AND kind = 'bpmnTimer' AND fired_at IS NULL",
      [instanceId],
    );
    await fireDueTimers(t.server.appDb);
    // The faked clock stands still: count the tries instead.
    for (let tries = 0; !(await done()) && tries < 100; tries += 1) await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    vi.useRealTimers();
  }
}

const linear = (key: string, tasks: TestUserTask[]) =>
  processXml({
    key,
    name: key,
    tasks,
    flows: [
      { from: 'start', to: tasks[0].id },
      ...tasks.slice(1).map((task, i) => ({ from: tasks[i].id, to: task.id })),
      { from: tasks[tasks.length - 1].id, to: 'end' },
    ],
  });

beforeAll(async () => {
  t = await startTestServer();
  for (const account of ['admin', 'farm_admin', 'subject_admin', 'river_chief', 'inspector'] as Account[]) actors[account] = await actorOf(t, TENANT, account);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('a process from start to end', () => {
  it('gives each step to its assignee, tells them in the inbox, and ends completed with the last pass', async () => {
    const deploymentId = await deployXml(actors.admin, twoStepXml('twoStep', id('subject_admin'), id('admin')));
    const started = await start('farm_admin', deploymentId);
    expect(started.tasks.map((task) => task.assigneeId)).toEqual([id('subject_admin')]);
    const first = await theOpenTask(started.processInstanceId);
    expect(first).toMatchObject({ node: 'first', assignee: id('subject_admin') });
    const inbox = await t.db.query('SELECT title, order_type FROM sys_notice_message WHERE user_id = $1 AND business_id = $2', [id('subject_admin'), first.id]);
    expect(inbox.rows).toEqual([{ title: '「两级审批」待您审批：一级审批', order_type: 11 }]);

    // Only the assignee acts.
    expect((await refusalOf(complete('admin', first.id))).status).toBe(403);
    const next = await complete('subject_admin', first.id, true, '同意');
    expect(next.tasks.map((task) => [task.taskDefinitionKey, task.assigneeId])).toEqual([['second', id('admin')]]);
    const ended = await complete('admin', next.tasks[0].id);
    expect(ended.ended).toBe(true);
    expect(await instanceOf(started.processInstanceId)).toMatchObject({ status: 2, outcome: 'pass', engine_state: null });
    expect((await instanceOf(started.processInstanceId)).end_time).not.toBeNull();

    // The history: the start, the flows taken, each task with its assignee and result, the end.
    const history = await t.db.query(
      'SELECT activity_id, activity_type, assignee_id::text AS assignee, flag, comment, end_time IS NOT NULL AS ended FROM flow_activity WHERE process_instance_id = $1 ORDER BY start_time, id',
      [started.processInstanceId],
    );
    expect(history.rows.map((row) => row.activity_id)).toEqual(['start', 'flow_0', 'first', 'flow_1', 'second', 'flow_2', 'end']);
    expect(history.rows.every((row) => row.ended)).toBe(true);
    expect(history.rows.find((row) => row.activity_id === 'first')).toMatchObject({ assignee: id('subject_admin'), flag: 'pass', comment: '同意' });
    // A completed task cannot be completed again.
    expect((await refusalOf(complete('admin', next.tasks[0].id))).status).toBe(400);
  });

  it('knows nothing of another tenant: its tasks and instances are not found, and nothing changes', async () => {
    const deploymentId = await deployXml(actors.admin, twoStepXml('isolated', id('subject_admin'), id('admin')));
    const started = await start('farm_admin', deploymentId);
    const task = started.tasks[0];
    const stranger = await actorOf(t, '003189', 'admin');
    expect((await refusalOf(stranger.act((ctx, tx) => completeTask(ctx, tx, { taskId: task.id, pass: true })))).status).toBe(404);
    expect((await refusalOf(stranger.act((ctx, tx) => claimTask(ctx, tx, task.id)))).status).toBe(404);
    expect(
      (await refusalOf(stranger.act((ctx, tx) => terminateProcess(ctx, tx, { processInstanceId: started.processInstanceId }, { asOperator: true })))).status,
    ).toBe(404);
    expect((await refusalOf(stranger.act((ctx, tx) => startProcess(ctx, tx, { deploymentId })))).status).toBe(404);
    expect(await theOpenTask(started.processInstanceId)).toMatchObject({ id: task.id, status: 1 });
  });

  it('routes by a condition on the variables, and a rejection ends it rejected', async () => {
    const xml = processXml({
      key: 'routed',
      name: '按天数审批',
      tasks: [
        { id: 'leader', name: '负责人', assigneeType: 'user', assignee: id('subject_admin') },
        { id: 'boss', name: '主管', assigneeType: 'user', assignee: id('admin') },
      ],
      extra: '<bpmn:exclusiveGateway id="gw" /><bpmn:endEvent id="rejected" />',
      flows: [
        { from: 'start', to: 'leader' },
        { from: 'leader', to: 'gw' },
        { from: 'gw', to: 'boss', condition: '${pass && days > 3}' },
        { from: 'gw', to: 'end', condition: '${pass && days <= 3}' },
        { from: 'gw', to: 'rejected', condition: '${!pass}' },
        { from: 'boss', to: 'end' },
      ],
    });
    const deploymentId = await deployXml(actors.admin, xml);

    const long = await start('farm_admin', deploymentId, { days: 5 });
    const toBoss = await complete('subject_admin', long.tasks[0].id);
    expect(toBoss.tasks.map((task) => task.taskDefinitionKey)).toEqual(['boss']);

    const short = await start('farm_admin', deploymentId, { days: '2' });
    expect((await complete('subject_admin', short.tasks[0].id)).ended).toBe(true);
    expect(await instanceOf(short.processInstanceId)).toMatchObject({ status: 2, outcome: 'pass' });

    const refused = await start('farm_admin', deploymentId, { days: 5 });
    expect((await complete('subject_admin', refused.tasks[0].id, false, '不同意')).ended).toBe(true);
    expect(await instanceOf(refused.processInstanceId)).toMatchObject({ status: 2, outcome: 'reject' });
  });

  it('refuses a completion after which no flow meets its condition, and the task stays open', async () => {
    const xml = processXml({
      key: 'deadEnd',
      name: '无路可走',
      tasks: [{ id: 'check', name: '审核', assigneeType: 'user', assignee: id('admin') }],
      extra: '<bpmn:exclusiveGateway id="gw" name="金额判断" />',
      flows: [
        { from: 'start', to: 'check' },
        { from: 'check', to: 'gw' },
        { from: 'gw', to: 'end', condition: '${amount > 100}' },
      ],
    });
    const started = await start('farm_admin', await deployXml(actors.admin, xml), { amount: 5 });
    const refusal = await refusalOf(complete('admin', started.tasks[0].id));
    expect(refusal.status).toBe(400);
    expect(refusal.text.zh).toBe('节点「金额判断」没有满足条件的连线，流程无法继续');
    expect(await theOpenTask(started.processInstanceId)).toMatchObject({ node: 'check', status: 1 });
  });

  it('offers a task to several users as candidates: one claims, then acts', async () => {
    const deploymentId = await deployXml(
      actors.admin,
      linear('claimed', [{ id: 'check', name: '审核', assigneeType: 'user', assignee: `${id('admin')},${id('river_chief')}` }]),
    );
    const started = await start('farm_admin', deploymentId);
    const task = await theOpenTask(started.processInstanceId);
    expect(task.assignee).toBeNull();
    expect(task.candidates).toBe(`${id('admin')},${id('river_chief')}`);
    expect((await refusalOf(complete('admin', task.id))).text.zh).toBe('请先签收该任务');
    expect((await refusalOf(actors.inspector.act((ctx, tx) => claimTask(ctx, tx, task.id)))).status).toBe(403);
    await actors.river_chief.act((ctx, tx) => claimTask(ctx, tx, task.id));
    expect((await refusalOf(actors.admin.act((ctx, tx) => claimTask(ctx, tx, task.id)))).text.zh).toBe('任务已被他人签收');
    expect((await complete('river_chief', task.id)).ended).toBe(true);
  });

  it('resolves the department leader of the initiator, walking up to the nearest department that has one', async () => {
    const dept = (await t.db.query('SELECT dept_id FROM blade_user WHERE id = $1', [id('farm_admin')])).rows[0].dept_id.split(',')[0];
    const row = (await t.db.query('SELECT ancestors FROM blade_dept WHERE id = $1', [dept])).rows[0];
    const parents = String(row.ancestors)
      .split(',')
      .filter((a) => a !== '0');
    // Leader on the nearest ancestor (or the department itself when it has none above).
    const leaderDept = parents.length ? parents[parents.length - 1] : dept;
    await t.db.query('UPDATE blade_dept SET leader_id = NULL WHERE tenant_id = $1', [TENANT]);
    await t.db.query('UPDATE blade_dept SET leader_id = $1 WHERE id = $2', [id('subject_admin'), leaderDept]);
    const deploymentId = await deployXml(actors.admin, linear('leader', [{ id: 'lead', name: '部门负责人审批', assigneeType: 'deptLeader' }]));
    const started = await start('farm_admin', deploymentId);
    expect(started.tasks.map((task) => task.assigneeId)).toEqual([id('subject_admin')]);
  });

  it('gives a task meant for a user with an active proxy to the proxy, keeping the user as its owner', async () => {
    await actors.admin.act((ctx, tx) =>
      localApi(ctx, tx).create('flow/proxy', {
        principalId: id('river_chief'),
        proxyId: id('inspector'),
        processKeys: 'proxied',
        startTime: '2020-01-01 00:00:00',
        endTime: '2099-12-31 23:59:59',
        enabled: 1,
      }),
    );
    const deploymentId = await deployXml(actors.admin, linear('proxied', [{ id: 'check', name: '审核', assigneeType: 'user', assignee: id('river_chief') }]));
    const started = await start('farm_admin', deploymentId);
    expect(started.tasks.map((task) => [task.assigneeId, task.ownerId])).toEqual([[id('inspector'), id('river_chief')]]);
    // Another process is not covered by the proxy.
    const other = await start(
      'farm_admin',
      await deployXml(actors.admin, linear('unproxied', [{ id: 'check', name: '审核', assigneeType: 'user', assignee: id('river_chief') }])),
    );
    expect(other.tasks.map((task) => task.assigneeId)).toEqual([id('river_chief')]);
  });

  it('refuses a start whose first step nobody can handle, and writes nothing', async () => {
    const deploymentId = await deployXml(actors.admin, linear('nobody', [{ id: 'void', name: '无人节点', assigneeType: 'user', assignee: '999999999' }]));
    const before = (await t.db.query('SELECT count(*)::int AS n FROM flow_process_instance')).rows[0].n;
    const refusal = await refusalOf(start('farm_admin', deploymentId));
    expect(refusal.status).toBe(400);
    expect(refusal.text.zh).toBe('节点「无人节点」没有可办理的人员');
    expect((await t.db.query('SELECT count(*)::int AS n FROM flow_process_instance')).rows[0].n).toBe(before);
  });

  it('refuses a completion whose next step nobody can handle, and the task stays open', async () => {
    // The first step's form lets its assignee name the next approver.
    await saveTestForm(actors.admin, 'nobodyNextForm', ['approver']);
    const deploymentId = await deployXml(
      actors.admin,
      linear('nobodyNext', [
        { id: 'first', name: '一级', assigneeType: 'user', assignee: id('admin'), formKey: 'nobodyNextForm' },
        { id: 'void', name: '无人节点', assigneeType: 'expression', assignee: '${approver}' },
      ]),
    );
    const started = await start('farm_admin', deploymentId);
    const refusal = await refusalOf(complete('admin', started.tasks[0].id));
    expect(refusal.text.zh).toBe('节点「无人节点」没有可办理的人员');
    expect(await theOpenTask(started.processInstanceId)).toMatchObject({ node: 'first', status: 1 });
    // The expression resolves once the variable names someone.
    const next = await actors.admin.act((ctx, tx) =>
      completeTask(ctx, tx, { taskId: started.tasks[0].id, pass: true, variables: { approver: id('inspector') } }),
    );
    expect(next.tasks.map((task) => task.assigneeId)).toEqual([id('inspector')]);
  });
});

describe('parallel branches', () => {
  it('a parallel gateway opens both branches; the join waits for both', async () => {
    const xml = processXml({
      key: 'branches',
      name: '并行审批',
      tasks: [
        { id: 'left', name: '财务', assigneeType: 'user', assignee: id('subject_admin') },
        { id: 'right', name: '技术', assigneeType: 'user', assignee: id('river_chief') },
        { id: 'last', name: '批准', assigneeType: 'user', assignee: id('admin') },
      ],
      extra: '<bpmn:parallelGateway id="fork" /><bpmn:parallelGateway id="join" />',
      flows: [
        { from: 'start', to: 'fork' },
        { from: 'fork', to: 'left' },
        { from: 'fork', to: 'right' },
        { from: 'left', to: 'join' },
        { from: 'right', to: 'join' },
        { from: 'join', to: 'last' },
        { from: 'last', to: 'end' },
      ],
    });
    const started = await start('farm_admin', await deployXml(actors.admin, xml));
    expect(started.tasks.map((task) => task.taskDefinitionKey).sort()).toEqual(['left', 'right']);
    expect((await complete('river_chief', started.tasks.find((task) => task.taskDefinitionKey === 'right')!.id)).tasks).toEqual([]);
    const joined = await complete('subject_admin', started.tasks.find((task) => task.taskDefinitionKey === 'left')!.id);
    expect(joined.tasks.map((task) => task.taskDefinitionKey)).toEqual(['last']);
    expect((await complete('admin', joined.tasks[0].id)).ended).toBe(true);
  });
});

describe('multi-instance nodes', () => {
  const users = () => `${id('subject_admin')},${id('admin')},${id('river_chief')}`;

  it('parallel, all: every member must pass; the node waits until then', async () => {
    const deploymentId = await deployXml(
      actors.admin,
      linear('parallelAll', [
        { id: 'sign', name: '会签', assigneeType: 'user', assignee: users(), multiInstance: 'parallel' },
        { id: 'after', name: '归档', assigneeType: 'user', assignee: id('inspector') },
      ]),
    );
    const started = await start('farm_admin', deploymentId);
    const group = await openTasks(started.processInstanceId);
    expect(group.map((task) => task.assignee)).toEqual(users().split(','));
    expect(new Set(group.map((task) => task.group)).size).toBe(1);
    expect((await complete('subject_admin', group[0].id)).tasks.map((task) => task.taskDefinitionKey)).toEqual(['sign', 'sign']);
    await complete('admin', group[1].id);
    const after = await complete('river_chief', group[2].id);
    expect(after.tasks.map((task) => [task.taskDefinitionKey, task.assigneeId])).toEqual([['after', id('inspector')]]);
  });

  it('parallel, all: one rejection ends the node rejected and cancels the rest', async () => {
    const xml = processXml({
      key: 'parallelReject',
      name: '会签驳回',
      tasks: [
        { id: 'sign', name: '会签', assigneeType: 'user', assignee: users(), multiInstance: 'parallel' },
        { id: 'after', name: '归档', assigneeType: 'user', assignee: id('inspector') },
      ],
      extra: '<bpmn:exclusiveGateway id="gw" /><bpmn:endEvent id="rejected" />',
      flows: [
        { from: 'start', to: 'sign' },
        { from: 'sign', to: 'gw' },
        { from: 'gw', to: 'after', condition: '${pass}' },
        { from: 'gw', to: 'rejected', condition: '${!pass}' },
        { from: 'after', to: 'end' },
      ],
    });
    const started = await start('farm_admin', await deployXml(actors.admin, xml));
    const group = await openTasks(started.processInstanceId);
    expect((await complete('admin', group[1].id, false)).ended).toBe(true);
    expect((await tasksOf(started.processInstanceId)).map((task) => task.status)).toEqual([3, 2, 3]);
    expect(await instanceOf(started.processInstanceId)).toMatchObject({ status: 2, outcome: 'reject' });
  });

  it('parallel, any: the first completion decides and cancels the others', async () => {
    const deploymentId = await deployXml(
      actors.admin,
      linear('parallelAny', [{ id: 'sign', name: '或签', assigneeType: 'user', assignee: users(), multiInstance: 'parallel', completionCondition: 'any' }]),
    );
    const started = await start('farm_admin', deploymentId);
    const group = await openTasks(started.processInstanceId);
    expect((await complete('river_chief', group[2].id)).ended).toBe(true);
    expect((await tasksOf(started.processInstanceId)).map((task) => task.status)).toEqual([3, 3, 2]);
  });

  it('parallel, ratio: passes reaching the share end it passed; rejections making it unreachable end it rejected', async () => {
    const xml = processXml({
      key: 'parallelRatio',
      name: '过半通过',
      tasks: [{ id: 'vote', name: '表决', assigneeType: 'user', assignee: users(), multiInstance: 'parallel', completionCondition: 'ratio:0.6' }],
      extra: '<bpmn:exclusiveGateway id="gw" /><bpmn:endEvent id="rejected" />',
      flows: [
        { from: 'start', to: 'vote' },
        { from: 'vote', to: 'gw' },
        { from: 'gw', to: 'end', condition: '${pass}' },
        { from: 'gw', to: 'rejected', condition: '${!pass}' },
      ],
    });
    const deploymentId = await deployXml(actors.admin, xml);
    const passed = await start('farm_admin', deploymentId);
    const [a, b] = await openTasks(passed.processInstanceId);
    expect((await complete('subject_admin', a.id)).ended).toBe(false);
    // 2 of 3 ≥ 0.6.
    expect((await complete('admin', b.id)).ended).toBe(true);
    expect(await instanceOf(passed.processInstanceId)).toMatchObject({ outcome: 'pass' });

    const rejected = await start('farm_admin', deploymentId);
    const [c, d] = await openTasks(rejected.processInstanceId);
    expect((await complete('subject_admin', c.id, false)).ended).toBe(false);
    // Two rejections: at most 1 of 3 can pass, below 0.6.
    expect((await complete('admin', d.id, false)).ended).toBe(true);
    expect(await instanceOf(rejected.processInstanceId)).toMatchObject({ outcome: 'reject' });
  });

  it('parallel: added and removed instances count (加签, 减签)', async () => {
    const deploymentId = await deployXml(
      actors.admin,
      linear('parallelAdd', [{ id: 'sign', name: '会签', assigneeType: 'user', assignee: `${id('subject_admin')},${id('admin')}`, multiInstance: 'parallel' }]),
    );
    const started = await start('farm_admin', deploymentId);
    const [first, second] = await openTasks(started.processInstanceId);
    await actors.subject_admin.act((ctx, tx) => addMultiInstance(ctx, tx, { taskId: first.id, userIds: [id('inspector')] }));
    expect((await openTasks(started.processInstanceId)).map((task) => task.assignee)).toEqual([id('subject_admin'), id('admin'), id('inspector')]);
    await complete('subject_admin', first.id);
    await complete('inspector', (await openTasks(started.processInstanceId)).find((task) => task.assignee === id('inspector'))!.id);
    // Removing the last one who has not acted leaves a group whose members all passed: the node is done.
    expect((await actors.subject_admin.act((ctx, tx) => deleteMultiInstance(ctx, tx, { taskId: second.id }))).ended).toBe(true);
  });

  it('sequential: one after another, in the order listed', async () => {
    const deploymentId = await deployXml(
      actors.admin,
      linear('sequential', [
        { id: 'line', name: '依次审批', assigneeType: 'user', assignee: `${id('river_chief')},${id('admin')}`, multiInstance: 'sequential' },
        { id: 'after', name: '归档', assigneeType: 'user', assignee: id('inspector') },
      ]),
    );
    const started = await start('farm_admin', deploymentId);
    expect((await theOpenTask(started.processInstanceId)).assignee).toBe(id('river_chief'));
    const second = await complete('river_chief', started.tasks[0].id);
    expect(second.tasks.map((task) => task.assigneeId)).toEqual([id('admin')]);
    const after = await complete('admin', second.tasks[0].id);
    expect(after.tasks.map((task) => [task.taskDefinitionKey, task.assigneeId])).toEqual([['after', id('inspector')]]);
  });
});

describe('moving a process back, taking a step back, stopping it', () => {
  const threeSteps = () =>
    linear('threeSteps', [
      { id: 'a', name: '第一步', assigneeType: 'user', assignee: `${id('subject_admin')},${id('river_chief')}` },
      { id: 'b', name: '第二步', assigneeType: 'user', assignee: id('admin') },
      { id: 'c', name: '第三步', assigneeType: 'user', assignee: id('inspector') },
    ]);

  it('rolls back to a chosen earlier node; its previous assignee has it again; the process then runs to its end', async () => {
    const deploymentId = await deployXml(actors.admin, threeSteps());
    const started = await start('farm_admin', deploymentId);
    const a = await theOpenTask(started.processInstanceId);
    await actors.river_chief.act((ctx, tx) => claimTask(ctx, tx, a.id));
    const b = (await complete('river_chief', a.id)).tasks[0];
    const c = (await complete('admin', b.id)).tasks[0];
    expect(await actors.inspector.act((ctx, tx) => getBackNodes(ctx, tx, c.id))).toEqual([
      { nodeId: 'a', nodeName: '第一步' },
      { nodeId: 'b', nodeName: '第二步' },
    ]);
    const refused = await refusalOf(actors.inspector.act((ctx, tx) => rollbackTask(ctx, tx, { taskId: c.id, targetNodeId: 'c', comment: '' })));
    expect(refused.status).toBe(400);

    const back = await actors.inspector.act((ctx, tx) => rollbackTask(ctx, tx, { taskId: c.id, targetNodeId: 'a', comment: '材料不全' }));
    // The node was offered to candidates; river_chief did it last, so river_chief has it again, assigned.
    expect(back.tasks.map((task) => [task.taskDefinitionKey, task.assigneeId])).toEqual([['a', id('river_chief')]]);
    const rows = await tasksOf(started.processInstanceId);
    expect(rows.find((task) => task.id === c.id)).toMatchObject({ status: 4, flag: 'rollback' });

    const b2 = (await complete('river_chief', back.tasks[0].id)).tasks[0];
    const c2 = (await complete('admin', b2.id)).tasks[0];
    expect((await complete('inspector', c2.id)).ended).toBe(true);
    expect(await instanceOf(started.processInstanceId)).toMatchObject({ status: 2, outcome: 'pass' });
  });

  it('lets the previous handler withdraw while the next task is untouched, not after', async () => {
    const deploymentId = await deployXml(actors.admin, threeSteps());
    const started = await start('farm_admin', deploymentId);
    const a = await theOpenTask(started.processInstanceId);
    await actors.subject_admin.act((ctx, tx) => claimTask(ctx, tx, a.id));
    const b = (await complete('subject_admin', a.id)).tasks[0];
    // Someone who did not handle the previous step may not.
    expect((await refusalOf(actors.inspector.act((ctx, tx) => withdrawTask(ctx, tx, { processInstanceId: started.processInstanceId })))).status).toBe(403);
    const back = await actors.subject_admin.act((ctx, tx) => withdrawTask(ctx, tx, { taskId: a.id }));
    expect(back.tasks.map((task) => [task.taskDefinitionKey, task.assigneeId])).toEqual([['a', id('subject_admin')]]);
    expect((await tasksOf(started.processInstanceId)).find((task) => task.id === b.id)).toMatchObject({ status: 5, flag: 'withdraw' });

    // Done again, and this time the next assignee acts first: no withdrawal.
    const b2 = (await complete('subject_admin', back.tasks[0].id)).tasks[0];
    await complete('admin', b2.id);
    const refusal = await refusalOf(actors.subject_admin.act((ctx, tx) => withdrawTask(ctx, tx, { processInstanceId: started.processInstanceId })));
    expect(refusal.text.zh).toBe('下一步已有人办理，不能撤回');
  });

  it('lets the starter withdraw the whole process before anyone acted', async () => {
    const deploymentId = await deployXml(actors.admin, threeSteps());
    const started = await start('farm_admin', deploymentId);
    const ended = await actors.farm_admin.act((ctx, tx) => withdrawTask(ctx, tx, { processInstanceId: started.processInstanceId }));
    expect(ended.ended).toBe(true);
    expect(await instanceOf(started.processInstanceId)).toMatchObject({ status: 4 });
    expect((await tasksOf(started.processInstanceId)).map((task) => task.status)).toEqual([5]);
  });

  it('terminates: every open task terminated, the instance terminated, nothing more to do', async () => {
    const deploymentId = await deployXml(actors.admin, threeSteps());
    const started = await start('farm_admin', deploymentId);
    const a = await theOpenTask(started.processInstanceId);
    // Candidates who have not claimed are not its assignee yet.
    expect((await refusalOf(actors.subject_admin.act((ctx, tx) => terminateProcess(ctx, tx, { processInstanceId: started.processInstanceId })))).status).toBe(
      403,
    );
    await actors.subject_admin.act((ctx, tx) => claimTask(ctx, tx, a.id));
    await actors.subject_admin.act((ctx, tx) => terminateProcess(ctx, tx, { taskId: a.id, comment: '不再需要' }));
    expect(await instanceOf(started.processInstanceId)).toMatchObject({ status: 3, engine_state: null });
    expect(await tasksOf(started.processInstanceId)).toEqual([expect.objectContaining({ status: 7, flag: 'terminate' })]);
    expect((await refusalOf(complete('subject_admin', a.id))).status).toBe(400);
  });
});

describe('timers', () => {
  it('a BPMN timer waits as a row and, once due, moves the process on', async () => {
    const xml = processXml({
      key: 'waiting',
      name: '等待',
      tasks: [{ id: 'after', name: '等待后审批', assigneeType: 'user', assignee: id('admin') }],
      extra:
        '<bpmn:intermediateCatchEvent id="wait" name="等两小时"><bpmn:timerEventDefinition><bpmn:timeDuration xsi:type="bpmn:tFormalExpression">PT2H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>',
      flows: [
        { from: 'start', to: 'wait' },
        { from: 'wait', to: 'after' },
        { from: 'after', to: 'end' },
      ],
    });
    const started = await start('farm_admin', await deployXml(actors.admin, xml));
    expect(started.tasks).toEqual([]);
    const timers = await t.db.query(
      "SELECT id, due_at > LOCALTIMESTAMP + interval '119 minutes' AS later FROM flow_timer WHERE process_instance_id = $1 AND kind = 'bpmnTimer'",
      [started.processInstanceId],
    );
    expect(timers.rows).toEqual([expect.objectContaining({ later: true })]);

    // Two hours on: the row is due and the engine's own clock has passed the expiry.
    await fireBpmnTimersAfter(started.processInstanceId, 2.1, async () => (await openTasks(started.processInstanceId)).length > 0);
    expect(await theOpenTask(started.processInstanceId)).toMatchObject({ node: 'after', assignee: id('admin') });
    expect((await t.db.query('SELECT fired_at IS NOT NULL AS fired FROM flow_timer WHERE id = $1', [timers.rows[0].id])).rows[0].fired).toBe(true);
  });

  it('a boundary timer on a user task takes the task away when it fires and follows its own flow', async () => {
    const xml = processXml({
      key: 'escalated',
      name: '超时升级',
      tasks: [
        { id: 'check', name: '审核', assigneeType: 'user', assignee: id('subject_admin') },
        { id: 'escalate', name: '升级处理', assigneeType: 'user', assignee: id('admin') },
      ],
      extra:
        '<bpmn:boundaryEvent id="late" name="超过一天" attachedToRef="check"><bpmn:timerEventDefinition><bpmn:timeDuration xsi:type="bpmn:tFormalExpression">P1D</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent>',
      flows: [
        { from: 'start', to: 'check' },
        { from: 'check', to: 'end' },
        { from: 'late', to: 'escalate' },
        { from: 'escalate', to: 'end' },
      ],
    });
    const started = await start('farm_admin', await deployXml(actors.admin, xml));
    const check = await theOpenTask(started.processInstanceId);
    await fireBpmnTimersAfter(started.processInstanceId, 25, async () => (await openTasks(started.processInstanceId)).some((task) => task.node === 'escalate'));
    expect((await tasksOf(started.processInstanceId)).find((task) => task.id === check.id)).toMatchObject({ status: 3, flag: 'cancel' });
    expect(await theOpenTask(started.processInstanceId)).toMatchObject({ node: 'escalate', assignee: id('admin') });
    expect((await complete('admin', (await theOpenTask(started.processInstanceId)).id)).ended).toBe(true);
  });

  it('a task past its due time reminds its assignee, and again every remindHours', async () => {
    const deploymentId = await deployXml(
      actors.admin,
      linear('dueTask', [{ id: 'check', name: '限时审核', assigneeType: 'user', assignee: id('admin'), dueHours: 4, remindHours: 2 }]),
    );
    const started = await start('farm_admin', deploymentId);
    const task = started.tasks[0];
    expect(task.dueTime).not.toBeNull();
    // While an action holds the instance, its timers wait for the next poll (no deadlock with that action).
    const holder = await t.db.connect();
    try {
      await holder.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [`flow-instance:${started.processInstanceId}`]);
      await t.db.query("UPDATE flow_timer SET due_at = LOCALTIMESTAMP - interval '1 minute' WHERE task_id = $1 AND kind = 'due'", [task.id]);
      expect(await fireDueTimers(t.server.appDb)).toBe(0);
      await holder.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [`flow-instance:${started.processInstanceId}`]);
    } finally {
      holder.release();
    }
    // Fired by this call or by the server's poller, committed before the next check.
    await fireDueTimers(t.server.appDb);
    await waitFor('the reminder', async () =>
      (await t.db.query("SELECT 1 FROM flow_timer WHERE task_id = $1 AND kind = 'remind'", [task.id])).rowCount ? true : undefined,
    );
    const urged = await t.db.query('SELECT title FROM sys_notice_message WHERE user_id = $1 AND business_id = $2 ORDER BY id', [id('admin'), task.id]);
    expect(urged.rows.map((row) => row.title)).toEqual(['「dueTask」待您审批：限时审核', '「dueTask」任务已到期，请尽快办理：限时审核']);
    const next = await t.db.query(
      "SELECT due_at > LOCALTIMESTAMP + interval '119 minutes' AS later FROM flow_timer WHERE task_id = $1 AND kind = 'remind' AND fired_at IS NULL",
      [task.id],
    );
    expect(next.rows).toEqual([{ later: true }]);
  });
});
