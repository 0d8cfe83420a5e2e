/**
 * Live monitoring warnings in the console, in Chromium against a real server
 * (tenant 100001, its administrator signed in through the API): with 预警记录
 * open and its stream connected, a water level entered by hand above a limit
 * made through the API (/api/v1/monitor/indexLimit/save on a station of its
 * own) raises a warning — the shell's notification shows the red level,
 * reservoir, station, "库水位 123.45 m 超过汛限水位 100.00 m" and the time,
 * the bell's count goes up, and the list shows the new active row, marked,
 * without the page being loaded again; a reading back under the limit turns
 * the row to 已解除; after switching to English the next crossing reads in
 * English. The limits page /monitor/index-limit (generated from the
 * schema) lists the limit and offers the station, element and limit-kind
 * choices. Screenshots: test-results/screenshots/monitor-warnings-*.png.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import type { TestServer } from '../api/testServer.js';
import { stationNow, wallMs, wallTime } from '../../src/web/pages/monitor/monitorChartData.js';
import { openedDialog, screenshot, signedInThroughApi, startBrowserSuite, type BrowserSuite } from './browser.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Row = Record<string, any>;

const TENANT = '100001';
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const STATION_NAME = `E2E水位站${RUN}`;
const PAGE = '/monitor/warning-log';

let suite: BrowserSuite | undefined;
let t: TestServer;
let token: string;
let page: Page;
let reservoir: Row;
let stationId: string;
let limitId: string;

/** Wall-clock time in the tenant's zone minus some minutes, as the API writes datetimes. */
const shanghaiTime = (minutesAgo: number) => wallTime(wallMs(stationNow()) - minutesAgo * 60_000);

async function apiData(path: string, body?: unknown): Promise<Row> {
  const answer = await t.api(path, { token, body });
  expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.data;
}

/** A manual water-level entry (the evaluator runs in the save's transaction). */
async function enterLevel(value: number, minutesAgo: number): Promise<void> {
  await apiData('/api/v1/monitor/waterLevel/save', { stationId, element: 1, observeTime: shanghaiTime(minutesAgo), value });
}

async function warningsOfStation(): Promise<Row[]> {
  return (await apiData(`/api/v1/monitor/warningLog/list?stationId=${stationId}&size=50`)).records;
}

const table = () => page.getByTestId('warning-log-table');
const rowOf = (id: string) => table().locator(`.ant-table-row[data-row-key="${id}"]`);
/** The notification of one warning (the shell shows one per raised warning). */
const notificationOf = (id: string): Locator => page.locator('.ant-notification-notice').filter({ has: page.locator(`[data-warning-id="${id}"]`) });

async function unreadBadge(): Promise<number> {
  const text = await page
    .getByTestId('unread-badge')
    .locator('.ant-scroll-number')
    .first()
    .getAttribute('title')
    .catch(() => null);
  return Number(text ?? 0);
}

/** The page and the shell both listen before anything is entered: a warning raised earlier would not be pushed. */
async function streamOpen(): Promise<void> {
  await page.locator('[data-testid="warning-live"][data-status="open"]').waitFor();
  await page.locator('[data-testid="live-warnings"][data-status="open"]').waitFor({ state: 'attached' });
}

beforeAll(async () => {
  suite = await startBrowserSuite();
  t = suite.server;
  token = await t.signIn(TENANT, 'admin');
  reservoir = (await apiData('/api/v1/reservoir/list?size=1')).records[0];
  expect(reservoir?.id).toBeTruthy();
  await apiData('/api/v1/info/station/save', {
    stationCode: `E2EW${RUN}`,
    stationName: STATION_NAME,
    stationType: 3,
    monitorType: 1,
    reservoirId: reservoir.id,
  });
  stationId = (await apiData(`/api/v1/info/station/list?stationCode=E2EW${RUN}`)).records[0].id;
  await apiData('/api/v1/monitor/indexLimit/save', {
    stationId,
    element: 1,
    limitKind: 1,
    threshold: 100,
    warningLevel: 4,
    warningType: 1,
    name: '汛限水位',
    enabled: 1,
  });
  limitId = (await apiData(`/api/v1/monitor/indexLimit/list?stationId=${stationId}`)).records[0].id;
  page = (await signedInThroughApi(suite!.browser, t.url, { tenantId: TENANT, account: 'admin' })).page;
});
beforeEach(() => {
  onTestFailed(async ({ task }) => {
    await screenshot(page, `monitor-warnings-failed-${task.name.slice(0, 24).replace(/[^A-Za-z0-9]+/g, '-')}`).catch(() => undefined);
  });
});
afterAll(async () => {
  await suite?.close();
});

