/**
 * The console addresses of the workflow pages (contract 14 §6, §7): the process detail and start pages carry their
 * ids as one base64url segment; the leave process has pages of its own (H7) for starting and handling.
 */
import { encodeWorkflowParams } from '../../../../shared/workflowParams';
import type { FlowProcessRow, FlowTaskRow } from './processTypes';

export const LEAVE_PROCESS_KEY = 'leave';
export const LEAVE_TABLE = 'work/leave';

export function detailPath(processInstanceId: string, taskId?: string | null): string {
  return `/workflow/process/detail/${encodeWorkflowParams({ processInstanceId, taskId: taskId ?? undefined })}`;
}

/** 发起: the leave opens its own application form; every other process the generic start page. */
export function startPath(process: Pick<FlowProcessRow, 'id' | 'key'>): string {
  if (process.key === LEAVE_PROCESS_KEY) return `/work/process/leave/form/${encodeURIComponent(process.id)}`;
  return `/workflow/process/start/${encodeWorkflowParams({ processDefinitionId: process.id })}`;
}

/** 办理: a leave task opens the leave's approval page; every other task the process detail with the task. */
export function handlePath(row: Pick<FlowTaskRow, 'taskId' | 'processInstanceId' | 'businessTable' | 'businessId'>): string {
  if (row.businessTable === LEAVE_TABLE && row.businessId && row.taskId) {
    return `/work/process/leave/handle/${[row.taskId, row.processInstanceId, row.businessId].map(encodeURIComponent).join('/')}`;
  }
  return detailPath(row.processInstanceId, row.taskId);
}
