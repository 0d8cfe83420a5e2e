/**
 * Delivering inbox messages (notice/message): every function runs in the
 * caller's transaction, so a message exists exactly when its event does.
 * Recipients are always enabled users of the event's tenant; the rows are
 * written in one INSERT … SELECT over the recipients.
 */
import { nextId } from '../db/ids.js';
import type { Queryable } from '../db/pool.js';
import { entityModel } from '../engine/entityRegistry.js';
import { quoteIdent } from '../engine/naming.js';

/** notice_order_type: what a message is about (and so which page it opens, src/shared/noticeTarget.ts). */
export const ORDER_TYPE = {
  sentiment: 1,
  workOrder: 2,
  inspectPlan: 3,
  inspectRecord: 4,
  maintainRecord: 5,
  cleanRecord: 6,
  announcement: 9,
  monitorWarning: 10,
  workflowTask: 11,
} as const;

export interface Message {
  kind: 'business' | 'announcement';
  title: string;
  content: string | null;
  orderType: number;
  businessId: string;
}

const messageTable = () => quoteIdent(entityModel('notice/message').table);

const clip = (text: string | null, max: number) => (text === null ? null : text.slice(0, max));

/**
 * Writes one message to each of the users (ids of the tenant; deleted, disabled or unknown ones are
 * skipped); the creator is `senderId` (the user whose action caused it). Answers the rows written.
 */
export async function deliver(db: Queryable, tenantId: string, senderId: string | null, userIds: string[], message: Message): Promise<number> {
  const recipients = await db.query<{ id: string }>(
    'SELECT DISTINCT id::text AS id FROM blade_user WHERE tenant_id = $1 AND is_deleted = 0 AND status = 1 AND id = ANY($2::bigint[])',
    [tenantId, userIds.filter((id) => /^[1-9][0-9]{0,18}$/.test(id))],
  );
  return insertMessages(
    db,
    tenantId,
    senderId,
    recipients.rows.map((row) => row.id),
    message,
  );
}

/** Writes one message to every enabled user of the tenant (an announcement). */
export async function deliverToTenant(db: Queryable, tenantId: string, senderId: string | null, message: Message): Promise<number> {
  const recipients = await db.query<{ id: string }>('SELECT id::text AS id FROM blade_user WHERE tenant_id = $1 AND is_deleted = 0 AND status = 1', [tenantId]);
  return insertMessages(
    db,
    tenantId,
    senderId,
    recipients.rows.map((row) => row.id),
    message,
  );
}

async function insertMessages(db: Queryable, tenantId: string, senderId: string | null, userIds: string[], message: Message): Promise<number> {
  if (userIds.length === 0) return 0;
  const ids = userIds.map(() => nextId());
  const result = await db.query(
    `INSERT INTO ${messageTable()} (id, tenant_id, user_id, kind, title, content, order_type, business_id, read_status, pulled, create_user, update_user)
     SELECT m.id, $3, m.user_id, $4, $5, $6, $7, $8, 0, 0, $9, $9 FROM unnest($1::bigint[], $2::bigint[]) AS m(id, user_id)`,
    [ids, userIds, tenantId, message.kind, clip(message.title, 200), clip(message.content, 5000), message.orderType, message.businessId, senderId],
  );
  return result.rowCount ?? 0;
}

/** An announcement was created: every enabled user of its tenant gets it. */
export function deliverAnnouncement(db: Queryable, tenantId: string, senderId: string | null, announcement: { id: string; title: string }): Promise<number> {
  return deliverToTenant(db, tenantId, senderId, {
    kind: 'announcement',
    title: announcement.title,
    content: null,
    orderType: ORDER_TYPE.announcement,
    businessId: announcement.id,
  });
}

/** Announcements were removed: so are their inbox messages, for every recipient. */
export async function removeAnnouncementMessages(db: Queryable, tenantId: string, userId: string, announcementIds: string[]): Promise<number> {
  const result = await db.query(
    `UPDATE ${messageTable()} SET is_deleted = 1, update_user = $4, update_time = LOCALTIMESTAMP(0)
      WHERE tenant_id = $1 AND kind = 'announcement' AND business_id = ANY($2::text[]) AND is_deleted = 0 AND order_type = $3`,
    [tenantId, announcementIds, ORDER_TYPE.announcement, userId],
  );
  return result.rowCount ?? 0;
}

