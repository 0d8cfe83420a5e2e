/**
 * The camera AI alarms in the console, in Chromium against a real server
 * (tenant 100001, signed in as the subject administrator 陈志强): the
 * history page lists the demo alarms with their photos, filters them by
 * type and handling, previews the AI-annotated photo with its labels, turns
 * a freshly ingested alarm into an event assigned to the inspector (which
 * then appears on 处理中), marks another as 误报 and exports the list; the
 * video wall's 轮巡设置 saves a rotation and the wall then rotates through
 * the chosen cameras. Screenshots in zh and en land in
 * test-results/screenshots/camera-warnings-*.png.
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import type { TestServer } from '../api/testServer.js';
import { type BrowserSuite, openedDialog, screenshot, signedInPage, startBrowserSuite } from './browser.js';

const TENANT = '100001';
const RUN = Date.now().toString(36).slice(-5);
const KEY = `e2e-ingest-key-${RUN}-0123456789abcdefghij`;
const PAGE = '/monitor/video/historyWarning';

let t: TestServer;
let browser: Browser;
let suite: BrowserSuite | undefined;
let token: string;
let page: Page;
let cameras: { id: string; name: string; reservoirId: string }[];
const fresh = { assign: `E2E-${RUN}-assign`, ignore: `E2E-${RUN}-ignore` };
const ids: Record<string, string> = {};

async function ingest(alarmId: string, description: string): Promise<string> {
  const account = (await t.api('/api/v2/inspect/cameraAccount/list', { token })).body.data.records[0].id;
  const answer = await t.api('/api/v2/inspect/cameraWarning/ingest', {
    headers: { 'X-Camera-Account': account, 'X-Ingest-Key': KEY },
    body: {
      alarms: [
        {
          alarmId,
          cameraId: cameras[0].id,
          alarmType: 3,
          alarmTime: '2026-11-25 07:30:00',
          photoUrl: `${t.url}/img/demo-alarms/fishing.jpg`,
          annotatedUrl: `${t.url}/img/demo-alarms/fishing-ai.jpg`,
          labels: [{ label: '垂钓', confidence: 0.93, box: [292, 118, 74, 92] }],
          confidence: 0.93,
          description,
        },
      ],
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.items[0].id;
}

async function warning(id: string) {
  return (await t.api(`/api/v2/inspect/cameraWarning/detail?id=${id}`, { token })).body.data;
}

/** Waits for the table to settle after a search. */
async function settled(): Promise<Locator> {
  const table = page.getByTestId('warning-table');
  await table.waitFor();
  await table
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  return table;
}

const rowOf = (id: string) => page.getByTestId('warning-table').locator(`.ant-table-row[data-row-key="${id}"]`);

/** Chooses an option of one of the search form's selects. */
async function choose(testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).locator('.ant-select-selector').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

beforeAll(async () => {
  suite = await startBrowserSuite();
  ({ server: t, browser } = suite);
  token = await t.signIn(TENANT, 'admin');
  const account = (await t.api('/api/v2/inspect/cameraAccount/list', { token })).body.data.records[0].id;
  expect((await t.api('/api/v2/inspect/cameraAccount/update', { token, body: { id: account, ingestKey: KEY } })).status).toBe(200);
  cameras = (await t.api('/api/v2/inspect/camera/list?size=100', { token })).body.data.records;
  ids.assign = await ingest(fresh.assign, `E2E ${RUN} 坝前有人垂钓`);
  ids.ignore = await ingest(fresh.ignore, `E2E ${RUN} 疑似垂钓`);
  page = await signedInPage(browser, t.url, { tenantId: TENANT, account: 'subject_admin' });
});
beforeEach(() => {
  onTestFailed(async ({ task }) => {
    await screenshot(page, `camera-warnings-failed-${task.name.slice(0, 24).replace(/[^A-Za-z0-9]+/g, '-')}`).catch(() => undefined);
  });
});
afterAll(async () => {
  await suite?.close();
});

