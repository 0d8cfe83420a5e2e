/**
 * The task centre (我的事务) end to end in Chromium against a real server (tenant 100001). A two-step approval with a
 * start form is deployed through the API (the form, the model and its deployment, as the designer does): 科室审核
 * assigned to subject_admin, then 领导审定 offered to admin and river_chief as candidates. farm_admin starts it from
 * 发起事务 (the Formily start form, a title) and lands on 已发事务; subject_admin finds it in 待办事务 (and on the
 * workbench, and through the task's inbox message), sees the diagram with the waiting node in blue, is refused a
 * 驳回 without a comment by the dialog, and approves with a comment; admin claims it from 待签事务 (it moves to
 * 待办), and approves; farm_admin's 已发事务 shows it completed, and its detail's diagram marks the ended nodes
 * green and the taken flows orange, the history every step with its comment. A second process is urged and
 * withdrawn from 已发事务, a third suspended, activated, terminated and deleted in 流程监控, and 发起 on the leave
 * opens the leave's own application form. Screenshots (zh and en):
 * test-results/screenshots/workflow-task-centre-*.png.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { noticeTarget } from '../../src/shared/noticeTarget.js';
import type { TestServer } from '../api/testServer.js';
import { type BrowserSuite, openedDialog, screenshot, signedInThroughApi, startBrowserSuite } from './browser.js';

const TENANT = '100001';
const RUN = Date.now().toString(36).slice(-5);
const KEY = `tc_${RUN}`;
const PROCESS_NAME = `物资申领审批${RUN}`;
const FORM_KEY = `tc_form_${RUN}`;
const TITLE = `申领编织袋-${RUN}`;
const WITHDRAWN_TITLE = `申领救生衣-${RUN}`;
const MONITORED_TITLE = `申领雨衣-${RUN}`;
const REASON = '汛前补充防汛编织袋 500 条';
const FIRST_COMMENT = '数量合理，同意';
const SECOND_COMMENT = '同意申领';
const ACCOUNTS = ['admin', 'farm_admin', 'subject_admin', 'river_chief'] as const;
type AccountName = (typeof ACCOUNTS)[number];
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

let suite: BrowserSuite | undefined;
let t: TestServer;
let browser: Browser;
const tokens = {} as Record<AccountName, string>;
const userIds = {} as Record<AccountName, string>;
const pages = {} as Record<AccountName, Page>;
let processInstanceId: string;

function processXml(): string {
  const candidates = `${userIds.admin},${userIds.river_chief}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:rsc="http://reservoir-safety-console/schema/bpmn" id="Definitions_${KEY}" targetNamespace="http://reservoir-safety-console/schema/bpmn/test">
  <bpmn:process id="${KEY}" name="${PROCESS_NAME}" isExecutable="true" rsc:formKey="${FORM_KEY}">
    <bpmn:startEvent id="start" name="申请"><bpmn:outgoing>f1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:userTask id="review" name="科室审核" rsc:assigneeType="user" rsc:assignee="${userIds.subject_admin}" rsc:buttons="flow_pass,flow_reject">
      <bpmn:incoming>f1</bpmn:incoming><bpmn:outgoing>f2</bpmn:outgoing>
    </bpmn:userTask>
    <bpmn:userTask id="approve" name="领导审定" rsc:assigneeType="user" rsc:assignee="${candidates}" rsc:buttons="flow_pass,flow_reject">
      <bpmn:incoming>f2</bpmn:incoming><bpmn:outgoing>f3</bpmn:outgoing>
    </bpmn:userTask>
    <bpmn:endEvent id="end" name="结束"><bpmn:incoming>f3</bpmn:incoming></bpmn:endEvent>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="review" />
    <bpmn:sequenceFlow id="f2" sourceRef="review" targetRef="approve" />
    <bpmn:sequenceFlow id="f3" sourceRef="approve" targetRef="end" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_${KEY}">
    <bpmndi:BPMNPlane id="Plane_${KEY}" bpmnElement="${KEY}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="152" y="182" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="review_di" bpmnElement="review"><dc:Bounds x="240" y="160" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="approve_di" bpmnElement="approve"><dc:Bounds x="400" y="160" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="562" y="182" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="188" y="200" /><di:waypoint x="240" y="200" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="340" y="200" /><di:waypoint x="400" y="200" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f3_di" bpmnElement="f3"><di:waypoint x="500" y="200" /><di:waypoint x="562" y="200" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;
}

const FORM_CONTENT = {
  type: 'object',
  properties: {
    reason: { type: 'string', title: '申领事由', 'x-decorator': 'FormItem', 'x-component': 'Input.TextArea', required: true, 'x-index': 1 },
    amount: { type: 'number', title: '数量', 'x-decorator': 'FormItem', 'x-component': 'NumberPicker', 'x-index': 2 },
  },
};

async function call(account: AccountName, path: string, body?: unknown): Promise<Body> {
  const answer = await t.api(path, { token: tokens[account], body, method: body === undefined ? 'GET' : 'POST' });
  expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.data;
}

async function setLanguage(page: Page, language: 'zh' | 'en'): Promise<void> {
  await page.evaluate((content) => localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content, datetime: Date.now() })), language);
}

/** The row of the test's process in a task-centre table. */
function rowOf(page: Page, tableTestId: string): Locator {
  return page.getByTestId(tableTestId).locator('.ant-table-row').filter({ hasText: TITLE });
}

