/**
 * A server as a separate process (scripts/start.ts, as `npm start` runs it) on a database of the test
 * run's PostgreSQL, so a test can `kill -9` it and start another on the same database — what a crash
 * or a second instance is. With a small HTTP client and demo sign-in.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { appRoleName } from '../../../src/server/db/appRole.js';
import { BASIC, md5 } from '../testServer.js';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh database for the test file; `drop` removes it (and its application role). */
export async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `rsc_wf_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(inject('adminDatabaseUrl'));
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await adminQuery(`DROP ROLE IF EXISTS ${appRoleName(name)}`);
    },
  };
}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, output = () => '', ms = 180_000): Promise<T> {
  for (const start = Date.now(); Date.now() - start < ms;) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}; output:\n${output()}`);
}

/** Starts the server on the database and waits until it listens. */
export async function startServerProcess(databaseUrl: string): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', SKIP_BUILD: '1', CAPTCHA_MODE: 'off', DEMO_READINGS: '0', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk) => (text += chunk));
  child.stderr!.on('data', (chunk) => (text += chunk));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const port = await waitFor(
    'the server to start',
    () => {
      if (child.exitCode !== null) throw new Error(`the server ended with ${child.exitCode}:\n${text}`);
      return /running at http:\/\/localhost:(\d+)/.exec(text)?.[1];
    },
    () => text,
  );
  return { child, url: `http://127.0.0.1:${port}`, output: () => text, exited };
}

/** kill -9: no drain, no goodbye; answers when the process is gone. */
export async function killHard(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
}

export async function signIn(url: string, tenantId: string, account: string): Promise<string> {
  const query = new URLSearchParams({ tenantId, username: account, password: md5('admin'), grant_type: 'password', scope: 'all', type: 'account' });
  const response = await fetch(`${url}/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { Authorization: BASIC, 'Tenant-Id': tenantId } });
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`${account} could not sign in: ${JSON.stringify(body)}`);
  return body.access_token;
}

/** A JSON call to the API: GET without a body, POST with one. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function call(url: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Blade-Auth': `bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    return { status: response.status, body: text };
  }
}
