/**
 * Task actions that hand a task over or tell others about it without moving
 * the process (contract 14 §6): transferTask (转办: another user holds it),
 * delegateTask (委托: the delegate acts, then it returns to the owner),
 * copyTask (抄送: copies to read), urgeTask (催办: the starter reminds those
 * who hold the open tasks). Each refusal (400/403/404) changes nothing: the
 * checks run under the instance's lock before any write.
 */
import type { ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { badRequest, forbidden } from '../../http/apiError.js';
import { commentOf, inputOf, requiredIdOf, userIdsOf } from '../../workflow/api/actionInput.js';
import { actableTask, assertRunning, TASK_STATUS, visibleInstance, visibleTask, type Task } from '../../workflow/api/instanceAccess.js';
import { assertActiveUser, lockInstance, notifyTask, reassignTask, recordTaskEvent, txIn } from '../../workflow/api/taskWrites.js';

const BUTTON = {
  transfer: { key: 'flow_transfer', zh: '转办', en: 'transfer' },
  delegate: { key: 'flow_delegate', zh: '委托', en: 'delegation' },
  copy: { key: 'flow_copy', zh: '抄送', en: 'copying' },
} as const;

/** The task, re-read and checked under the instance's lock (visible → 404 first, so a stranger learns nothing). */
export async function lockedActableTask(ctx: ActionContext, taskId: string, button?: { key: string; zh: string; en: string }) {
  const { task } = await visibleTask(ctx, taskId);
  await lockInstance(ctx, task.processInstanceId!);
  return actableTask(ctx, taskId, button);
}

/** The one user a task is handed to: not the caller, an enabled user of the tenant. */
async function receiverOf(ctx: ActionContext, input: Record<string, unknown>): Promise<string> {
  const userId = requiredIdOf(input, 'userId');
  if (userId === ctx.caller.userId) throw badRequest('不能交给自己', 'You cannot hand the task to yourself');
  await assertActiveUser(ctx, userId);
  return userId;
}

async function transferTask(ctx: ActionContext) {
  const input = inputOf(ctx);
  const { task, instance } = await lockedActableTask(ctx, requiredIdOf(input, 'taskId'), BUTTON.transfer);
  const userId = await receiverOf(ctx, input);
  await recordTaskEvent(ctx, task, { flag: 'transfer', comment: commentOf(input) });
  const moved = await reassignTask(ctx, task, { assigneeId: userId });
  await notifyTask(ctx, moved, instance, [userId], { zh: '转办' });
  return { taskId: moved.id, assigneeId: userId };
}

async function delegateTask(ctx: ActionContext) {
  const input = inputOf(ctx);
  const { task, instance } = await lockedActableTask(ctx, requiredIdOf(input, 'taskId'), BUTTON.delegate);
  if (Number(task.delegated) === 1) throw badRequest('委托中的任务不能再委托', 'A delegated task cannot be delegated again');
  const userId = await receiverOf(ctx, input);
  await recordTaskEvent(ctx, task, { flag: 'delegate', comment: commentOf(input) });
  const moved = await reassignTask(ctx, task, { assigneeId: userId, ownerId: ctx.caller.userId, delegated: 1 });
  await notifyTask(ctx, moved, instance, [userId], { zh: '委托办理' });
  return { taskId: moved.id, assigneeId: userId };
}

/**
 * Completing a delegated task: the delegate's part is done and the task returns to its owner, who then
 * completes the node (the delegate's pass/reject and comment stay in the history).
 */
export async function returnDelegatedTask(ctx: ActionContext, task: Task, input: Record<string, unknown>, pass: boolean) {
  const { instance } = await visibleTask(ctx, task.id);
  if (!task.ownerId) throw badRequest('委托任务缺少委托人', 'The delegated task has no owner');
  await recordTaskEvent(ctx, task, { flag: pass ? 'resolve' : 'resolveReject', comment: commentOf(input) });
  const back = await reassignTask(ctx, task, { assigneeId: task.ownerId, ownerId: null, delegated: 0 });
  await notifyTask(ctx, back, instance, [task.ownerId], { zh: '委托已办理' });
  return { taskId: back.id, returnedTo: task.ownerId };
}

async function copyTask(ctx: ActionContext) {
  const input = inputOf(ctx);
  const { task, instance } = await lockedActableTask(ctx, requiredIdOf(input, 'taskId'), BUTTON.copy);
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
async function urgeTask(ctx: ActionContext) {
  const input = inputOf(ctx);
  const instanceId = requiredIdOf(input, 'processInstanceId');
  await visibleInstance(ctx, instanceId);
  await lockInstance(ctx, instanceId);
  const instance = await visibleInstance(ctx, instanceId);
  if (instance.startUserId !== ctx.caller.userId) throw forbidden('只有流程发起人可以催办', 'Only the starter of the process may urge it');
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

export const handoverActions = { transferTask, delegateTask, copyTask, urgeTask };
