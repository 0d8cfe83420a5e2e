/**
 * The event log (inspect/eventLog): one row per step of an event, written by
 * the server through the local API in the transaction of the step, so a step
 * and its log row exist together or not at all.
 */
import type { DbClient } from '../../db/pool.js';
import { localApi, type LocalContext } from '../../engine/localApi.js';
import { EVENT_ACTION, type EventActionName } from '../../../shared/eventActions.js';

export { EVENT_ACTION, isEventAction, type EventActionCode, type EventActionName } from '../../../shared/eventActions.js';

/** The log queries' groups (contract §B); close also holds an audit or approval that completed the event. */
export const EVENT_LOG_GROUPS = {
  assign: [EVENT_ACTION.assign, EVENT_ACTION.aiPhotoAssign, EVENT_ACTION.accept],
  approve: [EVENT_ACTION.audit, EVENT_ACTION.chiefApprove],
  process: [EVENT_ACTION.process, EVENT_ACTION.deptProcess, EVENT_ACTION.chiefProcess, EVENT_ACTION.discretion],
  close: [EVENT_ACTION.chiefClose, EVENT_ACTION.aiCorrect, EVENT_ACTION.sendBack, EVENT_ACTION.withdrawl, EVENT_ACTION.audit, EVENT_ACTION.chiefApprove],
} as const;
export type EventLogGroup = keyof typeof EVENT_LOG_GROUPS;

export interface EventLogEntry {
  eventId: string;
  action: EventActionName;
  fromStatus: number | null;
  toStatus: number;
  targetUserId?: string | null;
  opinion?: string | null;
  result?: string | null;
  photos?: string[] | null;
}

/** Writes one log row of the step, by the caller, in the step's transaction. */
export async function writeEventLog(ctx: LocalContext, tx: DbClient, entry: EventLogEntry): Promise<void> {
  await localApi(ctx, tx)
    .tenantWide()
    .create('inspect/eventLog', {
      eventId: entry.eventId,
      action: EVENT_ACTION[entry.action],
      fromStatus: (entry.fromStatus ?? undefined) as never,
      toStatus: entry.toStatus as never,
      operatorId: ctx.caller.userId,
      targetUserId: entry.targetUserId ?? undefined,
      opinion: entry.opinion ?? undefined,
      result: entry.result ?? undefined,
      photos: entry.photos ?? [],
    });
}
