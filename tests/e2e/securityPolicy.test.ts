/**
 * The console works under its Content-Security-Policy (src/server/http/securityHeaders.ts):
 * signing in, the workbench, register pages, a camera's live stream and an
 * embedded external page raise no CSP violation, and the policy really is the
 * one served (an inline script injected into the page is blocked).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../api/testServer.js';
import { type BrowserSuite, newDesktopPage, signIn, startBrowserSuite } from './browser.js';

let t: TestServer;
let browser: Browser;
let suite: BrowserSuite | undefined;

beforeAll(async () => {
  suite = await startBrowserSuite();
  ({ server: t, browser } = suite);
});
afterAll(async () => {
  await suite?.close();
});

/** Every CSP violation the page reports, and console messages that mention the policy. */
async function watchedPage(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportViolation(text: string): void }).__reportViolation(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

describe('the console under its Content-Security-Policy', () => {
  it('signs in and shows the workbench and register pages without a violation', async () => {
    const page = await newDesktopPage(browser);
    const violations = await watchedPage(page);
    await signIn(page, t.url, { tenantId: '100001', account: 'admin' });
    for (const path of ['/wel/index', '/system/user', '/log/usual']) {
      await page.goto(`${t.url}${path}`);
      await page.getByTestId('tab-bar').waitFor();
      await page.locator('.shell-loading').waitFor({ state: 'detached' });
      await page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);
    await page.context().close();
  }, 180_000);

  it('plays a camera stream from the camera’s own server and embeds an external menu page without a violation', async () => {
    const token = await t.signIn('100001', 'admin');
    const shimen = (await t.api('/api/v1/reservoir/listAll', { token })).body.data.find((r: { name: string }) => r.name === '石门水库').id;
    const page = await newDesktopPage(browser);
    const violations = await watchedPage(page);
    await page.goto(`${t.url}/video-for-app?token=${encodeURIComponent(token)}&reservoirId=${shimen}`);
    await expect.poll(() => page.getByTestId('vfa-video').getAttribute('data-protocol')).toBe('hls');
    await page.waitForTimeout(500);
    // An external menu item (another origin; this closed network answers nothing there, which is no CSP matter).
    const external = 'https://manual.example.com/reservoir';
    await t.db.query(
      `INSERT INTO blade_menu (id, tenant_id, parent_id, code, name, path, sort, category) SELECT $1, '000000', id, 'ext_csp', '外部手册', $2, 99, 1 FROM blade_menu WHERE code = 'system'`,
      [String(BigInt(Date.now()) * 1000n), external],
    );
    await page.goto(`${t.url}/myiframe/ext_csp?src=${encodeURIComponent(external)}&name=manual`);
    await expect.poll(() => page.getByTestId('menu-iframe').getAttribute('src')).toBe(external);
    await page.waitForTimeout(500);
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it('is enforced: an injected inline script does not run', async () => {
    const page = await newDesktopPage(browser);
    const violations = await watchedPage(page);
    await page.goto(`${t.url}/login`);
    await page.getByTestId('login-submit').waitFor();
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.appendChild(script);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    await page.context().close();
  });
});
