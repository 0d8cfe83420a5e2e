/**
 * Multi-instance at task level (contract 14 §2): the engine waits once on the node, the runtime keeps
 * one task per user — all at once (parallel) or one after another (sequential: the group's users in
 * order ride on each instance's candidateUserIds). After each completion the node's completion rule
 * decides whether the group is done and with which `pass`:
 *
 *   all       a rejection ends it rejected; every member passing ends it passed
 *   any       the first completion ends it, with its pass
 *   ratio:r   passes reaching r of the members end it passed; rejections making r unreachable end it rejected
 *
 * Members are the group's tasks that count: not cancelled, withdrawn or transferred (a transfer's new
 * task counts instead).
 */
import { localApi } from '../../engine/localApi.js';
import type { ProcessNode } from '../bpmn/parseProcessXml.js';
import { TASK_STATUS, type InstanceRow, type RuntimeContext, type TaskRow, type Tx } from './runtimeTypes.js';
import { enabledUsers } from './assignees.js';
import { closeTask, insertTask, noOneToAct, throughProxy } from './taskRows.js';
import { candidatesOf } from './instanceAccess.js';

export type GroupDecision = { done: false } | { done: true; pass: boolean };

const NOT_MEMBERS: number[] = [TASK_STATUS.cancelled, TASK_STATUS.withdrawn, TASK_STATUS.transferred];

export function groupTasks(ctx: RuntimeContext, tx: Tx, group: string): Promise<TaskRow[]> {
  return localApi(ctx, tx)
    .tenantWide()
    .find('flow/task', { where: { multiInstanceGroup: group }, sort: ['createTime asc'], limit: 1000 });
}

export function decide(rule: string, total: number, passes: number, rejects: number, lastPass: boolean): GroupDecision {
  if (rule === 'any') return passes + rejects > 0 ? { done: true, pass: lastPass } : { done: false };
  if (rule.startsWith('ratio:')) {
    const ratio = Number(rule.slice('ratio:'.length));
    if (passes / total >= ratio) return { done: true, pass: true };
    if ((total - rejects) / total < ratio) return { done: true, pass: false };
    return { done: false };
  }
  if (rejects > 0) return { done: true, pass: false };
  return passes >= total ? { done: true, pass: true } : { done: false };
}

/** How many the group has: the tasks that count (parallel), or the users in line (sequential). */
function groupSize(node: ProcessNode, members: TaskRow[], any: TaskRow): number {
  if (node.userTask?.multiInstance === 'sequential') return candidatesOf(any).length;
  return members.length;
}

/**
 * After a task of a group was completed: the decision, and on "not yet" for a sequential node the next
 * user's task. On "done" the group's other open tasks are cancelled.
 */
export async function afterGroupCompletion(
  ctx: RuntimeContext,
  tx: Tx,
  instance: InstanceRow,
  node: ProcessNode,
  completed: TaskRow,
  pass: boolean,
  now: string,
): Promise<GroupDecision> {
  const decision = await evaluateGroup(ctx, tx, node, String(completed.multiInstanceGroup), pass);
  const tasks = await groupTasks(ctx, tx, String(completed.multiInstanceGroup));
  if (decision.done) {
    for (const task of tasks.filter((t) => t.status === TASK_STATUS.open)) {
      await closeTask(ctx, tx, task, { status: TASK_STATUS.cancelled, flag: 'cancel' }, now);
    }
    return decision;
  }
  if (node.userTask?.multiInstance === 'sequential' && !tasks.some((t) => t.status === TASK_STATUS.open)) {
    await nextInLine(ctx, tx, instance, node, completed, tasks.filter((t) => t.status === TASK_STATUS.completed).length, now);
  }
  return decision;
}

/**
 * The next user of a sequential group gets their task as any step's user does: only while enabled (those
 * disabled since the start leave the line, so the group does not wait for them) and through their active
 * proxy. Nobody left who can act: the completion is refused, as for any step nobody can handle.
 */
async function nextInLine(ctx: RuntimeContext, tx: Tx, instance: InstanceRow, node: ProcessNode, completed: TaskRow, done: number, now: string) {
  const line = candidatesOf(completed);
  const waiting = line.slice(done);
  if (waiting.length === 0) return;
  const enabled = await enabledUsers(ctx, tx, { ids: waiting });
  if (enabled.length === 0) throw noOneToAct(node);
  const kept = [...line.slice(0, done), ...enabled];
  const next = await throughProxy(ctx, tx, enabled[0], String(instance.processKey), now);
  await insertTask(
    ctx,
    tx,
    instance,
    node,
    { ...next, candidateUserIds: kept.join(','), multiInstanceGroup: completed.multiInstanceGroup, sourceTaskId: completed.id },
    now,
  );
}

export async function evaluateGroup(ctx: RuntimeContext, tx: Tx, node: ProcessNode, group: string, lastPass: boolean): Promise<GroupDecision> {
  const tasks = await groupTasks(ctx, tx, group);
  const members = tasks.filter((t) => !NOT_MEMBERS.includes(Number(t.status)));
  const passes = members.filter((t) => t.status === TASK_STATUS.completed && t.flag === 'pass').length;
  const rejects = members.filter((t) => t.status === TASK_STATUS.completed && t.flag !== 'pass').length;
  const total = Math.max(groupSize(node, members, tasks[tasks.length - 1] ?? tasks[0]), 1);
  return decide(node.userTask?.completionCondition ?? 'all', total, passes, rejects, lastPass);
}
