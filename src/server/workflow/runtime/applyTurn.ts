/**
 * After an engine turn, the rows follow it, in the action's transaction: history rows for the
 * activities that ran and the flows taken, tasks for the user tasks the engine now waits on (a node
 * already holding open tasks keeps them), the BPMN timers as flow/timer rows, and the instance — its
 * saved state, variables and current step, or its end (status, outcome, open tasks cancelled, the
 * business register's listener told).
 */
import { localApi } from '../../engine/localApi.js';
import type { EngineTurn } from './engineRun.js';
import { notifyProcessEnd, type ProcessOutcome } from './processListeners.js';
import type { ProcessDefinition } from './processDefinitions.js';
import { storedTime } from './runtimeClock.js';
import { INSTANCE_STATUS, TASK_STATUS, type InstanceRow, type RuntimeContext, type TaskRow, type Tx, type Variables } from './runtimeTypes.js';
import { closeTask, createNodeTasks, openTasks } from './taskRows.js';

/** Node ids whose next tasks go to a chosen user (a rollback's previous assignee). */
export type PreferredAssignees = Record<string, string>;

async function recordHistory(ctx: RuntimeContext, tx: Tx, instance: InstanceRow, turn: EngineTurn, now: string): Promise<void> {
  const api = localApi(ctx, tx).tenantWide();
  for (const event of turn.events) {
    // User tasks have one history row per task (taskRows.ts), not per engine run.
    if (event.type === 'bpmn:UserTask') continue;
    if (event.kind === 'take') {
      await api.create('flow/activity', {
        processInstanceId: instance.id,
        activityId: event.id,
        activityName: event.name,
        activityType: event.type,
        startTime: now,
        endTime: now,
      });
    } else if (event.kind === 'start') {
      await api.create('flow/activity', {
        processInstanceId: instance.id,
        activityId: event.id,
        activityName: event.name,
        activityType: event.type,
        startTime: now,
      });
    } else if (event.kind === 'end' || event.kind === 'discard') {
      // Only a run that started has a row to close (a discarded branch never started).
      const [open] = await api.find('flow/activity', {
        where: { processInstanceId: instance.id, activityId: event.id, endTime: null },
        sort: ['startTime desc'],
        limit: 1,
      });
      if (open) await api.update('flow/activity', open.id, { endTime: now, ...(event.kind === 'discard' ? { flag: 'discard' } : {}) });
    }
  }
}

/** The flow/timer rows of the BPMN timers follow the engine's: new ones added, gone ones removed. */
async function syncBpmnTimers(ctx: RuntimeContext, tx: Tx, instance: InstanceRow, turn: EngineTurn): Promise<void> {
  const api = localApi(ctx, tx).tenantWide();
  const rows = await api.find('flow/timer', { where: { processInstanceId: instance.id, kind: 'bpmnTimer', firedAt: null }, limit: 1000 });
  const activityOf = (payload: string | null | undefined) => {
    try {
      return (JSON.parse(payload ?? '{}') as { activityId?: string }).activityId;
    } catch {
      return undefined;
    }
  };
  const pending = new Set(turn.timers.map((timer) => timer.activityId));
  const gone = rows.filter((row) => !pending.has(activityOf(row.payload) ?? ''));
  if (gone.length)
    await api.remove(
      'flow/timer',
      gone.map((row) => row.id),
    );
  const stored = new Set(rows.map((row) => activityOf(row.payload)));
  for (const timer of turn.timers) {
    if (stored.has(timer.activityId)) continue;
    await api.create('flow/timer', {
      processInstanceId: instance.id,
      kind: 'bpmnTimer',
      dueAt: storedTime(timer.expireAt),
      payload: JSON.stringify({ activityId: timer.activityId }),
    });
  }
}

async function currentNodeNames(ctx: RuntimeContext, tx: Tx, instanceId: string): Promise<string> {
  const names = [...new Set((await openTasks(ctx, tx, instanceId)).map((task) => task.name ?? ''))].filter(Boolean);
  return names.join(',').slice(0, 500);
}

/** Ends the instance: status and outcome, open tasks and timers closed, the business listener told. */
export async function finishInstance(
  ctx: RuntimeContext,
  tx: Tx,
  instance: InstanceRow,
  outcome: ProcessOutcome,
  now: string,
  closing: { instanceStatus: number; taskStatus: number; flag: string; comment?: string | null },
): Promise<InstanceRow> {
  const api = localApi(ctx, tx).tenantWide();
  for (const task of await openTasks(ctx, tx, instance.id)) {
    // Each closed task's history keeps its own assignee: the one who stopped the process is not the one who held it.
    await closeTask(ctx, tx, task, { status: closing.taskStatus, flag: closing.flag, comment: closing.comment }, now);
  }
  const timers = await api.find('flow/timer', { where: { processInstanceId: instance.id, firedAt: null }, limit: 1000 });
  if (timers.length)
    await api.remove(
      'flow/timer',
      timers.map((row) => row.id),
    );
  const ended = await api.update('flow/processInstance', instance.id, {
    status: closing.instanceStatus,
    endTime: now,
    outcome: outcome === 'pass' || outcome === 'reject' ? outcome : undefined,
    engineState: null,
    currentNodeNames: '',
  } as Partial<InstanceRow>);
  await notifyProcessEnd(ctx, tx, ended, outcome);
  return ended;
}

/** Applies a turn; answers the tasks it created. */
export async function applyTurn(
  ctx: RuntimeContext,
  tx: Tx,
  instance: InstanceRow,
  definition: ProcessDefinition,
  variables: Variables,
  turn: EngineTurn,
  now: string,
  preferred: PreferredAssignees = {},
  sourceTaskId?: string,
): Promise<TaskRow[]> {
  await recordHistory(ctx, tx, instance, turn, now);
  const api = localApi(ctx, tx).tenantWide();
  if (turn.ended) {
    const outcome: ProcessOutcome = variables.pass === false ? 'reject' : 'pass';
    await api.update('flow/processInstance', instance.id, { variables: JSON.stringify(variables) } as Partial<InstanceRow>);
    await finishInstance(ctx, tx, { ...instance, variables: JSON.stringify(variables) }, outcome, now, {
      instanceStatus: INSTANCE_STATUS.completed,
      taskStatus: TASK_STATUS.cancelled,
      flag: 'cancel',
    });
    return [];
  }
  const created: TaskRow[] = [];
  const waiting = new Set(turn.waitingUserTasks);
  const open: TaskRow[] = [];
  for (const task of await openTasks(ctx, tx, instance.id)) {
    // A node the engine left without our signal (an interrupting boundary timer, a terminate end elsewhere) takes its tasks with it.
    if (waiting.has(String(task.taskDefinitionKey))) open.push(task);
    else await closeTask(ctx, tx, task, { status: TASK_STATUS.cancelled, flag: 'cancel' }, now);
  }
  for (const nodeId of waiting) {
    if (open.some((task) => task.taskDefinitionKey === nodeId)) continue;
    const node = definition.node(nodeId);
    if (node) created.push(...(await createNodeTasks(ctx, tx, instance, node, variables, now, preferred[nodeId], sourceTaskId)));
  }
  await syncBpmnTimers(ctx, tx, instance, turn);
  await api.update('flow/processInstance', instance.id, {
    engineState: JSON.stringify(turn.state),
    variables: JSON.stringify(variables),
    currentNodeNames: await currentNodeNames(ctx, tx, instance.id),
  } as Partial<InstanceRow>);
  return created;
}