/** Inspection plans were published: each inspector of each plan is told. */
export async function deliverPlansPublished(db: Queryable, tenantId: string, senderId: string, planIds: string[]): Promise<void> {
  const plans = await db.query<{ id: string; name: string; start_date: string | null; end_date: string | null; inspector_ids: string[] | null }>(
    `SELECT id::text AS id, name, to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date, inspector_ids
       FROM ${quoteIdent(entityModel('inspect/plan').table)} WHERE tenant_id = $1 AND id = ANY($2::bigint[]) AND is_deleted = 0`,
    [tenantId, planIds],
  );
  for (const plan of plans.rows) {
    const period = plan.start_date && plan.end_date ? `巡查周期：${plan.start_date} 至 ${plan.end_date}` : null;
    await deliver(db, tenantId, senderId, (plan.inspector_ids ?? []).map(String), {
      kind: 'business',
      title: `巡查计划「${plan.name}」已发布`,
      content: period,
      orderType: ORDER_TYPE.inspectPlan,
      businessId: plan.id,
    });
  }
}

export type RecordKind = 'inspect' | 'maintain' | 'clean';

const RECORDS: Record<RecordKind, { schemaId: string; person: string; label: string; orderType: number }> = {
  inspect: { schemaId: 'inspect/record', person: 'inspector_id', label: '巡查记录', orderType: ORDER_TYPE.inspectRecord },
  maintain: { schemaId: 'maintain/record', person: 'worker_id', label: '维养记录', orderType: ORDER_TYPE.maintainRecord },
  clean: { schemaId: 'clean/record', person: 'worker_id', label: '保洁记录', orderType: ORDER_TYPE.cleanRecord },
};

/**
 * Records were audited: the record's inspector (maintenance and cleaning: the worker; when none is set,
 * the user who made the record) learns the result, with the audit opinion as the content.
 */
export async function deliverRecordsAudited(db: Queryable, kind: RecordKind, tenantId: string, senderId: string, recordIds: string[]): Promise<void> {
  const record = RECORDS[kind];
  const found = await db.query<{ id: string; user_id: string | null; audit_status: number; audit_opinion: string | null }>(
    `SELECT id::text AS id, COALESCE(${record.person}, create_user)::text AS user_id, audit_status, audit_opinion
       FROM ${quoteIdent(entityModel(record.schemaId).table)} WHERE tenant_id = $1 AND id = ANY($2::bigint[]) AND is_deleted = 0`,
    [tenantId, recordIds],
  );
  for (const row of found.rows) {
    if (!row.user_id) continue;
    const title = row.audit_status === 1 ? `${record.label}已通过审核` : `${record.label}被驳回`;
    await deliver(db, tenantId, senderId, [row.user_id], {
      kind: 'business',
      title,
      content: row.audit_opinion,
      orderType: record.orderType,
      businessId: row.id,
    });
  }
}

/**
 * The enabled users of the tenant whose current roles hold the button (category 2 menu) and who belong to one of the
 * departments or one above it: those who oversee a row of that department ("users holding X who can see department D").
 * Without departments, every holder in the tenant.
 */
export async function usersHoldingButton(db: Queryable, tenantId: string, buttonCode: string, deptIds: string[] = []): Promise<string[]> {
  const result = await db.query<{ id: string }>(
    `WITH overseeing AS (
       SELECT d.id FROM blade_dept d WHERE d.tenant_id = $1 AND d.is_deleted = 0 AND d.id = ANY($3::bigint[])
       UNION
       SELECT a.id::bigint FROM blade_dept d, unnest(string_to_array(d.ancestors, ',')) AS a(id)
        WHERE d.tenant_id = $1 AND d.is_deleted = 0 AND d.id = ANY($3::bigint[]) AND a.id ~ '^[0-9]+$'
     )
     SELECT DISTINCT u.id::text AS id FROM blade_user u
       JOIN blade_role r ON r.tenant_id = u.tenant_id AND r.is_deleted = 0 AND r.id::text = ANY(string_to_array(u.role_id, ','))
       JOIN blade_role_menu rm ON rm.tenant_id = u.tenant_id AND rm.is_deleted = 0 AND rm.role_id = r.id
       JOIN blade_menu m ON m.id = rm.menu_id AND m.is_deleted = 0 AND m.category = 2 AND m.code = $2
      WHERE u.tenant_id = $1 AND u.is_deleted = 0 AND u.status = 1
        AND (cardinality($3::bigint[]) = 0 OR EXISTS (
              SELECT 1 FROM unnest(string_to_array(u.dept_id, ',')) AS ud(id) WHERE ud.id ~ '^[0-9]+$' AND ud.id::bigint IN (SELECT id FROM overseeing)))`,
    [tenantId, buttonCode, deptIds.filter((id) => /^[1-9][0-9]{0,18}$/.test(id))],
  );
  return result.rows.map((row) => row.id);
}
