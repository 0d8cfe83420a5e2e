/**
 * 流程监控 (ops, contract 14 §6): every process of the tenant, whoever takes
 * part, for holders of the flow_follow menu; its writes need the flow_follow_*
 * buttons (the bindings say which). follow/list and ops/processList list the
 * instances, ops/list the open tasks, ops/doneList the ended instances;
 * processNodes the nodes of an instance's definition; changeStatus suspends
 * or activates an instance (a suspended one refuses every task action);
 * changeAssignee and dispatchTask give an open task to a user; terminate
 * ends an instance; follow/delete-process-instance ends and removes one;
 * ops/completeTask, claimTask, delegateTask, rollbackTask, add- and
 * deleteMultiInstance act on a task for its holder, whatever the node's
 * buttons. The writes are the runtime's, acting as operator.
 */
import type { DbClient } from '../../db/pool.js';
import type { ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { badRequest } from '../../http/apiError.js';
import { commentOf, inputOf, passOf, requiredIdOf, userIdsOf, variablesOf } from '../../workflow/api/actionInput.js';
import { deploymentById } from '../../workflow/api/definitions.js';
import { assertOpen, INSTANCE_STATUS, TASK_STATUS, visibleInstance, visibleTask } from '../../workflow/api/instanceAccess.js';
import { listFiltersOf } from '../../workflow/api/listFilters.js';
import { taskListPage, type ListSpec } from '../../workflow/api/taskRows.js';
import * as runtime from '../../workflow/runtime/workflowService.js';

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

const tx = (ctx: ActionContext) => ctx.tx as DbClient;
const asOperator = { asOperator: true } as const;

/** Suspend ('suspended') or activate ('active') a running instance (the runtime refuses the wrong state). */
async function changeStatus(ctx: ActionContext) {
  const input = inputOf(ctx);
  const raw = input.status ?? input.state;
  const status = raw === 'active' || raw === 1 || raw === '1' ? 'active' : raw === 'suspended' || raw === 2 || raw === '2' ? 'suspended' : undefined;
  if (!status) throw badRequest('参数 status 必须是 active 或 suspended', 'The parameter status must be active or suspended');
  const instance = await visibleInstance(ctx, requiredIdOf(input, 'processInstanceId'));
  const changed = await runtime.changeInstanceStatus(ctx, tx(ctx), { processInstanceId: instance.id, status });
  return { processInstanceId: changed.id, status: changed.status };
}

/** Gives an open task to a user (a held task changes hands, an unclaimed one is assigned); the runtime records and tells. */
async function assignTo(ctx: ActionContext) {
  const input = inputOf(ctx);
  const taskId = requiredIdOf(input, 'taskId');
  const { task } = await visibleTask(ctx, taskId);
  assertOpen(task);
  const moved = await runtime.reassignTask(
    ctx,
    tx(ctx),
    { taskId, userId: requiredIdOf(input, 'userId'), comment: commentOf(input), mode: 'assign' },
    asOperator,
  );
  return { taskId: moved.id, assigneeId: moved.assigneeId };
}

/** Ends a running (or suspended) instance for the monitor. */
async function terminate(ctx: ActionContext) {
  const input = inputOf(ctx);
  const instance = await visibleInstance(ctx, requiredIdOf(input, 'processInstanceId'));
  const result = await runtime.terminateProcess(ctx, tx(ctx), { processInstanceId: instance.id, comment: commentOf(input) }, asOperator);
  return { processInstanceId: result.processInstanceId, ended: result.ended };
}

/** follow/delete-process-instance: a running instance is terminated first, then the instance is removed (soft delete). */
async function deleteInstance(ctx: ActionContext) {
  const input = inputOf(ctx);
  const instance = await visibleInstance(ctx, requiredIdOf(input, 'processInstanceId'));
  const status = Number(instance.status);
  if (status === INSTANCE_STATUS.running || status === INSTANCE_STATUS.suspended) {
    const reason = commentOf({ comment: input.comment ?? input.deleteReason });
    await runtime.terminateProcess(ctx, tx(ctx), { processInstanceId: instance.id, comment: reason || undefined }, asOperator);
  }
  await localApi(ctx, tx(ctx)).tenantWide().remove('flow/processInstance', [instance.id]);
  return { processInstanceId: instance.id, removed: true };
}

/** The monitor completes a task for its holder (同意 / 驳回), whatever the node's buttons. */
async function complete(ctx: ActionContext) {
  const input = inputOf(ctx);
  const { task } = await visibleTask(ctx, requiredIdOf(input, 'taskId'));
  const result = await runtime.completeTask(
    ctx,
    tx(ctx),
    { taskId: task.id, pass: passOf(input), comment: commentOf(input), variables: variablesOf(input) },
    asOperator,
  );
  return { processInstanceId: result.processInstanceId, ended: result.ended };
}

/** The monitor takes an open task itself (claim for an unclaimed one, or from its holder). */
async function claim(ctx: ActionContext) {
  const { task } = await visibleTask(ctx, requiredIdOf(inputOf(ctx), 'taskId'));
  const moved = await runtime.reassignTask(ctx, tx(ctx), { taskId: task.id, userId: ctx.caller.userId, mode: 'assign' }, asOperator);
  return { taskId: moved.id, assigneeId: moved.assigneeId };
}

async function delegate(ctx: ActionContext) {
  const input = inputOf(ctx);
  const { task } = await visibleTask(ctx, requiredIdOf(input, 'taskId'));
  if (!task.assigneeId) throw badRequest('未签收的任务不能委托', 'An unclaimed task cannot be delegated');
  const moved = await runtime.reassignTask(
    ctx,
    tx(ctx),
    { taskId: task.id, userId: requiredIdOf(input, 'userId'), comment: commentOf(input), mode: 'delegate' },
    asOperator,
  );
  return { taskId: moved.id, assigneeId: moved.assigneeId };
}

async function rollback(ctx: ActionContext) {
  const input = inputOf(ctx);
  const { task } = await visibleTask(ctx, requiredIdOf(input, 'taskId'));
  const targetNodeId = typeof input.nodeId === 'string' ? input.nodeId : typeof input.targetNodeId === 'string' ? input.targetNodeId : '';
  if (!(await runtime.getBackNodes(ctx, tx(ctx), task.id, asOperator)).some((node) => node.nodeId === targetNodeId)) {
    throw badRequest('只能回退到已经办理过的节点', 'You can only go back to a step already passed');
  }
  const result = await runtime.rollbackTask(ctx, tx(ctx), { taskId: task.id, targetNodeId, comment: commentOf(input) }, asOperator);
  return { processInstanceId: result.processInstanceId, ended: result.ended };
}

async function addMulti(ctx: ActionContext) {
  const input = inputOf(ctx);
  const { task } = await visibleTask(ctx, requiredIdOf(input, 'taskId'));
  const result = await runtime.addMultiInstance(ctx, tx(ctx), { taskId: task.id, userIds: userIdsOf(input, 'userIds') }, asOperator);
  return { processInstanceId: result.processInstanceId, added: result.tasks.length };
}

async function deleteMulti(ctx: ActionContext) {
  const { task } = await visibleTask(ctx, requiredIdOf(inputOf(ctx), 'taskId'));
  const result = await runtime.deleteMultiInstance(ctx, tx(ctx), { taskId: task.id }, asOperator);
  return { processInstanceId: result.processInstanceId, ended: result.ended };
}

export const opsActions = {
  complete,
  claim,
  delegate,
  rollback,
  addMulti,
  deleteMulti,
  instanceList,
  openTaskList,
  endedInstanceList,
  processNodes,
  changeStatus,
  changeAssignee: assignTo,
  dispatchTask: assignTo,
  terminate,
  deleteInstance,
};
