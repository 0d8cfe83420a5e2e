/**
 * OAuth clients (/api/blade-system/client/*): secrets are hashed and never
 * returned (a generated one is shown once), grant types are the five of
 * platform-core §9, and only the platform administrator manages clients.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5, startTestServer, type TestServer } from './testServer.js';

let t: TestServer;
let platform: string;
beforeAll(async () => {
  t = await startTestServer();
  platform = await t.signIn('000000', 'admin');
});
afterAll(() => t?.close());

const submit = (body: unknown, headers?: Record<string, string>) => t.api('/api/blade-system/client/submit', { token: platform, body, headers });
const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** A password sign-in through the given client credentials. */
function signInWith(clientId: string, secret: string) {
  const query = new URLSearchParams({ tenantId: '100001', username: 'admin', password: md5('admin'), grant_type: 'password', scope: 'all' });
  const basic = `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
  return t.api(`/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { Authorization: basic, 'Tenant-Id': '100001' } });
}

const storedSecret = async (clientId: string) =>
  (await t.db.query<{ client_secret: string }>('SELECT client_secret FROM blade_client WHERE client_id = $1 AND is_deleted = 0', [clientId])).rows[0]
    .client_secret;

describe('client secrets', () => {
  it('a new client without a secret gets one, shown once in the answer and stored only as its hash', async () => {
    const response = await submit({ clientId: 'mobile_app', authorizedGrantTypes: 'password,refresh_token' });
    expect(response.status).toBe(200);
    const { clientSecret, id } = response.body.data;
    expect(clientSecret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await storedSecret('mobile_app')).toBe(sha256(clientSecret));
    expect((await signInWith('mobile_app', clientSecret)).status).toBe(200);
    for (const read of [`detail?id=${id}`, 'list?size=100']) {
      const body = JSON.stringify((await t.api(`/api/blade-system/client/${read}`, { token: platform })).body);
      // Only whether one is stored (clientSecretSet, what the form's "set — leave blank to keep" reads), never the secret.
      expect(body).not.toContain('"clientSecret"');
      expect(body).toContain('"clientSecretSet":true');
      expect(body).not.toContain(clientSecret);
      expect(body).not.toContain(sha256(clientSecret));
    }
  });

  it('the generated secret is listed for the console to show once, with the client id; a given secret is not', async () => {
    const response = await submit({ clientId: 'field_pad', authorizedGrantTypes: 'password' });
    const { clientSecret, shownOnce } = response.body.data;
    expect(shownOnce).toEqual([
      { key: 'clientId', label: '客户端ID', labelEn: 'Client id', value: 'field_pad', secret: false },
      { key: 'clientSecret', label: '客户端密钥', labelEn: 'Client secret', value: clientSecret, secret: true },
    ]);
    expect((await submit({ clientId: 'own_secret', clientSecret: 'given-secret-1', authorizedGrantTypes: 'password' })).body.data).not.toHaveProperty(
      'shownOnce',
    );
    expect((await submit({ id: response.body.data.id, scope: 'all' })).body.data).not.toHaveProperty('shownOnce');
  });

  it('a repeated request (same Idempotency-Key) adds one client and does not answer the secret again; it is kept nowhere in clear', async () => {
    const send = () => submit({ clientId: 'retry_app', authorizedGrantTypes: 'password' }, { 'Idempotency-Key': 'client-create-retry-1' });
    const first = await send();
    expect(first.status).toBe(200);
    const { clientSecret } = first.body.data;
    const replay = await send();
    expect(replay.status).toBe(200);
    expect(replay.body.data).toMatchObject({ id: first.body.data.id, clientId: 'retry_app' });
    expect(JSON.stringify(replay.body)).not.toContain(clientSecret);
    expect(replay.body.data).not.toHaveProperty('shownOnce');
    const kept = await t.db.query("SELECT response::text AS response FROM rsc_idempotency WHERE idempotency_key = 'client-create-retry-1'");
    expect(kept.rows[0].response).not.toContain(clientSecret);
    expect((await t.db.query("SELECT count(*)::int AS n FROM blade_client WHERE client_id = 'retry_app'")).rows[0].n).toBe(1);
    expect((await signInWith('retry_app', clientSecret)).status).toBe(200);
  });

  it('a secret given on submit is hashed and never echoed; an edit without one keeps it, with one replaces it', async () => {
    const created = await submit({ clientId: 'ops_portal', clientSecret: 'first-secret-1', authorizedGrantTypes: 'password' });
    expect(created.status).toBe(200);
    expect(created.body.data.clientSecret).toBeUndefined();
    expect(JSON.stringify(created.body)).not.toContain('first-secret-1');
    expect(await storedSecret('ops_portal')).toBe(sha256('first-secret-1'));

    const renamed = await submit({ id: created.body.data.id, scope: 'all', accessTokenValidity: 600, clientSecret: '' });
    expect(renamed.body.data).toMatchObject({ accessTokenValidity: 600 });
    expect((await signInWith('ops_portal', 'first-secret-1')).status).toBe(200);

    const rotated = await submit({ id: created.body.data.id, clientSecret: 'second-secret-2' });
    expect(JSON.stringify(rotated.body)).not.toContain('second-secret-2');
    expect((await signInWith('ops_portal', 'first-secret-1')).status).toBe(401);
    expect((await signInWith('ops_portal', 'second-secret-2')).status).toBe(200);
  });

  it('a short secret is refused with its message and nothing is written', async () => {
    const response = await submit({ clientId: 'weak', clientSecret: 'short', authorizedGrantTypes: 'password' });
    expect(response.status).toBe(400);
    expect(response.body.data.errors).toEqual([{ field: 'clientSecret', message: '客户端密钥不能少于8个字符' }]);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM blade_client WHERE client_id = 'weak'`)).rows[0].n).toBe(0);
  });
});

describe('client fields', () => {
  it('grant types must be among password, captcha, social, authorization_code and refresh_token', async () => {
    const response = await submit({ clientId: 'implicit_app', authorizedGrantTypes: 'password,implicit' });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('授权类型只能是 password、captcha、social、authorization_code、refresh_token，以逗号分隔');
    const english = await submit({ clientId: 'implicit_app', authorizedGrantTypes: 'client_credentials' }, { 'Accept-Language': 'en' });
    expect(english.body.msg).toBe('Grant types are password, captcha, social, authorization_code and refresh_token, separated by commas');
    expect((await submit({ clientId: 'all_five', authorizedGrantTypes: 'password,captcha,social,authorization_code,refresh_token' })).status).toBe(200);
  });

  it('the client id is required, unique and kept on edit', async () => {
    expect((await submit({ authorizedGrantTypes: 'password' })).body.msg).toBe('请输入客户端ID');
    const duplicate = await submit({ clientId: 'saber', authorizedGrantTypes: 'password' });
    expect(duplicate.body.msg).toBe('客户端ID已存在');
    const created = (await submit({ clientId: 'kept_id', authorizedGrantTypes: 'password' })).body.data;
    const edited = await submit({ id: created.id, clientId: 'changed_id' });
    expect(edited.body.data.clientId).toBe('kept_id');
  });

  it('a client allowed only refresh tokens cannot sign in with a password', async () => {
    const secret = (await submit({ clientId: 'refresh_only', authorizedGrantTypes: 'refresh_token' })).body.data.clientSecret;
    expect((await signInWith('refresh_only', secret)).status).toBe(401);
  });
});

describe('removing clients', () => {
  it('removes a client, whose secret then stops working', async () => {
    const created = (await submit({ clientId: 'retired', authorizedGrantTypes: 'password' })).body.data;
    expect((await t.api(`/api/blade-system/client/remove?ids=${created.id}`, { token: platform, method: 'POST' })).status).toBe(200);
    expect((await signInWith('retired', created.clientSecret)).status).toBe(401);
  });

  it('refuses to remove the client the caller is signed in with', async () => {
    const saber = (await t.api('/api/blade-system/client/list?clientId=saber', { token: platform })).body.data.records[0];
    const response = await t.api(`/api/blade-system/client/remove?ids=${saber.id}`, { token: platform, method: 'POST' });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('不能删除当前登录所用的应用');
    expect((await signInWith('saber', 'saber_secret')).status).toBe(200);
  });
});

describe('who manages clients', () => {
  it('a tenant administrator can neither read nor write clients', async () => {
    const tenantAdmin = await t.signIn('316979', 'admin');
    expect((await t.api('/api/blade-system/client/list', { token: tenantAdmin })).status).toBe(403);
    const saber = (await t.api('/api/blade-system/client/list?clientId=saber', { token: platform })).body.data.records[0];
    expect((await t.api(`/api/blade-system/client/detail?id=${saber.id}`, { token: tenantAdmin })).status).toBe(403);
    expect((await t.api('/api/blade-system/client/submit', { token: tenantAdmin, body: { id: saber.id, clientSecret: 'hijacked-secret' } })).status).toBe(403);
    expect((await signInWith('saber', 'saber_secret')).status).toBe(200);
  });
});
