/**
 * /appView, the mini-program's web view (platform-core §2, public): the app hands over its
 * access token and the page to show; the console shows that page alone, without its chrome,
 * and never offers a sign-in form inside the web view.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../api/testServer.js';
import { screenshot, startBrowserSuite, type BrowserSuite } from './browser.js';

let t: TestServer;
let browser: Browser;
let suite: BrowserSuite | undefined;
beforeAll(async () => {
  suite = await startBrowserSuite();
  ({ server: t, browser } = suite);
});
afterAll(() => suite?.close());

let page: Page;
/** A phone-sized web view of its own (fresh cookies and storage). */
async function webView(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN', isMobile: true });
  page = await context.newPage();
  return page;
}
afterEach(async () =>
  page
    ?.context()
    .close()
    .catch(() => undefined),
);

const storedToken = async (p: Page) => (await p.context().cookies()).find((cookie) => cookie.name === 'saber3-access-token')?.value ?? '';

describe('/appView', () => {
  it('opens the page the app asks for, content only, with the session the token carries', async () => {
    const token = await t.signIn('100001', 'admin');
    const p = await webView();
    await p.goto(`${t.url}/appView?token=${encodeURIComponent(token)}&page=${encodeURIComponent('/statistics/index')}`);
    await p.waitForURL((url) => url.pathname === '/statistics/index');
    await expect.poll(() => p.getByTestId('bare-main').isVisible()).toBe(true);
    // No chrome: no top bar, side menu or tabs inside a web view.
    expect(await p.getByTestId('top-bar').count()).toBe(0);
    expect(await p.getByTestId('side-bar').count()).toBe(0);
    // The token left the address at once: it is in no history entry the page can go back to.
    expect(p.url()).not.toContain(token);
    expect(await storedToken(p)).toBe(token);
    await p.waitForLoadState('networkidle');
    await screenshot(p, 'app-view-statistics');
  });

  it('shows the tenant’s landing page when the page asked for is not a console path', async () => {
    const token = await t.signIn('100001', 'inspector');
    const p = await webView();
    await p.goto(`${t.url}/appView?token=${encodeURIComponent(token)}&page=${encodeURIComponent('//evil.example/phish')}`);
    await p.waitForURL((url) => url.pathname === '/wel/index');
    expect(new URL(p.url()).host).toBe(new URL(t.url).host);
  });

  it('asks to open it from the app when there is no token, and signs nothing in', async () => {
    const p = await webView();
    await p.goto(`${t.url}/appView`);
    await expect.poll(() => p.getByTestId('app-view-noToken').textContent()).toContain('请从小程序中打开此页面');
    expect(await storedToken(p)).toBe('');
    await screenshot(p, 'app-view-no-token');
  });

  it('says the session has expired when the token is refused, in English when asked', async () => {
    const p = await webView();
    await p.goto(`${t.url}/appView?token=not-a-token&lang=en`);
    await expect.poll(() => p.getByTestId('app-view-expired').textContent()).toContain('Your session has expired');
    expect(p.url()).not.toContain('not-a-token');
    expect(new URL(p.url()).pathname).toBe('/appView');
    expect(await storedToken(p)).toBe('');
  });

  it('comes back to /appView, not to the sign-in page, when the session ends inside the web view', async () => {
    const token = await t.signIn('100001', 'admin');
    const p = await webView();
    await p.goto(`${t.url}/appView?token=${encodeURIComponent(token)}&page=/wel/index`);
    await p.waitForURL((url) => url.pathname === '/wel/index');
    // The token goes bad (as an expired one would): the next page load is refused with 401.
    await p.context().addCookies([{ name: 'saber3-access-token', value: 'expired', url: t.url }]);
    await p.reload();
    await p.waitForURL((url) => url.pathname === '/appView');
    await expect.poll(() => p.getByTestId('app-view-expired').textContent()).toContain('登录已过期');
    await screenshot(p, 'app-view-expired');
  });
});
