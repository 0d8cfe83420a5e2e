/**
 * Sign-in (blade-auth): the token endpoint and its failures, captcha,
 * refresh rotation, logout, user info, sign-in by secret, and the 401 every
 * protected endpoint gives without a valid token.
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaSecretOf, openCaptcha, sealCaptcha } from '../../src/server/auth/captcha.js';
import { loadSigningKey } from '../../src/server/auth/signingKey.js';
import { BASIC, md5, startTestServer, type TestServer } from './testServer.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ loginFailureLimit: 3, loginLockSeconds: 600 });
});
afterAll(() => t?.close());

function tokenRequest(params: Record<string, string>, headers: Record<string, string> = { Authorization: BASIC, 'Tenant-Id': params.tenantId ?? '000000' }) {
  return t.api(`/api/blade-auth/oauth/token?${new URLSearchParams({ grant_type: 'password', scope: 'all', type: 'account', ...params })}`, {
    method: 'POST',
    headers,
  });
}

describe('password sign-in', () => {
  it('returns the session and user info the console stores', async () => {
    const response = await tokenRequest({ tenantId: '316979', username: 'admin', password: md5('admin') });
    expect(response.status).toBe(200);
    const body = response.body;
    for (const field of [
      'access_token',
      'refresh_token',
      'tenant_id',
      'user_id',
      'user_name',
      'nick_name',
      'account',
      'role_name',
      'role_id',
      'dept_id',
      'avatar',
    ]) {
      expect(body, field).toHaveProperty(field);
    }
    expect(body).toMatchObject({ tenant_id: '316979', account: 'admin', role_name: 'administrator', token_type: 'bearer', expires_in: 3000 });
    expect(body.dept_region_code).toBe('350322');
    expect(body.avatar).not.toBe('');
    expect(JSON.stringify(body)).not.toMatch(/argon2|password/);
  });

  it('refuses a wrong password with error_description', async () => {
    const response = await tokenRequest({ tenantId: '100001', username: 'farm_admin', password: md5('wrong') });
    expect(response.status).toBe(400);
    expect(response.body.error_description).toBe('用户名或密码错误');
    expect(response.body.success).toBe(false);
  });

  it('answers in English when asked', async () => {
    const response = await tokenRequest(
      { tenantId: '100001', username: 'nobody', password: md5('x') },
      { Authorization: BASIC, 'Tenant-Id': '100001', 'Accept-Language': 'en' },
    );
    expect(response.body.error_description).toBe('Wrong account or password');
  });

  it('refuses an unknown tenant', async () => {
    const response = await tokenRequest({ tenantId: '999999', username: 'admin', password: md5('admin') });
    expect(response.status).toBe(400);
    expect(response.body.error_description).toBe('租户不存在或已停用');
  });

  it('refuses a missing or wrong client header', async () => {
    const missing = await tokenRequest({ tenantId: '000000', username: 'admin', password: md5('admin') }, { 'Tenant-Id': '000000' });
    expect(missing.status).toBe(401);
    expect(missing.body.error_description).toBe('客户端认证失败!');
    const wrong = await tokenRequest(
      { tenantId: '000000', username: 'admin', password: md5('admin') },
      { Authorization: `Basic ${Buffer.from('saber:not_the_secret').toString('base64')}`, 'Tenant-Id': '000000' },
    );
    expect(wrong.status).toBe(401);
    const unknown = await tokenRequest(
      { tenantId: '000000', username: 'admin', password: md5('admin') },
      { Authorization: `Basic ${Buffer.from('sword:sword_secret').toString('base64')}`, 'Tenant-Id': '000000' },
    );
    expect(unknown.status).toBe(401);
  });

  it('refuses a Tenant-Id header that contradicts the tenantId parameter', async () => {
    const response = await tokenRequest({ tenantId: '316979', username: 'admin', password: md5('admin') }, { Authorization: BASIC, 'Tenant-Id': '000000' });
    expect(response.status).toBe(400);
    expect(response.body.error_description).toBe('租户信息不一致');
  });

  it('asks for a captcha after repeated failures on an account, even with the right password (signInThrottle.test.ts)', async () => {
    for (let i = 0; i < 3; i++) {
      const failed = await tokenRequest({ tenantId: '003189', username: 'inspector', password: md5(`guess${i}`) });
      expect(failed.body.error_description).toBe('用户名或密码错误');
    }
    const asked = await tokenRequest({ tenantId: '003189', username: 'inspector', password: md5('admin') });
    expect(asked.status).toBe(400);
    expect(asked.body).toMatchObject({ captcha_required: true, error_description: '该账号登录失败次数过多，请输入验证码后再登录' });
    // Another account of the same tenant is not affected.
    expect((await tokenRequest({ tenantId: '003189', username: 'river_chief', password: md5('admin') })).status).toBe(200);
  });

  it('refuses an unsupported grant type', async () => {
    const response = await tokenRequest({ tenantId: '000000', grant_type: 'client_credentials' });
    expect(response.status).toBe(400);
    expect(response.body.error_description).toMatch(/不支持的授权类型/);
  });
});

describe('access tokens', () => {
  it('every protected endpoint answers 401 without a token', async () => {
    const response = await t.api('/api/blade-system/param/list');
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 401, success: false, msg: '请求未授权' });
  });

  it('a forged token (signed with another key) is rejected', async () => {
    const forged = await new SignJWT({ token_type: 'access_token', tenant_id: '000000', user_id: '1', role_id: '1', account: 'admin', client_id: 'saber' })
      .setProtectedHeader({ alg: 'HS512' })
      .setIssuer('reservoir-safety-console')
      .setAudience('console')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(64)));
    expect((await t.api('/api/blade-system/param/list', { token: forged })).status).toBe(401);
  });

  it('a token with alg none or garbage is rejected', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ token_type: 'access_token', tenant_id: '000000', user_id: '1' })).toString('base64url');
    expect((await t.api('/api/blade-system/param/list', { token: `${header}.${payload}.` })).status).toBe(401);
    expect((await t.api('/api/blade-system/param/list', { token: 'garbage' })).status).toBe(401);
  });

  it('an expired token is rejected', async () => {
    const expiring = await startTestServer({ accessTokenSeconds: 1 }, { demo: true });
    try {
      const token = await expiring.signIn('000000', 'admin');
      expect((await expiring.api('/api/blade-system/param/list', { token })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect((await expiring.api('/api/blade-system/param/list', { token })).status).toBe(401);
    } finally {
      await expiring.close();
    }
  });

  it('user-info returns the signed-in user', async () => {
    const token = await t.signIn('173509', 'river_chief');
    const response = await t.api('/api/blade-auth/oauth/user-info', { token });
    expect(response.body.data).toMatchObject({ tenant_id: '173509', account: 'river_chief', role_name: 'river_chief' });
  });

  it('clear-cache needs a token and succeeds with one', async () => {
    expect((await t.api('/api/blade-auth/oauth/clear-cache')).status).toBe(401);
    const token = await t.signIn('000000', 'admin');
    expect((await t.api('/api/blade-auth/oauth/clear-cache', { token })).body.success).toBe(true);
  });
});

describe('captcha', () => {
  let c: TestServer;
  beforeAll(async () => {
    c = await startTestServer({ captchaEnabled: true });
  });
  afterAll(() => c?.close());

  async function captchaFor(): Promise<{ key: string; code: string }> {
    const response = await c.api('/api/blade-auth/oauth/captcha');
    expect(response.body.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    // Only the deployment can read the answer out of the sealed key.
    const claims = openCaptcha(captchaSecretOf(await loadSigningKey(c.db)), response.body.data.key);
    return { key: response.body.data.key, code: claims!.answer };
  }

  function signInWith(key: string, code: string) {
    const query = new URLSearchParams({ tenantId: '000000', username: 'admin', password: md5('admin'), grant_type: 'captcha', scope: 'all' });
    return c.api(`/api/blade-auth/oauth/token?${query}`, {
      method: 'POST',
      headers: { Authorization: BASIC, 'Tenant-Id': '000000', 'Captcha-Key': key, 'Captcha-Code': code },
    });
  }

  it('the public settings tell the console that captcha is on', async () => {
    expect((await c.api('/api/blade-system/public/settings')).body.data.captchaMode).toBe(true);
  });

  it('signs in with the right code, case-insensitively', async () => {
    const { key, code } = await captchaFor();
    expect((await signInWith(key, code.toUpperCase())).status).toBe(200);
  });

  it('refuses a wrong code and then the captcha is spent', async () => {
    const { key, code } = await captchaFor();
    const wrong = await signInWith(key, 'zzzzz');
    expect(wrong.body.error_description).toBe('验证码不正确');
    expect((await signInWith(key, code)).body.error_description).toBe('验证码不正确');
  });

  it('refuses a reused captcha', async () => {
    const { key, code } = await captchaFor();
    expect((await signInWith(key, code)).status).toBe(200);
    expect((await signInWith(key, code)).body.error_description).toBe('验证码不正确');
  });

  it('refuses an expired captcha', async () => {
    const { code } = await captchaFor();
    const secret = captchaSecretOf(await loadSigningKey(c.db));
    const expired = sealCaptcha(secret, { id: crypto.randomUUID(), answer: code, expiresAt: Math.floor(Date.now() / 1000) - 1 });
    expect((await signInWith(expired, code)).body.error_description).toBe('验证码不正确');
  });

  it('refuses a key the deployment did not seal', async () => {
    const { key, code } = await captchaFor();
    const tampered = key.slice(0, 20) + (key[20] === 'A' ? 'B' : 'A') + key.slice(21);
    expect((await signInWith(tampered, code)).body.error_description).toBe('验证码不正确');
    expect((await signInWith('8c5e1f0e-3b7e-4f53-9a43-4d1d1e1f2a3b', code)).body.error_description).toBe('验证码不正确');
  });

  it('a password grant without captcha is refused while captcha mode is on', async () => {
    const query = new URLSearchParams({ tenantId: '000000', username: 'admin', password: md5('admin'), grant_type: 'password' });
    const response = await c.api(`/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { Authorization: BASIC, 'Tenant-Id': '000000' } });
    expect(response.body.error_description).toBe('验证码不正确');
  });
});

describe('refresh tokens', () => {
  async function signInPair() {
    const response = await tokenRequest({ tenantId: '100001', username: 'admin', password: md5('admin') });
    return response.body as { access_token: string; refresh_token: string };
  }

  const refresh = (token: string) =>
    t.api(`/api/blade-auth/oauth/token?${new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token, tenantId: '100001', scope: 'all' })}`, {
      method: 'POST',
      headers: { Authorization: BASIC, 'Tenant-Id': '100001' },
    });

  it('rotates: a refresh gives a new pair that works', async () => {
    const first = await signInPair();
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect((await t.api('/api/blade-system/param/list', { token: second.body.access_token })).status).toBe(200);
  });

  it('a reused refresh token is rejected and revokes the whole family', async () => {
    const first = await signInPair();
    const second = await refresh(first.refresh_token);
    const reuse = await refresh(first.refresh_token);
    expect(reuse.status).toBe(401);
    expect(reuse.body.error_description).toBe('刷新令牌已被使用，为安全起见请重新登录');
    // The token issued from the leaked one is now dead too.
    expect((await refresh(second.body.refresh_token)).status).toBe(401);
  });

  it('token/refresh rotates as well', async () => {
    const first = await signInPair();
    const response = await t.api(`/api/blade-auth/oauth/token/refresh?refresh_token=${encodeURIComponent(first.refresh_token)}`, {
      method: 'POST',
      headers: { Authorization: BASIC },
    });
    expect(response.status).toBe(200);
    expect((await refresh(first.refresh_token)).status).toBe(401);
  });

  it('logout revokes the refresh token', async () => {
    const pair = await signInPair();
    const logout = await t.api(`/api/blade-auth/oauth/logout?refresh_token=${encodeURIComponent(pair.refresh_token)}`, { token: pair.access_token });
    expect(logout.body.success).toBe(true);
    expect((await refresh(pair.refresh_token)).status).toBe(401);
  });

  it('POST logout without a refresh token revokes all of the caller’s refresh tokens', async () => {
    const pair = await signInPair();
    const logout = await t.api('/api/blade-auth/oauth/logout', { token: pair.access_token, method: 'POST', body: { logs: [] } });
    expect(logout.body.success).toBe(true);
    expect((await refresh(pair.refresh_token)).status).toBe(401);
  });

  it('an unknown refresh token is rejected', async () => {
    expect((await refresh('x'.repeat(43))).status).toBe(401);
  });
});

describe('sign-in by secret', () => {
  const userId = async (tenantId: string, account: string) =>
    (await t.db.query(`SELECT id::text AS id FROM blade_user WHERE tenant_id = $1 AND account = $2`, [tenantId, account])).rows[0].id as string;

  it('a platform administrator issues a secret that signs its user in; the secret is stored hashed', async () => {
    const admin = await t.signIn('000000', 'admin');
    const issued = await t.api('/api/blade-auth/oauth/secret', { token: admin, body: { userId: await userId('000000', 'inspector'), expireSeconds: 600 } });
    expect(issued.status).toBe(200);
    const secret = issued.body.data.secret as string;
    const stored = await t.db.query('SELECT secret_hash FROM rsc_auth_secret');
    expect(stored.rows.map((r) => r.secret_hash)).not.toContain(secret);
    const response = await t.api(`/api/blade-auth/oauth/authBySecret/${secret}`, { headers: { Authorization: BASIC } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ tenant_id: '000000', account: 'inspector' });
  });

  it('no secret is issued for a platform administrator', async () => {
    const admin = await t.signIn('000000', 'admin');
    const response = await t.api('/api/blade-auth/oauth/secret', { token: admin, body: { userId: await userId('000000', 'admin'), expireSeconds: 600 } });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('不能为平台管理员签发授权密钥');
  });

  it('a tenant manager with the user edit button cannot issue secrets (no way up to another account)', async () => {
    const farmAdmin = await t.signIn('000000', 'farm_admin');
    const response = await t.api('/api/blade-auth/oauth/secret', { token: farmAdmin, body: { userId: await userId('000000', 'admin'), expireSeconds: 600 } });
    expect(response.status).toBe(403);
    expect(await t.db.query('SELECT 1 FROM rsc_auth_secret WHERE user_id = $1', [await userId('000000', 'admin')])).toHaveProperty('rowCount', 0);
  });

  it('an unknown secret is refused', async () => {
    const response = await t.api(`/api/blade-auth/oauth/authBySecret/${'a'.repeat(43)}`, { headers: { Authorization: BASIC } });
    expect(response.status).toBe(401);
    expect(response.body.error_description).toBe('授权密钥无效或已过期');
  });
});

describe('hardening', () => {
  it('parallel guesses cannot slip past the failure limit', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => tokenRequest({ tenantId: '173509', username: 'farm_admin', password: md5(`parallel${i}`) })),
    );
    const evaluated = guesses.filter((g) => g.body.error_description === '用户名或密码错误').length;
    expect(evaluated).toBeLessThanOrEqual(3);
    const right = await tokenRequest({ tenantId: '173509', username: 'farm_admin', password: md5('admin') });
    expect(right.body.captcha_required).toBe(true);
  });

  it('a refresh is refused once the tenant has expired', async () => {
    const pair = (await tokenRequest({ tenantId: '003189', username: 'subject_admin', password: md5('admin') })).body;
    await t.db.query(`UPDATE blade_tenant SET expire_time = '2020-01-01 00:00:00' WHERE tenant_id = '003189'`);
    try {
      const response = await t.api(`/api/blade-auth/oauth/token?${new URLSearchParams({ grant_type: 'refresh_token', refresh_token: pair.refresh_token })}`, {
        method: 'POST',
        headers: { Authorization: BASIC, 'Tenant-Id': '003189' },
      });
      expect(response.status).toBe(400);
      expect(response.body.error_description).toBe('租户授权已过期，请联系管理员');
    } finally {
      await t.db.query(`UPDATE blade_tenant SET expire_time = NULL WHERE tenant_id = '003189'`);
    }
  });

  it('rotation never extends a session past its start plus the refresh lifetime', async () => {
    const pair = (await tokenRequest({ tenantId: '003189', username: 'admin', password: md5('admin') })).body;
    const next = await t.api(`/api/blade-auth/oauth/token?${new URLSearchParams({ grant_type: 'refresh_token', refresh_token: pair.refresh_token })}`, {
      method: 'POST',
      headers: { Authorization: BASIC, 'Tenant-Id': '003189' },
    });
    expect(next.status).toBe(200);
    const expiries = await t.db.query(
      `SELECT DISTINCT expires_at FROM rsc_refresh_token WHERE family_id = (SELECT family_id FROM rsc_refresh_token ORDER BY created_at DESC LIMIT 1)`,
    );
    expect(expiries.rowCount).toBe(1);
  });

  it('a disabled user’s token no longer writes (its session has ended: 401)', async () => {
    const token = await t.signIn('003189', 'admin');
    await t.db.query(`UPDATE blade_user SET status = 0 WHERE tenant_id = '003189' AND account = 'admin'`);
    try {
      const response = await t.api('/api/blade-system/param/submit', { token, body: { paramName: 'x', paramKey: 'disabled.user', paramValue: '1' } });
      expect(response.status).toBe(401);
      expect((await t.db.query(`SELECT 1 FROM blade_param WHERE param_key = 'disabled.user'`)).rowCount).toBe(0);
    } finally {
      await t.db.query(`UPDATE blade_user SET status = 1 WHERE tenant_id = '003189' AND account = 'admin'`);
    }
  });

  it('control characters in the account are refused like a wrong password', async () => {
    const response = await tokenRequest({ tenantId: '100001', username: 'ad\u0000min', password: md5('admin') });
    expect(response.status).toBe(400);
    expect(response.body.error_description).toBe('用户名或密码错误');
  });

  it('a literal % in a console path is not a server error', async () => {
    expect((await t.api('/%25')).status).toBe(404);
    expect((await t.api('/api/%25')).status).toBe(404);
  });
});
