/**
 * Single sign-on (grant authorization_code) and social sign-in (grant
 * social) against a real OpenID Connect provider on 127.0.0.1, driven over
 * HTTP by a cookie-carrying client as a browser would; registration of an
 * unknown identity with user/register-guest and the pending-approval rule;
 * refusal of tampered state, nonce, PKCE verifier, redirect URI, tenant and
 * grant type; id_token verification; the provider configuration's checks.
 */
import http from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyIdToken } from '../../src/server/auth/oidc/oidcClient.js';
import { loadProviders, parseProviders, type OidcProviderConfig } from '../../src/server/auth/oidc/providerConfig.js';
import { startTestProvider, type TestAccount, type TestProvider } from './oidcTestProvider.js';
import { BASIC, md5, startTestServer, type TestServer } from './testServer.js';

const ACCOUNTS: TestAccount[] = [
  { sub: 'sub-inspector', username: 'inspector', password: 'idp-pass-1', name: '巡查员', email: 'inspector@example.com' },
  { sub: 'sub-zhang', username: 'zhang.san', password: 'idp-pass-2', name: '张三', email: 'zhang.san@example.com' },
  { sub: 'sub-li', username: 'li.si', password: 'idp-pass-3', name: '李四', email: 'li.si@example.com' },
  { sub: 'sub-wang', username: 'wang.wu', password: 'idp-pass-4', name: '王五', email: 'wang.wu@example.com' },
  { sub: 'sub-stranger', username: 'stranger', password: 'idp-pass-5', name: '陌生人', email: 'stranger@example.com' },
];

let idp: TestProvider;
let t: TestServer;

function providersFor(issuer: string) {
  const common = { issuer, clientId: 'reservoir-console', clientSecret: 'console-secret-for-tests', allowHttp: true };
  return [
    { ...common, source: 'sk', type: 'sso', name: '水库版统一认证', tenants: ['316979'], accountClaim: 'preferred_username', allowNetworks: ['127.0.0.1/32'] },
    { ...common, source: 'hh', type: 'sso', name: '河湖版统一认证', tenants: ['173509'], accountClaim: 'preferred_username', allowNetworks: ['127.0.0.1/32'] },
    { ...common, source: 'jz', type: 'sso', name: '矩阵版统一认证', tenants: ['003189'], allowNetworks: ['127.0.0.1/32'] },
    { ...common, source: 'water-id', type: 'social', name: '水利通行证', tenants: ['*'], allowNetworks: ['127.0.0.1/32'] },
    // The same provider without the explicit loopback allowance: the outbound guard refuses it.
    { ...common, source: 'unguarded', type: 'sso', name: 'no allowance', tenants: ['100001'] },
  ];
}

