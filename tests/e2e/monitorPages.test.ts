/**
 * The monitoring pages in Chromium against a real server (tenant 100001,
 * signed in as its administrator). Readings are posted through the manual
 * entry API before the pages open: a water-level station climbing above its
 * reservoir's flood limit in the last day, and a rain station's readings
 * around the 08:00 boundaries of a hydrological day. Checked: 水雨情监测 lists
 * the station with its latest level and marks it above the flood limit (and
 * its chart opens); /monitor/water-level shows the chart and the readings of
 * the station and range, exports them as an .xlsx, and a manual entry through
 * the dialog appears in the table; the rainfall day report shows the
 * hand-computed hydrological-day total; the key texts read in English after
 * the switch. Screenshots: test-results/screenshots/monitor-*.png.
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import type { TestServer } from '../api/testServer.js';
import { stationNow, wallMs, wallTime } from '../../src/web/pages/monitor/monitorChartData.js';
import { type BrowserSuite, openedDialog, screenshot, signedInPage, startBrowserSuite } from './browser.js';

const TENANT = '100001';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestServer;
let browser: Browser;
let suite: BrowserSuite | undefined;
let token: string;
let page: Page;
let level: { id: string; stationName: string; reservoirId: string };
let rain: { id: string; stationName: string };
let reservoirName: string;
let floodLimit: number;
let latestLevel: number;
/** The hydrological day the rainfall readings test: (D-1 08:00, D 08:00]. */
let day: string;

