/**
 * Task actions that tell others about a process without moving it
 * (contract 14 §6): copyTask (抄送: copies to read, in the recipients'
 * 抄送事务 and inbox) and urgeTask (催办: the starter reminds those who hold
 * the open tasks); ops/copyTask and ops/urgeTask do the same for 流程监控,
 * on any running process. Each refusal (400/403/404) changes nothing: the checks run
 * under the instance's lock before any write. (Transfer and delegate are the
 * runtime's reassignTask: taskActions.ts.)
 */
import type { ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { badRequest, forbidden } from '../../http/apiError.js';
import { commentOf, inputOf, requiredIdOf, userIdsOf } from '../../workflow/api/actionInput.js';
import { actableTask, assertOpen, assertRunning, TASK_STATUS, visibleInstance, visibleTask } from '../../workflow/api/instanceAccess.js';
import { assertActiveUser, lockInstance, notifyTask, recordTaskEvent, txIn } from '../../workflow/api/taskWrites.js';

const COPY_BUTTON = { key: 'flow_copy', zh: '抄送', en: 'copying' } as const;

/**
 * The task, re-read and checked under the instance's lock (visible → 404 first, so a stranger learns nothing):
 * the holder's, offering the button — or, for 流程监控 (asOperator), any open task of a running instance.
 */
async function lockedTask(ctx: ActionContext, taskId: string, button: { key: string; zh: string; en: string }, asOperator: boolean) {
  const { task } = await visibleTask(ctx, taskId);
  await lockInstance(ctx, task.processInstanceId!);
  if (!asOperator) return actableTask(ctx, taskId, button);
  const found = await visibleTask(ctx, taskId);
  assertOpen(found.task);
  assertRunning(found.instance);
  return found;
}

async function copyTask(ctx: ActionContext, asOperator = false) {
  const input = inputOf(ctx);
  const { task, instance } = await lockedTask(ctx, requiredIdOf(input, 'taskId'), COPY_BUTTON, asOperator);
  const userIds = userIdsOf(input, 'userIds').filter((id) => id !== ctx.caller.userId);
  if (userIds.length === 0) throw badRequest('请选择抄送人员（不含自己）', 'Please choose whom to copy (not yourself)');
  for (const userId of userIds) await assertActiveUser(ctx, userId);
  const comment = commentOf(input);
  const rows = userIds.map((userId) => ({
    processInstanceId: instance.id,
    taskId: task.id,
    userId,
    fromUserId: ctx.caller.userId,
    comment,
    readStatus: 0 as const,
  }));
  const result = await localApi(ctx, txIn(ctx)).insertMany('flow/copy', rows);
  if (result.rejected.length > 0) throw badRequest('抄送失败：' + result.rejected[0].message, 'Copying failed: ' + result.rejected[0].message);
  await recordTaskEvent(ctx, task, { flag: 'copy', comment });
  await notifyTask(ctx, task, instance, userIds, { zh: '抄送' });
  return { copied: result.inserted.length };
}

/** 催办: only the starter, on a running instance; every open task's holder (or its candidates) is reminded. */
async function urgeTask(ctx: ActionContext, asOperator = false) {
  const input = inputOf(ctx);
  const instanceId = requiredIdOf(input, 'processInstanceId');
  await visibleInstance(ctx, instanceId);
  await lockInstance(ctx, instanceId);
  const instance = await visibleInstance(ctx, instanceId);
  if (!asOperator && instance.startUserId !== ctx.caller.userId) throw forbidden('只有流程发起人可以催办', 'Only the starter of the process may urge it');
  assertRunning(instance);
  const api = localApi(ctx, txIn(ctx)).tenantWide();
  const open = await api.find('flow/task', { where: { processInstanceId: instance.id, status: TASK_STATUS.open } });
  if (open.length === 0) throw badRequest('没有待办理的任务', 'There is no open task to urge');
  const comment = commentOf(input);
  for (const task of open) {
    await api.update('flow/task', task.id, { urgeCount: Number(task.urgeCount ?? 0) + 1 });
    const holders = task.assigneeId ? [task.assigneeId] : (task.candidateUserIds ?? '').split(',').filter(Boolean);
    await notifyTask(ctx, task, instance, holders, { zh: '催办' });
    await recordTaskEvent(ctx, task, { flag: 'urge', comment });
  }
  return { urged: open.length };
}

export const handoverActions = {
  copyTask: (ctx: ActionContext) => copyTask(ctx),
  urgeTask: (ctx: ActionContext) => urgeTask(ctx),
  opsCopyTask: (ctx: ActionContext) => copyTask(ctx, true),
  opsUrgeTask: (ctx: ActionContext) => urgeTask(ctx, true),
};
