/**
 * Who is told of an event's step, and what (contract §B), written to the
 * inbox (notice/message) in the step's transaction. A message opens the work
 * order page (orderType 2); a public report (source 5) opens the public
 * sentiment page (orderType 1). The user who took the step is never told of it.
 *
 *   report                      → holders of the sign-for button over the event's department
 *   accept                      → the reporter (the handler is the signer: the reporter learns it is in hand)
 *   assign, AI assign           → the handler
 *   process steps (3 待复核)     → holders of the re-check or approve button over the event's department, not the handler
 *   re-check sent back (→ 2)    → the handler
 *   completed, sent back, AI-corrected → the reporter and the handler
 */
import type { Queryable } from '../../db/pool.js';
import type { LocalContext } from '../../engine/localApi.js';
import { deliver, ORDER_TYPE, usersHoldingButton } from '../../notice/deliver.js';
import type { EventActionName } from './eventLog.js';
import type { Row } from './setupRules.js';

export const EVENT_BUTTONS = {
  accept: 'event_received_accept',
  audit: 'event_processing_audit',
  approve: 'event_processing_approve',
  deptProcess: 'event_processing_dept_process',
} as const;

const PROCESS_STEPS: EventActionName[] = ['process', 'deptProcess', 'chiefProcess', 'discretion'];
const HANDING_STEPS: EventActionName[] = ['assign', 'aiPhotoAssign'];

/** The inbox page a message about the event opens: a public report is public sentiment, anything else a work order. */
export function orderTypeOf(event: Row): number {
  return Number(event.source) === 5 ? ORDER_TYPE.sentiment : ORDER_TYPE.workOrder;
}

const text = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value));
const ids = (...values: unknown[]): string[] => values.map(text).filter((id): id is string => id !== null);

/** Users who re-check or approve handled events over the event's department (the handler excluded by the caller). */
export async function reviewersOf(db: Queryable, tenantId: string, event: Row): Promise<string[]> {
  const dept = ids(event.createDept);
  const [auditors, approvers] = await Promise.all([
    usersHoldingButton(db, tenantId, EVENT_BUTTONS.audit, dept),
    usersHoldingButton(db, tenantId, EVENT_BUTTONS.approve, dept),
  ]);
  return [...new Set([...auditors, ...approvers])].filter((id) => id !== text(event.handlerId));
}

/** Users who may sign for the reported event: the sign-for button over its department. */
export function acceptorsOf(db: Queryable, tenantId: string, event: Row): Promise<string[]> {
  return usersHoldingButton(db, tenantId, EVENT_BUTTONS.accept, ids(event.createDept));
}

interface Notice {
  recipients: string[];
  title: string;
}

/** The recipients and title of the step's message, or none. */
async function noticeOf(db: Queryable, tenantId: string, action: EventActionName, event: Row): Promise<Notice | undefined> {
  const title = String(event.title ?? '');
  const status = Number(event.status);
  if (action === 'report') return { recipients: await acceptorsOf(db, tenantId, event), title: `新事件待签收：${title}` };
  if (action === 'accept') return { recipients: ids(event.reporterId), title: `您上报的事件已签收：${title}` };
  if (HANDING_STEPS.includes(action)) return { recipients: ids(event.handlerId), title: `事件已交由您处理：${title}` };
  if (PROCESS_STEPS.includes(action)) return { recipients: await reviewersOf(db, tenantId, event), title: `事件已处理，待复核：${title}` };
  if (status === 2) return { recipients: ids(event.handlerId), title: `事件复核未通过，请重新处理：${title}` };
  if (status === 4) return { recipients: ids(event.reporterId, event.handlerId), title: `事件已办结：${title}` };
  if (status === 5) return { recipients: ids(event.reporterId, event.handlerId), title: `事件已退回：${title}` };
  return undefined;
}

/**
 * Tells whoever must act next (or learn the outcome) of the step the caller just took on the event; the content is
 * the event number and the step's own opinion (a step without one does not repeat an earlier step's).
 */
export async function notifyEventStep(ctx: LocalContext, db: Queryable, action: EventActionName, event: Row, stepOpinion: unknown = null): Promise<void> {
  const notice = await noticeOf(db, ctx.caller.tenantId, action, event);
  if (!notice) return;
  const recipients = [...new Set(notice.recipients)].filter((id) => id !== ctx.caller.userId);
  if (recipients.length === 0) return;
  const content = [text(event.eventNo), text(stepOpinion)].filter(Boolean).join(' · ') || null;
  await deliver(db, ctx.caller.tenantId, ctx.caller.userId, recipients, {
    kind: 'business',
    title: notice.title,
    content,
    orderType: orderTypeOf(event),
    businessId: String(event.id),
  });
}
