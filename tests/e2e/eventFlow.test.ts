/**
 * Issue 12 end to end, in Chromium against a real server: a hidden danger
 * found by the inspector goes report (the inspector, in the form of
 * 待签收) → sign for (farm_admin 林建华) → assign with a deadline (the
 * competent department, subject_admin 陈志强, to 林建华) → process with a
 * photo uploaded in the dialog (林建华) → audit, passed (陈志强: never the
 * handler), each step taken in the console by the user whose turn it is.
 * At every step the event is in the list of its state and only there; the
 * next actor's inbox (page and bell) holds the message and opens the
 * work-order page with the event; the detail page's timeline shows every
 * step with who, the opinion and its photos. The key steps run again in
 * English; a public report opens on /province/detail with the phone
 * masked; events raised from an inspection record or a camera AI alarm show
 * where they came from; an unknown event id shows "not found". Screenshots of every page
 * land in test-results/screenshots/event-*.png.
 */
import { eventActionName } from '../../src/shared/eventActions.js';
import zlib from 'node:zlib';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed, vi } from 'vitest';
import type { TestServer } from '../api/testServer.js';
import { type BrowserSuite, chooseOption, clickRowAction, formItem, openedDialog, screenshot, signedInPage, startBrowserSuite } from './browser.js';

const TENANT = '100001';
const RUN = Date.now().toString(36).slice(-5);
const TITLE = `下游坝脚散浸-${RUN}`;
const TITLE_EN = `Seepage at the dam toe ${RUN}`;
const RESULT = '已开挖导渗沟并铺设反滤层，散浸点已无明水';
const INSTRUCTION = '请三日内完成导渗处理并上传处理照片';
const REVIEW = '现场复核导渗有效，同意办结';
const DEADLINE = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

let t: TestServer;
let browser: Browser;
let suite: BrowserSuite | undefined;
const tokens: Record<string, string> = {};
const userIds: Record<string, string> = {};
const pages: Record<string, Page> = {};
let reservoir: { id: string; name: string };
let eventId: string;
let eventNo: string;

/** A real PNG (a solid colour square), as a phone camera would upload one. */
function png(size: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type), data])) >>> 0);
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function call(account: string, path: string, body?: unknown): Promise<Body> {
  const answer = await t.api(path, { token: tokens[account], body, method: body === undefined ? 'GET' : 'POST' });
  expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.data;
}

const detailOf = (id: string): Promise<Body> => call('admin', `/api/v2/inspect/event/detail/${id}`);

/** Stores a picture as an attachment the way a client uploads one (multipart `file`), answering its link. */
async function uploadAs(account: string, name: string, picture: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), name);
  const response = await fetch(`${t.url}/api/blade-resource/oss/endpoint/put-file-attach`, {
    method: 'POST',
    headers: { 'Blade-Auth': `bearer ${tokens[account]}` },
    body: form,
  });
  const answer = (await response.json()) as Body;
  expect(response.status, JSON.stringify(answer)).toBe(200);
  return answer.data.link;
}

const actionOf = eventActionName;

/** The business messages of a user about an event (the inbox's rows). */
async function messagesAbout(account: string, id: string): Promise<Body[]> {
  const page = await call(account, '/api/v1/inspect/notice/list?kind=business&current=1&size=100');
  return page.records.filter((message: Body) => String(message.businessId) === id);
}

/** Uploads a PNG through the dialog's photo field and waits until it is stored. */
async function uploadPhoto(item: Locator, name: string, colour: [number, number, number]): Promise<void> {
  const upload = item.getByTestId('photo-upload');
  const before = await upload.locator('.ant-upload-list-item').count();
  await upload.locator('input[type=file]').setInputFiles({ name, mimeType: 'image/png', buffer: png(96, colour) });
  await expect.poll(() => upload.locator('.ant-upload-list-item-done').count(), { timeout: 15_000 }).toBe(before + 1);
}

const LISTS = { received: '/event/received/index', processing: '/event/processing/index', terminated: '/event/terminated/index' } as const;
type ListName = keyof typeof LISTS;

