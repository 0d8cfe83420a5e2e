/**
 * Screen tokens (issue 15 item 1, contract 15 §B): a big screen opened from the console carries a short-lived,
 * read-only token for one screen of one tenant. It is issued only to a holder of the screen's menu, reads only
 * the GET calls listed for its screen in its own tenant, writes nothing, lives at most 30 minutes, is renewed
 * within 12 hours of the first issue, and ends with the console session it was opened from.
 */
import crypto from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSigningKey } from '../../src/server/auth/signingKey.js';
import { SESSION_CHECK_CACHE_MS } from '../../src/server/auth/sessions.js';
import { startTestServer, testRateLimits, type TestServer } from './testServer.js';

const TENANT = '173509';
const OTHER_TENANT = '316979';
const RESERVOIRS = '/api/v2/screen/inspection/reservoirs';
const EVENTS = '/api/v2/screen/inspection/events';
const WORK = '/api/v2/screen/inspection/work';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

async function screenToken(accessToken: string, screen = 'screen_inspection') {
  return t.api(`/api/blade-screen/token?screen=${screen}`, { method: 'POST', token: accessToken });
}

async function openScreen(tenantId = TENANT, account = 'admin', screen = 'screen_inspection'): Promise<string> {
  const answer = await screenToken(await t.signIn(tenantId, account), screen);
  expect(answer.status).toBe(200);
  return answer.body.data.token;
}

