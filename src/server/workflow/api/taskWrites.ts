/**
 * The task-row writes of the HTTP layer that do not move the process (copy,
 * urge; the runtime does the rest): each locks the instance first (the runtime's advisory lock
 * flow-instance:<id>, so no action of the runtime interleaves), re-reads the
 * task under the lock, writes through the local API in the action's
 * transaction, records a history row and tells the new actor in the inbox.
 */
import type { DbClient } from '../../db/pool.js';
import { lockNames } from '../../db/transactionLocks.js';
import type { ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { badRequest } from '../../http/apiError.js';
import { notifyTask as notifyRuntimeTask } from '../runtime/taskRows.js';
import type { Instance, Task } from './instanceAccess.js';

export const USER_TASK = 'bpmn:UserTask';

/** The database's wall-clock time as stored times are written (Asia/Shanghai, to the second). */
async function databaseNow(tx: DbClient): Promise<string> {
  const result = await tx.query<{ now: string }>(`SELECT to_char(LOCALTIMESTAMP(0), 'YYYY-MM-DD HH24:MI:SS') AS "now"`);
  return result.rows[0].now;
}

export function txIn(ctx: ActionContext): DbClient {
  return ctx.tx as DbClient;
}

/** Takes the instance's lock (the runtime's) for the rest of the transaction. */
export function lockInstance(ctx: ActionContext, processInstanceId: string): Promise<void> {
  return lockNames(txIn(ctx), [`flow-instance:${processInstanceId}`]);
}

/** A history row of something done to a task without ending its node (transfer, delegate, urge …). */
export async function recordTaskEvent(ctx: ActionContext, task: Task, event: { flag: string; comment: string }): Promise<void> {
  const now = await databaseNow(txIn(ctx));
  await localApi(ctx, txIn(ctx))
    .tenantWide()
    .create('flow/activity', {
      processInstanceId: task.processInstanceId,
      activityId: task.taskDefinitionKey,
      activityName: task.name,
      activityType: USER_TASK,
      taskId: task.id,
      assigneeId: ctx.caller.userId,
      startTime: now,
      endTime: now,
      comment: event.comment.slice(0, 2000),
      flag: event.flag,
    });
}

/**
 * Tells users in their inbox about a task (orderType 11: the message opens the task's page): the title names
 * the action, the process's title and the step; the content is the process's title, as the runtime's messages.
 */
export async function notifyTask(ctx: ActionContext, task: Task, instance: Instance, userIds: string[], action: { zh: string }): Promise<void> {
  if (userIds.length === 0) return;
  await notifyRuntimeTask(ctx, txIn(ctx), instance, task, `${action.zh}：${instance.title || instance.processName || ''}（${task.name ?? ''}）`, userIds);
}

/** A user of the caller's tenant who may receive a task: exists, enabled, not deleted (400 otherwise). */
export async function assertActiveUser(ctx: ActionContext, userId: string): Promise<void> {
  const user = await localApi(ctx, txIn(ctx)).tenantWide().findById('system/user', userId);
  if (!user || Number(user.status) !== 1) throw badRequest('所选人员不存在或已停用', 'The chosen user does not exist or is disabled');
}