/** Opens a list page and answers the event's row there (after waiting for the table). */
async function rowIn(page: Page, list: ListName, id = eventId): Promise<Locator> {
  await page.goto(`${t.url}${LISTS[list]}`);
  await page.getByTestId('crud-table').waitFor();
  await page
    .locator('.crud-table .ant-spin-spinning, [data-testid="crud-table"] .ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  return page.getByTestId('crud-table').locator(`.ant-table-row[data-row-key="${id}"]`);
}

/** The event is in this list page and in no other of the three. */
async function expectOnlyIn(page: Page, list: ListName, id = eventId): Promise<void> {
  for (const name of Object.keys(LISTS) as ListName[]) {
    const row = await rowIn(page, name, id);
    if (name === list) await row.waitFor();
    else await expect.poll(() => row.count(), { message: `the event is not in ${name}` }).toBe(0);
  }
}

beforeAll(async () => {
  suite = await startBrowserSuite();
  ({ server: t, browser } = suite);
  for (const account of ['admin', 'inspector', 'farm_admin', 'subject_admin']) {
    tokens[account] = await t.signIn(TENANT, account);
    userIds[account] = (
      await t.db.query<{ id: string }>(`SELECT id::text AS id FROM blade_user WHERE tenant_id = $1 AND account = $2 AND is_deleted = 0`, [TENANT, account])
    ).rows[0].id;
  }
  // A reservoir the inspector reaches (the report form offers the reservoirs of the reporter's scope).
  const reachable: Body[] = await call('inspector', '/api/v1/reservoir/listAll');
  reservoir = { id: String(reachable[0].id), name: reachable[0].name };
  for (const account of ['inspector', 'farm_admin', 'subject_admin']) pages[account] = await signedInPage(browser, t.url, { tenantId: TENANT, account });
}, 120_000);
// Every step waits on a real server and a browser on a shared machine.
vi.setConfig({ testTimeout: 150_000 });
beforeEach(() => {
  // What each signed-in user saw when a step failed, to look at.
  onTestFailed(async () => {
    for (const [account, page] of Object.entries(pages)) await screenshot(page, `event-flow-failed-${account}`).catch(() => undefined);
  });
});
afterAll(async () => {
  for (const page of Object.values(pages)) await page.context().close();
  await suite?.close();
});

describe('a hidden danger from report to completion, in Chinese', () => {
  it('the inspector reports it in the form of 待签收: it waits to be signed for, the log holds the report', async () => {
    const page = pages.inspector;
    await page.goto(`${t.url}${LISTS.received}`);
    await page.getByTestId('crud-add').click();
    const dialog = await openedDialog(page);
    await formItem(dialog, '事件标题').locator('input').fill(TITLE);
    await chooseOption(page, formItem(dialog, '水库'), reservoir.name);
    await chooseOption(page, formItem(dialog, '隐患类型'), '散浸');
    await chooseOption(page, formItem(dialog, '部位'), '坝脚及排水棱体');
    await formItem(dialog, '事件描述').locator('textarea').fill('下游坝脚出现约2平方米散浸区，坡面潮湿，未见集中渗流');
    await formItem(dialog, '位置').locator('input').fill('下游坡桩号0+120坝脚');
    await screenshot(page, 'event-flow-report-form');
    await dialog.getByTestId('entity-dialog-save').click();
    await page.getByTestId('crud-table').getByText(TITLE).waitFor();

    const found = await t.db.query<{ id: string }>(`SELECT id::text AS id FROM inspect_event WHERE tenant_id = $1 AND title = $2 AND is_deleted = 0`, [
      TENANT,
      TITLE,
    ]);
    expect(found.rows).toHaveLength(1);
    eventId = found.rows[0].id;
    const event = await detailOf(eventId);
    eventNo = event.eventNo;
    expect(eventNo).toMatch(/^SJ\d{8}\d{4}$/);
    expect(event).toMatchObject({ status: 1, reservoirId: reservoir.id, reporterId: userIds.inspector, eventType: 7, damPart: 4, source: 1 });
    expect(event.logs.map((log: Body) => actionOf(log.action))).toEqual(['report']);
    await expectOnlyIn(page, 'received');
    await screenshot(page, 'event-flow-received-zh');
  });

  it('the farm administrator finds the report in the inbox; it opens the work-order page with the event', async () => {
    const page = pages.farm_admin;
    await expect.poll(async () => (await messagesAbout('farm_admin', eventId)).length).toBeGreaterThan(0);
    const [message] = await messagesAbout('farm_admin', eventId);
    await page.goto(`${t.url}/message/index`);
    await page.getByTestId('notice-table').locator(`tr[data-row-key="${message.id}"]`).getByTestId('notice-title').click();
    await page.getByTestId('notice-detail').waitFor();
    await page.getByTestId('notice-open-target').click();
    await page.waitForURL((url) => url.pathname === '/order/info/detail' && url.searchParams.get('id') === eventId);
    await page.getByTestId('work-order-page').waitFor();
    expect(await page.getByTestId('event-number').innerText()).toContain(eventNo);
    expect(await page.getByTestId('event-title').innerText()).toBe(TITLE);
    await expect.poll(() => page.getByTestId('event-status').innerText()).toBe('待签收');
    await screenshot(page, 'event-flow-work-order-report');
  });

  it('the farm administrator signs for it on 待签收: it moves to 处理中 with him as handler', async () => {
    const page = pages.farm_admin;
    const row = await rowIn(page, 'received');
    await row.waitFor();
    await clickRowAction(row, 'action-accept');
    await (await openedDialog(page)).getByTestId('action-confirm-ok').click();
    await expect.poll(async () => (await detailOf(eventId)).status).toBe(2);
    const event = await detailOf(eventId);
    expect(event.handlerId).toBe(userIds.farm_admin);
    expect(event.acceptTime).toBeTruthy();
    await expectOnlyIn(page, 'processing');
  });

  it('the competent department assigns it to the farm administrator with a deadline and an instruction', async () => {
    const page = pages.subject_admin;
    const row = await rowIn(page, 'processing');
    await row.waitFor();
    await clickRowAction(row, 'action-assign');
    const dialog = page.getByTestId('action-fields-dialog');
    await dialog.waitFor();
    await chooseOption(page, formItem(dialog, '处理人'), '林建华');
    const deadline = formItem(dialog, '办结期限').locator('input');
    await deadline.click();
    await deadline.fill(DEADLINE);
    await deadline.press('Enter');
    await formItem(dialog, '意见').locator('textarea').fill(INSTRUCTION);
    await screenshot(page, 'event-flow-assign-dialog');
    await dialog.getByTestId('action-fields-ok').click();
    await expect.poll(async () => (await detailOf(eventId)).deadline ?? null).toContain(DEADLINE);
    expect(await detailOf(eventId)).toMatchObject({ status: 2, handlerId: userIds.farm_admin });
  });

  it("the handler's bell holds the assignment; it opens the work order, whose 派单 stage shows the steps so far", async () => {
    const page = pages.farm_admin;
    await expect.poll(async () => (await messagesAbout('farm_admin', eventId)).length).toBeGreaterThan(1);
    const [latest] = await messagesAbout('farm_admin', eventId);
    await page.goto(`${t.url}/wel/index`);
    await page.getByTestId('tool-bell').click();
    await page.getByTestId('bell-popover').waitFor();
    await page.getByTestId('bell-item').filter({ hasText: latest.title }).first().click();
    await page.waitForURL((url) => url.pathname === '/order/info/detail' && url.searchParams.get('id') === eventId);
    const dispatch = page.getByTestId('work-order-dispatch');
    await dispatch.getByTestId('event-step-accept').waitFor();
    await dispatch.getByTestId('event-step-assign').waitFor();
    expect(await dispatch.getByTestId('event-step-assign').innerText()).toContain(INSTRUCTION);
    expect(await page.getByTestId('work-order-handle').getByTestId('event-step-process').count()).toBe(0);
    await screenshot(page, 'event-flow-work-order-assigned');
  });

  it('the handler handles it with a photo of the repaired slope, uploaded in the dialog: it waits for review', async () => {
    const page = pages.farm_admin;
    const row = await rowIn(page, 'processing');
    await row.waitFor();
    await clickRowAction(row, 'action-process');
    const dialog = page.getByTestId('action-fields-dialog');
    await dialog.waitFor();
    await formItem(dialog, '处理结果').locator('textarea').fill(RESULT);
    await uploadPhoto(formItem(dialog, '处理后照片'), 'after.png', [60, 150, 90]);
    await screenshot(page, 'event-flow-process-dialog');
    await dialog.getByTestId('action-fields-ok').click();
    await expect.poll(async () => (await detailOf(eventId)).status).toBe(3);
    const event = await detailOf(eventId);
    expect(event.result).toBe(RESULT);
    expect(event.afterPhotos).toHaveLength(1);
    const processLog = event.logs.find((log: Body) => actionOf(log.action) === 'process');
    expect(processLog.photos).toEqual(event.afterPhotos);
    await expectOnlyIn(page, 'processing');
  });

  it('the competent department, told of the handling, reviews it as passed (four eyes: not the handler): it is completed', async () => {
    await expect.poll(async () => (await messagesAbout('subject_admin', eventId)).length).toBeGreaterThan(0);
    const page = pages.subject_admin;
    const row = await rowIn(page, 'processing');
    await row.waitFor();
    await clickRowAction(row, 'action-audit');
    const dialog = page.getByTestId('action-fields-dialog');
    await dialog.waitFor();
    await dialog.locator('.ant-radio-wrapper').first().click();
    await formItem(dialog, '意见').locator('textarea').fill(REVIEW);
    await screenshot(page, 'event-flow-audit-dialog');
    await dialog.getByTestId('action-fields-ok').click();
    await expect.poll(async () => (await detailOf(eventId)).status).toBe(4);
    expect((await detailOf(eventId)).finishTime).toBeTruthy();
    await expectOnlyIn(page, 'terminated');
  });

  it('the detail page shows the event, its photos and every step with who, what, the opinion and the photos', async () => {
    const page = pages.subject_admin;
    await page.goto(`${t.url}/event/detail?id=${eventId}`);
    await page.getByTestId('event-detail-page').waitFor();
    await expect.poll(() => page.getByTestId('event-status').innerText()).toBe('已完成');
    const summary = page.getByTestId('event-summary');
    for (const text of [eventNo, reservoir.name, '散浸', '坝脚及排水棱体', '林建华', '黄永福', RESULT]) await summary.getByText(text).first().waitFor();
    await expect.poll(() => page.getByTestId('event-photos-after').locator('img').count()).toBe(1);
    // Photos are attachments served to the signed-in user: they must show (loaded), not as broken images.
    await expect
      .poll(() =>
        page
          .getByTestId('event-photos-after')
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    const timeline = page.getByTestId('event-timeline');
    const steps = await timeline.locator('[data-testid^="event-step-"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')));
    expect(steps).toEqual(['event-step-report', 'event-step-accept', 'event-step-assign', 'event-step-process', 'event-step-audit']);
    expect(await timeline.getByTestId('event-step-report').innerText()).toContain('黄永福');
    expect(await timeline.getByTestId('event-step-assign').innerText()).toContain(INSTRUCTION);
    expect(await timeline.getByTestId('event-step-process').locator('img').count()).toBe(1);
    expect(await timeline.getByTestId('event-step-audit').innerText()).toContain(REVIEW);
    // Nothing is left to do with a completed event.
    expect(await page.getByTestId('event-actions').locator('button').count()).toBe(0);
    await screenshot(page, 'event-flow-detail-zh');
    await page.goto(`${t.url}/inspect/inspectEvent/detail?id=${eventId}`);
    await page.getByTestId('event-detail-page').waitFor();
    expect(await page.getByTestId('event-number').innerText()).toContain(eventNo);
  });

  it("the reporter's inbox tells of the completion; the work order shows all three stages", async () => {
    const page = pages.inspector;
    await expect.poll(async () => (await messagesAbout('inspector', eventId)).length).toBeGreaterThan(0);
    await page.goto(`${t.url}/order/info/detail?id=${eventId}`);
    await page.getByTestId('work-order-page').waitFor();
    await page.getByTestId('work-order-handle').getByTestId('event-step-process').waitFor();
    await page.getByTestId('work-order-conclude').getByTestId('event-step-audit').waitFor();
    await screenshot(page, 'event-flow-work-order-zh');
  });

  it('an unknown event id shows a clear "not found" on each event page, not a blank page', async () => {
    const page = pages.farm_admin;
    for (const path of ['/event/detail', '/order/info/detail', '/province/detail']) {
      await page.goto(`${t.url}${path}?id=999999999999`);
      await page.getByTestId('event-not-found').getByText('未找到该事件').waitFor();
    }
    await screenshot(page, 'event-flow-not-found-zh');
  });
});

