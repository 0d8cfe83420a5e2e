/**
 * System administration in a real browser against a real server, as a
 * tenant administrator would do it: create a role, grant it one page with
 * some of its buttons (系统管理 → 岗位管理 with 新增 but not 删除), create a
 * user (the one-time initial password is shown), give the user the role,
 * and sign in as that user: exactly that menu and exactly those buttons.
 * Also: the department tree beside the users, selection actions that warn
 * when nothing is selected, and the schema-declared pages in both languages.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../api/testServer.js';
import { type BrowserSuite, screenshot, signedInPage, startBrowserSuite } from './browser.js';

const TENANT = '100001';
const ROLE = { name: '岗位专员', alias: 'e2e_post_clerk' };
const USER = { account: 'e2e_clerk', name: '小岗', realName: '岗位专员甲' };

let t: TestServer;
let browser: Browser;
let suite: BrowserSuite | undefined;
beforeAll(async () => {
  suite = await startBrowserSuite();
  ({ server: t, browser } = suite);
});
afterAll(() => suite?.close());

const signedInAs = (account: string, password: string, tenantId = TENANT): Promise<Page> => signedInPage(browser, t.url, { tenantId, account, password });

const table = (page: Page) => page.getByTestId('crud-table');
const row = (page: Page, text: string) => table(page).locator('.ant-table-row', { hasText: text });
const dialog = (page: Page) => page.getByRole('dialog');
// The tree also renders a hidden node to measure rows with.
const TREE_NODE = '.ant-tree-treenode:not([aria-hidden="true"])';

async function open(page: Page, path: string): Promise<Locator> {
  await page.goto(`${t.url}${path}`);
  await table(page).locator('.ant-table-row').first().waitFor();
  return table(page);
}

/** The checkbox of a tree node, found by its title and, when titles repeat (新增), the title of the node above it. */
async function checkTreeNode(tree: Locator, title: string, under?: string): Promise<void> {
  const nodes = tree.locator(TREE_NODE);
  const titles = (await nodes.locator('.ant-tree-title').allInnerTexts()).map((text) => text.trim());
  const start = under ? titles.indexOf(under) : 0;
  expect(start, `tree node ${under}`).toBeGreaterThanOrEqual(0);
  const index = titles.indexOf(title, start);
  expect(index, `tree node ${title}`).toBeGreaterThan(start - 1);
  await nodes.nth(index).locator('.ant-tree-checkbox').click();
}

