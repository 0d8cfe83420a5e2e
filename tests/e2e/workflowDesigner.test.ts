/**
 * The process designer as an administrator uses it, in a real browser against a real server: a two-step
 * approval drawn through the palette's context pad and the properties panel and saved (version 1 in the model's
 * history, the contract's rsc attributes in the stored XML), then deployed (the deployment list answers it); a
 * .bpmn file imported, saved and exported again with every rsc attribute intact; a file the server refuses (a
 * service task) shows the server's message on saving and stores nothing; a file that is not BPMN at all leaves
 * the diagram as it was. A model's start scope set to one role through the list's 发起范围 dialog: saved, and the
 * process offered to a user with that role and no longer to one without it. Screenshots of the list, the designer
 * and the scope dialog, in Chinese and English.
 */
import fs from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../api/testServer.js';
import { type BrowserSuite, screenshot, signedInThroughApi, startBrowserSuite } from './browser.js';
import { chooseOption, clickElement, drawTwoStepApproval } from './workflowDrawing.js';

const TENANT = '316979';

let t: TestServer;
let browser: Browser;
let suite: BrowserSuite | undefined;
let page: Page;
let token: string;

beforeAll(async () => {
  suite = await startBrowserSuite();
  ({ server: t, browser } = suite);
  ({ page, token } = await signedInThroughApi(browser, t.url, { tenantId: TENANT, account: 'admin' }));
});
afterAll(async () => {
  await page?.context().close();
  await suite?.close();
});

const setLanguage = (language: 'zh' | 'en') =>
  page.evaluate((content) => localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content, datetime: Date.now() })), language);

