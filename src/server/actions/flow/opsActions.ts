/**
 * 流程监控 (ops, contract 14 §6): every process of the tenant, whoever takes
 * part, for holders of the flow_follow menu; its writes need the flow_follow_*
 * buttons (the bindings say which). follow/list and ops/processList list the
 * instances, ops/list the open tasks, ops/doneList the ended instances;
 * processNodes the nodes of an instance's definition; changeStatus suspends
 * or activates an instance (a suspended one refuses every task action);
 * changeAssignee and dispatchTask give an open task to a user.
 */
import type { ActionContext } from '../../engine/actions.js';
import { badRequest } from '../../http/apiError.js';
import { inputOf, requiredIdOf } from '../../workflow/api/actionInput.js';
import { deploymentById } from '../../workflow/api/definitions.js';
import { assertOpen, INSTANCE_STATUS, TASK_STATUS, visibleInstance, visibleTask } from '../../workflow/api/instanceAccess.js';
import { listFiltersOf } from '../../workflow/api/listFilters.js';
import { taskListPage, type ListSpec } from '../../workflow/api/taskRows.js';
import { assertActiveUser, lockInstance, notifyTask, reassignTask, recordTaskEvent, txIn } from '../../workflow/api/taskWrites.js';
import { localApi } from '../../engine/localApi.js';

const list = (spec: ListSpec) => (ctx: ActionContext) => taskListPage(ctx, spec, listFiltersOf(inputOf(ctx)));
const byStartTime: ListSpec['order'] = ({ i }) => [`${i.col('startTime')} DESC`, `${i.col('id')} DESC`];

/** Every instance of the tenant (the follow page), optionally of one status. */
async function instanceList(ctx: ActionContext) {
  const input = inputOf(ctx);
  const status = input.status === undefined || input.status === '' ? undefined : Number(input.status);
  if (status !== undefined && !(Object.values(INSTANCE_STATUS) as number[]).includes(status)) {
    throw badRequest('参数 status 不正确', 'The parameter status is not valid');
  }
  return taskListPage(
    ctx,
    { base: 'instance', where: ({ q, i }) => (status === undefined ? [] : [`${i.col('status')} = ${q.param(status)}`]), order: byStartTime },
    listFiltersOf(input),
  );
}

const openTaskList = list({
  base: 'task',
  where: ({ t }) => [`${t!.col('status')} = ${TASK_STATUS.open}`],
  order: ({ t }) => [`${t!.col('createTime')} DESC`, `${t!.col('id')} DESC`],
});

const endedInstanceList = list({
  base: 'instance',
  where: ({ i }) => [`${i.col('status')} NOT IN (${INSTANCE_STATUS.running}, ${INSTANCE_STATUS.suspended})`],
  order: byStartTime,
});

/** The nodes of the instance's definition (id, name, type, user-task settings), for choosing where to send a task. */
async function processNodes(ctx: ActionContext) {
  const instance = await visibleInstance(ctx, requiredIdOf(inputOf(ctx), 'processInstanceId'));
  const deployment = await deploymentById(ctx, instance.deploymentId);
  return Array.isArray(deployment.nodes) ? deployment.nodes : [];
}

/** Suspend ('suspended') or activate ('active') a running instance. */
async function changeStatus(ctx: ActionContext) {
  const input = inputOf(ctx);
  const target =
    input.status === 'active' || input.status === 1 || input.status === '1'
      ? 'active'
      : input.status === 'suspended' || input.status === 2 || input.status === '2'
        ? 'suspended'
        : undefined;
  if (!target) throw badRequest('参数 status 必须是 active 或 suspended', 'The parameter status must be active or suspended');
  const id = requiredIdOf(input, 'processInstanceId');
  await visibleInstance(ctx, id);
  await lockInstance(ctx, id);
  const instance = await visibleInstance(ctx, id);
  const status = Number(instance.status);
  if (status !== INSTANCE_STATUS.running && status !== INSTANCE_STATUS.suspended) throw badRequest('流程已结束', 'The process has ended');
  const next = target === 'active' ? INSTANCE_STATUS.running : INSTANCE_STATUS.suspended;
  if (status === next) return { processInstanceId: id, status };
  await localApi(ctx, txIn(ctx)).tenantWide().update('flow/processInstance', id, { status: next });
  return { processInstanceId: id, status: next };
}

/** Gives an open task to a user (the holder changes, or an unclaimed task is assigned): history and inbox as a transfer. */
async function assignTo(ctx: ActionContext, flag: 'changeAssignee' | 'dispatch') {
  const input = inputOf(ctx);
  const taskId = requiredIdOf(input, 'taskId');
  const { task: seen } = await visibleTask(ctx, taskId);
  await lockInstance(ctx, seen.processInstanceId!);
  const { task, instance } = await visibleTask(ctx, taskId);
  assertOpen(task);
  if (Number(instance.status) === INSTANCE_STATUS.suspended) throw badRequest('流程已挂起', 'The process is suspended');
  const userId = requiredIdOf(input, 'userId');
  if (task.assigneeId === userId) throw badRequest('该人员已是办理人', 'This user already holds the task');
  await assertActiveUser(ctx, userId);
  await recordTaskEvent(ctx, task, { flag, comment: typeof input.comment === 'string' ? input.comment.slice(0, 1000) : '' });
  const moved = await reassignTask(ctx, task, { assigneeId: userId });
  await notifyTask(ctx, moved, instance, [userId], { zh: '待办' });
  return { taskId: moved.id, assigneeId: userId };
}

export const opsActions = {
  instanceList,
  openTaskList,
  endedInstanceList,
  processNodes,
  changeStatus,
  changeAssignee: (ctx: ActionContext) => assignTo(ctx, 'changeAssignee'),
  dispatchTask: (ctx: ActionContext) => assignTo(ctx, 'dispatch'),
};
