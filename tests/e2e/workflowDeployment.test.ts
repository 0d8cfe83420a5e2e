/**
 * 部署管理 and 流程统计 in Chromium against a real server (tenant 003189, its administrator). A two-step review
 * (tests/fixtures/workflow/h5-review.bpmn) is uploaded through 上传部署 with a category made for the test: it is
 * listed active as version 1 of its key in that category; 挂起 suspends it and 激活 activates it again (the list and
 * the API agree each time); 变更分类 moves it to another category; 查看流程图 draws its diagram read-only with both
 * tasks; a file holding a script task is refused by the server naming the file and the element, and nothing is
 * deployed. The platform administrator deploys a file to another tenant chosen in the dialog. 流程统计 shows the
 * figures statistics/index counts and draws a started review in its charts. Screenshots (zh and en):
 * test-results/screenshots/workflow-deployment-*.png and workflow-statistics-*.png.
 */
import fs from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../api/testServer.js';
import { type BrowserSuite, clickRowAction, openedDialog, screenshot, signedInThroughApi, startBrowserSuite } from './browser.js';

const TENANT = '003189';
const DESIGN = '/api/blade-workflow/design';
const KEY = 'h5_review';
const FIXTURE = 'tests/fixtures/workflow/h5-review.bpmn';

let suite: BrowserSuite | undefined;
let t: TestServer;
let browser: Browser;
let page: Page;
let token: string;
let categoryName: string;
let otherCategoryName: string;

interface DeploymentRow {
  id: string;
  processKey: string;
  processVersion: number;
  suspension: number;
  categoryName?: string;
}

async function deployments(processKey: string): Promise<DeploymentRow[]> {
  const answer = await t.api(`${DESIGN}/deployment/list?processKey=${processKey}&current=1&size=50`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.records as DeploymentRow[];
}

function tableRow(): Locator {
  return page.getByTestId('deployment-table').locator('.ant-table-row').filter({ hasText: KEY });
}

async function openPage(): Promise<void> {
  await page.goto(`${t.url}/workflow/design/deployment`);
  await page.getByTestId('deployment-page').waitFor();
}

/** Chooses the test's category in the upload dialog's tree picker. */
async function chooseCategory(dialog: Locator): Promise<void> {
  await dialog.getByTestId('upload-category').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper').filter({ hasText: categoryName }).first().click();
}

beforeAll(async () => {
  suite = await startBrowserSuite();
  ({ server: t, browser } = suite);
  token = await t.signIn(TENANT, 'admin');
  categoryName = `H5巡查审批${Date.now().toString(36)}`;
  const category = await t.api(`${DESIGN}/category/submit`, {
    token,
    body: { name: categoryName, code: `h5_${Date.now().toString(36)}`, parentId: '0', sort: 1 },
  });
  expect(category.status, JSON.stringify(category.body)).toBe(200);
  otherCategoryName = `${categoryName}-归档`;
  const other = await t.api(`${DESIGN}/category/submit`, {
    token,
    body: { name: otherCategoryName, code: `h5_other_${Date.now().toString(36)}`, parentId: '0', sort: 2 },
  });
  expect(other.status, JSON.stringify(other.body)).toBe(200);
  ({ page } = await signedInThroughApi(browser, t.url, { tenantId: TENANT, account: 'admin' }));
});

afterAll(async () => {
  await suite?.close();
});

describe('deployment management', () => {
  it('deploys an uploaded .bpmn file into the chosen category, active', async () => {
    await openPage();
    await page.getByTestId('deployment-upload').click();
    const dialog = await openedDialog(page);
    await chooseCategory(dialog);
    await dialog.locator('input[type=file]').setInputFiles(FIXTURE);
    await dialog.getByText('h5-review.bpmn').waitFor();
    await screenshot(page, 'workflow-deployment-upload-zh');
    await dialog.getByTestId('upload-deploy-ok').click();
    await tableRow().waitFor();
    await expect.poll(() => tableRow().getByTestId('deployment-state').getAttribute('data-state')).toBe('active');
    expect(await tableRow().innerText()).toContain(categoryName);
    const [row] = await deployments(KEY);
    expect(row).toMatchObject({ processKey: KEY, processVersion: 1, suspension: 1, categoryName });
    await screenshot(page, 'workflow-deployment-list-zh');
  });

  it('suspends and activates it again', async () => {
    await tableRow().getByTestId('row-suspend').click();
    await (await openedDialog(page)).getByTestId('deployment-confirm-ok').click();
    await expect.poll(() => tableRow().getByTestId('deployment-state').getAttribute('data-state')).toBe('suspended');
    expect((await deployments(KEY))[0].suspension).toBe(2);

    await tableRow().getByTestId('row-activate').click();
    await (await openedDialog(page)).getByTestId('deployment-confirm-ok').click();
    await expect.poll(() => tableRow().getByTestId('deployment-state').getAttribute('data-state')).toBe('active');
    expect((await deployments(KEY))[0].suspension).toBe(1);
  });

  it('moves it to another category (under 更多)', async () => {
    await clickRowAction(tableRow(), 'category');
    const dialog = await openedDialog(page);
    await dialog.getByTestId('change-category-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper').filter({ hasText: otherCategoryName }).first().click();
    await dialog.getByTestId('change-category-ok').click();
    await expect.poll(() => tableRow().innerText()).toContain(otherCategoryName);
    expect((await deployments(KEY))[0].categoryName).toBe(otherCategoryName);
  });

  it('shows its diagram read-only', async () => {
    await tableRow().getByTestId('row-diagram').click();
    const viewer = page.getByTestId('process-viewer');
    await expect.poll(() => viewer.getAttribute('data-status')).toBe('shown');
    expect(Number(await viewer.getAttribute('data-elements'))).toBeGreaterThanOrEqual(7);
    await expect.poll(() => viewer.innerText()).toContain('复核');
    expect(await viewer.innerText()).toContain('审定');
    // A viewer, not a modeler: no palette to draw with.
    expect(await viewer.locator('.djs-palette').count()).toBe(0);
    await screenshot(page, 'workflow-deployment-diagram-zh');
    // Closed with its close button: Escape depends on where the focus is (the bpmn-js canvas may hold it).
    await page.locator('.ant-modal-wrap:visible .ant-modal-close').click();
    await viewer.waitFor({ state: 'detached' });
  });

  it('shows the server’s refusal of a file holding a script task, and deploys nothing', async () => {
    const scripted = fs
      .readFileSync(FIXTURE, 'utf8')
      .replaceAll('h5_review', 'h5_scripted')
      .replace(/<bpmn:userTask id="check"([^>]*)>/, '<bpmn:scriptTask id="check" scriptFormat="javascript">')
      .replace(/(<bpmn:outgoing>flow_checked<\/bpmn:outgoing>\s*)<\/bpmn:userTask>/, '$1</bpmn:scriptTask>');
    expect(scripted).toContain('<bpmn:scriptTask');
    await page.getByTestId('deployment-upload').click();
    const dialog = await openedDialog(page);
    await dialog.locator('input[type=file]').setInputFiles({ name: 'h5-scripted.bpmn', mimeType: 'application/xml', buffer: Buffer.from(scripted) });
    await dialog.getByTestId('upload-deploy-ok').click();
    const refusal = page.locator('.ant-message-error').filter({ hasText: 'h5-scripted.bpmn' });
    await refusal.waitFor();
    expect(await refusal.innerText()).toMatch(/scriptTask/i);
    expect(await deployments('h5_scripted')).toHaveLength(0);
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
  });
});

describe('the platform administrator', () => {
  it('deploys an uploaded file to another tenant chosen in the upload dialog', async () => {
    const { page: platform } = await signedInThroughApi(browser, t.url, { tenantId: '000000', account: 'admin' });
    await platform.goto(`${t.url}/workflow/design/deployment`);
    await platform.getByTestId('deployment-page').waitFor();
    await platform.getByTestId('deployment-upload').click();
    const dialog = await openedDialog(platform);
    await dialog.getByTestId('upload-tenants').click();
    await platform.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '(100001)' }).click();
    // Close the tenant list by clicking the dialog's title.
    await dialog.getByText('上传部署').first().click();
    const scopedXml = fs.readFileSync(FIXTURE, 'utf8').replaceAll('h5_review', 'h5_platform_review');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'h5-platform.bpmn', mimeType: 'application/xml', buffer: Buffer.from(scopedXml) });
    await dialog.getByText('h5-platform.bpmn').waitFor();
    await screenshot(platform, 'workflow-deployment-upload-platform-zh');
    await dialog.getByTestId('upload-deploy-ok').click();
    await platform.locator('.ant-message-success').waitFor();
    const other = await t.signIn('100001', 'admin');
    const listed = await t.api(`${DESIGN}/deployment/list?processKey=h5_platform_review`, { token: other });
    expect(listed.body.data.records).toHaveLength(1);
    // Deployed to the tenant chosen only, not to the platform tenant itself.
    expect(await deployments('h5_platform_review')).toHaveLength(0);
    await platform.context().close();
  });
});

