import { describe, expect, it } from 'vitest';
import { noticeTarget } from '../../src/shared/noticeTarget.js';
import { decodeWorkflowParams } from '../../src/shared/workflowParams.js';

describe('noticeTarget: the page an inbox message opens', () => {
  it('a sentiment order (type 1) opens /province/detail with the business id (platform-core §2)', () => {
    expect(noticeTarget(1, '9001', '77')).toBe('/province/detail?id=9001');
  });

  it('a work order (type 2) opens /order/info/detail with the business id', () => {
    expect(noticeTarget(2, '9002', '77')).toBe('/order/info/detail?id=9002');
  });

  it('plans, inspection, maintenance and cleaning records open their detail pages', () => {
    expect(noticeTarget(3, '31', '77')).toBe('/inspect-plan/detail?id=31');
    expect(noticeTarget(4, '41', '77')).toBe('/inspect/inspectRecord/detail?id=41');
    expect(noticeTarget(5, '51', '77')).toBe('/maintain/record/detail?id=51');
    expect(noticeTarget(6, '61', '77')).toBe('/clean/cleanRecord/detail?id=61');
  });

  it('an announcement (type 9) opens 我的通知 on the message itself, not on the announcement', () => {
    expect(noticeTarget(9, '123', '456')).toBe('/system/notification?id=456');
  });

  it('any other type, or none, opens the work order detail (the spec\'s "otherwise")', () => {
    expect(noticeTarget(7, '70', '1')).toBe('/order/info/detail?id=70');
    expect(noticeTarget(null, '71', '1')).toBe('/order/info/detail?id=71');
    expect(noticeTarget(undefined, '72')).toBe('/order/info/detail?id=72');
  });

  it('accepts the type as text (query strings, dictionary keys) and escapes the id', () => {
    expect(noticeTarget('1', '5')).toBe('/province/detail?id=5');
    expect(noticeTarget(2, 'a&b=c')).toBe('/order/info/detail?id=a%26b%3Dc');
  });

  it('a workflow task (type 11) opens the process detail page of that task (the page finds the instance from it)', () => {
    const target = noticeTarget(11, '1790000000000000002', '77');
    expect(target).toMatch(/^\/workflow\/process\/detail\/[A-Za-z0-9_-]+$/);
    expect(decodeWorkflowParams(target.split('/').pop())).toEqual({ taskId: '1790000000000000002' });
  });
});
