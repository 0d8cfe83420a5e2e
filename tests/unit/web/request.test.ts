/**
 * The request layer against a real HTTP server on 127.0.0.1: what it sends,
 * and how each kind of answer is resolved, rejected or popped up
 * (platform-core §7 and §8).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUrl, createRequest, RequestError, type RequestOptions } from '../../../src/web/api/request';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What the test server answers for a path; `/hang` never answers. */
const answers: Record<string, { status: number; body: unknown; contentType?: string }> = {
  '/api/ok': { status: 200, body: { code: 200, success: true, data: { id: '1' }, msg: '操作成功' } },
  '/api/token': { status: 200, body: { access_token: 'a', refresh_token: 'r', tenant_id: '000000' } },
  '/api/body-code-400': { status: 200, body: { code: 400, success: false, data: null, msg: '业务失败' } },
  '/api/status-403': { status: 403, body: 'Forbidden', contentType: 'text/plain' },
  '/api/unauthorized': { status: 401, body: { code: 401, success: false, data: null, msg: '请求未授权' } },
  '/api/msg': { status: 400, body: { code: 400, success: false, data: null, msg: '参数名称不能为空' } },
  '/api/description': { status: 400, body: { error_description: '用户名或密码错误' } },
  '/api/nothing': { status: 400, body: {} },
  '/api/teapot': { status: 418, body: { code: 418, success: false, data: null, msg: '茶壶' } },
  '/api/bad-gateway': { status: 502, body: '<html>bad gateway</html>', contentType: 'text/html' },
  '/api/export': { status: 200, body: 'a,b\n1,2\n', contentType: 'text/csv' },
  '/api/export-empty': { status: 500, body: { code: 500, success: false, data: null, msg: '服务器异常' } },
  '/api/export-denied': { status: 400, body: { code: 400, success: false, data: null, msg: '无导出权限' } },
};

let server: http.Server;
let origin: string;
let seen: Seen[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const path = (req.url ?? '').split('?')[0];
      if (path === '/api/hang') return; // never answers: the timeout case
      const answer = answers[path] ?? { status: 404, body: { code: 404, msg: '无此接口' } };
      const isText = typeof answer.body === 'string';
      res.writeHead(answer.status, { 'Content-Type': answer.contentType ?? 'application/json' });
      res.end(isText ? (answer.body as string) : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
});

function setup(overrides: Partial<RequestOptions> = {}) {
  const showError = vi.fn<(message: string) => void>();
  const onUnauthorized = vi.fn<() => void>();
  const request = createRequest({
    baseUrl: `${origin}/api`,
    getToken: () => 'the-token',
    getLanguage: () => 'en',
    showError,
    onUnauthorized,
    ...overrides,
  });
  return { request, showError, onUnauthorized };
}

/** The RequestError a call rejects with. */
async function rejectionOf(promise: Promise<unknown>): Promise<RequestError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(RequestError);
  return error as RequestError;
}

