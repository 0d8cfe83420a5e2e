/**
 * The leave process in Chromium, end to end (issue 14's browser test; contract 14 §7, §8), in tenant 173509:
 * the administrator redesigns the leave process — removes the demo `leave` model and its deployment, then draws
 * a two-step approval of key `leave` in the designer (部门负责人审批 by the initiator's department leader, then
 * 管理员审批 by the role 超级管理员) and deploys it (a leave goes only through a process of key `leave`);
 * farm_admin (林建华) applies for leave through the leave form of that deployment; subject_admin (陈志强, the
 * department's leader) opens the task's inbox message, which lands on the leave approval page, and approves; the administrator claims it in 待签事务 and approves on the same page; the
 * leave's detail page then shows it 已通过 with its diagram coloured (both tasks, the start and the end as passed).
 * Screenshots (zh and en) of the form, the approval page and the detail page: test-results/screenshots/workflow-leave-*.png.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../api/testServer.js';
import { type BrowserSuite, openedDialog, screenshot, signedInThroughApi, startBrowserSuite } from './browser.js';
import { noticeTarget } from '../../src/shared/noticeTarget.js';
import { drawTwoStepApproval } from './workflowDrawing.js';

const TENANT = '173509';
const KEY = 'leave';
const PROCESS_NAME = '请假审批（两级）';
const REASON = '回老家参加婚礼';

let suite: BrowserSuite | undefined;
let t: TestServer;
let browser: Browser;
const pages: Record<string, Page> = {};
const tokens: Record<string, string> = {};
let deploymentId: string;
let leaveId: string;
let processInstanceId: string;

async function signedIn(account: string): Promise<void> {
  const session = await signedInThroughApi(browser, t.url, { tenantId: TENANT, account });
  pages[account] = session.page;
  tokens[account] = session.token;
}

/** A wall time `days` from today at the given hour, as the server writes times. */
async function dayAt(days: number, hour: number): Promise<string> {
  const result = await t.db.query(`SELECT to_char(CURRENT_DATE + $1::int + make_interval(hours => $2), 'YYYY-MM-DD HH24:MI:SS') AS "at"`, [days, hour]);
  return result.rows[0].at;
}

async function setLanguage(page: Page, language: 'zh' | 'en'): Promise<void> {
  await page.evaluate(
    (value) => localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content: value, datetime: Date.now() })),
    language,
  );
}

/** Types a time into an antd DatePicker's input (it takes the display format) and confirms it. */
async function typeTime(page: Page, input: Locator, time: string): Promise<void> {
  await input.click();
  await input.fill(time);
  await input.press('Enter');
  await page.keyboard.press('Escape');
}

/** The row of a task-centre list that carries this leave (its title names the applicant). */
function leaveRow(page: Page): Locator {
  return page.getByTestId('task-list-table').locator('.ant-table-row').filter({ hasText: '林建华的请假申请' }).first();
}

async function approveOnHandlePage(page: Page, comment: string): Promise<void> {
  await page.waitForURL((url) => url.pathname.startsWith('/work/process/leave/handle/'));
  await page.getByTestId('leave-descriptions').getByText(REASON).waitFor();
  await page.getByTestId('task-action-flow_pass').click();
  const dialog = await openedDialog(page);
  await dialog.getByTestId('task-action-comment').locator('textarea').or(dialog.getByTestId('task-action-comment')).first().fill(comment);
  await dialog.getByTestId('task-action-ok').click();
  await page.getByTestId('leave-handled').waitFor();
}

async function storedLeave(): Promise<{ approvalStatus: number; days: number; processInstanceId: string | null }> {
  const result = await t.db.query(
    `SELECT approval_status AS "approvalStatus", days, process_instance_id::text AS "processInstanceId" FROM blade_process_leave WHERE id = $1`,
    [leaveId],
  );
  return result.rows[0];
}

beforeAll(async () => {
  suite = await startBrowserSuite();
  ({ server: t, browser } = suite);
  for (const account of ['admin', 'farm_admin', 'subject_admin']) await signedIn(account);
}, 240_000);

afterAll(async () => {
  await suite?.close();
});

