/**
 * Console figures for `npm run bench` (issue 3, Bench):
 *
 * - the JavaScript the sign-in page loads, as the server sends it: dist/web/index.html's script and
 *   every modulepreload asset it references (the /login route imports everything it renders
 *   statically, so this is all the JavaScript /login needs; tests/e2e/delivery.test.ts checks the
 *   same figure in Chromium), in bytes, gzipped (level 9, as the precompressed .gz copies) and
 *   brotli-compressed (quality 11, as the .br copies) — the lazily loaded pages, the shell and the
 *   language menu are not part of it;
 * - the time from navigation to an interactive CRUD page showing 200 rows in headless Chromium:
 *   at least 200 parameters are seeded through the API, then /system/param?size=200 is opened in
 *   a signed-in browser and the clock (the page's own performance.now(), which starts at
 *   navigation) stops when the 200th row is visible. One cold run (empty cache), then warm runs.
 *
 * The server at baseUrl must serve the built console. Without a token the bench signs in as
 * admin of tenant 100001 (demo data, captcha off); with one, it uses that token's user.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import { chromium, type BrowserContext } from 'playwright-core';

export interface AssetSize {
  file: string;
  bytes: number;
  gzipBytes: number;
  brBytes: number;
}

export interface ConsoleBenchResult {
  signInJs: { files: AssetSize[]; bytes: number; gzipBytes: number; brBytes: number };
  crudPage200: { rows: number; coldMs: number; warmMs: number[]; warmMedianMs: number };
}

export interface ConsoleBenchOptions {
  /** The built console (default dist/web). */
  webRoot?: string;
  /** Warm runs after the cold one (default 5). */
  warmRuns?: number;
  chromiumPath?: string;
  /** Credentials used when no token is given. */
  signIn?: { tenantId: string; account: string; password: string };
}

const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const ROWS = 200;
const KEY_PREFIX = 'bench.console.';