describe('a tenant administrator grants a role one page and some of its buttons', () => {
  let admin: Page;
  let initialPassword = '';
  beforeAll(async () => {
    admin = await signedInAs('admin', 'admin');
  });
  afterAll(() => admin?.context().close());

  it('creates the role', async () => {
    await open(admin, '/system/role');
    await admin.getByTestId('crud-add').click();
    await dialog(admin).getByText('新增角色').waitFor();
    await dialog(admin).getByPlaceholder('请输入角色名称').fill(ROLE.name);
    await dialog(admin).getByPlaceholder('请输入角色别名').fill(ROLE.alias);
    await dialog(admin).getByPlaceholder('请输入角色排序').fill('9');
    await dialog(admin).getByTestId('entity-dialog-save').click();
    await admin.getByText('新增成功').waitFor();
    await row(admin, ROLE.alias).waitFor();
  });

  it('the grant action with nothing selected warns 请选择至少一条数据', async () => {
    await admin.getByTestId('action-grant').click();
    await admin.getByText('请选择至少一条数据').waitFor();
    expect(await dialog(admin).count()).toBe(0);
  });

  it('grants 系统管理 → 岗位管理 → 新增 only', async () => {
    await row(admin, ROLE.alias).locator('.ant-checkbox-input').check();
    await admin.getByTestId('action-grant').click();
    const tree = admin.getByTestId('grant-tree-menu');
    await tree.locator(TREE_NODE).first().waitFor();
    // A new role holds nothing.
    expect(await tree.locator('.ant-tree-checkbox-checked').count()).toBe(0);
    await checkTreeNode(tree, '新增', '岗位管理');
    // The button is checked; its page and 系统管理 show half-checked.
    expect(await tree.locator('.ant-tree-checkbox-checked').count()).toBe(1);
    expect(await tree.locator('.ant-tree-checkbox-indeterminate').count()).toBe(2);
    await screenshot(admin, 'system-admin-role-grant');
    const saved = admin.waitForRequest((request) => request.url().includes('/api/blade-system/role/grant') && request.method() === 'POST');
    await admin.getByTestId('role-grant-save').click();
    const body = (await saved).postDataJSON() as Record<string, string[]>;
    await admin.getByText('操作成功').waitFor();
    expect(Object.keys(body).sort()).toEqual(['apiScopeIds', 'dataScopeIds', 'menuIds', 'roleIds', 'topMenuIds']);
    expect(body.roleIds).toHaveLength(1);
    const granted = await t.db.query(
      `SELECT m.code FROM blade_role_menu rm JOIN blade_menu m ON m.id = rm.menu_id JOIN blade_role r ON r.id = rm.role_id
        WHERE r.tenant_id = $1 AND r.role_alias = $2 AND rm.is_deleted = 0 ORDER BY m.code`,
      [TENANT, ROLE.alias],
    );
    expect(granted.rows.map((r) => r.code)).toEqual(['post', 'post_add', 'system']);
  });

  it('reopening the grant shows what the role holds', async () => {
    // The grant cleared the selection: choose the role again.
    await row(admin, ROLE.alias).locator('.ant-checkbox-input').check();
    await admin.getByTestId('action-grant').click();
    const tree = admin.getByTestId('grant-tree-menu');
    await tree.locator('.ant-tree-checkbox-checked').first().waitFor();
    expect(await tree.locator('.ant-tree-checkbox-checked').count()).toBe(1);
    await dialog(admin)
      .getByRole('button', { name: /取\s*消/ })
      .click();
  });

  it('creates the user and shows the one-time initial password', async () => {
    await open(admin, '/system/user');
    await admin.getByTestId('crud-add').click();
    await dialog(admin).getByText('新增用户').waitFor();
    await dialog(admin).getByPlaceholder('请输入登录账号').fill(USER.account);
    await dialog(admin).getByPlaceholder('请输入用户昵称').fill(USER.name);
    await dialog(admin).getByPlaceholder('请输入用户姓名').fill(USER.realName);
    await dialog(admin).getByTestId('entity-dialog-save').click();
    await admin.getByText('新增成功').waitFor();
    const passwords = admin.getByTestId('initial-passwords');
    await passwords.locator('.ant-table-row').first().waitFor();
    await screenshot(admin, 'system-admin-initial-password');
    const cells = await passwords.locator('.ant-table-row').first().locator('td').allInnerTexts();
    expect(cells[0].trim()).toBe(USER.account);
    initialPassword = cells[1].trim();
    expect(initialPassword.length).toBeGreaterThanOrEqual(8);
    await admin.getByRole('button', { name: '我已记录' }).click();
    await row(admin, USER.account).waitFor();
  });

  it('gives the user the role through 角色配置 (required, then chosen)', async () => {
    await row(admin, USER.account).locator('.ant-checkbox-input').check();
    await admin.getByTestId('action-grant').click();
    const fields = dialog(admin);
    await fields.getByText('角色配置').waitFor();
    await fields.getByTestId('action-fields-ok').click();
    await fields.getByText('请选择角色').waitFor();
    await fields.locator('.ant-select').click();
    await admin.locator('.ant-select-tree-node-content-wrapper', { hasText: ROLE.name }).click();
    // Closing the choices (Escape would close the dialog too).
    await fields.getByText('角色配置').click();
    await screenshot(admin, 'system-admin-user-roles');
    await fields.getByTestId('action-fields-ok').click();
    await admin.getByText('操作成功').waitFor();
    await expect.poll(() => row(admin, USER.account).innerText()).toContain(ROLE.name);
  });

  it('the user sees exactly that menu and exactly those buttons', async () => {
    const clerk = await signedInAs(USER.account, initialPassword);
    await open(clerk, '/system/post');
    const menu = clerk.getByTestId('side-menu');
    await menu.getByText('岗位管理').waitFor();
    await screenshot(clerk, 'system-admin-granted-user');
    const labels = (await menu.innerText())
      .split('\n')
      .map((label) => label.trim())
      .filter(Boolean);
    expect(labels).toEqual(['系统管理', '岗位管理']);
    await clerk.getByTestId('crud-add').waitFor();
    expect(await clerk.getByTestId('crud-batch-delete').count()).toBe(0);
    expect(await table(clerk).getByTestId('row-delete').count()).toBe(0);
    expect(await table(clerk).getByTestId('row-edit').count()).toBe(0);
    await screenshot(clerk, 'system-admin-granted-user');
    // A page it was not granted is not there for it.
    await clerk.goto(`${t.url}/system/user`);
    await clerk.waitForURL((url) => url.pathname === '/404');
    await clerk.context().close();
  });
});

describe('the users page', () => {
  let admin: Page;
  beforeAll(async () => {
    admin = await signedInAs('admin', 'admin');
  });
  afterAll(() => admin?.context().close());

  it('lists the users of the department chosen in the tree beside them', async () => {
    await open(admin, '/system/user');
    const tree = admin.getByTestId('filter-tree');
    const firstNode = tree.locator('.ant-tree-node-content-wrapper').first();
    await firstNode.waitFor();
    const listed = admin.waitForRequest((request) => request.url().includes('/api/blade-system/user/page') && request.url().includes('deptId='));
    await firstNode.click();
    expect(new URL((await listed).url()).searchParams.get('deptId')).toMatch(/^\d+$/);
    await table(admin).locator('.ant-table-row').first().waitFor();
    await screenshot(admin, 'system-admin-users-by-dept');
  });

  it('password reset with nothing selected warns; with a selection it asks first', async () => {
    await admin.getByTestId('action-resetPassword').click();
    await admin.getByText('请选择至少一条数据').waitFor();
    await row(admin, 'inspector').locator('.ant-checkbox-input').check();
    await admin.getByTestId('action-resetPassword').click();
    await admin.getByText('确定将选择账号密码重置为初始密码?').waitFor();
    await screenshot(admin, 'system-admin-reset-confirm');
    await admin.getByRole('button', { name: /取\s*消/ }).click();
  });
});

describe('in English', () => {
  it('the schema pages and their actions follow the language', async () => {
    const page = await signedInAs('admin', 'admin');
    await page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content: 'en', datetime: Date.now() })));
    await open(page, '/system/user');
    await page.getByTestId('action-resetPassword').getByText('Reset password').waitFor();
    await page.getByTestId('filter-tree').getByPlaceholder('Search department').waitFor();
    await screenshot(page, 'system-admin-users-en');
    await open(page, '/system/role');
    await page.getByTestId('action-grant').click();
    await page.getByText('Please select at least one record').waitFor();
    await page.context().close();
  });
});
