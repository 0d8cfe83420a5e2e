/**
 * Values a save answers only once, as the platform administrator meets them
 * in a real browser: creating a tenant shows its administrator's generated
 * password (with the tenant id and account) in a dialog with copy buttons and
 * a warning that it will not be shown again; the new tenant's administrator
 * then signs in with exactly that password. Creating an API client shows its
 * generated secret the same way.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../api/testServer.js';
import { type BrowserSuite, newDesktopPage, screenshot, signIn, startBrowserSuite } from './browser.js';

let t: TestServer;
let browser: Browser;
let suite: BrowserSuite | undefined;
let page: Page;

const signInAs = (target: Page, tenantId: string, account: string, password: string): Promise<void> => signIn(target, t.url, { tenantId, account, password });

beforeAll(async () => {
  suite = await startBrowserSuite();
  ({ server: t, browser } = suite);
  page = await newDesktopPage(browser);
  await signInAs(page, '000000', 'admin', 'admin');
});
afterAll(async () => {
  await page?.context().close();
  await suite?.close();
});

/** Opens a register's page and its add dialog. */
async function openAddDialog(path: string, schemaId: string) {
  await page.goto(`${t.url}${path}`);
  await page.getByTestId(`crud-page-${schemaId}`).getByTestId('crud-table').waitFor();
  await page.getByTestId('crud-add').click();
  return page.locator('.entity-dialog');
}

/** The shown-once dialog, once it is open and its zoom-in is over. */
async function shownOnceDialog() {
  const list = page.getByTestId('shown-once');
  await list.waitFor();
  await page.waitForTimeout(400); // the dialog's zoom-in, for the screenshot
  return list;
}

describe('creating a tenant', () => {
  let tenantId: string;
  let password: string;

  it('shows the new administrator’s password once, with copy buttons and the warning', async () => {
    const dialog = await openAddDialog('/system/tenant', 'system/tenant');
    await dialog.getByPlaceholder('请输入租户名称').fill('晋江市水利局');
    await dialog.getByTestId('entity-dialog-save').click();

    const list = await shownOnceDialog();
    await screenshot(page, 'shown-once-tenant');
    expect(await list.innerText()).toContain('以下信息只显示这一次：关闭后无法再次查看');
    tenantId = (await list.getByTestId('shown-once-tenantId').innerText()).trim();
    password = (await list.getByTestId('shown-once-adminPassword').innerText()).trim();
    expect(tenantId).toMatch(/^\d{6}$/);
    expect((await list.getByTestId('shown-once-adminAccount').innerText()).trim()).toBe('admin');
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    // Every value has its copy button.
    expect(await list.locator('.ant-typography-copy').count()).toBe(3);

    await page.getByRole('button', { name: '我已保存' }).click();
    await list.waitFor({ state: 'detached' });
    // The new tenant is in the list; the password is nowhere on the page any more.
    await page.getByTestId('crud-table').locator('.ant-table-row', { hasText: '晋江市水利局' }).waitFor();
    expect(await page.content()).not.toContain(password);
  });

  it('the new tenant’s administrator signs in with that password', async () => {
    const other = await newDesktopPage(browser);
    try {
      await signInAs(other, tenantId, 'admin', password);
      await other.getByTestId('user-menu').waitFor();
      expect(new URL(other.url()).pathname).toBe('/wel/index');
      await screenshot(other, 'shown-once-new-tenant-signed-in');
    } finally {
      await other.context().close();
    }
  });

  it('editing the tenant shows no such dialog', async () => {
    await page.getByTestId('crud-table').locator('.ant-table-row', { hasText: '晋江市水利局' }).getByTestId('row-edit').click();
    const dialog = page.locator('.entity-dialog');
    await dialog.getByPlaceholder('请输入租户名称').waitFor();
    await dialog.getByTestId('entity-dialog-save').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('shown-once').count()).toBe(0);
  });
});

describe('creating an API client', () => {
  it('shows the generated secret once', async () => {
    const dialog = await openAddDialog('/system/client', 'system/client');
    await dialog.getByPlaceholder('请输入客户端ID').fill('field_tablet');
    await dialog.getByPlaceholder('请输入授权类型').fill('password,refresh_token');
    await dialog.getByTestId('entity-dialog-save').click();

    const list = await shownOnceDialog();
    await screenshot(page, 'shown-once-client');
    expect((await list.getByTestId('shown-once-clientId').innerText()).trim()).toBe('field_tablet');
    expect((await list.getByTestId('shown-once-clientSecret').innerText()).trim()).toMatch(/^[A-Za-z0-9_-]{32}$/);
    await page.getByRole('button', { name: '我已保存' }).click();
    await list.waitFor({ state: 'detached' });
  });
});