describe('the notice targets and origins', () => {
  it('a public report (舆情) opens on /province/detail: what was reported, its photo, the masked phone, the handling and the history', async () => {
    // The public's photo, as the hotline operator registers it with the report.
    const photo = await uploadAs('farm_admin', 'reported.png', png(96, [200, 60, 60]));
    const saved = await call('farm_admin', '/api/v2/inspect/event/save', {
      title: `群众反映溢洪道有人垂钓-${RUN}`,
      reservoirId: reservoir.id,
      eventType: 1,
      level: 3,
      source: 5,
      reporterPhone: '13812345678',
      description: '群众电话反映：溢洪道进口附近周末常有人垂钓，存在落水风险',
      location: '溢洪道进口',
      photos: [photo],
    });
    const page = pages.farm_admin;
    await page.goto(`${t.url}/province/detail?id=${saved.id}`);
    await page.getByTestId('public-report-page').waitFor();
    expect(await page.getByTestId('public-report-phone').innerText()).toBe('138****5678');
    await page.getByTestId('public-report').getByText('溢洪道进口附近周末常有人垂钓').waitFor();
    await page.getByTestId('public-report-handling').getByText('尚未答复').waitFor();
    await expect
      .poll(() =>
        page
          .getByTestId('event-photos-before')
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    await page.getByTestId('event-step-report').waitFor();
    // Signing for it is offered to the farm administrator here too.
    await page.getByTestId('event-action-accept').waitFor();
    await screenshot(page, 'event-flow-public-report-zh');
    await page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content: 'en', datetime: Date.now() })));
    await page.reload();
    await page.getByTestId('public-report-page').getByText('Reporter contact').waitFor();
    await screenshot(page, 'event-flow-public-report-en');
    await page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content: 'zh', datetime: Date.now() })));
  });

  it('a demo event raised from an abnormal inspection item links to its inspection record', async () => {
    const { rows } = await t.db.query<{ id: string; record_id: string }>(
      `SELECT id::text AS id, record_id::text AS record_id FROM inspect_event WHERE tenant_id = $1 AND is_deleted = 0 AND record_id IS NOT NULL ORDER BY id LIMIT 1`,
      [TENANT],
    );
    expect(rows, 'the demo data holds an event raised from an inspection record').toHaveLength(1);
    const page = pages.subject_admin;
    await page.goto(`${t.url}/event/detail?id=${rows[0].id}`);
    await page.getByTestId('event-open-record').waitFor();
    await screenshot(page, 'event-flow-origin-record-zh');
    await page.getByTestId('event-open-record').click();
    await page.waitForURL((url) => url.pathname === '/inspect/inspectRecord/detail' && url.searchParams.get('id') === rows[0].record_id);
  });

  it('a demo event assigned from a camera AI alarm shows the alarm photo beside the AI-annotated one', async () => {
    const { rows } = await t.db.query<{ id: string }>(
      `SELECT id::text AS id FROM inspect_event WHERE tenant_id = $1 AND is_deleted = 0 AND camera_warning_id IS NOT NULL ORDER BY id LIMIT 1`,
      [TENANT],
    );
    expect(rows, 'the demo data holds an event assigned from an AI alarm').toHaveLength(1);
    const annotated: Body[] = await call('subject_admin', '/api/v2/inspect/aiPhoto/aiPhoto/list', { eventId: rows[0].id });
    const page = pages.subject_admin;
    await page.goto(`${t.url}/event/detail?id=${rows[0].id}`);
    const origin = page.getByTestId('event-camera-origin');
    await origin.waitFor();
    await expect.poll(() => origin.locator('img').count()).toBeGreaterThan(0);
    await expect.poll(() => origin.getByTestId('event-ai-annotated').count()).toBe(annotated.filter((photo) => photo.annotatedUrl).length);
    await origin.scrollIntoViewIfNeeded();
    await screenshot(page, 'event-flow-origin-camera-zh');
  });
});

