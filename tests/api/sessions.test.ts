/**
 * Access tokens end with their session (issue 11, items 3 and 10): a token is
 * refused within seconds of a logout, a password change (the user's own or an
 * administrator's reset), the removal of the user or the expiry of the
 * tenant — not at its expiry up to 50 minutes later. Tokens must carry exp
 * and iat and may not claim a longer life than the server gives; unsigned
 * (alg none) tokens are refused.
 */
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSigningKey } from '../../src/server/auth/signingKey.js';
import { SESSION_CHECK_CACHE_MS } from '../../src/server/auth/sessions.js';
import { md5, startTestServer, type TestServer } from './testServer.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

/** A read every signed-in user may make: their own record. */
async function statusWith(token: string): Promise<number> {
  return (await t.api('/api/blade-system/user/info', { token })).status;
}

/** Polls until the token is refused; the session check is cached for a few seconds per process. */
async function expectRefusedWithinSeconds(token: string): Promise<void> {
  await expect.poll(() => statusWith(token), { timeout: SESSION_CHECK_CACHE_MS + 7_000, interval: 250 }).toBe(401);
}

async function userId(tenantId: string, account: string): Promise<string> {
  return (await t.db.query(`SELECT id::text AS id FROM blade_user WHERE tenant_id = $1 AND account = $2`, [tenantId, account])).rows[0].id;
}

async function signInPair(tenantId: string, account: string, password = 'admin') {
  const query = new URLSearchParams({ tenantId, username: account, password: md5(password), grant_type: 'password', scope: 'all', type: 'account' });
  const response = await t.api(`/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`, 'Tenant-Id': tenantId },
  });
  expect(response.status).toBe(200);
  return response.body as { access_token: string; refresh_token: string };
}

