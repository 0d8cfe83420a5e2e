/**
 * The desk's leave detail (GET /api/blade-desk/process/leave/detail?businessId=):
 * the leave with a summary of its process — state, where it waits, when it
 * started and ended, how it ended — for the leave pages. The engine's state
 * and the variables stay on the server.
 */
import type { DbClient } from '../../db/pool.js';
import { localApi, type LocalContext } from '../../engine/localApi.js';
import type { LeaveRow } from './leaveAccess.js';

export interface LeaveProcessSummary {
  processInstanceId: string;
  processDefinitionId: string;
  processKey: string;
  processName: string;
  title: string | null;
  status: number;
  outcome: string | null;
  currentNodeNames: string | null;
  startUserId: string;
  startUserName: string | null;
  startTime: string | null;
  endTime: string | null;
}

export type LeaveWithProcess = LeaveRow & { process: LeaveProcessSummary | null };

export async function leaveWithProcess(ctx: LocalContext, tx: DbClient | undefined, leave: LeaveRow): Promise<LeaveWithProcess> {
  if (!leave.processInstanceId) return { ...leave, process: null };
  const [instance] = await localApi(ctx, tx)
    .tenantWide()
    .find('flow/processInstance', { where: { id: String(leave.processInstanceId) }, limit: 1, withTitles: true });
  if (!instance) return { ...leave, process: null };
  const titled = instance as typeof instance & { startUserName?: string };
  return {
    ...leave,
    process: {
      processInstanceId: instance.id,
      processDefinitionId: String(instance.deploymentId),
      processKey: instance.processKey ?? '',
      processName: instance.processName ?? '',
      title: instance.title ?? null,
      status: instance.status,
      outcome: instance.outcome ?? null,
      currentNodeNames: instance.currentNodeNames ?? null,
      startUserId: String(instance.startUserId),
      startUserName: titled.startUserName ?? null,
      startTime: instance.startTime ?? null,
      endTime: instance.endTime ?? null,
    },
  };
}
