/**
 * The workflow runtime (contract 14 §3): starting processes and every task action, each in the
 * caller's transaction `tx`. An action locks its instance, reads the rows under the lock, checks who
 * acts, recovers bpmn-engine from the state saved with the instance, acts on it, and writes the new
 * state with the task and history rows — all or nothing. Nothing stays in memory between requests, so
 * any server instance continues any process, after a restart too.
 *
 * Endpoints (src/server/actions/flow/*) check the binding's access; the functions here check the
 * task-level rules: only the assignee acts (the delegate on a delegated task), candidates claim, and
 * the monitoring endpoints pass `{ asOperator: true }`.
 */
import { localApi } from '../../engine/localApi.js';
import { badRequest, forbidden } from '../../http/apiError.js';
import { databaseNow } from '../design/databaseNow.js';
import { enabledUsers } from './assignees.js';
import { applyTurn, finishInstance } from './applyTurn.js';
import { runEngineTurn, type EngineExecution } from './engineRun.js';
import { assertMayAct, assertNotDelegated, assertOpen, assertRunning, candidatesOf, lockInstance, lockTask, type ActOptions } from './instanceAccess.js';
import { instanceVariables, readEngineState } from './instanceRows.js';
import { afterGroupCompletion, evaluateGroup, groupTasks } from './multiInstance.js';
import { latestDeploymentId, loadProcessDefinition, type ProcessDefinition } from './processDefinitions.js';
import { checkedComment, checkedId, checkedUserIds, checkedVariableTotals, checkedVariables } from './runtimeInput.js';
import { settableVariables } from './taskFormFields.js';
import { INSTANCE_STATUS, TASK_STATUS, type InstanceRow, type RuntimeContext, type TaskRow, type Tx, type Variables } from './runtimeTypes.js';
import { closeTask, insertTask, notifyTask, openTasks } from './taskRows.js';

export { defineProcessListener, type ProcessListener, type ProcessOutcome } from './processListeners.js';
export { instanceVariables } from './instanceRows.js';
export { INSTANCE_STATUS, TASK_STATUS } from './runtimeTypes.js';
export type { ActOptions } from './instanceAccess.js';

export interface ActionResult {
  processInstanceId: string;
  /** The tasks the action created (the next step's). */
  tasks: TaskRow[];
  /** Whether the process ended with it. */
  ended: boolean;
}

export interface StartInput {
  deploymentId?: string;
  processKey?: string;
  businessTable?: string;
  businessId?: string;
  title?: string;
  variables?: Variables;
}

const firstId = (ids: string | null | undefined) =>
  (ids ?? '')
    .split(',')
    .find((id) => /^[1-9][0-9]{0,18}$/.test(id.trim()))
    ?.trim() ?? null;

async function turn(
  ctx: RuntimeContext,
  tx: Tx,
  instance: InstanceRow,
  definition: ProcessDefinition,
  variables: Variables,
  now: string,
  act?: (execution: EngineExecution) => void,
  preferred: Record<string, string> = {},
  sourceTaskId?: string,
): Promise<ActionResult> {
  const state = await readEngineState(ctx, tx, instance.id);
  const result = await runEngineTurn(definition, state, () => variables, act);
  const tasks = await applyTurn(ctx, tx, instance, definition, variables, result, now, preferred, sourceTaskId);
  return { processInstanceId: instance.id, tasks, ended: result.ended };
}

