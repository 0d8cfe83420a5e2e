/**
 * The event log (inspect/eventLog): one row per step of an event, written by
 * the server through the local API in the transaction of the step, so a step
 * and its log row exist together or not at all.
 */
import type { DbClient } from '../../db/pool.js';
import { localApi, type LocalContext } from '../../engine/localApi.js';

/** The event_action dictionary: a step's code in the log. */
export const EVENT_ACTION = {
  report: 1,
  edit: 2,
  accept: 3,
  assign: 4,
  aiPhotoAssign: 5,
  aiCorrect: 6,
  sendBack: 7,
  discretion: 8,
  withdrawl: 9,
  process: 10,
  deptProcess: 11,
  chiefProcess: 12,
  audit: 13,
  chiefApprove: 14,
  chiefClose: 15,
} as const;
export type EventActionName = keyof typeof EVENT_ACTION;
export type EventActionCode = (typeof EVENT_ACTION)[EventActionName];

/** The log queries' groups (contract §B); close also holds an audit or approval that completed the event. */
export const EVENT_LOG_GROUPS = {
  assign: [EVENT_ACTION.assign, EVENT_ACTION.aiPhotoAssign, EVENT_ACTION.accept],
  approve: [EVENT_ACTION.audit, EVENT_ACTION.chiefApprove],
  process: [EVENT_ACTION.process, EVENT_ACTION.deptProcess, EVENT_ACTION.chiefProcess, EVENT_ACTION.discretion],
  close: [EVENT_ACTION.chiefClose, EVENT_ACTION.aiCorrect, EVENT_ACTION.sendBack, EVENT_ACTION.withdrawl, EVENT_ACTION.audit, EVENT_ACTION.chiefApprove],
} as const;
export type EventLogGroup = keyof typeof EVENT_LOG_GROUPS;

export function isEventAction(name: string): name is EventActionName {
  return name in EVENT_ACTION;
}

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
