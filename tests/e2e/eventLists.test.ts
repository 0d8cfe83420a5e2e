/**
 * Issue 12's event lists in Chromium against a real server: one register
 * (inspect/event) on three menu pages — 待签收, 处理中, 已完成 — each listing
 * its own states through its own binding. A row offers the transitions its
 * state and the signed-in user allow (a manager signs for and assigns a
 * 待签收 event, an inspector does not; the reporter may withdraw it); signing
 * for from the list moves the row to 处理中; the handler's 处理 dialog
 * requires the result, uploads a photo and moves the row to 待复核, where the
 * handler is not offered the review (four eyes). In Chinese and English.
 */
import zlib from 'node:zlib';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../api/testServer.js';
import { type BrowserSuite, clickRowAction, openedDialog, screenshot, signedInPage, startBrowserSuite } from './browser.js';

const TENANT = '100001';
// Every event of this file carries the marker, so the pages are opened searched by it (demo events stay out of sight).
const MARK = `列表测试${Date.now() % 100000}`;
const WAITING = `${MARK}坝顶裂缝`;
const SIGNED = `${MARK}溢洪道阻水`;
const RETURNED = `${MARK}重复上报`;
const RACED = `${MARK}背水坡散浸`;
const LATE = `${MARK}闸门启闭机故障`;
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

let t: TestServer;
let browser: Browser;
let suite: BrowserSuite | undefined;
const tokens: Record<string, string> = {};
const pages: Page[] = [];
let reservoirId: string;

const call = async (who: string, path: string, body?: unknown): Promise<Body> => {
  const answer = await t.api(path, { token: tokens[who], body, method: body === undefined ? 'GET' : 'POST' });
  expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.data;
};

/** A small real PNG (a blue square), as a photo from a phone would be. */
function bluePng(size = 48): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [30, 100, 220]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function report(title: string, level: number): Promise<string> {
  const saved = await call('inspector', '/api/v1/inspect/event/save', { title, reservoirId, eventType: 1, level, description: '端到端列表测试' });
  return String(saved.id ?? saved);
}

async function pageAs(account: string): Promise<Page> {
  const page = await signedInPage(browser, t.url, { tenantId: TENANT, account });
  pages.push(page);
  return page;
}

/** Opens one of the three event pages searched by this file's marker and waits for its table. */
async function openList(page: Page, path: string): Promise<Locator> {
  await page.goto(`${t.url}${path}?title=${encodeURIComponent(MARK)}`);
  const table = page.getByTestId('crud-table');
  await table.waitFor();
  await expect.poll(() => table.locator('.ant-spin-spinning').count()).toBe(0);
  return table;
}

const rowOf = (table: Locator, title: string) => table.locator('.ant-table-row', { hasText: title });

/** The row of an event once its actions are drawn (the view button comes first on every row). */
async function readyRow(table: Locator, title: string): Promise<Locator> {
  const row = rowOf(table, title);
  await row.getByTestId('row-view').waitFor();
  return row;
}

/** The actions a row offers: those shown in the row and those under its 更多 menu. */
async function rowActionKeys(row: Locator): Promise<string[]> {
  await row.getByTestId('row-view').waitFor();
  const keys = await row.locator('[data-testid^="row-"]').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-testid')!));
  if (!keys.includes('row-more')) return keys;
  await row.getByTestId('row-more').click();
  const menu = row.page().locator('.ant-dropdown:visible');
  await menu.waitFor();
  const more = await menu.locator('[data-testid^="row-"]').evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')!));
  await row.page().keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  return [...keys.filter((key) => key !== 'row-more'), ...more];
}
const titlesIn = async (table: Locator) => (await table.locator('.ant-table-row').allInnerTexts()).join('\n');

async function setLanguage(page: Page, language: 'zh' | 'en'): Promise<void> {
  await page.evaluate((content) => localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content, datetime: Date.now() })), language);
}