/** Starts a process of a deployment (or the latest deployment of a key) for the caller. */
export async function startProcess(ctx: RuntimeContext, tx: Tx, input: StartInput): Promise<ActionResult> {
  const deploymentId = input.deploymentId
    ? checkedId(input.deploymentId, 'processDefinitionId')
    : input.processKey
      ? await latestDeploymentId(ctx, tx, input.processKey)
      : undefined;
  if (!deploymentId) throw badRequest('请指定要发起的流程', 'Please name the process to start');
  const definition = await loadProcessDefinition(ctx, tx, deploymentId);
  if (definition.deployment.suspension !== 1) throw badRequest('该流程已挂起，暂不能发起', 'The process is suspended and cannot be started now');
  const variables = checkedVariables(input.variables);
  const title = (input.title ?? '').slice(0, 200) || definition.deployment.name;
  const now = await databaseNow(tx);
  const api = localApi(ctx, tx).tenantWide();
  const instance = await api.create('flow/processInstance', {
    deploymentId,
    processKey: definition.deployment.processKey,
    processName: definition.deployment.name,
    categoryId: definition.deployment.categoryId ?? undefined,
    title,
    businessTable: input.businessTable?.slice(0, 64) || undefined,
    businessId: input.businessId?.slice(0, 64) || undefined,
    startUserId: ctx.caller.userId,
    startDeptId: firstId(ctx.caller.deptId) ?? undefined,
    startTime: now,
    status: INSTANCE_STATUS.running,
    variables: JSON.stringify(variables),
  } as Partial<InstanceRow>);
  await lockInstance(ctx, tx, instance.id);
  const result = await runEngineTurn(definition, null, () => variables, undefined);
  const tasks = await applyTurn(ctx, tx, instance, definition, variables, result, now);
  return { processInstanceId: instance.id, tasks, ended: result.ended };
}

/** A candidate takes an unclaimed task; of two claiming at once exactly one wins, the other gets 400. */
export async function claimTask(ctx: RuntimeContext, tx: Tx, taskId: string): Promise<TaskRow> {
  const { task, instance } = await lockTask(ctx, tx, taskId);
  assertRunning(instance);
  assertOpen(task);
  const me = ctx.caller.userId;
  if (task.assigneeId) {
    if (String(task.assigneeId) === me) throw badRequest('您已签收该任务', 'You have already claimed this task');
    throw badRequest('任务已被他人签收', 'The task has already been claimed by someone else');
  }
  if (!candidatesOf(task).includes(me)) throw forbidden('您不是该任务的候选人', 'You are not a candidate for this task');
  const now = await databaseNow(tx);
  const api = localApi(ctx, tx).tenantWide();
  const claimed = await api.update('flow/task', task.id, { assigneeId: me, claimTime: now } as Partial<TaskRow>);
  for (const row of await api.find('flow/activity', { where: { taskId: task.id, endTime: null }, limit: 10 })) {
    await api.update('flow/activity', row.id, { assigneeId: me });
  }
  return claimed;
}

export interface CompleteInput {
  taskId: string;
  pass: boolean;
  comment?: string;
  variables?: Variables;
}

/** One history row for a step a person took on a task without the process moving (a delegation, its hand-back). */
async function recordTaskStep(
  api: ReturnType<ReturnType<typeof localApi>['tenantWide']>,
  instance: InstanceRow,
  task: TaskRow,
  actorId: string,
  step: { now: string; comment: string | undefined; flag: 'resolve' | 'delegate' },
): Promise<void> {
  await api.create('flow/activity', {
    processInstanceId: instance.id,
    activityId: task.taskDefinitionKey ?? '',
    activityName: task.name ?? '',
    activityType: 'bpmn:UserTask',
    taskId: task.id,
    assigneeId: actorId,
    startTime: step.now,
    endTime: step.now,
    comment: step.comment,
    flag: step.flag,
  });
}

/** The delegate hands a delegated task back to its owner: the process does not move. */
async function resolveDelegation(
  ctx: RuntimeContext,
  tx: Tx,
  task: TaskRow,
  instance: InstanceRow,
  comment: string | undefined,
  now: string,
): Promise<ActionResult> {
  const api = localApi(ctx, tx).tenantWide();
  await recordTaskStep(api, instance, task, ctx.caller.userId, { now, comment, flag: 'resolve' });
  const owner = String(task.ownerId);
  const back = await api.update('flow/task', task.id, { assigneeId: owner, ownerId: null, delegated: 0 } as unknown as Partial<TaskRow>);
  for (const row of await api.find('flow/activity', { where: { taskId: task.id, endTime: null }, limit: 10 }))
    await api.update('flow/activity', row.id, { assigneeId: owner });
  await notifyTask(ctx, tx, instance, back, `「${instance.processName}」委托的任务已处理，待您审批：${task.name}`);
  return { processInstanceId: instance.id, tasks: [back], ended: false };
}

