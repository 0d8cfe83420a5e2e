/**
 * Signing in and out in a real browser against the built console and a real
 * server: landing pages by tenant, logout destinations, an expired session,
 * the language switch and a failed sign-in.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { captchaSecretOf, openCaptcha } from '../../src/server/auth/captcha.js';
import { loadSigningKey } from '../../src/server/auth/signingKey.js';
import { BASIC, md5, type TestServer } from '../api/testServer.js';
import { type BrowserSuite, newDesktopPage, openedDialog, screenshot, startBrowserSuite, submitSignIn } from './browser.js';

let t: TestServer;
let browser: Browser;
let suite: BrowserSuite | undefined;
beforeAll(async () => {
  suite = await startBrowserSuite();
  ({ server: t, browser } = suite);
});
afterAll(() => suite?.close());

const newPage = (): Promise<Page> => newDesktopPage(browser);

const signIn = (page: Page, tenantId: string, account: string, password = 'admin', query = ''): Promise<void> =>
  submitSignIn(page, t.url, { tenantId, account, password }, query);

describe('signing in', () => {
  it.each([
    ['100001', '/wel/index'],
    ['000000', '/wel/index'],
    ['316979', '/one-picture/index'],
    ['003189', '/one-picture/index'],
    ['173509', '/rain-monitoring/water-situation/index'],
  ])('tenant %s lands on %s', async (tenantId, landing) => {
    const page = await newPage();
    await signIn(page, tenantId, 'admin');
    await page.waitForURL(`**${landing}`);
    expect(new URL(page.url()).pathname).toBe(landing);
    await page.context().close();
  });

  it('the workbench greets the user, full width, with the functions of their roles', async () => {
    const page = await newPage();
    await signIn(page, '100001', 'admin');
    await page.waitForURL('**/wel/index');
    await expect.poll(() => page.getByText('管理员，欢迎使用水库安全运行管理平台').count()).toBe(1);
    expect(await page.getByTestId('side-menu').count()).toBe(0);
    await screenshot(page, 'workbench');
    await page.goto(`${t.url}/system/param`);
    await page.getByTestId('side-menu').waitFor();
    await screenshot(page, 'side-menu');
    await page.context().close();
  });

  it('a wrong password shows the server message and stays on /login', async () => {
    const page = await newPage();
    await signIn(page, '100001', 'admin', 'wrong-password');
    await page.getByText('用户名或密码错误').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'login-failed');
    await page.context().close();
  });

  it('after too many wrong passwords the page shows the captcha the server asks for, and the right password with it signs in', async () => {
    for (let i = 0; i < 5; i++) {
      const query = new URLSearchParams({ tenantId: '100001', username: 'farm_admin', password: md5(`guess-${i}`), grant_type: 'password', scope: 'all' });
      await t.api(`/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { Authorization: BASIC, 'Tenant-Id': '100001' } });
    }
    const page = await newPage();
    const captchaAnswer = page.waitForResponse((response) => response.url().includes('/oauth/captcha'));
    await signIn(page, '100001', 'farm_admin');
    await page.getByText('该账号登录失败次数过多，请输入验证码后再登录').waitFor();
    // Only the deployment can read the answer: the test opens the sealed key with the server's key.
    const { key } = (await (await captchaAnswer).json()).data;
    const claims = openCaptcha(captchaSecretOf(await loadSigningKey(t.db)), key);
    await page.getByPlaceholder('请输入验证码').fill(claims!.answer);
    await screenshot(page, 'login-captcha-asked');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.context().close();
  });
});

describe('leaving', () => {
  it.each([
    ['316979', '/login?user=reservoir'],
    ['003189', '/login?user=jz'],
    ['173509', '/login?user=zf'],
    ['100001', '/login'],
  ])('logging out of tenant %s goes to %s', async (tenantId, destination) => {
    const page = await newPage();
    await signIn(page, tenantId, 'admin');
    await page.waitForURL((url) => url.pathname !== '/login');
    // The shell must be ready (menus loaded) before its user menu is used.
    await page.waitForLoadState('networkidle');
    // A hover menu can close before the click lands on a busy machine: open it again until the confirmation shows.
    await vi.waitFor(
      async () => {
        if (await page.getByRole('dialog').last().isVisible()) return;
        await page.getByTestId('user-menu').hover();
        await page.getByRole('menuitem', { name: '退出登录' }).click({ timeout: 5_000 });
        await page.getByRole('dialog').last().waitFor({ timeout: 5_000 });
      },
      { timeout: 45_000, interval: 500 },
    );
    const dialog = await openedDialog(page);
    await dialog.waitFor();
    await dialog
      .getByRole('button', { name: '确 定' })
      .or(dialog.getByRole('button', { name: '确定' }))
      .click();
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 45_000 });
    const url = new URL(page.url());
    expect(`${url.pathname}${url.search}`).toBe(destination);
    await page.context().close();
  });

  it('an expired or revoked token leads to /login', async () => {
    const page = await newPage();
    await signIn(page, '100001', 'admin');
    await page.waitForURL('**/wel/index');
    // Replace the token with one the server will not accept, as if it had expired.
    await page.context().addCookies([{ name: 'saber3-access-token', value: 'expired.token.value', url: t.url }]);
    await page.evaluate(() => localStorage.removeItem('saber-menu'));
    await page.goto(`${t.url}/system/param`);
    await page.waitForURL('**/login');
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });
});

describe('language', () => {
  it('switches the login page to English and keeps it', async () => {
    const page = await newPage();
    await page.goto(`${t.url}/login`);
    await page.getByTestId('language-switch').hover();
    await page.getByText('English').click();
    await page.getByText('Sign in', { exact: true }).first().waitFor();
    await page.reload();
    await page.getByPlaceholder('Enter your account').waitFor();
    await screenshot(page, 'login-en');
    await page.context().close();
  });
});
