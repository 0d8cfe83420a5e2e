/**
 * Trails on the offline map (src/web/map): the inspection and maintenance
 * record detail pages draw the record's GPS trail — the walked line with
 * every point, its start and end, the items' photos at their places — with
 * every request to another origin cut off (and none attempted: the map
 * ships its outlines and icons and, with no tile server configured, asks
 * nothing of anyone else).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../api/testServer.js';
import { type BrowserSuite, signedInThroughApi, startBrowserSuite } from './browser.js';

const TENANT = '100001';
const SHOTS = '/tmp/shots-map';

let t: TestServer;
let browser: Browser;
let suite: BrowserSuite | undefined;
let token: string;

beforeAll(async () => {
  suite = await startBrowserSuite();
  ({ server: t, browser } = suite);
  token = await t.signIn(TENANT, 'admin');
});
afterAll(async () => {
  await suite?.close();
});

/** A signed-in page whose requests to any other origin are aborted and counted; console errors are collected. */
async function offlinePage(): Promise<{ page: Page; outside: string[]; errors: string[] }> {
  const { page } = await signedInThroughApi(browser, t.url, { tenantId: TENANT, account: 'admin' });
  const origin = new URL(t.url).origin;
  const outside: string[] = [];
  const errors: string[] = [];
  await page.context().route('**/*', async (route) => {
    const url = route.request().url();
    if (url.startsWith('data:') || url.startsWith('blob:') || new URL(url).origin === origin) return route.continue();
    outside.push(url);
    return route.abort();
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { page, outside, errors };
}

/** A walk of n points around a dam near 安溪县 (~15 m apart), one every 12 s. */
function walk(n: number) {
  return Array.from({ length: n }, (_, i) => {
    const angle = (i / n) * 2 * Math.PI;
    return {
      lng: Number((118.1862 + 0.0012 * Math.cos(angle)).toFixed(6)),
      lat: Number((25.0561 + 0.0006 * Math.sin(angle)).toFixed(6)),
      time: `2027-04-10 08:${String(Math.floor((i * 12) / 60)).padStart(2, '0')}:${String((i * 12) % 60).padStart(2, '0')}`,
    };
  });
}

async function trailOnMap(page: Page, schemaId: string) {
  const section = page.getByTestId(`detail-list-${schemaId}`);
  const path = section.locator('path[data-point-count]');
  await path.waitFor({ timeout: 60_000 });
  return { section, path };
}

describe('record trails on the offline map, with the outside network cut', () => {
  it('the inspection record detail draws its trail with start, end and the item photo', async () => {
    const plan = (
      await t.db.query(
        `SELECT id::text AS id, reservoir_ids->>0 AS reservoir FROM inspect_plan WHERE tenant_id = $1 AND plan_status = 2 AND is_deleted = 0 ORDER BY id LIMIT 1`,
        [TENANT],
      )
    ).rows[0];
    const trail = walk(36);
    const saved = await t.api('/api/v1/inspect/record/save', {
      token,
      body: {
        planId: plan.id,
        reservoirId: plan.reservoir,
        startTime: '2027-04-10 08:00:00',
        itemResults: [
          { itemName: '坝顶', result: 2, description: '局部裂缝', photos: ['/img/demo-events/before-crack.svg'], lng: trail[9].lng, lat: trail[9].lat },
          { itemName: '溢洪道', result: 1 },
        ],
        trail,
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { page, outside, errors } = await offlinePage();
    await page.goto(`${t.url}/inspect/inspectRecord/detail?id=${saved.body.data.id}`);
    const { section, path } = await trailOnMap(page, 'inspect/trail');
    expect(await path.getAttribute('data-point-count')).toBe('36');
    await expect.poll(() => section.locator('.offline-map-endpoint-start').count()).toBe(1);
    await expect.poll(() => section.locator('.offline-map-endpoint-end').count()).toBe(1);
    await expect.poll(() => section.locator('img.offline-map-photo').count()).toBe(1);
    await expect.poll(() => section.getByRole('heading').textContent()).toContain('36');
    await page.waitForLoadState('networkidle');
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/inspection-trail-zh.png` });
    // The photo opens large.
    await section.locator('img.offline-map-photo').click();
    await page.locator('.ant-image-preview-img').waitFor();
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 180_000);

  it('a demo maintenance record’s walk is drawn point for point', async () => {
    const record = (
      await t.db.query(
        `SELECT r.id::text AS id, count(tr.id)::int AS points FROM maintain_record r JOIN maintain_trail tr ON tr.record_id = r.id AND tr.is_deleted = 0
          WHERE r.tenant_id = $1 AND r.is_deleted = 0 GROUP BY r.id, r.start_time ORDER BY r.start_time DESC LIMIT 1`,
        [TENANT],
      )
    ).rows[0];
    expect(record.points).toBeGreaterThan(20);
    const { page, outside, errors } = await offlinePage();
    await page.goto(`${t.url}/maintain/record/detail?id=${record.id}`);
    const { section, path } = await trailOnMap(page, 'maintain/trail');
    expect(await path.getAttribute('data-point-count')).toBe(String(record.points));
    await expect.poll(() => section.locator('.offline-map-endpoint-start').count()).toBe(1);
    await expect.poll(() => section.locator('.offline-map-endpoint-end').count()).toBe(1);
    await page.waitForLoadState('networkidle');
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/maintenance-trail-zh.png` });
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 180_000);
});