/** The assignee completes a task (pass or reject, the variable `pass`); the process moves on. */
export async function completeTask(ctx: RuntimeContext, tx: Tx, input: CompleteInput, options: ActOptions = {}): Promise<ActionResult> {
  if (typeof input.pass !== 'boolean') throw badRequest('请选择同意或驳回', 'Please choose to approve or reject');
  const comment = checkedComment(input.comment);
  const extra = checkedVariables(input.variables);
  const { task, instance } = await lockTask(ctx, tx, input.taskId);
  assertMayAct(ctx, task, instance, options, 'complete');
  const now = await databaseNow(tx);
  if (task.delegated === 1 && task.ownerId) return resolveDelegation(ctx, tx, task, instance, comment, now);
  const definition = await loadProcessDefinition(ctx, tx, String(instance.deploymentId));
  const node = definition.node(String(task.taskDefinitionKey));
  if (!node) throw badRequest('流程定义中没有该任务的节点', 'The task has no node in its process definition');
  const stored = instanceVariables(instance);
  const variables = checkedVariableTotals({ ...stored, ...(await settableVariables(ctx, tx, definition, node, task, stored, extra)) });
  const completed = await closeTask(
    ctx,
    tx,
    task,
    { status: TASK_STATUS.completed, flag: input.pass ? 'pass' : 'reject', comment, actorId: ctx.caller.userId },
    now,
  );
  if (task.multiInstanceGroup) {
    const decision = await afterGroupCompletion(ctx, tx, instance, node, completed, input.pass, now);
    if (!decision.done) {
      await saveWaitingInstance(ctx, tx, instance, variables);
      return { processInstanceId: instance.id, tasks: await openTasks(ctx, tx, instance.id, node.id), ended: false };
    }
    variables.pass = decision.pass;
  } else {
    variables.pass = input.pass;
  }
  return turn(ctx, tx, instance, definition, variables, now, (execution) => execution.signal({ id: node.id }), {}, task.id);
}

/** Variables and the current step of an instance whose engine did not move. */
async function saveWaitingInstance(ctx: RuntimeContext, tx: Tx, instance: InstanceRow, variables: Variables): Promise<void> {
  const names = [...new Set((await openTasks(ctx, tx, instance.id)).map((t) => t.name ?? ''))].filter(Boolean).join(',');
  await localApi(ctx, tx)
    .tenantWide()
    .update('flow/processInstance', instance.id, { variables: JSON.stringify(variables), currentNodeNames: names.slice(0, 500) } as Partial<InstanceRow>);
}

export interface BackNode {
  nodeId: string;
  nodeName: string;
}

/**
 * The user-task nodes the task's instance has completed, except the nodes open now: where a rollback may go.
 * Told only to who could roll the task back: its assignee, or the monitor.
 */
export async function getBackNodes(ctx: RuntimeContext, tx: Tx, taskId: string, options: ActOptions = {}): Promise<BackNode[]> {
  const task = await localApi(ctx, tx).tenantWide().findById('flow/task', checkedId(taskId, 'taskId'));
  if (!task) return [];
  if (!options.asOperator && String(task.assigneeId ?? '') !== ctx.caller.userId)
    throw forbidden('只有该任务的办理人可以查看可回退的节点', 'Only the assignee of the task may see where it can go back to');
  return backNodesOf(ctx, tx, String(task.processInstanceId));
}

async function backNodesOf(ctx: RuntimeContext, tx: Tx, instanceId: string): Promise<BackNode[]> {
  const tasks = await localApi(ctx, tx)
    .tenantWide()
    .find('flow/task', { where: { processInstanceId: instanceId }, sort: ['endTime asc'], limit: 5000 });
  const open = new Set(tasks.filter((t) => t.status === TASK_STATUS.open).map((t) => t.taskDefinitionKey));
  const nodes = new Map<string, string>();
  for (const t of tasks) {
    if (t.status === TASK_STATUS.completed && t.taskDefinitionKey && !open.has(t.taskDefinitionKey))
      nodes.set(t.taskDefinitionKey, t.name ?? t.taskDefinitionKey);
  }
  return [...nodes].map(([nodeId, nodeName]) => ({ nodeId, nodeName }));
}

