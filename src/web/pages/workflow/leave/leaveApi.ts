/**
 * The leave pages' calls: my leaves (blade-workflow/process/leave/list), one
 * leave with its process (blade-desk/process/leave/detail), starting a leave
 * (blade-desk/process/leave/start-process), and the latest leave deployment
 * the caller may start (blade-flow/work/start-list, key `leave`).
 */
import type { Envelope, Page } from '../../../../shared/envelope';
import { request } from '../../../api/http';

export const LEAVE_PROCESS_KEY = 'leave';

export interface LeaveProcessSummary {
  processInstanceId: string;
  processDefinitionId: string;
  processName: string;
  title: string | null;
  status: number;
  outcome: string | null;
  currentNodeNames: string | null;
  startUserName: string | null;
  startTime: string | null;
  endTime: string | null;
}

export interface LeaveRecord {
  id: string;
  processDefinitionId?: string | null;
  processInstanceId?: string | null;
  leaveType: number;
  startTime: string;
  endTime: string;
  days?: number | null;
  reason: string;
  applyTime?: string | null;
  finishTime?: string | null;
  approvalStatus: number;
  taskUser?: string | null;
  taskUserName?: string | null;
  createUserName?: string | null;
  process?: LeaveProcessSummary | null;
}

export interface LeaveInput {
  processDefinitionId: string;
  leaveType: number;
  startTime: string;
  endTime: string;
  reason: string;
}

export async function fetchMyLeaves(params: { current: number; size: number; approvalStatus?: number }): Promise<Page<LeaveRecord>> {
  const response = await request<Envelope<Page<LeaveRecord>>>({ url: '/blade-workflow/process/leave/list', params });
  return response.data.data;
}

export async function fetchLeave(businessId: string): Promise<LeaveRecord> {
  const response = await request<Envelope<LeaveRecord>>({ url: '/blade-desk/process/leave/detail', params: { businessId }, meta: { isSilent: true } });
  return response.data.data;
}

export async function startLeave(input: LeaveInput): Promise<LeaveRecord> {
  const response = await request<Envelope<LeaveRecord>>({ url: '/blade-desk/process/leave/start-process', method: 'POST', data: input });
  return response.data.data;
}

/** The id of the latest leave deployment the caller may start, or undefined when there is none. */
export async function latestLeaveDeploymentId(): Promise<string | undefined> {
  const response = await request<Envelope<Page<{ id: string; key: string }>>>({ url: '/blade-flow/work/start-list', params: { current: 1, size: 100 } });
  return response.data.data.records.find((row) => row.key === LEAVE_PROCESS_KEY)?.id;
}
