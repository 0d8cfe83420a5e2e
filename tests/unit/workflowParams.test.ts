import { describe, expect, it } from 'vitest';
import { decodeWorkflowParams, encodeWorkflowParams } from '../../src/shared/workflowParams.js';

describe('workflowParams: the one-segment parameters of the workflow pages', () => {
  it('a detail page carries the instance and the task and decodes to the same ids', () => {
    const segment = encodeWorkflowParams({ processInstanceId: '1790000000000000001', taskId: '1790000000000000002' });
    expect(segment).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeWorkflowParams(segment)).toEqual({ processInstanceId: '1790000000000000001', taskId: '1790000000000000002' });
  });

  it('a start page carries a definition id or key, Chinese text included', () => {
    expect(decodeWorkflowParams(encodeWorkflowParams({ processDefinitionKey: 'leave' }))).toEqual({ processDefinitionKey: 'leave' });
    expect(decodeWorkflowParams(encodeWorkflowParams({ processDefinitionId: '42', title: '请假' }))).toEqual({ processDefinitionId: '42', title: '请假' });
  });

  it('is base64url of the JSON (no padding, - and _ instead of + and /)', () => {
    const segment = encodeWorkflowParams({ taskId: '>>>???' });
    expect(segment).not.toMatch(/[+/=]/);
    expect(JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'))).toEqual({ taskId: '>>>???' });
  });

  it('leaves out undefined and empty values, so equal params give equal links', () => {
    expect(encodeWorkflowParams({ processInstanceId: '7', taskId: undefined })).toBe(encodeWorkflowParams({ processInstanceId: '7' }));
    expect(encodeWorkflowParams({ processInstanceId: '7', taskId: '' })).toBe(encodeWorkflowParams({ processInstanceId: '7' }));
  });

  it('takes a numeric id as text and drops values that are neither text nor number', () => {
    const segment = Buffer.from(JSON.stringify({ taskId: 12, nested: { a: 1 }, list: [1], flag: true })).toString('base64url');
    expect(decodeWorkflowParams(segment)).toEqual({ taskId: '12' });
  });

  it('answers null for anything that is not such a segment', () => {
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    expect(decodeWorkflowParams('')).toBeNull();
    expect(decodeWorkflowParams(null)).toBeNull();
    expect(decodeWorkflowParams(undefined)).toBeNull();
    expect(decodeWorkflowParams('not base64!')).toBeNull();
    expect(decodeWorkflowParams(b64('not json'))).toBeNull();
    expect(decodeWorkflowParams(b64('[1,2]'))).toBeNull();
    expect(decodeWorkflowParams(b64('null'))).toBeNull();
    expect(decodeWorkflowParams(b64('"text"'))).toBeNull();
    expect(decodeWorkflowParams(Buffer.from([0x7b, 0xff, 0x7d]).toString('base64url'))).toBeNull();
    expect(decodeWorkflowParams('A'.repeat(3000))).toBeNull();
  });
});