/** The single user who last completed a node (not a multi-instance run): who gets it back. */
async function previousAssignee(ctx: RuntimeContext, tx: Tx, instanceId: string, nodeId: string): Promise<string | undefined> {
  const [last] = await localApi(ctx, tx)
    .tenantWide()
    .find('flow/task', {
      where: { processInstanceId: instanceId, taskDefinitionKey: nodeId, status: TASK_STATUS.completed },
      sort: ['endTime desc'],
      limit: 1,
    });
  return last && !last.multiInstanceGroup && last.assigneeId ? String(last.assigneeId) : undefined;
}

/** Moves the engine back: the target node runs again, then the nodes left are discarded. */
function moveBack(target: string, leaving: string[]) {
  return (execution: EngineExecution) => {
    const process = execution.definitions[0]?.getProcesses()[0];
    const activity = process?.getActivityById(target);
    if (!activity) throw badRequest('流程中没有所选节点', 'The chosen node is not in the process');
    activity.run();
    for (const api of execution.getPostponed()) if (leaving.includes(api.id) && api.id !== target) api.discard();
  };
}

export interface RollbackInput {
  taskId: string;
  targetNodeId: string;
  comment?: string;
}

/** The assignee sends the process back to an earlier user-task node; its previous assignee gets it again. */
export async function rollbackTask(ctx: RuntimeContext, tx: Tx, input: RollbackInput, options: ActOptions = {}): Promise<ActionResult> {
  const comment = checkedComment(input.comment);
  const { task, instance } = await lockTask(ctx, tx, input.taskId);
  assertMayAct(ctx, task, instance, options);
  const target = String(input.targetNodeId ?? '');
  if (!(await backNodesOf(ctx, tx, instance.id)).some((node) => node.nodeId === target))
    throw badRequest('只能回退到本流程已办理过的节点', 'The process can only go back to a step it has already passed');
  const definition = await loadProcessDefinition(ctx, tx, String(instance.deploymentId));
  const now = await databaseNow(tx);
  const nodeId = String(task.taskDefinitionKey);
  for (const open of await openTasks(ctx, tx, instance.id, nodeId)) {
    const own = open.id === task.id;
    await closeTask(
      ctx,
      tx,
      open,
      {
        status: TASK_STATUS.rolledBack,
        flag: 'rollback',
        comment: own ? comment : undefined,
        actorId: own ? ctx.caller.userId : undefined,
      },
      now,
    );
  }
  const preferred = await previousAssignee(ctx, tx, instance.id, target);
  const variables = instanceVariables(instance);
  return turn(ctx, tx, instance, definition, variables, now, moveBack(target, [nodeId]), preferred ? { [target]: preferred } : {}, task.id);
}

export interface WithdrawInput {
  processInstanceId?: string;
  taskId?: string;
}

interface WithdrawPlan {
  instance: InstanceRow;
  /** The caller's completed task the process goes back to; none: the starter withdraws the whole process. */
  done?: TaskRow;
  /** The open tasks the withdrawal cancels. */
  cancels: TaskRow[];
}

const untouched = (task: TaskRow) => task.status === TASK_STATUS.open && !task.claimTime && !task.comment && task.delegated !== 1;
const cannotWithdraw = () => badRequest('下一步已有人办理，不能撤回', 'Someone has already acted on the next step; it cannot be withdrawn');

/**
 * What a withdrawal by the caller would do, or the refusal: the caller's latest completed task whose
 * completion created tasks (sourceTaskId), all of them still open and untouched.
 */
