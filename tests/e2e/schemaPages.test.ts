/**
 * The detail and full-page form pages registers declare (x-page detail /
 * form; business-domain §2), in Chromium against a real server: an
 * inspection record opens from the list on its detail page with its item
 * results, photos and GPS trail, and is audited there (maintenance and
 * cleaning records open on theirs too); a plan is created on
 * /inspect-plan/add (a required field left empty shows its message, then
 * the save lands on the list with the new plan); a reservoir project is
 * edited on /system/projectMgr/edit?id= and seen on its detail page.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../api/testServer.js';
import { clickRowAction, screenshot, signedInPage, startBrowserSuite, type BrowserSuite } from './browser.js';

const TENANT = '100001';
const PLAN_NAME = '页面测试汛前巡查计划';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

let t: TestServer;
let browser: Browser;
let suite: BrowserSuite | undefined;
let token: string;
let page: Page;
let recordId: string;

const call = async (path: string, body?: unknown): Promise<Body> => {
  const answer = await t.api(path, { token, body, method: body === undefined ? 'GET' : 'POST' });
  expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.data;
};

const now = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'medium' }).format(new Date());

/** The message under a form item (not the placeholder that may read the same). */
const errorOf = (item: Locator) => item.locator('.ant-formily-item-error-help');

/** The form item of a label on a form page. */
const formItem = (form: Locator, label: string) => form.locator('.ant-formily-item', { has: page.locator('.ant-formily-item-label', { hasText: label }) });

/**
 * Opens the picker of a form item and chooses its first option (a select or
 * a tree select), until the item shows a choice: a tree select may redraw its
 * dropdown while its options arrive, closing it under the pointer.
 */
async function chooseFirst(item: Locator, text?: string): Promise<string> {
  const chosen = item.locator('.ant-select-selection-item');
  for (let attempt = 0; attempt < 5 && (await chosen.count()) === 0; attempt++) {
    await item.locator('.ant-select-selector').click();
    // A tree of places holds the reservoirs under them: a named one is searched for.
    if (text) await item.locator('input').fill(text);
    // A tree keeps a hidden node to measure rows: only a visible option is chosen.
    const options = page
      .locator('.ant-select-dropdown:visible')
      .locator('.ant-select-item-option, .ant-select-tree-node-content-wrapper')
      .locator('visible=true');
    const option = text ? options.filter({ hasText: text }).first() : options.first();
    await option.click({ timeout: 5000 }).catch(() => undefined);
    await page.keyboard.press('Escape');
  }
  await chosen.first().waitFor();
  return (await chosen.first().innerText()).trim();
}

async function typeDate(item: Locator, date: string): Promise<void> {
  const input = item.locator('.ant-picker input');
  await input.click();
  await input.fill(date);
  await input.press('Enter');
}

beforeAll(async () => {
  suite = await startBrowserSuite();
  ({ server: t, browser } = suite);
  token = await t.signIn(TENANT, 'admin');
  page = await signedInPage(browser, t.url, { tenantId: TENANT, account: 'admin' });
});
afterAll(async () => {
  await page?.context().close();
  await suite?.close();
});