async function post(family: string, body: Record<string, unknown>): Promise<void> {
  const answer = await t.api(`/api/v1/monitor/${family}/save`, { token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** Waits until a table has stopped loading. */
async function settled(testId: string) {
  const table = page.getByTestId(testId);
  await table.waitFor();
  await table
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  return table;
}

/** Chooses a station of the query bar by typing its name (the list is long). */
async function chooseStation(name: string): Promise<void> {
  const select = page.getByTestId('monitor-station');
  await select.locator('.ant-select-selector').click();
  await select.locator('input').fill(name);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).first().click();
  await expect.poll(() => select.innerText()).toContain(name);
  await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
}

/** A screenshot of the page from its query bar down. */
async function pageShot(name: string): Promise<void> {
  await page.getByTestId('monitor-query').scrollIntoViewIfNeeded();
  await screenshot(page, name);
}

beforeAll(async () => {
  suite = await startBrowserSuite();
  ({ server: t, browser } = suite);
  token = await t.signIn(TENANT, 'admin');
  const stations = (monitorType: number) =>
    t.api(`/api/v1/info/station/listAll?monitorType=${monitorType}`, { token }).then((answer) => answer.body.data as Record<string, string>[]);
  const levelStations = await stations(1);
  const rainStations = await stations(2);
  // A reservoir with both a level and a rain station, and a flood limit.
  for (const candidate of levelStations) {
    const reservoir = (await t.api(`/api/v1/reservoir/detail?id=${candidate.reservoirId}`, { token })).body.data;
    const rainStation = rainStations.find((row) => row.reservoirId === candidate.reservoirId);
    if (typeof reservoir?.floodLimitWaterLevel === 'number' && rainStation) {
      level = { id: String(candidate.id), stationName: candidate.stationName, reservoirId: String(candidate.reservoirId) };
      rain = { id: String(rainStation.id), stationName: rainStation.stationName };
      reservoirName = reservoir.name;
      floodLimit = reservoir.floodLimitWaterLevel;
      break;
    }
  }
  expect(level, 'a demo reservoir with a level station, a rain station and a flood limit').toBeDefined();

  // The level rises through the last 30 hours and ends 0.35 m above the flood limit.
  const now = wallMs(stationNow());
  const lastHour = Math.floor(now / HOUR) * HOUR;
  for (let i = 30; i >= 0; i -= 2) {
    const value = Math.round((floodLimit - 0.8 + ((30 - i) / 30) * 1.15) * 1000) / 1000;
    await post('waterLevel', { stationId: level.id, element: 1, observeTime: wallTime(lastHour - i * HOUR), value });
    latestLevel = value;
  }

  // Rainfall around the day D (yesterday by the calendar): 08:00 closes a day, 08:05 opens the next.
  const today = Math.floor(now / DAY) * DAY;
  day = wallTime(today - DAY).slice(0, 10);
  const at = (dayMs: number, hour: number, minute: number) => wallTime(dayMs + hour * HOUR + minute * 60_000);
  const readings: [string, number][] = [
    [at(today - 2 * DAY, 8, 0), 1.0], // closes D-1
    [at(today - 2 * DAY, 8, 5), 2.5], // D
    [at(today - 2 * DAY, 20, 0), 4.2], // D
    [at(today - DAY, 8, 0), 0.6], // D (closes it)
    [at(today - DAY, 8, 5), 7.0], // D+1
  ];
  for (const [observeTime, value] of readings) await post('rainfall', { stationId: rain.id, element: 2, observeTime, value });

  page = await signedInPage(browser, t.url, { tenantId: TENANT, account: 'admin' });
});
beforeEach(() => {
  onTestFailed(async ({ task }) => {
    await screenshot(page, `monitor-failed-${task.name.slice(0, 24).replace(/[^A-Za-z0-9]+/g, '-')}`).catch(() => undefined);
  });
});
afterAll(async () => {
  await suite?.close();
});

describe('水雨情监测', () => {
  it('lists the level station with its latest level and marks it above its flood limit; its chart opens', async () => {
    await page.goto(`${t.url}/rain-monitoring/water-situation/index`);
    const table = await settled('situation-levels');
    const row = table.locator('.ant-table-row').filter({ hasText: level.stationName }).first();
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain(latestLevel.toFixed(2));
    await expect.poll(() => row.innerText()).toContain(reservoirName);
    const alert = row.getByTestId('situation-margin-alert');
    await alert.waitFor();
    expect(await alert.getAttribute('data-state')).toBe('aboveFloodLimit');
    expect(await alert.innerText()).toContain('+0.35');
    expect(await alert.innerText()).toContain('超汛限');
    await expect
      .poll(async () => Number(await page.getByTestId('situation-above-flood').locator('.ant-statistic-content-value').innerText()))
      .toBeGreaterThan(0);
    await page.getByTestId('situation-rains').locator('.ant-table-row').filter({ hasText: rain.stationName }).first().waitFor();
    await screenshot(page, 'monitor-situation-zh');

    await row.getByTestId('situation-level-station').click();
    const chart = page.getByTestId('situation-chart');
    await chart.locator('canvas').first().waitFor();
    // The level's 16 readings and the reservoir's hourly rainfall within the 7 days.
    expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThanOrEqual(16);
    expect(await chart.getAttribute('data-kind')).toBe('dualAxes');
    await screenshot(page, 'monitor-situation-chart-zh');
    await page.keyboard.press('Escape');
  });
});

describe('库水位', () => {
  it('shows the chart and the readings of the station over the chosen range', async () => {
    await page.goto(`${t.url}/monitor/water-level`);
    await page.getByTestId('monitor-family-waterLevel').waitFor();
    await chooseStation(level.stationName);
    const chart = page.getByTestId('monitor-chart');
    await expect.poll(async () => Number(await chart.getAttribute('data-points'))).toBe(16);
    await chart.locator('canvas').first().waitFor();
    const table = await settled('crud-table');
    await expect.poll(() => table.locator('.ant-table-row').first().innerText()).toContain(String(latestLevel));
    await expect.poll(() => page.locator('.ant-pagination-total-text').first().innerText()).toContain('16');
    await pageShot('monitor-water-level-zh');

    // The last 24 hours hold 13 of the 16 readings (every 2 h from 24 h ago).
    await page.getByTestId('monitor-quick').getByText('近24小时').click();
    await expect.poll(async () => Number(await chart.getAttribute('data-points'))).toBe(12);
    await expect.poll(() => page.locator('.ant-pagination-total-text').first().innerText()).toContain('12');
  });

  it('exports the readings as an .xlsx', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('crud-export').click()]);
    const file = await download.path();
    expect(file).toBeTruthy();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(fs.readFileSync(file!) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const cells: string[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value))));
    expect(cells).toContain(level.stationName);
    expect(cells.some((cell) => cell.startsWith(String(latestLevel)))).toBe(true);
  });

  it('adds a manual reading through the dialog, which then appears in the table', async () => {
    await page.getByTestId('crud-add').click();
    const dialog = await openedDialog(page);
    // Later than the last posted reading (on the hour), so it heads the table even just after the hour.
    const minute = Math.floor(wallMs(stationNow()) / 60_000) * 60_000;
    const time = wallTime(Math.max(minute - 7 * 60_000, Math.floor(minute / HOUR) * HOUR + 60_000));
    const input = dialog.locator('.ant-formily-item', { hasText: '观测时间' }).locator('.ant-picker input');
    await input.click();
    await input.fill(time);
    await input.press('Enter');
    // Still above the flood limit, so the situation stays as the English test reads it.
    const value = Math.round((floodLimit + 0.517) * 1000) / 1000;
    await dialog.locator('.ant-formily-item', { hasText: '测值' }).locator('input').fill(String(value));
    await screenshot(page, 'monitor-manual-entry-zh');
    await dialog.getByTestId('entity-dialog-save').click();
    await dialog.waitFor({ state: 'hidden' });
    const table = await settled('crud-table');
    await expect.poll(() => table.locator('.ant-table-row').first().innerText()).toContain(String(value));
    await expect.poll(() => table.locator('.ant-table-row').first().innerText()).toContain(time);
    const stored = await t.api(`/api/v1/monitor/waterLevel/list?stationId=${level.id}&current=1&size=1`, { token });
    expect(stored.body.data.records[0]).toMatchObject({ value, observeTime: time, source: 3 });
  });
});