describe('AI历史告警', () => {
  it('lists the alarms with photos, newest first, and filters by type', async () => {
    await page.goto(`${t.url}${PAGE}`);
    const table = await settled();
    await expect.poll(() => table.locator('.ant-table-row').count()).toBeGreaterThan(3);
    await expect.poll(() => table.getByTestId('warning-photo').count()).toBeGreaterThan(3);
    await screenshot(page, 'camera-warnings-list-zh');
    await choose('filter-type', '烟火');
    await page.getByTestId('warning-search-submit').click();
    await expect.poll(async () => (await settled()).locator('.ant-table-row').count()).toBe(1);
    await expect.poll(() => table.locator('.ant-table-row').first().innerText()).toContain('库区右岸山坡疑似烟火');
  });

  it('previews the AI-annotated photo with its labels', async () => {
    await page.getByTestId('warning-table').locator('.ant-table-row').first().locator('.ant-image').click();
    const preview = page.locator('.ant-image-preview-img');
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toContain('/img/demo-alarms/smoke-ai.jpg');
    await page.getByTestId('warning-preview-labels').getByText('烟雾 77%').waitFor();
    await screenshot(page, 'camera-warnings-preview-zh');
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });
  });

  it('turns an unhandled alarm into an event assigned to the inspector, which appears on 处理中', async () => {
    await page.getByTestId('warning-search-reset').click();
    await choose('filter-status', '未处理');
    await page.getByTestId('warning-search-submit').click();
    await settled();
    const row = rowOf(ids.assign);
    await row.waitFor();
    await row.getByTestId('warning-assign').click();
    const dialog = await openedDialog(page);
    await dialog.getByTestId('assign-handler').click();
    const picker = page.locator('.ant-modal').filter({ hasText: '选择处理人' }).last();
    await picker.getByPlaceholder('请输入姓名').fill('黄永福');
    await picker.getByPlaceholder('请输入姓名').press('Enter');
    await picker.locator('.ant-table-row').filter({ hasText: '黄永福' }).first().click();
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => dialog.getByTestId('assign-handler').innerText()).toContain('黄永福');
    await dialog.getByTestId('assign-type').locator('.ant-select-selector').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    expect(await dialog.getByTestId('assign-title').inputValue()).toContain('垂钓');
    await dialog.getByTestId('assign-opinion').fill('请到坝前劝离垂钓人员');
    await screenshot(page, 'camera-warnings-assign-zh');
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect.poll(async () => (await warning(ids.assign)).handleStatus).toBe(1);
    const eventId = (await warning(ids.assign)).eventId;
    const event = (await t.api(`/api/v2/inspect/event/detail/${eventId}`, { token })).body.data;
    expect(event).toMatchObject({ source: 2, status: 2, cameraWarningId: ids.assign });
    await expect.poll(() => rowOf(ids.assign).count()).toBe(0);

    await page.goto(`${t.url}/event/processing/index`);
    await page.getByTestId('crud-table').locator(`.ant-table-row[data-row-key="${eventId}"]`).waitFor();
    await screenshot(page, 'camera-warnings-event-processing-zh');
  });

  it('marks another as 误报 and links the handled one to its event', async () => {
    await page.goto(`${t.url}${PAGE}`);
    await settled();
    const row = rowOf(ids.ignore);
    await row.waitFor();
    await row.getByTestId('warning-ignore').click();
    const dialog = await openedDialog(page);
    await dialog.getByTestId('ignore-opinion').fill('是管理所钓鱼竿晾晒');
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect.poll(async () => (await warning(ids.ignore)).handleStatus).toBe(2);
    await expect.poll(() => row.getByTestId('warning-status').innerText()).toContain('误报');
    await expect.poll(() => row.getByTestId('warning-ignore').count()).toBe(0);
    await rowOf(ids.assign).getByTestId('warning-event').waitFor();
  });

  it('exports the filtered list as an .xlsx', async () => {
    await choose('filter-type', '垂钓');
    await page.getByTestId('warning-search-submit').click();
    await settled();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('warning-export').click()]);
    const file = await download.path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(fs.readFileSync(file!) as unknown as ArrayBuffer);
    const rows = (workbook.worksheets[0].getSheetValues() as unknown[][]).slice(1).map((r) => r.slice(1).map(String));
    expect(rows[0]).toEqual(expect.arrayContaining(['告警类型', '摄像头', '所属水库']));
    expect(rows.slice(1).length).toBeGreaterThanOrEqual(2);
    expect(rows.slice(1).every((r) => r.includes('垂钓'))).toBe(true);
  });

  it('reads in English', async () => {
    await page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content: 'en', datetime: Date.now() })));
    await page.goto(`${t.url}${PAGE}`);
    await settled();
    await page.getByTestId('warning-table').getByText('Alarm type').first().waitFor();
    await page.getByTestId('warning-table').getByText('Smoke or fire').first().waitFor();
    await screenshot(page, 'camera-warnings-list-en');
    await page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content: 'zh', datetime: Date.now() })));
  });
});

describe('实时视频 with 轮巡', () => {
  it('saves a rotation through 轮巡设置 and the wall rotates through the chosen cameras', async () => {
    await page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content: 'zh', datetime: Date.now() })));
    await page.goto(`${t.url}/monitor/video/index`);
    await page.getByTestId('video-wall-page').waitFor();
    await page.getByTestId('wall-rotation').getByText('未开启轮巡').waitFor();
    await page.getByTestId('polling-settings').click();
    const dialog = await openedDialog(page);
    await dialog.getByTestId('polling-enabled').click();
    await dialog.locator('input#intervalSeconds').fill('10');
    await dialog.getByTestId('polling-split').getByText('1 画面').click();
    const [first, second] = [cameras[1], cameras[0]];
    // A multiple select stays open while choosing: the order of the clicks is the rotation's order.
    await dialog.getByTestId('polling-cameras').locator('.ant-select-selector').click();
    for (const camera of [first, second]) {
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: camera.name }).first().click();
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await screenshot(page, 'camera-warnings-polling-dialog-zh');
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect
      .poll(async () => (await t.api('/api/v2/inspect/camera/pollingParams', { token })).body.data)
      .toEqual({ enabled: true, intervalSeconds: 10, split: 1, cameraIds: [first.id, second.id] });
    await page.getByTestId('wall-rotation').getByText('轮巡中').waitFor();
    const cell = page.getByTestId('wall-cell');
    await expect.poll(() => cell.count()).toBe(1);
    expect(await cell.getAttribute('data-camera-id')).toBe(first.id);
    await screenshot(page, 'camera-warnings-wall-zh');
    await expect.poll(() => cell.getAttribute('data-camera-id'), { timeout: 20_000 }).toBe(second.id);
    await expect.poll(() => page.getByTestId('wall-rotation').innerText()).toContain('2/2');
  });
});
