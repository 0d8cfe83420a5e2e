/**
 * Dictionary management (/dict-horizontal/index, /dict-vertical/index),
 * rendered by TreePage from the system/dict client schema alone: a parent
 * with the spec's messages, children and a grandchild in the tree with the
 * parent and code fixed, editing, a sealed entry offered for viewing only, both
 * layouts, deleting children before their parent.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../api/testServer.js';
import { launchBrowser, screenshot, signIn } from './browser.js';

let t: TestServer;
let browser: Browser;
let page: Page;
beforeAll(async () => {
  t = await startTestServer({ webRoot: `${process.cwd()}/dist/web` });
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  page = await context.newPage();
  await signIn(page, t.url, { tenantId: '100001', account: 'admin' });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const parents = () => page.getByTestId('tree-parents');
const children = () => page.getByTestId('tree-children');
const dialog = () => page.getByRole('dialog');
const rowOf = (scope: Locator, text: string) => scope.locator('.ant-table-row', { hasText: text });
const formItem = (label: string) => dialog().locator('.ant-formily-item', { hasText: label });
// Each panel has its own confirmation; only the one asked for is visible.
const confirmDelete = () => page.getByTestId('delete-confirm-ok').filter({ visible: true }).click();

async function searchCode(code: string): Promise<void> {
  await parents().getByPlaceholder('请输入字典编号').fill(code);
  await parents().getByTestId('crud-search-submit').click();
  await expect.poll(() => parents().locator('.ant-table-row').count()).toBe(1);
}

async function save(): Promise<void> {
  await dialog().getByTestId('entity-dialog-save').click();
}

describe('dictionaries, horizontal layout', () => {
  it('lists the parents with their sealed flag as a label', async () => {
    await page.goto(`${t.url}/dict-horizontal/index`);
    await parents().locator('.ant-table-row').first().waitFor();
    const headers = (await parents().locator('thead th').allInnerTexts()).map((h) => h.trim());
    expect(headers).toEqual(expect.arrayContaining(['字典编号', '字典名称', '字典排序', '封存']));
    expect(headers).not.toContain('字典键值');
    await searchCode('yes_no');
    expect(await rowOf(parents(), 'yes_no').innerText()).toContain('是');
    await page.getByText('请在左侧列表中选择一条系统字典，查看其下级数据').waitFor();
    await screenshot(page, 'dict-horizontal');
  });

  it('a parent saved empty shows the spec’s messages; then it is created', async () => {
    await parents().getByTestId('crud-add').click();
    await dialog().getByText('新增系统字典').waitFor();
    // The dictionary dialog is 880 px wide (platform-core §9), once its opening animation ends.
    await expect.poll(async () => Math.round((await dialog().locator('.ant-modal-content').boundingBox())?.width ?? 0)).toBe(880);
    await save();
    for (const text of ['请输入字典编号', '请输入字典名称', '请输入字典排序']) await dialog().getByText(text, { exact: true }).waitFor();
    expect(await formItem('上级字典').count()).toBe(0);
    expect(await formItem('字典键值').count()).toBe(0);
    await screenshot(page, 'dict-parent-required');
    await dialog().getByPlaceholder('请输入字典编号').fill('e2e_level');
    await dialog().getByPlaceholder('请输入字典名称').fill('测试等级');
    await dialog().getByPlaceholder('请输入字典排序').fill('1');
    await save();
    await page.getByText('新增成功').waitFor();
    await searchCode('e2e_level');
  });

  it('selecting the parent shows its (empty) children', async () => {
    await rowOf(parents(), 'e2e_level').click();
    await children().getByText('系统字典：测试等级').waitFor();
    await children().getByText('暂无下级数据').waitFor();
  });

  it('a child gets the parent and code fixed and needs a key', async () => {
    await children().getByTestId('tree-child-add').click();
    await dialog().getByText('新增系统字典').waitFor();
    await expect.poll(() => formItem('上级字典').innerText()).toContain('测试等级');
    expect(await dialog().getByPlaceholder('请输入字典编号').isDisabled()).toBe(true);
    expect(await dialog().getByPlaceholder('请输入字典编号').inputValue()).toBe('e2e_level');
    await save();
    await dialog().getByText('请输入字典键值', { exact: true }).waitFor();
    await screenshot(page, 'dict-child-required');
    await dialog().getByPlaceholder('请输入字典键值').fill('1');
    await dialog().getByPlaceholder('请输入字典名称').fill('一级');
    await dialog().getByPlaceholder('请输入字典排序').fill('1');
    await save();
    await page.getByText('新增成功').first().waitFor();
    await rowOf(children(), '一级').waitFor();
  });

  it('a grandchild is added under a child row and shown in the tree', async () => {
    await rowOf(children(), '一级').getByTestId('row-add-child').click();
    await expect.poll(() => formItem('上级字典').innerText()).toContain('一级');
    await dialog().getByPlaceholder('请输入字典键值').fill('11');
    await dialog().getByPlaceholder('请输入字典名称').fill('一级甲等');
    await dialog().getByPlaceholder('请输入字典排序').fill('1');
    await save();
    await rowOf(children(), '一级甲等').waitFor();
    expect(await children().locator('.ant-table-row-level-1', { hasText: '一级甲等' }).count()).toBe(1);
    await screenshot(page, 'dict-children');
  });

  it('edits a child', async () => {
    await rowOf(children(), '一级甲等').getByTestId('row-edit').click();
    await dialog().getByText('修改系统字典').waitFor();
    const name = dialog().getByPlaceholder('请输入字典名称');
    await expect.poll(() => name.inputValue()).toBe('一级甲等');
    expect(await dialog().getByPlaceholder('请输入字典编号').isDisabled()).toBe(true);
    await name.fill('一级乙等');
    await save();
    await page.getByText('修改成功').waitFor();
    await rowOf(children(), '一级乙等').waitFor();
  });

  it('a sealed entry offers a tenant administrator view only (the server refuses changes anyway)', async () => {
    await parents()
      .getByRole('button', { name: /清\s*空/ })
      .click();
    await searchCode('yes_no');
    await rowOf(parents(), 'yes_no').click();
    await children().getByText('系统字典：是否').waitFor();
    const sealed = children().locator('.ant-table-row').first();
    await sealed.getByTestId('row-view').waitFor();
    expect(await sealed.getByTestId('row-edit').count()).toBe(0);
    expect(await sealed.getByTestId('row-delete').count()).toBe(0);
    // The sealed parent row keeps view only too, and cannot be chosen for a batch delete.
    expect(await rowOf(parents(), 'yes_no').getByTestId('row-edit').count()).toBe(0);
    expect(await rowOf(parents(), 'yes_no').locator('.ant-checkbox-input').isDisabled()).toBe(true);
    await screenshot(page, 'dict-sealed');
  });

  it('a parent with children is kept until its children are deleted', async () => {
    await parents()
      .getByRole('button', { name: /清\s*空/ })
      .click();
    await searchCode('e2e_level');
    await rowOf(parents(), 'e2e_level').click();
    await rowOf(children(), '一级乙等').waitFor();
    await rowOf(parents(), 'e2e_level').getByTestId('row-delete').click();
    await page.getByText('确定将选择数据删除?').filter({ visible: true }).waitFor();
    await confirmDelete();
    await page.getByText('请先删除子节点').waitFor();
    expect(await rowOf(parents(), 'e2e_level').count()).toBe(1);
    await rowOf(children(), '一级乙等').getByTestId('row-delete').click();
    await confirmDelete();
    await expect.poll(() => rowOf(children(), '一级乙等').count()).toBe(0);
    await rowOf(children(), '一级').getByTestId('row-delete').click();
    await confirmDelete();
    await children().getByText('暂无下级数据').waitFor();
    await rowOf(parents(), 'e2e_level').getByTestId('row-delete').click();
    await confirmDelete();
    await expect.poll(() => rowOf(parents(), 'e2e_level').count()).toBe(0);
  });
});

describe('dictionaries, vertical layout', () => {
  it('shows the parents as a tree above and the selected parent’s children below', async () => {
    await page.goto(`${t.url}/dict-vertical/index`);
    await page.getByTestId('tree-page-vertical').waitFor();
    await parents().getByPlaceholder('请输入字典编号').fill('sex');
    await parents().getByTestId('crud-search-submit').click();
    await expect.poll(() => parents().getByTestId('parent-tree-node').count()).toBe(1);
    await page.getByText('请在上方列表中选择一条系统字典，查看其下级数据').waitFor();
    await parents().getByTestId('parent-tree-node').filter({ hasText: 'sex' }).click();
    await children().getByText('系统字典：性别').waitFor();
    await expect.poll(() => children().locator('.ant-table-row').count()).toBe(2);
    const top = (await parents().boundingBox())!;
    const bottom = (await children().boundingBox())!;
    expect(bottom.y).toBeGreaterThan(top.y + top.height - 1);
    await expect.poll(() => page.locator('.ant-spin-blur').count()).toBe(0);
    await screenshot(page, 'dict-vertical');
  });
});
