/**
 * 表单设计 in Chromium against a real server (tenant 003189, its administrator). A form of three fields is built in
 * the designer — a required text filled by a form default value, a number with a fixed default and a drop-down with
 * two options — and the live preview shows each field's label and default as it is built; a field name that is not an identifier is marked on its row and keeps the form from
 * being saved; a form key another form holds is refused by the server, whose message the console shows. Once saved,
 * the content form/detail answers is exactly the schema the preview was drawn from (contract 14 §5). The history
 * page lists the first version as the main one; after a second save through the API, 设为主版本 on version 1 makes
 * it main again and the form's content is version 1's. Screenshots (zh and en):
 * test-results/screenshots/workflow-form-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../api/testServer.js';
import { type BrowserSuite, screenshot, signedInThroughApi, startBrowserSuite } from './browser.js';

const TENANT = '003189';
const DESIGN = '/api/blade-workflow/design';
const FORM_KEY = 'h5_inspection_form';
const DEFAULT_KEY = 'h5CurrentUserName';

let suite: BrowserSuite | undefined;
let t: TestServer;
let browser: Browser;
let page: Page;
let token: string;

interface StoredForm {
  id: string;
  formKey: string;
  name: string;
  content: string;
  version: number;
  formVersion: number;
}

async function storedForm(formKey: string): Promise<StoredForm> {
  const list = await t.api(`${DESIGN}/form/list?formKey=${formKey}&current=1&size=10`, { token });
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  const row = (list.body.data.records as StoredForm[]).find((record) => record.formKey === formKey);
  expect(row, `form ${formKey} listed`).toBeDefined();
  const detail = await t.api(`${DESIGN}/form/detail?id=${row!.id}`, { token });
  expect(detail.status, JSON.stringify(detail.body)).toBe(200);
  return detail.body.data as StoredForm;
}

/** The designer's live preview: the labels it shows and the schema it was drawn from. */
async function preview() {
  const box = page.getByTestId('form-preview');
  await box.waitFor();
  return { labels: await box.locator('.ant-formily-item-label').allInnerTexts(), schema: JSON.parse((await box.getAttribute('data-schema')) ?? '{}') };
}

/** Adds a field of a kind from the palette and names it in the properties column. */
async function addField(kind: string, name: string, title: string): Promise<void> {
  await page.getByTestId(`palette-${kind}`).click();
  await page.getByTestId('prop-name').fill(name);
  await page.getByTestId('prop-title').fill(title);
}

async function openFormList(): Promise<void> {
  await page.goto(`${t.url}/workflow/design/form`);
  await page.getByTestId('form-list-page').waitFor();
}

async function useEnglish(): Promise<void> {
  await page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content: 'en', datetime: Date.now() })));
}

beforeAll(async () => {
  suite = await startBrowserSuite();
  ({ server: t, browser } = suite);
  token = await t.signIn(TENANT, 'admin');
  const defaultValue = await t.api(`${DESIGN}/form/default-values/submit`, { token, body: { name: '当前用户姓名', defaultKey: DEFAULT_KEY, valueType: 3 } });
  expect(defaultValue.status, JSON.stringify(defaultValue.body)).toBe(200);
  ({ page } = await signedInThroughApi(browser, t.url, { tenantId: TENANT, account: 'admin' }));
});

afterAll(async () => {
  await suite?.close();
});

