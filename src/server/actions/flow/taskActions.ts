/**
 * The task actions of /api/blade-workflow/process (contract 14 §6) over the
 * runtime (src/server/workflow/runtime/workflowService.ts), inside the
 * action's transaction. The HTTP layer checks, before the runtime runs:
 * - the task or instance is one the caller may see (else 404, as another
 *   tenant's: nobody learns an id exists);
 * - the node offers the action's button (rsc:buttons: a node without 转办
 *   refuses transfer with 400);
 * and the runtime checks again under the instance's lock: the caller is the
 * assignee (a candidate must claim first), the task is open, the instance
 * runs (a suspended one refuses with 400 流程已挂起). Any refusal changes
 * nothing: the transaction rolls back.
 */
import type { DbClient } from '../../db/pool.js';
import type { ActionContext } from '../../engine/actions.js';
import { badRequest, forbidden } from '../../http/apiError.js';
import { commentOf, inputOf, optionalIdOf, optionalTextOf, passOf, requiredIdOf, userIdsOf, variablesOf } from '../../workflow/api/actionInput.js';
import { assertStartable, deploymentById, latestDeploymentByKey, type Deployment } from '../../workflow/api/definitions.js';
import { assertButtonOffered, assertProcessPagesOpen, visibleInstance, visibleTask } from '../../workflow/api/instanceAccess.js';
import { mayStartProcess } from '../../workflow/design/modelScopes.js';
import * as runtime from '../../workflow/runtime/workflowService.js';

type Result = Awaited<ReturnType<typeof runtime.completeTask>>;

const tx = (ctx: ActionContext) => ctx.tx as DbClient;

/** What an action answers: the instance, whether it ended, and the next step's tasks. */
const answerOf = (result: Result) => ({
  processInstanceId: result.processInstanceId,
  ended: result.ended,
  tasks: result.tasks.map((task) => ({ taskId: task.id, taskName: task.name, assigneeId: task.assigneeId ?? null })),
});

export const BUTTONS = {
  pass: { key: 'flow_pass', zh: '同意', en: 'approval' },
  reject: { key: 'flow_reject', zh: '驳回', en: 'rejection' },
  transfer: { key: 'flow_transfer', zh: '转办', en: 'transfer' },
  delegate: { key: 'flow_delegate', zh: '委托', en: 'delegation' },
  rollback: { key: 'flow_rollback', zh: '回退', en: 'rollback' },
  terminate: { key: 'flow_terminate', zh: '终止', en: 'termination' },
  addMulti: { key: 'flow_add_multi', zh: '加签', en: 'adding signers' },
  deleteMulti: { key: 'flow_delete_multi', zh: '减签', en: 'removing signers' },
} as const;

/** The task (visible, else 404) and, when the action needs one, the node's button. */
async function taskFor(ctx: ActionContext, taskId: string, button?: (typeof BUTTONS)[keyof typeof BUTTONS]) {
  const found = await visibleTask(ctx, taskId);
  if (button) assertButtonOffered(found.task, button.key, button);
  return found;
}

/** The definition a start names (id or key), startable by the caller: active (400) and within the model's scopes (403). */
async function startableDefinition(ctx: ActionContext, input: Record<string, unknown>): Promise<Deployment> {
  const id = optionalIdOf(input, 'processDefinitionId');
  const key = input.processDefinitionKey ?? input.processKey;
  if (!id && (key === undefined || key === '')) throw badRequest('请指定要发起的流程', 'Please name the process to start');
  const deployment = id ? await deploymentById(ctx, id) : await latestDeploymentByKey(ctx, String(key));
  assertStartable(deployment);
  if (!(await mayStartProcess(ctx, tx(ctx), deployment.processKey))) throw forbidden('您不在该流程的发起范围内', 'You may not start this process');
  return deployment;
}

async function startProcess(ctx: ActionContext) {
  const input = inputOf(ctx);
  const deployment = await startableDefinition(ctx, input);
  const result = await runtime.startProcess(ctx, tx(ctx), {
    deploymentId: deployment.id,
    title: optionalTextOf(input, 'title', 200),
    // No businessTable/businessId from the client: a business register (the leave) starts its own process on the
    // server and links it there; a client naming a row here could end someone else's leave with this process.
    variables: variablesOf(input),
  });
  return answerOf(result);
}

async function claimTask(ctx: ActionContext) {
  const taskId = requiredIdOf(inputOf(ctx), 'taskId');
  await taskFor(ctx, taskId);
  const claimed = await runtime.claimTask(ctx, tx(ctx), taskId);
  return { taskId: claimed.id, assigneeId: claimed.assigneeId };
}

async function completeTask(ctx: ActionContext) {
  const input = inputOf(ctx);
  const taskId = requiredIdOf(input, 'taskId');
  const pass = passOf(input);
  await taskFor(ctx, taskId, pass ? BUTTONS.pass : BUTTONS.reject);
  return answerOf(await runtime.completeTask(ctx, tx(ctx), { taskId, pass, comment: commentOf(input), variables: variablesOf(input) }));
}