/** Scripts and module preloads of index.html, as the browser fetches them before anything is rendered. */
export function signInScripts(webRoot: string): string[] {
  const html = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const sources = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) sources.add(match[1]);
  for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) sources.add(match[1]);
  for (const match of html.matchAll(/<link\b[^>]*\bhref="([^"]+)"[^>]*\brel="modulepreload"/g)) sources.add(match[1]);
  return [...sources].filter((src) => !/^https?:/i.test(src)).map((src) => src.replace(/^\//, ''));
}

/** A file's size as sent with an encoding: its precompressed copy when the build wrote one, else compressed here the same way. */
function encodedSize(full: string, content: Buffer, extension: '.gz' | '.br'): number {
  if (fs.existsSync(full + extension)) return fs.statSync(full + extension).size;
  if (content.length < 1024) return content.length; // sent as it is
  return extension === '.gz'
    ? zlib.gzipSync(content, { level: 9 }).length
    : zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

export function measureSignInJs(webRoot: string): ConsoleBenchResult['signInJs'] {
  const files = signInScripts(webRoot).map((file) => {
    const full = path.join(webRoot, file);
    const content = fs.readFileSync(full);
    return { file, bytes: content.length, gzipBytes: encodedSize(full, content, '.gz'), brBytes: encodedSize(full, content, '.br') };
  });
  const total = (key: 'bytes' | 'gzipBytes' | 'brBytes') => files.reduce((sum, f) => sum + f[key], 0);
  return { files, bytes: total('bytes'), gzipBytes: total('gzipBytes'), brBytes: total('brBytes') };
}

async function api<T>(baseUrl: string, token: string, url: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: { Authorization: BASIC, 'Blade-Auth': `bearer ${token}`, ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const body = (await response.json()) as { code: number; data: T; msg: string };
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${body.msg}`);
  return body.data;
}

async function signInByApi(baseUrl: string, credentials: NonNullable<ConsoleBenchOptions['signIn']>): Promise<string> {
  const query = new URLSearchParams({
    tenantId: credentials.tenantId,
    username: credentials.account,
    password: crypto.createHash('md5').update(credentials.password).digest('hex'),
    grant_type: 'password',
    scope: 'all',
    type: 'account',
  });
  const response = await fetch(`${baseUrl}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { Authorization: BASIC, 'Tenant-Id': credentials.tenantId },
  });
  const body = (await response.json()) as { access_token?: string; error_description?: string; msg?: string };
  if (!body.access_token) throw new Error(`console bench: sign-in failed (${body.error_description ?? body.msg}); is captcha off?`);
  return body.access_token;
}

/** Makes sure the caller's tenant has at least 200 parameters (bench.console.* rows are added as needed). */
async function seedParameters(baseUrl: string, token: string): Promise<void> {
  const page = await api<{ total: number }>(baseUrl, token, '/api/blade-system/param/list?current=1&size=1');
  const missing = ROWS - page.total;
  const existing = await api<{ total: number }>(baseUrl, token, `/api/blade-system/param/list?current=1&size=1&paramKey=${encodeURIComponent(KEY_PREFIX)}`);
  const tasks = Array.from({ length: Math.max(0, missing) }, (_, index) => index + existing.total);
  for (let start = 0; start < tasks.length; start += 10) {
    await Promise.all(
      tasks.slice(start, start + 10).map((n) =>
        api(baseUrl, token, '/api/blade-system/param/submit', {
          body: { paramName: `基准参数 ${n}`, paramKey: `${KEY_PREFIX}${n}`, paramValue: `value ${n}`, remark: 'console bench' },
        }),
      ),
    );
  }
}

/**
 * Opens /system/param?size=200 in a fresh page of the context and answers the page's own clock
 * (milliseconds since navigation began) at the first frame in which the 200th row is rendered.
 */
async function timeCrudPage(context: BrowserContext, baseUrl: string): Promise<number> {
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}/system/param?size=${ROWS}`, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(
      (rows) => {
        const row = document.querySelectorAll('[data-testid="crud-table"] .ant-table-row')[rows - 1];
        return row && row.getClientRects().length > 0 ? performance.now() : false;
      },
      ROWS,
      { polling: 'raf', timeout: 60_000 },
    );
    return (await handle.jsonValue()) as number;
  } finally {
    await page.close();
  }
}

export async function measureConsole(baseUrl: string, token?: string, options: ConsoleBenchOptions = {}): Promise<ConsoleBenchResult> {
  const webRoot = options.webRoot ?? path.resolve('dist/web');
  const signInJs = measureSignInJs(webRoot);
  const accessToken = token ?? (await signInByApi(baseUrl, options.signIn ?? { tenantId: '100001', account: 'admin', password: 'admin' }));
  await seedParameters(baseUrl, accessToken);
  const userInfo = await api<Record<string, unknown>>(baseUrl, accessToken, '/api/blade-auth/oauth/user-info');

  const browser = await chromium.launch({
    executablePath: options.chromiumPath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    // Signed in as the console itself stores a session: the token cookie and the stored user info.
    await context.addCookies([{ name: 'saber3-access-token', value: accessToken, url: baseUrl }]);
    await context.addInitScript(
      ([info, access]) => {
        const entry = (content: unknown) => JSON.stringify({ dataType: typeof content, content, datetime: Date.now() });
        if (!localStorage.getItem('saber-userInfo')) localStorage.setItem('saber-userInfo', entry(info));
        if (!localStorage.getItem('saber-token')) localStorage.setItem('saber-token', entry(access));
      },
      [userInfo, accessToken] as const,
    );
    const coldMs = await timeCrudPage(context, baseUrl);
    const warmMs: number[] = [];
    for (let run = 0; run < (options.warmRuns ?? 5); run += 1) warmMs.push(await timeCrudPage(context, baseUrl));
    const sorted = [...warmMs].sort((a, b) => a - b);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    return {
      signInJs,
      crudPage200: { rows: ROWS, coldMs: round(coldMs), warmMs: warmMs.map(round), warmMedianMs: round(sorted[Math.floor(sorted.length / 2)] ?? 0) },
    };
  } finally {
    await browser.close();
  }
}