describe('process statistics', () => {
  it('shows the figures statistics/index counts and draws the started process in the charts', async () => {
    const started = await t.api('/api/blade-workflow/process/startProcessByKey', {
      token,
      body: { processDefinitionKey: KEY, title: 'H5 统计用审核', variables: {} },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const index = await t.api(`${DESIGN}/statistics/index`, { token });
    expect(index.status, JSON.stringify(index.body)).toBe(200);
    expect(index.body.data.runningInstances).toBeGreaterThanOrEqual(1);

    await page.goto(`${t.url}/workflow/statistics`);
    await page.getByTestId('statistics-page').waitFor();
    const figure = (name: string) => page.getByTestId(`figure-${name}`);
    await expect.poll(() => figure('runningInstances').getAttribute('data-value')).toBe(String(index.body.data.runningInstances));
    expect(await figure('deployments').getAttribute('data-value')).toBe(String(index.body.data.deployments));
    expect(await figure('runningInstances').innerText()).toContain('进行中的流程');
    // Per process: started, completed and running of each process with instances; per month: started and completed.
    await expect.poll(() => page.getByTestId('chart-by-process').getAttribute('data-points').then(Number)).toBeGreaterThanOrEqual(3);
    await page.getByTestId('chart-by-process').locator('canvas').waitFor();
    await page.getByTestId('chart-by-month').locator('canvas').waitFor();
    await page.locator('.wf-statistics-page .ant-spin-spinning').waitFor({ state: 'detached' });
    await screenshot(page, 'workflow-statistics-zh');
  });
});

describe('in English', () => {
  it('reads the deployment and statistics pages in English', async () => {
    await page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content: 'en', datetime: Date.now() })));
    await openPage();
    await tableRow().waitFor();
    await page.getByText('Upload & deploy').waitFor();
    await tableRow().getByText('Active').waitFor();
    await screenshot(page, 'workflow-deployment-list-en');
    await page.goto(`${t.url}/workflow/statistics`);
    await page.getByText('Instances by process').waitFor();
    await page.getByTestId('chart-by-process').locator('canvas').waitFor();
    await page.locator('.wf-statistics-page .ant-spin-spinning').waitFor({ state: 'detached' });
    await screenshot(page, 'workflow-statistics-en');
  });
});