describe('an inspection record on its detail page', () => {
  it('opens from the list with its item results, photos and GPS trail', async () => {
    const plan = (
      await t.db.query(
        `SELECT id::text AS id, reservoir_ids->>0 AS reservoir FROM inspect_plan WHERE tenant_id = $1 AND plan_status = 2 AND is_deleted = 0 ORDER BY id LIMIT 1`,
        [TENANT],
      )
    ).rows[0];
    const start = now();
    const record = await call('/api/v1/inspect/record/save', {
      planId: plan.id,
      reservoirId: plan.reservoir,
      startTime: start,
      endTime: start,
      riskLevel: 1,
      riskDescription: '下游坝脚散浸',
      itemResults: [
        { itemName: '坝顶有无裂缝', damPart: '1', result: 1 },
        { itemName: '下游坝坡有无渗水', result: 2, description: '坝脚散浸，面积约2㎡', photos: ['/img/avatar.svg', '/favicon.svg'] },
      ],
      trail: [
        { lng: 118.18, lat: 25.05, time: start },
        { lng: 118.181, lat: 25.051, time: start },
        { lng: 118.182, lat: 25.052, time: start },
      ],
    });
    recordId = record.id;

    await page.goto(`${t.url}/inspect/inspectRecord/index`);
    const row = page.getByTestId('crud-table').locator(`.ant-table-row[data-row-key="${recordId}"]`);
    await row.waitFor();
    await clickRowAction(row, 'view');
    await page.waitForURL((url) => url.pathname === '/inspect/inspectRecord/detail' && url.searchParams.get('id') === recordId);

    const detail = page.getByTestId('detail-page-inspect/record');
    await detail.getByTestId('detail-fields').getByText('下游坝脚散浸').waitFor();
    const items = detail.getByTestId('detail-list-inspect/recordItem');
    await items.locator('.ant-table-row').nth(1).waitFor();
    const itemRows = await items.locator('.ant-table-row').allInnerTexts();
    expect(itemRows).toHaveLength(2);
    expect(itemRows[0]).toContain('坝顶有无裂缝');
    expect(itemRows[1]).toContain('下游坝坡有无渗水');
    expect(itemRows[1]).toContain('异常');
    expect(itemRows[1]).toContain('坝脚散浸，面积约2㎡');
    expect(await items.locator('.ant-table-row').nth(1).locator('img').count()).toBe(2);
    // The trail is drawn on the offline map (view track): one path through its three points.
    const trail = detail.getByTestId('detail-list-inspect/trail').locator('path[data-point-count]');
    await trail.waitFor({ timeout: 60_000 });
    expect(await trail.getAttribute('data-point-count')).toBe('3');
    await detail.getByTestId('detail-state').getByText('待审核').waitFor();
    await screenshot(page, 'schema-pages-record-detail');
  });

  it('is audited on the page: the audit is offered while pending, and afterwards no longer', async () => {
    const detail = page.getByTestId('detail-page-inspect/record');
    await detail.getByTestId('detail-action-auditRecord').click();
    const dialog = page.getByTestId('action-fields-dialog');
    await dialog.waitFor();
    // The outcome is a choice of the audit's targets, named by its dictionary (audit_status).
    await dialog.locator('.ant-radio-wrapper', { hasText: '已通过' }).click();
    await dialog.locator('textarea').fill('照片清楚，问题已登记');
    await dialog.getByTestId('action-fields-ok').click();
    await detail.getByTestId('detail-state').getByText('已通过').waitFor();
    expect((await t.db.query('SELECT audit_status, audit_opinion FROM inspect_record WHERE id = $1', [recordId])).rows[0]).toEqual({
      audit_status: 1,
      audit_opinion: '照片清楚，问题已登记',
    });
    expect(await detail.getByTestId('detail-action-auditRecord').count()).toBe(0);
    await detail.getByTestId('detail-fields').getByText('照片清楚，问题已登记').waitFor();
  });

  it('goes back to the list', async () => {
    await page.getByTestId('detail-back').click();
    await page.waitForURL((url) => url.pathname === '/inspect/inspectRecord/index');
    await page.getByTestId('crud-table').locator(`.ant-table-row[data-row-key="${recordId}"]`).getByText('已通过').waitFor();
  });
});

describe('maintenance and cleaning records', () => {
  for (const { list, detail, schemaId, shot } of [
    { list: '/maintain/record/index', detail: '/maintain/record/detail', schemaId: 'maintain/record', shot: 'schema-pages-maintain-detail' },
    { list: '/clean/cleanRecord/index', detail: '/clean/cleanRecord/detail', schemaId: 'clean/record', shot: 'schema-pages-clean-detail' },
  ]) {
    it(`open from ${list} on ${detail}`, async () => {
      await page.goto(`${t.url}${list}`);
      const row = page.getByTestId('crud-table').locator('.ant-table-row').first();
      await row.waitFor();
      const id = await row.getAttribute('data-row-key');
      await clickRowAction(row, 'view');
      await page.waitForURL((url) => url.pathname === detail && url.searchParams.get('id') === id);
      const fields = page.getByTestId(`detail-page-${schemaId}`).getByTestId('detail-fields');
      await fields.getByText('审核状态').waitFor();
      await screenshot(page, shot);
    });
  }
});

