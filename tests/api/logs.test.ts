/**
 * The server's own logs (/api/blade-log/*): an API-log row for every write
 * and every file answer, an error-log row with the real error for every
 * 5xx (the client still gets the generic message), general-log rows for
 * sign-in, logout and password events, the console's local error log upload,
 * no secret in any row, tenant-scoped reading, clearing by the platform administrator only, pruning by age.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadSigningKey } from '../../src/server/auth/signingKey.js';
import { loadConfig } from '../../src/server/config.js';
import { nextId } from '../../src/server/db/ids.js';
import { firstIdAt, pruneOldLogs } from '../../src/server/logging/logPruning.js';
import { recordUsualLog } from '../../src/server/logging/usualLog.js';
import { allLogText, eventually } from './logSupport.js';
import { BASIC, md5, startTestServer, type TestServer } from './testServer.js';

const TENANT = '100001';
const OTHER_TENANT = '316979';
const PLATFORM = '000000';

let t: TestServer;
let admin: string;
let otherAdmin: string;
let inspector: string;
let platform: string;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn(TENANT, 'admin');
  otherAdmin = await t.signIn(OTHER_TENANT, 'admin');
  inspector = await t.signIn(TENANT, 'inspector');
  platform = await t.signIn(PLATFORM, 'admin');
});
afterAll(() => t?.close());

type Row = Record<string, unknown>;

async function logRows(table: string, where: string, values: unknown[]): Promise<Row[]> {
  return (await t.db.query(`SELECT * FROM ${table} WHERE ${where} ORDER BY id`, values)).rows;
}

describe('the API log', () => {
  it('records a write after the answer: title, route, status, duration, who, from where', async () => {
    const created = await t.api('/api/blade-system/param/submit', {
      token: admin,
      body: { paramName: '日志测试', paramKey: 'test.log.write', paramValue: '1' },
      headers: { 'User-Agent': 'log-test-agent' },
    });
    expect(created.status).toBe(200);
    const [row] = await eventually(() =>
      logRows('blade_log_api', `request_uri = '/api/blade-system/param/submit' AND tenant_id = $1`, [TENANT]).then((r) => r.length && r),
    );
    expect(row).toMatchObject({
      tenant_id: TENANT,
      method: 'POST',
      title: '系统参数 提交',
      http_status: 200,
      create_by: 'admin',
      user_agent: 'log-test-agent',
      remote_ip: '127.0.0.1',
    });
    expect(row.create_user).toMatch(/^\d+$/);
    expect(row.time).toBeGreaterThanOrEqual(0);
    expect(String(row.params)).toContain('test.log.write');
  });

  it('records a refused write with its status and message', async () => {
    const refused = await t.api('/api/blade-system/param/submit', { token: admin, body: { paramName: '' } });
    expect(refused.status).toBe(400);
    const rows = await eventually(() =>
      logRows('blade_log_api', `http_status = 400 AND tenant_id = $1 AND title = '系统参数 提交'`, [TENANT]).then((r) => r.length && r),
    );
    expect(rows[0].message).toBe(refused.body.msg);
  });

  it('does not record reads', async () => {
    await t.api('/api/blade-system/param/list?paramKey=only.a.read', { token: admin });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await logRows('blade_log_api', `request_uri LIKE '%only.a.read%'`, [])).toEqual([]);
  });

  it('is listed to the tenant administrator, searchable by title, account and time', async () => {
    await eventually(() => logRows('blade_log_api', `tenant_id = $1`, [TENANT]).then((r) => r.length && r));
    const byTitle = await t.api(`/api/blade-log/api/list?title=${encodeURIComponent('系统参数')}&createBy=admin`, { token: admin });
    expect(byTitle.status).toBe(200);
    expect(byTitle.body.data.records.length).toBeGreaterThan(0);
    for (const record of byTitle.body.data.records) expect(record).toMatchObject({ tenantId: TENANT, createBy: 'admin' });
    const future = await t.api('/api/blade-log/api/list?createTime_dategt=2999-01-01%2000:00:00', { token: admin });
    expect(future.body.data.total).toBe(0);
    const detail = await t.api(`/api/blade-log/api/detail?id=${byTitle.body.data.records[0].id}`, { token: admin });
    expect(detail.body.data.title).toContain('系统参数');
  });

  it('is not readable without the log menu', async () => {
    expect((await t.api('/api/blade-log/api/list', { token: inspector })).status).toBe(403);
    expect((await t.api('/api/blade-log/error/list', { token: inspector })).status).toBe(403);
    expect((await t.api('/api/blade-log/usual/list', { token: inspector })).status).toBe(403);
  });
});

describe('the general log', () => {
  it('records sign-in success and failure with the account and the reason, never the password', async () => {
    const query = new URLSearchParams({ tenantId: TENANT, username: 'farm_admin', password: md5('wrong-password-123'), grant_type: 'password', scope: 'all' });
    const failed = await t.api(`/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { Authorization: BASIC, 'Tenant-Id': TENANT } });
    expect(failed.status).toBe(400);
    await t.signIn(TENANT, 'farm_admin');
    const rows = await eventually(() => logRows('blade_log_usual', `tenant_id = $1 AND create_by = 'farm_admin'`, [TENANT]).then((r) => r.length >= 2 && r));
    const failure = rows.find((r) => r.log_id === 'login_failure')!;
    expect(failure).toMatchObject({ log_level: 'WARN', method: 'POST' });
    expect(failure.log_data).toContain(failed.body.msg);
    const success = rows.find((r) => r.log_id === 'login')!;
    expect(success.create_user).toMatch(/^\d+$/);
    expect(String(success.request_uri)).toContain('password=******');
    expect(JSON.stringify(rows)).not.toContain(md5('wrong-password-123'));
    expect(JSON.stringify(rows)).not.toContain(md5('admin'));
  });

  it('records logout and a password change', async () => {
    const token = await t.signIn(TENANT, 'river_chief');
    const changed = await t.api(
      `/api/blade-system/user/update-password?oldPassword=${md5('admin')}&newPassword=${md5('Changed#2026')}&newPassword1=${md5('Changed#2026')}`,
      {
        method: 'POST',
        token,
      },
    );
    expect(changed.status).toBe(200);
    const fresh = await t.signIn(TENANT, 'river_chief', 'Changed#2026');
    expect((await t.api('/api/blade-auth/oauth/logout', { token: fresh })).status).toBe(200);
    const events = await eventually(async () => {
      const rows = await logRows('blade_log_usual', `tenant_id = $1 AND create_by = 'river_chief'`, [TENANT]);
      const ids = rows.map((r) => r.log_id);
      return ids.includes('password_change') && ids.includes('logout') && ids;
    });
    expect(events).toContain('login');
  });

  it('takes entries from other modules through recordUsualLog, which never throws', async () => {
    await recordUsualLog(t.db, { tenantId: TENANT, event: 'test_event', data: '模块事件', params: { token: 'tok-should-be-masked', kept: 'visible' } });
    const [row] = await logRows('blade_log_usual', `log_id = 'test_event'`, []);
    expect(row).toMatchObject({ tenant_id: TENANT, log_level: 'INFO', log_data: '模块事件' });
    expect(row.params).toContain('visible');
    expect(row.params).not.toContain('tok-should-be-masked');
    await expect(recordUsualLog(t.db, { tenantId: 'x'.repeat(40), event: 'e', data: 'too long a tenant id' })).resolves.toBeUndefined();
  });
});

describe('server errors', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({
      db: t.db,
      config: loadConfig({ webRoot: '/nonexistent', captchaEnabled: false }),
      signingKey: await loadSigningKey(t.db),
      logger: false,
    });
    // A test-only route that fails the way a bug does.
    app.post('/api/test/explode', { config: { access: 'user' } }, async () => {
      throw new TypeError('boom: cannot read the reservoir of undefined');
    });
    await app.ready();
  });
  afterAll(() => app?.close());

  it('answer the client with the generic message and land in the error log with name, message and stack', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/explode?password=abc123secret',
      headers: { 'blade-auth': `bearer ${admin}` },
      payload: { secretKey: 'sk-hidden' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('boom');
    expect(response.json().msg).toBe('服务器异常，请稍后再试');
    const [row] = await eventually(() => logRows('blade_log_error', `request_uri LIKE '/api/test/explode%'`, []).then((r) => r.length && r));
    expect(row).toMatchObject({
      tenant_id: TENANT,
      source: 1,
      exception_name: 'TypeError',
      message: 'boom: cannot read the reservoir of undefined',
      http_status: 500,
      create_by: 'admin',
    });
    expect(row.stack_trace).toContain('logs.test.ts');
    expect(row.file_name).toContain('logs.test.ts');
    expect(row.line_number).toBeGreaterThan(0);
    expect(row.request_uri).toBe('/api/test/explode?password=******');
    expect(row.params).toContain('******');
    const [apiRow] = await eventually(() => logRows('blade_log_api', `request_uri LIKE '/api/test/explode%'`, []).then((r) => r.length && r));
    expect(apiRow.http_status).toBe(500);
    expect(JSON.stringify([row, apiRow])).not.toMatch(/abc123secret|sk-hidden/);
  });

  it('a 4xx is no server error', async () => {
    await t.api('/api/blade-system/param/submit', { token: admin, body: { paramName: 'x', paramKey: 'x', paramValue: 'x', id: 'not-an-id' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await logRows('blade_log_error', `request_uri = '/api/blade-system/param/submit'`, [])).toEqual([]);
  });
});

describe("the console's local error log", () => {
  const entry = (n: number) => ({
    type: 'error',
    message: `TypeError ${n}`,
    stack: `at Page (${n})`,
    info: 'Page.tsx:1:1',
    url: 'https://console.example/sso?code=abcSecretCode&x=1',
    time: '2026-05-01 08:00:00',
  });

  it('lands in the error log marked as from the browser, with the uploader, the page address without secrets', async () => {
    const response = await t.api('/api/blade-log/error/local', { token: inspector, body: [entry(1), entry(2)] });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ received: 2 });
    const rows = await logRows('blade_log_error', `source = 2 AND message LIKE 'TypeError %'`, []);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      tenant_id: TENANT,
      create_by: 'inspector',
      exception_name: 'error',
      stack_trace: 'at Page (1)',
      params: 'Page.tsx:1:1',
      client_time: '2026-05-01 08:00:00',
    });
    expect(rows[0].request_uri).toBe('https://console.example/sso?code=******&x=1');
    const listed = await t.api('/api/blade-log/error/list?source=2', { token: admin });
    expect(listed.body.data.total).toBe(2);
  });

  it('cuts long fields, and refuses more than 100 entries, a non-array and non-text fields', async () => {
    const long = { ...entry(3), message: 'm'.repeat(10_000), stack: 's'.repeat(50_000) };
    expect((await t.api('/api/blade-log/error/local', { token: inspector, body: [long] })).status).toBe(200);
    const [row] = await logRows('blade_log_error', `message LIKE 'mmm%'`, []);
    expect(String(row.message).length).toBeLessThanOrEqual(2000);
    expect(String(row.stack_trace).length).toBeLessThanOrEqual(16000);
    const before = (await t.db.query('SELECT count(*)::int AS n FROM blade_log_error')).rows[0].n;
    const tooMany = await t.api('/api/blade-log/error/local', { token: inspector, body: Array.from({ length: 101 }, (_, i) => entry(i)) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toBe('一次最多上传 100 条日志');
    expect((await t.api('/api/blade-log/error/local', { token: inspector, body: { entries: [] } })).status).toBe(400);
    expect((await t.api('/api/blade-log/error/local', { token: inspector, body: [{ message: { nested: true } }] })).status).toBe(400);
    expect((await t.db.query('SELECT count(*)::int AS n FROM blade_log_error')).rows[0].n).toBe(before);
  });

  it('needs a signed-in user', async () => {
    expect((await t.api('/api/blade-log/error/local', { body: [entry(9)] })).status).toBe(401);
  });
});

describe('secrets', () => {
  it('never appear in any log row: passwords, tokens, secret keys, captcha codes', async () => {
    const password = md5('admin');
    const query = new URLSearchParams({ tenantId: TENANT, username: 'subject_admin', password, grant_type: 'password', scope: 'all' });
    const signedIn = await t.api(`/api/blade-auth/oauth/token?${query}`, {
      method: 'POST',
      headers: { Authorization: BASIC, 'Tenant-Id': TENANT, 'Captcha-Code': 'CAPTCHA-99', 'Captcha-Key': 'captcha-key-1' },
    });
    const { access_token: accessToken, refresh_token: refreshToken } = signedIn.body;
    const refreshed = await t.api(`/api/blade-auth/oauth/token?grant_type=refresh_token&refresh_token=${refreshToken}&tenantId=${TENANT}`, {
      method: 'POST',
      headers: { Authorization: BASIC, 'Tenant-Id': TENANT },
    });
    expect(refreshed.status).toBe(200);
    await t.api('/api/blade-resource/oss/submit', {
      token: admin,
      body: {
        ossCode: 'secret-test',
        category: 2,
        endpoint: 'https://s3.example.com',
        bucketName: 'bucket',
        accessKey: 'AKIA-VISIBLE',
        secretKey: 'oss-secret-value-42',
      },
    });
    await t.api('/api/blade-resource/sms/submit', { token: admin, body: { smsCode: 'secret-test', category: 1, secretKey: 'sms-secret-value-42' } });
    await t.api(`/api/blade-system/param/submit?token=${accessToken}`, {
      token: admin,
      body: { paramName: 'n', paramKey: 'k.secret', paramValue: 'v', password: 'plain-password-42', nested: { clientSecret: 'nested-secret-42' } },
    });
    await eventually(() => logRows('blade_log_api', `request_uri LIKE '/api/blade-system/param/submit?token=%'`, []).then((r) => r.length && r));
    const everything = await allLogText(t.db);
    expect(everything).toContain('/api/blade-resource/oss/submit');
    for (const secret of [
      password,
      accessToken,
      refreshToken,
      'CAPTCHA-99',
      'oss-secret-value-42',
      'sms-secret-value-42',
      'AKIA-VISIBLE',
      'plain-password-42',
      'nested-secret-42',
    ]) {
      expect(everything).not.toContain(secret);
    }
  });
});

describe('remove-all', () => {
  it('is the platform administrator’s: clears only the platform tenant and notes who cleared it', async () => {
    // API log rows are written after the answer: wait for this write's own row, not for any earlier one.
    const platformSubmits = async () => (await logRows('blade_log_api', `tenant_id = $1`, [PLATFORM])).filter((row) => row.title === '系统参数 提交').length;
    const submitsBefore = await platformSubmits();
    await t.api('/api/blade-system/param/submit', { token: platform, body: { paramName: '平台', paramKey: 'test.platform.write', paramValue: '1' } });
    await eventually(async () => (await platformSubmits()) > submitsBefore);
    await t.api('/api/blade-system/param/submit', { token: otherAdmin, body: { paramName: '他租户', paramKey: 'test.other.tenant', paramValue: '1' } });
    await eventually(() => logRows('blade_log_api', `tenant_id = $1`, [OTHER_TENANT]).then((r) => r.length && r));
    const otherBefore = (await logRows('blade_log_api', `tenant_id = $1`, [OTHER_TENANT])).length;
    const cleared = await t.api('/api/blade-log/api/remove-all', { method: 'POST', token: platform });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.removed).toBeGreaterThan(0);
    // Only the answer to the clearing itself comes back.
    const left = await eventually(() => logRows('blade_log_api', `tenant_id = $1`, [PLATFORM]).then((r) => r.length && r));
    expect(left.map((r) => r.title)).toEqual(['接口日志 清空']);
    expect((await logRows('blade_log_api', `tenant_id = $1`, [OTHER_TENANT])).length).toBeGreaterThanOrEqual(otherBefore);
    const note = await logRows('blade_log_usual', `log_id = 'log_clear' AND tenant_id = $1`, [PLATFORM]);
    expect(note[0]).toMatchObject({ create_by: 'admin' });
  });

  it('a tenant administrator cannot erase the tenant’s audit trail', async () => {
    const before = (await logRows('blade_log_api', `tenant_id = $1`, [TENANT])).length;
    expect((await t.api('/api/blade-log/api/remove-all', { method: 'POST', token: admin })).status).toBe(403);
    expect((await logRows('blade_log_api', `tenant_id = $1`, [TENANT])).length).toBeGreaterThanOrEqual(before);
  });

  it('needs the clear button', async () => {
    expect((await t.api('/api/blade-log/error/remove-all', { method: 'POST', token: inspector })).status).toBe(403);
    expect((await t.api('/api/blade-log/usual/remove-all', { method: 'POST', token: inspector })).status).toBe(403);
  });
});

describe('pruning', () => {
  it('deletes rows older than the retention and keeps the rest', async () => {
    const old = new Date(Date.now() - 200 * 24 * 3600 * 1000);
    const oldId = (BigInt(firstIdAt(old)) + 1n).toString();
    await t.db.query(
      `INSERT INTO blade_log_usual (id, tenant_id, log_id, log_data, create_time) VALUES ($1, $2, 'ancient', 'old', LOCALTIMESTAMP(0) - interval '200 days')`,
      [oldId, TENANT],
    );
    const recentId = nextId();
    await t.db.query(`INSERT INTO blade_log_usual (id, tenant_id, log_id, log_data) VALUES ($1, $2, 'recent', 'new')`, [recentId, TENANT]);
    expect(await pruneOldLogs(t.db, 180)).toBeGreaterThanOrEqual(1);
    const left = (await t.db.query(`SELECT id::text AS id FROM blade_log_usual WHERE id = ANY($1)`, [[oldId, recentId]])).rows.map((r) => r.id);
    expect(left).toEqual([recentId]);
  });
});
