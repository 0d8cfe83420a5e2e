/**
 * A real server on a fresh database for one test file: created on the run's
 * PostgreSQL as a copy of the run's demo template (tests/setup/demoTemplate.ts;
 * seeded afresh without demo data or on another day), migrated and seeded,
 * listening on a free port; dropped afterwards. Helpers sign in and call the
 * API over HTTP.
 */
import type { DictSeed } from '../../src/server/seed/seedTypes.js';
import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, type ServerConfig } from '../../src/server/config.js';
import { appRoleName } from '../../src/server/db/appRole.js';
import { loadRateLimitConfig, type RateLimitConfig } from '../../src/server/http/rateLimitConfig.js';
import type { EntityModel } from '../../src/server/engine/entityModel.js';
import { startServer, type RunningServer } from '../../src/server/server.js';
import { adminQuery as adminQueryOn, databaseUrlFor as databaseUrlOn, seededToday } from '../setup/demoTemplate.js';

export const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
export const md5 = (text: string) => crypto.createHash('md5').update(text).digest('hex');

export interface TestServer {
  url: string;
  server: RunningServer;
  db: pg.Pool;
  /** Signs in (captcha off) and returns the access token. */
  signIn(tenantId: string, account: string, password?: string): Promise<string>;
  api(path: string, init?: ApiInit): Promise<ApiResponse>;
  close(): Promise<void>;
}

export interface ApiInit {
  method?: string;
  token?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface ApiResponse {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

const adminQuery = (sql: string) => adminQueryOn(inject('adminDatabaseUrl'), sql);
const databaseUrlFor = (name: string) => databaseUrlOn(inject('adminDatabaseUrl'), name);

/**
 * A database seeded as the template is (demo data, no year of readings, no registers or dictionaries of the test's
 * own) is a copy of it while its demo days are still today's. The others are seeded afresh: a register added to an
 * existing database gets no grants (an administrator grants it), unlike one present at the first seed.
 */
function createDatabaseStatement(name: string, seed: { demo: boolean; demoReadings: boolean; extras: boolean }): string {
  const template = inject('demoTemplate');
  const likeTemplate = seed.demo && !seed.demoReadings && !seed.extras && seededToday(template);
  return likeTemplate ? `CREATE DATABASE ${name} TEMPLATE ${template.database}` : `CREATE DATABASE ${name}`;
}

/**
 * Rate limits stay on in tests, with the budgets that one address signing in
 * dozens of times a minute (every test file does) needs; a test of the limits
 * sets its own.
 */
export function testRateLimits(overrides: Partial<RateLimitConfig> = {}): RateLimitConfig {
  return { ...loadRateLimitConfig(), signInPerMinute: 1000, captchaPerMinute: 1000, signInFailuresPerAddress: 1000, ...overrides };
}

export async function startTestServer(
  overrides: Partial<ServerConfig> = {},
  options: { demo?: boolean; extraModels?: EntityModel[]; extraDictionaries?: DictSeed[]; demoReadings?: boolean } = {},
): Promise<TestServer> {
  const name = `rsc_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const config = loadConfig({
    port: 0,
    host: '127.0.0.1',
    databaseUrl: databaseUrlFor(name),
    captchaEnabled: false,
    pgPoolSize: 10,
    tokenSigningKey: undefined,
    webRoot: '/nonexistent',
    rateLimits: testRateLimits(),
    // A year of demo readings only where a test asks for them.
    demoReadings: options.demoReadings ?? false,
    ...overrides,
  });
  const demo = options.demo ?? true;
  const extras = !!options.extraModels?.length || !!options.extraDictionaries?.length;
  await adminQuery(createDatabaseStatement(name, { demo, demoReadings: config.demoReadings, extras }));
  const server = await startServer(config, {
    demo,
    logger: false,
    extraModels: options.extraModels,
    extraDictionaries: options.extraDictionaries,
  });
  return {
    ...clientOf(server),
    close: async () => {
      await server.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      // Roles are cluster-wide: the database's application role goes with it.
      await adminQuery(`DROP ROLE IF EXISTS ${appRoleName(name)}`);
    },
  };
}

/**
 * A second instance on the database of a running test server, started as a
 * deployment starts another instance; closing it leaves the database alone.
 */
export async function startSecondInstance(first: TestServer, overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const config = loadConfig({
    port: 0,
    host: '127.0.0.1',
    databaseUrl: first.server.databaseUrl,
    captchaEnabled: false,
    pgPoolSize: 5,
    tokenSigningKey: undefined,
    webRoot: '/nonexistent',
    rateLimits: testRateLimits(),
    demoReadings: false,
    ...overrides,
  });
  const server = await startServer(config, { demo: true, logger: false });
  return { ...clientOf(server), close: () => server.close() };
}

function clientOf(server: RunningServer): Omit<TestServer, 'close'> {
  const url = server.url.replace('localhost', '127.0.0.1');

  async function api(path: string, init: ApiInit = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers['Blade-Auth'] = `bearer ${init.token}`;
    let body: string | undefined = init.rawBody;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] = 'application/json';
    }
    if (init.rawBody !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${url}${path}`, { method: init.method ?? (body !== undefined ? 'POST' : 'GET'), headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed };
  }

  async function signIn(tenantId: string, account: string, password = 'admin'): Promise<string> {
    const query = new URLSearchParams({ tenantId, username: account, password: md5(password), grant_type: 'password', scope: 'all', type: 'account' });
    const response = await api(`/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { Authorization: BASIC, 'Tenant-Id': tenantId } });
    if (response.status !== 200) throw new Error(`sign-in of ${tenantId}/${account} failed: ${JSON.stringify(response.body)}`);
    return response.body.access_token;
  }

  return { url, server, db: server.db, signIn, api };
}