async function withdrawPlan(ctx: RuntimeContext, tx: Tx, instance: InstanceRow, taskId?: string): Promise<WithdrawPlan> {
  assertRunning(instance);
  const me = ctx.caller.userId;
  const tasks = await localApi(ctx, tx)
    .tenantWide()
    .find('flow/task', { where: { processInstanceId: instance.id }, sort: ['endTime desc'], limit: 5000 });
  const mine = tasks.filter((t) => t.status === TASK_STATUS.completed && String(t.assigneeId) === me && (!taskId || t.id === taskId));
  const created = (task: TaskRow) => tasks.filter((t) => t.sourceTaskId && String(t.sourceTaskId) === task.id);
  const done = mine.find((task) => created(task).length > 0);
  if (done) {
    const cancels = created(done);
    if (!cancels.every(untouched)) throw cannotWithdraw();
    return { instance, done, cancels };
  }
  if (mine.length) throw cannotWithdraw();
  if (taskId) throw badRequest('只能撤回自己办理过的任务', 'You can only withdraw a task you handled');
  if (String(instance.startUserId) !== me) throw forbidden('只有发起人或上一步办理人可以撤回', 'Only the starter or the previous handler may withdraw');
  const open = tasks.filter((t) => t.status === TASK_STATUS.open);
  if (tasks.some((t) => t.status !== TASK_STATUS.open) || !open.every(untouched)) throw cannotWithdraw();
  return { instance, cancels: open };
}

/** Whether the caller could withdraw now (for the detail page's button). */
export async function canWithdraw(ctx: RuntimeContext, tx: Tx, processInstanceId: string): Promise<boolean> {
  const instance = await localApi(ctx, tx).tenantWide().findById('flow/processInstance', processInstanceId);
  if (!instance) return false;
  return withdrawPlan(ctx, tx, instance).then(
    () => true,
    () => false,
  );
}

/**
 * The previous handler takes their step back while the next tasks are untouched (the process returns to
 * their node and them), or the starter withdraws the whole process before anyone acted (status 4).
 */
export async function withdrawTask(ctx: RuntimeContext, tx: Tx, input: WithdrawInput): Promise<ActionResult> {
  let instanceId = input.processInstanceId;
  const taskId = input.taskId ? checkedId(input.taskId, 'taskId') : undefined;
  if (taskId) {
    const task = await localApi(ctx, tx).tenantWide().findById('flow/task', taskId);
    if (!task) throw badRequest('任务不存在或已被删除', 'The task does not exist or was removed');
    instanceId = String(task.processInstanceId);
  }
  if (!instanceId) throw badRequest('请指定要撤回的流程或任务', 'Please name the process or task to withdraw');
  const instance = await lockInstance(ctx, tx, instanceId);
  const plan = await withdrawPlan(ctx, tx, instance, taskId);
  const now = await databaseNow(tx);
  if (!plan.done) {
    await finishInstance(ctx, tx, instance, 'withdrawn', now, {
      instanceStatus: INSTANCE_STATUS.withdrawn,
      taskStatus: TASK_STATUS.withdrawn,
      flag: 'withdraw',
    });
    return { processInstanceId: instance.id, tasks: [], ended: true };
  }
  for (const task of plan.cancels) await closeTask(ctx, tx, task, { status: TASK_STATUS.withdrawn, flag: 'withdraw' }, now);
  const api = localApi(ctx, tx).tenantWide();
  const target = String(plan.done.taskDefinitionKey);
  const definition = await loadProcessDefinition(ctx, tx, String(instance.deploymentId));
  const node = definition.node(target);
  // The completion no longer counts: the caller does the node again.
  await api.update('flow/task', plan.done.id, { status: TASK_STATUS.withdrawn } as Partial<TaskRow>);
  const sameGroup = plan.done.multiInstanceGroup && plan.cancels.every((t) => t.multiInstanceGroup === plan.done!.multiInstanceGroup);
  if (sameGroup && node) {
    // Within a sequential group the engine never moved: the caller's instance comes back in its place.
    const again = await insertTask(
      ctx,
      tx,
      instance,
      node,
      { assigneeId: ctx.caller.userId, candidateUserIds: plan.done.candidateUserIds, multiInstanceGroup: plan.done.multiInstanceGroup },
      now,
    );
    await saveWaitingInstance(ctx, tx, instance, instanceVariables(instance));
    return { processInstanceId: instance.id, tasks: [again], ended: false };
  }
  const leaving = [...new Set(plan.cancels.map((t) => String(t.taskDefinitionKey)))];
  return turn(
    ctx,
    tx,
    instance,
    definition,
    instanceVariables(instance),
    now,
    moveBack(target, leaving),
    { [target]: ctx.caller.userId },
    plan.done.sourceTaskId ?? undefined,
  );
}

