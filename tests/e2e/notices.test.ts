/**
 * Notices in Chromium against a real server (platform-core §2, §7, §9; the
 * notices contract): the administrator of tenant 100001 publishes an
 * announcement on /desk/notice; the inspector of the tenant then sees the
 * bell count the server counts, finds the announcement under the popover's
 * 通知 tab, opens it on /system/notification with its content (the count
 * drops by one), marks a message read and all messages read on
 * /message/index (the count follows, down to none), deletes a message after
 * the confirmation (gone from the database), opens a business message by
 * its address and follows 查看详情 to its record, clears the read notices,
 * and reads the page in English.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../api/testServer.js';
import { type BrowserSuite, openedDialog, screenshot, signedInPage, startBrowserSuite } from './browser.js';

const TENANT = '100001';
const TITLE = '关于开展汛前安全检查的通知';
const CONTENT = '请各水库于本周五前完成汛前安全检查, 并上报检查记录。';
const ORDER_TYPES_EN = ['Sentiment order', 'Work order', 'Inspection plan', 'Inspection record', 'Maintenance record', 'Cleaning record', 'Announcement'];

let t: TestServer;
let browser: Browser;
let suite: BrowserSuite | undefined;
let inspectorId: string;
let inspectorToken: string;
let announcementId: string;

beforeAll(async () => {
  suite = await startBrowserSuite();
  ({ server: t, browser } = suite);
  const user = await t.db.query<{ id: string }>(`SELECT id::text AS id FROM blade_user WHERE tenant_id = $1 AND account = 'inspector' AND is_deleted = 0`, [
    TENANT,
  ]);
  inspectorId = user.rows[0].id;
  inspectorToken = await t.signIn(TENANT, 'inspector');
});
afterAll(() => suite?.close());

/** The inspector's unread count as the server answers it (all kinds, or one). */
async function unreadCount(kind?: 'business' | 'announcement'): Promise<number> {
  const answer = await t.api(`/api/v1/inspect/notice/countUnread${kind ? `?kind=${kind}` : ''}`, { token: inspectorToken });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return Number(answer.body.data);
}

/** What the bell's badge shows: its count, or 0 when it shows none. */
async function badgeCount(page: Page): Promise<number> {
  const count = page.getByTestId('unread-badge').locator('.ant-badge-count');
  if ((await count.count()) === 0) return 0;
  return Number(await count.getAttribute('title'));
}

const table = (page: Page) => page.getByTestId('notice-table');
const rowOf = (page: Page, id: string) => table(page).locator(`tr[data-row-key="${id}"]`);

describe('an announcement published on /desk/notice', () => {
  it('the administrator creates it through the schema page and it is delivered to every enabled user of the tenant', async () => {
    const page = await signedInPage(browser, t.url, { tenantId: TENANT, account: 'admin' });
    await page.goto(`${t.url}/desk/notice`);
    await page.getByTestId('crud-add').click();
    const dialog = await openedDialog(page);
    await dialog.getByPlaceholder('请输入通知标题').fill(TITLE);
    const category = dialog.locator('.ant-formily-item', { has: page.locator('.ant-formily-item-label', { hasText: '通知类型' }) });
    await category.locator('.ant-select-selector').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '发布通知' }).click();
    await dialog.getByPlaceholder('请输入通知内容').fill(CONTENT);
    await dialog.getByTestId('entity-dialog-save').click();
    await page.getByText('新增成功').waitFor();
    await page.getByTestId('crud-table').locator('.ant-table-row', { hasText: TITLE }).waitFor();
    await page.context().close();

    const notice = await t.db.query<{ id: string }>(`SELECT id::text AS id FROM desk_notice WHERE tenant_id = $1 AND title = $2 AND is_deleted = 0`, [
      TENANT,
      TITLE,
    ]);
    expect(notice.rows).toHaveLength(1);
    announcementId = notice.rows[0].id;
    const delivered = await t.db.query<{ user_id: string }>(
      `SELECT user_id::text AS user_id FROM sys_notice_message WHERE tenant_id = $1 AND business_id = $2 AND kind = 'announcement' AND is_deleted = 0`,
      [TENANT, announcementId],
    );
    expect(delivered.rows.map((row) => row.user_id)).toContain(inspectorId);
  });
});

