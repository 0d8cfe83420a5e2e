/**
 * The four matrix screens (四全/四制/四预/四管) in Chromium at 1920×1080 with the demo data of 003189 (龙泉市, whose
 * big screen they are) and its demo readings: opened as the console opens them (a screen token in the address
 * fragment), /show-big-screen/index lands on 四全, the header's tabs switch between the four, each shows the figures
 * its endpoint answers, draws its charts and logs no error; English after the switch. Screenshots:
 * test-results/screenshots/matrix-*.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSuite, newDesktopPage, screenshot, startBrowserSuite } from './browser.js';

const TENANT = '003189';

let suite: BrowserSuite;
let accessToken: string;
let page: Page;
const problems: string[] = [];

/** What the screen's endpoint answers the same user (through the console's access token). */
async function answer(screen: string) {
  const response = await suite.server.api(`/api/v2/screen/matrix/${screen}`, { token: accessToken });
  expect(response.status).toBe(200);
  return response.body.data;
}

/** The number a ScreenStat shows, once loaded. */
async function statValue(testId: string): Promise<string> {
  const number = page.getByTestId(testId).locator('.screen-stat-number');
  await expect.poll(() => number.textContent(), { timeout: 30_000 }).not.toBe('–');
  return (await number.textContent()) ?? '';
}

/** Waits until a chart has drawn its canvas. */
async function chartDrawn(testId: string): Promise<void> {
  await page.getByTestId(testId).locator('canvas').first().waitFor({ timeout: 30_000 });
}

beforeAll(async () => {
  suite = await startBrowserSuite({ demoReadings: true });
  accessToken = await suite.server.signIn(TENANT, 'admin');
  const issued = await suite.server.api('/api/blade-screen/token?screen=screen_matrix', { method: 'POST', token: accessToken });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  page = await newDesktopPage(suite.browser, { width: 1920, height: 1080 });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  await page.goto(`${suite.server.url}/show-big-screen/index#screenToken=${encodeURIComponent(issued.body.data.token)}`);
}, 300_000);

afterAll(async () => {
  await suite?.close();
});

describe('the matrix screens of 003189', () => {
  it('/show-big-screen/index lands on 四全 with the screen token, which leaves the address', async () => {
    await page.waitForURL((url) => url.pathname === '/show-big-screen/siquan/index', { timeout: 60_000 });
    await page.getByTestId('matrix-screen-siquan').waitFor({ timeout: 60_000 });
    expect(new URL(page.url()).hash).not.toContain('screenToken');
    await expect.poll(() => page.getByTestId('screen-title').textContent()).toBe('水库运行管理矩阵 · 四全管理');
  });

  it('四全 shows the coverage, freshness and lifecycle its endpoint counts, and draws its charts', async () => {
    const data = await answer('siquan');
    expect(data.coverage.reservoirs).toBeGreaterThan(0);
    expect(await statValue('siquan-reservoirs')).toBe(String(data.coverage.reservoirs));
    expect(await statValue('siquan-registered')).toBe(String(data.lifecycle.registered));
    expect(await statValue('siquan-online-rate')).toBe(String(data.allWeather.onlineRate));
    await chartDrawn('siquan-elements');
    await chartDrawn('siquan-daily');
    await expect.poll(() => page.getByTestId('siquan-lifecycle').locator('tbody tr').count()).toBe(data.lifecycle.reservoirs.length);
    await screenshot(page, 'matrix-siquan');
  });

  it('the 四制 tab shows the responsible persons and the assessment', async () => {
    await page.getByTestId('screen-tab-sizhi').click();
    await page.waitForURL((url) => url.pathname === '/show-big-screen/sizhi/index');
    await page.getByTestId('matrix-screen-sizhi').waitFor();
    const data = await answer('sizhi');
    expect(await statValue('sizhi-complete')).toBe(String(data.responsibility.complete));
    await chartDrawn('sizhi-by-duty');
    await chartDrawn('sizhi-average');
    await expect.poll(() => page.getByTestId('sizhi-lowest').locator('tbody tr').count()).toBe(data.assessment.lowest.length);
    await screenshot(page, 'matrix-sizhi');
  });

  it('the 四预 tab shows rainfall, the level trend of the reservoir nearest its flood limit, warnings and plans', async () => {
    await page.getByTestId('screen-tab-siyu').click();
    await page.waitForURL((url) => url.pathname === '/show-big-screen/siyu/index');
    const data = await answer('siyu');
    expect(data.rehearsal).not.toBeNull();
    expect(await statValue('siyu-level')).toBe(String(data.rehearsal.level.value));
    expect(await statValue('siyu-active')).toBe(String(data.warning.active));
    await chartDrawn('siyu-daily-rain');
    await chartDrawn('siyu-trend');
    await expect.poll(() => page.getByTestId('siyu-rain-stations').locator('tbody tr').count()).toBe(data.forecast.stations.length);
    await expect.poll(() => page.getByTestId('siyu-contacts').locator('.matrix-contact').count()).toBe(data.plan.contacts.length);
    await screenshot(page, 'matrix-siyu');
  });

  it('the 四管 tab shows reinforcement, appraisals, upkeep and closure', async () => {
    await page.getByTestId('screen-tab-siguan').click();
    await page.waitForURL((url) => url.pathname === '/show-big-screen/siguan/index');
    const data = await answer('siguan');
    expect(await statValue('siguan-investment')).toBe(String(data.reinforcement.investment));
    expect(await statValue('siguan-overdue')).toBe(String(data.appraisal.overdue));
    expect(await statValue('siguan-inspected-rate')).toBe(String(data.safety.inspectedRate));
    await chartDrawn('siguan-progress');
    await chartDrawn('siguan-classes');
    await chartDrawn('siguan-monthly');
    await screenshot(page, 'matrix-siguan');
  });

  it('reads in English after the switch, and back on 四全 nothing logged an error', async () => {
    await page.getByTestId('screen-language').click();
    await expect.poll(() => page.getByTestId('screen-title').textContent()).toBe('Reservoir matrix');
    await expect.poll(() => page.getByTestId('screen-tab-siguan').textContent()).toBe('Four duties');
    await page.getByTestId('screen-tab-siquan').click();
    await page.waitForURL((url) => url.pathname === '/show-big-screen/siquan/index');
    await expect.poll(() => page.getByTestId('screen-tab-siquan').getAttribute('class')).toContain('screen-tab-active');
    await expect.poll(() => page.getByTestId('siquan-reservoirs').locator('.screen-stat-label').textContent()).toBe('Reservoirs');
    await chartDrawn('siquan-daily');
    await screenshot(page, 'matrix-siquan-en');
    expect(problems).toEqual([]);
  });
});
