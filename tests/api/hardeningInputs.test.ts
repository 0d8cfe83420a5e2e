/**
 * Hardening of what the server accepts and answers (issue 11, items 1, 9, 10):
 * spreadsheets inflated within bounds, malformed multipart bodies answered 4xx,
 * security headers on every answer, X-Forwarded-* believed only from trusted
 * proxies, audit logs only the platform can purge, and an Idempotency-Key that
 * names one request.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadSigningKey } from '../../src/server/auth/signingKey.js';
import { loadConfig } from '../../src/server/config.js';
import { eventually } from './logSupport.js';
import { startSecondInstance, startTestServer, type TestServer } from './testServer.js';
import { spreadsheet, spreadsheetBomb } from './zipSupport.js';

const TENANT = '100001';
const OTHER_TENANT = '316979';

let t: TestServer;
let dataDir: string;
let webRoot: string;
let platform: string;
let admin: string;
let proxied: FastifyInstance | undefined;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsc-hardening-'));
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'rsc-hardening-web-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  t = await startTestServer({ dataDir, webRoot });
  platform = await t.signIn('000000', 'admin');
  admin = await t.signIn(TENANT, 'admin');
  await t.signIn(OTHER_TENANT, 'admin'); // a sign-in event in another tenant's general log
});
afterAll(async () => {
  await proxied?.close();
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(webRoot, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

async function post(route: string, token: string, body: BodyInit, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${t.url}${route}`, { method: 'POST', headers: { 'Blade-Auth': `bearer ${token}`, ...headers }, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

function fileForm(name: string, content: Buffer, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(content)]), name);
  return form;
}

/** The largest growth of this process's heap (the server runs in it) while work runs, in MB. */
async function heapGrowthDuring<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const sample = () => (peak = Math.max(peak, process.memoryUsage().heapUsed));
  const timer = setInterval(sample, 2);
  try {
    const result = await work();
    sample();
    return { result, growthMb: (peak - base) / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

const IMPORTS = [
  { route: '/api/blade-system/user/import-user', header: ['登录账号', '用户昵称', '用户姓名', '手机号码', '邮箱', '所属角色', '所属部门'] },
  { route: '/api/v1/reservoir/capacity/import', header: ['水库代码', '水库名称', '水位(m)', '库容(万m³)', '水面面积(km²)'] },
];

describe('spreadsheet imports open only what a real import needs', () => {
  it('a zip-bomb spreadsheet (under 400 KB inflating to 50 MB of cells) is refused with a 400 by both imports, without the heap growing', async () => {
    for (const { route, header } of IMPORTS) {
      const bomb = await spreadsheetBomb(header, 70_000);
      expect(bomb.length).toBeLessThan(500 * 1024);
      const { result, growthMb } = await heapGrowthDuring(() => post(route, admin, fileForm('bomb.xlsx', bomb)));
      // Unbounded, exceljs holds about 300 bytes per cell: 1.4 million cells grew the heap by 185 MB before it gave up.
      expect(growthMb, route).toBeLessThan(100);
      expect(result.status, route).toBe(400);
      expect(result.body.msg, route).toMatch(/压缩比异常|解压后超过/);
    }
  });

  it('a sheet with more rows than any import takes is refused before it is opened, in the caller’s language', async () => {
    const rows: (string | number)[][] = [IMPORTS[1].header];
    for (let i = 0; i < 20_001; i++) rows.push([`R${i % 50}`, '', 100 + i / 1000, i]);
    const answer = await post(IMPORTS[1].route, admin, fileForm('long.xlsx', await spreadsheet(rows)), { 'Accept-Language': 'en' });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('The sheet has more than 20000 rows; import it in parts');
  });

  it('an ordinary spreadsheet is still imported', async () => {
    const sheet = await spreadsheet([
      ['登录账号', '用户昵称', '用户姓名'],
      ['bounded_ok', '有界', '有界导入'],
    ]);
    const answer = await post(IMPORTS[0].route, admin, fileForm('users.xlsx', sheet));
    expect(answer.status).toBe(200);
  });
});

describe('a malformed multipart body answers a clear 4xx on every upload route', () => {
  const boundary = '----rscMalformed';
  const head = (name: string, fileName?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${fileName ? `; filename="${fileName}"` : ''}\r\n\r\n`;
  const bodies: Record<string, { contentType: string; body: string }> = {
    'no boundary': { contentType: 'multipart/form-data', body: 'not multipart at all' },
    'cut short': { contentType: `multipart/form-data; boundary=${boundary}`, body: `${head('file', 'a.xlsx')}PK\u0003\u0004 the rest never came` },
    'too many parts': {
      contentType: `multipart/form-data; boundary=${boundary}`,
      body: `${Array.from({ length: 40 }, (_, i) => `${head(`f${i}`)}v\r\n`).join('')}--${boundary}--\r\n`,
    },
    'no file': { contentType: `multipart/form-data; boundary=${boundary}`, body: `${head('isCovered')}1\r\n--${boundary}--\r\n` },
  };
  const routes = () => [
    { route: IMPORTS[0].route, token: admin },
    { route: IMPORTS[1].route, token: admin },
    { route: '/api/v1/appVersion/save', token: platform },
    { route: '/api/blade-resource/oss/endpoint/put-file-attach', token: admin },
  ];

  it('bad boundary, cut short, too many parts, no file: 4xx with a message that says what is wrong', async () => {
    for (const { route, token } of routes()) {
      for (const [kind, { contentType, body }] of Object.entries(bodies)) {
        const answer = await post(route, token, body, { 'content-type': contentType });
        const label = `${route} ${kind}: ${answer.status} ${JSON.stringify(answer.body)}`;
        expect(answer.status, label).toBeGreaterThanOrEqual(400);
        expect(answer.status, label).toBeLessThan(500);
        expect(answer.body, label).toMatchObject({ success: false, code: answer.status });
        expect(['请求不正确', '服务器异常，请稍后再试'], label).not.toContain(answer.body.msg);
      }
    }
  });
});

describe('security headers', () => {
  function expectSecurityHeaders(headers: Headers, what: string): void {
    const policy = headers.get('content-security-policy') ?? '';
    for (const directive of ["default-src 'self'", "script-src 'self'", "object-src 'none'", "base-uri 'self'", "frame-ancestors 'self'"]) {
      expect(policy, what).toContain(directive);
    }
    expect(policy, what).not.toMatch(/script-src[^;]*unsafe/);
    expect(headers.get('x-content-type-options'), what).toBe('nosniff');
    expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
    expect(headers.get('x-frame-options'), what).toBe('SAMEORIGIN');
    expect(headers.get('x-powered-by'), what).toBeNull();
  }

  it('are on API answers, refused ones included', async () => {
    const signedIn = await fetch(`${t.url}/api/blade-system/param/list`, { headers: { 'Blade-Auth': `bearer ${admin}` } });
    expect(signedIn.status).toBe(200);
    expectSecurityHeaders(signedIn.headers, 'a signed-in read');
    const anonymous = await fetch(`${t.url}/api/blade-system/param/list`);
    expect(anonymous.status).toBe(401);
    expectSecurityHeaders(anonymous.headers, 'a 401');
    expectSecurityHeaders((await fetch(`${t.url}/api/no/such/endpoint`)).headers, 'a 404');
  });

  it('are on the console’s pages', async () => {
    const page = await fetch(`${t.url}/login`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expectSecurityHeaders(page.headers, 'the console');
  });
});

describe('forwarded headers are believed only from trusted proxies', () => {
  const FORGED = '203.0.113.77';

  async function loggedAddress(paramKey: string): Promise<string> {
    const [row] = await eventually(async () => {
      const result = await t.db.query(`SELECT remote_ip FROM blade_log_api WHERE tenant_id = $1 AND params LIKE $2`, [TENANT, `%${paramKey}%`]);
      return result.rows.length > 0 && result.rows;
    });
    return row.remote_ip;
  }

  const paramBody = (paramKey: string) => JSON.stringify({ paramName: '代理测试', paramKey, paramValue: '1' });

  it('by default the logged address is the socket’s, whatever X-Forwarded-For says', async () => {
    const answer = await post('/api/blade-system/param/submit', admin, paramBody('test.proxy.default'), {
      'content-type': 'application/json',
      'X-Forwarded-For': FORGED,
    });
    expect(answer.status).toBe(200);
    expect(await loggedAddress('test.proxy.default')).toBe('127.0.0.1');
  });

  it('with TRUSTED_PROXIES listing the proxy, its X-Forwarded-For is the client’s address', async () => {
    proxied = await buildApp({
      db: t.db,
      config: loadConfig({ webRoot: '/nonexistent', dataDir, proxy: { trustedProxies: ['127.0.0.1'], publicUrl: 'https://water.example.gov.cn' } }),
      signingKey: await loadSigningKey(t.db),
      logger: false,
    });
    const answer = await proxied.inject({
      method: 'POST',
      url: '/api/blade-system/param/submit',
      remoteAddress: '127.0.0.1',
      headers: { 'Blade-Auth': `bearer ${admin}`, 'content-type': 'application/json', 'X-Forwarded-For': FORGED },
      payload: paramBody('test.proxy.trusted'),
    });
    expect(answer.statusCode).toBe(200);
    expect(await loggedAddress('test.proxy.trusted')).toBe(FORGED);
  });

  it('X-Forwarded-Host does not steer the public download URL; PUBLIC_URL, when set, decides it', async () => {
    const apk = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), crypto.randomBytes(1024)]);
    const saved = await post('/api/v1/appVersion/save', platform, fileForm('app.apk', apk, { versionName: '9.0.0', versionCode: '900' }));
    expect(saved.status).toBe(200);
    const forged = { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' };
    const latest = await (await fetch(`${t.url}/api/v1/appVersion/latest`, { headers: forged })).json();
    expect(latest.data.downloadUrl).toBe(`${t.url}/api/v1/appVersion/download`);
    const configured = (await proxied!.inject({ method: 'GET', url: '/api/v1/appVersion/latest', headers: forged })).json();
    expect(configured.data.downloadUrl).toBe('https://water.example.gov.cn/api/v1/appVersion/download');
  });
});

describe('audit logs only the platform can purge', () => {
  const usualRows = async (tenantId: string) =>
    Number((await t.db.query(`SELECT count(*) FROM blade_log_usual WHERE tenant_id = $1`, [tenantId])).rows[0].count);

  it('a tenant administrator is refused (403, says why), nothing is deleted, and the console offers no clear button', async () => {
    const before = await eventually(() => usualRows(TENANT));
    for (const log of ['api', 'error', 'usual']) {
      const answer = await post(`/api/blade-log/${log}/remove-all`, admin, '');
      expect(answer.status, log).toBe(403);
      expect(answer.body.msg, log).toMatch(/平台管理员/);
    }
    expect(await usualRows(TENANT)).toBeGreaterThanOrEqual(before);
    const buttons = JSON.stringify((await t.api('/api/blade-system/menu/buttons', { token: admin })).body.data);
    expect(buttons).toContain('log_usual_view');
    expect(buttons).not.toMatch(/log_(api|error|usual)_clear/);
  });

  it('a clear button a tenant role was granted before it became platform-only is taken back at the next start', async () => {
    // A database from before: the tenant administrator's role still holds log_usual_clear.
    await t.db.query(
      `INSERT INTO blade_role_menu (id, tenant_id, role_id, menu_id)
       SELECT (SELECT max(id) + 1 FROM blade_role_menu), r.tenant_id, r.id, m.id FROM blade_role r, blade_menu m
        WHERE r.tenant_id = $1 AND r.role_alias = 'administrator' AND m.code = 'log_usual_clear' AND m.is_deleted = 0`,
      [TENANT],
    );
    const held = `SELECT count(*)::int AS n FROM blade_role_menu rm JOIN blade_menu m ON m.id = rm.menu_id
                   WHERE rm.tenant_id = $1 AND rm.is_deleted = 0 AND m.code = 'log_usual_clear'`;
    expect((await t.db.query(held, [TENANT])).rows[0].n).toBe(1);
    const restarted = await startSecondInstance(t);
    await restarted.close();
    expect((await t.db.query(held, [TENANT])).rows[0].n).toBe(0);
  });

  it('the platform administrator purges, other tenants keep theirs, and the purge leaves its own audit record', async () => {
    const otherBefore = await eventually(() => usualRows(OTHER_TENANT));
    const answer = await post('/api/blade-log/usual/remove-all', platform, '');
    expect(answer.status).toBe(200);
    const left = (await t.db.query(`SELECT log_id, create_by FROM blade_log_usual WHERE tenant_id = '000000'`)).rows;
    expect(left).toEqual([{ log_id: 'log_clear', create_by: 'admin' }]);
    expect(await usualRows(OTHER_TENANT)).toBeGreaterThanOrEqual(otherBefore);
  });
});

describe('an Idempotency-Key names one request', () => {
  const submit = (paramValue: string, key: string) =>
    post('/api/blade-system/param/submit', admin, JSON.stringify({ paramName: '幂等键', paramKey: `test.idem.${key}`, paramValue }), {
      'content-type': 'application/json',
      'Idempotency-Key': key,
    });

  it('the same key with the same body replays the first answer', async () => {
    const first = await submit('1', 'idem-same-body-01');
    const again = await submit('1', 'idem-same-body-01');
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  it('the same key with another body is refused with 422 and changes nothing', async () => {
    const first = await submit('1', 'idem-other-body-01');
    expect(first.status).toBe(200);
    const other = await submit('2', 'idem-other-body-01');
    expect(other.status).toBe(422);
    expect(other.body.msg).toMatch(/Idempotency-Key 已用于另一个请求/);
    const stored = await t.db.query(`SELECT param_value FROM blade_param WHERE param_key = 'test.idem.idem-other-body-01' AND is_deleted = 0`);
    expect(stored.rows).toEqual([{ param_value: '1' }]);
  });
});
