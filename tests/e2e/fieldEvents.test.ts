/**
 * Events from the field in the console (issue 12 §3–4), in Chromium against a
 * real server: an inspector records an abnormal item (the field app's call);
 * the river chief's workbench counts it among the events to sign for — as
 * 问题台账 — and the tile opens /event/received/index where it is listed; the
 * inspection record's detail page names the event beside the item (a link to
 * the event's page) and lists the record's events.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../api/testServer.js';
import { type BrowserSuite, screenshot, signedInPage, startBrowserSuite } from './browser.js';

const TENANT = '100001';
const DESCRIPTION = '端到端：坝顶路面横向裂缝约3米';

let t: TestServer;
let browser: Browser;
let suite: BrowserSuite | undefined;
let recordId: string;
let eventTitle: string;

beforeAll(async () => {
  suite = await startBrowserSuite();
  ({ server: t, browser } = suite);
  const inspector = await t.signIn(TENANT, 'inspector');
  const plan = (
    await t.db.query(`SELECT id::text AS id, reservoir_ids FROM inspect_plan WHERE tenant_id = $1 AND plan_status = 2 AND is_deleted = 0 ORDER BY id LIMIT 1`, [
      TENANT,
    ])
  ).rows[0];
  const item = (await t.db.query(`SELECT id::text AS id, item_name FROM inspect_item WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY id LIMIT 1`, [TENANT]))
    .rows[0];
  const saved = await t.api('/api/v1/inspect/record/save', {
    token: inspector,
    body: {
      planId: plan.id,
      reservoirId: plan.reservoir_ids[0],
      startTime: '2027-06-03 08:30:00',
      itemResults: [{ itemId: item.id, itemName: item.item_name, damPart: '1', result: 2, eventType: 1, description: DESCRIPTION }],
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  recordId = saved.body.data.id;
  eventTitle = saved.body.data.itemResults[0].eventTitle;
  expect(eventTitle).toContain(item.item_name);
});
afterAll(async () => {
  await suite?.close();
});

async function pageAs(account: string): Promise<Page> {
  return signedInPage(browser, t.url, { tenantId: TENANT, account });
}

describe('an abnormal inspection item in the console', () => {
  it('the river chief’s workbench counts it in 问题台账 and opens the list of events to sign for', async () => {
    const waiting = (await t.db.query('SELECT count(*)::int AS n FROM inspect_event WHERE tenant_id = $1 AND is_deleted = 0 AND status = 1', [TENANT])).rows[0]
      .n;
    const page = await pageAs('river_chief');
    try {
      await page.goto(`${t.url}/wel/index`);
      const tile = page.getByTestId('todo-eventsToAccept');
      await expect.poll(() => tile.locator('.ant-statistic-content-value').innerText()).toBe(String(waiting));
      expect(await tile.locator('.ant-statistic-title').innerText()).toBe('问题台账');
      await screenshot(page, 'field-events-workbench');
      await tile.click();
      await page.waitForURL((url) => url.pathname === '/event/received/index');
      await page.getByText(eventTitle).first().waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('the record’s detail page names the event beside the item and lists the record’s events', async () => {
    const page = await pageAs('admin');
    try {
      await page.goto(`${t.url}/inspect/inspectRecord/detail?id=${recordId}`);
      const items = page.getByTestId('detail-list-inspect/recordItem');
      await items.getByText(DESCRIPTION).waitFor();
      await items.getByText(eventTitle).waitFor();
      const events = page.getByTestId('detail-list-inspect/event');
      await events.getByText(eventTitle).waitFor();
      await events.getByText('待签收').first().waitFor();
      await screenshot(page, 'field-events-record-detail');
      // The item's event is a link to the event's own page.
      const eventId = (await t.db.query('SELECT id::text AS id FROM inspect_event WHERE record_id = $1', [recordId])).rows[0].id;
      await items.getByRole('link', { name: eventTitle }).click();
      await page.waitForURL((url) => url.pathname === '/event/detail' && url.searchParams.get('id') === eventId);
      await page.getByTestId('event-detail-page').getByText(DESCRIPTION).first().waitFor();
    } finally {
      await page.context().close();
    }
  });
});
