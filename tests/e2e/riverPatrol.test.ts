/**
 * River patrol in Chromium against a real server (安溪县 100001, demo patrols): the list at
 * /river/inspect/index shows the demo patrols; the detail page draws the patrol's track on the offline map
 * (line, start and end, the problems' photos) and shows its point count and the problems' events, whose
 * detail links back to the patrol;
 * /river/trajectory lands on the list; the river big screen opened with a screen token renders at
 * 1920×1080 with real figures and no console error, and without a token shows the "open it from the
 * console" page. The rivers themselves are managed at /river/river/index by a reservoir administrator (the
 * demo rivers listed, one added through the form, the page in English). Screenshots: /tmp/shots-river/*.png.
 */
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../api/testServer.js';
import { chooseOption, formItem, newDesktopPage, openedDialog, signedInThroughApi, startBrowserSuite, type BrowserSuite } from './browser.js';

const TENANT = '100001';
const SHOTS = '/tmp/shots-river';

let suite: BrowserSuite | undefined;
let t: TestServer;
let browser: Browser;
let token: string;

interface PatrolRow {
  id: string;
  problemCount: number;
  pointCount: number;
}

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Console errors and uncaught exceptions of a page, collected from now on. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function consolePage(): Promise<Page> {
  return (await signedInThroughApi(browser, t.url, { tenantId: TENANT, account: 'admin' })).page;
}

beforeAll(async () => {
  suite = await startBrowserSuite();
  ({ server: t, browser } = suite);
  token = await t.signIn(TENANT, 'admin');
}, 300_000);

afterAll(async () => {
  await suite?.close();
});

describe('river patrol pages', () => {
  it('lists the demo patrols at /river/inspect/index', async () => {
    const page = await consolePage();
    await page.goto(`${t.url}/river/inspect/index`);
    const rows = page.getByTestId('crud-table').locator('.ant-table-row');
    await rows.first().waitFor({ timeout: 60_000 });
    expect(await rows.count()).toBeGreaterThan(5);
    await expect.poll(() => page.getByTestId('crud-table').innerText()).toMatch(/蓝溪|西溪/);
    await shot(page, 'river-index');
    await page.context().close();
  });

  it('draws the track of a patrol with its start, end and problem photos, its point count and its events', async () => {
    const list = await t.api('/api/v2/river/inspect/list?current=1&size=100', { token });
    const patrol = (list.body.data.records as PatrolRow[]).find((row) => row.problemCount > 0)!;
    expect(patrol).toBeTruthy();
    const page = await consolePage();
    const errors = errorsOf(page);
    await page.goto(`${t.url}/river/inspect/detail?id=${patrol.id}`);
    await page.getByTestId('patrol-detail-page').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByTestId('patrol-point-count').innerText()).toBe(String(patrol.pointCount));
    expect(patrol.pointCount).toBeGreaterThan(40);
    const map = page.getByTestId('offline-map');
    await map.locator('path.leaflet-interactive').first().waitFor({ timeout: 60_000 });
    await map.locator('.offline-map-track-start').waitFor();
    await map.locator('.offline-map-track-end').waitFor();
    expect(await map.locator('.offline-map-track-photo').count()).toBeGreaterThanOrEqual(1);
    const events = page.getByTestId('patrol-problem-event');
    expect(await events.count()).toBe(patrol.problemCount);
    expect(await events.first().innerText()).toMatch(/^SJ\d{12}$/);
    await shot(page, 'river-detail');
    await page.getByTestId('patrol-problems').scrollIntoViewIfNeeded();
    await shot(page, 'river-detail-problems');
    // The event links back to the patrol that found it.
    await events.first().click();
    const openPatrol = page.getByTestId('event-open-river-patrol');
    await openPatrol.scrollIntoViewIfNeeded();
    await page.getByText('该事件由河长巡河发现的问题生成').waitFor();
    await shot(page, 'river-event-origin');
    await page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content: 'en', datetime: Date.now() })));
    await page.reload();
    await openPatrol.getByText('Open the river patrol').waitFor();
    await openPatrol.scrollIntoViewIfNeeded();
    await shot(page, 'river-event-origin-en');
    await openPatrol.click();
    await page.waitForURL((url) => url.pathname === '/river/inspect/detail' && url.searchParams.get('id') === patrol.id);
    await page.getByTestId('patrol-detail-page').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('lists the rivers at /river/river/index for a reservoir administrator and adds one through the form', async () => {
    const page = (await signedInThroughApi(browser, t.url, { tenantId: TENANT, account: 'farm_admin' })).page;
    await page.goto(`${t.url}/river/river/index`);
    const table = page.getByTestId('crud-table');
    const seeded = (await t.db.query(`SELECT name FROM river_river WHERE tenant_id = $1 AND is_deleted = 0`, [TENANT])).rows.map((row) => row.name);
    expect(seeded.length).toBeGreaterThan(0);
    for (const name of seeded) await table.locator('.ant-table-row', { hasText: name }).first().waitFor();
    await shot(page, 'rivers-zh');

    await page.getByTestId('crud-add').click();
    const dialog = await openedDialog(page);
    await formItem(dialog, '河流名称').locator('input').fill('页面新增溪');
    await chooseOption(page, formItem(dialog, '河长级别'), '村级');
    const reservoir = (await t.db.query(`SELECT name FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY code LIMIT 1`, [TENANT])).rows[0].name;
    await chooseOption(page, formItem(dialog, '关联水库'), reservoir);
    await shot(page, 'rivers-add-zh');
    await dialog.getByTestId('entity-dialog-save').click();
    await table.locator('.ant-table-row', { hasText: '页面新增溪' }).waitFor();
    const saved = await t.db.query(`SELECT level FROM river_river WHERE tenant_id = $1 AND name = '页面新增溪' AND is_deleted = 0`, [TENANT]);
    expect(saved.rows).toEqual([{ level: 5 }]);

    await page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content: 'en', datetime: Date.now() })));
    await page.reload();
    await table.locator('th', { hasText: 'Level' }).first().waitFor();
    await shot(page, 'rivers-en');
  });

  it('sends /river/trajectory to the list', async () => {
    const page = await consolePage();
    await page.goto(`${t.url}/river/trajectory`);
    await page.waitForURL((url) => url.pathname === '/river/inspect/index', { timeout: 60_000 });
    await page.getByTestId('crud-table').locator('.ant-table-row').first().waitFor({ timeout: 60_000 });
    await page.context().close();
  });
});

