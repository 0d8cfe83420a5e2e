/**
 * Sign-in throttling that cannot lock the owner out: wrong passwords make an
 * account ask for a captcha (and the right password with a solved captcha
 * signs in), an address failing on many accounts is refused with 429 and
 * Retry-After on every instance, and handing out captchas writes no rows.
 * Two instances share one database, as a scaled-out deployment does.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captchaSecretOf, openCaptcha } from '../../src/server/auth/captcha.js';
import { loadSigningKey } from '../../src/server/auth/signingKey.js';
import { BASIC, md5, startSecondInstance, startTestServer, testRateLimits, type TestServer } from './testServer.js';

const TENANT = '100001';
const ADDRESS_LIMIT = 8;

let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  const limits = { loginFailureLimit: 3, loginLockSeconds: 600, rateLimits: testRateLimits({ signInFailuresPerAddress: ADDRESS_LIMIT }) };
  a = await startTestServer(limits);
  b = await startSecondInstance(a, limits);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});
// Every test starts with an address that has not failed yet (all requests come from 127.0.0.1).
beforeEach(async () => {
  await a.db.query('DELETE FROM rsc_login_address_failure');
});

interface Answer {
  status: number;
  retryAfter: string | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

async function signIn(server: TestServer, account: string, password: string, captcha?: { key: string; code: string }, language = 'zh'): Promise<Answer> {
  const query = new URLSearchParams({
    tenantId: TENANT,
    username: account,
    password: md5(password),
    grant_type: captcha ? 'captcha' : 'password',
    scope: 'all',
  });
  const headers: Record<string, string> = { Authorization: BASIC, 'Tenant-Id': TENANT, 'Accept-Language': language };
  if (captcha) Object.assign(headers, { 'Captcha-Key': captcha.key, 'Captcha-Code': captcha.code });
  const response = await fetch(`${server.url}/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
}

/** A captcha from the server, solved the way only the deployment can: by opening its sealed key. */
async function solvedCaptcha(server: TestServer): Promise<{ key: string; code: string }> {
  const { key } = (await server.api('/api/blade-auth/oauth/captcha')).body.data;
  const claims = openCaptcha(captchaSecretOf(await loadSigningKey(a.db)), key);
  return { key, code: claims!.answer };
}

describe('an account with many wrong passwords', () => {
  it('asks for a captcha instead of locking, and the right password with a solved captcha signs in', async () => {
    for (let i = 0; i < 3; i++) expect((await signIn(i % 2 ? a : b, 'admin', `guess-${i}`)).body.error_description).toBe('用户名或密码错误');
    // Over the limit (on either instance): no more guesses without a captcha, not even the right password.
    const asked = await signIn(b, 'admin', 'admin');
    expect(asked.status).toBe(400);
    expect(asked.body).toMatchObject({ captcha_required: true, error_description: '该账号登录失败次数过多，请输入验证码后再登录' });
    const guessed = await signIn(a, 'admin', 'guess-again', await solvedCaptcha(a));
    expect(guessed.body.error_description).toBe('用户名或密码错误');
    const signedIn = await signIn(a, 'admin', 'admin', await solvedCaptcha(b));
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.access_token).toBeTruthy();
    // Signing in cleared the account's failures: the next sign-in needs no captcha.
    expect((await signIn(b, 'admin', 'admin')).status).toBe(200);
  });

  it('refuses a wrong or reused captcha', async () => {
    for (let i = 0; i < 3; i++) await signIn(a, 'inspector', `guess-${i}`);
    const captcha = await solvedCaptcha(a);
    expect((await signIn(a, 'inspector', 'admin', { key: captcha.key, code: 'zzzzz' })).body.error_description).toBe('验证码不正确');
    expect((await signIn(b, 'inspector', 'admin', captcha)).body.error_description).toBe('验证码不正确');
    expect((await signIn(b, 'inspector', 'admin', await solvedCaptcha(a))).status).toBe(200);
  });
});

describe('an address failing on many accounts', () => {
  it('is refused with 429 and Retry-After on every instance, even for a right password', async () => {
    for (let i = 0; i < ADDRESS_LIMIT; i++) {
      expect((await signIn(i % 2 ? a : b, `nobody-${i}`, 'guess')).status).toBe(400);
    }
    for (const server of [a, b]) {
      const refused = await signIn(server, 'farm_admin', 'admin');
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(600);
      expect(refused.body.error_description).toBe(`登录失败次数过多，请 ${refused.retryAfter} 秒后再试`);
    }
    const english = await signIn(a, 'farm_admin', 'admin', undefined, 'en');
    expect(english.body.error_description).toMatch(/^Too many failed sign-ins from this address; try again in \d+ seconds$/);
  });

  it('gets its attempts back with each successful sign-in', async () => {
    for (let i = 0; i < ADDRESS_LIMIT * 2; i++) expect((await signIn(i % 2 ? a : b, 'farm_admin', 'admin')).status).toBe(200);
  });
});

describe('captchas', () => {
  async function rowsOfInfrastructureTables(): Promise<number> {
    const tables = await a.db.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename LIKE 'rsc\\_%'`);
    let rows = 0;
    for (const { name } of tables.rows) rows += Number((await a.db.query(`SELECT count(*) AS n FROM "${name}"`)).rows[0].n);
    return rows;
  }

  it('are handed out without writing a row each', async () => {
    const before = await rowsOfInfrastructureTables();
    for (let i = 0; i < 30; i++) expect((await (i % 2 ? a : b).api('/api/blade-auth/oauth/captcha')).status).toBe(200);
    // At most the rate-limit counters of this address (its requests and its captchas): not one row per captcha.
    expect((await rowsOfInfrastructureTables()) - before).toBeLessThanOrEqual(2);
  });
});
