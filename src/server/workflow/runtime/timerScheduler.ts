/**
 * The workflow's timers (contract 14 §3), fired by every server instance: each polls the due flow/timer
 * rows every few seconds and fires them one at a time, each in its own transaction holding the row
 * (`FOR UPDATE SKIP LOCKED`: another instance polling at the same moment takes the next row, never the
 * same one). Timers are rows, so they survive restarts; a due row found after a restart fires then.
 *
 *   due / remind  the task is still open and its instance running: an urge message to whoever must act,
 *                 and the next reminder rsc:remindHours later (default 24 h); suspended: looked at again later
 *
 * A timer's turn runs as the system actor (SYSTEM_ACTOR_ID), not as any user: a step a timer moves on or a
 * process it ends was decided by nobody.
 *   bpmnTimer     the instance is resumed: the engine fires its timers past their expiry and moves on
 */
import { withTransaction, type Db, type DbClient } from '../../db/pool.js';
import { localApi } from '../../engine/localApi.js';
import { entityModel } from '../../engine/entityRegistry.js';
import { quoteIdent } from '../../engine/naming.js';
import type { Caller } from '../../http/caller.js';
import { databaseNow } from '../design/databaseNow.js';
import { loadProcessDefinition } from './processDefinitions.js';
import { addHours } from './runtimeClock.js';
import { INSTANCE_STATUS, TASK_STATUS, type RuntimeContext } from './runtimeTypes.js';
import { notifyTask } from './taskRows.js';
import { fireBpmnTimers } from './workflowService.js';

const POLL_MS = 5000;
const FIRST_POLL_MS = 1000;
/** At most this many timers per poll: a backlog drains over a few polls instead of holding a connection. */
const BATCH = 50;
/** A suspended instance's timer is looked at again this much later. */
const SUSPENDED_RETRY_HOURS = 1;

interface DueTimer {
  id: string;
  tenantId: string;
  processInstanceId: string;
  taskId: string | null;
  kind: string;
}

/** The next due timer of any tenant, locked for this transaction (skipping those another instance holds and those passed over this poll). */
async function nextDueTimer(tx: DbClient, passedOver: string[]): Promise<DueTimer | undefined> {
  const timer = entityModel('flow/timer');
  const column = (name: string) => quoteIdent(timer.field.get(name)!.column);
  // tenant-sql: the scheduler serves every tenant; each timer then runs in its own tenant's context.
  const result = await tx.query<DueTimer>(
    `SELECT id::text AS "id", tenant_id AS "tenantId", ${column('processInstanceId')}::text AS "processInstanceId",
            ${column('taskId')}::text AS "taskId", ${column('kind')} AS "kind"
       FROM ${quoteIdent(timer.table)}
      WHERE is_deleted = 0 AND ${column('firedAt')} IS NULL AND ${column('dueAt')} <= LOCALTIMESTAMP(0) AND id <> ALL($1::bigint[])
      ORDER BY ${column('dueAt')} LIMIT 1 FOR UPDATE SKIP LOCKED`,
    [passedOver],
  );
  return result.rows[0];
}

/** The user id of the system actor: what a timer does (a step passed on, a process ended) was done by no user. */
export const SYSTEM_ACTOR_ID = '0';

/** Whether the action runs as the system actor (a timer's turn) rather than a user. */
export const isSystemActor = (ctx: RuntimeContext) => ctx.caller.userId === SYSTEM_ACTOR_ID;

/** The context a timer acts in: the system actor in the instance's tenant (no request, no session, no user's rights). */
function timerContext(db: Db, timer: DueTimer): RuntimeContext {
  const caller: Caller = { tenantId: timer.tenantId, userId: SYSTEM_ACTOR_ID, deptId: null, roleIds: [], account: 'workflow-timer', clientId: 'workflow' };
  return { db, caller, language: 'zh' };
}

/**
 * A reminder of an open task of a running instance; the next one remindHours later. An ended instance's
 * or a closed task's reminder is only marked fired; a suspended instance's waits (looked at again later),
 * so reminding resumes once it is activated. Answers whether the timer is done with (to be marked fired).
 */
async function fireReminder(ctx: RuntimeContext, tx: DbClient, timer: DueTimer, now: string): Promise<boolean> {
  if (!timer.taskId) return true;
  const api = localApi(ctx, tx).tenantWide();
  const task = await api.findById('flow/task', timer.taskId);
  if (!task || task.status !== TASK_STATUS.open) return true;
  const instance = await api.findById('flow/processInstance', timer.processInstanceId);
  if (!instance || instance.status !== INSTANCE_STATUS.running) {
    if (instance?.status !== INSTANCE_STATUS.suspended) return true;
    await api.update('flow/timer', timer.id, { dueAt: addHours(now, SUSPENDED_RETRY_HOURS) });
    return false;
  }
  await notifyTask(ctx, tx, instance, task, `「${instance.processName}」任务已到期，请尽快办理：${task.name}`);
  const definition = await loadProcessDefinition(ctx, tx, String(instance.deploymentId));
  const remindHours = definition.node(String(task.taskDefinitionKey))?.userTask?.remindHours ?? 24;
  await api.create('flow/timer', { processInstanceId: instance.id, taskId: task.id, kind: 'remind', dueAt: addHours(now, remindHours) });
  return true;
}

