/**
 * The task centre's HTTP answers (contract 14 §6), on the demo tenant 安溪县:
 * farm_admin starts processes; subject_admin holds one task; admin is a
 * candidate of another. Each list answers the caller's own rows in the
 * BladeFlow shape; the reads of one process answer its participants and
 * 流程监控 (admin) and are "not found" for anyone else; the routes of
 * 我的事务 need its menus (river_chief holds none).
 *
 * The instances here are written as the runtime writes them (fixtures), so
 * these tests hold the HTTP layer whatever the engine does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployThroughApi, seedInstance, signInDemo, type Accounts, type SeededInstance } from './support/workflowFixtures.js';
import { twoStepXml } from './support/workflowModels.js';
import { startTestServer, type TestServer } from './testServer.js';

const TENANT = '100001';
const FLOW = '/api/blade-flow';
const PROCESS = '/api/blade-workflow/process';

let t: TestServer;
let people: Accounts;
let deploymentId: string;
/** farm_admin's leave: first step done by subject_admin? no — open at subject_admin (assigned). */
let assigned: SeededInstance;
/** farm_admin's second process: open for the candidates admin and subject_admin. */
let claimable: SeededInstance;
/** subject_admin's finished process in which farm_admin handled the first step. */
let finished: SeededInstance;

beforeAll(async () => {
  t = await startTestServer();
  people = await signInDemo(t, TENANT);
  const { userId } = people;
  deploymentId = await deployThroughApi(t, people.token.admin, 'apiTwoStep', '两级审批', twoStepXml('apiTwoStep', userId.subject_admin, userId.admin));
  assigned = await seedInstance(t, TENANT, {
    deploymentId,
    startUserId: userId.farm_admin,
    title: '张三请假 2 天',
    tasks: [{ nodeId: 'first', name: '一级审批', assigneeId: userId.subject_admin, buttons: 'flow_pass,flow_reject,flow_transfer' }],
  });
  claimable = await seedInstance(t, TENANT, {
    deploymentId,
    startUserId: userId.farm_admin,
    title: '李四出差申请',
    tasks: [{ nodeId: 'second', name: '二级审批', candidateUserIds: `${userId.admin},${userId.subject_admin}` }],
  });
  finished = await seedInstance(t, TENANT, {
    deploymentId,
    startUserId: userId.subject_admin,
    title: '王五报销',
    status: 2,
    tasks: [{ nodeId: 'first', name: '一级审批', assigneeId: userId.farm_admin, status: 2, endTime: '2026-01-02 10:00:00' }],
  });
});
afterAll(() => t?.close());

const get = (path: string, as: keyof Accounts['token'], headers: Record<string, string> = {}) => t.api(path, { token: people.token[as], headers });

async function records(path: string, as: keyof Accounts['token']) {
  const answer = await get(path, as);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.records as Record<string, unknown>[];
}