async function reassign(ctx: ActionContext, mode: 'transfer' | 'delegate') {
  const input = inputOf(ctx);
  const taskId = requiredIdOf(input, 'taskId');
  const { task } = await taskFor(ctx, taskId, mode === 'transfer' ? BUTTONS.transfer : BUTTONS.delegate);
  if (mode === 'delegate' && task.delegated === 1) throw badRequest('委托中的任务不能再委托', 'A delegated task cannot be delegated again');
  const userId = requiredIdOf(input, 'userId');
  if (userId === ctx.caller.userId) throw badRequest('不能交给自己', 'You cannot hand the task to yourself');
  const moved = await runtime.reassignTask(ctx, tx(ctx), { taskId, userId, comment: commentOf(input), mode });
  return { taskId: moved.id, assigneeId: moved.assigneeId };
}

async function rollbackTask(ctx: ActionContext) {
  const input = inputOf(ctx);
  const taskId = requiredIdOf(input, 'taskId');
  await taskFor(ctx, taskId, BUTTONS.rollback);
  const targetNodeId = optionalTextOf(input, 'nodeId', 128) ?? optionalTextOf(input, 'targetNodeId', 128);
  if (!targetNodeId) throw badRequest('请选择回退到的节点', 'Please choose the step to go back to');
  const backNodes = await runtime.getBackNodes(ctx, tx(ctx), taskId);
  if (!backNodes.some((node) => node.nodeId === targetNodeId)) throw badRequest('只能回退到已经办理过的节点', 'You can only go back to a step already passed');
  return answerOf(await runtime.rollbackTask(ctx, tx(ctx), { taskId, targetNodeId, comment: commentOf(input) }));
}

async function getBackNodes(ctx: ActionContext) {
  await assertProcessPagesOpen(ctx);
  const taskId = requiredIdOf(inputOf(ctx), 'taskId');
  await taskFor(ctx, taskId);
  return runtime.getBackNodes(ctx, tx(ctx), taskId);
}

async function withdrawTask(ctx: ActionContext) {
  const input = inputOf(ctx);
  const taskId = optionalIdOf(input, 'taskId');
  const processInstanceId = taskId ? undefined : requiredIdOf(input, 'processInstanceId');
  if (taskId) await taskFor(ctx, taskId);
  else await visibleInstance(ctx, processInstanceId!);
  return answerOf(await runtime.withdrawTask(ctx, tx(ctx), { taskId, processInstanceId }));
}

/** 终止: by the assignee of a task whose node offers 终止 (taskId, or the caller's open task of the instance). */
async function terminateProcess(ctx: ActionContext) {
  const input = inputOf(ctx);
  const comment = commentOf(input);
  let taskId = optionalIdOf(input, 'taskId');
  if (!taskId) {
    const instance = await visibleInstance(ctx, requiredIdOf(input, 'processInstanceId'));
    const mine = (await runtime.instanceOpenTasks(ctx, tx(ctx), instance.id)).find((task) => task.assigneeId === ctx.caller.userId);
    if (!mine) throw forbidden('只有当前办理人可以终止流程', 'Only a current assignee may terminate the process');
    taskId = mine.id;
  }
  await taskFor(ctx, taskId, BUTTONS.terminate);
  return answerOf(await runtime.terminateProcess(ctx, tx(ctx), { taskId, comment }));
}

async function addMultiInstance(ctx: ActionContext) {
  const input = inputOf(ctx);
  const taskId = requiredIdOf(input, 'taskId');
  await taskFor(ctx, taskId, BUTTONS.addMulti);
  return answerOf(await runtime.addMultiInstance(ctx, tx(ctx), { taskId, userIds: userIdsOf(input, 'userIds') }));
}

async function deleteMultiInstance(ctx: ActionContext) {
  const taskId = requiredIdOf(inputOf(ctx), 'taskId');
  const { task } = await visibleTask(ctx, taskId);
  // 减签 removes an instance of the group: the caller must hold (and be offered 减签 on) an open instance of the same group.
  const mine = task.multiInstanceGroup
    ? (await runtime.instanceOpenTasks(ctx, tx(ctx), task.processInstanceId!)).find(
        (open) => open.multiInstanceGroup === task.multiInstanceGroup && open.assigneeId === ctx.caller.userId,
      )
    : undefined;
  if (!task.multiInstanceGroup) throw badRequest('该任务不是多人会签任务', 'The task is not part of a multi-signer step');
  if (!mine) throw forbidden('只有会签中的办理人可以减签', 'Only a signer of the step may remove signers');
  assertButtonOffered(mine, BUTTONS.deleteMulti.key, BUTTONS.deleteMulti);
  return answerOf(await runtime.deleteMultiInstance(ctx, tx(ctx), { taskId }));
}

export const taskActions = {
  startProcess,
  claimTask,
  completeTask,
  transferTask: (ctx: ActionContext) => reassign(ctx, 'transfer'),
  delegateTask: (ctx: ActionContext) => reassign(ctx, 'delegate'),
  rollbackTask,
  getBackNodes,
  withdrawTask,
  terminateProcess,
  addMultiInstance,
  deleteMultiInstance,
};