describe('the form designer', () => {
  it('builds a three-field form whose preview follows every change', async () => {
    await openFormList();
    await page.getByTestId('form-add').click();
    await page.getByTestId('form-designer-save').waitFor();
    await page.getByTestId('form-key').fill(FORM_KEY);
    await page.getByTestId('form-name').fill('巡查登记表');

    await addField('Input', 'inspector', '巡查人');
    await page.getByTestId('prop-required').click();
    // The inspector's name comes from a form default value the server resolves at start.
    await page.getByTestId('prop-default-source').getByText('表单默认值').click();
    await page.getByTestId('prop-default-key').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: DEFAULT_KEY }).click();
    await addField('NumberPicker', 'distance', '巡查里程');
    await page.getByTestId('prop-default-source').getByText('固定值').click();
    await page.getByTestId('default-number').fill('12');
    await addField('Select', 'weather', '天气');

    const shown = await preview();
    expect(shown.labels.map((label) => label.replace(/[*：:\s]/g, ''))).toEqual(['巡查人', '巡查里程', '天气']);
    expect(Object.keys(shown.schema.properties)).toEqual(['inspector', 'distance', 'weather']);
    expect(shown.schema.properties.inspector).toMatchObject({
      type: 'string',
      'x-component': 'Input',
      'x-decorator': 'FormItem',
      required: true,
      'x-default': DEFAULT_KEY,
    });
    expect(shown.schema.properties.distance).toMatchObject({ type: 'number', 'x-component': 'NumberPicker', default: 12 });
    // A literal default is the preview's initial value.
    expect(await page.getByTestId('form-preview').locator('.ant-input-number input').inputValue()).toBe('12');
    expect(shown.schema.properties.weather.enum).toHaveLength(2);
    // The drop-down offers its options in the preview.
    await page.getByTestId('form-preview').locator('.ant-select').click();
    await expect.poll(() => page.locator('.ant-select-dropdown:visible .ant-select-item-option').count()).toBe(2);
    await page.keyboard.press('Escape');
    await screenshot(page, 'workflow-form-designer-zh');
  });

  it('marks a field name that is not an identifier and saves nothing while it is there', async () => {
    const row = page.getByTestId('form-field-row').filter({ hasText: '巡查里程' });
    await row.click();
    await page.getByTestId('prop-name').fill('1distance');
    await expect.poll(() => row.innerText()).toContain('字段名须以字母或下划线开头');
    await page.getByTestId('form-designer-save').click();
    await page.locator('.ant-message-error').filter({ hasText: '字段名须以字母或下划线开头' }).waitFor();
    const list = await t.api(`${DESIGN}/form/list?formKey=${FORM_KEY}`, { token });
    expect(list.body.data.records).toHaveLength(0);
    await page.getByTestId('prop-name').fill('distance');
    await expect.poll(() => row.innerText()).not.toContain('字段名须以字母或下划线开头');
  });

  it('reorders fields, and the preview follows', async () => {
    const weather = page.getByTestId('form-field-row').filter({ hasText: '天气' });
    await weather.getByTestId('field-up').click();
    expect((await preview()).labels.map((label) => label.replace(/[*：:\s]/g, ''))).toEqual(['巡查人', '天气', '巡查里程']);
    await page.getByTestId('form-field-row').filter({ hasText: '天气' }).getByTestId('field-down').click();
    expect(Object.keys((await preview()).schema.properties)).toEqual(['inspector', 'distance', 'weather']);
  });

  it('saves: the stored content is exactly the schema the preview was drawn from', async () => {
    const { schema } = await preview();
    await page.getByTestId('form-designer-save').click();
    await page.getByTestId('form-designer-save').waitFor({ state: 'detached' });
    const row = page.getByTestId('form-table').locator('.ant-table-row').filter({ hasText: FORM_KEY });
    await row.waitFor();
    const stored = await storedForm(FORM_KEY);
    expect(JSON.parse(stored.content)).toEqual(schema);
    expect(stored.formVersion).toBe(1);
    await screenshot(page, 'workflow-form-list-zh');
  });

  it('shows the server’s refusal of a form key another form holds', async () => {
    await page.getByTestId('form-add').click();
    await page.getByTestId('form-key').fill(FORM_KEY);
    await page.getByTestId('form-name').fill('重复的表单');
    await addField('Input', 'note', '备注');
    await page.getByTestId('form-designer-save').click();
    await page.locator('.ant-message-error').filter({ hasText: '表单标识已存在' }).waitFor();
    // The work stays in the designer.
    expect(await page.getByTestId('form-key').inputValue()).toBe(FORM_KEY);
    await page.locator('.wf-designer-drawer .ant-drawer-close').click();
    await page.getByTestId('form-designer-save').waitFor({ state: 'detached' });
  });
});

describe('the form history', () => {
  it('lists the first version as main, and makes version 1 main again after a second save', async () => {
    const first = await storedForm(FORM_KEY);
    await page.getByTestId('form-table').locator('.ant-table-row').filter({ hasText: FORM_KEY }).getByTestId('row-history').click();
    await page.waitForURL(`**/workflow/design/form/history/${first.id}`);
    const table = page.getByTestId('form-history-table');
    await expect.poll(() => table.locator('.ant-table-row').count()).toBe(1);
    await table.getByTestId('history-main').waitFor();
    await expect.poll(() => page.getByTestId('history-form-preview').innerText()).toContain('巡查里程');

    // A second version: the number field's label changes.
    const content = JSON.parse(first.content);
    content.properties.distance.title = '巡查距离';
    const saved = await t.api(`${DESIGN}/form/submit`, { token, body: { id: first.id, formKey: FORM_KEY, name: first.name, content, version: first.version } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await page.reload();
    await expect.poll(() => table.locator('.ant-table-row').count()).toBe(2);
    const v1 = table.locator('.ant-table-row').filter({ hasText: 'v1' });
    const v2 = table.locator('.ant-table-row').filter({ hasText: 'v2' });
    await v2.getByTestId('history-main').waitFor();
    await expect.poll(() => page.getByTestId('history-form-preview').innerText()).toContain('巡查距离');

    await v1.getByTestId('row-preview').click();
    await expect.poll(() => page.getByTestId('history-form-preview').innerText()).toContain('巡查里程');
    await v1.getByTestId('row-set-main').click();
    await page.getByTestId('history-confirm-ok').click();
    await v1.getByTestId('history-main').waitFor();
    expect(await v2.getByTestId('history-main').count()).toBe(0);
    expect(JSON.parse((await storedForm(FORM_KEY)).content).properties.distance.title).toBe('巡查里程');
    await screenshot(page, 'workflow-form-history-zh');
  });
});

describe('in English', () => {
  it('reads the form list, the designer and the history in English', async () => {
    const { id } = await storedForm(FORM_KEY);
    await useEnglish();
    await page.goto(`${t.url}/workflow/design/form/history/${id}`);
    await page.getByText('Form history: 巡查登记表').waitFor();
    await page.getByText('Set as main').first().waitFor();
    await screenshot(page, 'workflow-form-history-en');
    await openFormList();
    const row = page.getByTestId('form-table').locator('.ant-table-row').filter({ hasText: FORM_KEY });
    await row.getByText('History').waitFor();
    await row.getByTestId('row-more').click();
    await page.locator('.ant-dropdown:visible').getByText('Change category').waitFor();
    await screenshot(page, 'workflow-form-list-en');
    await page.keyboard.press('Escape');
    await row.getByTestId('row-edit').click();
    await page.getByText('Live preview').waitFor();
    await page.getByText('Field types').waitFor();
    await page.getByTestId('form-field-row').first().waitFor();
    await screenshot(page, 'workflow-form-designer-en');
  });
});