describe('a plan created on its own page', () => {
  it('opens /inspect-plan/add from the list, and a required field left empty shows its message', async () => {
    await page.goto(`${t.url}/inspect-plan/index`);
    await page.getByTestId('crud-add').click();
    await page.waitForURL((url) => url.pathname === '/inspect-plan/add');
    const form = page.getByTestId('form-page-inspect/plan');
    await formItem(form, '计划名称').locator('input').fill(PLAN_NAME);
    await form.getByTestId('form-page-save').click();
    await errorOf(formItem(form, '巡查项目组')).getByText('请选择巡查项目组').waitFor();
    await errorOf(formItem(form, '巡查水库')).getByText('请至少选择一个水库').waitFor();
    expect(await errorOf(formItem(form, '计划名称')).count()).toBe(0);
    expect(page.url()).toContain('/inspect-plan/add');
    await screenshot(page, 'schema-pages-plan-add-required');
  });

  it('saves and lands on the list with the new draft plan', async () => {
    const form = page.getByTestId('form-page-inspect/plan');
    await chooseFirst(formItem(form, '巡查项目组'));
    const { name } = (await t.db.query(`SELECT name FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY code LIMIT 1`, [TENANT])).rows[0];
    const reservoir = await chooseFirst(formItem(form, '巡查水库'), name);
    await chooseFirst(formItem(form, '巡查频次'));
    const today = now().slice(0, 10);
    await typeDate(formItem(form, '开始日期'), today);
    await typeDate(formItem(form, '结束日期'), today);
    await formItem(form, '备注').locator('textarea').fill('汛前对坝体、溢洪道全面检查');
    await screenshot(page, 'schema-pages-plan-add-filled');
    await form.getByTestId('form-page-save').click();
    await page.waitForURL((url) => url.pathname === '/inspect-plan/index');
    // The finished form's tab closed with it.
    await expect.poll(() => page.getByTestId('tab-bar').getByText('新建巡查计划').count()).toBe(0);
    const row = page.getByTestId('crud-table').locator('.ant-table-row', { hasText: PLAN_NAME });
    await row.waitFor();
    expect(await row.innerText()).toContain('草稿');
    const saved = (
      await t.db.query(`SELECT reservoir_ids, start_date::text AS start, remark FROM inspect_plan WHERE tenant_id = $1 AND name = $2 AND is_deleted = 0`, [
        TENANT,
        PLAN_NAME,
      ])
    ).rows;
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ start: today, remark: '汛前对坝体、溢洪道全面检查' });
    expect(saved[0].reservoir_ids).toHaveLength(1);
    expect(reservoir).toBe(name);
    await screenshot(page, 'schema-pages-plan-list');
  });

  it('opens the new plan on its detail page, with edit on the shared form page while it is a draft', async () => {
    const row = page.getByTestId('crud-table').locator('.ant-table-row', { hasText: PLAN_NAME });
    await clickRowAction(row, 'view');
    await page.waitForURL((url) => url.pathname === '/inspect-plan/detail');
    const detail = page.getByTestId('detail-page-inspect/plan');
    await detail.getByText(PLAN_NAME).waitFor();
    await detail.getByTestId('detail-state').getByText('草稿').waitFor();
    await detail.getByTestId('detail-action-publish').waitFor();
    // The plan's reservoirs and inspectors read as names, not ids.
    const fields = detail.getByTestId('detail-fields');
    await expect.poll(() => fields.innerText()).toMatch(/水库/);
    expect(await fields.innerText()).not.toMatch(/\d{15,}/);
    await screenshot(page, 'schema-pages-plan-detail');
    await detail.getByTestId('detail-edit').click();
    await page.waitForURL((url) => url.pathname === '/inspect-plan/add' && !!url.searchParams.get('id'));
    const form = page.getByTestId('form-page-inspect/plan');
    expect(await formItem(form, '计划名称').locator('input').inputValue()).toBe(PLAN_NAME);
    await screenshot(page, 'schema-pages-plan-edit');
  });
});

