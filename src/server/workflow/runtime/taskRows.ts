/**
 * The task rows of a user-task node (contract 14 §2, §3): created when the engine waits on the node —
 * assigned, offered to candidates, or one per user for a multi-instance node — each with its history
 * row (flow/activity), an inbox message to whoever must act and, with rsc:dueHours, a due timer.
 * Closing a task closes its history row with the same result.
 */
import { nextId } from '../../db/ids.js';
import { localApi } from '../../engine/localApi.js';
import { badRequest } from '../../http/apiError.js';
import { deliver, ORDER_TYPE } from '../../notice/deliver.js';
import type { ProcessNode, UserTaskConfig } from '../bpmn/parseProcessXml.js';
import { activeProxyFor } from '../design/proxies.js';
import { resolveAssignees } from './assignees.js';
import { addHours } from './runtimeClock.js';
import { TASK_STATUS, type InstanceRow, type RuntimeContext, type TaskRow, type Tx, type Variables } from './runtimeTypes.js';

export interface NewTask {
  assigneeId: string | null;
  candidateUserIds?: string;
  ownerId?: string | null;
  multiInstanceGroup?: string | null;
  /** The task whose completion (rollback, withdrawal, transfer) created this one. */
  sourceTaskId?: string | null;
}

export const noOneToAct = (node: ProcessNode) =>
  badRequest(`节点「${node.name}」没有可办理的人员`, `Nobody can handle the step "${node.name}" (no assignee resolves)`);

/** A user whose proxy is active gets the task through the proxy; the principal stays as the owner. */
export async function throughProxy(
  ctx: RuntimeContext,
  tx: Tx,
  userId: string,
  processKey: string,
  now: string,
): Promise<{ assigneeId: string; ownerId: string | null }> {
  const proxy = await activeProxyFor(ctx, tx, userId, processKey, now);
  return proxy?.proxyId ? { assigneeId: String(proxy.proxyId), ownerId: userId } : { assigneeId: userId, ownerId: null };
}

/** Writes one task of a node with its history row, inbox message and due timer. */
export async function insertTask(ctx: RuntimeContext, tx: Tx, instance: InstanceRow, node: ProcessNode, task: NewTask, now: string): Promise<TaskRow> {
  const config = node.userTask as UserTaskConfig;
  const api = localApi(ctx, tx).tenantWide();
  const dueTime = config.dueHours ? addHours(now, config.dueHours) : undefined;
  const row = await api.create('flow/task', {
    processInstanceId: instance.id,
    deploymentId: instance.deploymentId,
    processKey: instance.processKey,
    taskDefinitionKey: node.id,
    name: node.name,
    assigneeId: task.assigneeId ?? undefined,
    candidateUserIds: task.candidateUserIds ?? undefined,
    ownerId: task.ownerId ?? undefined,
    delegated: 0,
    status: TASK_STATUS.open,
    multiInstanceGroup: task.multiInstanceGroup ?? undefined,
    dueTime,
    formKey: config.formKey ?? undefined,
    buttons: config.buttons.join(','),
    urgeCount: 0,
    sourceTaskId: task.sourceTaskId ?? undefined,
  } as Partial<TaskRow>);
  await api.create('flow/activity', {
    processInstanceId: instance.id,
    activityId: node.id,
    activityName: node.name,
    activityType: node.type,
    taskId: row.id,
    assigneeId: task.assigneeId ?? undefined,
    startTime: now,
  });
  if (dueTime) await api.create('flow/timer', { processInstanceId: instance.id, taskId: row.id, kind: 'due', dueAt: dueTime });
  await notifyTask(ctx, tx, instance, row, `「${instance.processName}」待您审批：${node.name}`);
  return row;
}

/** The people a task waits for: its assignee, or its candidates while nobody has claimed it. */
export function waitingUsers(task: Pick<TaskRow, 'assigneeId' | 'candidateUserIds'>): string[] {
  if (task.assigneeId) return [String(task.assigneeId)];
  return (task.candidateUserIds ?? '').split(',').filter(Boolean);
}

/** An inbox message about a task to whoever must act on it (zh: the inbox is Chinese only). */
export async function notifyTask(ctx: RuntimeContext, tx: Tx, instance: InstanceRow, task: TaskRow, title: string, users = waitingUsers(task)): Promise<void> {
  await deliver(tx, ctx.caller.tenantId, ctx.caller.userId, users, {
    kind: 'business',
    title,
    content: instance.title ?? null,
    orderType: ORDER_TYPE.workflowTask,
    businessId: task.id,
  });
}

