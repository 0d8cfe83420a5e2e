/**
 * The workflow runtime's rules on who may do what and with how much (review 14 findings): a delegate only
 * completes, a completion sets only what its form declares and stays within the variable limits, the
 * monitor's actions are recorded as theirs, rollback targets are told only to the task's assignee, and a
 * sequential multi-instance step hands its next user the task as any step would (enabled users, proxies).
 * Each action is one transaction of one user, as the endpoints run them.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addMultiInstance,
  completeTask,
  deleteMultiInstance,
  getBackNodes,
  reassignTask,
  rollbackTask,
  startProcess,
  changeInstanceStatus,
  defineProcessListener,
  terminateProcess,
} from '../../src/server/workflow/runtime/workflowService.js';
import { fireDueTimers, SYSTEM_ACTOR_ID } from '../../src/server/workflow/runtime/timerScheduler.js';
import { waitFor } from './support/workflowServerProcess.js';
import { nextId } from '../../src/server/db/ids.js';
import { localApi } from '../../src/server/engine/localApi.js';
import { actorOf, deployXml, refusalOf, saveTestForm, type Account, type Actor } from './support/workflowRuntime.js';
import { processXml, type TestUserTask } from './support/workflowModels.js';
import { startTestServer, type TestServer } from './testServer.js';

const TENANT = '316979';
const DELEGATED_ONLY = '委托的任务只能办理后交还委托人';

let t: TestServer;
const actors = {} as Record<Account, Actor>;
const id = (account: Account) => actors[account].caller.userId;

const linear = (key: string, tasks: TestUserTask[], formKey?: string) =>
  processXml({
    key,
    name: key,
    formKey,
    tasks,
    flows: [
      { from: 'start', to: tasks[0].id },
      ...tasks.slice(1).map((task, i) => ({ from: tasks[i].id, to: task.id })),
      { from: tasks[tasks.length - 1].id, to: 'end' },
    ],
  });

interface TaskState {
  id: string;
  node: string;
  assignee: string | null;
  owner: string | null;
  delegated: number;
  status: number;
}

async function tasksOf(instanceId: string): Promise<TaskState[]> {
  const result = await t.db.query<TaskState>(
    `SELECT id::text AS id, task_definition_key AS node, assignee_id::text AS assignee, owner_id::text AS owner, delegated, status
       FROM flow_task WHERE process_instance_id = $1 AND is_deleted = 0 ORDER BY id`,
    [instanceId],
  );
  return result.rows;
}

const start = (account: Account, deploymentId: string, variables: Record<string, unknown> = {}) =>
  actors[account].act((ctx, tx) => startProcess(ctx, tx, { deploymentId, title: '规则测试', variables }));

beforeAll(async () => {
  t = await startTestServer();
  for (const account of ['admin', 'farm_admin', 'subject_admin', 'river_chief', 'inspector'] as Account[]) actors[account] = await actorOf(t, TENANT, account);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('a delegated task', () => {
  it('its delegate may only complete it (handing it back to the owner): transfer, delegate, rollback, terminate, add and remove instances refuse', async () => {
    const deploymentId = await deployXml(
      actors.admin,
      linear('delegatedRules', [
        { id: 'first', name: '初审', assigneeType: 'user', assignee: id('subject_admin') },
        {
          id: 'group',
          name: '会签',
          assigneeType: 'user',
          assignee: `${id('river_chief')},${id('admin')}`,
          multiInstance: 'parallel',
          completionCondition: 'all',
        },
      ]),
    );
    const started = await start('farm_admin', deploymentId);
    const moved = await actors.subject_admin.act((ctx, tx) => completeTask(ctx, tx, { taskId: started.tasks[0].id, pass: true }));
    const mine = moved.tasks.find((task) => String(task.assigneeId) === id('river_chief'))!;
    await actors.river_chief.act((ctx, tx) => reassignTask(ctx, tx, { taskId: mine.id, userId: id('inspector'), mode: 'delegate' }));
    const before = await tasksOf(started.processInstanceId);
    expect(before.find((task) => task.id === mine.id)).toMatchObject({ assignee: id('inspector'), owner: id('river_chief'), delegated: 1 });

    const delegate = actors.inspector;
    const attempts = {
      transfer: () => delegate.act((ctx, tx) => reassignTask(ctx, tx, { taskId: mine.id, userId: id('farm_admin'), mode: 'transfer' })),
      delegateAgain: () => delegate.act((ctx, tx) => reassignTask(ctx, tx, { taskId: mine.id, userId: id('farm_admin'), mode: 'delegate' })),
      rollback: () => delegate.act((ctx, tx) => rollbackTask(ctx, tx, { taskId: mine.id, targetNodeId: 'first' })),
      terminateByTask: () => delegate.act((ctx, tx) => terminateProcess(ctx, tx, { taskId: mine.id })),
      terminateByInstance: () => delegate.act((ctx, tx) => terminateProcess(ctx, tx, { processInstanceId: started.processInstanceId })),
      addInstance: () => delegate.act((ctx, tx) => addMultiInstance(ctx, tx, { taskId: mine.id, userIds: [id('farm_admin')] })),
      removeInstance: () => delegate.act((ctx, tx) => deleteMultiInstance(ctx, tx, { taskId: mine.id })),
    };
    for (const [name, attempt] of Object.entries(attempts)) {
      const refusal = await refusalOf(attempt());
      expect([name, refusal.status, refusal.text.zh, refusal.text.en]).toEqual([
        name,
        400,
        DELEGATED_ONLY,
        'A delegated task can only be handled and handed back to its owner',
      ]);
    }
    expect(await tasksOf(started.processInstanceId)).toEqual(before);

    // Completing hands it back to its owner; the process does not move.
    const back = await delegate.act((ctx, tx) => completeTask(ctx, tx, { taskId: mine.id, pass: true, comment: '已核实' }));
    expect(back.tasks.map((task) => [task.id, String(task.assigneeId), task.delegated])).toEqual([[mine.id, id('river_chief'), 0]]);
  });

  it('the monitor is exempt: acting as operator, a delegated task can be transferred', async () => {
    const deploymentId = await deployXml(
      actors.admin,
      linear('delegatedOps', [{ id: 'check', name: '审核', assigneeType: 'user', assignee: id('river_chief') }]),
    );
    const started = await start('farm_admin', deploymentId);
    const taskId = started.tasks[0].id;
    await actors.river_chief.act((ctx, tx) => reassignTask(ctx, tx, { taskId, userId: id('inspector'), mode: 'delegate' }));
    const moved = await actors.admin.act((ctx, tx) => reassignTask(ctx, tx, { taskId, userId: id('subject_admin'), mode: 'transfer' }, { asOperator: true }));
    expect(String(moved.assigneeId)).toBe(id('subject_admin'));
  });
});

describe('process variables', () => {
  const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : { inner: nested(depth - 1) });
  const variablesOf = async (instanceId: string) =>
    JSON.parse((await t.db.query('SELECT variables FROM flow_process_instance WHERE id = $1', [instanceId])).rows[0].variables) as Record<string, unknown>;

  it("a completion sets only the fields its form declares (and pass, comment); the start values stay the starter's", async () => {
    await saveTestForm(actors.admin, 'rulesStartForm', ['reason', 'amount']);
    await saveTestForm(actors.admin, 'rulesReviewForm', ['opinion', 'amount']);
    const deploymentId = await deployXml(
      actors.admin,
      linear(
        'variableRules',
        [
          { id: 'review', name: '复核', assigneeType: 'user', assignee: id('river_chief'), formKey: 'rulesReviewForm' },
          { id: 'look', name: '查看', assigneeType: 'user', assignee: id('admin'), formKey: 'rulesStartForm', formReadonly: true },
        ],
        'rulesStartForm',
      ),
    );
    const started = await start('farm_admin', deploymentId, { reason: '防汛检查', amount: 3 });
    const review = started.tasks[0].id;
    const refusal = await refusalOf(
      actors.river_chief.act((ctx, tx) => completeTask(ctx, tx, { taskId: review, pass: true, variables: { opinion: '同意', reason: '改过的理由' } })),
    );
    expect([refusal.status, refusal.text.zh, refusal.text.en]).toEqual([
      400,
      '流程变量「reason」不是本步骤表单的可填字段，不能修改',
      'The variable "reason" is not an editable field of this step\'s form and cannot be changed',
    ]);
    expect(await variablesOf(started.processInstanceId)).toEqual({ reason: '防汛检查', amount: 3 });
    // Sent back unchanged (the console posts every value it shows), a start value is no change; the form's own fields are set.
    const next = await actors.river_chief.act((ctx, tx) =>
      completeTask(ctx, tx, { taskId: review, pass: true, comment: '好', variables: { opinion: '同意', amount: 5, reason: '防汛检查', comment: '好' } }),
    );
    expect(await variablesOf(started.processInstanceId)).toEqual({ reason: '防汛检查', amount: 5, opinion: '同意', comment: '好', pass: true });
    // A step showing its form read-only sets nothing but pass and comment.
    const readOnly = await refusalOf(actors.admin.act((ctx, tx) => completeTask(ctx, tx, { taskId: next.tasks[0].id, pass: true, variables: { amount: 9 } })));
    expect(readOnly.text.en).toBe('The variable "amount" is not an editable field of this step\'s form and cannot be changed');
  });

  it('values nest at most 10 deep, at the start and at a completion', async () => {
    await saveTestForm(actors.admin, 'rulesDeepForm', ['detail']);
    const deploymentId = await deployXml(
      actors.admin,
      linear('deepVariables', [{ id: 'check', name: '审核', assigneeType: 'user', assignee: id('river_chief'), formKey: 'rulesDeepForm' }]),
    );
    const tooDeep = await refusalOf(start('farm_admin', deploymentId, { detail: nested(11) }));
    expect([tooDeep.status, tooDeep.text.zh]).toEqual([400, '流程变量「detail」嵌套不能超过 10 层']);
    const veryDeep = await refusalOf(start('farm_admin', deploymentId, { detail: nested(1500) }));
    expect(veryDeep.status).toBe(400);
    const started = await start('farm_admin', deploymentId, { detail: nested(10) });
    const atCompletion = await refusalOf(
      actors.river_chief.act((ctx, tx) => completeTask(ctx, tx, { taskId: started.tasks[0].id, pass: true, variables: { detail: nested(11) } })),
    );
    expect(atCompletion.text.en).toBe('The variable "detail" may nest at most 10 levels deep');
  });

  it('the stored variables stay within 256 KB and 200 names after a completion merged its values in', async () => {
    const fields = Array.from({ length: 250 }, (_, i) => `f${i}`);
    await saveTestForm(actors.admin, 'rulesWideForm', [...fields, 'big']);
    const deploymentId = await deployXml(
      actors.admin,
      linear('wideVariables', [{ id: 'one', name: '一审', assigneeType: 'user', assignee: id('river_chief'), formKey: 'rulesWideForm' }]),
    );
    const valuesOf = (names: string[], value: unknown) => Object.fromEntries(names.map((name) => [name, value]));
    const started = await start('farm_admin', deploymentId, { ...valuesOf(fields.slice(0, 150), 1), big: 'x'.repeat(200 * 1024) });
    const complete = (variables: Record<string, unknown>) =>
      refusalOf(actors.river_chief.act((ctx, tx) => completeTask(ctx, tx, { taskId: started.tasks[0].id, pass: true, variables })));
    // 100 new names on top of the start's 151, each call within its own limit: refused.
    const tooMany = await complete(valuesOf(fields.slice(150), 2));
    expect([tooMany.status, tooMany.text.zh]).toEqual([400, '流程变量总数不能超过 200 个']);
    // 100 KB more on top of the start's 200 KB: refused.
    const tooBig = await complete({ f200: 'y'.repeat(100 * 1024) });
    expect([tooBig.status, tooBig.text.zh]).toEqual([400, '流程变量合计不能超过 256 KB']);
    expect(Object.keys(await variablesOf(started.processInstanceId))).toHaveLength(151);
  });
});

describe('the monitor acting on a task', () => {
  const historyOf = async (taskId: string) =>
    (await t.db.query('SELECT assignee_id::text AS actor, flag FROM flow_activity WHERE task_id = $1 AND is_deleted = 0 ORDER BY id', [taskId])).rows;

  it('is recorded as the actor of a completion and a rollback, the holder kept as the one acted for', async () => {
    const deploymentId = await deployXml(
      actors.admin,
      linear('monitorActs', [
        { id: 'first', name: '初审', assigneeType: 'user', assignee: id('river_chief') },
        { id: 'second', name: '复审', assigneeType: 'user', assignee: id('inspector') },
      ]),
    );
    const started = await start('farm_admin', deploymentId);
    const first = started.tasks[0].id;
    const moved = await actors.admin.act((ctx, tx) => completeTask(ctx, tx, { taskId: first, pass: true, comment: '代为审批' }, { asOperator: true }));
    expect(await historyOf(first)).toEqual([{ actor: id('admin'), flag: 'pass' }]);
    expect((await tasksOf(started.processInstanceId)).find((task) => task.id === first)).toMatchObject({ assignee: id('admin'), owner: id('river_chief') });

    const second = moved.tasks[0].id;
    await actors.admin.act((ctx, tx) => rollbackTask(ctx, tx, { taskId: second, targetNodeId: 'first' }, { asOperator: true }));
    expect(await historyOf(second)).toEqual([{ actor: id('admin'), flag: 'rollback' }]);
    expect((await tasksOf(started.processInstanceId)).find((task) => task.id === second)).toMatchObject({ assignee: id('admin'), owner: id('inspector') });
  });

  it('the holder completing their own task is recorded as themselves, with no one acted for', async () => {
    const deploymentId = await deployXml(
      actors.admin,
      linear('holderActs', [{ id: 'check', name: '审核', assigneeType: 'user', assignee: id('river_chief') }]),
    );
    const started = await start('farm_admin', deploymentId);
    await actors.river_chief.act((ctx, tx) => completeTask(ctx, tx, { taskId: started.tasks[0].id, pass: false }));
    expect(await historyOf(started.tasks[0].id)).toEqual([{ actor: id('river_chief'), flag: 'reject' }]);
    expect((await tasksOf(started.processInstanceId))[0]).toMatchObject({ assignee: id('river_chief'), owner: null });
  });
});

describe('timers', () => {
  const dueTimer = async (instanceId: string, minutesAgo: number) => {
    const [task] = await tasksOf(instanceId);
    await t.db.query(`UPDATE flow_timer SET due_at = LOCALTIMESTAMP - make_interval(mins => $2) WHERE task_id = $1 AND kind = 'due'`, [task.id, minutesAgo]);
    return task.id;
  };
  const firedAt = async (taskId: string) =>
    (await t.db.query("SELECT fired_at IS NOT NULL AS fired FROM flow_timer WHERE task_id = $1 AND kind = 'due'", [taskId])).rows[0].fired as boolean;
  const reminders = async (taskId: string) =>
    Number((await t.db.query("SELECT count(*) FROM sys_notice_message WHERE business_id = $1 AND title LIKE '%任务已到期%'", [taskId])).rows[0].count);
  const dueXml = (key: string) => linear(key, [{ id: 'check', name: '限时审核', assigneeType: 'user', assignee: id('admin'), dueHours: 4, remindHours: 2 }]);

  it('a poll goes on past a timer whose instance is busy, and fires the next due one', async () => {
    const deploymentId = await deployXml(actors.admin, dueXml('busyTimers'));
    const busy = await start('farm_admin', deploymentId);
    const free = await start('farm_admin', deploymentId);
    const busyTask = await dueTimer(busy.processInstanceId, 10);
    const freeTask = await dueTimer(free.processInstanceId, 5);
    const holder = await t.db.connect();
    try {
      await holder.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [`flow-instance:${busy.processInstanceId}`]);
      await fireDueTimers(t.server.appDb);
      expect([await firedAt(busyTask), await firedAt(freeTask)]).toEqual([false, true]);
      expect(await reminders(freeTask)).toBe(1);
    } finally {
      await holder.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [`flow-instance:${busy.processInstanceId}`]);
      holder.release();
    }
  });

  it('no reminder for a suspended instance (it waits) or an ended one (marked fired)', async () => {
    const deploymentId = await deployXml(actors.admin, dueXml('quietTimers'));
    const suspended = await start('farm_admin', deploymentId);
    const ended = await start('farm_admin', deploymentId);
    await actors.admin.act((ctx, tx) => changeInstanceStatus(ctx, tx, { processInstanceId: suspended.processInstanceId, status: 'suspended' }));
    const suspendedTask = await dueTimer(suspended.processInstanceId, 5);
    // An ended instance's task is closed with it; its due row is made to look pending, as a crash between the two would leave it.
    await actors.admin.act((ctx, tx) => terminateProcess(ctx, tx, { processInstanceId: ended.processInstanceId }, { asOperator: true }));
    const endedTask = (await tasksOf(ended.processInstanceId))[0].id;
    await t.db.query(
      "UPDATE flow_timer SET fired_at = NULL, is_deleted = 0, due_at = LOCALTIMESTAMP - interval '5 minutes' WHERE task_id = $1 AND kind = 'due'",
      [endedTask],
    );
    await t.db.query('UPDATE flow_task SET status = 1 WHERE id = $1', [endedTask]);
    await fireDueTimers(t.server.appDb);
    await waitFor('both timers handled', async () => ((await firedAt(endedTask)) ? true : undefined));
    expect(await reminders(endedTask)).toBe(0);
    expect(await reminders(suspendedTask)).toBe(0);
    const waiting = await t.db.query(
      "SELECT fired_at IS NULL AS pending, due_at > LOCALTIMESTAMP + interval '50 minutes' AS later FROM flow_timer WHERE task_id = $1 AND kind = 'due'",
      [suspendedTask],
    );
    expect(waiting.rows).toEqual([{ pending: true, later: true }]);
  });

  it("a timer's turn runs as the system actor, not as the starter", async () => {
    const seen: string[] = [];
    defineProcessListener('test/timerActor', {
      async onEnd(ctx) {
        seen.push(ctx.caller.userId);
      },
    });
    const xml = processXml({
      key: 'timerActor',
      name: '定时结束',
      tasks: [],
      extra:
        '<bpmn:intermediateCatchEvent id="wait" name="等一小时"><bpmn:timerEventDefinition><bpmn:timeDuration xsi:type="bpmn:tFormalExpression">PT1H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>',
      flows: [
        { from: 'start', to: 'wait' },
        { from: 'wait', to: 'end' },
      ],
    });
    const deploymentId = await deployXml(actors.admin, xml);
    const started = await actors.farm_admin.act((ctx, tx) =>
      startProcess(ctx, tx, { deploymentId, title: '定时结束', businessTable: 'test/timerActor', businessId: '1' }),
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 1.1 * 3600 * 1000);
    try {
      await t.db.query("UPDATE flow_timer SET due_at = LOCALTIMESTAMP - interval '1 minute' WHERE process_instance_id = $1 AND kind = 'bpmnTimer'", [
        started.processInstanceId,
      ]);
      await fireDueTimers(t.server.appDb);
      for (let tries = 0; seen.length === 0 && tries < 100; tries += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      vi.useRealTimers();
    }
    expect(seen).toEqual([SYSTEM_ACTOR_ID]);
    expect(seen).not.toContain(id('farm_admin'));
  });
});

describe('where a task can go back to', () => {
  it("is told to the task's assignee and the monitor; anyone else, a participant too, gets 403", async () => {
    const deploymentId = await deployXml(
      actors.admin,
      linear('backNodesRules', [
        { id: 'first', name: '初审', assigneeType: 'user', assignee: id('river_chief') },
        { id: 'second', name: '复审', assigneeType: 'user', assignee: id('inspector') },
      ]),
    );
    const started = await start('farm_admin', deploymentId);
    const moved = await actors.river_chief.act((ctx, tx) => completeTask(ctx, tx, { taskId: started.tasks[0].id, pass: true }));
    const second = moved.tasks[0].id;
    const expected = [{ nodeId: 'first', nodeName: '初审' }];
    expect(await actors.inspector.act((ctx, tx) => getBackNodes(ctx, tx, second))).toEqual(expected);
    expect(await actors.admin.act((ctx, tx) => getBackNodes(ctx, tx, second, { asOperator: true }))).toEqual(expected);
    for (const account of ['farm_admin', 'river_chief', 'admin'] as Account[]) {
      const refusal = await refusalOf(actors[account].act((ctx, tx) => getBackNodes(ctx, tx, second)));
      expect([account, refusal.status]).toEqual([account, 403]);
    }
  });
});

describe('a sequential multi-instance step', () => {
  it('hands its next user the task as any step would: a user disabled since the start leaves the line, a proxy acts for its principal', async () => {
    const leaverId = nextId();
    await t.db.query(`INSERT INTO blade_user (id, tenant_id, account, password, name, real_name, status) VALUES ($1, $2, $3, 'x', $3, $3, 1)`, [
      leaverId,
      TENANT,
      `seq_leaver_${leaverId}`,
    ]);
    await actors.admin.act((ctx, tx) =>
      localApi(ctx, tx).create('flow/proxy', {
        principalId: id('subject_admin'),
        proxyId: id('inspector'),
        processKeys: 'sequentialLine',
        startTime: '2020-01-01 00:00:00',
        endTime: '2099-12-31 23:59:59',
        enabled: 1,
      }),
    );
    const line = [id('river_chief'), leaverId, id('subject_admin'), id('admin')];
    const deploymentId = await deployXml(
      actors.admin,
      linear('sequentialLine', [{ id: 'line', name: '依次审批', assigneeType: 'user', assignee: line.join(','), multiInstance: 'sequential' }]),
    );
    const started = await start('farm_admin', deploymentId);
    expect(started.tasks.map((task) => [String(task.assigneeId), task.candidateUserIds])).toEqual([[id('river_chief'), line.join(',')]]);
    await t.db.query('UPDATE blade_user SET status = 0 WHERE id = $1', [leaverId]);

    const second = await actors.river_chief.act((ctx, tx) => completeTask(ctx, tx, { taskId: started.tasks[0].id, pass: true }));
    const kept = [id('river_chief'), id('subject_admin'), id('admin')].join(',');
    expect(second.tasks.map((task) => [String(task.assigneeId), String(task.ownerId), task.candidateUserIds])).toEqual([
      [id('inspector'), id('subject_admin'), kept],
    ]);
    const third = await actors.inspector.act((ctx, tx) => completeTask(ctx, tx, { taskId: second.tasks[0].id, pass: true }));
    expect(third.tasks.map((task) => String(task.assigneeId))).toEqual([id('admin')]);
    const last = await actors.admin.act((ctx, tx) => completeTask(ctx, tx, { taskId: third.tasks[0].id, pass: true }));
    expect(last.ended).toBe(true);
  });
});
