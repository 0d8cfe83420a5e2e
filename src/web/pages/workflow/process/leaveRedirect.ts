/**
 * A leave's process has pages of its own: the process detail of an instance about a leave (an inbox message, 查看 in
 * a task list) hands over to them — the leave's approval page when the caller holds an open task of it (assigned to
 * them, or waiting for them to claim), else the leave's detail. Other processes stay on the generic detail.
 */
import { leaveDetailPath, leaveHandlePath } from '../leave/leavePaths';
import { LEAVE_TABLE } from './processLinks';
import type { ProcessDetail, TaskView } from './processTypes';

const OPEN_TASK = 1;

/** The task is open and the caller's: assigned to them, or unassigned with them among its candidates. */
function isCallersOpenTask(task: TaskView | null | undefined, userId: string | undefined): task is TaskView {
  if (!task || !userId || Number(task.status ?? OPEN_TASK) !== OPEN_TASK) return false;
  if (task.assigneeId) return String(task.assigneeId) === userId;
  return (task.candidateUserIds ?? '').split(',').includes(userId);
}

/** The leave page that replaces the process detail, or undefined when the instance is not about a leave. */
export function leavePageOf(detail: ProcessDetail, userId: string | undefined): string | undefined {
  const { process, task } = detail;
  if (process.businessTable !== LEAVE_TABLE || !process.businessId) return undefined;
  const instanceId = String(process.processInstanceId ?? process.id);
  const businessId = String(process.businessId);
  if (isCallersOpenTask(task, userId)) return leaveHandlePath(String(task.taskId ?? task.id), instanceId, businessId);
  return leaveDetailPath(instanceId, businessId);
}
