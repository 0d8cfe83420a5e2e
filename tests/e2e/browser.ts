/**
 * Debian's Chromium driven by playwright-core, headless, with the flags this
 * machine's closed network needs. Screenshots land in test-results/ to look at.
 */
import fs from 'node:fs';
import { expect } from 'vitest';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import type { ServerConfig } from '../../src/server/config.js';
import { BASIC, md5, startTestServer, type TestServer } from '../api/testServer.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
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
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync('test-results/screenshots', { recursive: true });
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: false });
}

/** A desktop-sized page in a fresh context (its own cookies and storage), Chinese by default. */
export async function newDesktopPage(browser: Browser, size: { width?: number; height?: number } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: size.width ?? 1440, height: size.height ?? 900 }, locale: 'zh-CN' });
  return context.newPage();
}

export interface BrowserSuite {
  server: TestServer;
  browser: Browser;
  close(): Promise<void>;
}

/** What every browser test file starts with: a real server serving the built console, and Chromium. */
export async function startBrowserSuite(overrides: Partial<ServerConfig> = {}): Promise<BrowserSuite> {
  const server = await startTestServer({ webRoot: `${process.cwd()}/dist/web`, ...overrides });
  const browser = await launchBrowser();
  return {
    server,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

export interface Account {
  tenantId: string;
  account: string;
  /** The demo accounts' password by default. */
  password?: string;
}

/** Fills the sign-in form at baseUrl/login (with an optional query such as ?user=jz) and sends it. */
export async function submitSignIn(page: Page, baseUrl: string, who: Account, query = ''): Promise<void> {
  await page.goto(`${baseUrl}/login${query}`);
  await page.getByPlaceholder('请输入租户ID').fill(who.tenantId);
  await page.getByPlaceholder('请输入账号').fill(who.account);
  await page.getByPlaceholder('请输入密码').fill(who.password ?? 'admin');
  await page.getByTestId('login-submit').click();
}

/** Signs in and waits until the console has left the sign-in page. */
export async function signIn(page: Page, baseUrl: string, who: Account): Promise<void> {
  await submitSignIn(page, baseUrl, who);
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** A fresh desktop page (its own session) signed in as who. */
export async function signedInPage(browser: Browser, baseUrl: string, who: Account): Promise<Page> {
  const page = await newDesktopPage(browser);
  await signIn(page, baseUrl, who);
  return page;
}

/**
 * A fresh desktop page whose session was started through the API (the token endpoint), not the sign-in form:
 * the token pair in cookies and the user in storage, as the console's session store keeps them.
 */
export async function signedInThroughApi(browser: Browser, baseUrl: string, who: Account): Promise<{ page: Page; token: string }> {
  const query = new URLSearchParams({
    tenantId: who.tenantId,
    username: who.account,
    password: md5(who.password ?? 'admin'),
    grant_type: 'password',
    scope: 'all',
  });
  const answer = await fetch(`${baseUrl}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { Authorization: BASIC, 'Tenant-Id': who.tenantId },
  });
  const tokens = (await answer.json()) as Record<string, unknown>;
  if (typeof tokens.access_token !== 'string') throw new Error(`no token for ${who.tenantId}/${who.account}: ${JSON.stringify(tokens)}`);
  const page = await newDesktopPage(browser);
  // Any file of the console's origin (not the console itself) to write its storage.
  await page.goto(`${baseUrl}/favicon.svg`);
  await page.evaluate((session) => {
    const { access_token, refresh_token, ...info } = session as Record<string, string>;
    const entry = (content: unknown) => JSON.stringify({ dataType: typeof content, content, datetime: Date.now() });
    document.cookie = `saber3-access-token=${encodeURIComponent(access_token)}; path=/; SameSite=Lax`;
    document.cookie = `saber3-refresh-token=${encodeURIComponent(refresh_token)}; path=/; SameSite=Lax`;
    localStorage.setItem('saber-token', entry(access_token));
    localStorage.setItem('saber-refreshToken', entry(refresh_token));
    localStorage.setItem('saber-userInfo', entry(info));
  }, tokens);
  return { page, token: tokens.access_token };
}

/** Clicks one of a table row's actions, shown inline or under the row's "more" menu. */
export async function clickRowAction(row: Locator, key: string): Promise<void> {
  const inline = row.getByTestId(`row-${key}`);
  if (await inline.count()) return inline.click();
  await row.getByTestId('row-more').click();
  await row.page().locator('.ant-dropdown:visible').getByTestId(`row-${key}`).click();
}

/**
 * The open dialog, once it has finished zooming in. A click while the dialog still moves can land
 * where the button was a frame earlier and be lost (seen on a busy machine): wait for the motion to end.
 */
export async function openedDialog(page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog');
  await dialog.last().waitFor();
  await page.waitForFunction(() => {
    const modals = [...document.querySelectorAll('.ant-modal')];
    return modals.length > 0 && modals.every((modal) => !/ant-zoom/.test(modal.className) && modal.getAnimations({ subtree: true }).length === 0);
  });
  return dialog;
}

/** The form item of a dialog whose label reads `label`. */
export const formItem = (scope: Locator, label: string) =>
  scope.locator('.ant-formily-item', { has: scope.page().locator('.ant-formily-item-label', { hasText: label }) });

/**
 * Chooses the visible option reading `text` in a select or tree select (a tree of places holds the reservoirs under
 * them, so the name is typed to find it). Options can arrive while the dropdown opens and close it under the pointer:
 * tried again until the choice shows.
 */
export async function chooseOption(page: Page, item: Locator, text: string, search = text): Promise<void> {
  const chosen = item.locator('.ant-select-selection-item');
  // Read without waiting: innerText() would wait its whole timeout for a choice that is not there yet.
  const shown = async () => ((await chosen.count()) > 0 ? await chosen.first().innerText() : '');
  for (let attempt = 0; attempt < 5 && !(await shown()).includes(text); attempt++) {
    await item.locator('.ant-select-selector').click();
    const input = item.locator('input.ant-select-selection-search-input');
    if ((await input.count()) && (await input.isEditable())) await input.fill(search);
    const options = page
      .locator('.ant-select-dropdown:visible')
      .locator('.ant-select-item-option, .ant-select-tree-node-content-wrapper')
      .locator('visible=true')
      .filter({ hasText: text });
    await options
      .first()
      .click({ timeout: 5000 })
      .catch(() => undefined);
    // A dropdown left open closes on a click elsewhere in the dialog (Escape would close the dialog too).
    if (await page.locator('.ant-select-dropdown:visible').count()) await page.locator('.ant-modal-title').last().click();
  }
  await expect.poll(shown).toContain(text);
}
