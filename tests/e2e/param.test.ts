/**
 * The parameter page (/system/param), rendered by CrudPage from the
 * system/param client schema alone, driven in a real browser against a real
 * server: the three required messages, create, a server field error that
 * leaves the form usable, search, edit, delete with confirmation, the
 * empty-selection warning, and buttons by permission code.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../api/testServer.js';
import { type BrowserSuite, openedDialog, screenshot, signedInPage, startBrowserSuite } from './browser.js';

let t: TestServer;
let browser: Browser;
let suite: BrowserSuite | undefined;
beforeAll(async () => {
  suite = await startBrowserSuite();
  ({ server: t, browser } = suite);
});
afterAll(() => suite?.close());

const signedInAs = (account: string, tenantId = '100001'): Promise<Page> => signedInPage(browser, t.url, { tenantId, account });

async function openParams(page: Page): Promise<Locator> {
  await page.goto(`${t.url}/system/param`);
  const table = page.getByTestId('crud-table');
  await table.locator('.ant-table-row').first().waitFor();
  return table;
}

const row = (table: Locator, text: string) => table.locator('.ant-table-row', { hasText: text });

describe('the parameter page as administrator', () => {
  let page: Page;
  let table: Locator;
  beforeAll(async () => {
    page = await signedInAs('admin');
    table = await openParams(page);
  });
  afterAll(() => page?.context().close());

  it('lists the parameters with the schema’s columns and the admin paginator', async () => {
    const headers = await table.locator('thead th').allInnerTexts();
    expect(headers.map((h) => h.trim())).toEqual(expect.arrayContaining(['参数名称', '参数键名', '参数键值', '操作']));
    expect(await page.getByTestId('crud-search').getByText('参数名称').count()).toBe(1);
    expect(await page.getByTestId('crud-search').getByText('参数键名').count()).toBe(1);
    await page.locator('.ant-pagination-options .ant-select').click();
    const sizes = await page.locator('.ant-select-dropdown .ant-select-item-option').allInnerTexts();
    expect(sizes.map((s) => s.replace(/\s/g, ''))).toEqual(['10条/页', '30条/页', '50条/页', '100条/页', '200条/页']);
    await page.keyboard.press('Escape');
    await screenshot(page, 'param-list');
  });

  it('saving an empty form shows the three messages and sends nothing', async () => {
    const submits: string[] = [];
    const onRequest = (request: { url(): string }) => void (request.url().includes('/param/submit') && submits.push(request.url()));
    page.on('request', onRequest);
    await page.getByTestId('crud-add').click();
    const dialog = await openedDialog(page);
    await dialog.getByText('新增系统参数').waitFor();
    await dialog.getByTestId('entity-dialog-save').click();
    for (const text of ['请输入参数名称', '请输入参数键名', '请输入参数键值']) await dialog.getByText(text, { exact: true }).waitFor();
    page.off('request', onRequest);
    expect(submits).toEqual([]);
    await screenshot(page, 'param-required');
  });

  it('a required message shows when the field loses focus', async () => {
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await page.getByTestId('crud-add').click();
    const dialog = await openedDialog(page);
    await dialog.getByPlaceholder('请输入参数名称').focus();
    await dialog.getByPlaceholder('请输入参数键名').focus();
    await dialog.getByText('请输入参数名称', { exact: true }).waitFor();
    expect(await dialog.getByText('请输入参数键值', { exact: true }).count()).toBe(0);
  });

  it('creates a parameter: toast, dialog closed, row listed', async () => {
    const dialog = await openedDialog(page);
    await dialog.getByPlaceholder('请输入参数名称').fill('汛期起始日');
    await dialog.getByPlaceholder('请输入参数键名').fill('e2e.flood.start');
    await dialog.getByPlaceholder('请输入参数键值').fill('05-15');
    await dialog.getByPlaceholder('请输入备注').fill('月-日');
    await dialog.getByTestId('entity-dialog-save').click();
    await page.getByText('新增成功').waitFor();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await row(table, 'e2e.flood.start').waitFor();
    expect(await row(table, 'e2e.flood.start').innerText()).toContain('05-15');
  });

  it('a key already in use lands on the key field and the form stays usable', async () => {
    await page.getByTestId('crud-add').click();
    const dialog = await openedDialog(page);
    await dialog.getByPlaceholder('请输入参数名称').fill('重复的键');
    await dialog.getByPlaceholder('请输入参数键名').fill('e2e.flood.start');
    await dialog.getByPlaceholder('请输入参数键值').fill('x');
    await dialog.getByTestId('entity-dialog-save').click();
    const fieldError = dialog.locator('.ant-formily-item', { has: page.getByPlaceholder('请输入参数键名') }).getByText('参数键名已存在');
    await fieldError.waitFor();
    await screenshot(page, 'param-server-error');
    expect(await dialog.getByPlaceholder('请输入参数键名').isEnabled()).toBe(true);
    expect(await dialog.getByTestId('entity-dialog-save').isEnabled()).toBe(true);
    await dialog.getByPlaceholder('请输入参数键名').fill('e2e.flood.end');
    await expect.poll(() => fieldError.count()).toBe(0);
    await dialog.getByTestId('entity-dialog-save').click();
    await row(table, 'e2e.flood.end').waitFor();
  });

  it('searches by name: empty fields dropped, back to page 1', async () => {
    const search = page.getByTestId('crud-search');
    await search.getByPlaceholder('请输入参数名称').fill('汛期起始');
    await search.getByTestId('crud-search-submit').click();
    await expect.poll(() => table.locator('.ant-table-row').count()).toBe(1);
    expect(await table.locator('.ant-table-row').innerText()).toContain('e2e.flood.start');
    await screenshot(page, 'param-search');
  });

  it('edits a parameter through the row’s edit button', async () => {
    await row(table, 'e2e.flood.start').getByTestId('row-edit').click();
    const dialog = await openedDialog(page);
    await dialog.getByText('修改系统参数').waitFor();
    const value = dialog.getByPlaceholder('请输入参数键值');
    await expect.poll(() => value.inputValue()).toBe('05-15');
    await value.fill('06-01');
    await screenshot(page, 'param-edit');
    await dialog.getByTestId('entity-dialog-save').click();
    await page.getByText('修改成功').waitFor();
    await expect.poll(() => row(table, 'e2e.flood.start').innerText()).toContain('06-01');
  });

  it('views a parameter read-only', async () => {
    await row(table, 'e2e.flood.start').getByTestId('row-view').click();
    const dialog = await openedDialog(page);
    await dialog.getByText('查看系统参数').waitFor();
    await dialog.getByText('06-01').waitFor();
    expect(await dialog.locator('input, textarea').count()).toBe(0);
    // Labels and values, as the detail pages show a record.
    await dialog.getByTestId('detail-fields').getByText('参数键名').waitFor();
    await page.waitForTimeout(400); // the dialog's opening animation
    await screenshot(page, 'param-view');
    await dialog.getByRole('button', { name: /关\s*闭/ }).click();
  });

  it('deletes after the confirmation', async () => {
    await row(table, 'e2e.flood.start').getByTestId('row-delete').click();
    await page.getByText('确定将选择数据删除?').waitFor();
    await expect
      .poll(async () => Math.round((await page.locator('.ant-modal-content', { hasText: '确定将选择数据删除?' }).boundingBox())?.width ?? 0))
      .toBe(420);
    await screenshot(page, 'param-delete-confirm');
    await page.getByTestId('delete-confirm-ok').click();
    await page.getByText('删除成功').waitFor();
    await expect.poll(() => row(table, 'e2e.flood.start').count()).toBe(0);
    const stored = await t.db.query(`SELECT is_deleted FROM blade_param WHERE param_key = 'e2e.flood.start'`);
    expect(stored.rows[0].is_deleted).toBe(1);
  });

  it('batch delete with nothing selected warns; with a selection it asks first', async () => {
    await page
      .getByTestId('crud-search')
      .getByRole('button', { name: /清\s*空/ })
      .click();
    await expect.poll(() => table.locator('.ant-table-row').count()).toBeGreaterThan(1);
    await page.getByTestId('crud-batch-delete').click();
    await page.getByText('请选择至少一条数据').waitFor();
    await row(table, 'e2e.flood.end').locator('.ant-checkbox-input').check();
    await page.getByTestId('crud-batch-delete').click();
    await page.getByText('确定将选择数据删除?').waitFor();
    await page.getByTestId('delete-confirm-ok').click();
    await expect.poll(() => row(table, 'e2e.flood.end').count()).toBe(0);
  });
});

describe('buttons by permission code', () => {
  it('a farm administrator reads the parameters but gets no add, edit or delete', async () => {
    const page = await signedInAs('farm_admin');
    const table = await openParams(page);
    expect(await page.getByTestId('crud-add').count()).toBe(0);
    expect(await page.getByTestId('crud-batch-delete').count()).toBe(0);
    expect(await table.getByTestId('row-edit').count()).toBe(0);
    expect(await table.getByTestId('row-delete').count()).toBe(0);
    expect(await table.getByTestId('row-view').count()).toBeGreaterThan(0);
    await screenshot(page, 'param-farm-admin');
    await page.context().close();
  });

  it('an inspector sees no add button', async () => {
    const page = await signedInAs('inspector');
    await page.goto(`${t.url}/system/param`);
    await page.getByTestId('crud-page-system/param').waitFor();
    await page.getByTestId('crud-table').waitFor();
    expect(await page.getByTestId('crud-add').count()).toBe(0);
    expect(await page.getByTestId('crud-batch-delete').count()).toBe(0);
    await page.context().close();
  });
});

describe('in English', () => {
  it('labels, buttons and messages follow the language', async () => {
    const page = await signedInAs('admin');
    await page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content: 'en', datetime: Date.now() })));
    await openParams(page);
    await page.getByTestId('crud-add').click();
    const dialog = await openedDialog(page);
    await dialog.getByText('Add system parameter').waitFor();
    await dialog.getByPlaceholder('Enter parameter name').waitFor();
    await dialog.getByTestId('entity-dialog-save').click();
    await dialog.getByText('Please enter the parameter name').waitFor();
    await screenshot(page, 'param-en');
    await page.context().close();
  });
});
