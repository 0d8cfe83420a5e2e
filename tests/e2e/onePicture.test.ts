/**
 * 水库一张图 and the map views in Chromium against a real server (tenant 316979 仙游县, demo data), at 1920×1080:
 * the administrator lands on /one-picture/index after signing in; every reservoir with a place is a marker on
 * the offline map; choosing one (its marker) opens its panel with its characteristic levels; a manager publishes
 * a notice; /map leads the administrator to the province view and subject_admin to the county view; the
 * monitoring map shows the stations. No console error on the way. Screenshots (zh and en):
 * test-results/screenshots/one-picture-*.png and map-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../api/testServer.js';
import { type BrowserSuite, screenshot, signedInThroughApi, startBrowserSuite, submitSignIn } from './browser.js';

const TENANT = '316979';
const FULL_HD = { width: 1920, height: 1080 };

let t: TestServer;
let browser: Browser;
let suite: BrowserSuite | undefined;
let token: string;
const problems: string[] = [];

interface Reservoir {
  id: string;
  name: string;
  longitude: number | null;
  latitude: number | null;
}

/** Records console errors and page errors of a page, for the "no console error" checks. */
function watch(page: Page, label: string): Page {
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${label}: console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${label}: page error: ${error.message}`));
  return page;
}

async function fullHdPage(account: string, label: string): Promise<Page> {
  const { page } = await signedInThroughApi(browser, t.url, { tenantId: TENANT, account });
  await page.setViewportSize(FULL_HD);
  return watch(page, label);
}

async function reservoirs(): Promise<Reservoir[]> {
  return (await t.api('/api/v1/reservoir/listAll', { token })).body.data as Reservoir[];
}

/** Waits until the map has drawn its markers (the page says how many it gave the map). */
async function markersDrawn(page: Page): Promise<number> {
  const map = page.getByTestId('op-map');
  await map.locator('[data-testid="offline-map"]').waitFor({ timeout: 60_000 });
  const expected = Number(await map.getAttribute('data-marker-count'));
  await expect.poll(() => map.locator('.offline-map-marker').count(), { timeout: 30_000 }).toBe(expected);
  return expected;
}

beforeAll(async () => {
  suite = await startBrowserSuite();
  ({ server: t, browser } = suite);
  token = await t.signIn(TENANT, 'admin');
});
afterAll(async () => {
  await suite?.close();
});

describe('the one-picture map', () => {
  it('is where the administrators of 316979 and 003189 land after signing in', async () => {
    for (const tenantId of [TENANT, '003189']) {
      const context = await browser.newContext({ viewport: FULL_HD, locale: 'zh-CN' });
      const page = watch(await context.newPage(), `sign-in ${tenantId}`);
      await submitSignIn(page, t.url, { tenantId, account: 'admin' });
      await page.waitForURL((url) => url.pathname === '/one-picture/index', { timeout: 60_000 });
      await page.getByTestId('one-picture-page').waitFor();
      await context.close();
    }
  });

  it('draws every placed reservoir as a marker, and a marker opens its panel with its levels', async () => {
    const page = await fullHdPage('admin', 'one-picture');
    await page.goto(`${t.url}/one-picture/index`);
    await page.getByTestId('one-picture-page').waitFor({ timeout: 60_000 });
    const placed = (await reservoirs()).filter((r) => r.latitude !== null && r.longitude !== null);
    expect(placed.length).toBeGreaterThanOrEqual(12);
    expect(await markersDrawn(page)).toBe(placed.length);
    await expect.poll(() => page.getByTestId('op-list-item').count()).toBe(placed.length);
    await expect.poll(() => page.getByTestId('op-count-reservoirs').innerText()).toContain(String(placed.length));
    await screenshot(page, 'one-picture-zh');

    const chosen = placed[0];
    const detail = (await t.api(`/api/v1/reservoir/detail?id=${chosen.id}`, { token })).body.data;
    await page.locator(`.offline-map-marker[data-marker-id="${chosen.id}"]`).click();
    const panel = page.getByTestId('op-panel');
    await expect.poll(() => panel.getByTestId('op-panel-name').innerText(), { timeout: 30_000 }).toBe(chosen.name);
    await expect.poll(() => panel.getByTestId('op-level-floodLimitWaterLevel').innerText()).toBe(`${Number(detail.floodLimitWaterLevel).toFixed(2)} m`);
    expect(await panel.getByTestId('op-level-normalWaterLevel').innerText()).toBe(`${Number(detail.normalWaterLevel).toFixed(2)} m`);
    await expect.poll(() => panel.getByTestId('op-people').innerText()).toContain('行政责任人');
    await screenshot(page, 'one-picture-panel-zh');

    // In English: the same page, its strings switched.
    await page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content: 'en', datetime: Date.now() })));
    await page.reload();
    await page.getByTestId('one-picture-page').waitFor({ timeout: 60_000 });
    await markersDrawn(page);
    await expect.poll(() => page.getByTestId('op-list').innerText()).toContain('Reservoirs');
    await page.getByTestId('op-list-item').first().click();
    await expect.poll(() => page.getByTestId('op-panel').innerText(), { timeout: 30_000 }).toContain('Flood-limit level');
    await screenshot(page, 'one-picture-en');
    await page.context().close();
  });

  it('colours a reservoir green with a fresh level and red with an active red warning', async () => {
    const rows = (await t.api('/api/v2/inspect/map/getStatisticList', { token })).body.data as { id: string; state: string; latitude: number | null }[];
    const [calm, alarmed] = rows.filter((row) => row.state === 'offline' && row.latitude !== null);
    const levelStation = async (reservoirId: string) =>
      ((await t.api(`/api/v1/info/station/listAll?monitorType=1&reservoirId=${reservoirId}`, { token })).body.data as { id: string }[])[0].id;
    const now = new Date(Date.now() + 8 * 3_600_000 - 10 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
    const post = async (path: string, body: Record<string, unknown>) => {
      const answer = await t.api(path, { token, body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    };
    await post('/api/v1/monitor/waterLevel/save', { stationId: await levelStation(calm.id), element: 1, observeTime: now, value: 50 });
    const alarmedStation = await levelStation(alarmed.id);
    await post('/api/v1/monitor/indexLimit/save', {
      stationId: alarmedStation,
      element: 1,
      limitKind: 1,
      threshold: 1,
      warningLevel: 4,
      warningType: 1,
      name: '汛限水位',
    });
    await post('/api/v1/monitor/waterLevel/save', { stationId: alarmedStation, element: 1, observeTime: now, value: 60 });

    const page = await fullHdPage('admin', 'colours');
    await page.goto(`${t.url}/one-picture/index`);
    await markersDrawn(page);
    const pinColour = (id: string) =>
      page.locator(`.offline-map-marker[data-marker-id="${id}"] .offline-map-pin`).evaluate((pin) => getComputedStyle(pin).backgroundColor);
    expect(await pinColour(calm.id)).toBe('rgb(82, 196, 26)');
    expect(await pinColour(alarmed.id)).toBe('rgb(245, 34, 45)');
    await expect.poll(() => page.getByTestId('op-count-activeWarnings').innerText()).not.toBe('0');
    await screenshot(page, 'one-picture-states-zh');
    await page.context().close();
  });

  it("plays a camera of the chosen reservoir in the panel's player", async () => {
    const [target] = await reservoirs();
    const liveUrl = `${t.url}/video/demo/dam.mp4`;
    const saved = await t.api('/api/v2/inspect/camera/save', { token, body: { reservoirId: target.id, name: '一张图测试坝顶', liveUrl } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const page = await fullHdPage('admin', 'camera');
    await page.goto(`${t.url}/one-picture/index`);
    await page.locator(`[data-testid="op-list-item"][data-reservoir-id="${target.id}"]`).click({ timeout: 60_000 });
    const camera = page.getByTestId('op-camera').filter({ hasText: '一张图测试坝顶' });
    await camera.getByTestId('op-camera-play').click({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('vfa-video').getAttribute('data-live-url'), { timeout: 30_000 }).toBe(liveUrl);
    await screenshot(page, 'one-picture-camera-zh');
    await page.context().close();
  });

  it('finds a reservoir by name in the list', async () => {
    const page = await fullHdPage('farm_admin', 'one-picture-search');
    await page.goto(`${t.url}/one-picture/index`);
    const [first] = await reservoirs();
    await expect.poll(() => page.getByTestId('op-list-item').count(), { timeout: 60_000 }).toBeGreaterThan(1);
    await page.getByTestId('op-list-search').locator('input').first().fill(first.name);
    await expect.poll(() => page.getByTestId('op-list-item').allInnerTexts()).toEqual([expect.stringContaining(first.name)]);
    await page.context().close();
  });

  it('lets a manager publish a notice that the board then shows', async () => {
    const page = await fullHdPage('farm_admin', 'notice');
    await page.goto(`${t.url}/one-picture/index`);
    await page.getByTestId('op-notice-edit').click();
    await page.getByTestId('op-notice-input').fill('主汛期各责任人24小时在岗。');
    await page.getByTestId('op-notice-save').click();
    await expect.poll(() => page.getByTestId('op-notice-text').innerText(), { timeout: 30_000 }).toBe('主汛期各责任人24小时在岗。');
    expect((await t.api('/api/v2/inspect/map/getNotice', { token })).body.data.content).toBe('主汛期各责任人24小时在岗。');
    await page.context().close();
  });
});

describe('the map views', () => {
  it('/map leads the administrator to the province view with the counts per county', async () => {
    const page = await fullHdPage('admin', 'map-province');
    await page.goto(`${t.url}/map`);
    await page.waitForURL((url) => url.pathname === '/map/province', { timeout: 60_000 });
    await page.getByTestId('map-province-page').waitFor();
    await expect.poll(() => page.getByTestId('map-county-counts').innerText(), { timeout: 30_000 }).toContain('仙游县');
    await markersDrawn(page);
    await screenshot(page, 'map-province-zh');
    await page.context().close();
  });

  it('gives subject_admin the county view with its reservoirs and open events', async () => {
    const page = await fullHdPage('subject_admin', 'map-county');
    await page.goto(`${t.url}/map`);
    await page.waitForURL((url) => url.pathname === '/map/county', { timeout: 60_000 });
    await page.getByTestId('map-county-page').waitFor();
    const placed = (await reservoirs()).filter((r) => r.latitude !== null && r.longitude !== null);
    expect(await markersDrawn(page)).toBe(placed.length);
    await page.getByTestId('map-county-events').waitFor();
    await screenshot(page, 'map-county-zh');
    await page.context().close();
  });

  it('shows the stations on the monitoring map with their newest reading in a popup', async () => {
    const page = await fullHdPage('admin', 'map-monitor');
    await page.goto(`${t.url}/map/monitor`);
    await page.getByTestId('map-monitor-page').waitFor({ timeout: 60_000 });
    const count = await markersDrawn(page);
    expect(count).toBeGreaterThan(0);
    // Stations of one reservoir stand close together at the fitted zoom: the click goes to the marker itself.
    await page.locator('.offline-map-marker').first().dispatchEvent('click');
    await page.getByTestId('map-station-popup').waitFor();
    await screenshot(page, 'map-monitor-zh');
    await page.context().close();
  });

  it('left no console error on any page', () => {
    expect(problems).toEqual([]);
  });
});