describe('the leave process, drawn, deployed, applied for and approved in the console', () => {
  it('lets the administrator remove the demo leave process (its deployment, then its model) to redesign it', async () => {
    const deployments = await t.api(`/api/blade-workflow/design/deployment/list?processKey=${KEY}&current=1&size=10`, { token: tokens.admin });
    const deploymentIds = (deployments.body.data.records as { id: string }[]).map((row) => row.id);
    expect(deploymentIds).toHaveLength(1);
    const removedDeployment = await t.api(`/api/blade-workflow/design/deployment/remove?ids=${deploymentIds.join(',')}`, { token: tokens.admin, body: {} });
    expect(removedDeployment.status, JSON.stringify(removedDeployment.body)).toBe(200);

    const models = await t.api(`/api/blade-workflow/design/model/list?modelKey=${KEY}&current=1&size=10`, { token: tokens.admin });
    const modelIds = (models.body.data.records as { id: string; modelKey: string }[]).filter((row) => row.modelKey === KEY).map((row) => row.id);
    expect(modelIds).toHaveLength(1);
    const removedModel = await t.api(`/api/blade-workflow/design/model/remove?ids=${modelIds.join(',')}`, { token: tokens.admin, body: {} });
    expect(removedModel.status, JSON.stringify(removedModel.body)).toBe(200);

    const left = await t.api(`/api/blade-workflow/design/deployment/list?processKey=${KEY}&current=1&size=10`, { token: tokens.admin });
    expect(left.body.data.records).toEqual([]);
  });

  it('lets the administrator draw the two-step leave approval with key leave in the designer and deploy it', async () => {
    const page = pages.admin;
    await drawTwoStepApproval(page, t.url, {
      key: KEY,
      name: PROCESS_NAME,
      first: { name: '部门负责人审批', assigneeType: 'deptLeader' },
      second: { name: '管理员审批', assigneeType: 'role', roleName: '超级管理员' },
    });
    await page.getByTestId('designer-deploy').click();
    const dialog = await openedDialog(page);
    await dialog.getByTestId('deploy-ok').click();
    // The dialog closes once the deployment is stored (a refusal keeps it open with the server's message).
    await dialog.getByTestId('deploy-ok').waitFor({ state: 'detached' });
    const deployed = await t.api(`/api/blade-workflow/design/deployment/list?processKey=${KEY}&current=1&size=10`, { token: tokens.admin });
    expect(deployed.status, JSON.stringify(deployed.body)).toBe(200);
    const rows = deployed.body.data.records as { id: string; processKey: string; suspension: number }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ processKey: KEY, suspension: 1 });
    deploymentId = rows[0].id;
  });

  it('lets farm_admin apply through the leave form: the days are counted as the dates are chosen, and 提交 starts the process', async () => {
    const page = pages.farm_admin;
    await page.goto(`${t.url}/work/process/leave/form/${deploymentId}`);
    await page.getByTestId('leave-form').waitFor();
    await page.getByTestId('leave-type').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('年假', { exact: true }).click();
    await typeTime(page, page.getByTestId('leave-start'), await dayAt(5, 9));
    await typeTime(page, page.getByTestId('leave-end'), await dayAt(6, 18));
    await expect.poll(() => page.getByTestId('leave-days').inputValue()).toBe('2');
    await page.getByTestId('leave-reason').fill(REASON);
    await screenshot(page, 'workflow-leave-form-zh');
    await page.getByTestId('leave-submit').click();
    await page.waitForURL((url) => url.pathname === '/work/send');

    const mine = await t.api('/api/blade-workflow/process/leave/list?current=1&size=10', { token: tokens.farm_admin });
    const leave = (mine.body.data.records as { id: string; reason: string }[]).find((row) => row.reason === REASON);
    expect(leave).toBeDefined();
    leaveId = leave!.id;
    const stored = await storedLeave();
    expect(stored).toMatchObject({ approvalStatus: 1, days: 2 });
    processInstanceId = stored.processInstanceId!;
    const instance = await t.db.query('SELECT deployment_id::text AS "deploymentId" FROM flow_process_instance WHERE id = $1', [processInstanceId]);
    expect(instance.rows[0].deploymentId).toBe(deploymentId);
  });

  it("lets subject_admin, the department leader, open the task's inbox message on the leave approval page and approve it", async () => {
    const page = pages.subject_admin;
    const inbox = await t.api('/api/v1/inspect/notice/list?current=1&size=50&orderType=11', { token: tokens.subject_admin });
    expect(inbox.status, JSON.stringify(inbox.body)).toBe(200);
    const task = (await t.db.query('SELECT id::text AS id FROM flow_task WHERE process_instance_id = $1 AND status = 1', [processInstanceId])).rows[0];
    const message = (inbox.body.data.records as { businessId: string; orderType: number; id: string }[]).find((row) => String(row.businessId) === task.id);
    expect(message, 'an inbox message of the leave task').toBeDefined();
    // The message opens the process detail of the task, which hands a leave over to the leave's own approval page.
    await page.goto(`${t.url}${noticeTarget(message!.orderType, message!.businessId, message!.id)}`);
    await page.waitForURL((url) => url.pathname === `/work/process/leave/handle/${task.id}/${processInstanceId}/${leaveId}`);
    await page.getByTestId('task-action-flow_pass').waitFor();
    await screenshot(page, 'workflow-leave-handle-zh');
    await approveOnHandlePage(page, '同意，注意交接工作');
    expect((await storedLeave()).approvalStatus).toBe(1);
  });

  it('lets the administrator claim it in 待签事务 and approve it, which closes the leave as approved', async () => {
    const page = pages.admin;
    await page.goto(`${t.url}/work/claim`);
    await leaveRow(page).getByTestId('row-claim').click();
    await page.locator('.ant-popover:not(.ant-popover-hidden) .ant-btn-primary').click();
    await leaveRow(page).waitFor({ state: 'detached' });
    await page.goto(`${t.url}/work/todo`);
    await leaveRow(page).getByTestId('row-handle').click();
    await approveOnHandlePage(page, '准假');
    expect((await storedLeave()).approvalStatus).toBe(2);
  });

  it('shows farm_admin the leave 已通过 in 我的请假, and its detail page with the passed steps coloured on the diagram', async () => {
    const page = pages.farm_admin;
    await page.goto(`${t.url}/work/leave`);
    const row = page.getByTestId('leave-table').locator('.ant-table-row').filter({ hasText: REASON });
    await expect.poll(() => row.getByTestId('leave-row-status').innerText()).toBe('已通过');
    await screenshot(page, 'workflow-leave-list-zh');
    // 新增 opens the form of the tenant's latest `leave` deployment (the redesigned one).
    await page.getByTestId('leave-add').click();
    await page.waitForURL((url) => url.pathname === `/work/process/leave/form/${deploymentId}`);
    await page.goBack();
    await row.getByTestId('leave-row-view').click();
    await page.waitForURL((url) => url.pathname === `/work/process/leave/detail/${processInstanceId}/${leaveId}`);
    await expect.poll(() => page.getByTestId('leave-status').innerText()).toBe('已通过');
    const diagram = page.getByTestId('process-diagram');
    await expect.poll(() => diagram.getAttribute('data-state')).toBe('shown');

    const history = await t.api(`/api/blade-flow/process/history-flow-list?processInstanceId=${processInstanceId}`, { token: tokens.farm_admin });
    const passed = (history.body.data as { historyActivityId: string; historyActivityType: string }[])
      .filter((step) => /UserTask|StartEvent|EndEvent/i.test(step.historyActivityType))
      .map((step) => step.historyActivityId);
    expect(passed.length).toBe(4);
    for (const id of passed) await diagram.locator(`.djs-element.process-diagram-success[data-element-id="${id}"]`).waitFor();
    await page.getByTestId('leave-history').getByText('准假').waitFor();
    await diagram.scrollIntoViewIfNeeded();
    await screenshot(page, 'workflow-leave-detail-zh');
  });

  it('reads in English: the form, the approval page and the detail page', async () => {
    const page = pages.farm_admin;
    await setLanguage(page, 'en');
    await page.goto(`${t.url}/work/process/leave/detail/${processInstanceId}/${leaveId}`);
    await expect.poll(() => page.getByTestId('leave-status').innerText()).toBe('Approved');
    await expect.poll(() => page.getByTestId('process-diagram').getAttribute('data-state')).toBe('shown');
    await page.getByTestId('process-diagram').scrollIntoViewIfNeeded();
    await screenshot(page, 'workflow-leave-detail-en');
    await page.goto(`${t.url}/work/process/leave/form/${deploymentId}`);
    await page.getByText('Leave application').first().waitFor();
    await screenshot(page, 'workflow-leave-form-en');

    // A second leave, for the approval page in English while its task is open.
    const started = await t.api('/api/blade-desk/process/leave/start-process', {
      token: tokens.farm_admin,
      body: { processDefinitionId: deploymentId, leaveType: 2, startTime: await dayAt(8, 9), endTime: await dayAt(8, 12), reason: '看牙医' },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data.days).toBe(0.5);
    const leader = pages.subject_admin;
    await setLanguage(leader, 'en');
    await leader.goto(`${t.url}/work/todo`);
    await leaveRow(leader).getByTestId('row-handle').click();
    await leader.getByTestId('leave-descriptions').getByText('看牙医').waitFor();
    await leader.getByTestId('task-action-flow_pass').waitFor();
    await screenshot(leader, 'workflow-leave-handle-en');
  });
});
