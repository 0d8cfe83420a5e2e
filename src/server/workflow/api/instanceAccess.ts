/**
 * Who may see a process instance and who may act on a task (contract 14 §6).
 *
 * Seeing: the reads of one instance (detail, history, diagram, forms) are
 * open to any holder of a 我的事务 menu or of 流程监控, and answer only
 * instances the caller takes part in — its starter, a task's assignee,
 * candidate or owner, someone who acted in it, a copy recipient — or any
 * instance of the tenant for 流程监控. Anything else is "not found", like
 * another tenant's instance: nobody learns that an id exists.
 *
 * Acting: an open task of a running instance, acted on by its assignee (a
 * delegated task by the delegate), and only with a button the node offers.
 */
import type { EntityTypeMap } from '../../../shared/generated/entityTypes.js';
import { hasMenu } from '../../auth/permissions.js';
import type { ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import { badRequest, forbidden, notFound } from '../../http/apiError.js';
import { txOf } from './actionInput.js';

export type Instance = EntityTypeMap['flow/processInstance'];
export type Task = EntityTypeMap['flow/task'];

/** 我的事务's menus: holding any of them opens the process pages. */
export const WORK_MENUS = ['work_start', 'work_claim', 'work_todo', 'work_send', 'work_done', 'work_copy'] as const;
/** 流程监控: every instance of the tenant, and the ops actions. */
export const FOLLOW_MENU = 'flow_follow';

export const INSTANCE_STATUS = { running: 1, completed: 2, terminated: 3, withdrawn: 4, suspended: 5 } as const;
export const TASK_STATUS = { open: 1, completed: 2, cancelled: 3, rolledBack: 4, withdrawn: 5, transferred: 6, terminated: 7 } as const;

const instanceNotFound = () => notFound('流程实例不存在或无权查看', 'The process instance does not exist or you may not see it');
const taskNotFound = () => notFound('任务不存在或无权查看', 'The task does not exist or you may not see it');

export function isFollower(ctx: ActionContext): Promise<boolean> {
  return hasMenu(ctx.db, ctx.caller, FOLLOW_MENU);
}

/** The process pages' gate: a 我的事务 menu or 流程监控 (the binding itself is open to any user of the tenant). */
export async function assertProcessPagesOpen(ctx: ActionContext): Promise<void> {
  for (const menu of [...WORK_MENUS, FOLLOW_MENU]) if (await hasMenu(ctx.db, ctx.caller, menu)) return;
  throw forbidden();
}

/** Whether the caller takes part in the instance: started it, holds or held one of its tasks, acted in it, or was copied. */
export async function takesPart(ctx: ActionContext, instance: Instance): Promise<boolean> {
  const me = ctx.caller.userId;
  if (instance.startUserId === me) return true;
  const q = scopedQuery(ctx, ctx.tx);
  const t = await q.from('flow/task', 't', 'tenant');
  const a = await q.from('flow/activity', 'a', 'tenant');
  const p = await q.from('flow/copy', 'p', 'tenant');
  const id = q.param(instance.id);
  const user = `${q.param(me)}::bigint`;
  const [found] = await q.rows<{ yes: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM ${t.table} WHERE ${t.scope} AND ${t.col('processInstanceId')} = ${id}::bigint
                       AND (${t.col('assigneeId')} = ${user} OR ${t.col('ownerId')} = ${user}
                            OR (${user})::text = ANY(string_to_array(${t.col('candidateUserIds')}, ','))))
         OR EXISTS (SELECT 1 FROM ${a.table} WHERE ${a.scope} AND ${a.col('processInstanceId')} = ${id}::bigint AND ${a.col('assigneeId')} = ${user})
         OR EXISTS (SELECT 1 FROM ${p.table} WHERE ${p.scope} AND ${p.col('processInstanceId')} = ${id}::bigint AND ${p.col('userId')} = ${user}) AS yes`,
  );
  return found.yes;
}

/** The instance, when the caller may see it (404 otherwise). */
export async function visibleInstance(ctx: ActionContext, processInstanceId: string): Promise<Instance> {
  const instance = await localApi(ctx, txOf(ctx)).tenantWide().findById('flow/processInstance', processInstanceId);
  if (!instance) throw instanceNotFound();
  if ((await takesPart(ctx, instance)) || (await isFollower(ctx))) return instance;
  throw instanceNotFound();
}

/** The task and its instance, when the caller may see the instance (404 otherwise). */
export async function visibleTask(ctx: ActionContext, taskId: string): Promise<{ task: Task; instance: Instance }> {
  const task = await localApi(ctx, txOf(ctx)).tenantWide().findById('flow/task', taskId);
  if (!task) throw taskNotFound();
  try {
    return { task, instance: await visibleInstance(ctx, task.processInstanceId ?? '') };
  } catch {
    throw taskNotFound();
  }
}

/** A running instance: a suspended one refuses every task action, an ended one has nothing left to act on. */
export function assertRunning(instance: Instance): void {
  if (Number(instance.status) === INSTANCE_STATUS.suspended) throw badRequest('流程已挂起', 'The process is suspended');
  if (Number(instance.status) !== INSTANCE_STATUS.running) throw badRequest('流程已结束', 'The process has ended');
}

export function assertOpen(task: Task): void {
  if (Number(task.status) !== TASK_STATUS.open) throw badRequest('任务已办理或已取消', 'The task has already been handled or was cancelled');
}

export const isCandidate = (task: Task, userId: string) => (task.candidateUserIds ?? '').split(',').includes(userId);

/** The caller is the task's assignee; an unclaimed task must be claimed first, someone else's is not the caller's to act on. */
export function assertAssignee(ctx: ActionContext, task: Task): void {
  const me = ctx.caller.userId;
  if (task.assigneeId === me) return;
  if (!task.assigneeId && isCandidate(task, me)) throw badRequest('请先签收任务', 'Please claim the task first');
  throw forbidden('只有任务的办理人可以办理此任务', 'Only the assignee of the task may act on it');
}

export const buttonKeysOf = (task: Task): string[] =>
  String(task.buttons ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);

/** The node offers the button (transfer, delegate, rollback …): a node that does not refuses the action. */
export function assertButtonOffered(task: Task, buttonKey: string, action: { zh: string; en: string }): void {
  if (!buttonKeysOf(task).includes(buttonKey)) throw badRequest(`此节点不允许${action.zh}`, `This step does not allow ${action.en}`);
}

/**
 * The open task the caller may act on with one of the node's buttons: visible (404), open, of a running
 * instance (400), the caller's (403; 400 "claim first" for a candidate), offering the button (400).
 */
export async function actableTask(ctx: ActionContext, taskId: string, button?: { key: string; zh: string; en: string }) {
  const found = await visibleTask(ctx, taskId);
  assertOpen(found.task);
  assertRunning(found.instance);
  assertAssignee(ctx, found.task);
  if (button) assertButtonOffered(found.task, button.key, button);
  return found;
}