/** The deployment's key signing claims copied from a real token, with the times the case needs. */
async function reSigned(from: string, claims: Record<string, unknown>, times: { iat: number; exp: number }, key?: Uint8Array): Promise<string> {
  const { exp: _exp, iat: _iat, nbf: _nbf, ...rest } = decodeJwt(from);
  return new SignJWT({ ...rest, ...claims })
    .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
    .setIssuedAt(times.iat)
    .setExpirationTime(times.exp)
    .sign(key ?? (await loadSigningKey(t.db)));
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

async function count(sql: string, values: unknown[]): Promise<number> {
  return Number((await t.db.query(sql, values)).rows[0].n);
}

describe('issuing', () => {
  it('gives a holder of the screen menu a token of at most 30 minutes for that screen', async () => {
    const answer = await screenToken(await t.signIn(TENANT, 'admin'));
    expect(answer.status).toBe(200);
    expect(answer.body.data.expiresIn).toBeGreaterThan(0);
    expect(answer.body.data.expiresIn).toBeLessThanOrEqual(1800);
    const claims = decodeJwt(answer.body.data.token);
    expect(claims.aud).toBe('screen');
    expect(claims.screen).toBe('screen_inspection');
    expect(claims.tenant_id).toBe(TENANT);
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(1800);
  });

  it('refuses a user without the screen menu (the inspector), an unknown screen and a caller without a session', async () => {
    expect((await screenToken(await t.signIn(TENANT, 'inspector'))).status).toBe(403);
    expect((await screenToken(await t.signIn(TENANT, 'admin'), 'project_mgr')).status).toBe(400);
    expect((await t.api('/api/blade-screen/token?screen=screen_inspection', { method: 'POST' })).status).toBe(401);
  });

  it('a screen token cannot mint screen tokens, for its own screen or another', async () => {
    const token = await openScreen();
    expect((await screenToken(token)).status).toBe(401);
    expect((await screenToken(token, 'screen_matrix')).status).toBe(401);
  });
});

describe('reading with a screen token', () => {
  it('reads its screen’s calls of its own tenant: the numbers are the registers’, a seeded reservoir and event included', async () => {
    const token = await openScreen();
    const before = await t.api(RESERVOIRS, { token });
    expect(before.status).toBe(200);
    const reservoirCount = await count(`SELECT count(*) AS n FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0`, [TENANT]);
    expect(before.body.data.total).toBe(reservoirCount);
    const eventsBefore = (await t.api(EVENTS, { token })).body.data;

    // Seeded: one more reservoir with one open event (待签收).
    const reservoirId = String(Date.now());
    await t.db.query(
      `INSERT INTO rsc_reservoir (id, tenant_id, name, code, region_code, scale, total_capacity, latitude, longitude)
       VALUES ($1, $2, '大屏测试水库', $3, '330324', 3, 100, 28.15, 120.69)`,
      [reservoirId, TENANT, `SCR${reservoirId.slice(-8)}`],
    );
    await t.db.query(
      `INSERT INTO inspect_event (id, tenant_id, event_no, title, reservoir_id, event_type, level, source, status, create_time)
       VALUES ($1, $2, $3, '坝坡裂缝', $4, 1, 1, 1, 1, LOCALTIMESTAMP - interval '2 days')`,
      [String(Number(reservoirId) + 1), TENANT, `SJ${reservoirId.slice(-12)}`, reservoirId],
    );

    const after = (await t.api(RESERVOIRS, { token })).body.data;
    expect(after.total).toBe(reservoirCount + 1);
    expect(after.points.find((p: { id: string }) => p.id === reservoirId)).toMatchObject({ name: '大屏测试水库', state: 'event', lat: 28.15, lng: 120.69 });
    const medium = (data: { byScale: { key: number; count: number }[] }) => data.byScale.find((s) => s.key === 3)?.count ?? 0;
    expect(medium(after)).toBe(medium(before.body.data) + 1);
    const eventsAfter = (await t.api(EVENTS, { token })).body.data;
    expect(eventsAfter.found).toBe(eventsBefore.found + 1);
    expect(eventsAfter.open).toBe(eventsBefore.open + 1);
    // Two days old: in the first of the age buckets the dashboard uses too.
    expect(eventsAfter.byAge.map((b: { key: string }) => b.key)).toEqual(['0-3', '3-7', '7-30', '30+']);
    const young = (data: { byAge: { key: string; count: number }[] }) => data.byAge.find((b) => b.key === '0-3')!.count;
    expect(young(eventsAfter)).toBe(young(eventsBefore) + 1);
    const work = await t.api(WORK, { token });
    expect(work.status).toBe(200);
    expect(work.body.data.trend).toHaveLength(30);
  });

  it('cannot read another tenant: a tenant named in a header or the query is ignored', async () => {
    const token = await openScreen();
    const own = (await t.api(RESERVOIRS, { token })).body.data.total;
    const other = (await t.api(RESERVOIRS, { token: await t.signIn(OTHER_TENANT, 'admin') })).body.data.total;
    expect(other).not.toBe(own);
    const asked = await t.api(`${RESERVOIRS}?tenantId=${OTHER_TENANT}`, { token, headers: { 'Tenant-Id': OTHER_TENANT } });
    expect(asked.status).toBe(200);
    expect(asked.body.data.total).toBe(own);
  });

  it('cannot write: a POST answers 401 and changes nothing', async () => {
    const token = await openScreen();
    const events = () => count(`SELECT count(*) AS n FROM inspect_event WHERE tenant_id = $1`, [TENANT]);
    const before = await events();
    const save = await t.api('/api/v2/inspect/event/save', { token, body: { title: '大屏写入', reservoirId: '1', eventType: 1, level: 1, source: 1 } });
    expect(save.status).toBe(401);
    expect(await events()).toBe(before);
  });

  it('cannot call a GET that is not listed for its screen, nor the calls of another screen', async () => {
    const token = await openScreen();
    expect((await t.api('/api/v2/inspect/event/acceptPage', { token })).status).toBe(401);
    expect((await t.api('/api/blade-system/user/info', { token })).status).toBe(401);
    expect((await t.api('/api/v2/screen/matrix/siquan', { token })).status).toBe(401);
    const matrixToken = await openScreen(TENANT, 'admin', 'screen_matrix');
    expect((await t.api('/api/v2/screen/matrix/siquan', { token: matrixToken })).status).toBe(200);
    expect((await t.api(RESERVOIRS, { token: matrixToken })).status).toBe(401);
  });

  it('console access tokens still read the screen calls, for users holding the screen menu only', async () => {
    expect((await t.api(RESERVOIRS, { token: await t.signIn(TENANT, 'farm_admin') })).status).toBe(200);
    expect((await t.api(RESERVOIRS, { token: await t.signIn(TENANT, 'inspector') })).status).toBe(403);
  });
});

describe('lifetime', () => {
  it('renewal gives a fresh token of the same screen window; a token claiming more than 30 minutes, or expired, is refused', async () => {
    const token = await openScreen();
    const renewed = await t.api('/api/blade-screen/token/renew', { method: 'POST', token });
    expect(renewed.status).toBe(200);
    const fresh = renewed.body.data.token;
    expect(decodeJwt(fresh).first_iat).toBe(decodeJwt(token).first_iat);
    expect((await t.api(RESERVOIRS, { token: fresh })).status).toBe(200);

    const now = nowSeconds();
    expect((await t.api(RESERVOIRS, { token: await reSigned(token, {}, { iat: now, exp: now + 3600 }) })).status).toBe(401);
    expect((await t.api(RESERVOIRS, { token: await reSigned(token, {}, { iat: now - 1900, exp: now - 100 }) })).status).toBe(401);
    // The control: the same claims re-signed within the bounds are accepted.
    expect((await t.api(RESERVOIRS, { token: await reSigned(token, {}, { iat: now, exp: now + 600 }) })).status).toBe(200);
  });

  it('renewal never reaches beyond 12 hours after the first issue', async () => {
    const token = await openScreen();
    const now = nowSeconds();
    const nearTheEnd = await reSigned(token, { first_iat: now - 12 * 3600 + 120 }, { iat: now, exp: now + 60 });
    const last = await t.api('/api/blade-screen/token/renew', { method: 'POST', token: nearTheEnd });
    expect(last.status).toBe(200);
    expect(last.body.data.expiresIn).toBeLessThanOrEqual(120);
    const beyond = await reSigned(token, { first_iat: now - 12 * 3600 - 10 }, { iat: now, exp: now + 60 });
    expect((await t.api('/api/blade-screen/token/renew', { method: 'POST', token: beyond })).status).toBe(401);
    expect((await t.api(RESERVOIRS, { token: beyond })).status).toBe(401);
  });

  it('the renew route takes only a screen token', async () => {
    expect((await t.api('/api/blade-screen/token/renew', { method: 'POST', token: await t.signIn(TENANT, 'admin') })).status).toBe(400);
  });

  it('signing out of the console ends the screen token within seconds', async () => {
    const accessToken = await t.signIn(TENANT, 'admin');
    const answer = await screenToken(accessToken);
    const token = answer.body.data.token;
    expect((await t.api(RESERVOIRS, { token })).status).toBe(200);
    expect((await t.api('/api/blade-auth/oauth/logout', { method: 'POST', token: accessToken, body: {} })).status).toBe(200);
    await expect.poll(async () => (await t.api(RESERVOIRS, { token })).status, { timeout: SESSION_CHECK_CACHE_MS + 7_000, interval: 250 }).toBe(401);
  });
});

describe('forgery', () => {
  it('a token signed with another key, a tampered one and an unsigned one are refused', async () => {
    const token = await openScreen();
    const now = nowSeconds();
    expect((await t.api(RESERVOIRS, { token: await reSigned(token, {}, { iat: now, exp: now + 600 }, crypto.randomBytes(64)) })).status).toBe(401);

    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, tenant_id: OTHER_TENANT })).toString('base64url')}.${signature}`;
    expect((await t.api(RESERVOIRS, { token: tampered })).status).toBe(401);

    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    expect((await t.api(RESERVOIRS, { token: unsigned })).status).toBe(401);
  });
});

describe('issuing is counted like sign-in', () => {
  it('a user gets at most the sign-in budget of screen tokens a minute (429 beyond)', async () => {
    const limited = await startTestServer({ rateLimits: testRateLimits({ signInPerMinute: 3 }) });
    try {
      const accessToken = await limited.signIn(TENANT, 'admin');
      const issue = () => limited.api('/api/blade-screen/token?screen=screen_inspection', { method: 'POST', token: accessToken });
      for (let i = 0; i < 3; i++) expect((await issue()).status).toBe(200);
      expect((await issue()).status).toBe(429);
    } finally {
      await limited.close();
    }
    // A second server with the demo data: its start takes long on a busy machine.
  }, 240_000);
});
