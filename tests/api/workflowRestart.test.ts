/**
 * A running process lives in the database, not in a server (contract 14 §3): the server is a separate
 * process that this test kills with SIGKILL — once between two steps, once while a completion waits
 * inside its transaction — and another server started on the same database continues the instance to
 * its end. A task's due timer that falls due while no server runs fires after the restart.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processXml } from './support/workflowModels.js';
import { call, createDatabase, killHard, signIn, startServerProcess, waitFor, type ServerProcess } from './support/workflowServerProcess.js';

const TENANT = '316979';
const ACCOUNTS = ['admin', 'farm_admin', 'subject_admin'] as const;
type Account = (typeof ACCOUNTS)[number];

let database: { url: string; drop: () => Promise<void> };
let db: pg.Client;
let server: ServerProcess | undefined;
const userId = {} as Record<Account, string>;

async function tokensOn(url: string): Promise<Record<Account, string>> {
  const tokens = {} as Record<Account, string>;
  for (const account of ACCOUNTS) tokens[account] = await signIn(url, TENANT, account);
  return tokens;
}

async function openTasks(instanceId: string): Promise<{ id: string; node: string; assignee: string }[]> {
  const result = await db.query(
    'SELECT id::text AS id, task_definition_key AS node, assignee_id::text AS assignee FROM flow_task WHERE process_instance_id = $1 AND status = 1 AND is_deleted = 0',
    [instanceId],
  );
  return result.rows;
}

beforeAll(async () => {
  database = await createDatabase();
  server = await startServerProcess(database.url);
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
  for (const account of ACCOUNTS) {
    userId[account] = (
      await db.query('SELECT id::text AS id FROM blade_user WHERE tenant_id = $1 AND account = $2 AND is_deleted = 0', [TENANT, account])
    ).rows[0].id;
  }
}, 240_000);

afterAll(async () => {
  if (server) await killHard(server);
  await db?.end();
  await database?.drop();
});

describe('kill -9 and a new server', () => {
  it('continues a process to its end after its server died between two steps and in the middle of one', async () => {
    let tokens = await tokensOn(server!.url);
    const xml = processXml({
      key: 'restartable',
      name: '重启审批',
      tasks: [
        { id: 'first', name: '一级审批', assigneeType: 'user', assignee: userId.subject_admin },
        { id: 'second', name: '二级审批', assigneeType: 'user', assignee: userId.admin, dueHours: 1 },
      ],
      flows: [
        { from: 'start', to: 'first' },
        { from: 'first', to: 'second' },
        { from: 'second', to: 'end' },
      ],
    });
    const saved = await call(server!.url, '/api/blade-workflow/design/model/submit', tokens.admin, { modelKey: 'restartable', name: '重启审批', xml });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const deployed = await call(server!.url, '/api/blade-workflow/design/model/deploy', tokens.admin, { modelId: saved.body.data.id });
    expect(deployed.status, JSON.stringify(deployed.body)).toBe(200);
    const processDefinitionId = String((Array.isArray(deployed.body.data) ? deployed.body.data[0] : deployed.body.data).id);

    const started = await call(server!.url, '/api/blade-workflow/process/startProcess', tokens.farm_admin, { processDefinitionId, variables: { days: 3 } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const instanceId = String(started.body.data.processInstanceId);
    const [first] = await openTasks(instanceId);
    expect(first).toMatchObject({ node: 'first', assignee: userId.subject_admin });

    // Killed between two steps: nothing of the instance is in the dead server.
    await killHard(server!);
    server = await startServerProcess(database.url);
    tokens = await tokensOn(server.url);

    // Killed in the middle of a completion: it waits for the instance's lock (held here) when the server dies.
    const lock = await db.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [`flow-instance:${instanceId}`]);
    expect(lock.rowCount).toBe(1);
    const inFlight = call(server.url, '/api/blade-workflow/process/completeTask', tokens.subject_admin, {
      taskId: first.id,
      pass: true,
      comment: '同意',
    }).catch((error: Error) => error);
    await waitFor('the completion to wait for the lock', async () => {
      const waiting = await db.query(
        "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'advisory'",
      );
      return waiting.rowCount ? true : undefined;
    });
    await killHard(server);
    await db.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [`flow-instance:${instanceId}`]);
    expect(await inFlight).toBeInstanceOf(Error);
    // Nothing half-done: the task is still open, its instance still runs.
    expect(await openTasks(instanceId)).toEqual([first]);

    server = await startServerProcess(database.url);
    tokens = await tokensOn(server.url);
    const done = await call(server.url, '/api/blade-workflow/process/completeTask', tokens.subject_admin, { taskId: first.id, pass: true, comment: '同意' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const [second] = await openTasks(instanceId);
    expect(second).toMatchObject({ node: 'second', assignee: userId.admin });

    // Its due timer falls due while no server runs; the next server fires it.
    await killHard(server);
    await db.query("UPDATE flow_timer SET due_at = LOCALTIMESTAMP - interval '1 minute' WHERE task_id = $1 AND kind = 'due'", [second.id]);
    server = await startServerProcess(database.url);
    await waitFor(
      'the due timer to fire',
      async () =>
        (await db.query("SELECT 1 FROM flow_timer WHERE task_id = $1 AND kind = 'due' AND fired_at IS NOT NULL", [second.id])).rowCount ? true : undefined,
      server.output,
      60_000,
    );
    const urged = await db.query('SELECT title FROM sys_notice_message WHERE user_id = $1 AND business_id = $2 ORDER BY id', [userId.admin, second.id]);
    expect(urged.rows.map((row) => row.title)).toEqual(['「重启审批」待您审批：二级审批', '「重启审批」任务已到期，请尽快办理：二级审批']);

    tokens = await tokensOn(server.url);
    const ended = await call(server.url, '/api/blade-workflow/process/completeTask', tokens.admin, { taskId: second.id, pass: true });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body.data.ended).toBe(true);
    const instance = await db.query('SELECT status, outcome FROM flow_process_instance WHERE id = $1', [instanceId]);
    expect(instance.rows[0]).toEqual({ status: 2, outcome: 'pass' });
  }, 600_000);
});
