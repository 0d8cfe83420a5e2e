/**
 * Rate limits: a tenant over its budget gets 429 with Retry-After while
 * another tenant is still served, anonymous callers are limited per address,
 * captchas per address, and SMS per phone number — all shared by two
 * instances on one database, as a scaled-out deployment runs.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecondInstance, startTestServer, testRateLimits, type TestServer } from './testServer.js';

const TENANT_LIMIT = 30;
const ADDRESS_LIMIT = 40;
const CAPTCHA_LIMIT = 10;

let a: TestServer;
let b: TestServer;
let busyTenant: string;
let otherTenant: string;
let smsTenant: string;
beforeAll(async () => {
  const limits = {
    rateLimits: testRateLimits({ tenantPerMinute: TENANT_LIMIT, addressPerMinute: ADDRESS_LIMIT, captchaPerMinute: CAPTCHA_LIMIT }),
  };
  a = await startTestServer(limits);
  b = await startSecondInstance(a, limits);
  busyTenant = await a.signIn('100001', 'admin');
  otherTenant = await b.signIn('316979', 'admin');
  smsTenant = await a.signIn('173509', 'admin');
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

interface Answer {
  status: number;
  retryAfter: string | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

async function call(server: TestServer, path: string, init: { token?: string; body?: unknown; language?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'Accept-Language': init.language ?? 'zh' };
  if (init.token) headers['Blade-Auth'] = `bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
}

/** Calls alternately on both instances until refused; answers how many were served and the refusal. */
async function callUntilRefused(path: string, token?: string, limit = 200): Promise<{ served: number; refusal: Answer }> {
  for (let served = 0; served < limit; served++) {
    const answer = await call(served % 2 ? a : b, path, { token });
    if (answer.status === 429) return { served, refusal: answer };
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }
  throw new Error(`${path} was never refused`);
}

function expectRetryAfter(answer: Answer): void {
  expect(answer.status).toBe(429);
  expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  expect(Number(answer.retryAfter)).toBeLessThanOrEqual(60);
  expect(answer.body).toMatchObject({ code: 429, success: false, msg: `请求过于频繁，请 ${answer.retryAfter} 秒后再试` });
}

describe('per tenant', () => {
  it('a tenant over its budget gets 429 with Retry-After on every instance, while another tenant is still served', async () => {
    const { served, refusal } = await callUntilRefused('/api/blade-system/param/list', busyTenant);
    // One budget for both instances: served exactly the limit, not the limit on each.
    expect(served).toBe(TENANT_LIMIT);
    expectRetryAfter(refusal);
    expectRetryAfter(await call(a, '/api/blade-system/param/list', { token: busyTenant }));
    const english = await call(b, '/api/blade-system/param/list', { token: busyTenant, language: 'en' });
    expect(english.body.msg).toMatch(/^Too many requests; please try again in \d+ seconds$/);
    for (const server of [a, b]) expect((await call(server, '/api/blade-system/param/list', { token: otherTenant })).status).toBe(200);
  });
});

describe('per address, without a session', () => {
  it('captchas have a tighter budget per address', async () => {
    const { served, refusal } = await callUntilRefused('/api/blade-auth/oauth/captcha');
    expect(served).toBe(CAPTCHA_LIMIT);
    expectRetryAfter(refusal);
  });

  it('an address over its budget gets 429, while signed-in callers from it are still served', async () => {
    const { served, refusal } = await callUntilRefused('/api/blade-system/public/settings');
    expect(served).toBeLessThanOrEqual(ADDRESS_LIMIT);
    expectRetryAfter(refusal);
    expect((await call(a, '/api/blade-system/param/list', { token: otherTenant })).status).toBe(200);
  });
});

describe('SMS', () => {
  it('one phone number gets one message a minute: the second in a row is refused with 429, on any instance', async () => {
    const admin = smsTenant;
    const created = await call(a, '/api/blade-resource/sms/submit', { token: admin, body: { smsCode: 'log', category: 1, templateId: 'TPL' } });
    expect((await call(a, `/api/blade-resource/sms/enable?id=${created.body.data.id}`, { token: admin, body: {} })).status).toBe(200);
    const send = (server: TestServer, phones: string) => call(server, '/api/blade-resource/sms/endpoint/send-message', { token: admin, body: { phones } });
    expect((await send(a, '13800138000')).status).toBe(200);
    const again = await send(b, '13800138000');
    expect(again.status).toBe(429);
    expect(Number(again.retryAfter)).toBeGreaterThan(0);
    expect(again.body.msg).toMatch(/^短信发送过于频繁：同一号码 60 秒内只能发送一条/);
    expect((await send(b, '13900139000')).status).toBe(200);
  });
});

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Redis is optional: where none answers (a machine without it), the Redis case is skipped. */
async function isRedisReachable(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const settle = (isReachable: boolean) => {
      socket.destroy();
      resolve(isReachable);
    };
    socket.setTimeout(1000);
    socket.once('connect', () => settle(true));
    socket.once('error', () => settle(false));
    socket.once('timeout', () => settle(false));
  });
}

describe.runIf(await isRedisReachable())('with REDIS_URL', () => {
  it('two instances keep one tenant budget in Redis, not in PostgreSQL', async () => {
    const rateLimits = testRateLimits({ tenantPerMinute: 5, redisUrl: REDIS_URL, redisKeyPrefix: `rsc:test:${process.pid}:${Date.now()}:` });
    const c = await startSecondInstance(a, { rateLimits });
    const d = await startSecondInstance(a, { rateLimits });
    try {
      const token = await c.signIn('003189', 'admin');
      const answers: number[] = [];
      for (let i = 0; i < 8; i++) answers.push((await call(i % 2 ? c : d, '/api/blade-system/param/list', { token })).status);
      expect(answers).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      const inPostgres = await a.db.query(`SELECT 1 FROM rsc_rate_counter WHERE bucket = 'tenant:003189'`);
      expect(inPostgres.rowCount).toBe(0);
    } finally {
      await c.close();
      await d.close();
    }
  });
});
