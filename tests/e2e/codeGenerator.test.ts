/**
 * The code generator as an administrator uses it, in a real browser against a
 * real server: a data model with two fields typed into the generator screen, a
 * code configuration for it, "Generate", then the new register's page opened
 * from the menu (no restart, no reload), a row added and seen in its table.
 * The model also gets a reference field (its register picked from the list)
 * and a dictionary field, with a pattern, uniqueness and messages set in a
 * field's rules panel. Also the data-source page's connection test.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../api/testServer.js';
import { type BrowserSuite, openedDialog, screenshot, signedInPage, startBrowserSuite } from './browser.js';

let t: TestServer;
let browser: Browser;
let suite: BrowserSuite | undefined;
let page: Page;

beforeAll(async () => {
  suite = await startBrowserSuite();
  ({ server: t, browser } = suite);
  page = await signedInPage(browser, t.url, { tenantId: '000000', account: 'admin' });
});
afterAll(async () => {
  await page?.context().close();
  await suite?.close();
});

/** The open dropdown's option with this text (antd renders dropdowns at the end of the body). */
const option = (text: string) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle(text, { exact: true });
const tableRow = (table: Locator, text: string) => table.locator('.ant-table-row', { hasText: text });

async function openPage(path: string, testId: string): Promise<Locator> {
  await page.goto(`${t.url}${path}`);
  await page.getByTestId(testId).waitFor();
  return page.getByTestId('develop-table');
}

/** The open dropdown's option whose text contains this (labels carry the register's or dictionary's code). */
const optionContaining = (text: string) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text });

