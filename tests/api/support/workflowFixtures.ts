/**
 * Workflow test fixtures: the demo accounts of a tenant, a process deployed
 * through the design API (model submit, then deploy), and — for the HTTP
 * layer's own tests, which must not depend on the engine's run — an instance
 * with its tasks and history written as the runtime writes them.
 */
import { expect } from 'vitest';
import { nextId } from '../../../src/server/db/ids.js';
import type { TestServer } from '../testServer.js';

export type DemoAccount = 'admin' | 'farm_admin' | 'subject_admin' | 'river_chief' | 'inspector';
export const DEMO_ACCOUNTS: DemoAccount[] = ['admin', 'farm_admin', 'subject_admin', 'river_chief', 'inspector'];

export interface Accounts {
  token: Record<DemoAccount, string>;
  userId: Record<DemoAccount, string>;
}

/** Signs every demo account of the tenant in. */
export async function signInDemo(t: TestServer, tenantId: string): Promise<Accounts> {
  const token = {} as Record<DemoAccount, string>;
  const userId = {} as Record<DemoAccount, string>;
  for (const account of DEMO_ACCOUNTS) {
    token[account] = await t.signIn(tenantId, account);
    const user = await t.db.query('SELECT id::text AS id FROM blade_user WHERE tenant_id = $1 AND account = $2 AND is_deleted = 0', [tenantId, account]);
    userId[account] = user.rows[0].id;
  }
  return { token, userId };
}

/** Saves a model with the XML and deploys it through the design API; answers the deployment (processDefinitionId). */
export async function deployThroughApi(t: TestServer, adminToken: string, key: string, name: string, xml: string): Promise<string> {
  const saved = await t.api('/api/blade-workflow/design/model/submit', { token: adminToken, body: { modelKey: key, name, xml } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const deployed = await t.api('/api/blade-workflow/design/model/deploy', { token: adminToken, body: { modelId: saved.body.data.id } });
  expect(deployed.status, JSON.stringify(deployed.body)).toBe(200);
  const rows = Array.isArray(deployed.body.data) ? deployed.body.data : [deployed.body.data];
  return String(rows[0].id);
}

export interface SeededTask {
  id: string;
  nodeId: string;
  name: string;
  assigneeId?: string | null;
  candidateUserIds?: string;
  buttons?: string;
  status?: number;
  endTime?: string | null;
  multiInstanceGroup?: string | null;
}

export interface SeededInstance {
  id: string;
  tasks: SeededTask[];
}

/**
 * An instance of a deployment started by `startUserId`, with the given tasks (open unless said otherwise)
 * and the history rows a run leaves: the start event, the flow taken to each task, each task's run.
 */
export async function seedInstance(
  t: TestServer,
  tenantId: string,
  options: { deploymentId: string; startUserId: string; title: string; status?: number; tasks: Omit<SeededTask, 'id'>[] },
): Promise<SeededInstance> {
  const deployment = (
    await t.db.query('SELECT process_key, name, category_id FROM flow_deployment WHERE tenant_id = $1 AND id = $2', [tenantId, options.deploymentId])
  ).rows[0];
  const id = nextId();
  await t.db.query(
    `INSERT INTO flow_process_instance (id, tenant_id, deployment_id, process_key, process_name, category_id, title, start_user_id, start_time, status, variables, current_node_names, create_user, update_user)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, LOCALTIMESTAMP(0) - interval '1 hour', $9, '{"days": 2}', $10, $8, $8)`,
    [
      id,
      tenantId,
      options.deploymentId,
      deployment.process_key,
      deployment.name,
      deployment.category_id,
      options.title,
      options.startUserId,
      options.status ?? 1,
      options.tasks.map((task) => task.name).join(','),
    ],
  );
  await history(t, tenantId, id, { activityId: 'start', name: '开始', type: 'bpmn:StartEvent', assigneeId: options.startUserId, ended: true });
  const tasks: SeededTask[] = [];
  for (const task of options.tasks) {
    const taskId = nextId();
    const status = task.status ?? 1;
    await t.db.query(
      `INSERT INTO flow_task (id, tenant_id, process_instance_id, deployment_id, process_key, task_definition_key, name, assignee_id, candidate_user_ids,
                              status, buttons, multi_instance_group, end_time, create_user, update_user, create_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, LOCALTIMESTAMP(0) - interval '30 minutes')`,
      [
        taskId,
        tenantId,
        id,
        options.deploymentId,
        deployment.process_key,
        task.nodeId,
        task.name,
        task.assigneeId ?? null,
        task.candidateUserIds ?? null,
        status,
        task.buttons ?? 'flow_pass,flow_reject',
        task.multiInstanceGroup ?? null,
        status === 1 ? null : (task.endTime ?? null),
        options.startUserId,
      ],
    );
    await history(t, tenantId, id, { activityId: `flow_to_${task.nodeId}`, name: '', type: 'bpmn:SequenceFlow', ended: true });
    await history(t, tenantId, id, {
      activityId: task.nodeId,
      name: task.name,
      type: 'bpmn:UserTask',
      taskId,
      assigneeId: task.assigneeId ?? null,
      ended: status !== 1,
    });
    tasks.push({ ...task, id: taskId });
  }
  return { id, tasks };
}

async function history(
  t: TestServer,
  tenantId: string,
  instanceId: string,
  row: { activityId: string; name: string; type: string; taskId?: string; assigneeId?: string | null; ended: boolean },
): Promise<void> {
  await t.db.query(
    `INSERT INTO flow_activity (id, tenant_id, process_instance_id, activity_id, activity_name, activity_type, task_id, assignee_id, start_time, end_time, create_user, update_user)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, LOCALTIMESTAMP(0) - interval '40 minutes', CASE WHEN $9 THEN LOCALTIMESTAMP(0) - interval '10 minutes' END, 0, 0)`,
    [nextId(), tenantId, instanceId, row.activityId, row.name, row.type, row.taskId ?? null, row.assigneeId ?? null, row.ended],
  );
}

/** A task row as stored (for checking that a refusal changed nothing). */
export async function taskRow(t: TestServer, taskId: string) {
  return (
    await t.db.query(
      `SELECT id::text, assignee_id::text AS "assigneeId", owner_id::text AS "ownerId", delegated, status, urge_count AS "urgeCount", version
         FROM flow_task WHERE id = $1`,
      [taskId],
    )
  ).rows[0];
}