describe('a reservoir project', () => {
  let reservoir: { id: string; name: string; manage_unit: string | null };

  let town: { name: string; code: string };

  it('lists the reservoirs at /system/projectMgr/index and edits one on /system/projectMgr/edit?id=', async () => {
    reservoir = (
      await t.db.query(
        `SELECT id::text AS id, name, manage_unit FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY region_code, code LIMIT 1`,
        [TENANT],
      )
    ).rows[0];
    await page.goto(`${t.url}/system/projectMgr/index`);
    const listed = page.getByTestId('crud-table').locator(`.ant-table-row[data-row-key="${reservoir.id}"]`);
    await listed.waitFor();
    // The township reads as its name (the towns of the user's county), never as its code.
    town = (await t.db.query(`SELECT g.name, g.code FROM rsc_reservoir r JOIN blade_region g ON g.code = r.region_code WHERE r.id = $1`, [reservoir.id]))
      .rows[0];
    await expect.poll(() => listed.innerText()).toContain(town.name);
    expect(await listed.innerText()).not.toContain(town.code);
    await screenshot(page, 'schema-pages-project-list');
    await clickRowAction(listed, 'edit');
    await page.waitForURL((url) => url.pathname === '/system/projectMgr/edit' && url.searchParams.get('id') === reservoir.id);
    const form = page.getByTestId('form-page-reservoir/reservoir');
    const unit = formItem(form, '管理单位名称').locator('input');
    await expect.poll(() => formItem(form, '水库名称').locator('input').inputValue()).toBe(reservoir.name);
    await expect.poll(() => formItem(form, '所在乡镇').innerText()).toContain(town.name);
    await unit.fill('城关镇水利工作站（页面测试）');
    await screenshot(page, 'schema-pages-project-edit');
    await form.getByTestId('form-page-save').click();
    await page.waitForURL((url) => url.pathname === '/system/projectMgr/index');
    await expect
      .poll(async () => (await t.db.query('SELECT manage_unit FROM rsc_reservoir WHERE id = $1', [reservoir.id])).rows[0].manage_unit)
      .toBe('城关镇水利工作站（页面测试）');
    const row = page.getByTestId('crud-table').locator(`.ant-table-row[data-row-key="${reservoir.id}"]`);
    await expect.poll(() => row.innerText()).toContain('城关镇水利工作站（页面测试）');
  });

  it('adds on /system/projectMgr/add, the same page without ?id=', async () => {
    await page.getByTestId('crud-add').click();
    await page.waitForURL((url) => url.pathname === '/system/projectMgr/add');
    const form = page.getByTestId('form-page-reservoir/reservoir');
    expect(await formItem(form, '水库名称').locator('input').inputValue()).toBe('');
    await page.getByTestId('form-page-cancel').click();
    await page.waitForURL((url) => url.pathname === '/system/projectMgr/index');
  });

  it('shows the project on /system/projectMgr/detail, in English too', async () => {
    await page.goto(`${t.url}/system/projectMgr/detail?id=${reservoir.id}`);
    const detail = page.getByTestId('detail-page-reservoir/reservoir');
    await detail.getByText('城关镇水利工作站（页面测试）').waitFor();
    await detail.getByTestId('detail-edit').waitFor();
    await screenshot(page, 'schema-pages-project-detail');

    await page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content: 'en', datetime: Date.now() })));
    await page.reload();
    await detail.getByText('Reservoir details').waitFor();
    await detail.getByText('Basic information').waitFor();
    await screenshot(page, 'schema-pages-project-detail-en');
    await page.goto(`${t.url}/inspect/inspectRecord/detail?id=${recordId}`);
    await page.getByTestId('detail-list-inspect/recordItem').getByText('Inspection item result (2)').waitFor();
    await screenshot(page, 'schema-pages-record-detail-en');
    await page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content: 'zh', datetime: Date.now() })));
  });
});