describe('雨量 day report', () => {
  it('shows the hydrological day total counted by hand: 2.5 + 4.2 + 0.6 = 7.3 mm (08:00 closes the day, 08:05 opens the next)', async () => {
    await page.goto(`${t.url}/monitor/rainfall`);
    await chooseStation(rain.stationName);
    await page.getByTestId('monitor-tab-report').click();
    const picker = page.getByTestId('monitor-report-date');
    await picker.click();
    await picker.fill(day);
    await picker.press('Enter');
    const table = await settled('monitor-report-table');
    const summary = table.locator('.monitor-report-summary').first();
    await summary.waitFor();
    expect(await summary.innerText()).toContain('7.3');
    // The 09:00 hour holds the 08:05 reading; the last hour (08:00) the one at 08:00.
    await expect.poll(() => table.locator('.ant-table-row').filter({ hasText: '09:00' }).first().innerText()).toContain('2.5');
    await screenshot(page, 'monitor-rain-day-report-zh');
  });
});

describe('in English', () => {
  it('reads the situation and the water-level page in English', async () => {
    await page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content: 'en', datetime: Date.now() })));
    await page.goto(`${t.url}/rain-monitoring/water-situation/index`);
    await page.getByText('Rain and water situation').first().waitFor();
    const row = (await settled('situation-levels')).locator('.ant-table-row').filter({ hasText: level.stationName }).first();
    await expect.poll(() => row.getByTestId('situation-margin-alert').innerText()).toContain('Above flood limit');
    await page.getByText('Reservoirs above flood limit').waitFor();
    await page.getByText('Latest level (m)').first().waitFor();
    await screenshot(page, 'monitor-situation-en');
    await page.goto(`${t.url}/monitor/water-level`);
    await chooseStation(level.stationName);
    await page.getByTestId('monitor-quick').getByText('Last 7 days').waitFor();
    await page.getByText('Readings').first().waitFor();
    await page.getByTestId('monitor-chart').locator('canvas').first().waitFor();
    await pageShot('monitor-water-level-en');
  });
});