beforeAll(async () => {
  idp = await startTestProvider(ACCOUNTS);
  process.env.OIDC_PROVIDERS = JSON.stringify(providersFor(idp.issuer));
  t = await startTestServer();
  await idp.configure([
    {
      client_id: 'reservoir-console',
      client_secret: 'console-secret-for-tests',
      redirect_uris: [`${t.url}/singleloginsk`, `${t.url}/singleloginHh`, `${t.url}/singleloginJz`, `${t.url}/login`, `${t.url}/singleloginsk-other`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ]);
});
afterAll(async () => {
  delete process.env.OIDC_PROVIDERS;
  await t?.close();
  await idp?.close();
});

/** A minimal browser: cookies per host and path, redirects followed by hand. */
class CookieClient {
  private readonly jar = new Map<string, { name: string; value: string; path: string }[]>();

  private cookieHeader(url: URL): string {
    return (this.jar.get(url.host) ?? [])
      .filter((c) => url.pathname.startsWith(c.path))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  private store(url: URL, response: Response): void {
    const cookies = this.jar.get(url.host) ?? [];
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((s) => s.trim());
      const [name, ...rest] = pair.split('=');
      const value = rest.join('=');
      const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) || '/';
      const expired = attributes.some((a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now()));
      const kept = cookies.filter((c) => !(c.name === name && c.path === path));
      if (!expired) kept.push({ name, value, path });
      cookies.splice(0, cookies.length, ...kept);
    }
    this.jar.set(url.host, cookies);
  }

  /** Requests and follows redirects until a page answers, or until a redirect leads to `stopAt` (returned unvisited). */
  async navigate(start: string, stopAt: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<{ url: URL; html?: string }> {
    let url = new URL(start);
    let method = init.method ?? 'GET';
    let body: string | undefined = init.form ? new URLSearchParams(init.form).toString() : undefined;
    for (let hop = 0; hop < 10; hop++) {
      if (url.toString().startsWith(stopAt)) return { url };
      const headers: Record<string, string> = { cookie: this.cookieHeader(url) };
      if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
      const response = await fetch(url, { method, headers, body, redirect: 'manual' });
      this.store(url, response);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        url = new URL(location, url);
        method = 'GET';
        body = undefined;
        continue;
      }
      return { url, html: await response.text() };
    }
    throw new Error('too many redirects');
  }
}

async function startSignIn(source: string, grantType: 'authorization_code' | 'social', tenantId: string, redirectUri: string) {
  const query = new URLSearchParams({ grant_type: grantType, tenantId, redirect_uri: redirectUri });
  return t.api(`/api/blade-auth/oauth/authorize/${source}?${query}`, { headers: { Authorization: BASIC, 'Tenant-Id': tenantId } });
}

/** Starts a sign-in, signs in at the provider and returns where the provider sends the browser back to. */
async function signInAtProvider(
  source: string,
  grantType: 'authorization_code' | 'social',
  tenantId: string,
  redirectUri: string,
  username: string,
  password: string,
) {
  const started = await startSignIn(source, grantType, tenantId, redirectUri);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const browser = new CookieClient();
  const loginPage = await browser.navigate(started.body.data.url, redirectUri);
  expect(loginPage.html).toContain('Test identity provider');
  const account = ACCOUNTS.find((a) => a.username === username)!;
  const back = await browser.navigate(new URL(`${loginPage.url.pathname}/login`, loginPage.url).toString(), redirectUri, {
    method: 'POST',
    form: { username, password: password || account.password },
  });
  expect(back.html, 'the provider should have redirected back').toBeUndefined();
  const code = back.url.searchParams.get('code');
  const state = back.url.searchParams.get('state');
  expect(code).toBeTruthy();
  expect(state).toBe(started.body.data.state);
  return { code: code!, state: state!, started: started.body.data as { url: string; state: string } };
}

function token(params: Record<string, string>, tenantId = params.tenantId) {
  return t.api(`/api/blade-auth/oauth/token?${new URLSearchParams({ scope: 'all', ...params })}`, {
    method: 'POST',
    headers: { Authorization: BASIC, 'Tenant-Id': tenantId },
  });
}

const ssoToken = (tenantId: string, code: string, state: string, redirectUri: string) =>
  token({ grant_type: 'authorization_code', tenantId, code, state, redirect_uri: redirectUri });
const socialToken = (tenantId: string, source: string, code: string, state: string) => token({ grant_type: 'social', tenantId, source, code, state });

function registerGuest(fields: Record<string, string>) {
  return t.api('/api/blade-system/user/register-guest', { body: fields, headers: { Authorization: BASIC } });
}

describe('single sign-on (authorization_code)', () => {
  const redirectUri = () => `${t.url}/singleloginsk`;

  it('completes the whole flow and signs in the account the provider names', async () => {
    const { code, state, started } = await signInAtProvider('sk', 'authorization_code', '316979', redirectUri(), 'inspector', '');
    const authorize = new URL(started.url);
    expect(authorize.origin).toBe(idp.issuer);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'reservoir-console',
      code_challenge_method: 'S256',
      redirect_uri: redirectUri(),
    });
    expect(authorize.searchParams.get('nonce')).toHaveLength(43);

    const response = await ssoToken('316979', code, state, redirectUri());
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ tenant_id: '316979', account: 'inspector', token_type: 'bearer' });
    expect(response.body.oauth_id).toMatch(/^\d+$/);
    const info = await t.api('/api/blade-auth/oauth/user-info', { token: response.body.access_token });
    expect(info.body.data).toMatchObject({ tenant_id: '316979', account: 'inspector' });
    const links = await t.db.query(`SELECT source, uuid, username FROM blade_user_oauth WHERE tenant_id = '316979'`);
    expect(links.rows).toEqual([{ source: 'sk', uuid: 'sub-inspector', username: 'inspector' }]);
  });

  it('a second sign-in uses the link, and each edition signs in to its own tenant', async () => {
    const again = await signInAtProvider('sk', 'authorization_code', '316979', redirectUri(), 'inspector', '');
    expect((await ssoToken('316979', again.code, again.state, redirectUri())).body.account).toBe('inspector');
    expect((await t.db.query(`SELECT 1 FROM blade_user_oauth WHERE tenant_id = '316979'`)).rowCount).toBe(1);
    const river = await signInAtProvider('hh', 'authorization_code', '173509', `${t.url}/singleloginHh`, 'inspector', '');
    const response = await ssoToken('173509', river.code, river.state, `${t.url}/singleloginHh`);
    expect(response.body).toMatchObject({ tenant_id: '173509', account: 'inspector' });
  });

  it('a code and state work once', async () => {
    const { code, state } = await signInAtProvider('sk', 'authorization_code', '316979', redirectUri(), 'inspector', '');
    expect((await ssoToken('316979', code, state, redirectUri())).status).toBe(200);
    const replay = await ssoToken('316979', code, state, redirectUri());
    expect(replay.status).toBe(400);
    expect(replay.body.error_description).toBe('登录状态无效或已过期，请重新登录');
  });

  it('refuses a tampered state', async () => {
    const { code, state } = await signInAtProvider('sk', 'authorization_code', '316979', redirectUri(), 'inspector', '');
    const tampered = await ssoToken('316979', code, `${state.slice(0, -2)}xx`, redirectUri());
    expect(tampered.status).toBe(400);
    expect(tampered.body.error_description).toBe('登录状态无效或已过期，请重新登录');
    expect((await ssoToken('316979', code, '', redirectUri())).body.error_description).toBe('登录状态无效或已过期，请重新登录');
  });

  it('refuses a redirect_uri other than the one the sign-in started with, and the state is then spent', async () => {
    const { code, state } = await signInAtProvider('sk', 'authorization_code', '316979', redirectUri(), 'inspector', '');
    const tampered = await ssoToken('316979', code, state, `${t.url}/singleloginsk-other`);
    expect(tampered.status).toBe(400);
    expect(tampered.body.error_description).toBe('登录状态校验失败，请重新登录');
    expect((await ssoToken('316979', code, state, redirectUri())).body.error_description).toBe('登录状态无效或已过期，请重新登录');
  });

  it('refuses an id_token whose nonce is not the sign-in’s', async () => {
    const { code, state } = await signInAtProvider('sk', 'authorization_code', '316979', redirectUri(), 'inspector', '');
    await t.db.query(`UPDATE rsc_oidc_login SET nonce = 'another-sign-in-nonce-aaaaaaaaaaaaaaaaaaaaaaa'`);
    const response = await ssoToken('316979', code, state, redirectUri());
    expect(response.status).toBe(400);
    expect(response.body.error_description).toBe('第三方认证未通过，请重新登录');
    expect(response.body.access_token).toBeUndefined();
  });

  it('refuses when the PKCE verifier is not the one the sign-in started with (the provider refuses the code)', async () => {
    const { code, state } = await signInAtProvider('sk', 'authorization_code', '316979', redirectUri(), 'inspector', '');
    await t.db.query(`UPDATE rsc_oidc_login SET code_verifier = 'x${'y'.repeat(42)}'`);
    const response = await ssoToken('316979', code, state, redirectUri());
    expect(response.status).toBe(400);
    expect(response.body.error_description).toBe('第三方认证未通过，请重新登录');
  });

  it('refuses a completion for another tenant or as another grant type', async () => {
    const first = await signInAtProvider('sk', 'authorization_code', '316979', redirectUri(), 'inspector', '');
    const otherTenant = await ssoToken('100001', first.code, first.state, redirectUri());
    expect(otherTenant.body.error_description).toBe('登录状态校验失败，请重新登录');
    const second = await signInAtProvider('sk', 'authorization_code', '316979', redirectUri(), 'inspector', '');
    const asSocial = await socialToken('316979', 'sk', second.code, second.state);
    expect(asSocial.body.error_description).toBe('登录状态校验失败，请重新登录');
  });

  it('an identity without a local account gets an oauth_id to register with', async () => {
    const { code, state } = await signInAtProvider('jz', 'authorization_code', '003189', `${t.url}/singleloginJz`, 'stranger', '');
    const response = await ssoToken('003189', code, state, `${t.url}/singleloginJz`);
    expect(response.status).toBe(400);
    expect(response.body.error_description).toBe('该第三方账号尚未注册本系统用户，请先完成注册');
    expect(response.body.oauth_id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.body).toMatchObject({ oauth_source: 'jz', oauth_name: '陌生人', oauth_account: 'stranger' });
  });

  it('the start refuses unknown sources, other tenants, bad redirect URIs and missing clients', async () => {
    expect((await startSignIn('nope', 'authorization_code', '316979', redirectUri())).body.msg).toBe('该租户未启用此登录方式');
    expect((await startSignIn('sk', 'authorization_code', '100001', redirectUri())).body.msg).toBe('该租户未启用此登录方式');
    expect((await startSignIn('sk', 'social', '316979', redirectUri())).body.msg).toBe('该租户未启用此登录方式');
    for (const bad of ['javascript:alert(1)', 'not a url', `${t.url}/singleloginsk#x`, 'http://user:pw@example.com/']) {
      expect((await startSignIn('sk', 'authorization_code', '316979', bad)).body.msg, bad).toBe('回调地址不正确');
    }
    const query = new URLSearchParams({ grant_type: 'authorization_code', tenantId: '316979', redirect_uri: redirectUri() });
    expect((await t.api(`/api/blade-auth/oauth/authorize/sk?${query}`)).status).toBe(401);
  });

  it('a provider on loopback without the explicit allowance is refused by the outbound guard', async () => {
    const response = await startSignIn('unguarded', 'authorization_code', '100001', `${t.url}/login`);
    expect(response.status).toBe(500);
    expect(response.body.msg).toBe('认证平台暂时无法访问，请稍后再试');
    expect(await t.db.query('SELECT 1 FROM rsc_oidc_login WHERE source = $1', ['unguarded'])).toHaveProperty('rowCount', 0);
  });
});