describe('a token ends with its session', () => {
  it('logout: the access token it was called with is refused within seconds', async () => {
    const pair = await signInPair('100001', 'inspector');
    expect(await statusWith(pair.access_token)).toBe(200);
    const logout = await t.api(`/api/blade-auth/oauth/logout?refresh_token=${encodeURIComponent(pair.refresh_token)}`, { token: pair.access_token });
    expect(logout.body.success).toBe(true);
    await expectRefusedWithinSeconds(pair.access_token);
  });

  it('logout ends only that session: another sign-in of the same user keeps working', async () => {
    const other = await t.signIn('100001', 'river_chief');
    const pair = await signInPair('100001', 'river_chief');
    await t.api(`/api/blade-auth/oauth/logout?refresh_token=${encodeURIComponent(pair.refresh_token)}`, { token: pair.access_token });
    await expectRefusedWithinSeconds(pair.access_token);
    expect(await statusWith(other)).toBe(200);
  });

  it('the user’s own password change ends every session of the user, its refresh tokens included', async () => {
    const pair = await signInPair('316979', 'inspector');
    const elsewhere = await t.signIn('316979', 'inspector');
    const changed = await t.api('/api/blade-system/user/update-password', {
      token: pair.access_token,
      body: { oldPassword: md5('admin'), newPassword: md5('Changed-1'), newPassword1: md5('Changed-1') },
    });
    expect(changed.status).toBe(200);
    await expectRefusedWithinSeconds(elsewhere);
    await expectRefusedWithinSeconds(pair.access_token);
    expect(await statusWith(await t.signIn('316979', 'inspector', 'Changed-1'))).toBe(200);
  });

  it('an administrator’s password reset ends the user’s sessions', async () => {
    const victim = await t.signIn('316979', 'river_chief');
    const admin = await t.signIn('316979', 'admin');
    const reset = await t.api(`/api/blade-system/user/reset-password?userIds=${await userId('316979', 'river_chief')}`, { token: admin, method: 'POST' });
    expect(reset.status).toBe(200);
    await expectRefusedWithinSeconds(victim);
    expect(await statusWith(admin)).toBe(200);
  });

  it('a password written by any other path (here SQL) ends the sessions begun under the old one', async () => {
    const token = await t.signIn('316979', 'farm_admin');
    await t.db.query(`UPDATE blade_user SET password = 'x' || password WHERE tenant_id = '316979' AND account = 'farm_admin'`);
    await expectRefusedWithinSeconds(token);
  });

  it('removing the user ends their sessions', async () => {
    const victim = await t.signIn('100001', 'farm_admin');
    const admin = await t.signIn('100001', 'admin');
    const removed = await t.api(`/api/blade-system/user/remove?ids=${await userId('100001', 'farm_admin')}`, { token: admin, method: 'POST' });
    expect(removed.status).toBe(200);
    await expectRefusedWithinSeconds(victim);
  });

  it('disabling the user ends their sessions', async () => {
    const victim = await t.signIn('100001', 'subject_admin');
    await t.db.query(`UPDATE blade_user SET status = 0 WHERE tenant_id = '100001' AND account = 'subject_admin'`);
    await expectRefusedWithinSeconds(victim);
  });

  it('the tenant’s licence expiring ends the sessions of its users', async () => {
    const tenantUser = await t.signIn('173509', 'inspector');
    const platform = await t.signIn('000000', 'admin');
    const id = (await t.db.query(`SELECT id::text AS id FROM blade_tenant WHERE tenant_id = '173509'`)).rows[0].id;
    const set = await t.api(`/api/blade-system/tenant/setting?ids=${id}`, { token: platform, body: { expireTime: '2020-01-01 00:00:00' } });
    expect(set.status).toBe(200);
    await expectRefusedWithinSeconds(tenantUser);
  });

  it('removing the tenant ends the sessions of its users', async () => {
    const tenantUser = await t.signIn('003189', 'inspector');
    await t.db.query(`UPDATE blade_tenant SET is_deleted = 1 WHERE tenant_id = '003189'`);
    await expectRefusedWithinSeconds(tenantUser);
  });

  it('a refresh token cannot continue a session that has ended', async () => {
    const pair = await signInPair('100001', 'admin');
    await t.api('/api/blade-auth/oauth/logout', { token: pair.access_token, method: 'POST', body: {} });
    const refreshed = await t.api(`/api/blade-auth/oauth/token?${new URLSearchParams({ grant_type: 'refresh_token', refresh_token: pair.refresh_token })}`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`, 'Tenant-Id': '100001' },
    });
    expect(refreshed.status).toBe(401);
  });
});

describe('token claims', () => {
  /** A token signed with the deployment's own key, copying the claims (and session) of a real one. */
  async function reSigned(from: string, shape: (jwt: SignJWT) => SignJWT): Promise<string> {
    const claims = decodeJwt(from);
    delete claims.exp;
    delete claims.iat;
    delete claims.nbf;
    const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS512', typ: 'JWT' });
    return shape(jwt).sign(await loadSigningKey(t.db));
  }

  it('a well-formed token of an open session is accepted (the control for the cases below)', async () => {
    const real = await t.signIn('000000', 'admin');
    expect(await statusWith(await reSigned(real, (jwt) => jwt.setIssuedAt().setExpirationTime('10m')))).toBe(200);
  });

  it('a token without exp is refused, even with the right key and an open session', async () => {
    const real = await t.signIn('000000', 'admin');
    expect(await statusWith(await reSigned(real, (jwt) => jwt.setIssuedAt()))).toBe(401);
  });

  it('a token without iat, or claiming a lifetime beyond the server’s maximum, is refused', async () => {
    const real = await t.signIn('000000', 'admin');
    expect(await statusWith(await reSigned(real, (jwt) => jwt.setExpirationTime('10m')))).toBe(401);
    expect(await statusWith(await reSigned(real, (jwt) => jwt.setIssuedAt().setExpirationTime('30d')))).toBe(401);
  });

  it('a token without a session (no sid) is refused', async () => {
    const real = await t.signIn('000000', 'admin');
    const claims = decodeJwt(real);
    delete claims.sid;
    const token = await new SignJWT({ ...claims, exp: undefined, iat: undefined })
      .setProtectedHeader({ alg: 'HS512' })
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(await loadSigningKey(t.db));
    expect(await statusWith(token)).toBe(401);
  });

  it('an unsigned token (alg none) with valid-looking claims is refused', async () => {
    const claims = decodeJwt(await t.signIn('000000', 'admin'));
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    expect(await statusWith(`${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`)).toBe(401);
  });
});
