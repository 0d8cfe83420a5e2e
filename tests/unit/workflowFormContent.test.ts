/**
 * A process form's content is an allow-list (review finding H2): Formily compiles every `{{…}}` string and runs
 * x-reactions in the browser of whoever opens the form, so a stored form may carry only the keys of contract 14 §5
 * with plain values, and no string containing `{{` anywhere. A stored form from before the rule is answered reduced
 * to what the rule allows.
 */
import { describe, expect, it } from 'vitest';
import type { LocalContext } from '../../src/server/engine/localApi.js';
import { ApiError } from '../../src/server/http/apiError.js';
import { checkedFormContent } from '../../src/server/workflow/design/formContent.js';
import { safeFormSchema } from '../../src/server/workflow/design/formFieldRules.js';

// No field names a default value key here, so the check never reads the database.
const ctx = {} as LocalContext;
const field = (extra: Record<string, unknown> = {}) => ({ type: 'string', title: '事由', 'x-decorator': 'FormItem', 'x-component': 'Input', ...extra });
const form = (fields: Record<string, unknown>, top: Record<string, unknown> = {}) => ({ type: 'object', ...top, properties: fields });

async function refusal(content: unknown): Promise<{ zh: string; en: string } | 'accepted'> {
  try {
    await checkedFormContent(ctx, undefined, content);
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return error.text;
    throw error;
  }
  return 'accepted';
}

const validForm = form(
  {
    reason: field({
      'x-component': 'Input.TextArea',
      required: true,
      'x-index': 0,
      'x-component-props': { placeholder: '请填写事由', maxLength: 500, rows: 4 },
    }),
    days: field({
      type: 'number',
      title: '天数',
      'x-component': 'NumberPicker',
      default: 1,
      'x-index': 1,
      'x-component-props': { min: 0, max: 30, precision: 1 },
    }),
    kind: field({
      title: '类型',
      'x-component': 'Select',
      enum: [
        { label: '事假', value: 'personal' },
        { label: '病假', value: 2 },
      ],
      default: 'personal',
      'x-index': 2,
    }),
    tags: field({ type: 'array', title: '标签', 'x-component': 'Checkbox.Group', enum: [{ label: 'A', value: 'a' }], default: ['a'], 'x-index': 3 }),
    urgent: field({ type: 'boolean', title: '加急', 'x-component': 'Switch', default: false, 'x-index': 4 }),
  },
  { title: '请假单' },
);