const timerColumn = (name: string) => quoteIdent(entityModel('flow/timer').field.get(name)!.column);

/** Marks a timer fired by its id (held by this transaction; a timer whose instance is gone has no tenant context to read it in). */
async function markFired(tx: DbClient, timerId: string, now: string): Promise<void> {
  // tenant-sql: the row was selected and locked by id across tenants above.
  await tx.query(`UPDATE ${quoteIdent(entityModel('flow/timer').table)} SET ${timerColumn('firedAt')} = $2 WHERE id = $1`, [timerId, now]);
}

/** A timer whose firing failed is tried again later, so it does not block the ones behind it. */
async function postpone(db: Db, timerId: string): Promise<void> {
  await withTransaction(db, (tx) =>
    // tenant-sql: the failed timer is known by its id only.
    tx.query(`UPDATE ${quoteIdent(entityModel('flow/timer').table)} SET ${timerColumn('dueAt')} = LOCALTIMESTAMP(0) + interval '10 minutes' WHERE id = $1`, [
      timerId,
    ]),
  );
}

async function fire(db: Db, tx: DbClient, timer: DueTimer): Promise<void> {
  const now = await databaseNow(tx);
  const ctx = timerContext(db, timer);
  const api = localApi(ctx, tx).tenantWide();
  const instance = await api.findById('flow/processInstance', timer.processInstanceId);
  if (!instance) {
    await markFired(tx, timer.id, now);
    return;
  }
  if (timer.kind === 'bpmnTimer') {
    if (instance.status === INSTANCE_STATUS.suspended) {
      await api.update('flow/timer', timer.id, { dueAt: addHours(now, SUSPENDED_RETRY_HOURS) });
      return;
    }
    // Marked first: the resume removes the rows of timers that no longer wait, this one included.
    await markFired(tx, timer.id, now);
    await fireBpmnTimers(ctx, tx, timer.processInstanceId);
    return;
  }
  if (await fireReminder(ctx, tx, timer, now)) await markFired(tx, timer.id, now);
}

/** What became of the next due timer: fired (or failed and postponed), passed over (its instance busy), or none due. */
type Firing = { kind: 'fired' } | { kind: 'busy'; timerId: string } | { kind: 'none' };

/** Fires one timer in the transaction holding its row. */
async function fireNext(db: Db, passedOver: string[], log: (message: string) => void): Promise<Firing> {
  let failed: string | undefined;
  const firing = await withTransaction(db, async (tx): Promise<Firing> => {
    const timer = await nextDueTimer(tx, passedOver);
    if (!timer) return { kind: 'none' };
    // The instance's lock, without waiting: an action holding it may be about to change this very row (a deadlock
    // the other way round). Busy: the timer stays due for the next poll; this poll goes on with the others.
    const free = await tx.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS ok', [
      `flow-instance:${timer.processInstanceId}`,
    ]);
    if (!free.rows[0].ok) return { kind: 'busy', timerId: timer.id };
    failed = timer.id;
    await fire(db, tx, timer);
    failed = undefined;
    return { kind: 'fired' };
  }).catch((error: Error): Firing => {
    if (!failed) throw error;
    log(`workflow timer ${failed} failed, tried again in 10 minutes: ${error.message}`);
    return { kind: 'fired' };
  });
  if (failed) await postpone(db, failed);
  return firing;
}

/** Fires the due timers (at most `limit` tries); answers how many fired. A busy or failing timer is left for a later poll. */
export async function fireDueTimers(db: Db, limit = BATCH, log: (message: string) => void = () => undefined): Promise<number> {
  let fired = 0;
  const passedOver: string[] = [];
  for (let tries = 0; tries < limit; tries += 1) {
    const firing = await fireNext(db, passedOver, log);
    if (firing.kind === 'none') break;
    if (firing.kind === 'busy') passedOver.push(firing.timerId);
    else fired += 1;
  }
  return fired;
}

/** Starts this instance's poller; the answer stops it (and waits for a firing in progress). */
export function scheduleWorkflowTimers(db: Db, log: (message: string) => void = () => undefined): () => Promise<void> {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let handle: NodeJS.Timeout;
  const poll = () => {
    running = fireDueTimers(db, BATCH, log)
      .catch((error: Error) => log(`workflow timers: ${error.message}`))
      .finally(() => {
        if (!stopped) handle = setTimeout(poll, POLL_MS).unref();
      });
  };
  handle = setTimeout(poll, FIRST_POLL_MS).unref();
  return async () => {
    stopped = true;
    clearTimeout(handle);
    await running;
  };
}