async function openList(page: Page, path: string): Promise<void> {
  await page.goto(`${t.url}${path}`);
  await page.getByTestId('task-list-table').waitFor();
  await page.locator('.ant-table-wrapper .ant-spin-spinning').waitFor({ state: 'detached' });
}

/** Confirms the open confirmation and waits until it has gone (a fading one would be matched by the next confirmation). */
async function confirmPopover(page: Page): Promise<void> {
  const open = page.locator('.ant-popconfirm:visible');
  await open.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
  await expect.poll(() => open.count()).toBe(0);
}

/** The detail's diagram, drawn: the ids of its elements with each colour's marker. */
async function diagramMarkers(page: Page): Promise<Record<'success' | 'warning' | 'primary', string[]>> {
  await page.getByRole('tab', { name: /流程图|Diagram/ }).click();
  await page.locator('[data-testid="process-diagram"][data-state="shown"]').waitFor();
  await page.locator('[data-testid="process-diagram"] .ant-spin-blur').waitFor({ state: 'detached' });
  return page.evaluate(() => {
    const ids = (colour: string) =>
      [...document.querySelectorAll(`.process-diagram-canvas g.djs-element.process-diagram-${colour}`)].map(
        (element) => element.getAttribute('data-element-id') ?? '',
      );
    return { success: ids('success'), warning: ids('warning'), primary: ids('primary') };
  });
}

async function approveInDetail(page: Page, comment: string): Promise<void> {
  await page.getByTestId('task-action-flow_pass').click();
  const dialog = await openedDialog(page);
  await dialog.getByTestId('task-action-comment').fill(comment);
  await dialog.getByTestId('task-action-ok').click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByTestId('task-action-bar').waitFor({ state: 'detached' });
}

beforeAll(async () => {
  suite = await startBrowserSuite();
  ({ server: t, browser } = suite);
  for (const account of ACCOUNTS) tokens[account] = await t.signIn(TENANT, account);
  const users = await t.db.query<{ id: string; account: string }>(
    `SELECT id::text AS id, account FROM blade_user WHERE tenant_id = $1 AND is_deleted = 0 AND account = ANY($2)`,
    [TENANT, [...ACCOUNTS]],
  );
  for (const row of users.rows) userIds[row.account as AccountName] = row.id;

  await call('admin', '/api/blade-workflow/design/form/submit', { formKey: FORM_KEY, name: `申领单${RUN}`, content: JSON.stringify(FORM_CONTENT) });
  const model = await call('admin', '/api/blade-workflow/design/model/submit', { modelKey: KEY, name: PROCESS_NAME, xml: processXml() });
  await call('admin', `/api/blade-workflow/design/model/deploy?modelId=${model.id}`, {});
  for (const account of ['admin', 'farm_admin', 'subject_admin'] as const)
    pages[account] = (await signedInThroughApi(browser, t.url, { tenantId: TENANT, account })).page;
}, 180_000);

beforeEach(() => {
  onTestFailed(async () => {
    for (const [account, page] of Object.entries(pages)) await screenshot(page, `workflow-task-centre-failed-${account}`).catch(() => undefined);
  });
});

afterAll(async () => {
  await suite?.close();
});