describe('a process form’s allowed content', () => {
  it('accepts a form of only the allowed keys and stores it unchanged', async () => {
    const checked = await checkedFormContent(ctx, undefined, JSON.stringify(validForm));
    expect(checked.content).toEqual(validForm);
    expect(JSON.parse(checked.text)).toEqual(validForm);
  });

  it('refuses Formily’s reaction, validator and visibility keys, naming the field and the key', async () => {
    expect(await refusal(form({ a: field({ 'x-reactions': { dependencies: ['b'], fulfill: { state: { visible: false } } } }) }))).toEqual({
      zh: '表单内容不正确：字段「a」不支持的属性「x-reactions」',
      en: 'The form content is not valid: the field "a" has an unsupported property "x-reactions"',
    });
    expect(await refusal(form({ a: field({ 'x-validator': 'email' }) }))).toMatchObject({ zh: '表单内容不正确：字段「a」不支持的属性「x-validator」' });
    expect(await refusal(form({ a: field({ 'x-visible': false }) }))).toMatchObject({ zh: '表单内容不正确：字段「a」不支持的属性「x-visible」' });
    expect(await refusal(form({ a: field({ 'x-component-props': { onChange: 'x' } }) }))).toMatchObject({
      zh: '表单内容不正确：字段「a」不支持的属性「x-component-props.onChange」',
    });
    const protoText = JSON.stringify(form({ a: field() })).replace('"x-component":"Input"', '"x-component":"Input","__proto__":{"title":"x"}');
    expect(await refusal(protoText)).toMatchObject({ en: 'The form content is not valid: the field "a" has an unsupported property "__proto__"' });
  });

  it('refuses a `{{` expression in any string: title, option label, default, placeholder, a reaction', async () => {
    expect(await refusal(form({ a: field({ title: '{{alert(1)}}' }) }))).toEqual({
      zh: '表单内容不能包含表达式 {{ }}（字段「a」的 title）',
      en: 'The form content must not contain expressions {{ }} ("title" of the field "a")',
    });
    const label = form({ a: field({ 'x-component': 'Select', enum: [{ label: '{{alert(1)}}', value: 'x' }] }) });
    expect(await refusal(label)).toMatchObject({ zh: '表单内容不能包含表达式 {{ }}（字段「a」的 enum.0.label）' });
    expect(await refusal(form({ a: field({ default: '{{alert(1)}}' }) }))).toMatchObject({ zh: '表单内容不能包含表达式 {{ }}（字段「a」的 default）' });
    expect(await refusal(form({ a: field({ 'x-component-props': { placeholder: 'x{{alert(1)}}' } }) }))).toMatchObject({
      zh: '表单内容不能包含表达式 {{ }}（字段「a」的 x-component-props.placeholder）',
    });
    expect(await refusal(form({ a: field({ 'x-reactions': '{{(field) => alert(1)}}' }) }))).toMatchObject({ en: expect.stringContaining('{{ }}') });
    expect(await refusal(form({ a: field() }, { title: '{{alert(document.cookie)}}' }))).toMatchObject({ zh: '表单内容不能包含表达式 {{ }}（title）' });
  });

  it('refuses other keys at the top and values outside each key’s rule', async () => {
    expect(await refusal(form({ a: field() }, { 'x-reactions': [] }))).toMatchObject({
      en: 'The form content is not valid: the property "x-reactions" is not supported',
    });
    const refusedEn = async (extra: Record<string, unknown>) => ((await refusal(form({ a: field(extra) }))) as { en: string }).en;
    expect(await refusedEn({ title: 'x'.repeat(101) })).toBe('The form content is not valid: the title of "a" must be text of at most 100 characters');
    expect(await refusedEn({ enum: [{ label: 'x'.repeat(101), value: 'x' }] })).toMatch(/option labels of "a" must be text of at most 100/);
    expect(await refusedEn({ enum: [{ label: 'x', value: { a: 1 } }] })).toMatch(/option values of "a" must be text or numbers/);
    expect(await refusedEn({ enum: [{ label: 'x', value: 'x', disabled: true }] })).toMatch(/options of "a" must be at most 200/);
    expect(await refusedEn({ enum: Array.from({ length: 201 }, (_, i) => ({ label: `${i}`, value: i })) })).toMatch(/at most 200/);
    expect(await refusedEn({ default: { toString: 'x' } })).toMatch(/the default of "a" must be text of at most 2000 characters/);
    expect(await refusedEn({ default: 'x'.repeat(2001) })).toMatch(/the default of "a"/);
    expect(await refusedEn({ default: Array.from({ length: 201 }, () => 'a') })).toMatch(/the default of "a"/);
    expect(await refusedEn({ default: [['nested']] })).toMatch(/the default of "a"/);
    expect(await refusedEn({ 'x-index': 1.5 })).toBe('The form content is not valid: "x-index" of "a" must be an integer');
    expect(await refusedEn({ 'x-component-props': { placeholder: 'x'.repeat(201) } })).toMatch(/placeholder" of "a" must be text of at most 200/);
    expect(await refusedEn({ 'x-component-props': { rows: '4' } })).toMatch(/rows" of "a" must be a number/);
    expect(await refusedEn({ 'x-component-props': { style: { color: 'red' } } })).toMatch(/unsupported property "x-component-props.style"/);
  });
  it('answers a content nested too deep for JSON with a 400, not a server error', async () => {
    const depth = 100_000;
    const deep = `{"type":"object","properties":{"a":{"x-component":"Input","title":${'['.repeat(depth)}${']'.repeat(depth)}}}}`;
    expect(await refusal(deep)).toEqual({ zh: '表单内容不正确：嵌套层次过深', en: 'The form content is not valid: it is nested too deeply' });
  });
});

describe('a stored form answered to the console', () => {
  it('keeps the allowed keys and drops the rest, expressions included', () => {
    const stored = form(
      {
        ok: field({ required: true }),
        bad: field({
          title: '{{alert(1)}}',
          'x-reactions': { fulfill: { run: 'alert(1)' } },
          'x-component-props': { placeholder: '{{alert(2)}}' },
          enum: [{ label: '{{x}}', value: 1 }],
        }),
        noComponent: { type: 'string', title: 'x' },
      },
      { 'x-reactions': [], title: '{{alert(3)}}' },
    );
    expect(safeFormSchema(stored)).toEqual({
      type: 'object',
      properties: { ok: field({ required: true }), bad: { type: 'string', 'x-decorator': 'FormItem', 'x-component': 'Input' } },
    });
    expect(safeFormSchema(validForm)).toEqual(validForm);
  });
});