describe('river big screen', () => {
  it('renders at 1920×1080 from the screen token with the figures of the registers and no console error', async () => {
    const issued = await t.api('/api/blade-screen/token?screen=screen_river', { method: 'POST', token });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const statistics = (await t.api('/api/v2/river/screen/statistics', { token })).body.data;
    const page = await newDesktopPage(browser, { width: 1920, height: 1080 });
    const errors = errorsOf(page);
    await page.goto(`${t.url}/river-big-screen/index#screenToken=${issued.body.data.token}`);
    await page.getByTestId('river-screen').waitFor({ timeout: 60_000 });
    await expect
      .poll(() => page.getByTestId('river-stat-patrols').locator('.screen-stat-number').innerText(), { timeout: 30_000 })
      .toBe(String(statistics.month.patrols));
    const rivers = await t.db.query(`SELECT count(*)::int AS n FROM river_river WHERE tenant_id = $1 AND is_deleted = 0`, [TENANT]);
    expect(statistics.rivers).toBe(rivers.rows[0].n);
    await expect.poll(() => page.getByTestId('river-stat-rivers').locator('.screen-stat-number').innerText()).toBe(String(statistics.rivers));
    await page.getByTestId('river-problem-list').locator('li').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('river-panel-map').locator('path.leaflet-interactive').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('river-daily').locator('canvas').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('river-level-3').waitFor();
    expect(page.url()).not.toContain('screenToken');
    await shot(page, 'river-screen-1920');
    await page.getByTestId('screen-language').click();
    await expect.poll(() => page.getByTestId('screen-title').innerText()).toBe('River Chief Smart Screen');
    await expect.poll(() => page.getByTestId('river-panel-month').innerText()).toContain('Patrols this month');
    await shot(page, 'river-screen-1920-en');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the "open it from the console" page without a token', async () => {
    const page = await newDesktopPage(browser, { width: 1920, height: 1080 });
    await page.goto(`${t.url}/river-big-screen/index`);
    await page.locator('.screen-cold-open').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('river-screen').count()).toBe(0);
    await shot(page, 'river-screen-cold');
    await page.context().close();
  });
});