describe('live warnings', () => {
  let raisedId: string;

  it('a crossing entered through the API pops up a notification, raises the bell and appears on the open warning log', async () => {
    await page.goto(`${t.url}${PAGE}`);
    await table().waitFor();
    // The stream opens once the page has settled, so an open console still becomes network-idle (other tests wait for it).
    await page.waitForLoadState('networkidle');
    await streamOpen();
    await page.evaluate(() => ((window as unknown as Row).__sameDocument = true));
    const unreadBefore = await unreadBadge();

    await enterLevel(123.45, 6);
    const [warning] = await warningsOfStation();
    expect(warning).toMatchObject({ indexLimitId: limitId, warningState: 1, warningLevel: 4, startValue: 123.45 });
    raisedId = String(warning.id);

    const notice = notificationOf(raisedId);
    await notice.waitFor();
    expect(await notice.getByTestId('live-warning-title').innerText()).toContain(`${reservoir.name} · ${STATION_NAME}`);
    expect(await notice.getByTestId('live-warning-title').locator('.ant-tag-red').innerText()).toBe('红色预警');
    expect(await notice.getByTestId('live-warning').innerText()).toContain('库水位 123.45 m 超过汛限水位 100.00 m');
    expect(await notice.getByTestId('live-warning').innerText()).toContain(`预警时间：${warning.startTime}`);
    await expect.poll(unreadBadge).toBeGreaterThan(unreadBefore);

    const row = rowOf(raisedId);
    await row.waitFor();
    expect(await row.getAttribute('class')).toMatch(/warning-row-active/);
    expect(await row.getAttribute('class')).toMatch(/warning-row-live/);
    expect(await row.getByTestId('warning-state').innerText()).toBe('预警中');
    expect(await row.getByTestId('warning-level').innerText()).toBe('红色预警');
    expect(await row.innerText()).toContain(STATION_NAME);
    expect(await page.evaluate(() => (window as unknown as Row).__sameDocument)).toBe(true);
    await screenshot(page, 'monitor-warnings-raised-zh');
  });

  it('a reading back under the limit turns the row to 已解除 without a reload', async () => {
    await streamOpen();
    await page.evaluate(() => ((window as unknown as Row).__sameDocument = true));
    await enterLevel(95.5, 4);
    const row = rowOf(raisedId);
    await expect.poll(() => row.getByTestId('warning-state').innerText()).toBe('已解除');
    expect(await row.getAttribute('class')).not.toMatch(/warning-row-active/);
    expect(await row.getAttribute('class')).toMatch(/warning-row-cleared/);
    const [cleared] = await warningsOfStation();
    expect(cleared).toMatchObject({ id: raisedId, warningState: 2, lastValue: 95.5 });
    expect(await row.innerText()).toContain(cleared.endTime);
    expect(await page.evaluate(() => (window as unknown as Row).__sameDocument)).toBe(true);
    await screenshot(page, 'monitor-warnings-cleared-zh');
  });

  it('shows a warning in full and exports the list', async () => {
    await rowOf(raisedId).getByTestId('row-view').click();
    const dialog = await openedDialog(page);
    await dialog.getByText('预警内容').waitFor();
    expect(await dialog.innerText()).toContain('123.45');
    await screenshot(page, 'monitor-warnings-detail-zh');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('crud-export').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  });

  it('after switching to English the next crossing and the page read in English', async () => {
    await page.getByTestId('language-switch').first().hover();
    await page.locator('.ant-dropdown:visible').getByText('English').click();
    await page.getByTestId('warning-log-page').getByText('Warning log').first().waitFor();
    await streamOpen();
    expect(await page.getByTestId('warning-live').innerText()).toBe('Live');
    const headers = (await table().locator('thead th').allInnerTexts()).map((text) => text.trim());
    expect(headers).toEqual(expect.arrayContaining(['Station', 'Warning level', 'State', 'Raised at']));
    expect(await rowOf(raisedId).getByTestId('warning-state').innerText()).toBe('Cleared');
    // The red notice of the first crossing stays until closed, and follows the switch.
    await expect.poll(() => notificationOf(raisedId).getByTestId('live-warning').innerText()).toContain('Reservoir level 123.45 m above 汛限水位 100.00 m');

    await enterLevel(101.5, 3);
    const latest = (await warningsOfStation()).find((row) => String(row.id) !== raisedId);
    expect(latest).toMatchObject({ warningState: 1, startValue: 101.5 });
    const notice = notificationOf(String(latest!.id));
    await notice.waitFor();
    expect(await notice.getByTestId('live-warning-title').innerText()).toContain('Red warning');
    expect(await notice.getByTestId('live-warning').innerText()).toContain('Reservoir level 101.50 m above 汛限水位 100.00 m');
    expect(await notice.getByTestId('live-warning').innerText()).toContain(`Raised at ${latest!.startTime}`);
    expect(await notice.getByTestId('live-warning-open').innerText()).toBe('Open the warning log');
    const row = rowOf(String(latest!.id));
    await row.waitFor();
    expect(await row.getByTestId('warning-state').innerText()).toBe('Active');
    await screenshot(page, 'monitor-warnings-raised-en');
    await notice.getByTestId('live-warning-open').click();
    await expect.poll(() => notice.count()).toBe(0);
  });
});

