/**
 * The console page an inbox message opens (platform-core §2: type 1 opens
 * /province/detail?id={businessId}, otherwise /order/info/detail?id={businessId};
 * the inspection, maintenance and cleaning types open their records, an
 * announcement opens 我的通知 on that message, a workflow task opens the
 * task's process detail page). Pure: used by the console's message pages and
 * bell, and by the server's tests.
 */
import { encodeWorkflowParams } from './workflowParams.js';

/** notice_order_type → the page, given the message's businessId. */
const TARGETS: Record<number, string> = {
  1: '/province/detail',
  2: '/order/info/detail',
  3: '/inspect-plan/detail',
  4: '/inspect/inspectRecord/detail',
  5: '/maintain/record/detail',
  6: '/clean/cleanRecord/detail',
  10: '/monitor/warning-log',
};

export const ANNOUNCEMENT_ORDER_TYPE = 9;
/** A workflow task to act on (businessId = the task id): its detail page finds the instance from the task. */
export const WORKFLOW_TASK_ORDER_TYPE = 11;
const DEFAULT_TARGET = '/order/info/detail';

/** The path (with ?id=) a message opens: orderType decides the page, businessId (announcements: the message id) the record. */
export function noticeTarget(
  orderType: number | string | null | undefined,
  businessId: string | number | null | undefined,
  messageId?: string | number | null,
): string {
  const type = Number(orderType);
  if (type === ANNOUNCEMENT_ORDER_TYPE) return `/system/notification?id=${encodeURIComponent(String(messageId ?? ''))}`;
  if (type === WORKFLOW_TASK_ORDER_TYPE) return `/workflow/process/detail/${encodeWorkflowParams({ taskId: String(businessId ?? '') })}`;
  const path = TARGETS[type] ?? DEFAULT_TARGET;
  return `${path}?id=${encodeURIComponent(String(businessId ?? ''))}`;
}