beforeAll(async () => {
  suite = await startBrowserSuite();
  ({ server: t, browser } = suite);
  for (const account of ['inspector', 'farm_admin', 'subject_admin']) tokens[account] = await t.signIn(TENANT, account);
  reservoirId = (await t.db.query(`SELECT id::text AS id FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY code LIMIT 1`, [TENANT])).rows[0]
    .id;
  await report(WAITING, 2);
  await report(SIGNED, 1);
  await report(RACED, 1);
  const late = await report(LATE, 1);
  const { id: inspectorId } = (await t.db.query(`SELECT id::text AS id FROM blade_user WHERE tenant_id = $1 AND account = 'inspector'`, [TENANT])).rows[0];
  await call('farm_admin', `/api/v1/inspect/event/assign?id=${late}`, { handlerId: inspectorId, deadline: yesterday, opinion: '请尽快处理' });
  const returned = await report(RETURNED, 1);
  await call('farm_admin', `/api/v1/inspect/event/sendBack?id=${returned}`, { opinion: '与已有事件重复' });
});

afterAll(async () => {
  for (const page of pages) await page.context().close();
  await suite?.close();
});

describe('three pages of one register, each with its own states', () => {
  let manager: Page;

  it('待签收 lists the events awaiting signature: a 重大 grade as a red tag, the state as a tag', async () => {
    manager = await pageAs('farm_admin');
    const table = await openList(manager, '/event/received/index');
    await rowOf(table, WAITING).waitFor();
    await rowOf(table, SIGNED).waitFor();
    expect(await titlesIn(table)).not.toContain(RETURNED);
    const waiting = rowOf(table, WAITING);
    await expect.poll(() => waiting.locator('.ant-tag-red').innerText()).toBe('重大隐患');
    await expect.poll(() => waiting.locator('.ant-tag', { hasText: '待签收' }).count()).toBe(1);
    const headers = await table.locator('thead th').allInnerTexts();
    for (const column of ['事件编号', '事件标题', '水库', '隐患等级', '事件状态', '上报人', '处理人', '办结期限']) expect(headers).toContain(column);
  });

  it('a manager is offered 签收 and 交办 on a 待签收 row, not the reporter’s 撤回', async () => {
    const row = rowOf(await openList(manager, '/event/received/index'), WAITING);
    // The row's actions follow the session (buttons, the signed-in user for the guards): asked again until they have come.
    const offered = ['row-action-accept', 'row-action-assign', 'row-action-sendBack', 'row-action-discretion'];
    await expect.poll(() => rowActionKeys(row), { timeout: 15_000 }).toEqual(expect.arrayContaining(offered));
    const keys = await rowActionKeys(row);
    // Not the reporter; and AI纠错 only on an event raised by an AI alarm.
    expect(keys).not.toContain('row-action-withdrawl');
    expect(keys).not.toContain('row-action-aiCorrect');
    await screenshot(manager, 'event-lists-received-zh');
  });

  it('an inspector (the reporter) is offered 撤回 but neither 签收 nor 交办', async () => {
    const inspector = await pageAs('inspector');
    const keys = await rowActionKeys(rowOf(await openList(inspector, '/event/received/index'), WAITING));
    expect(keys).toContain('row-action-withdrawl');
    expect(keys).not.toContain('row-action-accept');
    expect(keys).not.toContain('row-action-assign');
    await screenshot(inspector, 'event-lists-received-inspector-zh');
  });

  it('each page is headed by its menu name; a river chief sees 待签收 as 问题台账 and may sign for', async () => {
    await manager.locator('.crud-title', { hasText: '待签收' }).waitFor();
    const chief = await pageAs('river_chief');
    const table = await openList(chief, '/event/received/index');
    await chief.locator('.crud-title', { hasText: '问题台账' }).waitFor();
    expect(await rowActionKeys(await readyRow(table, WAITING))).toContain('row-action-accept');
  });

  it('处理中 shows a deadline that has passed in red, and the handler’s name', async () => {
    const row = await readyRow(await openList(manager, '/event/processing/index'), LATE);
    await row.locator('.cell-overdue', { hasText: yesterday }).waitFor();
    // The inspector reported it and was assigned it: reporter and handler by name.
    await expect.poll(() => row.getByText('黄永福').count()).toBe(2);
    // The table scrolls sideways: bring the deadline into view for the picture.
    await manager.locator('.crud-table .ant-table-content').evaluate((table) => table.scrollTo({ left: table.scrollWidth }));
    await screenshot(manager, 'event-lists-processing-zh');
  });

  it('已完成 lists the finished events (here: one sent back), not those still open', async () => {
    const table = await openList(manager, '/event/terminated/index');
    await rowOf(table, RETURNED).locator('.ant-tag', { hasText: '已退回' }).waitFor();
    expect(await titlesIn(table)).not.toContain(WAITING);
    // The page's own buttons: no 新增 here.
    expect(await manager.getByTestId('crud-add').count()).toBe(0);
  });
});