export interface TerminateInput {
  processInstanceId?: string;
  taskId?: string;
  comment?: string;
}

/** Ends a process now: open tasks terminated (7), the instance terminated (3), the engine state dropped. */
export async function terminateProcess(ctx: RuntimeContext, tx: Tx, input: TerminateInput, options: ActOptions = {}): Promise<ActionResult> {
  const comment = checkedComment(input.comment);
  let instance: InstanceRow;
  if (input.taskId) {
    const locked = await lockTask(ctx, tx, input.taskId);
    assertMayAct(ctx, locked.task, locked.instance, options);
    instance = locked.instance;
  } else {
    instance = await lockInstance(ctx, tx, String(input.processInstanceId ?? ''));
    if (instance.status !== INSTANCE_STATUS.running && instance.status !== INSTANCE_STATUS.suspended) throw badRequest('流程已结束', 'The process has ended');
    const mine = (await openTasks(ctx, tx, instance.id)).filter((t) => String(t.assigneeId) === ctx.caller.userId);
    if (!options.asOperator && mine.length === 0) throw forbidden('只有当前办理人可以终止流程', 'Only a current assignee may terminate the process');
    // A delegate holding only delegated tasks may not stop the owner's process either.
    if (!mine.some((t) => Number(t.delegated) !== 1)) mine.forEach((t) => assertNotDelegated(t, options));
  }
  const now = await databaseNow(tx);
  await finishInstance(ctx, tx, instance, 'terminated', now, {
    instanceStatus: INSTANCE_STATUS.terminated,
    taskStatus: TASK_STATUS.terminated,
    flag: 'terminate',
    comment,
  });
  return { processInstanceId: instance.id, tasks: [], ended: true };
}

export interface AddMultiInput {
  taskId: string;
  userIds: string[] | string;
}

/** 加签: more users join the multi-instance group of the task (parallel: a task each; sequential: at the end of the line). */
export async function addMultiInstance(ctx: RuntimeContext, tx: Tx, input: AddMultiInput, options: ActOptions = {}): Promise<ActionResult> {
  const requested = checkedUserIds(input.userIds);
  const { task, instance } = await lockTask(ctx, tx, input.taskId);
  assertMayAct(ctx, task, instance, options);
  if (!task.multiInstanceGroup) throw badRequest('该任务不是多人审批任务，不能加签', 'The task is not a multi-instance task');
  const users = await enabledUsers(ctx, tx, { ids: requested });
  if (users.length !== requested.length) throw badRequest('所选人员不存在或已停用', 'A chosen user does not exist or is disabled');
  const definition = await loadProcessDefinition(ctx, tx, String(instance.deploymentId));
  const node = definition.node(String(task.taskDefinitionKey));
  if (!node) throw badRequest('流程定义中没有该任务的节点', 'The task has no node in its process definition');
  const now = await databaseNow(tx);
  const group = String(task.multiInstanceGroup);
  const members = await groupTasks(ctx, tx, group);
  const created: TaskRow[] = [];
  if (node.userTask?.multiInstance === 'sequential') {
    const line = candidatesOf(task);
    const added = users.filter((id) => !line.includes(id));
    const api = localApi(ctx, tx).tenantWide();
    for (const member of members.filter((t) => t.status === TASK_STATUS.open)) {
      await api.update('flow/task', member.id, { candidateUserIds: [...line, ...added].join(',') } as Partial<TaskRow>);
    }
  } else {
    const present = new Set(members.filter((t) => t.status === TASK_STATUS.open).map((t) => String(t.assigneeId)));
    for (const userId of users.filter((id) => !present.has(id))) {
      created.push(await insertTask(ctx, tx, instance, node, { assigneeId: userId, multiInstanceGroup: group }, now));
    }
  }
  return { processInstanceId: instance.id, tasks: created, ended: false };
}