async function apiData<T>(path: string): Promise<T> {
  const answer = await t.api(path, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as T;
}

interface DeploymentRow {
  processKey: string;
  processVersion: number;
  modelId: string;
}

interface ModelRow {
  id: string;
  modelKey: string;
  modelVersion: number;
  xml: string;
}

async function apiPost<T>(path: string, body: unknown): Promise<T> {
  const answer = await t.api(path, { method: 'POST', token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as T;
}

interface TreeRow {
  id: string;
  title: string;
  children?: TreeRow[];
}

const flatTree = (rows: TreeRow[]): TreeRow[] => rows.flatMap((row) => [row, ...flatTree(row.children ?? [])]);

/** Ticks one node of a multiple tree select in a dialog, then closes its dropdown by clicking the dialog's title. */
async function tickTreeNode(select: Locator, title: string): Promise<void> {
  await select.click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-node-content-wrapper')
    .filter({ hasText: new RegExp(`^${title}$`) })
    .first()
    .click();
  await page.locator('.ant-modal-title').click();
}

/** A screenshot of an open dialog once its opening animation and any dropdown are done (they fade in and out). */
async function dialogScreenshot(name: string): Promise<void> {
  await expect.poll(() => page.locator('.ant-modal[class*="ant-zoom"], .ant-select-dropdown[class*="ant-slide"]').count()).toBe(0);
  await expect.poll(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count()).toBe(0);
  await screenshot(page, name);
}

const modelsWithKey = async (key: string) => (await apiData<{ records: ModelRow[] }>(`/api/blade-workflow/design/model/list?modelKey=${key}`)).records;

/** A file the designer imports: two user tasks with the rsc settings the panel writes, a gateway and a conditional flow. */
function importedXml(roleId: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:rsc="http://reservoir-safety-console/schema/bpmn" id="Definitions_imported" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="importedReview" name="导入的会签流程" isExecutable="true">
    <bpmn:startEvent id="start" name="开始" />
    <bpmn:userTask id="review" name="会签" rsc:assigneeType="expression" rsc:assignee="\${reviewers}" rsc:multiInstance="parallel" rsc:completionCondition="ratio:0.5" rsc:buttons="flow_pass,flow_reject,flow_copy" rsc:dueHours="8" rsc:remindHours="4">
      <bpmn:multiInstanceLoopCharacteristics />
    </bpmn:userTask>
    <bpmn:exclusiveGateway id="decide" default="toRejected" />
    <bpmn:userTask id="confirm" name="确认" rsc:assigneeType="role" rsc:assignee="${roleId}" rsc:candidateGroups="role:${roleId}" rsc:formReadonly="true" />
    <bpmn:endEvent id="approved" name="通过" />
    <bpmn:endEvent id="rejected" name="驳回" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="review" />
    <bpmn:sequenceFlow id="f2" sourceRef="review" targetRef="decide" />
    <bpmn:sequenceFlow id="toConfirm" sourceRef="decide" targetRef="confirm">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${pass}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="toRejected" sourceRef="decide" targetRef="rejected" />
    <bpmn:sequenceFlow id="f3" sourceRef="confirm" targetRef="approved" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="diagram">
    <bpmndi:BPMNPlane id="plane" bpmnElement="importedReview">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="152" y="102" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="review_di" bpmnElement="review"><dc:Bounds x="240" y="80" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="decide_di" bpmnElement="decide" isMarkerVisible="true"><dc:Bounds x="395" y="95" width="50" height="50" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="confirm_di" bpmnElement="confirm"><dc:Bounds x="500" y="80" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="approved_di" bpmnElement="approved"><dc:Bounds x="662" y="102" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="rejected_di" bpmnElement="rejected"><dc:Bounds x="402" y="222" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="188" y="120" /><di:waypoint x="240" y="120" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="340" y="120" /><di:waypoint x="395" y="120" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="toConfirm_di" bpmnElement="toConfirm"><di:waypoint x="445" y="120" /><di:waypoint x="500" y="120" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="toRejected_di" bpmnElement="toRejected"><di:waypoint x="420" y="145" /><di:waypoint x="420" y="222" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f3_di" bpmnElement="f3"><di:waypoint x="600" y="120" /><di:waypoint x="662" y="120" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}

/** The rsc attributes and conditions of the imported file, as they must come back out of the designer. */
function expectImportedSettings(xml: string, roleId: string): void {
  expect(xml).toContain('xmlns:rsc="http://reservoir-safety-console/schema/bpmn"');
  expect(xml).toMatch(
    /<bpmn:userTask id="review" name="会签" rsc:assigneeType="expression" rsc:assignee="\$\{reviewers\}" rsc:multiInstance="parallel" rsc:completionCondition="ratio:0.5" rsc:buttons="flow_pass,flow_reject,flow_copy" rsc:dueHours="8" rsc:remindHours="4">\s*(<bpmn:incoming>\w+<\/bpmn:incoming>\s*<bpmn:outgoing>\w+<\/bpmn:outgoing>\s*)?<bpmn:multiInstanceLoopCharacteristics \/>/,
  );
  expect(xml).toContain(`rsc:assigneeType="role" rsc:assignee="${roleId}" rsc:candidateGroups="role:${roleId}" rsc:formReadonly="true"`);
  expect(xml).toMatch(/<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\$\{pass\}<\/bpmn:conditionExpression>/);
  expect(xml).toContain('<bpmn:exclusiveGateway id="decide" default="toRejected"');
}

// bpmn-js loads, imports and renders several diagrams per test: under the CI's parallel load one test has taken over the
// 60 s default, waiting rather than failing (each step waits up to its own timeout).
describe('the process designer', { timeout: 150_000 }, () => {
  it('draws a two-step approval, saves it as version 1 and deploys it', async () => {
    const { modelId } = await drawTwoStepApproval(page, t.url, {
      key: 'twoStepApproval',
      name: '两步审批',
      first: { name: '部门负责人审批', assigneeType: 'deptLeader' },
      second: { name: '管理员审批', assigneeType: 'role', roleName: '超级管理员' },
    });

    const model = await apiData<ModelRow>(`/api/blade-workflow/design/model/detail?id=${modelId}`);
    expect(model.modelKey).toBe('twoStepApproval');
    expect(model.modelVersion).toBe(1);
    expect(model.xml).toContain('<bpmn:process id="twoStepApproval" name="两步审批" isExecutable="true">');
    expect(model.xml).toMatch(/<bpmn:userTask id="\w+" name="部门负责人审批" rsc:assigneeType="deptLeader">/);
    expect(model.xml).toMatch(/<bpmn:userTask id="\w+" name="管理员审批" rsc:assigneeType="role" rsc:assignee="\d+">/);
    expect(model.xml).toMatch(/<bpmn:endEvent id="\w+">/);

    // The task selected, for the screenshot.
    const taskId = /<bpmn:userTask id="(\w+)" name="管理员审批"/.exec(model.xml)![1];
    await clickElement(page, taskId);
    await expect.poll(() => page.getByTestId('designer-panel').getAttribute('data-kind')).toBe('userTask');
    await screenshot(page, 'workflow-designer-zh');

    // Deployed from the list: the deployment list answers version 1 of the key.
    await page.goto(`${t.url}/workflow/design/model`);
    const row = page.getByTestId('model-table').locator('.ant-table-row', { hasText: 'twoStepApproval' });
    await row.getByTestId('row-deploy').click();
    await page.getByTestId('deploy-ok').click();
    await expect
      .poll(async () => (await apiData<{ records: DeploymentRow[] }>('/api/blade-workflow/design/deployment/list?processKey=twoStepApproval')).records)
      .toEqual([expect.objectContaining({ processKey: 'twoStepApproval', processVersion: 1, modelId })]);
    await page.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
    await screenshot(page, 'workflow-model-list-zh');

    // A second save of a changed diagram is version 2.
    await row.getByTestId('row-design').click();
    await clickElement(page, taskId);
    await page.getByTestId('panel-task-name').fill('管理员终审');
    await page.getByTestId('panel-task-name').press('Enter');
    await expect.poll(() => page.getByTestId('designer-unsaved').count()).toBe(1);
    await page.getByTestId('designer-save').click();
    await expect.poll(async () => (await apiData<ModelRow>(`/api/blade-workflow/design/model/detail?id=${modelId}`)).modelVersion).toBe(2);

    // The history: version 2 is main; version 1 made main again brings its XML back; version 2 then deleted.
    await page.getByTestId('designer-history').click();
    const versions = page.getByTestId('history-table').locator('.ant-table-row');
    await expect.poll(() => versions.count()).toBe(2);
    const version = (number: number) => versions.filter({ has: page.getByText(`v${number}`, { exact: true }) });
    expect(await version(2).getByTestId('history-main-tag').count()).toBe(1);
    await page.getByTestId('bpmn-preview').locator('.djs-element').first().waitFor();
    await screenshot(page, 'workflow-model-history-zh');
    await version(1).getByTestId('row-set-main').click();
    await page.getByTestId('history-set-main-confirm').click();
    await expect.poll(() => version(1).getByTestId('history-main-tag').count()).toBe(1);
    const restored = await apiData<ModelRow>(`/api/blade-workflow/design/model/detail?id=${modelId}`);
    expect(restored.xml).toContain('name="管理员审批"');
    expect(restored.xml).not.toContain('管理员终审');
    await version(2).getByTestId('row-delete').click();
    await page.getByTestId('history-delete-confirm').click();
    await expect.poll(() => versions.count()).toBe(1);
  });

  it('imports a .bpmn file, saves it and exports it again with its rsc attributes', async () => {
    const roles = await apiData<Array<{ id: string; title: string }>>('/api/blade-system/role/tree');
    const roleId = roles.find((role) => role.title === '超级管理员')!.id;
    await page.goto(`${t.url}/workflow/design/process/new?key=placeholder&name=${encodeURIComponent('占位')}`);
    await page.locator('.djs-element[data-element-id="StartEvent_1"]').waitFor();
    await page
      .getByTestId('designer-import-file')
      .setInputFiles({ name: 'review.bpmn', mimeType: 'application/xml', buffer: Buffer.from(importedXml(roleId)) });
    await page.locator('.djs-element[data-element-id="review"]').waitFor();
    // The panel shows the imported process: its key is the file's process id.
    await expect.poll(() => page.getByTestId('panel-process-key').inputValue()).toBe('importedReview');

    await page.getByTestId('designer-save').click();
    await page.waitForURL((url) => /\/workflow\/design\/process\/\d+$/.test(url.pathname));
    const [saved] = await modelsWithKey('importedReview');
    expectImportedSettings((await apiData<ModelRow>(`/api/blade-workflow/design/model/detail?id=${saved.id}`)).xml, roleId);

    const download = page.waitForEvent('download');
    await page.getByTestId('designer-export-xml').click();
    const file = await (await download).path();
    expect((await download).suggestedFilename()).toBe('importedReview.bpmn');
    expectImportedSettings(fs.readFileSync(file, 'utf8'), roleId);
    expect(await modelsWithKey('placeholder')).toEqual([]);

    // Edited in the panel: a flow's condition, a task made sequential multi-instance with a due time.
    await clickElement(page, 'toConfirm');
    await page.getByTestId('panel-flow-condition').fill('${pass && days > 3}');
    await page.getByTestId('panel-flow-name').click();
    await clickElement(page, 'confirm');
    await chooseOption(page, page.getByTestId('panel-multi-instance'), '串行');
    const dueHours = page.getByTestId('panel-due-hours');
    await ((await dueHours.evaluate((element) => element.tagName)) === 'INPUT' ? dueHours : dueHours.locator('input')).fill('24');
    await page.getByTestId('panel-task-name').click();
    await page.getByTestId('designer-save').click();
    await expect.poll(async () => (await apiData<ModelRow>(`/api/blade-workflow/design/model/detail?id=${saved.id}`)).modelVersion).toBe(2);
    const edited = (await apiData<ModelRow>(`/api/blade-workflow/design/model/detail?id=${saved.id}`)).xml;
    expect(edited).toMatch(
      /<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\$\{pass (&amp;&amp;|&&) days (&gt;|>) 3\}<\/bpmn:conditionExpression>/,
    );
    expect(edited).toMatch(/<bpmn:userTask id="confirm" name="确认" [^>]*rsc:multiInstance="sequential"[^>]*rsc:dueHours="24"/);
    expect(edited).toMatch(/<bpmn:multiInstanceLoopCharacteristics isSequential="true" \/>\s*<\/bpmn:userTask>/);
  });

  it('shows the server’s refusal of a service task on saving and stores nothing', async () => {
    await page.goto(`${t.url}/workflow/design/process/new?key=refused&name=${encodeURIComponent('被拒绝')}`);
    await page.locator('.djs-element[data-element-id="StartEvent_1"]').waitFor();
    const refused = importedXml('1')
      .replace('id="importedReview"', 'id="refused"')
      .replace('bpmnElement="importedReview"', 'bpmnElement="refused"')
      .replace(/<bpmn:userTask id="confirm"[^>]*\/>/, '<bpmn:serviceTask id="confirm" name="调用接口" />');
    await page.getByTestId('designer-import-file').setInputFiles({ name: 'refused.bpmn', mimeType: 'application/xml', buffer: Buffer.from(refused) });
    await page.locator('.djs-element[data-element-id="confirm"]').waitFor();
    await page.getByTestId('designer-save').click();
    await expect.poll(() => page.locator('.ant-message-error').innerText()).toContain('不支持的元素「调用接口（confirm）」');
    expect(new URL(page.url()).pathname).toBe('/workflow/design/process/new');
    expect(await modelsWithKey('refused')).toEqual([]);

    // A file that is not BPMN: the import says why and the diagram stays as it was.
    await page
      .getByTestId('designer-import-file')
      .setInputFiles({ name: 'notes.xml', mimeType: 'application/xml', buffer: Buffer.from('<notes><note>hello</note></notes>') });
    await expect.poll(() => page.locator('.ant-message-error').last().innerText()).toContain('无法读取该文件');
    expect(await page.locator('.djs-element[data-element-id="confirm"]').count()).toBe(1);
  });

  it('shows the list and the designer in English', async () => {
    await page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content: 'en', datetime: Date.now() })));
    await page.goto(`${t.url}/workflow/design/model`);
    await expect.poll(() => page.locator('.crud-title').innerText()).toBe('Process models');
    await page.getByTestId('model-table').locator('.ant-table-row', { hasText: 'twoStepApproval' }).waitFor();
    await page.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
    await screenshot(page, 'workflow-model-list-en');
    await page.getByTestId('model-table').locator('.ant-table-row', { hasText: 'twoStepApproval' }).getByTestId('row-design').click();
    await page.locator('.djs-element.djs-shape').first().waitFor();
    const taskId = await page.locator('.djs-element[data-element-id^="Activity_"]').first().getAttribute('data-element-id');
    await clickElement(page, taskId!);
    await expect.poll(() => page.getByTestId('designer-panel').innerText()).toContain('Assignee type');
    await screenshot(page, 'workflow-designer-en');
  });

  it('limits who may start a model to one role through the 发起范围 dialog', async () => {
    // A role subject_admin has and farm_admin has not (demo users carry comma lists of role ids).
    const users = Object.fromEntries(
      (
        await t.db.query<{ account: string; roles: string }>(
          `SELECT account, role_id AS roles FROM blade_user WHERE tenant_id = $1 AND account IN ('farm_admin', 'subject_admin') AND is_deleted = 0`,
          [TENANT],
        )
      ).rows.map((row) => [row.account, row.roles.split(',')]),
    );
    const roleId = users.subject_admin.find((id) => !users.farm_admin.includes(id))!;
    const roleName = flatTree(await apiData<TreeRow[]>('/api/blade-system/role/tree')).find((role) => role.id === roleId)!.title;

    const xml = importedXml(roleId).replaceAll('importedReview', 'scopedByRole').replace('导入的会签流程', '限定角色发起');
    const model = await apiPost<ModelRow>('/api/blade-workflow/design/model/submit', { modelKey: 'scopedByRole', name: '限定角色发起', xml });
    await apiPost('/api/blade-workflow/design/model/deploy', { modelId: model.id });
    const [farmAdmin, subjectAdmin] = await Promise.all([t.signIn(TENANT, 'farm_admin'), t.signIn(TENANT, 'subject_admin')]);
    const offeredTo = async (userToken: string) => {
      const answer = await t.api('/api/blade-flow/work/start-list?size=100', { token: userToken });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return (answer.body.data.records as Array<{ key: string }>).filter((row) => row.key === 'scopedByRole').length;
    };
    expect(await offeredTo(farmAdmin)).toBe(1);

    await setLanguage('zh');
    await page.goto(`${t.url}/workflow/design/model`);
    const row = page.getByTestId('model-table').locator('.ant-table-row', { hasText: 'scopedByRole' });
    await row.getByTestId('row-scope').click();
    const dialog = page.getByTestId('scope-dialog');
    await expect.poll(() => dialog.innerText()).toContain('未设置范围');
    await dialog.getByTestId('scope-add').click();
    await expect.poll(() => dialog.getByTestId('scope-row-0').locator('.ant-radio-wrapper-checked').innerText()).toBe('角色');
    await tickTreeNode(dialog.getByTestId('scope-roles'), roleName);
    await dialogScreenshot('workflow-model-scope-zh');
    await page.getByTestId('scope-save').click();
    await expect
      .poll(async () => (await apiData<{ records: unknown[] }>(`/api/blade-workflow/design/model/scope/list?modelId=${model.id}`)).records)
      .toEqual([expect.objectContaining({ scopeType: 3, scopeValue: roleId })]);
    expect(await offeredTo(farmAdmin)).toBe(0);
    expect(await offeredTo(subjectAdmin)).toBe(1);

    // The icon chosen in the same row is shown before the model's name.
    await row.getByTestId('row-icon').click();
    await expect.poll(() => page.locator('.ant-dropdown[class*="ant-slide"]').count()).toBe(0);
    await screenshot(page, 'workflow-model-icons-zh');
    await page.getByTestId('icon-AuditOutlined').click();
    await expect.poll(async () => (await apiData<{ icon: string }>(`/api/blade-workflow/design/model/detail?id=${model.id}`)).icon).toBe('AuditOutlined');
    await expect.poll(() => row.locator('.model-list-name .anticon-audit').count()).toBe(1);

    // Opened again (in English): the saved role is shown.
    await setLanguage('en');
    await page.goto(`${t.url}/workflow/design/model`);
    await row.getByTestId('row-scope').click();
    await expect.poll(() => dialog.getByTestId('scope-row-0').locator('.ant-radio-wrapper-checked').innerText()).toBe('Roles');
    await expect.poll(() => dialog.getByTestId('scope-roles').innerText()).toContain(roleName);
    await dialogScreenshot('workflow-model-scope-en');

    // A refusal (the model removed meanwhile) shows the server's message and leaves the dialog open.
    await apiPost(`/api/blade-workflow/design/model/remove?ids=${model.id}`, undefined);
    await page.getByTestId('scope-save').click();
    await expect.poll(() => page.locator('.ant-message-error').innerText()).toContain('The model does not exist or was removed');
    expect(await dialog.count()).toBe(1);
    await setLanguage('zh');
  });
});