describe('moving an event from the list', () => {
  let handler: Page;

  it('signing for a 待签收 event from its row moves it to 处理中', async () => {
    handler = await pageAs('farm_admin');
    const received = await openList(handler, '/event/received/index');
    await clickRowAction(await readyRow(received, SIGNED), 'action-accept');
    const dialog = await openedDialog(handler);
    await dialog.getByText('确定签收该事件？签收后由您处理。').waitFor();
    await handler.getByTestId('action-confirm-ok').click();
    await handler.getByText('操作成功').first().waitFor();
    await expect.poll(() => rowOf(received, SIGNED).count()).toBe(0);

    const processing = await openList(handler, '/event/processing/index');
    const row = rowOf(processing, SIGNED);
    await row.locator('.ant-tag', { hasText: '处理中' }).waitFor();
    // The one who signed for it is its handler: 处理 is theirs.
    await row.getByTestId('row-action-process').waitFor();
  });

  it('the 处理 dialog requires the result, uploads a photo and moves the event to 待复核', async () => {
    const processing = await openList(handler, '/event/processing/index');
    await clickRowAction(await readyRow(processing, SIGNED), 'action-process');
    const dialog = await openedDialog(handler);
    const form = dialog.getByTestId('action-fields-dialog');
    await form.locator('.ant-formily-item', { hasText: '处理结果' }).locator('.ant-formily-item-asterisk').waitFor();
    await handler.getByTestId('action-fields-ok').click();
    await form.getByText('请输入处理结果').waitFor();

    await form.locator('.ant-formily-item', { hasText: '处理结果' }).locator('textarea').fill('已清理溢洪道内的漂浮物和树枝');
    await form.getByTestId('photo-upload').locator('input[type=file]').setInputFiles({ name: 'after.png', mimeType: 'image/png', buffer: bluePng() });
    const thumbnail = form.locator('.ant-upload-list-item-done img');
    await thumbnail.waitFor();
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(48);
    await screenshot(handler, 'event-lists-process-dialog-zh');
    await handler.getByTestId('action-fields-ok').click();
    await handler.getByText('操作成功').first().waitFor();

    const row = rowOf(processing, SIGNED);
    await row.locator('.ant-tag', { hasText: '待复核' }).waitFor();
    // Four eyes: the handler does not review their own work.
    expect(await row.getByTestId('row-action-audit').count()).toBe(0);
    const [event] = (await call('farm_admin', `/api/v1/inspect/event/processPage?title=${encodeURIComponent(SIGNED)}&current=1&size=10`)).records;
    expect(event.result).toBe('已清理溢洪道内的漂浮物和树枝');
    expect(event.afterPhotos).toHaveLength(1);
  });

  it('another manager reviews it: 通过 / 退回重办 as radio buttons, and 通过 completes it', async () => {
    const reviewer = await pageAs('subject_admin');
    const processing = await openList(reviewer, '/event/processing/index');
    const row = await readyRow(processing, SIGNED);
    await expect.poll(() => rowActionKeys(row)).toContain('row-action-audit');
    await clickRowAction(row, 'action-audit');
    const dialog = await openedDialog(reviewer);
    const choice = dialog.locator('.ant-formily-item', { hasText: '复核结果' });
    expect(await choice.locator('.ant-radio-wrapper').allInnerTexts()).toEqual(['通过', '退回重办']);
    await screenshot(reviewer, 'event-lists-audit-dialog-zh');
    await choice.getByText('通过').click();
    await reviewer.getByTestId('action-fields-ok').click();
    await reviewer.getByText('操作成功').first().waitFor();
    await expect.poll(() => rowOf(processing, SIGNED).count()).toBe(0);
    const terminated = await openList(reviewer, '/event/terminated/index');
    await rowOf(terminated, SIGNED).locator('.ant-tag', { hasText: '已完成' }).waitFor();
  });
});

