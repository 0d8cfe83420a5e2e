/**
 * Notices (platform-core §2, §3 Notice, §4, §7 Notices and blade-desk/notice; the contract in
 * notices-contract): the inbox is one row per message per recipient, and every inbox endpoint needs
 * only a session and touches only the caller's own rows of the caller's tenant. Announcements are
 * delivered to every enabled user of the tenant when created; business messages are delivered in the
 * transaction of a plan's publication and of a record's audit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../src/server/db/ids.js';
import { buildEntityModel } from '../../src/server/engine/entityModel.js';
import { buildInsert, buildSelectById } from '../../src/server/engine/sqlBuilder.js';
import type { EntitySchema } from '../../src/shared/entitySchema.js';
import { startTestServer, type TestServer } from './testServer.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

const TENANT = '100001';
const OTHER_TENANT = '316979';
const INBOX = '/api/v1/inspect/notice';
const APP = '/api/v1/notice';
const DESK = '/api/blade-desk/notice';

let t: TestServer;
const token: Record<string, string> = {};
const userId: Record<string, string> = {};

async function call(path: string, who: string, body?: unknown, method?: string): Promise<{ status: number; body: Body }> {
  return t.api(path, { token: token[who], body, method: method ?? (body === undefined ? 'GET' : 'POST') });
}
const post = (path: string, who: string, body?: unknown) => call(path, who, body, 'POST');

/** A message written straight into the inbox of one user, as a delivery would. */
async function plant(who: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const [tenantId] = who.split('/');
  const row = { kind: 'business', title: '测试消息', content: '内容', order_type: 2, business_id: '123', read_status: 0, ...overrides };
  const id = nextId();
  await t.db.query(
    `INSERT INTO sys_notice_message (id, tenant_id, user_id, kind, title, content, order_type, business_id, read_status) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [id, tenantId, userId[who], row.kind, row.title, row.content, row.order_type, row.business_id, row.read_status],
  );
  return id;
}

const stored = async (id: string) =>
  (await t.db.query('SELECT read_status, read_time, is_deleted, pulled, version FROM sys_notice_message WHERE id = $1', [id])).rows[0];
const unreadInDb = async (who: string, kind?: string) =>
  (
    await t.db.query(
      `SELECT count(*)::int AS n FROM sys_notice_message WHERE tenant_id = $1 AND user_id = $2 AND read_status = 0 AND is_deleted = 0 AND ($3::text IS NULL OR kind = $3)`,
      [who.split('/')[0], userId[who], kind ?? null],
    )
  ).rows[0].n;
const countUnread = async (who: string, kind?: string) => (await call(`${INBOX}/countUnread${kind ? `?kind=${kind}` : ''}`, who)).body.data;
const inboxOf = async (who: string, query = '') => (await call(`${INBOX}/list?size=100${query}`, who)).body.data.records as Body[];

beforeAll(async () => {
  t = await startTestServer();
  for (const [tenantId, account] of [
    [TENANT, 'admin'],
    [TENANT, 'inspector'],
    [TENANT, 'farm_admin'],
    [TENANT, 'river_chief'],
    [OTHER_TENANT, 'admin'],
  ]) {
    const who = `${tenantId}/${account}`;
    token[who] = await t.signIn(tenantId, account);
    userId[who] = (await t.db.query('SELECT id::text AS id FROM blade_user WHERE tenant_id = $1 AND account = $2', [tenantId, account])).rows[0].id;
  }
});
afterAll(() => t?.close());

const ADMIN = `${TENANT}/admin`;
const INSPECTOR = `${TENANT}/inspector`;
const MANAGER = `${TENANT}/farm_admin`;
const CHIEF = `${TENANT}/river_chief`;
const STRANGER = `${OTHER_TENANT}/admin`;

describe('the demo inbox', () => {
  it('gives the admin and the inspector of 100001 unread messages of both kinds, so the bell shows a count', async () => {
    for (const who of [ADMIN, INSPECTOR]) {
      expect(await countUnread(who)).toBeGreaterThan(0);
      expect(await countUnread(who, 'business')).toBeGreaterThan(0);
      expect(await countUnread(who, 'announcement')).toBe(1);
      const records = await inboxOf(who);
      expect(records.some((r) => r.readStatus === 1)).toBe(true);
      expect(new Set(records.map((r) => r.kind))).toEqual(new Set(['business', 'announcement']));
    }
    const platformAdmin = await t.signIn('000000', 'admin');
    expect((await t.api(`${INBOX}/countUnread`, { token: platformAdmin })).body.data).toBeGreaterThan(0);
  });
});

describe('the console inbox (/api/v1/inspect/notice)', () => {
  it("list answers only the caller's own messages, newest first, in the page shape, filtered by readStatus, kind and orderType", async () => {
    const page = (await call(`${INBOX}/list?current=1&size=100`, ADMIN)).body.data;
    expect(page).toMatchObject({ current: 1, size: 100 });
    expect(page.total).toBe(page.records.length);
    expect(page.records.every((r: Body) => r.userId === userId[ADMIN] && r.tenantId === TENANT)).toBe(true);
    const times = page.records.map((r: Body) => r.createTime);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await inboxOf(ADMIN, '&readStatus=0')).every((r) => r.readStatus === 0)).toBe(true);
    expect((await inboxOf(ADMIN, '&kind=announcement')).every((r) => r.kind === 'announcement' && r.orderType === 9)).toBe(true);
    expect((await inboxOf(ADMIN, '&orderType=3')).every((r) => r.orderType === 3)).toBe(true);
    expect((await call(`${INBOX}/list?kind=nonsense`, ADMIN)).status).toBe(400);
    expect((await call(`${INBOX}/list?userId=${userId[INSPECTOR]}`, ADMIN)).status).toBe(400);
  });

  it('needs a session', async () => {
    expect((await t.api(`${INBOX}/list`)).status).toBe(401);
    expect((await t.api(`${INBOX}/countUnread`)).status).toBe(401);
  });

  it('detail/{id} answers the message and marks it read; countUnread follows', async () => {
    const id = await plant(ADMIN, { title: '待阅读' });
    const before = await countUnread(ADMIN);
    expect(before).toBe(await unreadInDb(ADMIN));
    const detail = await call(`${INBOX}/detail/${id}`, ADMIN);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ id, title: '待阅读', readStatus: 1, orderType: 2, businessId: '123' });
    expect(detail.body.data.readTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await stored(id)).read_status).toBe(1);
    expect(await countUnread(ADMIN)).toBe(before - 1);
  });

  it('another user and another tenant cannot open, read or remove the message: 404 or 0 changed, the row unchanged', async () => {
    const id = await plant(ADMIN, { title: '别人的消息' });
    const before = await stored(id);
    for (const who of [INSPECTOR, STRANGER]) {
      const detail = await call(`${INBOX}/detail/${id}`, who);
      expect(detail.status, who).toBe(404);
      expect(JSON.stringify(detail.body)).not.toContain('别人的消息');
      expect((await inboxOf(who)).some((r) => r.id === id)).toBe(false);
      expect((await post(`${INBOX}/read?ids=${id}`, who)).body.data).toBe(0);
      expect((await post(`${INBOX}/remove`, who, { ids: [id] })).body.data).toBe(0);
      expect((await post(`${APP}/read?ids=${id}`, who)).body.data).toBe(0);
      expect((await post(`${APP}/remove?ids=${id}`, who)).body.data).toBe(0);
      expect((await call(`${APP}/page?size=100`, who)).body.data.records.some((r: Body) => r.id === id)).toBe(false);
      expect((await call(`${APP}/pull?size=100`, who)).body.data.records.some((r: Body) => r.id === id)).toBe(false);
    }
    expect(await stored(id)).toEqual(before);
  });

  it("read?ids marks the caller's messages read: ids in the query, or in the body as an array or a comma list", async () => {
    const [a, b, c, d] = [await plant(ADMIN), await plant(ADMIN), await plant(ADMIN), await plant(ADMIN)];
    const foreign = await plant(INSPECTOR);
    expect((await post(`${INBOX}/read?ids=${a},${foreign}`, ADMIN)).body.data).toBe(1);
    expect((await post(`${INBOX}/read`, ADMIN, { ids: [b] })).body.data).toBe(1);
    expect((await post(`${INBOX}/read`, ADMIN, { ids: `${c},${d}` })).body.data).toBe(2);
    for (const id of [a, b, c, d]) expect((await stored(id)).read_status).toBe(1);
    expect((await stored(foreign)).read_status).toBe(0);
    expect((await post(`${INBOX}/read?ids=${a}`, ADMIN)).body.data).toBe(0);
    expect((await post(`${INBOX}/read`, ADMIN)).status).toBe(400);
    expect((await post(`${INBOX}/read?ids=1 or 1=1`, ADMIN)).status).toBe(400);
  });

  it('readAll?kind marks only that kind read; without kind every own unread message; countUnread follows', async () => {
    await plant(CHIEF);
    await plant(CHIEF, { kind: 'announcement', order_type: 9 });
    const inspectorUnread = await unreadInDb(INSPECTOR);
    const business = await countUnread(CHIEF, 'business');
    const announcements = await countUnread(CHIEF, 'announcement');
    expect(business).toBeGreaterThan(0);
    expect((await post(`${INBOX}/readAll?kind=business`, CHIEF)).body.data).toBe(business);
    expect(await countUnread(CHIEF, 'business')).toBe(0);
    expect(await countUnread(CHIEF, 'announcement')).toBe(announcements);
    expect((await post(`${INBOX}/readAll`, CHIEF)).body.data).toBe(announcements);
    expect(await countUnread(CHIEF)).toBe(0);
    expect(await unreadInDb(CHIEF)).toBe(0);
    expect(await unreadInDb(INSPECTOR)).toBe(inspectorUnread);
    expect((await post(`${INBOX}/readAll?kind=other`, CHIEF)).status).toBe(400);
  });

  it('remove?ids soft-deletes own messages and answers the number removed', async () => {
    const [a, b] = [await plant(ADMIN), await plant(ADMIN)];
    expect((await post(`${INBOX}/remove?ids=${a},${b}`, ADMIN)).body.data).toBe(2);
    expect((await stored(a)).is_deleted).toBe(1);
    expect((await call(`${INBOX}/detail/${a}`, ADMIN)).status).toBe(404);
    expect((await inboxOf(ADMIN)).some((r) => r.id === a || r.id === b)).toBe(false);
    expect((await post(`${INBOX}/remove?ids=${a}`, ADMIN)).body.data).toBe(0);
  });

  it('removeAll removes the read messages only (of a kind when given): unread ones are kept', async () => {
    const read = await plant(MANAGER, { read_status: 1 });
    const readAnnouncement = await plant(MANAGER, { read_status: 1, kind: 'announcement', order_type: 9 });
    const unread = await plant(MANAGER);
    const othersRead = await plant(INSPECTOR, { read_status: 1 });
    expect((await post(`${INBOX}/removeAll?kind=business`, MANAGER)).body.data).toBeGreaterThanOrEqual(1);
    expect((await stored(read)).is_deleted).toBe(1);
    expect((await stored(readAnnouncement)).is_deleted).toBe(0);
    expect((await post(`${INBOX}/removeAll`, MANAGER)).body.data).toBeGreaterThanOrEqual(1);
    expect((await stored(readAnnouncement)).is_deleted).toBe(1);
    expect((await stored(unread)).is_deleted).toBe(0);
    expect((await stored(othersRead)).is_deleted).toBe(0);
    expect((await inboxOf(MANAGER)).every((r) => r.readStatus === 0)).toBe(true);
  });
});

describe('the app inbox (/api/v1/notice)', () => {
  it('page lists own messages in the page shape, filtered by readStatus; read and remove take ids', async () => {
    const id = await plant(INSPECTOR, { title: 'App 消息' });
    const page = (await call(`${APP}/page?readStatus=0&size=100&current=1`, INSPECTOR)).body.data;
    expect(page).toMatchObject({ current: 1, size: 100 });
    expect(page.records.every((r: Body) => r.readStatus === 0 && r.userId === userId[INSPECTOR])).toBe(true);
    expect(page.records.map((r: Body) => r.id)).toContain(id);
    expect((await post(`${APP}/read?ids=${id}`, INSPECTOR)).body.data).toBe(1);
    expect((await stored(id)).read_status).toBe(1);
    expect((await post(`${APP}/remove`, INSPECTOR, { ids: [id] })).body.data).toBe(1);
    expect((await stored(id)).is_deleted).toBe(1);
  });

  it('pull answers own messages not pulled yet, newest first, marks them pulled and answers each only once', async () => {
    const first = await call(`${APP}/pull?size=100`, ADMIN);
    expect(first.status).toBe(200);
    const ids = first.body.data.records.map((r: Body) => r.id);
    expect(ids.length).toBeGreaterThan(0);
    const times = first.body.data.records.map((r: Body) => r.createTime);
    expect([...times].sort().reverse()).toEqual(times);
    for (const id of ids) expect((await stored(id)).pulled).toBe(1);
    expect((await call(`${APP}/pull?size=100`, ADMIN)).body.data.records).toEqual([]);
    const fresh = [await plant(ADMIN), await plant(ADMIN), await plant(ADMIN)];
    const pulls = await Promise.all([1, 2, 3].map(() => call(`${APP}/pull?size=2`, ADMIN)));
    const answered = pulls.flatMap((p) => p.body.data.records.map((r: Body) => r.id));
    expect(answered.sort()).toEqual([...fresh].sort());
    expect((await call(`${APP}/pull?size=0`, ADMIN)).status).toBe(400);
  });
});

describe('announcements (/api/blade-desk/notice)', () => {
  const enabledUsers = async (tenantId: string) =>
    (await t.db.query('SELECT id::text AS id FROM blade_user WHERE tenant_id = $1 AND is_deleted = 0 AND status = 1 ORDER BY id', [tenantId])).rows.map(
      (r) => r.id,
    );
  const messagesOf = async (noticeId: string) =>
    (
      await t.db.query(
        `SELECT tenant_id, user_id::text AS user_id, kind, order_type, title, read_status FROM sys_notice_message WHERE business_id = $1 AND is_deleted = 0 ORDER BY user_id`,
        [noticeId],
      )
    ).rows;

  it('creating one delivers it in the same transaction to every enabled user of the tenant, and nobody else', async () => {
    const disabled = (
      await t.db.query(`UPDATE blade_user SET status = 0 WHERE tenant_id = $1 AND account = 'subject_admin' RETURNING id::text AS id`, [TENANT])
    ).rows[0].id;
    try {
      const saved = await post(`${DESK}/submit`, MANAGER, { title: '防汛值班安排', category: 1, content: '五一期间值班表见附件。' });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const notice = saved.body.data;
      expect(notice.releaseTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const messages = await messagesOf(notice.id);
      const recipients = await enabledUsers(TENANT);
      expect(messages.map((m) => m.user_id)).toEqual(recipients);
      expect(recipients).not.toContain(disabled);
      expect(
        messages.every((m) => m.tenant_id === TENANT && m.kind === 'announcement' && m.order_type === 9 && m.title === '防汛值班安排' && m.read_status === 0),
      ).toBe(true);
      expect((await inboxOf(STRANGER, '&kind=announcement')).some((r) => r.businessId === notice.id)).toBe(false);
    } finally {
      await t.db.query('UPDATE blade_user SET status = 1 WHERE id = $1', [disabled]);
    }
  });

  it('is refused without desk_notice_add (403) and writes nothing', async () => {
    const count = async () =>
      (await t.db.query('SELECT (SELECT count(*) FROM desk_notice)::int + (SELECT count(*) FROM sys_notice_message)::int AS n')).rows[0].n;
    const before = await count();
    const refused = await post(`${DESK}/submit`, INSPECTOR, { title: '越权通知', category: 1, content: '不应发出' });
    expect(refused.status).toBe(403);
    expect(await count()).toBe(before);
  });

  it('names the missing required fields with their messages and stores nothing', async () => {
    const before = (await t.db.query('SELECT count(*)::int AS n FROM desk_notice')).rows[0].n;
    const refused = await post(`${DESK}/submit`, MANAGER, {});
    expect(refused.status).toBe(400);
    const errors = Object.fromEntries(refused.body.data.errors.map((e: Body) => [e.field, e.message]));
    expect(errors).toMatchObject({ title: '请输入通知标题', content: '请输入通知内容' });
    expect(errors.category).toBeDefined();
    expect((await post(`${DESK}/submit`, MANAGER, { title: 'x'.repeat(101), category: 1, content: '正文' })).status).toBe(400);
    expect((await post(`${DESK}/submit`, MANAGER, { title: '类型不对', category: 8, content: '正文' })).status).toBe(400);
    expect((await t.db.query('SELECT count(*)::int AS n FROM desk_notice')).rows[0].n).toBe(before);
  });

  it('the detail of an announcement message carries the announcement, read live; editing does not deliver again', async () => {
    const notice = (await post(`${DESK}/submit`, MANAGER, { title: '水库安全检查通知', category: 4, content: '初稿', releaseTime: '2027-06-01 09:00:00' })).body
      .data;
    const message = (await inboxOf(INSPECTOR, '&kind=announcement')).find((r) => r.businessId === notice.id);
    expect(message).toBeDefined();
    const edited = await post(`${DESK}/submit`, MANAGER, { id: notice.id, content: '修订稿：请于六月十日前完成自查。' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await messagesOf(notice.id)).length).toBe((await enabledUsers(TENANT)).length);
    const detail = (await call(`${INBOX}/detail/${message.id}`, INSPECTOR)).body.data;
    expect(detail).toMatchObject({ kind: 'announcement', readStatus: 1 });
    expect(detail.announcement).toEqual({
      id: notice.id,
      title: '水库安全检查通知',
      category: 4,
      releaseTime: '2027-06-01 09:00:00',
      content: '修订稿：请于六月十日前完成自查。',
    });
    expect((await call(`${DESK}/list?title=${encodeURIComponent('安全检查')}`, MANAGER)).body.data.records.map((r: Body) => r.id)).toContain(notice.id);
    expect((await call(`${DESK}/detail?id=${notice.id}`, MANAGER)).body.data.content).toContain('修订稿');
  });

  it('a message whose announcement is gone carries announcement null', async () => {
    const notice = (await post(`${DESK}/submit`, MANAGER, { title: '临时通知', category: 9, content: '稍后撤回' })).body.data;
    const message = (await inboxOf(CHIEF, '&kind=announcement')).find((r) => r.businessId === notice.id);
    await t.db.query('UPDATE desk_notice SET is_deleted = 1 WHERE id = $1', [notice.id]);
    expect((await call(`${INBOX}/detail/${message.id}`, CHIEF)).body.data.announcement).toBeNull();
  });

  it('removing an announcement removes its inbox messages (needs desk_notice_delete)', async () => {
    const notice = (await post(`${DESK}/submit`, MANAGER, { title: '将被删除的通知', category: 2, content: '正文' })).body.data;
    expect((await messagesOf(notice.id)).length).toBeGreaterThan(0);
    expect((await post(`${DESK}/remove?ids=${notice.id}`, INSPECTOR)).status).toBe(403);
    expect((await messagesOf(notice.id)).length).toBeGreaterThan(0);
    expect((await post(`${DESK}/remove?ids=${notice.id}`, MANAGER)).status).toBe(200);
    expect(await messagesOf(notice.id)).toEqual([]);
    expect((await inboxOf(INSPECTOR)).some((r) => r.businessId === notice.id)).toBe(false);
  });
});

describe('business messages', () => {
  it('publishing an inspection plan tells each of its inspectors, and nobody else', async () => {
    const reservoirs = (
      await t.db.query(`SELECT id::text AS id FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY code LIMIT 2`, [TENANT])
    ).rows.map((r) => r.id);
    const group = (await call(`/api/v1/inspect/itemGroup/list?name=${encodeURIComponent('日常巡查')}`, ADMIN)).body.data.records[0].id;
    const plan = await post('/api/v1/inspect/plan/save', ADMIN, {
      name: '通知测试计划',
      itemGroupId: group,
      reservoirIds: reservoirs,
      frequency: 1,
      inspectorIds: [userId[INSPECTOR], userId[CHIEF]],
      startDate: '2027-05-15',
      endDate: '2027-09-30',
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    const id = plan.body.data.id;
    const about = (who: string) => inboxOf(who, '&orderType=3').then((records) => records.filter((r) => r.businessId === id));
    expect(await about(INSPECTOR)).toEqual([]);
    expect((await post('/api/v1/inspect/plan/publish', ADMIN, { id })).status).toBe(200);
    for (const who of [INSPECTOR, CHIEF]) {
      const [message, ...rest] = await about(who);
      expect(rest).toEqual([]);
      expect(message).toMatchObject({ kind: 'business', title: '巡查计划「通知测试计划」已发布', readStatus: 0, orderType: 3 });
    }
    expect(await about(ADMIN)).toEqual([]);
    expect(await about(MANAGER)).toEqual([]);
  });

  it('auditing an inspection record (single) tells its inspector the result and the opinion', async () => {
    const record = (
      await t.db.query(
        `SELECT id::text AS id, COALESCE(inspector_id, create_user)::text AS who FROM inspect_record WHERE tenant_id = $1 AND audit_status = 0 AND is_deleted = 0 LIMIT 1`,
        [TENANT],
      )
    ).rows[0];
    expect(record).toBeDefined();
    const recipient = Object.keys(userId).find((who) => userId[who] === record.who)!;
    const since = nextId();
    expect((await post('/api/v1/inspect/record/auditRecord', ADMIN, { id: record.id, auditStatus: 2, auditOpinion: '照片不清晰' })).status).toBe(200);
    const messages = (
      await t.db.query(`SELECT user_id::text AS user_id, title, content, order_type FROM sys_notice_message WHERE business_id = $1 AND id > $2`, [
        record.id,
        since,
      ])
    ).rows;
    expect(messages).toEqual([{ user_id: record.who, title: '巡查记录被驳回', content: '照片不清晰', order_type: 4 }]);
    if (recipient) expect((await inboxOf(recipient, '&orderType=4')).some((r) => r.businessId === record.id)).toBe(true);
  });

  for (const [kind, label, orderType] of [
    ['maintain', '维养记录', 5],
    ['clean', '保洁记录', 6],
  ] as const) {
    it(`auditing ${kind} records (single and batch) tells the worker: ${label}已通过审核 / ${label}被驳回`, async () => {
      const reservoirId = (await t.db.query(`SELECT id::text AS id FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY code LIMIT 1`, [TENANT]))
        .rows[0].id;
      const extra = kind === 'clean' ? { area: 100 } : {};
      const save = async () => {
        const saved = await post(`/api/v1/${kind}/record/save`, ADMIN, {
          reservoirId,
          workerId: userId[INSPECTOR],
          startTime: '2027-04-10 08:00:00',
          content: '坝坡除草',
          ...extra,
        });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        return saved.body.data.id as string;
      };
      const single = await save();
      const batch = [await save(), await save()];
      const about = async (id: string) => (await inboxOf(INSPECTOR, `&orderType=${orderType}`)).filter((r) => r.businessId === id);
      expect(await about(single)).toEqual([]);
      expect((await post(`/api/v1/${kind}/record/auditRecord`, ADMIN, { id: single, auditStatus: 2, auditOpinion: '缺少照片' })).status).toBe(200);
      expect(await about(single)).toMatchObject([{ title: `${label}被驳回`, content: '缺少照片', orderType }]);
      expect((await post(`/api/v1/${kind}/record/auditRecordBatch?ids=${batch.join(',')}`, ADMIN, { auditStatus: 1, auditOpinion: '合格' })).status).toBe(200);
      for (const id of batch) expect(await about(id)).toMatchObject([{ title: `${label}已通过审核`, content: '合格' }]);
      expect((await inboxOf(ADMIN)).some((r) => [single, ...batch].includes(r.businessId))).toBe(false);
    });
  }

  it('a refused audit (already audited) delivers nothing', async () => {
    const reservoirId = (await t.db.query(`SELECT id::text AS id FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY code LIMIT 1`, [TENANT]))
      .rows[0].id;
    const id = (
      await post('/api/v1/maintain/record/save', ADMIN, { reservoirId, workerId: userId[INSPECTOR], startTime: '2027-04-10 08:00:00', content: '闸门保养' })
    ).body.data.id;
    await post('/api/v1/maintain/record/auditRecord', ADMIN, { id, auditStatus: 1 });
    expect((await post('/api/v1/maintain/record/auditRecord', ADMIN, { id, auditStatus: 2 })).status).toBe(400);
    const messages = (await t.db.query('SELECT count(*)::int AS n FROM sys_notice_message WHERE business_id = $1', [id])).rows[0].n;
    expect(messages).toBe(1);
  });
});

describe('x-owner in the engine (what the inbox relies on)', () => {
  const inbox = (owner: Record<string, unknown> | undefined, extra: Partial<EntitySchema> = {}): EntitySchema => ({
    $id: 'test/inbox',
    title: '收件箱',
    'x-title-en': 'Inbox',
    type: 'object',
    'x-table': 'test_inbox',
    ...(owner ? { 'x-owner': 'userId' } : {}),
    'x-api': { mark: { op: 'action', route: 'POST /api/test/inbox/mark', anyUser: true } },
    properties: {
      userId: { type: 'string', 'x-id': true, readOnly: true, title: '接收人', 'x-en': 'Recipient', ...owner },
      title: { type: 'string', maxLength: 20, title: '标题', 'x-en': 'Title' },
    },
    ...extra,
  });

  it('lets a POST action be open to any signed-in user only on a register of owned rows', () => {
    expect(buildEntityModel(inbox({})).owner?.column).toBe('user_id');
    expect(() => buildEntityModel(inbox(undefined))).toThrow(/POST action needs "button"/);
  });

  it('limits every query to the owner and stamps inserts with the signed-in user, whatever the data says', () => {
    const model = buildEntityModel(inbox({}));
    const select = buildSelectById(model, { tenantId: TENANT, ownerId: '42' }, '7');
    expect(select.text).toContain('"user_id" = $');
    expect(select.values).toEqual(expect.arrayContaining([TENANT, '42', '7']));
    // A scope that names no owner (a tenant-wide rule) matches no owned row rather than all of them.
    expect(buildSelectById(model, { tenantId: TENANT }, '7').values).toContain(null);
    const insert = buildInsert(model, { tenantId: TENANT, userId: '42', deptId: null }, '7', { title: 'x', userId: '99' });
    expect(insert.values).toContain('42');
    expect(insert.values).not.toContain('99');
  });

  it('refuses an owner field that is not a readOnly id, or unknown, or on a platform-wide register', () => {
    expect(() => buildEntityModel(inbox({ readOnly: false }))).toThrow(/x-owner/);
    expect(() => buildEntityModel(inbox({ 'x-id': false, maxLength: 20 }))).toThrow(/x-owner/);
    expect(() => buildEntityModel(inbox({}, { 'x-owner': 'nobody' }))).toThrow(/unknown field "nobody"/);
    expect(() => buildEntityModel(inbox({}, { 'x-scope': 'platform' }))).toThrow(/platform-wide/);
  });
});