describe('the code generator screen', () => {
  it('creates a data model with two fields, a reference and a dictionary field', async () => {
    const table = await openPage('/tool/model', 'develop-model');
    await page.getByTestId('develop-add').click();
    const dialog = await openedDialog(page);
    await dialog.getByTestId('model-name').fill('巡查点');
    await dialog.getByTestId('model-code').fill('patrolpoint');
    await dialog.getByTestId('model-class').fill('Patrol points');

    await dialog.getByTestId('field-add').click();
    await dialog.getByTestId('field-jdbcName-0').fill('point_name');
    await dialog.getByTestId('field-jdbcComment-0').fill('点位名称');
    await dialog.getByTestId('field-isRequired-0').check();
    await dialog.getByTestId('field-isQuery-0').check();
    // The property follows the column unless it was typed.
    expect(await dialog.getByTestId('field-propertyName-0').inputValue()).toBe('pointName');

    await dialog.getByTestId('field-add').click();
    await dialog.getByTestId('field-jdbcName-1').fill('elevation');
    await dialog.getByTestId('field-jdbcComment-1').fill('高程');
    await dialog.locator('.ant-table-row').nth(1).locator('.ant-select').first().click();
    await option('数字').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
    await screenshot(page, 'develop-model-dialog');

    // A reference: the type 引用 offers the registers to refer to.
    await dialog.getByTestId('field-add').click();
    await dialog.getByTestId('field-jdbcName-2').fill('reservoir_id');
    await dialog.getByTestId('field-jdbcComment-2').fill('所属水库');
    await dialog.getByTestId('field-propertyType-2').click();
    await option('引用').click();
    await dialog.getByTestId('field-refSchema-2').click();
    await page.keyboard.type('reservoir/reservoir');
    await optionContaining('reservoir/reservoir').first().click();
    expect(await dialog.getByTestId('field-refSchema-2').innerText()).toContain('水库');

    // A dictionary field, chosen from the tenant's dictionaries.
    await dialog.getByTestId('field-add').click();
    await dialog.getByTestId('field-jdbcName-3').fill('scale');
    await dialog.getByTestId('field-jdbcComment-3').fill('工程规模');
    await dialog.getByTestId('field-dictCode-3').click();
    await page.keyboard.type('reservoir_scale');
    await optionContaining('reservoir_scale').first().click();
    expect(await dialog.getByTestId('field-dictCode-3').innerText()).toContain('reservoir_scale');

    // The point name's rules: a pattern with its message, unique with its message.
    await dialog.getByTestId('field-rules-toggle-0').click();
    const rules = dialog.getByTestId('field-rules-0');
    await rules.waitFor();
    await rules.getByTestId('field-fieldPattern-0').fill('^[^0-9].*$');
    await rules.getByTestId('field-patternMessage-0').fill('点位名称不能以数字开头');
    await rules.getByTestId('field-isUnique-0').check();
    await rules.getByTestId('field-uniqueMessage-0').fill('该点位名称已存在');
    await rules.getByTestId('field-requiredMessage-0').fill('请输入点位名称');
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300); // tooltips fade out
    await screenshot(page, 'develop-model-field-rules');

    await dialog.getByTestId('model-save').click();
    await tableRow(table, 'patrolpoint').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await screenshot(page, 'develop-model-list');
  }, 120_000);

  it('configures and generates the register, whose menu then appears', async () => {
    const table = await openPage('/tool/code', 'develop-code');
    await page.getByTestId('develop-add').click();
    const dialog = await openedDialog(page);
    await dialog.getByTestId('code-model').click();
    await option('巡查点（patrolpoint）').click();
    // Choosing the model fills the names.
    await expect.poll(() => dialog.getByTestId('code-name').inputValue()).toBe('巡查点');
    await dialog.getByTestId('code-name').fill('巡查点登记');
    await dialog.getByTestId('code-save').click();
    const row = tableRow(table, '巡查点登记');
    await row.waitFor();

    await row.getByTestId('row-generate').click();
    await page.getByTestId('generate-confirm').click();
    await page.getByTestId('generated-open').waitFor();
    await page.getByTestId('generate-confirm').waitFor({ state: 'detached' });
    await page.waitForTimeout(400); // the dialog's zoom-in
    await screenshot(page, 'develop-generated');
    await page.getByRole('button', { name: /稍\s*后/ }).click();

    const sideMenu = page.getByTestId('side-menu');
    await sideMenu.getByText('生成登记', { exact: true }).click();
    await sideMenu.getByText('巡查点登记', { exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/generated/patrolpoint');
  });

  it('the new register’s page validates, adds a row and shows it in its table', async () => {
    const crud = page.getByTestId('crud-page-generated/patrolpoint');
    await crud.waitFor();
    expect(await crud.locator('.crud-title').innerText()).toBe('巡查点登记');
    const headers = await crud.locator('thead th').allInnerTexts();
    expect(headers.map((text) => text.trim())).toEqual(expect.arrayContaining(['点位名称', '高程', '所属水库', '工程规模']));

    await page.getByTestId('crud-add').click();
    const dialog = await openedDialog(page);
    await dialog.getByTestId('entity-dialog-save').click();
    await dialog.getByText('请输入点位名称', { exact: true }).waitFor();
    await dialog.getByPlaceholder('请输入点位名称').fill('1号点');
    await dialog.getByTestId('entity-dialog-save').click();
    // The pattern's own message, from the server.
    await page.getByText('点位名称不能以数字开头').first().waitFor();
    await dialog.getByPlaceholder('请输入点位名称').fill('大坝左岸一号点');
    await dialog.getByPlaceholder('请输入高程').fill('128.5');
    await screenshot(page, 'develop-generated-add');
    await dialog.getByTestId('entity-dialog-save').click();

    const added = tableRow(crud.getByTestId('crud-table'), '大坝左岸一号点');
    await added.waitFor();
    expect(await added.innerText()).toContain('128.5');
    await screenshot(page, 'develop-generated-list');
  });
});

describe('the data-source page', () => {
  it('tests a connection from the form and shows the driver’s message when it fails', async () => {
    await openPage('/tool/datasource', 'develop-datasource');
    await page.getByTestId('develop-add').click();
    const dialog = await openedDialog(page);
    await dialog.getByTestId('datasource-test').click();
    await dialog.getByText('请输入连接地址', { exact: true }).waitFor();
    await dialog.locator('#url').fill('postgres://10.20.30.40:5432/archive');
    await dialog.locator('#username').fill('reader');
    await dialog.getByTestId('datasource-test').click();
    await page
      .locator('.ant-message')
      .getByText(/不允许连接该数据源地址/)
      .waitFor();
    await page.waitForTimeout(400); // the message's slide-in
    await screenshot(page, 'develop-datasource-dialog');
  });
});
