/**
 * Two candidates claim one task at the same moment (contract 14 §3): exactly one wins, the other is
 * told 任务已被他人签收, and the task has one assignee. The two requests are made to meet: the test
 * holds the instance's lock until both wait for it inside their transactions, then lets them go.
 * Also through two server instances on one database, as a scaled-out deployment runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProcess } from '../../src/server/workflow/runtime/workflowService.js';
import { actorOf, deployXml } from './support/workflowRuntime.js';
import { processXml } from './support/workflowModels.js';
import { waitFor } from './support/workflowServerProcess.js';
import { startSecondInstance, startTestServer, type TestServer } from './testServer.js';

const TENANT = '316979';
const CLAIMERS = ['admin', 'subject_admin'] as const;

let t: TestServer;
let second: TestServer;
let deploymentId: string;
const tokens = {} as Record<(typeof CLAIMERS)[number], string>;
const userIds = {} as Record<(typeof CLAIMERS)[number], string>;

beforeAll(async () => {
  t = await startTestServer();
  second = await startSecondInstance(t);
  for (const account of CLAIMERS) {
    tokens[account] = await t.signIn(TENANT, account);
    userIds[account] = (await actorOf(t, TENANT, account)).caller.userId;
  }
  const xml = processXml({
    key: 'claimRace',
    name: '签收竞争',
    tasks: [{ id: 'check', name: '审核', assigneeType: 'user', assignee: `${userIds.admin},${userIds.subject_admin}` }],
    flows: [
      { from: 'start', to: 'check' },
      { from: 'check', to: 'end' },
    ],
  });
  deploymentId = await deployXml(await actorOf(t, TENANT, 'admin'), xml);
}, 180_000);

afterAll(async () => {
  await second?.close();
  await t?.close();
});

/** A new instance whose one task is offered to both claimers. */
async function offeredTask(): Promise<{ instanceId: string; taskId: string }> {
  const starter = await actorOf(t, TENANT, 'farm_admin');
  const started = await starter.act((ctx, tx) => startProcess(ctx, tx, { deploymentId, title: '签收竞争' }));
  expect(started.tasks).toHaveLength(1);
  expect(started.tasks[0].assigneeId ?? null).toBeNull();
  return { instanceId: started.processInstanceId, taskId: started.tasks[0].id };
}

/** Both claim while the test holds the instance's lock; released once both wait for it. */
async function claimTogether(instanceId: string, taskId: string, servers: [TestServer, TestServer]) {
  const holder = await t.db.connect();
  try {
    await holder.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [`flow-instance:${instanceId}`]);
    const claims = CLAIMERS.map((account, i) => servers[i].api('/api/blade-workflow/process/claimTask', { token: tokens[account], body: { taskId } }));
    await waitFor('both claims to wait for the instance', async () => {
      const waiting = await holder.query(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'advisory'",
      );
      return waiting.rows[0].n >= 2 ? true : undefined;
    });
    await holder.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [`flow-instance:${instanceId}`]);
    return await Promise.all(claims);
  } finally {
    holder.release();
  }
}

async function expectOneWinner(taskId: string, answers: { status: number; body: { msg?: string } }[]) {
  const statuses = answers.map((answer) => answer.status).sort();
  expect(statuses, JSON.stringify(answers.map((answer) => answer.body))).toEqual([200, 400]);
  const loser = answers.find((answer) => answer.status === 400)!;
  expect(loser.body.msg).toBe('任务已被他人签收');
  const winner = CLAIMERS[answers.findIndex((answer) => answer.status === 200)];
  const task = await t.db.query('SELECT assignee_id::text AS assignee, claim_time IS NOT NULL AS claimed FROM flow_task WHERE id = $1', [taskId]);
  expect(task.rows).toEqual([{ assignee: userIds[winner], claimed: true }]);
}

describe('two users claim one task at the same time', () => {
  it('on one server: exactly one wins, the other gets 400, the task has one assignee', async () => {
    const { instanceId, taskId } = await offeredTask();
    await expectOneWinner(taskId, await claimTogether(instanceId, taskId, [t, t]));
  });

  it('on two server instances of one database: the same', async () => {
    const { instanceId, taskId } = await offeredTask();
    await expectOneWinner(taskId, await claimTogether(instanceId, taskId, [t, second]));
  });

  it('without the test holding anything: still one winner', async () => {
    const { taskId } = await offeredTask();
    const answers = await Promise.all(
      CLAIMERS.map((account, i) => [t, second][i].api('/api/blade-workflow/process/claimTask', { token: tokens[account], body: { taskId } })),
    );
    await expectOneWinner(taskId, answers);
  });
});