describe('social sign-in and registration', () => {
  const loginUri = () => `${t.url}/login`;

  it('lists the social sources a tenant may use', async () => {
    expect((await t.api('/api/blade-auth/oauth/social-sources?tenantId=100001')).body.data).toEqual([{ source: 'water-id', name: '水利通行证' }]);
    expect((await t.api('/api/blade-auth/oauth/social-sources?tenantId=abc')).body.data).toEqual([]);
  });

  async function unknownIdentity(username: string, tenantId = '100001') {
    const { code, state } = await signInAtProvider('water-id', 'social', tenantId, loginUri(), username, '');
    const response = await socialToken(tenantId, 'water-id', code, state);
    expect(response.status).toBe(400);
    expect(response.body.error_description).toBe('该第三方账号尚未注册本系统用户，请先完成注册');
    return response.body as { oauth_id: string; oauth_name: string; oauth_account: string };
  }

  it('registers an unknown identity as a pending user that cannot sign in until approved', async () => {
    const first = await unknownIdentity('zhang.san');
    expect(first).toMatchObject({ oauth_name: '张三', oauth_account: 'zhang.san' });
    const spare = await unknownIdentity('zhang.san');

    const base = { tenantId: '100001', name: '张三', account: 'zhangsan', password: md5('zs-secret'), oauthId: first.oauth_id };
    // The checks in the spec's order.
    expect((await registerGuest({ ...base, tenantId: '' })).body.msg).toBe('请先输入租户编号');
    expect((await registerGuest({ ...base, account: '' })).body.msg).toBe('请先输入账号名称');
    expect((await registerGuest({ ...base, password: '' })).body.msg).toBe('请先输入密码');
    // The tenant parameter cannot move the registration to another tenant.
    expect((await registerGuest({ ...base, tenantId: '316979' })).body.msg).toBe('租户信息错误!');
    expect((await registerGuest({ ...base, oauthId: 'guessed-ticket' })).body.msg).toBe('第三方登录信息错误或已过期，请重新登录');
    expect((await registerGuest({ ...base, account: 'admin' })).body.msg).toBe('当前账号已被使用!');

    const registered = await registerGuest(base);
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    expect(registered.body).toMatchObject({ success: true, msg: '注册申请已提交,请耐心等待管理员通过!' });
    const user = await t.db.query(
      `SELECT id::text AS id, status, role_id, name, real_name FROM blade_user WHERE tenant_id = '100001' AND account = 'zhangsan'`,
    );
    expect(user.rows[0]).toMatchObject({ status: 2, role_id: '', name: '张三', real_name: '张三' });
    const link = await t.db.query(`SELECT user_id::text AS user_id, source, uuid FROM blade_user_oauth WHERE tenant_id = '100001'`);
    expect(link.rows).toEqual([{ user_id: user.rows[0].id, source: 'water-id', uuid: 'sub-zhang' }]);

    // Duplicates: the ticket is spent, and another ticket of the same identity cannot register again.
    expect((await registerGuest(base)).body.msg).toBe('第三方登录信息错误或已过期，请重新登录');
    expect((await registerGuest({ ...base, account: 'zhangsan2', oauthId: spare.oauth_id })).body.msg).toBe('该第三方账号已注册，请勿重复提交');

    // Pending: neither the password nor the identity signs in; a wrong password stays a wrong password.
    const password = (pw: string) => token({ grant_type: 'password', tenantId: '100001', username: 'zhangsan', password: md5(pw) });
    expect((await password('zs-secret')).body.error_description).toBe('账号正在等待管理员审核，审核通过后才能登录');
    expect((await password('wrong')).body.error_description).toBe('用户名或密码错误');
    const pendingSocial = await signInAtProvider('water-id', 'social', '100001', loginUri(), 'zhang.san', '');
    expect((await socialToken('100001', 'water-id', pendingSocial.code, pendingSocial.state)).body.error_description).toBe(
      '账号正在等待管理员审核，审核通过后才能登录',
    );

    // An administrator approves by setting the status to 1.
    await t.db.query(`UPDATE blade_user SET status = 1 WHERE id = $1`, [user.rows[0].id]);
    expect((await password('zs-secret')).status).toBe(200);
    const approved = await signInAtProvider('water-id', 'social', '100001', loginUri(), 'zhang.san', '');
    const signedIn = await socialToken('100001', 'water-id', approved.code, approved.state);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ tenant_id: '100001', account: 'zhangsan' });
  });

  it('answers in English when asked', async () => {
    const ticket = await unknownIdentity('wang.wu');
    const response = await t.api('/api/blade-system/user/register-guest', {
      body: { tenantId: '100001', name: 'Wang Wu', account: 'wangwu', password: md5('ww-secret'), oauthId: ticket.oauth_id },
      headers: { 'Accept-Language': 'en' },
    });
    expect(response.body.msg).toBe('Registration application submitted, please wait for administrator approval');
    expect((await registerGuest({ tenantId: '', name: 'x', account: 'x', password: md5('x'), oauthId: 'x' })).body.msg).toBe('请先输入租户编号');
  });

  it('accepts the fields as query parameters too (Saber sends them so)', async () => {
    const ticket = await unknownIdentity('li.si', '000000');
    const query = new URLSearchParams({ tenantId: '000000', name: '李四', account: 'lisi', password: md5('ls-secret'), oauthId: ticket.oauth_id });
    const response = await t.api(`/api/blade-system/user/register-guest?${query}`, { method: 'POST', headers: { Authorization: BASIC } });
    expect(response.body.success).toBe(true);
  });

  it('a social completion must name the source it started with', async () => {
    const { code, state } = await signInAtProvider('water-id', 'social', '100001', loginUri(), 'zhang.san', '');
    expect((await socialToken('100001', 'other', code, state)).body.error_description).toBe('登录状态校验失败，请重新登录');
  });
});

