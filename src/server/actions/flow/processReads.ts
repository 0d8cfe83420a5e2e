/**
 * The reads of one process (contract 14 §6): detail, history-flow-list,
 * model-view, the start forms (getFormByProcessId / getFormByProcessDefKey),
 * the deployed XML (getXmlByProcessDefId / Key). They are open to any holder
 * of a 我的事务 menu or 流程监控 (the bindings are anyUser; the handler checks
 * the menus, since a binding names one menu) and answer only an instance the
 * caller takes part in (or, with 流程监控, any of the tenant): otherwise 404.
 */
import type { DbClient } from '../../db/pool.js';
import type { ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { badRequest } from '../../http/apiError.js';
import { inputOf, optionalIdOf, requiredIdOf, txOf } from '../../workflow/api/actionInput.js';
import {
  assertProcessPagesOpen,
  buttonKeysOf,
  INSTANCE_STATUS,
  TASK_STATUS,
  visibleInstance,
  visibleTask,
  type Instance,
  type Task,
} from '../../workflow/api/instanceAccess.js';
import { deploymentById, formContent, latestDeploymentByKey, nodeOf, variablesOfInstance, type Deployment } from '../../workflow/api/definitions.js';
import { historyOf } from '../../workflow/api/historyRows.js';
import { startFormOf } from '../../workflow/api/startForms.js';
import * as runtime from '../../workflow/runtime/workflowService.js';

/** The instance fields a page shows: engineState is never selected; variables are answered apart, parsed. */
async function instanceView(ctx: ActionContext, instance: Instance, deployment: Deployment | undefined) {
  const { variables: _variables, ...fields } = instance as Instance & { variables?: unknown };
  const people = await localApi(ctx, txOf(ctx))
    .tenantWide()
    .find('system/user', { where: { id: { in: [instance.startUserId].filter(Boolean) as string[] } }, limit: 1 });
  const category = deployment?.categoryId ? await localApi(ctx, txOf(ctx)).tenantWide().findById('flow/category', deployment.categoryId) : undefined;
  return {
    ...fields,
    processInstanceId: instance.id,
    processDefinitionId: instance.deploymentId,
    processDefinitionName: deployment?.name ?? instance.processName,
    processDefinitionVersion: deployment?.processVersion ?? null,
    categoryName: category?.name ?? null,
    startUserName: people[0]?.realName ?? null,
    form: await formContent(ctx, deployment?.formKey),
  };
}

/** The buttons a task offers, named from the tenant's flow/button register in the node's order. */
async function buttonsOf(ctx: ActionContext, task: Task) {
  const keys = buttonKeysOf(task);
  if (keys.length === 0) return [];
  const rows = await localApi(ctx, txOf(ctx))
    .tenantWide()
    .find('flow/button', { where: { buttonKey: { in: keys } } });
  const byKey = new Map(rows.map((row) => [row.buttonKey, row]));
  return keys.map((key) => ({ buttonKey: key, name: byKey.get(key)?.name ?? key, nameEn: byKey.get(key)?.nameEn ?? null }));
}

/** The open instances of a multi-instance group, with their assignees' names (减签 picks one). */
async function groupTasksOf(ctx: ActionContext, task: Task) {
  if (!task.multiInstanceGroup) return [];
  const api = localApi(ctx, txOf(ctx)).tenantWide();
  const tasks = await api.find('flow/task', {
    where: { processInstanceId: task.processInstanceId, multiInstanceGroup: task.multiInstanceGroup, status: TASK_STATUS.open },
    withTitles: true,
  });
  return tasks.map((row) => ({ taskId: row.id, assigneeId: row.assigneeId, assigneeName: (row as unknown as Record<string, unknown>).assigneeName ?? null }));
}

async function taskView(ctx: ActionContext, task: Task, deployment: Deployment | undefined) {
  const node = deployment ? nodeOf(deployment, task.taskDefinitionKey) : undefined;
  const formKey = task.formKey || node?.userTask?.formKey || deployment?.formKey;
  return {
    ...task,
    taskId: task.id,
    taskName: task.name,
    buttons: await buttonsOf(ctx, task),
    form: await formContent(ctx, formKey),
    formReadonly: node?.userTask?.formReadonly ?? false,
    groupTasks: await groupTasksOf(ctx, task),
  };
}

/** withdraw as the runtime would allow it now (the starter, or the previous handler while the next step is untouched); urge to the starter of a running instance. */
async function withdrawAndUrge(ctx: ActionContext, instance: Instance) {
  if (Number(instance.status) !== INSTANCE_STATUS.running) return { canWithdraw: false, canUrge: false };
  return { canWithdraw: await runtime.canWithdraw(ctx, ctx.tx as DbClient, instance.id), canUrge: instance.startUserId === ctx.caller.userId };
}

/** The caller's open task of the instance (assigned, or to claim), when no task was named. */
async function callersOpenTask(ctx: ActionContext, instance: Instance): Promise<Task | undefined> {
  const open = await localApi(ctx, txOf(ctx))
    .tenantWide()
    .find('flow/task', { where: { processInstanceId: instance.id, status: TASK_STATUS.open } });
  const me = ctx.caller.userId;
  return open.find((task) => task.assigneeId === me) ?? open.find((task) => !task.assigneeId && (task.candidateUserIds ?? '').split(',').includes(me));
}

/** Opening a process copied to the caller marks the caller's copies of it read (their own rows: x-owner). */
async function markCopiesRead(ctx: ActionContext, instance: Instance): Promise<void> {
  const api = localApi(ctx);
  for (const copy of await api.find('flow/copy', { where: { processInstanceId: instance.id, readStatus: 0 }, limit: 100 })) {
    await api.update('flow/copy', copy.id, { readStatus: 1 });
  }
}

async function detail(ctx: ActionContext) {
  await assertProcessPagesOpen(ctx);
  const input = inputOf(ctx);
  const taskId = optionalIdOf(input, 'taskId');
  const named = taskId ? await visibleTask(ctx, taskId) : undefined;
  const instance = named?.instance ?? (await visibleInstance(ctx, requiredIdOf(input, 'processInstanceId')));
  if (named && input.processInstanceId && String(input.processInstanceId) !== instance.id) {
    throw badRequest('任务不属于该流程实例', 'The task does not belong to this process instance');
  }
  const deployment = instance.deploymentId ? await deploymentById(ctx, instance.deploymentId).catch(() => undefined) : undefined;
  const task = named?.task ?? (await callersOpenTask(ctx, instance));
  await markCopiesRead(ctx, instance);
  return {
    process: await instanceView(ctx, instance, deployment),
    task: task ? await taskView(ctx, task, deployment) : null,
    variables: variablesOfInstance(instance),
    history: await historyOf(ctx, instance.id, false),
    ...(await withdrawAndUrge(ctx, instance)),
  };
}

async function historyFlowList(ctx: ActionContext) {
  await assertProcessPagesOpen(ctx);
  const instance = await visibleInstance(ctx, requiredIdOf(inputOf(ctx), 'processInstanceId'));
  return historyOf(ctx, instance.id, false);
}

/** The deployed XML and what the instance went through (by instance), or the XML alone (by definition). */
async function modelView(ctx: ActionContext) {
  await assertProcessPagesOpen(ctx);
  const input = inputOf(ctx);
  const processInstanceId = optionalIdOf(input, 'processInstanceId');
  if (processInstanceId) {
    const instance = await visibleInstance(ctx, processInstanceId);
    const deployment = await deploymentById(ctx, instance.deploymentId);
    const flow = (await historyOf(ctx, instance.id, true)).map((row) => ({
      historyActivityId: row.historyActivityId,
      historyActivityType: row.historyActivityType,
      endTime: row.endTime,
    }));
    return { xml: deployment.xml ?? '', flow };
  }
  const deployment = await deploymentById(ctx, requiredIdOf(input, 'processDefinitionId'));
  return { xml: deployment.xml ?? '', flow: [] };
}

async function formByProcessId(ctx: ActionContext) {
  await assertProcessPagesOpen(ctx);
  return startFormOf(ctx, await deploymentById(ctx, requiredIdOf(inputOf(ctx), 'processDefinitionId')));
}

async function formByProcessKey(ctx: ActionContext) {
  await assertProcessPagesOpen(ctx);
  return startFormOf(ctx, await latestDeploymentByKey(ctx, String(inputOf(ctx).processDefinitionKey ?? '')));
}

async function xmlById(ctx: ActionContext) {
  await assertProcessPagesOpen(ctx);
  const deployment = await deploymentById(ctx, requiredIdOf(inputOf(ctx), 'processDefinitionId'));
  return { processDefinitionId: deployment.id, processKey: deployment.processKey, name: deployment.name, xml: deployment.xml ?? '' };
}

async function xmlByKey(ctx: ActionContext) {
  await assertProcessPagesOpen(ctx);
  const deployment = await latestDeploymentByKey(ctx, String(inputOf(ctx).processDefinitionKey ?? ''));
  return { processDefinitionId: deployment.id, processKey: deployment.processKey, name: deployment.name, xml: deployment.xml ?? '' };
}

export const processReads = { detail, historyFlowList, modelView, formByProcessId, formByProcessKey, xmlById, xmlByKey };
