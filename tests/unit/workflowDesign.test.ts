/**
 * The rules of the workflow design registers that need no database: who a model's scope admits, which processes
 * a proxy covers, and what a process form's content may be (contract 14 §1, §5).
 */
import { describe, expect, it } from 'vitest';
import type { LocalContext } from '../../src/server/engine/localApi.js';
import { ApiError } from '../../src/server/http/apiError.js';
import { checkedFormContent, formContentObject } from '../../src/server/workflow/design/formContent.js';
import { scopeAdmits } from '../../src/server/workflow/design/modelScopes.js';
import { proxyCovers } from '../../src/server/workflow/design/proxies.js';

const caller = { userId: '11', roleIds: ['21', '22'] };
const depts = new Set(['31', '30']); // the caller's department 31 under 30

describe('a model’s start scope', () => {
  it('admits everyone when the model has no scope rows or an everyone row', () => {
    expect(scopeAdmits([], caller, depts)).toBe(true);
    expect(scopeAdmits([{ scopeType: 1, scopeValue: '' }], caller, depts)).toBe(true);
  });

  it('admits a listed user, a holder of a listed role, and a member of a listed department or one below it', () => {
    expect(scopeAdmits([{ scopeType: 2, scopeValue: '10,11' }], caller, depts)).toBe(true);
    expect(scopeAdmits([{ scopeType: 3, scopeValue: '22' }], caller, depts)).toBe(true);
    expect(scopeAdmits([{ scopeType: 4, scopeValue: '30' }], caller, depts)).toBe(true);
  });

  it('refuses a caller no row names', () => {
    expect(
      scopeAdmits(
        [
          { scopeType: 2, scopeValue: '10,111' },
          { scopeType: 3, scopeValue: '2' },
          { scopeType: 4, scopeValue: '3' },
        ],
        caller,
        depts,
      ),
    ).toBe(false);
  });
});

describe('a proxy’s processes', () => {
  it('covers every process when it lists none, else exactly the listed keys', () => {
    expect(proxyCovers({ processKeys: '' }, 'leave')).toBe(true);
    expect(proxyCovers({ processKeys: undefined }, 'leave')).toBe(true);
    expect(proxyCovers({ processKeys: 'leave, expense' }, 'expense')).toBe(true);
    expect(proxyCovers({ processKeys: 'leave,expense' }, 'leaveLong')).toBe(false);
  });
});

describe('a process form’s content', () => {
  // No field names a default value here, so the check never reads the database.
  const ctx = {} as LocalContext;
  const field = (extra: Record<string, unknown> = {}) => ({ type: 'string', title: '事由', 'x-decorator': 'FormItem', 'x-component': 'Input', ...extra });
  const refusal = async (content: unknown) => {
    try {
      await checkedFormContent(ctx, undefined, content);
    } catch (error) {
      if (error instanceof ApiError) return error.text.en;
      throw error;
    }
    return 'accepted';
  };

  it('accepts every component of contract §5 and answers the content with its JSON text', async () => {
    const components = ['Input', 'Input.TextArea', 'NumberPicker', 'Select', 'DatePicker', 'Switch', 'Radio.Group', 'Checkbox.Group'];
    const properties = Object.fromEntries(components.map((component, i) => [`f${i}`, field({ 'x-component': component })]));
    properties.kind = field({ 'x-component': 'Select', enum: [{ label: '事假', value: 1 }], required: true });
    const checked = await checkedFormContent(ctx, undefined, JSON.stringify({ type: 'object', properties }));
    expect(Object.keys(checked.content.properties)).toHaveLength(components.length + 1);
    expect(JSON.parse(checked.text)).toEqual(checked.content);
  });

  it('refuses what the console cannot render or the limits forbid, naming the problem', async () => {
    expect(await refusal({ type: 'object', properties: { a: field({ 'x-decorator': 'Card' }) } })).toBe(
      'The form content is not valid: the decorator of "a" must be FormItem',
    );
    expect(await refusal({ type: 'object', properties: { a: field({ enum: ['x'] }) } })).toBe(
      'The form content is not valid: the options of "a" must be at most 200 {label, value} objects',
    );
    expect(await refusal({ type: 'object', properties: { a: field({ required: 'yes' }) } })).toBe(
      'The form content is not valid: "required" of "a" must be true or false',
    );
    expect(await refusal({ type: 'object', properties: { ['x'.repeat(65)]: field() } })).toMatch(/the field name "x{64}" must start with a letter/);
    expect(await refusal({ type: 'object' })).toBe('The form content is not valid: it has no properties');
    expect(await refusal({ type: 'object', properties: { a: 'Input' } })).toBe('The form content is not valid: the field "a" must be an object');
  });

  it('reads a JSON text or an object, and nothing else', () => {
    expect(formContentObject('{"type":"object"}')).toEqual({ type: 'object' });
    expect(formContentObject({ type: 'object' })).toEqual({ type: 'object' });
    expect(() => formContentObject('null')).toThrow(ApiError);
    expect(() => formContentObject(42)).toThrow(ApiError);
  });
});
