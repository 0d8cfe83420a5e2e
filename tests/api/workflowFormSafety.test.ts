/**
 * Process forms carry no script (review finding H2): Formily compiles `{{…}}` strings and runs x-reactions in the
 * browser of whoever opens a start or task form, so form/submit refuses both (400 naming the field, nothing stored),
 * and a form stored before the rule — or a fixed default value holding `{{` — reaches the console reduced to the
 * allowed keys.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testServer.js';

const TWO_STEP = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/workflow/twoStepApproval.bpmn'), 'utf8');
const DESIGN = '/api/blade-workflow/design';

let t: TestServer;
let admin: string; // administrator of 316979

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn('316979', 'admin');
});
afterAll(() => t?.close());

const post = (route: string, body: unknown = {}, headers?: Record<string, string>) => t.api(route, { token: admin, body, headers });
const get = (route: string) => t.api(route, { token: admin });
const field = (extra: Record<string, unknown> = {}) => ({ type: 'string', title: '事由', 'x-decorator': 'FormItem', 'x-component': 'Input', ...extra });
const content = (properties: Record<string, unknown>) => ({ type: 'object', properties });
const storedForms = async (formKey: string) =>
  (await t.db.query(`SELECT count(*)::int AS n FROM flow_form WHERE tenant_id = '316979' AND form_key = $1`, [formKey])).rows[0].n as number;

async function deployWithStartForm(processKey: string, formKey: string): Promise<string> {
  const xml = TWO_STEP.replaceAll('twoStepApproval', processKey).replace('isExecutable="true"', `isExecutable="true" rsc:formKey="${formKey}"`);
  const form = new FormData();
  form.append('files', new Blob([xml], { type: 'application/xml' }), `${processKey}.bpmn`);
  const response = await fetch(`${t.url}/api/blade-flow/manager/deploy-upload`, { method: 'POST', headers: { 'Blade-Auth': `bearer ${admin}` }, body: form });
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.data[0].id;
}

describe('form content with script', () => {
  it('refuses an expression or a reaction on form/submit, naming the field, and stores nothing', async () => {
    const cases: [unknown, string, string][] = [
      [
        content({ reason: field({ title: '{{alert(document.cookie)}}' }) }),
        '表单内容不能包含表达式 {{ }}（字段「reason」的 title）',
        'The form content must not contain expressions {{ }} ("title" of the field "reason")',
      ],
      [
        content({ reason: field({ 'x-reactions': { dependencies: ['other'], fulfill: { state: { visible: false } } } }) }),
        '表单内容不正确：字段「reason」不支持的属性「x-reactions」',
        'The form content is not valid: the field "reason" has an unsupported property "x-reactions"',
      ],
    ];
    for (const [value, zh, en] of cases) {
      const chinese = await post(`${DESIGN}/form/submit`, { formKey: 'scripted', name: '脚本表单', content: value });
      expect(chinese.status, zh).toBe(400);
      expect(chinese.body.msg).toBe(zh);
      const english = await post(
        `${DESIGN}/form/submit`,
        { formKey: 'scripted', name: '脚本表单', content: JSON.stringify(value) },
        { 'Accept-Language': 'en' },
      );
      expect(english.body.msg).toBe(en);
    }
    expect(await storedForms('scripted')).toBe(0);
  });

  it('answers a form stored before the rule, and a fixed default holding {{, without anything Formily would run', async () => {
    const fixed = await post(`${DESIGN}/form/default-values/submit`, {
      name: '脚本默认值',
      defaultKey: 'scriptedFixed',
      valueType: 1,
      fixedValue: '{{alert(1)}}',
    });
    expect(fixed.status).toBe(200);
    const saved = await post(`${DESIGN}/form/submit`, {
      formKey: 'legacyForm',
      name: '旧表单',
      content: content({ reason: field({ required: true }), note: field({ title: '备注', 'x-default': 'scriptedFixed' }) }),
    });
    expect(saved.status).toBe(200);
    // What an earlier version of the server let through, written as it was stored then.
    const legacy = content({
      reason: field({ required: true, 'x-reactions': { fulfill: { run: 'alert(1)' } } }),
      note: field({ title: '{{alert(2)}}', 'x-default': 'scriptedFixed' }),
    });
    await t.db.query(`UPDATE flow_form SET content = $1 WHERE tenant_id = '316979' AND form_key = 'legacyForm'`, [JSON.stringify(legacy)]);

    const deploymentId = await deployWithStartForm('legacyFormProcess', 'legacyForm');
    const startForm = (await get(`/api/blade-workflow/process/getFormByProcessId?processDefinitionId=${deploymentId}`)).body.data;
    expect(startForm.form).toEqual(
      content({ reason: field({ required: true }), note: { type: 'string', 'x-decorator': 'FormItem', 'x-component': 'Input', 'x-default': 'scriptedFixed' } }),
    );
    expect(JSON.stringify(startForm.form)).not.toContain('{{');
  });
  it('refuses to bring back an older version that holds what the rules refuse, and keeps the main version', async () => {
    const first = await post(`${DESIGN}/form/submit`, { formKey: 'versionedForm', name: '多版本表单', content: content({ reason: field() }) });
    const formId = first.body.data.id;
    await post(`${DESIGN}/form/submit`, { id: formId, content: content({ reason: field(), days: field({ type: 'number', 'x-component': 'NumberPicker' }) }) });
    const versions = (await get(`${DESIGN}/form/history/list?formId=${formId}`)).body.data.records as { id: string; historyVersion: number }[];
    const older = versions.find((version) => version.historyVersion === 1)!;
    await t.db.query(`UPDATE flow_form_history SET content = $1 WHERE id = $2`, [
      JSON.stringify(content({ reason: field({ title: '{{alert(1)}}' }) })),
      older.id,
    ]);

    const refused = await post(`${DESIGN}/form/history/setMainVersion`, { id: older.id });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('表单内容不能包含表达式 {{ }}（字段「reason」的 title）');
    const form = (await get(`${DESIGN}/form/detail?id=${formId}`)).body.data;
    expect(form.formVersion).toBe(2);
    expect(JSON.parse(form.content).properties).toHaveProperty('days');
  });
});
