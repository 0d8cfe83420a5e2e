/**
 * Issue 5 end to end, in Chromium against a real server: create an item
 * group with items (the shared editor page), publish a plan (console), record an inspection (the
 * field app's call), audit it (console: the audit is offered on the pending
 * row only), find it in the ledger (console) and export the ledger (.xlsx
 * download that opens and holds the row).
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../api/testServer.js';
import { type BrowserSuite, clickRowAction, screenshot, signedInPage, startBrowserSuite } from './browser.js';

const TENANT = '100001';
const PLAN_NAME = '端到端汛期巡查计划';
const GROUP_NAME = '端到端巡查项目组';
const NEW_ITEM = '坝顶防浪墙有无破损';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

let t: TestServer;
let browser: Browser;
let suite: BrowserSuite | undefined;
let token: string;
let page: Page;
let reservoir: { id: string; name: string };
let planId: string;
let recordId: string;

const call = async (path: string, body?: unknown): Promise<Body> => {
  const answer = await t.api(path, { token, body, method: body === undefined ? 'GET' : 'POST' });
  expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.data;
};

const thisMonth = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);
const now = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'medium' }).format(new Date());

beforeAll(async () => {
  suite = await startBrowserSuite();
  ({ server: t, browser } = suite);
  token = await t.signIn(TENANT, 'admin');
  reservoir = (await t.db.query(`SELECT id::text AS id, name FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY code LIMIT 1`, [TENANT]))
    .rows[0];
  page = await signedInPage(browser, t.url, { tenantId: TENANT, account: 'admin' });
});
afterAll(async () => {
  await page?.context().close();
  await suite?.close();
});

describe('an inspection from the item group to the exported ledger', () => {
  it('creates an item group in the shared editor: two items from the catalogue and one new', async () => {
    await page.goto(`${t.url}/inspect/inspectMgr/add-inspect-items`);
    const editor = page.getByTestId('item-group-editor-inspect');
    await editor.waitFor();
    // Saved empty: the group needs a name and at least one item.
    await page.getByTestId('item-group-save').click();
    await editor.getByText('请输入项目组名称').waitFor();
    await editor.getByText('请至少添加一个项目').waitFor();
    await page.getByTestId('group-name').fill(GROUP_NAME);
    for (let n = 0; n < 2; n += 1) {
      await editor.locator('.item-list-catalogue').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    }
    await page.getByTestId('item-add-row').click();
    await page.getByTestId('item-group-save').click();
    await editor.getByText('请选择部位').waitFor();
    await editor.getByText('请输入项目名称').waitFor();
    const newRow = editor.locator('.ant-table-row').nth(2);
    await newRow.locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await page.getByTestId('item-name-2').fill(NEW_ITEM);
    await screenshot(page, 'inspection-flow-item-group');
    await page.getByTestId('item-group-save').click();
    await page.waitForURL((url) => url.pathname === '/inspect/inspectMgr/index');
    await expect.poll(() => page.getByTestId('tab-bar').getByText('新增巡查项目').count()).toBe(0);
    await page.getByTestId('crud-table').getByText(GROUP_NAME).waitFor();

    const group = (await call(`/api/v1/inspect/itemGroup/list?name=${encodeURIComponent(GROUP_NAME)}`)).records[0];
    const detail = await call(`/api/v1/inspect/itemGroup/detail?groupId=${group.id}`);
    expect(detail.items).toHaveLength(3);
    expect(detail.items[2].itemName).toBe(NEW_ITEM);
    const inspectorId = (await t.db.query(`SELECT id::text AS id FROM blade_user WHERE tenant_id = $1 AND account = 'inspector'`, [TENANT])).rows[0].id;
    const today = now().slice(0, 10);
    planId = (
      await call('/api/v1/inspect/plan/save', {
        name: PLAN_NAME,
        itemGroupId: group.id,
        reservoirIds: [reservoir.id],
        frequency: 1,
        inspectorIds: [inspectorId],
        startDate: today,
        endDate: today,
      })
    ).id;
  });

  it('publishes the plan in the console', async () => {
    await page.goto(`${t.url}/inspect-plan/index`);
    const table = page.getByTestId('crud-table');
    const row = table.locator('.ant-table-row', { hasText: PLAN_NAME });
    await row.waitFor();
    await clickRowAction(row, 'action-publish');
    await page.getByTestId('action-confirm-ok').click();
    await expect.poll(async () => (await t.db.query('SELECT plan_status FROM inspect_plan WHERE id = $1', [planId])).rows[0].plan_status).toBe(2);
    await screenshot(page, 'inspection-flow-plan-published');
  });

  it('records an inspection under the published plan (as the field app does)', async () => {
    const start = now();
    const record = await call('/api/v1/inspect/record/save', {
      planId,
      reservoirId: reservoir.id,
      startTime: start,
      endTime: start,
      itemResults: [
        { itemName: '坝顶有无裂缝', result: 1 },
        { itemName: '下游坝坡有无渗水', result: 2, description: '坝脚散浸' },
      ],
      trail: [
        { lng: 118.18, lat: 25.05, time: start },
        { lng: 118.181, lat: 25.051, time: start },
      ],
      riskLevel: 1,
      riskDescription: '下游坝脚散浸',
    });
    recordId = record.id;
    expect(record).toMatchObject({ auditStatus: 0, problemCount: 1 });
  });

  it('audits it in the console: the audit is offered on the pending record, and afterwards no longer', async () => {
    await page.goto(`${t.url}/inspect/inspectRecord/index`);
    const table = page.getByTestId('crud-table');
    const row = table.locator(`.ant-table-row[data-row-key="${recordId}"]`);
    await row.waitFor();
    await clickRowAction(row, 'action-auditRecord');
    const dialog = page.getByTestId('action-fields-dialog');
    await dialog.waitFor();
    // The outcome is a choice of the audit's targets, named by its dictionary (audit_status: 已通过 / 已驳回).
    await dialog.locator('.ant-radio-wrapper', { hasText: '已驳回' }).waitFor();
    await dialog.locator('.ant-radio-wrapper', { hasText: '已通过' }).click();
    await dialog.locator('textarea').fill('巡查到位，问题已登记');
    await screenshot(page, 'inspection-flow-audit-dialog');
    await dialog.getByTestId('action-fields-ok').click();
    await expect
      .poll(async () => (await t.db.query('SELECT audit_status, audit_opinion FROM inspect_record WHERE id = $1', [recordId])).rows[0])
      .toEqual({ audit_status: 1, audit_opinion: '巡查到位，问题已登记' });
    await row.getByText('已通过').waitFor();
    expect(await row.getByTestId('row-action-auditRecord').count()).toBe(0);
    await screenshot(page, 'inspection-flow-audited');
  });

  it('finds it in the ledger of the month and exports the ledger', async () => {
    await page.goto(`${t.url}/statistics/index`);
    const search = page.getByTestId('ledger-search');
    await search.locator('.ant-select').first().click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: reservoir.name }).first().click();
    await search.locator('.ant-picker input').fill(thisMonth());
    await search.locator('.ant-picker input').press('Enter');
    await page.getByTestId('ledger-search-submit').click();
    const expected = (
      await t.db.query(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE audit_status = 1)::int AS passed FROM inspect_record WHERE tenant_id = $1 AND reservoir_id = $2 AND is_deleted = 0 AND to_char(start_time, 'YYYY-MM') = $3`,
        [TENANT, reservoir.id, thisMonth()],
      )
    ).rows[0];
    const row = page.getByTestId('ledger-table').locator('.ant-table-row', { hasText: thisMonth() });
    await expect.poll(async () => (await row.count()) === 1 && (await row.innerText()).includes(reservoir.name)).toBe(true);
    const cells = (await row.locator('td').allInnerTexts()).map((text) => text.trim());
    expect(cells.slice(0, 3)).toEqual([reservoir.name, thisMonth(), String(expected.n)]);
    expect(cells[5]).toBe(String(expected.passed));
    await screenshot(page, 'inspection-flow-ledger');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('ledger-export').click()]);
    const file = await download.path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(fs.readFileSync(file!) as never);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(2);
    expect((sheet.getRow(2).values as unknown[]).slice(1, 4)).toEqual([reservoir.name, thisMonth(), expected.n]);
  });

  it('the workbench counts the records waiting for review and opens them filtered', async () => {
    const pending = (await t.db.query(`SELECT count(*)::int AS n FROM inspect_record WHERE tenant_id = $1 AND is_deleted = 0 AND audit_status = 0`, [TENANT]))
      .rows[0].n;
    expect(pending).toBeGreaterThan(0);
    await page.goto(`${t.url}/wel/index`);
    const tile = page.getByTestId('todo-inspectPending');
    await expect.poll(() => tile.locator('.ant-statistic-content-value').innerText()).toBe(String(pending));
    await screenshot(page, 'inspection-flow-workbench');
    await tile.click();
    await page.waitForURL((url) => url.pathname === '/inspect/inspectRecord/index' && url.searchParams.get('auditStatus') === '0');
    await page.getByTestId('crud-search').getByText('待审核').waitFor();
    await expect.poll(() => page.locator('.ant-pagination-total-text').innerText()).toContain(String(pending));
  });
});