describe('the key steps in English', () => {
  let englishId: string;
  const english = (page: Page) =>
    page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content: 'en', datetime: Date.now() })));

  it('a report is signed for, handled with a photo and reviewed in the English console', async () => {
    englishId = String(
      (
        await call('inspector', '/api/v2/inspect/event/save', {
          title: TITLE_EN,
          reservoirId: reservoir.id,
          eventType: 7,
          level: 1,
          description: 'Wet patch at the toe',
        })
      ).id,
    );
    for (const page of [pages.farm_admin, pages.subject_admin]) await english(page);

    // Signed for by the farm administrator: he becomes the handler.
    let page = pages.farm_admin;
    let row = await rowIn(page, 'received', englishId);
    await row.waitFor();
    await clickRowAction(row, 'action-accept');
    await (await openedDialog(page)).getByTestId('action-confirm-ok').click();
    await expect.poll(async () => (await detailOf(englishId)).status).toBe(2);

    // Handled by him with a photo.
    row = await rowIn(page, 'processing', englishId);
    await row.waitFor();
    await clickRowAction(row, 'action-process');
    const dialog = page.getByTestId('action-fields-dialog');
    await dialog.waitFor();
    await formItem(dialog, 'What was done').locator('textarea').fill('Drain trench dug, filter laid');
    await uploadPhoto(formItem(dialog, 'Photos after'), 'after-en.png', [40, 120, 200]);
    await screenshot(page, 'event-flow-process-dialog-en');
    await dialog.getByTestId('action-fields-ok').click();
    await expect.poll(async () => (await detailOf(englishId)).status).toBe(3);

    // Reviewed as passed by the competent department.
    page = pages.subject_admin;
    row = await rowIn(page, 'processing', englishId);
    await row.waitFor();
    await clickRowAction(row, 'action-audit');
    const review = page.getByTestId('action-fields-dialog');
    await review.waitFor();
    await review.locator('.ant-radio-wrapper').first().click();
    await review.getByTestId('action-fields-ok').click();
    await expect.poll(async () => (await detailOf(englishId)).status).toBe(4);
  });

  it('the detail and work-order pages read in English', async () => {
    const page = pages.subject_admin;
    await page.goto(`${t.url}/event/detail?id=${englishId}`);
    await page.getByTestId('event-detail-page').waitFor();
    await expect.poll(() => page.getByTestId('event-status').innerText()).toBe('Completed');
    for (const text of ['Details', 'Site photos', 'Before', 'After', 'History']) await page.getByText(text, { exact: true }).first().waitFor();
    expect(await page.getByTestId('event-step-process').innerText()).toContain('Drain trench dug');
    await page.getByTestId('event-photos-after').locator('img').waitFor();
    await screenshot(page, 'event-flow-detail-en');
    await page.goto(`${t.url}/order/info/detail?id=${englishId}`);
    await page.getByTestId('work-order-page').getByText('Work order no.').waitFor();
    for (const text of ['Dispatch', 'Handling', 'Conclusion']) await page.getByText(text, { exact: true }).first().waitFor();
    await screenshot(page, 'event-flow-work-order-en');
    await page.goto(`${t.url}/event/detail?id=999999999999`);
    await page.getByTestId('event-not-found').getByText('Event not found').waitFor();
    await screenshot(page, 'event-flow-not-found-en');
  });
});
