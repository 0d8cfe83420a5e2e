/**
 * The console draws a process form from the allowed keys only (review finding H2): whatever a stored form holds,
 * the Formily schema gets no x-reactions, no validator or visibility rule, no string containing `{{`, and no
 * component the console does not register; a form of contract 14 §5 is drawn as stored (plus the full-width style of
 * number pickers, selects and date pickers).
 */
import { describe, expect, it } from 'vitest';
import { safeFormilySchema } from '../../../src/web/pages/workflow/process/components/formilySchema';

const plain = { type: 'string', title: '事由', 'x-decorator': 'FormItem', 'x-component': 'Input' };

describe('a process form’s Formily schema', () => {
  it('copies the allowed keys of a contract form', () => {
    const stored = {
      type: 'object',
      properties: {
        reason: { ...plain, required: true, 'x-index': 0, 'x-component-props': { placeholder: '请填写', maxLength: 200 } },
        kind: { ...plain, 'x-component': 'Select', enum: [{ label: '事假', value: 1 }], default: 1, 'x-index': 1, 'x-default': 'k' },
        tags: { ...plain, type: 'array', 'x-component': 'Checkbox.Group', enum: [{ label: 'A', value: 'a' }], default: ['a'] },
        // The designer's preview labels a field that takes a named default.
        applicant: { ...plain, 'x-default': 'applicant', 'x-decorator-props': { tooltip: '默认值: applicant', colon: false } },
      },
    };
    expect(safeFormilySchema(stored)).toEqual({
      type: 'object',
      properties: {
        reason: { ...plain, required: true, 'x-index': 0, 'x-component-props': { placeholder: '请填写', maxLength: 200 } },
        kind: {
          ...plain,
          'x-component': 'Select',
          enum: [{ label: '事假', value: 1 }],
          default: 1,
          'x-index': 1,
          'x-component-props': { style: { width: '100%' } },
        },
        tags: { ...plain, type: 'array', 'x-component': 'Checkbox.Group', enum: [{ label: 'A', value: 'a' }], default: ['a'], 'x-component-props': {} },
        applicant: { ...plain, 'x-decorator-props': { tooltip: '默认值: applicant' }, 'x-component-props': {} },
      },
    });
  });

  it('leaves out reactions, rules, expressions and unknown components whatever the stored form holds', () => {
    const stored = {
      type: 'object',
      'x-reactions': '{{alert(0)}}',
      properties: {
        reason: {
          ...plain,
          title: '{{alert(1)}}',
          'x-reactions': { fulfill: { run: 'alert(2)' } },
          'x-validator': '{{alert(3)}}',
          'x-visible': '{{false}}',
          'x-decorator-props': { tooltip: '{{alert(8)}}' },
          'x-component-props': { placeholder: '{{alert(4)}}', onChange: '{{alert(5)}}', style: { color: 'red' } },
          enum: [
            { label: '{{alert(6)}}', value: 'x' },
            { label: 'ok', value: 'ok' },
          ],
          default: '{{alert(7)}}',
        },
        upload: { ...plain, 'x-component': 'Upload' },
        'bad-name': plain,
      },
    };
    const shown = safeFormilySchema(stored);
    expect(shown).toEqual({
      type: 'object',
      properties: {
        reason: { type: 'string', 'x-decorator': 'FormItem', 'x-component': 'Input', 'x-component-props': {}, enum: [{ label: 'ok', value: 'ok' }] },
      },
    });
    expect(JSON.stringify(shown)).not.toContain('{{');
  });
});
