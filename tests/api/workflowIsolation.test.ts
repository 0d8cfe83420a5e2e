/**
 * Tenant isolation of the workflow API (contract 14 §6): a process of 安溪县
 * (100001) does not exist for 仙游县 (316979) — not in any list, and every
 * read or action naming its ids answers 404 and changes nothing, even for
 * 仙游县's administrator (who holds 流程监控 and every 我的事务 button). The
 * same process key deployed in each tenant starts each tenant's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployThroughApi, signInDemo, taskRow, type Accounts } from './support/workflowFixtures.js';
import { twoStepXml } from './support/workflowModels.js';
import { startTestServer, type TestServer } from './testServer.js';

const TENANT_A = '100001';
const TENANT_B = '316979';
const PROCESS = '/api/blade-workflow/process';
const FLOW = '/api/blade-flow';

let t: TestServer;
let a: Accounts;
let b: Accounts;
let deploymentA: string;
let deploymentB: string;
let instanceA: string;
let taskA: string;

beforeAll(async () => {
  t = await startTestServer();
  a = await signInDemo(t, TENANT_A);
  b = await signInDemo(t, TENANT_B);
  deploymentA = await deployThroughApi(t, a.token.admin, 'isoTwoStep', '两级审批', twoStepXml('isoTwoStep', a.userId.subject_admin, a.userId.admin));
  deploymentB = await deployThroughApi(t, b.token.admin, 'isoTwoStep', '两级审批', twoStepXml('isoTwoStep', b.userId.subject_admin, b.userId.admin));
  const started = await t.api(`${PROCESS}/startProcess`, { token: a.token.farm_admin, body: { processDefinitionId: deploymentA, title: '安溪的流程' } });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  instanceA = started.body.data.processInstanceId;
  taskA = started.body.data.tasks[0].taskId;
});
afterAll(() => t?.close());

const asB = (path: string, body?: unknown) => t.api(path, { token: b.token.admin, body });

describe("another tenant's process", () => {
  it('is in none of its lists', async () => {
    for (const path of [`${FLOW}/follow/list`, `${PROCESS}/ops/list`, `${FLOW}/work/todo-list`, `${FLOW}/work/claim-list`, `${FLOW}/work/send-list`]) {
      const answer = await asB(path);
      expect(answer.status, path).toBe(200);
      const ids = answer.body.data.records.map((r: { processInstanceId: string }) => r.processInstanceId);
      expect(ids, path).not.toContain(instanceA);
    }
    const startList = await asB(`${FLOW}/work/start-list`);
    const startable = startList.body.data.records.map((r: { id: string }) => r.id);
    expect(startable).toContain(deploymentB);
    expect(startable).not.toContain(deploymentA);
    const todoB = await t.api(`${FLOW}/work/todo-list`, { token: b.token.subject_admin });
    expect(todoB.body.data.records).toEqual([]);
  });

  it('every read naming its ids is not found', async () => {
    for (const path of [
      `${PROCESS}/detail?processInstanceId=${instanceA}`,
      `${PROCESS}/detail?taskId=${taskA}`,
      `${FLOW}/process/history-flow-list?processInstanceId=${instanceA}`,
      `${FLOW}/process/model-view?processInstanceId=${instanceA}`,
      `${FLOW}/process/model-view?processDefinitionId=${deploymentA}`,
      `${PROCESS}/getXmlByProcessDefId?processDefinitionId=${deploymentA}`,
      `${PROCESS}/getFormByProcessId?processDefinitionId=${deploymentA}`,
      `${PROCESS}/getBackNodes?taskId=${taskA}`,
      `${PROCESS}/ops/processNodes?processInstanceId=${instanceA}`,
    ]) {
      expect((await asB(path)).status, path).toBe(404);
    }
  });

  it('every action naming its ids is not found and changes nothing', async () => {
    const before = await taskRow(t, taskA);
    const actions: [string, Record<string, unknown>][] = [
      [`${PROCESS}/completeTask`, { taskId: taskA, pass: true }],
      [`${PROCESS}/claimTask?taskId=${taskA}`, {}],
      [`${PROCESS}/transferTask`, { taskId: taskA, userId: b.userId.farm_admin }],
      [`${PROCESS}/delegateTask`, { taskId: taskA, userId: b.userId.farm_admin }],
      [`${PROCESS}/rollbackTask`, { taskId: taskA, nodeId: 'first' }],
      [`${PROCESS}/copyTask`, { taskId: taskA, userIds: [b.userId.farm_admin] }],
      [`${PROCESS}/terminateProcess`, { processInstanceId: instanceA }],
      [`${PROCESS}/withdrawTask`, { processInstanceId: instanceA }],
      [`${PROCESS}/urgeTask`, { processInstanceId: instanceA }],
      [`${PROCESS}/addMultiInstance`, { taskId: taskA, userIds: [b.userId.farm_admin] }],
      [`${PROCESS}/deleteMultiInstance`, { taskId: taskA }],
      [`${PROCESS}/ops/changeStatus`, { processInstanceId: instanceA, status: 'suspended' }],
      [`${PROCESS}/ops/changeAssignee`, { taskId: taskA, userId: b.userId.farm_admin }],
      [`${PROCESS}/ops/dispatchTask`, { taskId: taskA, userId: b.userId.farm_admin }],
      [`${PROCESS}/ops/terminateProcess`, { processInstanceId: instanceA }],
      [`${FLOW}/follow/delete-process-instance`, { processInstanceId: instanceA }],
      [`${PROCESS}/startProcess`, { processDefinitionId: deploymentA }],
    ];
    for (const [path, body] of actions) expect((await asB(path, body)).status, path).toBe(404);
    expect(await taskRow(t, taskA)).toEqual(before);
    const instance = await t.db.query('SELECT status, is_deleted FROM flow_process_instance WHERE id = $1', [instanceA]);
    expect(instance.rows[0]).toEqual({ status: 1, is_deleted: 0 });
  });

  it('the same key starts each tenant its own deployment', async () => {
    const started = await t.api(`${PROCESS}/startProcessByKey`, { token: b.token.farm_admin, body: { processDefinitionKey: 'isoTwoStep' } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const row = await t.db.query('SELECT tenant_id, deployment_id::text FROM flow_process_instance WHERE id = $1', [started.body.data.processInstanceId]);
    expect(row.rows[0]).toEqual({ tenant_id: TENANT_B, deployment_id: deploymentB });
  });
});