/**
 * The tasks of a node the engine now waits on. `preferred`: the user who did the node before (a
 * rollback gives the node back to its previous single assignee when that user still qualifies).
 */
export async function createNodeTasks(
  ctx: RuntimeContext,
  tx: Tx,
  instance: InstanceRow,
  node: ProcessNode,
  variables: Variables,
  now: string,
  preferred?: string,
  sourceTaskId?: string,
): Promise<TaskRow[]> {
  const config = node.userTask;
  if (!config) return [];
  const parties = { startUserId: String(instance.startUserId), startDeptId: instance.startDeptId ? String(instance.startDeptId) : null };
  const resolution = await resolveAssignees(ctx, tx, config, parties, variables);
  const users = resolution.userIds;
  if (users.length === 0) throw noOneToAct(node);
  const processKey = String(instance.processKey);
  if (config.multiInstance === 'parallel') {
    const group = nextId();
    const created: TaskRow[] = [];
    for (const userId of users)
      created.push(
        await insertTask(ctx, tx, instance, node, { ...(await throughProxy(ctx, tx, userId, processKey, now)), multiInstanceGroup: group, sourceTaskId }, now),
      );
    return created;
  }
  if (config.multiInstance === 'sequential') {
    // One after another: the group's users in order are kept on each instance (candidateUserIds), the first acts now.
    const first = await throughProxy(ctx, tx, users[0], processKey, now);
    return [await insertTask(ctx, tx, instance, node, { ...first, candidateUserIds: users.join(','), multiInstanceGroup: nextId(), sourceTaskId }, now)];
  }
  if (preferred && users.includes(preferred))
    return [await insertTask(ctx, tx, instance, node, { ...(await throughProxy(ctx, tx, preferred, processKey, now)), sourceTaskId }, now)];
  if (resolution.asCandidates) return [await insertTask(ctx, tx, instance, node, { assigneeId: null, candidateUserIds: users.join(','), sourceTaskId }, now)];
  return [await insertTask(ctx, tx, instance, node, { ...(await throughProxy(ctx, tx, users[0], processKey, now)), sourceTaskId }, now)];
}

export interface TaskClosing {
  status: number;
  flag: string;
  comment?: string | null;
  /**
   * Who did it, when they act on the task themselves (completion, rollback): the monitor acting for the
   * holder is recorded as the task's assignee and in its history row, the holder kept as the owner (on
   * whose behalf). Absent: the task was closed by someone else's action and keeps its own assignee.
   */
  actorId?: string | null;
}

/** The task's assignee and owner after its closing: the actor acting for someone else becomes the assignee, that someone the owner. */
function actingRows(task: TaskRow, actorId: string | null | undefined): Partial<TaskRow> {
  if (!actorId || String(task.assigneeId ?? '') === actorId) return {};
  return { assigneeId: actorId, ownerId: task.ownerId ?? task.assigneeId ?? null } as Partial<TaskRow>;
}

/** Ends a task with a status and closes its history row. */
export async function closeTask(ctx: RuntimeContext, tx: Tx, task: TaskRow, closing: TaskClosing, now: string): Promise<TaskRow> {
  const api = localApi(ctx, tx).tenantWide();
  const comment = closing.comment ?? undefined;
  const updated = await api.update('flow/task', task.id, {
    status: closing.status,
    flag: closing.flag,
    comment,
    endTime: now,
    ...actingRows(task, closing.actorId),
  } as Partial<TaskRow>);
  const actorId = closing.actorId ?? task.assigneeId ?? undefined;
  const open = await api.find('flow/activity', { where: { taskId: task.id, endTime: null }, limit: 10 });
  for (const row of open) await api.update('flow/activity', row.id, { endTime: now, flag: closing.flag, comment, assigneeId: actorId ?? undefined });
  return updated;
}

/** The open tasks of an instance (of one node, when given). */
export function openTasks(ctx: RuntimeContext, tx: Tx, instanceId: string, nodeId?: string): Promise<TaskRow[]> {
  return localApi(ctx, tx)
    .tenantWide()
    .find('flow/task', {
      where: { processInstanceId: instanceId, status: TASK_STATUS.open, ...(nodeId ? { taskDefinitionKey: nodeId } : {}) },
      sort: ['createTime asc'],
      limit: 1000,
    });
}
