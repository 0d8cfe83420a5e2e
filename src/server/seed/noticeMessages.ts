/**
 * Demo inbox: for the admin and inspector of tenants 100001 and 000000 a few
 * messages of both kinds, some read and some unread, and one announcement
 * delivered as creating it through blade-desk/notice would (to every enabled
 * user of the tenant), so that the bell shows a count. Idempotent: a tenant
 * whose demo announcement exists is left alone.
 */
import { nextId } from '../db/ids.js';
import type { DbClient } from '../db/pool.js';
import { entityModel } from '../engine/entityRegistry.js';
import { quoteIdent } from '../engine/naming.js';
import { deliver, deliverAnnouncement, ORDER_TYPE, type Message } from '../notice/deliver.js';

const TENANTS = ['100001', '000000'];
const ANNOUNCEMENT = {
  title: '关于做好汛期水库安全巡查工作的通知',
  content:
    '各水库管理单位：\n入汛以来降雨偏多，请严格落实水库安全管理责任制，汛期每日巡查不少于一次，强降雨期间加密巡查；' +
    '发现坝体渗漏、裂缝、滑坡等险情立即上报并采取应急措施。巡查记录须当日在系统中提交，管理单位按时审核。',
};

/** The first live row of a register in the tenant matching a fixed condition (plain SQL written here, no input). */
async function firstRow(
  db: DbClient,
  schemaId: string,
  tenantId: string,
  columns: string,
  condition: string,
): Promise<Record<string, string | null> | undefined> {
  const table = quoteIdent(entityModel(schemaId).table);
  const found = await db.query(`SELECT id::text AS id, ${columns} FROM ${table} WHERE tenant_id = $1 AND is_deleted = 0 AND ${condition} ORDER BY id LIMIT 1`, [
    tenantId,
  ]);
  return found.rows[0];
}

/** The business messages of the demo: about real plans and records of the tenant where there are some. */
async function businessMessages(db: DbClient, tenantId: string): Promise<Message[]> {
  const plan = await firstRow(db, 'inspect/plan', tenantId, 'name', 'plan_status = 2');
  const record = await firstRow(db, 'inspect/record', tenantId, 'audit_opinion', 'audit_status = 2');
  const maintain = await firstRow(db, 'maintain/record', tenantId, 'audit_opinion', 'audit_status = 1');
  const messages: Message[] = [];
  if (plan)
    messages.push({
      kind: 'business',
      title: `巡查计划「${plan.name}」已发布`,
      content: '请按计划频次开展巡查并及时提交巡查记录。',
      orderType: ORDER_TYPE.inspectPlan,
      businessId: plan.id!,
    });
  if (record)
    messages.push({
      kind: 'business',
      title: '巡查记录被驳回',
      content: record.audit_opinion ?? '缺少溢洪道照片，请补充后重新提交。',
      orderType: ORDER_TYPE.inspectRecord,
      businessId: record.id!,
    });
  if (maintain)
    messages.push({
      kind: 'business',
      title: '维养记录已通过审核',
      content: maintain.audit_opinion ?? '合格',
      orderType: ORDER_TYPE.maintainRecord,
      businessId: maintain.id!,
    });
  messages.push({
    kind: 'business',
    title: '工单待处理：大坝背水坡出现渗水点',
    content: '请于 3 日内到现场核查并反馈处理结果。',
    orderType: ORDER_TYPE.workOrder,
    businessId: nextId(),
  });
  messages.push({
    kind: 'business',
    title: '舆情工单：群众反映水库下游河道有垃圾',
    content: '请核实情况并安排保洁。',
    orderType: ORDER_TYPE.sentiment,
    businessId: nextId(),
  });
  return messages;
}

export async function seedNoticeMessages(db: DbClient): Promise<void> {
  const notices = quoteIdent(entityModel('desk/notice').table);
  const messages = quoteIdent(entityModel('notice/message').table);
  for (const tenantId of TENANTS) {
    const done = await db.query(`SELECT 1 FROM ${notices} WHERE tenant_id = $1 AND title = $2`, [tenantId, ANNOUNCEMENT.title]);
    if (done.rowCount) continue;
    const users = await db.query<{ id: string; account: string }>(
      `SELECT id::text AS id, account FROM blade_user WHERE tenant_id = $1 AND is_deleted = 0 AND account = ANY($2)`,
      [tenantId, ['admin', 'inspector']],
    );
    const admin = users.rows.find((u) => u.account === 'admin');
    if (!admin) continue;
    const noticeId = nextId();
    await db.query(
      `INSERT INTO ${notices} (id, tenant_id, title, category, release_time, content, create_user, update_user) VALUES ($1, $2, $3, 1, LOCALTIMESTAMP(0) - interval '1 day', $4, $5, $5)`,
      [noticeId, tenantId, ANNOUNCEMENT.title, ANNOUNCEMENT.content, admin.id],
    );
    await deliverAnnouncement(db, tenantId, admin.id, { id: noticeId, title: ANNOUNCEMENT.title });
    const business = await businessMessages(db, tenantId);
    for (const user of users.rows) {
      for (const message of business) await deliver(db, tenantId, admin.id, [user.id], message);
    }
    // The two newest business messages and the announcement unread, the older ones read; spread over the last days so they sort as a history.
    await db.query(
      `WITH ranked AS (SELECT id, row_number() OVER (PARTITION BY user_id ORDER BY id) AS n FROM ${messages} WHERE tenant_id = $1 AND kind = 'business' AND is_deleted = 0)
       UPDATE ${messages} m SET create_time = LOCALTIMESTAMP(0) - (r.n || ' hours')::interval,
              read_status = CASE WHEN r.n >= 3 THEN 1 ELSE 0 END, read_time = CASE WHEN r.n >= 3 THEN LOCALTIMESTAMP(0) - interval '30 minutes' END
         FROM ranked r WHERE m.id = r.id`,
      [tenantId],
    );
  }
}
