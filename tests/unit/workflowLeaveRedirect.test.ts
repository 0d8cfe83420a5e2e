/**
 * The process detail hands a leave over to the leave's own pages (contract 14 §7, review fix F-leave): an inbox
 * message or a task list's 查看 opens /workflow/process/detail/…; for an instance about a leave the console replaces
 * it with the leave's approval page when the caller holds an open task of it, else with the leave's detail.
 */
import { describe, expect, it } from 'vitest';
import { leavePageOf } from '../../src/web/pages/workflow/process/leaveRedirect';
import type { ProcessDetail, TaskView } from '../../src/web/pages/workflow/process/processTypes';

const ME = '1001';
const OTHER = '1002';

function leaveDetail(task?: TaskView | null, businessTable: string | null = 'work/leave'): ProcessDetail {
  return { process: { id: '77', processInstanceId: '77', businessTable, businessId: '55' }, task };
}

describe('the page that replaces the process detail of a leave', () => {
  it("is the leave's approval page for the caller's assigned open task", () => {
    expect(leavePageOf(leaveDetail({ taskId: '9', assigneeId: ME, status: 1 }), ME)).toBe('/work/process/leave/handle/9/77/55');
  });

  it("is the leave's approval page for an unassigned open task the caller may claim", () => {
    expect(leavePageOf(leaveDetail({ taskId: '9', assigneeId: null, candidateUserIds: `${OTHER},${ME}`, status: 1 }), ME)).toBe(
      '/work/process/leave/handle/9/77/55',
    );
  });

  it("is the leave's detail when the task is someone else's, finished, or absent", () => {
    expect(leavePageOf(leaveDetail({ taskId: '9', assigneeId: OTHER, status: 1 }), ME)).toBe('/work/process/leave/detail/77/55');
    expect(leavePageOf(leaveDetail({ taskId: '9', assigneeId: null, candidateUserIds: OTHER, status: 1 }), ME)).toBe('/work/process/leave/detail/77/55');
    expect(leavePageOf(leaveDetail({ taskId: '9', assigneeId: ME, status: 2 }), ME)).toBe('/work/process/leave/detail/77/55');
    expect(leavePageOf(leaveDetail(null), ME)).toBe('/work/process/leave/detail/77/55');
    expect(leavePageOf(leaveDetail({ taskId: '9', assigneeId: ME, status: 1 }), undefined)).toBe('/work/process/leave/detail/77/55');
  });

  it('is none for a process about no leave: the generic detail stays', () => {
    expect(leavePageOf(leaveDetail({ taskId: '9', assigneeId: ME, status: 1 }, null), ME)).toBeUndefined();
    expect(leavePageOf(leaveDetail({ taskId: '9', assigneeId: ME, status: 1 }, 'work/other'), ME)).toBeUndefined();
    expect(leavePageOf({ process: { id: '77', businessTable: 'work/leave', businessId: null } }, ME)).toBeUndefined();
  });
});