describe('the inspector’s bell, popover and inbox pages', () => {
  let page: Page;
  let messageId: string;
  beforeAll(async () => {
    page = await signedInPage(browser, t.url, { tenantId: TENANT, account: 'inspector' });
  });
  afterAll(() => page?.context().close());

  it('the badge shows the unread count the server counts', async () => {
    const expected = await unreadCount();
    expect(expected).toBeGreaterThan(0);
    await expect.poll(() => badgeCount(page)).toBe(Math.min(expected, 99));
  });

  it('the popover lists the newest unread; the announcement is under 通知', async () => {
    await page.getByTestId('tool-bell').click();
    const popover = page.getByTestId('bell-popover');
    await popover.waitFor();
    // 消息 first: the newest unread business messages, as many as the server has (at most five).
    const business = Math.min(await unreadCount('business'), 5);
    await expect.poll(() => popover.getByTestId('bell-list-business').getByTestId('bell-item').count()).toBe(business);
    await screenshot(page, 'notices-popover');
    await popover.getByTestId('bell-tab-announcement').click();
    const item = popover.getByTestId('bell-list-announcement').getByTestId('bell-item').filter({ hasText: TITLE });
    await item.waitFor();
    // Only for the picture: the tab has finished switching.
    await page.waitForTimeout(400);
    await screenshot(page, 'notices-popover-announcements');
  });

  it('choosing it opens /system/notification with its content, and the badge drops by one', async () => {
    const before = await badgeCount(page);
    const message = await t.db.query<{ id: string }>(
      `SELECT id::text AS id FROM sys_notice_message WHERE user_id = $1 AND business_id = $2 AND is_deleted = 0`,
      [inspectorId, announcementId],
    );
    messageId = message.rows[0].id;
    await page.getByTestId('bell-popover').getByTestId('bell-item').filter({ hasText: TITLE }).click();
    await page.waitForURL((url) => url.pathname === '/system/notification' && url.searchParams.get('id') === messageId);
    const detail = page.getByTestId('notice-detail');
    await expect
      .poll(() =>
        detail
          .getByTestId('notice-detail-content')
          .innerText()
          .catch(() => ''),
      )
      .toBe(CONTENT);
    expect(await page.getByTestId('notice-detail-title').innerText()).toBe(TITLE);
    expect(await detail.getByTestId('notice-detail-category').innerText()).toBe('发布通知');
    await expect.poll(() => badgeCount(page)).toBe(before - 1);
    expect(await badgeCount(page)).toBe(Math.min(await unreadCount(), 99));
    const read = await t.db.query<{ read_status: number }>(`SELECT read_status FROM sys_notice_message WHERE id = $1`, [messageId]);
    expect(Number(read.rows[0].read_status)).toBe(1);
    await screenshot(page, 'notices-notification-detail');
    await page.getByTestId('notice-detail-close').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('id')).toBeNull();
    await page.getByTestId('notice-detail').waitFor({ state: 'detached' });
    await rowOf(page, messageId).waitFor();
    expect(await rowOf(page, messageId).innerText()).toContain('已读');
    await screenshot(page, 'notices-notification');
  });

  it('on /message/index one message is marked read, then all: the badge follows', async () => {
    await page.goto(`${t.url}/message/index`);
    await page.getByTestId('notice-tab-unread').click();
    const unread = await t.db.query<{ id: string }>(
      `SELECT id::text AS id FROM sys_notice_message WHERE user_id = $1 AND kind = 'business' AND read_status = 0 AND is_deleted = 0 ORDER BY create_time DESC, id DESC`,
      [inspectorId],
    );
    expect(unread.rows.length, 'the demo seed gives the inspector unread business messages').toBeGreaterThan(1);
    const first = unread.rows[0].id;
    await rowOf(page, first).waitFor();
    await expect.poll(() => table(page).locator('.ant-spin-spinning').count()).toBe(0);
    await screenshot(page, 'notices-message-index');
    const before = await badgeCount(page);
    await rowOf(page, first).locator('.ant-checkbox-input').check();
    await page.getByTestId('notice-mark-read').click();
    // Under 未读 the row leaves the list; the database and the badge agree.
    await expect.poll(() => rowOf(page, first).count()).toBe(0);
    const row = await t.db.query<{ read_status: number }>(`SELECT read_status FROM sys_notice_message WHERE id = $1`, [first]);
    expect(Number(row.rows[0].read_status)).toBe(1);
    await expect.poll(() => badgeCount(page)).toBe(before - 1);

    await page.getByTestId('notice-read-all').click();
    await expect.poll(() => table(page).locator('.ant-table-row').count()).toBe(0);
    expect(await unreadCount('business')).toBe(0);
    await expect.poll(() => badgeCount(page)).toBe(await unreadCount());
  });

  it('全部已读 in the popover’s 通知 tab leaves the badge at none', async () => {
    await page.getByTestId('tool-bell').click();
    const popover = page.getByTestId('bell-popover');
    await popover.getByTestId('bell-tab-announcement').click();
    if ((await unreadCount('announcement')) > 0) await popover.getByTestId('bell-read-all-announcement').click();
    await expect.poll(() => popover.getByTestId('bell-list-announcement').getByTestId('bell-item').count()).toBe(0);
    await popover.getByText('暂无未读通知').waitFor();
    expect(await unreadCount()).toBe(0);
    await expect.poll(() => badgeCount(page)).toBe(0);
    await page.keyboard.press('Escape');
    await page.mouse.click(700, 600);
  });

  it('a message is deleted after the confirmation: gone from the list and the database', async () => {
    await page.getByTestId('notice-tab-all').click();
    const rows = table(page).locator('.ant-table-row');
    await rows.first().waitFor();
    const id = (await rows.first().getAttribute('data-row-key'))!;
    await rowOf(page, id).locator('.ant-checkbox-input').check();
    await page.getByTestId('notice-remove').click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定删除选中的 1 条消息?' });
    await confirm.waitFor();
    // Only for the picture: the dialog has finished appearing.
    await page.waitForTimeout(400);
    await screenshot(page, 'notices-delete-confirm');
    await confirm.getByTestId('notice-confirm-ok').click();
    await expect.poll(() => rowOf(page, id).count()).toBe(0);
    const left = await t.db.query(`SELECT 1 FROM sys_notice_message WHERE id = $1 AND is_deleted = 0`, [id]);
    expect(left.rows).toHaveLength(0);
  });

  it('/message/index?id= opens a business message; 查看详情 leads to the record its type names', async () => {
    const found = await t.db.query<{ id: string; business_id: string; title: string; content: string }>(
      `SELECT id::text AS id, business_id, title, content FROM sys_notice_message WHERE user_id = $1 AND kind = 'business' AND order_type = 4 AND is_deleted = 0 LIMIT 1`,
      [inspectorId],
    );
    expect(found.rows, 'the demo seed gives the inspector an inspection-record message').toHaveLength(1);
    const message = found.rows[0];
    await page.goto(`${t.url}/message/index?id=${message.id}`);
    const detail = page.getByTestId('notice-detail');
    await expect
      .poll(() =>
        detail
          .getByTestId('notice-detail-content')
          .innerText()
          .catch(() => ''),
      )
      .toBe(message.content);
    expect(await page.getByTestId('notice-detail-title').innerText()).toBe(message.title);
    expect(await detail.innerText()).toContain('巡查记录');
    await screenshot(page, 'notices-message-detail');
    await page.getByTestId('notice-open-target').click();
    await page.waitForURL((url) => url.pathname === '/inspect/inspectRecord/detail' && url.searchParams.get('id') === message.business_id);
    await page.goto(`${t.url}/message/index`);
  });

  it('清空已读 on /system/notification removes the read notices after the confirmation, and only those', async () => {
    await page.goto(`${t.url}/system/notification`);
    await table(page).locator('.ant-table-row').first().waitFor();
    const unread = await t.db.query(`SELECT 1 FROM sys_notice_message WHERE user_id = $1 AND kind = 'announcement' AND read_status = 0 AND is_deleted = 0`, [
      inspectorId,
    ]);
    await page.getByTestId('notice-remove-read').click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定清空全部已读消息?' });
    await confirm.getByTestId('notice-confirm-ok').click();
    await expect.poll(() => table(page).locator('.ant-table-row').count()).toBe(unread.rows.length);
    const left = await t.db.query<{ read_status: number }>(
      `SELECT read_status FROM sys_notice_message WHERE user_id = $1 AND kind = 'announcement' AND is_deleted = 0`,
      [inspectorId],
    );
    expect(left.rows.map((row) => Number(row.read_status))).toEqual(unread.rows.map(() => 0));
    // Business messages are another list: untouched.
    const business = await t.db.query(`SELECT 1 FROM sys_notice_message WHERE user_id = $1 AND kind = 'business' AND is_deleted = 0`, [inspectorId]);
    expect(business.rows.length).toBeGreaterThan(0);
    await page.goto(`${t.url}/message/index`);
  });

  it('the English switch reads the page, its types and the popover in English', async () => {
    await page.getByTestId('language-switch').hover();
    await page.locator('.ant-dropdown:visible').getByText('English').click();
    const inbox = page.getByTestId('notice-page-business');
    await inbox.getByText('System messages').waitFor();
    const headers = (await table(page).locator('thead th').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
    expect(headers).toEqual(['Title', 'Type', 'Time', 'Status']);
    for (const label of ['All', 'Unread', 'Read']) expect(await page.getByTestId(`notice-tab-${label.toLowerCase()}`).innerText()).toBe(label);
    for (const label of ['Mark as read', 'Mark all as read', 'Delete', 'Clear read']) await inbox.getByRole('button', { name: label }).waitFor();
    const types = await typeColumn(table(page));
    expect(types.length).toBeGreaterThan(0);
    expect(
      types.every((text) => ORDER_TYPES_EN.includes(text)),
      types.join(', '),
    ).toBe(true);
    await screenshot(page, 'notices-message-index-en');
    await page.getByTestId('tool-bell').click();
    const popover = page.getByTestId('bell-popover');
    await expect.poll(() => popover.getByTestId('bell-tab-business').innerText()).toBe('Messages');
    expect(await popover.getByTestId('bell-tab-announcement').innerText()).toBe('Notices');
    await popover.getByText('No unread messages').waitFor();
  });
});

/** The texts of the Type column of the shown rows. */
async function typeColumn(list: Locator): Promise<string[]> {
  const headers = (await list.locator('thead th').allInnerTexts()).map((text) => text.trim());
  const index = headers.indexOf('Type');
  return list.locator(`tbody tr.ant-table-row > td:nth-child(${index + 1})`).allInnerTexts();
}
