/**
 * The five task-centre lists (我的事务 › 待签 / 待办 / 已发 / 办结 / 抄送): which list each reads, its columns, and
 * the buttons (menu button codes) of its row actions.
 */
import type { TaskListKind } from './processApi';

export type TaskColumn =
  'processName' | 'title' | 'taskName' | 'startUser' | 'createTime' | 'claimTime' | 'endTime' | 'dueTime' | 'status' | 'flag' | 'fromUser' | 'readStatus';

export type TaskRowAction = 'view' | 'claim' | 'handle' | 'withdraw' | 'urge';

export interface TaskListKindSpec {
  kind: TaskListKind;
  columns: TaskColumn[];
  /** Row action → the button code that grants it. */
  actions: Partial<Record<TaskRowAction, string>>;
}

export const TASK_LIST_KINDS: Record<TaskListKind, TaskListKindSpec> = {
  claim: {
    kind: 'claim',
    columns: ['processName', 'title', 'taskName', 'startUser', 'createTime', 'dueTime'],
    actions: { claim: 'work_claim_claim', view: 'work_claim_view' },
  },
  todo: {
    kind: 'todo',
    columns: ['processName', 'title', 'taskName', 'startUser', 'createTime', 'dueTime'],
    actions: { handle: 'work_todo_handle', view: 'work_todo_view' },
  },
  send: {
    kind: 'send',
    columns: ['processName', 'title', 'taskName', 'createTime', 'endTime', 'status'],
    actions: { view: 'work_send_view', withdraw: 'work_send_withdraw', urge: 'work_send_urge' },
  },
  done: {
    kind: 'done',
    columns: ['processName', 'title', 'taskName', 'startUser', 'createTime', 'endTime', 'flag', 'status'],
    actions: { view: 'work_done_view' },
  },
  copy: {
    kind: 'copy',
    columns: ['processName', 'title', 'fromUser', 'startUser', 'createTime', 'status', 'readStatus'],
    actions: { view: 'work_copy_view' },
  },
};

/** Whether the process of a row has ended (the server sends a boolean, or 0/1). */
export function isFinished(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}
