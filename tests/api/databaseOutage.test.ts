/**
 * When the database goes away (restart, PANIC on a full disk, a terminated
 * backend) the server stays up, answers 503 with Retry-After instead of 500,
 * says so on its readiness endpoint, and serves again once the database is back.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startTestServer, type TestServer } from './testServer.js';

let t: TestServer;
let admin: pg.Client;
let databaseName: string;

beforeAll(async () => {
  t = await startTestServer();
  databaseName = new URL(t.server.databaseUrl).pathname.slice(1);
  admin = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await admin.connect();
});
afterAll(async () => {
  await admin?.query(`ALTER DATABASE "${databaseName}" ALLOW_CONNECTIONS true`).catch(() => {});
  await admin?.end();
  await t?.close();
});

const terminateBackends = () =>
  admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [databaseName]);

describe('a lost database connection', () => {
  it('does not end the process when a checked-out client loses its backend between queries', async () => {
    const client = await t.db.connect();
    await client.query('BEGIN');
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    // The backend is killed while the client sits in a transaction, as a PostgreSQL PANIC does to every backend.
    await admin.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
    await expect
      .poll(() =>
        client.query('SELECT 1').then(
          () => 'alive',
          () => 'broken',
        ),
      )
      .toBe('broken');
    client.release(true);
    // Still here (an unhandled 'error' event would have ended the test process), and serving.
    const token = await t.signIn('100001', 'admin');
    expect((await t.api('/api/blade-system/dict/dictionary?code=sex', { token })).status).toBe(200);
  });
});

describe('a database outage', () => {
  it('answers 503 with Retry-After and readiness 503 while liveness stays 200, then recovers', async () => {
    const token = await t.signIn('100001', 'admin');
    expect((await t.api('/api/health/ready')).status).toBe(200);

    await admin.query(`ALTER DATABASE "${databaseName}" ALLOW_CONNECTIONS false`);
    await terminateBackends();
    const during = await fetch(`${t.url}/api/blade-system/user/page?current=1&size=10`, { headers: { 'Blade-Auth': `bearer ${token}` } });
    expect(during.status).toBe(503);
    expect(Number(during.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await during.json()).msg).toBe('数据库暂不可用，请稍后再试');
    expect((await t.api('/api/health/ready')).status).toBe(503);
    expect((await t.api('/api/health/live')).status).toBe(200);

    await admin.query(`ALTER DATABASE "${databaseName}" ALLOW_CONNECTIONS true`);
    await expect.poll(async () => (await t.api('/api/health/ready')).status).toBe(200);
    expect((await t.api('/api/blade-system/user/page?current=1&size=10', { token })).status).toBe(200);
  });
});
