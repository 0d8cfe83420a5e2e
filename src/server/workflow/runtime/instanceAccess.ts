/**
 * Finding and locking what an action works on. Every action locks its instance first
 * (`flow-instance:<id>`, held until the transaction ends) and reads the rows again under the lock, so
 * two actions on one instance — two claimers, a completion and a withdrawal — run one after the other
 * and the second sees what the first did. Reads are tenant-wide in the caller's tenant: another
 * tenant's id is simply not found.
 */
import { lockNames } from '../../db/transactionLocks.js';
import { localApi } from '../../engine/localApi.js';
import { badRequest, forbidden, notFound } from '../../http/apiError.js';
import { checkedId } from './runtimeInput.js';
import { INSTANCE_STATUS, TASK_STATUS, type InstanceRow, type RuntimeContext, type TaskRow, type Tx } from './runtimeTypes.js';

export const instanceNotFound = () => notFound('流程实例不存在或已被删除', 'The process instance does not exist or was removed');
export const taskNotFound = () => notFound('任务不存在或已被删除', 'The task does not exist or was removed');

/** Options of the monitoring (ops) endpoints: their caller holds the 流程监控 buttons, checked by the endpoint. */
export interface ActOptions {
  asOperator?: boolean;
}

export async function lockInstance(ctx: RuntimeContext, tx: Tx, instanceId: string): Promise<InstanceRow> {
  const id = checkedId(instanceId, 'processInstanceId');
  await lockNames(tx, [`flow-instance:${id}`]);
  const instance = await localApi(ctx, tx).tenantWide().findById('flow/processInstance', id);
  if (!instance) throw instanceNotFound();
  return instance;
}

/** The task and its instance, locked; the task read again after the lock. */
export async function lockTask(ctx: RuntimeContext, tx: Tx, taskId: string): Promise<{ task: TaskRow; instance: InstanceRow }> {
  const id = checkedId(taskId, 'taskId');
  const api = localApi(ctx, tx).tenantWide();
  const first = await api.findById('flow/task', id);
  if (!first) throw taskNotFound();
  const instance = await lockInstance(ctx, tx, String(first.processInstanceId));
  const task = await api.findById('flow/task', id);
  if (!task) throw taskNotFound();
  return { task, instance };
}

export function assertRunning(instance: InstanceRow): void {
  if (instance.status === INSTANCE_STATUS.suspended) throw badRequest('流程已挂起，暂不能办理', 'The process is suspended');
  if (instance.status !== INSTANCE_STATUS.running) throw badRequest('流程已结束', 'The process has ended');
}

export function assertOpen(task: TaskRow): void {
  if (task.status !== TASK_STATUS.open) throw badRequest('任务已办理或已结束', 'The task has already been handled or has ended');
}

export const candidatesOf = (task: Pick<TaskRow, 'candidateUserIds'>) => (task.candidateUserIds ?? '').split(',').filter(Boolean);

/** What an action does with the task: only `complete` is open to the delegate of a delegated task. */
export type TaskAct = 'complete' | 'other';

/**
 * A delegated task is the owner's: its delegate only handles it (completing hands it back to the owner),
 * never passes it on, sends it back, stops the process or changes its group. The monitor is exempt.
 */
export function assertNotDelegated(task: TaskRow, options: ActOptions = {}): void {
  if (options.asOperator || Number(task.delegated) !== 1) return;
  throw badRequest('委托的任务只能办理后交还委托人', 'A delegated task can only be handled and handed back to its owner');
}

/**
 * Only the assignee acts on a task (the delegate on a delegated one, and then only to complete it); an
 * unclaimed task must be claimed first by one of its candidates. The monitoring endpoints act for anyone.
 */
export function assertMayAct(ctx: RuntimeContext, task: TaskRow, instance: InstanceRow, options: ActOptions = {}, act: TaskAct = 'other'): void {
  assertRunning(instance);
  assertOpen(task);
  if (options.asOperator) return;
  const me = ctx.caller.userId;
  if (task.assigneeId && String(task.assigneeId) === me) {
    if (act !== 'complete') assertNotDelegated(task, options);
    return;
  }
  if (!task.assigneeId && candidatesOf(task).includes(me)) throw badRequest('请先签收该任务', 'Claim the task first');
  throw forbidden('您不是该任务的办理人', 'You are not the assignee of this task');
}