describe('指标阈值 (generated page)', () => {
  const formItem = (form: Locator, label: string) => form.locator('.ant-formily-item', { has: page.locator('.ant-formily-item-label', { hasText: label }) });
  const visibleOptions = () => page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  async function choose(item: Locator, text: string): Promise<void> {
    await item.locator('.ant-select-selector').click();
    await visibleOptions().filter({ hasText: text }).first().click();
  }

  it('refuses an empty form, offers only what fits the station, and saves a limit that shows in the list', async () => {
    await page.getByTestId('language-switch').first().hover();
    await page.locator('.ant-dropdown:visible').getByText('中文').click();
    await page.goto(`${t.url}/monitor/index-limit`);
    const list = page.getByTestId('crud-table');
    const row = list.locator(`.ant-table-row[data-row-key="${limitId}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain(STATION_NAME);
    expect(await row.innerText()).toContain('汛限水位');

    await page.getByTestId('crud-add').click();
    const dialog = await openedDialog(page);
    await dialog.getByTestId('entity-dialog-save').click();
    for (const text of ['请选择测站', '请选择监测要素', '请选择阈值类型', '请填写阈值']) await dialog.getByText(text).first().waitFor();

    // The station list holds monitoring stations, named with what they measure; a level station's only element is chosen.
    await dialog.getByTestId('limit-station').locator('.ant-select-selector').click();
    await dialog.getByTestId('limit-station').locator('input').fill(RUN);
    await visibleOptions()
      .filter({ hasText: `${STATION_NAME} (E2EW${RUN}) · 水位` })
      .click();
    await expect.poll(() => dialog.getByTestId('limit-element').innerText()).toContain('库水位 (m)');
    await dialog.getByTestId('limit-kind').locator('.ant-select-selector').click();
    await expect.poll(() => visibleOptions().allInnerTexts()).toEqual(['高于（≥）', '低于（≤）']);
    await visibleOptions().filter({ hasText: '高于（≥）' }).click();
    await dialog.locator('.ant-input-number input').fill('130');
    await choose(formItem(dialog, '预警等级'), '橙色预警');
    await choose(formItem(dialog, '预警类型'), '超汛限水位');
    await formItem(dialog, '阈值名称').locator('input').fill('设计洪水位');
    await screenshot(page, 'monitor-warnings-index-limit-add-zh');
    await dialog.getByTestId('entity-dialog-save').click();
    await list.locator('.ant-table-row').filter({ hasText: '设计洪水位' }).first().waitFor();
    const saved = (await apiData(`/api/v1/monitor/indexLimit/list?stationId=${stationId}`)).records.find((limit: Row) => limit.name === '设计洪水位');
    expect(saved).toMatchObject({ element: 1, limitKind: 1, threshold: 130, warningLevel: 3, warningType: 1, reservoirId: reservoir.id });
  });
});