describe('id_token verification', () => {
  let keyServer: http.Server;
  let jwksUri: string;
  let provider: OidcProviderConfig;
  const keys = { good: undefined as unknown as CryptoKey, other: undefined as unknown as CryptoKey };

  beforeAll(async () => {
    const good = await generateKeyPair('RS256', { extractable: true });
    const other = await generateKeyPair('RS256', { extractable: true });
    keys.good = good.privateKey;
    keys.other = other.privateKey;
    const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(good.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }] });
    keyServer = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(jwks));
    await new Promise<void>((resolve) => keyServer.listen(0, '127.0.0.1', resolve));
    const port = (keyServer.address() as { port: number }).port;
    jwksUri = `http://127.0.0.1:${port}/jwks`;
    provider = parseProviders(
      JSON.stringify([
        {
          source: 'unit',
          type: 'sso',
          tenants: ['000000'],
          issuer: 'https://idp.example.com',
          clientId: 'app',
          clientSecret: 's',
          allowHttp: true,
          allowNetworks: ['127.0.0.1/32'],
        },
      ]),
    )[0];
  });
  afterAll(() => new Promise<void>((resolve) => keyServer.close(() => resolve())));

  function idToken(
    claims: Record<string, unknown>,
    options: { key?: CryptoKey; kid?: string; issuer?: string; audience?: string | string[]; expires?: string } = {},
  ) {
    return new SignJWT({ nonce: 'n-1', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'k1' })
      .setSubject('user-1')
      .setIssuer(options.issuer ?? 'https://idp.example.com')
      .setAudience(options.audience ?? 'app')
      .setIssuedAt()
      .setExpirationTime(options.expires ?? '5m')
      .sign(options.key ?? keys.good);
  }

  const verify = (token: string, nonce = 'n-1') => verifyIdToken(provider, token, nonce, jwksUri, ['RS256']);

  it('accepts a token of the provider for this client and sign-in', async () => {
    expect((await verify(await idToken({}))).sub).toBe('user-1');
  });

  it.each([
    ['signed by another key', { key: 'other' }],
    ['an unknown key id', { kid: 'k9' }],
    ['another issuer', { issuer: 'https://evil.example.com' }],
    ['another audience', { audience: 'someone-else' }],
    ['several audiences without azp', { audience: ['app', 'someone-else'] }],
    ['expired', { expires: '-5m' }],
  ])('refuses a token %s', async (_name, option) => {
    const options = { ...option, key: (option as { key?: string }).key === 'other' ? keys.other : undefined } as Parameters<typeof idToken>[1];
    await expect(verify(await idToken({}, options))).rejects.toThrow(/id_token/);
  });

  it('refuses another sign-in’s nonce, a missing nonce, and unsigned or HMAC tokens', async () => {
    await expect(verify(await idToken({}), 'n-2')).rejects.toThrow(/nonce/);
    await expect(verify(await idToken({ nonce: undefined }))).rejects.toThrow(/nonce/);
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ iss: 'https://idp.example.com', aud: 'app', sub: 'x', nonce: 'n-1', iat: 1, exp: 9999999999 })).toString(
      'base64url',
    );
    await expect(verify(`${header}.${payload}.`)).rejects.toThrow(/id_token/);
    const hmac = await new SignJWT({ nonce: 'n-1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('x')
      .setIssuer('https://idp.example.com')
      .setAudience('app')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('s'.repeat(32)));
    await expect(verify(hmac)).rejects.toThrow(/id_token/);
  });
});