/** 减签: an open instance of a parallel group is removed (at least one stays); the group may be done then. */
export async function deleteMultiInstance(ctx: RuntimeContext, tx: Tx, input: { taskId: string }, options: ActOptions = {}): Promise<ActionResult> {
  const { task, instance } = await lockTask(ctx, tx, input.taskId);
  assertRunning(instance);
  assertOpen(task);
  if (!task.multiInstanceGroup) throw badRequest('该任务不是多人审批任务，不能减签', 'The task is not a multi-instance task');
  const group = String(task.multiInstanceGroup);
  const members = await groupTasks(ctx, tx, group);
  const participant = members.some((t) => String(t.assigneeId) === ctx.caller.userId);
  if (!options.asOperator && !participant) throw forbidden('只有该节点的办理人可以减签', 'Only a handler of this step may remove an instance');
  // A delegate acts on the owner's behalf only to complete: removing instances is the owner's.
  for (const own of members.filter((t) => t.status === TASK_STATUS.open && String(t.assigneeId) === ctx.caller.userId)) assertNotDelegated(own, options);
  const definition = await loadProcessDefinition(ctx, tx, String(instance.deploymentId));
  const node = definition.node(String(task.taskDefinitionKey));
  if (!node) throw badRequest('流程定义中没有该任务的节点', 'The task has no node in its process definition');
  if (node.userTask?.multiInstance === 'sequential')
    throw badRequest('依次审批的当前办理人不能减签', 'The current handler of a sequential step cannot be removed');
  // The group keeps at least one member who counts (open or done): removing the last one still open then decides it.
  const counting = members.filter((t) => t.status === TASK_STATUS.open || t.status === TASK_STATUS.completed);
  if (counting.length < 2) throw badRequest('至少保留一位办理人', 'At least one handler must stay');
  const now = await databaseNow(tx);
  await closeTask(ctx, tx, task, { status: TASK_STATUS.cancelled, flag: 'deleteMulti' }, now);
  const completedPasses = members.filter((t) => t.status === TASK_STATUS.completed);
  const decision = await evaluateGroup(ctx, tx, node, group, completedPasses[completedPasses.length - 1]?.flag === 'pass');
  if (!decision.done) {
    await saveWaitingInstance(ctx, tx, instance, instanceVariables(instance));
    return { processInstanceId: instance.id, tasks: [], ended: false };
  }
  for (const open of (await groupTasks(ctx, tx, group)).filter((t) => t.status === TASK_STATUS.open)) {
    await closeTask(ctx, tx, open, { status: TASK_STATUS.cancelled, flag: 'cancel' }, now);
  }
  const variables = { ...instanceVariables(instance), pass: decision.pass };
  return turn(ctx, tx, instance, definition, variables, now, (execution) => execution.signal({ id: node.id }), {}, task.id);
}

export interface ReassignInput {
  taskId: string;
  userId: string;
  comment?: string;
  /**
   * transfer (转办): the task ends as transferred (6), a new one goes to the user;
   * delegate (委托): the user acts for the assignee, then it returns to them (owner);
   * assign (ops changeAssignee / dispatchTask): the task's assignee becomes the user.
   */
  mode: 'transfer' | 'delegate' | 'assign';
}