describe('the task centre lists', () => {
  it('todo-list: the open tasks assigned to the caller, in the BladeFlow shape', async () => {
    const rows = await records(`${FLOW}/work/todo-list`, 'subject_admin');
    const row = rows.find((r) => r.taskId === assigned.tasks[0].id)!;
    expect(row).toMatchObject({
      taskName: '一级审批',
      taskDefinitionKey: 'first',
      assignee: people.userId.subject_admin,
      processInstanceId: assigned.id,
      processDefinitionId: deploymentId,
      processDefinitionKey: 'apiTwoStep',
      processDefinitionName: '两级审批',
      processDefinitionVersion: 1,
      status: 1,
      processIsFinished: false,
      title: '张三请假 2 天',
    });
    expect(row.assigneeName).toBeTruthy();
    expect(row.startUserName).toBeTruthy();
    expect(row.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await records(`${FLOW}/work/todo-list`, 'farm_admin')).toEqual([]);
  });

  it('claim-list: unclaimed tasks the caller is a candidate of — not another user, and not a task someone holds', async () => {
    const forAdmin = await records(`${FLOW}/work/claim-list`, 'admin');
    expect(forAdmin.map((r) => r.taskId)).toContain(claimable.tasks[0].id);
    expect(forAdmin.map((r) => r.taskId)).not.toContain(assigned.tasks[0].id);
    expect((await records(`${PROCESS}/claimList`, 'subject_admin')).map((r) => r.taskId)).toContain(claimable.tasks[0].id);
    expect(await records(`${FLOW}/work/claim-list`, 'farm_admin')).toEqual([]);
  });

  it('send-list: the instances the caller started, newest first', async () => {
    const rows = await records(`${FLOW}/work/send-list`, 'farm_admin');
    expect(rows.map((r) => r.processInstanceId).sort()).toEqual([assigned.id, claimable.id].sort());
    expect(rows[0]).toMatchObject({ taskId: null, processDefinitionName: '两级审批' });
    expect((await records(`${PROCESS}/sendList`, 'subject_admin')).map((r) => r.processInstanceId)).toEqual([finished.id]);
  });

  it('done-list and myDoneList: what the caller handled, with the process finished', async () => {
    const done = await records(`${FLOW}/work/done-list`, 'farm_admin');
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ processInstanceId: finished.id, processIsFinished: true, status: 2, endTime: '2026-01-02 10:00:00' });
    expect((await records(`${PROCESS}/myDoneList`, 'farm_admin')).map((r) => r.taskId)).toEqual([finished.tasks[0].id]);
    expect(await records(`${PROCESS}/doneList`, 'subject_admin')).toEqual([]);
  });

  it('filters by a word of the process name or title, by category and by creation date', async () => {
    expect((await records(`${FLOW}/work/send-list?processDefinitionName=${encodeURIComponent('出差')}`, 'farm_admin')).map((r) => r.title)).toEqual([
      '李四出差申请',
    ]);
    expect(await records(`${FLOW}/work/send-list?title=${encodeURIComponent('%')}`, 'farm_admin')).toEqual([]);
    expect(await records(`${FLOW}/work/send-list?beginDate=2000-01-01&endDate=2000-01-02`, 'farm_admin')).toEqual([]);
    expect(await records(`${FLOW}/work/send-list?category=1`, 'farm_admin')).toEqual([]);
  });

  it('pages: current and size, the engine page shape', async () => {
    const answer = await get(`${FLOW}/work/send-list?current=2&size=1`, 'farm_admin');
    expect(answer.body.data).toMatchObject({ total: 2, size: 1, current: 2, pages: 2 });
    expect(answer.body.data.records).toHaveLength(1);
  });

  it('refuses bad filters with a 400 naming the parameter, in the caller language', async () => {
    for (const query of ['size=0', 'size=501', 'current=x', 'beginDate=2026-02-30', 'endDate=yesterday', 'category=abc', `title=${'x'.repeat(101)}`]) {
      const answer = await get(`${FLOW}/work/todo-list?${query}`, 'subject_admin');
      expect(answer.status, query).toBe(400);
    }
    const english = await get(`${FLOW}/work/todo-list?size=0`, 'subject_admin', { 'Accept-Language': 'en' });
    expect(english.body.msg).toMatch(/size/);
    expect(english.body.msg).toMatch(/integer/);
  });

  it('start-list / processList: the latest active deployment of each key, as FlowProcess rows', async () => {
    const rows = await records(`${FLOW}/work/start-list`, 'farm_admin');
    const row = rows.find((r) => r.key === 'apiTwoStep');
    expect(row).toMatchObject({ id: deploymentId, name: '两级审批', version: 1, suspensionState: 1, tenantId: TENANT, deploymentId });
    expect((await records(`${PROCESS}/processList?processDefinitionName=apiTwo`, 'farm_admin')).map((r) => r.key)).toEqual(['apiTwoStep']);
  });

  it('need a 我的事务 menu: river_chief holds none', async () => {
    for (const path of [
      `${FLOW}/work/todo-list`,
      `${FLOW}/work/claim-list`,
      `${FLOW}/work/send-list`,
      `${FLOW}/work/done-list`,
      `${PROCESS}/copyList`,
      `${FLOW}/work/start-list`,
    ]) {
      expect((await get(path, 'river_chief')).status, path).toBe(403);
    }
  });
});