describe('what a request sends', () => {
  it('sends the client Basic header, the bearer token, the language and credentials-style defaults', async () => {
    const { request } = setup();

    await request({ url: '/ok' });

    const { headers, method, url } = seen[0];
    expect(method).toBe('GET');
    expect(url).toBe('/api/ok');
    expect(headers.authorization).toBe(`Basic ${Buffer.from('saber:saber_secret').toString('base64')}`);
    expect(headers['blade-auth']).toBe('bearer the-token');
    expect(headers['accept-language']).toBe('en');
    expect(headers['tenant-id']).toBeUndefined();
  });

  it('uses the configured client id and secret', async () => {
    const { request } = setup({ clientId: 'sword', clientSecret: 'sword_secret' });

    await request({ url: '/ok' });

    expect(seen[0].headers.authorization).toBe(`Basic ${Buffer.from('sword:sword_secret').toString('base64')}`);
  });

  it('leaves out Blade-Auth when meta.isToken is false, but still sends Basic', async () => {
    const { request } = setup();

    await request({ url: '/ok', meta: { isToken: false } });

    expect(seen[0].headers['blade-auth']).toBeUndefined();
    expect(seen[0].headers.authorization).toMatch(/^Basic /);
  });

  it('leaves out Blade-Auth when there is no token', async () => {
    const { request } = setup({ getToken: () => undefined });

    await request({ url: '/ok' });

    expect(seen[0].headers['blade-auth']).toBeUndefined();
  });

  it('sends Tenant-Id from the session, and a per-call header overrides it', async () => {
    const { request } = setup({ getTenantId: () => '000000' });

    await request({ url: '/ok' });
    await request({ url: '/ok', headers: { 'Tenant-Id': '316979' } });

    expect(seen[0].headers['tenant-id']).toBe('000000');
    expect(seen[1].headers['tenant-id']).toBe('316979');
  });

  it('serialises params, dropping undefined, null and empty values and joining arrays', async () => {
    const { request } = setup();

    await request({
      url: '/ok',
      params: { current: 1, size: 10, name: '水库', empty: '', gone: undefined, nothing: null, isSealed: false, ids: ['1', '2'], none: [] },
    });

    const query = new URLSearchParams(seen[0].url.split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({ current: '1', size: '10', name: '水库', isSealed: 'false', ids: '1,2' });
  });

  it('posts data as a JSON body', async () => {
    const { request } = setup();

    await request({ url: '/ok', method: 'POST', data: { paramName: '名称', paramKey: 'k' } });

    expect(seen[0].method).toBe('POST');
    expect(seen[0].headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(seen[0].body)).toEqual({ paramName: '名称', paramKey: 'k' });
  });
});

describe('urls', () => {
  it('prefixes relative urls with the base, once', () => {
    expect(buildUrl('/api', '/blade-system/param/list')).toBe('/api/blade-system/param/list');
    expect(buildUrl('/api', 'blade-system/param/list')).toBe('/api/blade-system/param/list');
    expect(buildUrl('/api', '/api/blade-system/param/list')).toBe('/api/blade-system/param/list');
    expect(buildUrl('/api', '/apidocs')).toBe('/api/apidocs');
  });

  it('leaves absolute urls alone and appends to an existing query', () => {
    expect(buildUrl('/api', 'https://example.org/x?a=1', { b: 2 })).toBe('https://example.org/x?a=1&b=2');
  });

  it('reaches an absolute url on the test server unchanged', async () => {
    const { request } = setup({ baseUrl: '/not-used' });

    const response = await request({ url: `${origin}/api/ok` });

    expect(response.status).toBe(200);
    expect(seen[0].url).toBe('/api/ok');
  });
});

describe('how answers are resolved', () => {
  it('resolves an envelope with code 200 as {status, data, headers}', async () => {
    const { request, showError } = setup();

    const response = await request<{ data: { id: string } }>({ url: '/ok' });

    expect(response.status).toBe(200);
    expect(response.data.data).toEqual({ id: '1' });
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(showError).not.toHaveBeenCalled();
  });

  it('resolves a bare token object (no code) by its HTTP status', async () => {
    const { request } = setup();

    const response = await request<{ access_token: string }>({ url: '/token', method: 'POST' });

    expect(response.data.access_token).toBe('a');
  });

  it('takes the code from the body even when the HTTP status is 200', async () => {
    const { request, showError } = setup();

    const error = await rejectionOf(request({ url: '/body-code-400' }));

    expect(error.code).toBe(400);
    expect(error.message).toBe('业务失败');
    expect(showError).toHaveBeenCalledWith('业务失败');
  });

  it('falls back to the HTTP status when the body has no code', async () => {
    const { request, showError } = setup();

    const error = await rejectionOf(request({ url: '/status-403' }));

    expect(error.code).toBe(403);
    expect(error.body).toBe('Forbidden');
    expect(showError).toHaveBeenCalledWith('未知错误');
  });

  it('rejects a whitelisted code silently, keeping the raw response for the caller', async () => {
    const { request, showError, onUnauthorized } = setup({ statusWhiteList: [418] });

    const error = await rejectionOf(request({ url: '/teapot' }));

    expect(error.code).toBe(418);
    expect(error.isNetwork).toBe(false);
    expect(error.response?.status).toBe(418);
    expect(error.response?.data).toMatchObject({ msg: '茶壶' });
    expect(showError).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('on 401 calls onUnauthorized and rejects without a popup', async () => {
    const { request, showError, onUnauthorized } = setup();

    const error = await rejectionOf(request({ url: '/unauthorized' }));

    expect(error.code).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(showError).not.toHaveBeenCalled();
  });

  it('pops up body.msg for any other failure', async () => {
    const { request, showError } = setup();

    const error = await rejectionOf(request({ url: '/msg' }));

    expect(error.message).toBe('参数名称不能为空');
    expect(error.code).toBe(400);
    expect(showError).toHaveBeenCalledExactlyOnceWith('参数名称不能为空');
  });

  it('pops up error_description when there is no msg (token failures)', async () => {
    const { request, showError } = setup();

    const error = await rejectionOf(request({ url: '/description', method: 'POST' }));

    expect(error.message).toBe('用户名或密码错误');
    expect(showError).toHaveBeenCalledWith('用户名或密码错误');
  });

  it('pops up 未知错误 when the body says nothing', async () => {
    const { request, showError } = setup();

    const error = await rejectionOf(request({ url: '/nothing' }));

    expect(error.message).toBe('未知错误');
    expect(showError).toHaveBeenCalledWith('未知错误');
  });
});

describe('blob downloads', () => {
  it('resolves a 200 download with the Blob', async () => {
    const { request } = setup();

    const response = await request<Blob>({ url: '/export', responseType: 'blob' });

    expect(response.data).toBeInstanceOf(Blob);
    expect(await response.data.text()).toBe('a,b\n1,2\n');
  });

  it('pops up 未查询到数据 when a download answers 500', async () => {
    const { request, showError } = setup();

    const error = await rejectionOf(request({ url: '/export-empty', responseType: 'blob' }));

    expect(error.code).toBe(500);
    expect(error.message).toBe('未查询到数据');
    expect(showError).toHaveBeenCalledExactlyOnceWith('未查询到数据');
  });

  it('reads a refused download as an envelope so its msg is shown', async () => {
    const { request, showError } = setup();

    const error = await rejectionOf(request({ url: '/export-denied', responseType: 'blob' }));

    expect(error.code).toBe(400);
    expect(showError).toHaveBeenCalledWith('无导出权限');
  });
});

describe('network-level failures reject without a popup', () => {
  it('a closed port', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { request, showError, onUnauthorized } = setup({ baseUrl: `http://127.0.0.1:${port}/api` });

    const error = await rejectionOf(request({ url: '/ok' }));

    expect(error.isNetwork).toBe(true);
    expect(error.code).toBe(0);
    expect(showError).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a server that never answers, after the timeout', async () => {
    const { request, showError } = setup({ timeoutMs: 200 });
    const started = Date.now();

    const error = await rejectionOf(request({ url: '/hang' }));

    expect(error.isNetwork).toBe(true);
    expect(error.message).toBe('timeout of 200ms exceeded');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(showError).not.toHaveBeenCalled();
  });

  it('a status outside 200..500 (a proxy 502)', async () => {
    const { request, showError } = setup();

    const error = await rejectionOf(request({ url: '/bad-gateway' }));

    expect(error.isNetwork).toBe(true);
    expect(error.code).toBe(502);
    expect(showError).not.toHaveBeenCalled();
  });

  it('a call the caller aborts', async () => {
    const { request, showError } = setup();
    const controller = new AbortController();

    const pending = request({ url: '/hang', signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await rejectionOf(pending);

    expect(error.isNetwork).toBe(true);
    expect(showError).not.toHaveBeenCalled();
  });
});

describe('silent calls (meta.isSilent: background polling)', () => {
  it('reject a failure with its message but never pop it up', async () => {
    const { request, showError } = setup();

    const error = await rejectionOf(request({ url: '/msg', meta: { isSilent: true } }));
    const missing = await rejectionOf(request({ url: '/no-such-endpoint', meta: { isSilent: true } }));
    const download = await rejectionOf(request({ url: '/export-empty', responseType: 'blob', meta: { isSilent: true } }));

    expect(error.message).toBe('参数名称不能为空');
    expect(missing.code).toBe(404);
    expect(download.message).toBe('未查询到数据');
    expect(showError).not.toHaveBeenCalled();
  });

  it('still end the session on 401', async () => {
    const { request, showError, onUnauthorized } = setup();

    await rejectionOf(request({ url: '/unauthorized', meta: { isSilent: true } }));

    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(showError).not.toHaveBeenCalled();
  });
});