describe('a move the server refuses', () => {
  it('signing for an event someone else signed for meanwhile shows the server’s message and changes nothing', async () => {
    const late = await pageAs('farm_admin');
    const received = await openList(late, '/event/received/index');
    const row = await readyRow(received, RACED);
    const [event] = (await call('subject_admin', `/api/v1/inspect/event/acceptPage?title=${encodeURIComponent(RACED)}&current=1&size=10`)).records;
    await call('subject_admin', `/api/v1/inspect/event/accept?id=${event.id}`, {});
    await clickRowAction(row, 'action-accept');
    await openedDialog(late);
    await late.getByTestId('action-confirm-ok').click();
    await late
      .getByText(/当前状态不允许签收/)
      .first()
      .waitFor();
    expect(await late.getByText('操作成功').count()).toBe(0);
    // The list shows the event where it is now: no longer awaiting signature.
    await expect.poll(() => rowOf(received, RACED).count()).toBe(0);
    const [after] = (await call('subject_admin', `/api/v1/inspect/event/processPage?title=${encodeURIComponent(RACED)}&current=1&size=10`)).records;
    const { id: winner } = (await t.db.query(`SELECT id::text AS id FROM blade_user WHERE tenant_id = $1 AND account = 'subject_admin'`, [TENANT])).rows[0];
    expect(String(after.handlerId)).toBe(winner);
    expect(after.status).toBe(2);
  });
});

describe('in English', () => {
  it('the lists, tags and action dialogs read in English', async () => {
    const page = await pageAs('farm_admin');
    await setLanguage(page, 'en');
    const table = await openList(page, '/event/received/index');
    const row = await readyRow(table, WAITING);
    await page.locator('.crud-title', { hasText: 'To be signed for' }).waitFor();
    await row.locator('.ant-tag', { hasText: 'Awaiting acceptance' }).waitFor();
    await row.locator('.ant-tag-red', { hasText: 'Major hazard' }).waitFor();
    await row.getByTestId('row-action-accept').getByText('Sign for').waitFor();
    await screenshot(page, 'event-lists-received-en');
    await clickRowAction(row, 'action-assign');
    const dialog = await openedDialog(page);
    const handler = dialog.locator('.ant-formily-item', { hasText: 'Handler' });
    await handler.locator('.ant-formily-item-asterisk').waitFor();
    await dialog.locator('.ant-formily-item', { hasText: 'Deadline' }).locator('.ant-picker').waitFor();
    // Required: checked before anything is posted.
    await page.getByTestId('action-fields-ok').click();
    await handler.getByText('Choose handler').waitFor();
    await handler.locator('.ant-formily-item-error-help').waitFor();
    // The tenant's users, searchable by name.
    await handler.locator('.ant-select-selector').click();
    await page.keyboard.type('林建华');
    await page.locator('.ant-select-dropdown:visible').getByText('林建华').waitFor();
    await screenshot(page, 'event-lists-assign-dialog-en');
    // Closing the picker, then the dialog: nothing was assigned.
    while (await page.getByTestId('action-fields-dialog').isVisible()) await page.keyboard.press('Escape');
    await readyRow(table, WAITING);
  });
});