describe('the reads of one process', () => {
  it('detail: the instance, the caller open task with its buttons and form, the variables and the history', async () => {
    const answer = await get(`${PROCESS}/detail?processInstanceId=${assigned.id}`, 'subject_admin');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const detail = answer.body.data;
    expect(detail.process).toMatchObject({ id: assigned.id, processInstanceId: assigned.id, title: '张三请假 2 天', processDefinitionName: '两级审批' });
    expect(detail.process.startUserName).toBeTruthy();
    expect(detail.process).not.toHaveProperty('engineState');
    expect(detail.process).not.toHaveProperty('variables');
    expect(detail.variables).toEqual({ days: 2 });
    expect(detail.task).toMatchObject({ taskId: assigned.tasks[0].id, taskName: '一级审批', formReadonly: false });
    expect(detail.task.buttons.map((b: { buttonKey: string }) => b.buttonKey)).toEqual(['flow_pass', 'flow_reject', 'flow_transfer']);
    expect(detail.task.buttons[0].name).toBe('同意');
    expect(detail.history.map((h: { historyActivityType: string }) => h.historyActivityType)).toEqual(['bpmn:StartEvent', 'bpmn:UserTask']);
    expect(detail).toMatchObject({ canUrge: false });
  });

  it('detail by task id finds the instance (the inbox link carries the task only)', async () => {
    const answer = await get(`${PROCESS}/detail?taskId=${assigned.tasks[0].id}`, 'subject_admin');
    expect(answer.status).toBe(200);
    expect(answer.body.data.process.id).toBe(assigned.id);
  });

  it('the starter may urge and sees no task of their own', async () => {
    const detail = (await get(`${PROCESS}/detail?processInstanceId=${assigned.id}`, 'farm_admin')).body.data;
    expect(detail).toMatchObject({ task: null, canUrge: true, canWithdraw: true });
  });

  it('history-flow-list in time order without the flows; model-view with them and the XML', async () => {
    const history = await get(`${FLOW}/process/history-flow-list?processInstanceId=${finished.id}`, 'farm_admin');
    expect(history.status).toBe(200);
    expect(history.body.data.map((h: { historyActivityId: string }) => h.historyActivityId)).toEqual(['start', 'first']);
    expect(history.body.data[1]).toMatchObject({ assignee: people.userId.farm_admin, historyActivityDurationTime: '30分' });
    const english = await get(`${FLOW}/process/history-flow-list?processInstanceId=${finished.id}`, 'farm_admin', { 'Accept-Language': 'en' });
    expect(english.body.data[1].historyActivityDurationTime).toBe('30m');
    const view = await get(`${FLOW}/process/model-view?processInstanceId=${finished.id}`, 'farm_admin');
    expect(view.body.data.xml).toContain('id="apiTwoStep"');
    expect(view.body.data.flow).toEqual([
      { historyActivityId: 'start', historyActivityType: 'bpmn:StartEvent', endTime: expect.any(String) },
      { historyActivityId: 'flow_to_first', historyActivityType: 'bpmn:SequenceFlow', endTime: expect.any(String) },
      { historyActivityId: 'first', historyActivityType: 'bpmn:UserTask', endTime: expect.any(String) },
    ]);
  });

  it('a process the caller takes no part in is not found; 流程监控 (admin) sees every one', async () => {
    expect((await get(`${PROCESS}/detail?processInstanceId=${finished.id}`, 'inspector')).status).toBe(403);
    const stranger = await get(`${PROCESS}/detail?processInstanceId=${assigned.id}`, 'farm_admin');
    expect(stranger.status).toBe(200);
    // subject_admin has 我的事务 but no part in claimable? — they are a candidate: visible.
    expect((await get(`${PROCESS}/detail?processInstanceId=${claimable.id}`, 'subject_admin')).status).toBe(200);
    // farm_admin took no part in … every fixture instance involves farm_admin, so use a fresh one.
    const other = await seedInstance(t, TENANT, {
      deploymentId,
      startUserId: people.userId.subject_admin,
      title: '别人的流程',
      tasks: [{ nodeId: 'first', name: '一级审批', assigneeId: people.userId.subject_admin }],
    });
    for (const path of [
      `${PROCESS}/detail?processInstanceId=${other.id}`,
      `${PROCESS}/detail?taskId=${other.tasks[0].id}`,
      `${FLOW}/process/history-flow-list?processInstanceId=${other.id}`,
      `${FLOW}/process/model-view?processInstanceId=${other.id}`,
    ]) {
      const answer = await get(path, 'farm_admin');
      expect(answer.status, path).toBe(404);
    }
    expect((await get(`${PROCESS}/detail?processInstanceId=${other.id}`, 'admin')).status).toBe(200);
  });

  it('start forms and XML by definition id or key', async () => {
    const byId = await get(`${PROCESS}/getFormByProcessId?processDefinitionId=${deploymentId}`, 'farm_admin');
    expect(byId.body.data).toMatchObject({ processDefinitionId: deploymentId, processKey: 'apiTwoStep', name: '两级审批', form: null });
    const byKey = await get(`${PROCESS}/getFormByProcessDefKey?processDefinitionKey=apiTwoStep`, 'farm_admin');
    expect(byKey.body.data.processDefinitionId).toBe(deploymentId);
    const xml = await get(`${PROCESS}/getXmlByProcessDefKey?processDefinitionKey=apiTwoStep`, 'farm_admin');
    expect(xml.body.data.xml).toContain('rsc:assigneeType');
    expect((await get(`${PROCESS}/getXmlByProcessDefId?processDefinitionId=1`, 'farm_admin')).status).toBe(404);
    expect((await get(`${PROCESS}/getFormByProcessDefKey?processDefinitionKey=${encodeURIComponent("x' or 1=1")}`, 'farm_admin')).status).toBe(400);
  });

  it('bad ids are a 400 naming the parameter, missing ones too', async () => {
    expect((await get(`${PROCESS}/detail`, 'farm_admin')).status).toBe(400);
    expect((await get(`${PROCESS}/detail?processInstanceId=abc`, 'farm_admin')).status).toBe(400);
    expect((await get(`${FLOW}/process/history-flow-list?processInstanceId=1;drop`, 'farm_admin')).status).toBe(400);
  });
});