/** Transfer, delegate or (monitoring) assign a task to another user of the tenant. */
export async function reassignTask(ctx: RuntimeContext, tx: Tx, input: ReassignInput, options: ActOptions = {}): Promise<TaskRow> {
  const comment = checkedComment(input.comment);
  const [userId] = checkedUserIds([input.userId]);
  const { task, instance } = await lockTask(ctx, tx, input.taskId);
  if (input.mode === 'assign') {
    if (!options.asOperator) throw forbidden();
    assertRunning(instance);
    assertOpen(task);
  } else {
    assertMayAct(ctx, task, instance, options);
  }
  if ((await enabledUsers(ctx, tx, { ids: [userId] })).length === 0)
    throw badRequest('所选人员不存在或已停用', 'The chosen user does not exist or is disabled');
  if (task.assigneeId && String(task.assigneeId) === userId) throw badRequest('所选人员已是该任务的办理人', 'The chosen user already handles this task');
  const now = await databaseNow(tx);
  const api = localApi(ctx, tx).tenantWide();
  if (input.mode === 'transfer') {
    await closeTask(ctx, tx, task, { status: TASK_STATUS.transferred, flag: 'transfer', comment }, now);
    const definition = await loadProcessDefinition(ctx, tx, String(instance.deploymentId));
    const node = definition.node(String(task.taskDefinitionKey));
    if (!node) throw badRequest('流程定义中没有该任务的节点', 'The task has no node in its process definition');
    return insertTask(
      ctx,
      tx,
      instance,
      node,
      {
        assigneeId: userId,
        candidateUserIds: task.multiInstanceGroup ? task.candidateUserIds : undefined,
        multiInstanceGroup: task.multiInstanceGroup,
        sourceTaskId: task.sourceTaskId,
      },
      now,
    );
  }
  if (input.mode === 'delegate') {
    await recordTaskStep(api, instance, task, ctx.caller.userId, { now, comment, flag: 'delegate' });
  }
  const changes: Partial<TaskRow> =
    input.mode === 'delegate'
      ? { assigneeId: userId, ownerId: Number(task.delegated) === 1 && task.ownerId ? task.ownerId : task.assigneeId, delegated: 1 }
      : { assigneeId: userId, ...(task.assigneeId ? {} : { claimTime: now }) };
  const updated = await api.update('flow/task', task.id, changes);
  for (const row of await api.find('flow/activity', { where: { taskId: task.id, endTime: null }, limit: 10 }))
    await api.update('flow/activity', row.id, { assigneeId: userId });
  await notifyTask(ctx, tx, instance, updated, `「${instance.processName}」待您审批：${task.name}`, [userId]);
  return updated;
}

/** Monitoring: suspend (no task action until activated) or activate a running instance. */
export async function changeInstanceStatus(
  ctx: RuntimeContext,
  tx: Tx,
  input: { processInstanceId: string; status: 'active' | 'suspended' },
): Promise<InstanceRow> {
  const instance = await lockInstance(ctx, tx, input.processInstanceId);
  const from = input.status === 'active' ? INSTANCE_STATUS.suspended : INSTANCE_STATUS.running;
  const to = input.status === 'active' ? INSTANCE_STATUS.running : INSTANCE_STATUS.suspended;
  if (input.status !== 'active' && input.status !== 'suspended') throw badRequest('状态只能是 active 或 suspended', 'The status must be active or suspended');
  if (instance.status !== from)
    throw badRequest(
      input.status === 'active' ? '流程未挂起' : '流程不在运行中',
      input.status === 'active' ? 'The process is not suspended' : 'The process is not running',
    );
  return localApi(ctx, tx)
    .tenantWide()
    .update('flow/processInstance', instance.id, { status: to } as Partial<InstanceRow>);
}

/** The open tasks of an instance (for the endpoints' answers). */
export function instanceOpenTasks(ctx: RuntimeContext, tx: Tx, processInstanceId: string): Promise<TaskRow[]> {
  return openTasks(ctx, tx, processInstanceId);
}

/** Resumes an instance so the BPMN timers past their expiry fire (the scheduler calls it). */
export async function fireBpmnTimers(ctx: RuntimeContext, tx: Tx, processInstanceId: string): Promise<ActionResult> {
  const instance = await lockInstance(ctx, tx, processInstanceId);
  if (instance.status !== INSTANCE_STATUS.running) return { processInstanceId, tasks: [], ended: instance.status !== INSTANCE_STATUS.suspended };
  const definition = await loadProcessDefinition(ctx, tx, String(instance.deploymentId));
  return turn(ctx, tx, instance, definition, instanceVariables(instance), await databaseNow(tx));
}