describe('provider configuration', () => {
  const entry = { source: 'sk', type: 'sso', tenants: ['316979'], issuer: 'https://idp.example.com', clientId: 'c', clientSecret: 's' };
  const parse = (entries: unknown[]) => () => parseProviders(JSON.stringify(entries), {});

  it('reads the environment, and a client secret from a named variable', () => {
    expect(loadProviders({})).toEqual([]);
    const [provider] = loadProviders({
      OIDC_PROVIDERS: JSON.stringify([{ ...entry, clientSecret: undefined, clientSecretEnv: 'SK_SECRET' }]),
      SK_SECRET: 'from-env',
    });
    expect(provider).toMatchObject({
      source: 'sk',
      clientSecret: 'from-env',
      scopes: 'openid profile email',
      outbound: { schemes: ['https:'], allowNetworks: [] },
    });
  });

  it('refuses broken entries at start, naming the entry and the problem', () => {
    expect(parse([{ ...entry, issuer: 'http://idp.example.com' }])).toThrow(/#1: "issuer" must use https/);
    expect(parse([{ ...entry, allowNetworks: ['10.0.0.0/33'] }])).toThrow(/CIDR/);
    expect(parse([entry, { ...entry, tenants: ['316979', '100001'] }])).toThrow(/more than one provider serves source "sk" for tenant 316979/);
    expect(parse([{ ...entry, clientSecret: undefined }])).toThrow(/clientSecret/);
    expect(parse([{ ...entry, type: 'social', accountClaim: 'email' }])).toThrow(/accountClaim/);
    expect(parse([{ ...entry, tenants: ['31697'] }])).toThrow(/tenants/);
    expect(parse([{ ...entry, scopes: 'profile' }])).toThrow(/openid/);
    expect(parse([{ ...entry, extra: 1 }])).toThrow(/unknown settings extra/);
    expect(() => parseProviders('{', {})).toThrow(/JSON/);
  });
});
