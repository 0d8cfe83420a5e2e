/**
 * 控制台 (/wel/dashboard) in Chromium at 1920×1080 with the demo data of
 * 安溪县: the three charts draw (a canvas with painted pixels each), the
 * headline numbers are the server's figures, the page switches to English,
 * and no console error is logged.
 */
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../api/testServer.js';
import { type BrowserSuite, screenshot, signedInThroughApi, startBrowserSuite } from './browser.js';

let t: TestServer;
let browser: Browser;
let suite: BrowserSuite | undefined;
let token: string;

/** How many pixels of the chart's canvas are painted (not fully transparent). */
async function paintedPixels(chart: Locator): Promise<number> {
  return chart.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) painted += 1;
    return painted;
  });
}

beforeAll(async () => {
  suite = await startBrowserSuite();
  ({ server: t, browser } = suite);
  token = await t.signIn('100001', 'admin');
});
afterAll(async () => {
  await suite?.close();
});

describe('the dashboard', () => {
  it('draws its three charts with the server figures at 1920×1080, in Chinese and English, with no console error', async () => {
    const { page } = await signedInThroughApi(browser, t.url, { tenantId: '100001', account: 'admin' });
    await page.setViewportSize({ width: 1920, height: 1080 });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${t.url}/wel/dashboard`);
    await page.getByTestId('dashboard-page').waitFor();
    for (const chart of ['chart-inspections', 'chart-events', 'chart-warnings']) {
      const box = page.getByTestId(chart);
      await box.locator('canvas').waitFor();
      await expect.poll(() => box.getAttribute('data-points'), { timeout: 20_000 }).not.toBe('0');
      await expect.poll(() => paintedPixels(box), { timeout: 20_000 }).toBeGreaterThan(1000);
    }
    const inspections = (await t.api('/api/v2/screen/dashboard/inspections', { token })).body.data;
    const events = (await t.api('/api/v2/screen/dashboard/openEvents', { token })).body.data;
    expect(await page.getByTestId('chart-inspections').getAttribute('data-points')).toBe(String(inspections.weeks.length * 2));
    await expect.poll(() => page.getByTestId('dashboard-inspections').innerText()).toMatch(new RegExp(`计划巡查\\s*${inspections.planned}`));
    await expect.poll(() => page.getByTestId('dashboard-inspections').innerText()).toMatch(new RegExp(`已完成巡查\\s*${inspections.done}`));
    await expect.poll(() => page.getByTestId('dashboard-events').innerText()).toMatch(new RegExp(`未办结事件\\s*${events.total}`));
    expect(await page.getByTestId('dashboard-warnings').innerText()).toContain('本周预警');
    await screenshot(page, 'dashboard-zh');
    await page.screenshot({ path: '/tmp/shots-video/dashboard-zh.png' });

    await page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content: 'en', datetime: Date.now() })));
    await page.reload();
    await expect.poll(() => page.getByTestId('dashboard-events').innerText()).toContain('Open events');
    await expect.poll(() => paintedPixels(page.getByTestId('chart-events')), { timeout: 20_000 }).toBeGreaterThan(1000);
    await screenshot(page, 'dashboard-en');
    await page.screenshot({ path: '/tmp/shots-video/dashboard-en.png' });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