describe('the task centre, a two-step approval from start to finish', () => {
  it('farm_admin starts the process from 发起事务 with its start form and finds it in 已发事务', async () => {
    const page = pages.farm_admin;
    await page.goto(`${t.url}/work/start`);
    const row = page.getByTestId('start-list-table').locator('.ant-table-row').filter({ hasText: PROCESS_NAME });
    await row.waitFor();
    await screenshot(page, 'workflow-task-centre-start-list-zh');
    await row.getByTestId('row-launch').click();
    await page.getByTestId('process-start').waitFor();
    const reason = page.getByTestId('process-form').locator('.ant-formily-item').filter({ hasText: '申领事由' }).locator('textarea');
    await reason.waitFor();
    await page.getByTestId('process-start-title').fill(TITLE);
    // The start form's required field is checked before anything is sent.
    await page.getByTestId('process-start-submit').click();
    await page.locator('.ant-formily-item-error-help').first().waitFor();
    await reason.fill(REASON);
    await page.getByTestId('process-form').locator('.ant-formily-item').filter({ hasText: '数量' }).locator('input').fill('500');
    await screenshot(page, 'workflow-task-centre-start-page-zh');
    await page.getByTestId('process-start-submit').click();
    await page.waitForURL((url) => url.pathname === '/work/send');
    await page.getByTestId('task-list-table').waitFor();
    const sent = rowOf(page, 'task-list-table');
    await sent.waitFor();
    expect(await sent.getByTestId('process-status').getAttribute('data-status')).toBe('1');
    await screenshot(page, 'workflow-task-centre-send-running-zh');

    const list = await call('farm_admin', `/api/blade-flow/work/send-list?current=1&size=20&title=${encodeURIComponent(TITLE)}`);
    expect(list.records).toHaveLength(1);
    processInstanceId = list.records[0].processInstanceId;
    const detail = await call('farm_admin', `/api/blade-workflow/process/detail?processInstanceId=${processInstanceId}`);
    expect(detail.variables).toMatchObject({ reason: REASON, amount: 500 });
  });

  it('the first step waits for subject_admin: on the workbench, in its inbox and in 待办事务, drawn in blue', async () => {
    const todos = (await call('subject_admin', '/api/blade-desk/todos')) as { key: string; count: number; path?: string }[];
    expect(
      todos.find((todo) => todo.key === 'workflowTodo'),
      JSON.stringify(todos),
    ).toMatchObject({ count: 1, path: '/work/todo' });

    const inbox = await call('subject_admin', '/api/v1/inspect/notice/list?current=1&size=50&orderType=11');
    const message = (inbox.records as { businessId: string; orderType: number; id: string }[])[0];
    expect(message, 'an inbox message of the new task').toBeDefined();
    const page = pages.subject_admin;
    await page.goto(`${t.url}${noticeTarget(message.orderType, message.businessId, message.id)}`);
    await page.getByTestId('process-detail').waitFor();
    expect(await page.getByTestId('process-detail').getAttribute('data-instance')).toBe(processInstanceId);
    await page.getByTestId('task-action-flow_pass').waitFor();

    await openList(page, '/work/todo');
    const row = rowOf(page, 'task-list-table');
    await row.waitFor();
    await screenshot(page, 'workflow-task-centre-todo-zh');
    await row.getByTestId('row-handle').click();
    await page.getByTestId('process-detail').waitFor();
    // The node shows the process's form to its assignee, editable (the node does not make it read-only).
    expect(await page.getByTestId('process-form').locator('textarea').inputValue()).toBe(REASON);
    const colours = await diagramMarkers(page);
    expect(colours.primary).toEqual(['review']);
    expect(colours.success).toContain('start');
    expect(colours.warning).toEqual(['f1']);
  });

  it('a 驳回 without a comment is refused by the dialog, and nothing is sent', async () => {
    const page = pages.subject_admin;
    await page.getByTestId('task-action-flow_reject').click();
    const dialog = await openedDialog(page);
    await dialog.getByTestId('task-action-ok').click();
    await dialog.getByText('请输入驳回意见').waitFor();
    await screenshot(page, 'workflow-task-centre-reject-refused-zh');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    const detail = await call('subject_admin', `/api/blade-workflow/process/detail?processInstanceId=${processInstanceId}`);
    expect(detail.process.status).toBe(1);
    expect(detail.task?.taskDefinitionKey).toBe('review');
  });

  it('subject_admin approves with a comment; the next step is offered to the candidates to claim', async () => {
    const page = pages.subject_admin;
    await approveInDetail(page, FIRST_COMMENT);
    await page.getByRole('tab', { name: '流转记录' }).click();
    await page.getByTestId('process-history').getByText(FIRST_COMMENT).waitFor();
    const claimable = await call('admin', `/api/blade-flow/work/claim-list?current=1&size=20&title=${encodeURIComponent(TITLE)}`);
    expect(claimable.records).toHaveLength(1);
    expect(claimable.records[0].taskDefinitionKey).toBe('approve');
  });

  it('admin claims the task in 待签事务; it leaves 待签 and appears in 待办', async () => {
    const page = pages.admin;
    await openList(page, '/work/claim');
    const row = rowOf(page, 'task-list-table');
    await row.waitFor();
    await screenshot(page, 'workflow-task-centre-claim-zh');
    await row.getByTestId('row-claim').click();
    await confirmPopover(page);
    await row.waitFor({ state: 'detached' });

    await openList(page, '/work/todo');
    const todo = rowOf(page, 'task-list-table');
    await todo.waitFor();
    await todo.getByTestId('row-handle').click();
    await page.getByTestId('process-detail').waitFor();
    await approveInDetail(page, SECOND_COMMENT);
    const ended = await call('admin', `/api/blade-workflow/process/detail?processInstanceId=${processInstanceId}`);
    expect(ended.process.status).toBe(2);
  });

  it('the starter sees the process completed in 已发事务, its diagram green and orange and its history with both comments', async () => {
    const page = pages.farm_admin;
    await openList(page, '/work/send');
    const row = rowOf(page, 'task-list-table');
    await row.waitFor();
    expect(await row.getByTestId('process-status').getAttribute('data-status')).toBe('2');
    await expect(row.getByTestId('row-withdraw').count()).resolves.toBe(0);
    await screenshot(page, 'workflow-task-centre-send-done-zh');
    await row.getByTestId('row-view').click();
    await page.getByTestId('process-detail').waitFor();
    await page.getByTestId('process-form').getByText(REASON).waitFor();
    const colours = await diagramMarkers(page);
    expect(colours.primary).toEqual([]);
    expect([...colours.success].sort()).toEqual(['approve', 'end', 'review', 'start']);
    expect([...colours.warning].sort()).toEqual(['f1', 'f2', 'f3']);
    await screenshot(page, 'workflow-task-centre-detail-diagram-zh');
    await page.getByRole('tab', { name: '流转记录' }).click();
    const history = page.getByTestId('process-history');
    await history.getByText(FIRST_COMMENT).waitFor();
    await history.getByText(SECOND_COMMENT).waitFor();
    await screenshot(page, 'workflow-task-centre-detail-history-zh');
  });

  it('办结事务 lists the approvers’ handled task with its result', async () => {
    const page = pages.subject_admin;
    await openList(page, '/work/done');
    const row = rowOf(page, 'task-list-table');
    await row.waitFor();
    await row.getByText('同意').waitFor();
    await screenshot(page, 'workflow-task-centre-done-zh');
  });

  it('the starter urges and then withdraws a second process from 已发事务; it leaves the approver’s 待办', async () => {
    const processes = await call('farm_admin', '/api/blade-flow/work/start-list?current=1&size=50');
    const deployment = (processes.records as { id: string; key: string }[]).find((row) => row.key === KEY)!;
    const second = await call('farm_admin', '/api/blade-workflow/process/startProcess', {
      processDefinitionId: deployment.id,
      variables: { reason: REASON },
      title: WITHDRAWN_TITLE,
    });
    const page = pages.farm_admin;
    await openList(page, '/work/send');
    const row = page.getByTestId('task-list-table').locator('.ant-table-row').filter({ hasText: WITHDRAWN_TITLE });
    await row.getByTestId('row-urge').click();
    await confirmPopover(page);
    await page.locator('.ant-message-success').last().waitFor();
    const urged = await call('subject_admin', '/api/v1/inspect/notice/list?current=1&size=50&orderType=11');
    // The approver is reminded by an inbox message naming the process.
    const reminders = (urged.records as { title: string }[]).filter((message) => message.title.includes('催办') && message.title.includes(WITHDRAWN_TITLE));
    expect(reminders).toHaveLength(1);

    await row.getByTestId('row-withdraw').click();
    await confirmPopover(page);
    await row.getByTestId('row-withdraw').waitFor({ state: 'detached' });
    expect(await row.getByTestId('process-status').getAttribute('data-status')).toBe('4');
    const todo = await call('subject_admin', `/api/blade-flow/work/todo-list?current=1&size=20&title=${encodeURIComponent(WITHDRAWN_TITLE)}`);
    expect(todo.records).toHaveLength(0);
    const detail = await call('farm_admin', `/api/blade-workflow/process/detail?processInstanceId=${second.processInstanceId}`);
    expect(detail.process.status).toBe(4);
  });

  it('流程监控: the administrator suspends, activates, terminates (with a reason) and deletes an instance of the tenant', async () => {
    const processes = await call('farm_admin', '/api/blade-flow/work/start-list?current=1&size=50');
    const deployment = (processes.records as { id: string; key: string }[]).find((row) => row.key === KEY)!;
    const third = await call('farm_admin', '/api/blade-workflow/process/startProcess', {
      processDefinitionId: deployment.id,
      variables: { reason: REASON },
      title: MONITORED_TITLE,
    });
    const statusOf = async () => (await call('admin', `/api/blade-workflow/process/detail?processInstanceId=${third.processInstanceId}`)).process.status;
    const page = pages.admin;
    await page.goto(`${t.url}/workflow/ops/follow`);
    const row = page.getByTestId('follow-list').locator('.ant-table-row').filter({ hasText: MONITORED_TITLE });
    await row.waitFor();
    await screenshot(page, 'workflow-task-centre-follow-zh');

    await row.getByTestId('row-suspend').click();
    await confirmPopover(page);
    await row.getByTestId('row-activate').waitFor();
    expect(await statusOf()).toBe(5);
    await row.getByTestId('row-activate').click();
    await confirmPopover(page);
    await row.getByTestId('row-suspend').waitFor();
    expect(await statusOf()).toBe(1);

    await row.getByTestId('row-terminate').click();
    let dialog = await openedDialog(page);
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.locator('.ant-message-warning').getByText('请输入终止原因').waitFor();
    expect(await statusOf()).toBe(1);
    await dialog.locator('textarea').fill('申请重复，终止');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await row.getByTestId('row-terminate').waitFor({ state: 'detached' });
    expect(await statusOf()).toBe(3);

    await row.getByTestId('row-delete-instance').click();
    dialog = await openedDialog(page);
    await dialog.locator('textarea').fill('清理重复申请');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await row.waitFor({ state: 'detached' });
    const listed = await call('admin', `/api/blade-flow/follow/list?current=1&size=20&title=${encodeURIComponent(MONITORED_TITLE)}`);
    expect(listed.records).toHaveLength(0);
  });

  it('发起 on the leave process opens the leave application form, not the generic start page', async () => {
    const page = pages.farm_admin;
    await page.goto(`${t.url}/work/start`);
    const leave = page.locator('[data-testid="row-launch"][data-key="leave"]');
    await leave.click();
    await page.waitForURL((url) => url.pathname.startsWith('/work/process/leave/form/'));
  });

  it('in English the lists, the start page and the detail read in English', async () => {
    const page = pages.farm_admin;
    await setLanguage(page, 'en');
    await openList(page, '/work/send');
    await page.getByRole('columnheader', { name: 'Process' }).waitFor();
    await rowOf(page, 'task-list-table').getByText('Completed').waitFor();
    await screenshot(page, 'workflow-task-centre-send-en');
    await rowOf(page, 'task-list-table').getByTestId('row-view').click();
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByTestId('process-history').getByText('Approved').first().waitFor();
    await diagramMarkers(page);
    await screenshot(page, 'workflow-task-centre-detail-en');
    await page.goto(`${t.url}/work/start`);
    const row = page.getByTestId('start-list-table').locator('.ant-table-row').filter({ hasText: PROCESS_NAME });
    await row.getByTestId('row-launch').click();
    await page.getByTestId('process-start').getByText('Start:').waitFor();
    await screenshot(page, 'workflow-task-centre-start-page-en');
    await setLanguage(page, 'zh');
  });
});
