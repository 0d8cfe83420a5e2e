/**
 * Dictionary labels follow the console's language: in English the inspection
 * records read their type, risk level and audit status by the entries'
 * English names — in the table, the search form's choices and the detail
 * page — and in Chinese by their Chinese names. The dictionary page lists
 * and edits the English name.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../api/testServer.js';
import { type BrowserSuite, openedDialog, screenshot, signedInPage, startBrowserSuite } from './browser.js';

const TENANT = '100001';
let t: TestServer;
let browser: Browser;
let suite: BrowserSuite | undefined;
beforeAll(async () => {
  suite = await startBrowserSuite();
  ({ server: t, browser } = suite);
});
afterAll(() => suite?.close());

async function setLanguage(page: Page, language: 'zh' | 'en'): Promise<void> {
  await page.evaluate((content) => localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content, datetime: Date.now() })), language);
}

async function openRecords(page: Page): Promise<Locator> {
  await page.goto(`${t.url}/inspect/inspectRecord/index`);
  const table = page.getByTestId('crud-table');
  await table.locator('.ant-table-row').first().waitFor();
  return table;
}

/** The texts of one column of the shown rows, by its header. */
async function columnTexts(table: Locator, header: string): Promise<string[]> {
  const headers = await table.locator('thead th').allInnerTexts();
  const index = headers.findIndex((text) => text.trim() === header);
  expect(index, `column ${header} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return table.locator(`tbody tr.ant-table-row > td:nth-child(${index + 1})`).allInnerTexts();
}

describe('inspection records in English', () => {
  let page: Page;
  let table: Locator;
  beforeAll(async () => {
    page = await signedInPage(browser, t.url, { tenantId: TENANT, account: 'admin' });
    await setLanguage(page, 'en');
    table = await openRecords(page);
  });
  afterAll(() => page?.context().close());

  it('the table shows the English names of the inspection type and the audit status', async () => {
    await expect.poll(async () => (await columnTexts(table, 'Audit status')).filter((text) => text !== '').length).toBeGreaterThan(0);
    const statuses = new Set(await columnTexts(table, 'Audit status'));
    expect(
      [...statuses].every((text) => ['Pending review', 'Approved', 'Rejected'].includes(text)),
      [...statuses].join(', '),
    ).toBe(true);
    const types = new Set(await columnTexts(table, 'Inspection type'));
    expect(
      [...types].every((text) => ['Routine inspection', 'Annual inspection', 'Special inspection'].includes(text)),
      [...types].join(', '),
    ).toBe(true);
    const levels = new Set((await columnTexts(table, 'Risk level')).filter((text) => text !== ''));
    expect(
      [...levels].every((text) => ['General hazard', 'Major hazard', 'Other hazard'].includes(text)),
      [...levels].join(', '),
    ).toBe(true);
    await screenshot(page, 'dictionary-english-records');
  });

  it('the search form offers the audit statuses by their English names and filters by them', async () => {
    const search = page.getByTestId('crud-search');
    await search.locator('.ant-form-item', { hasText: 'Audit status' }).locator('.ant-select').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(() => options.allInnerTexts()).toEqual(['Pending review', 'Approved', 'Rejected']);
    await options.filter({ hasText: 'Approved' }).click();
    await search.getByTestId('crud-search-submit').click();
    await expect.poll(async () => new Set(await columnTexts(table, 'Audit status'))).toEqual(new Set(['Approved']));
  });

  it('the detail page reads the record’s dictionary fields in English', async () => {
    const approved = await t.db.query<{ id: string }>(
      `SELECT id::text AS id FROM inspect_record WHERE tenant_id = $1 AND audit_status = 1 AND is_deleted = 0 ORDER BY id LIMIT 1`,
      [TENANT],
    );
    const id = approved.rows[0].id;
    await page.goto(`${t.url}/inspect/inspectRecord/detail?id=${id}`);
    const fields = page.getByTestId('detail-page-inspect/record').getByTestId('detail-fields');
    await fields.getByText('Approved').first().waitFor();
    expect(await fields.innerText()).not.toContain('已通过');
    await screenshot(page, 'dictionary-english-record-detail');
  });
});

describe('inspection records in Chinese', () => {
  it('the same columns show the Chinese names', async () => {
    const page = await signedInPage(browser, t.url, { tenantId: TENANT, account: 'admin' });
    await setLanguage(page, 'zh');
    const table = await openRecords(page);
    await expect.poll(async () => (await columnTexts(table, '审核状态')).filter((text) => text !== '').length).toBeGreaterThan(0);
    const statuses = new Set(await columnTexts(table, '审核状态'));
    expect(
      [...statuses].every((text) => ['待审核', '已通过', '已驳回'].includes(text)),
      [...statuses].join(', '),
    ).toBe(true);
    expect(await table.innerText()).not.toContain('Pending review');
    await page.context().close();
  });
});

describe('the dictionary page', () => {
  it('lists each entry’s English name and offers it in the entry form', async () => {
    const page = await signedInPage(browser, t.url, { tenantId: TENANT, account: 'admin' });
    await setLanguage(page, 'en');
    await page.goto(`${t.url}/dict-horizontal/index`);
    const parents = page.getByTestId('tree-parents');
    await parents.locator('.ant-table-row').first().waitFor();
    await parents.getByPlaceholder('Enter dictionary code').fill('dam_type');
    await parents.getByTestId('crud-search-submit').click();
    await expect.poll(() => parents.locator('.ant-table-row').count()).toBe(1);
    expect(await parents.locator('.ant-table-row').innerText()).toContain('Dam type');
    await parents.locator('.ant-table-row').click();
    const children = page.getByTestId('tree-children');
    await children.locator('.ant-table-row', { hasText: 'Homogeneous earth dam' }).waitFor();
    expect(await children.locator('thead th').allInnerTexts()).toContain('English name');
    await children.getByText('Dictionary: Dam type').waitFor();
    expect(await children.locator('.ant-table-row', { hasText: '均质土坝' }).innerText()).toContain('Homogeneous earth dam');
    await screenshot(page, 'dictionary-english-dict-page');
    await children.locator('.ant-table-row', { hasText: '均质土坝' }).getByTestId('row-edit').click();
    const dialog = await openedDialog(page);
    const english = dialog.locator('.ant-formily-item', { hasText: 'English name' }).locator('input');
    await expect.poll(() => english.inputValue()).toBe('Homogeneous earth dam');
    // Wait for the dialog's opening animation so the picture shows it settled.
    await expect.poll(() => page.locator('.ant-modal[class*="-enter"], .ant-modal[class*="-appear"]').count()).toBe(0);
    await screenshot(page, 'dictionary-english-dict-form');
    await page.context().close();
  });
});
