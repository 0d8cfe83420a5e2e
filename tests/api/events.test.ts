/**
 * Events (隐患/问题, contract §B): reported, signed for, assigned, handled,
 * re-checked and closed through the HTTP API by the demo role accounts of
 * 安溪县水利局 (all in one department). Every step writes one event-log row
 * and tells whoever must act next, in the step's transaction; every refused
 * step changes nothing — not the state, the version, the log or the inbox.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testServer.js';

const TENANT = '100001';
const OTHER_TENANT = '316979';
const V1 = '/api/v1/inspect/event';
const V2 = '/api/v2/inspect/event';

const TO_SIGN = 1;
const IN_HAND = 2;
const TO_RECHECK = 3;
const DONE = 4;
const SENT_BACK = 5;
const WITHDRAWN = 6;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
type Role = 'admin' | 'farm_admin' | 'subject_admin' | 'river_chief' | 'inspector';

let t: TestServer;
const token = {} as Record<Role, string>;
const userId = {} as Record<Role, string>;
let reservoirId: string;
let cameraId: string;

async function call(path: string, as: Role | string, body?: unknown): Promise<{ status: number; body: Body }> {
  const bearer = as in token ? token[as as Role] : as;
  return t.api(path, { token: bearer, body, method: body === undefined ? 'GET' : 'POST' });
}

async function report(as: Role, overrides: Record<string, unknown> = {}): Promise<Body> {
  const saved = await call(`${V2}/save`, as, {
    title: '坝顶裂缝',
    reservoirId,
    eventType: 1,
    level: 1,
    damPart: 1,
    photos: ['/photos/before-1.jpg'],
    ...overrides,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.data;
}

async function move(step: string, as: Role, body: Record<string, unknown>): Promise<{ status: number; body: Body }> {
  return call(`${V2}/${step}`, as, body);
}

async function moveOk(step: string, as: Role, body: Record<string, unknown>): Promise<void> {
  const moved = await move(step, as, body);
  expect(moved.status, `${step} by ${as}: ${JSON.stringify(moved.body)}`).toBe(200);
}

async function detail(id: string, as: Role = 'admin'): Promise<Body> {
  const answer = await call(`${V2}/detail/${id}`, as);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

/** What a refused step must leave as it was. */
async function snapshot(id: string): Promise<{ status: number; version: number; logs: number; messages: number }> {
  const row = (await t.db.query('SELECT status, version FROM inspect_event WHERE id = $1', [id])).rows[0];
  const logs = (await t.db.query('SELECT count(*)::int AS n FROM inspect_event_log WHERE event_id = $1 AND is_deleted = 0', [id])).rows[0].n;
  const messages = (await t.db.query('SELECT count(*)::int AS n FROM sys_notice_message WHERE business_id = $1 AND is_deleted = 0', [id])).rows[0].n;
  return { status: row.status, version: row.version, logs, messages };
}

interface Sent {
  to: Role | string;
  title: string;
  content: string | null;
  orderType: number;
}

/** The inbox messages about the event, in order, with their recipients by role. */
async function messagesOf(id: string): Promise<Sent[]> {
  const rows = (
    await t.db.query(
      'SELECT user_id::text AS "userId", title, content, order_type AS "orderType" FROM sys_notice_message WHERE business_id = $1 AND is_deleted = 0 ORDER BY id',
      [id],
    )
  ).rows;
  const roleOf = (uid: string) => (Object.entries(userId).find(([, value]) => value === uid)?.[0] as Role | undefined) ?? uid;
  return rows.map((row) => ({ to: roleOf(row.userId), title: row.title, content: row.content, orderType: row.orderType }));
}

const recipients = (sent: Sent[], titleStart: string) =>
  sent
    .filter((m) => m.title.startsWith(titleStart))
    .map((m) => m.to)
    .sort();

/** A refused step: the status code, a message, and nothing changed. */
async function expectRefused(id: string, step: string, as: Role, body: Record<string, unknown>, status: number, message?: RegExp): Promise<Body> {
  const before = await snapshot(id);
  const refused = await move(step, as, { id, ...body });
  expect(refused.status, JSON.stringify(refused.body)).toBe(status);
  expect(refused.body.msg).toBeTruthy();
  if (message) expect(refused.body.msg).toMatch(message);
  expect(await snapshot(id)).toEqual(before);
  return refused.body;
}

async function cameraWarning(): Promise<string> {
  const id = String(BigInt(Date.now()) * 1000n + BigInt(Math.floor(Math.random() * 1000)));
  // The alarm as the ingestion endpoint (H3's, tested in cameraWarnings.test.ts) stores it.
  await t.db.query(
    `INSERT INTO camera_warning (id, tenant_id, camera_id, reservoir_id, alarm_id, alarm_type, alarm_time, photo_url, confidence, description, handle_status)
     VALUES ($1, $2, $3, $4, $5, 3, LOCALTIMESTAMP(0), 'https://platform.example.com/alarms/fishing.jpg', 0.93, '坝前有人垂钓', 0)`,
    [id, TENANT, cameraId, reservoirId, `T-${id}`],
  );
  return id;
}

const warningRow = async (id: string) =>
  (await t.db.query('SELECT event_id::text AS "eventId", handle_status AS "handleStatus" FROM camera_warning WHERE id = $1', [id])).rows[0];

beforeAll(async () => {
  t = await startTestServer();
  for (const role of ['admin', 'farm_admin', 'subject_admin', 'river_chief', 'inspector'] as Role[]) {
    token[role] = await t.signIn(TENANT, role);
    userId[role] = (await t.db.query('SELECT id::text AS id FROM blade_user WHERE tenant_id = $1 AND account = $2', [TENANT, role])).rows[0].id;
  }
  reservoirId = (await t.db.query('SELECT id::text AS id FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY code LIMIT 1', [TENANT])).rows[0]
    .id;
  cameraId = (await t.db.query('SELECT id::text AS id FROM sk_camera WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY id LIMIT 1', [TENANT])).rows[0]?.id;
}, 120_000);
afterAll(() => t?.close());

describe('reporting an event', () => {
  it('numbers it SJ + the day + a sequence, makes the caller the reporter and waits for signing', async () => {
    const event = await report('inspector');
    expect(event).toMatchObject({ status: TO_SIGN, source: 1, reporterId: userId.inspector, handlerId: null, version: 1 });
    expect(event.eventNo).toMatch(/^SJ\d{8}\d{4}$/);
    const day = (await t.db.query(`SELECT to_char(LOCALTIMESTAMP, 'YYYYMMDD') AS day`)).rows[0].day;
    expect(event.eventNo.slice(2, 10)).toBe(day);
  });

  it('writes the report to the log with the photos before', async () => {
    const event = await report('inspector', { photos: ['/photos/a.jpg', '/photos/b.jpg'] });
    const { logs } = await detail(event.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      action: 1,
      actionLabel: '上报',
      fromStatus: null,
      toStatus: TO_SIGN,
      operatorId: userId.inspector,
      photos: ['/photos/a.jpg', '/photos/b.jpg'],
    });
  });

  it('tells everyone who may sign for it (work order), never the reporter or a role without the sign-for button', async () => {
    const event = await report('inspector');
    const sent = await messagesOf(event.id);
    expect(recipients(sent, '新事件待签收')).toEqual(expect.arrayContaining(['farm_admin', 'river_chief', 'subject_admin']));
    expect(sent.map((m) => m.to)).not.toContain('inspector');
    expect(sent.every((m) => m.orderType === 2)).toBe(true);
  });

  it('tells them of a public report as public sentiment (orderType 1)', async () => {
    const event = await report('farm_admin', { source: 5, reporterPhone: '13800000000' });
    const sent = await messagesOf(event.id);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((m) => m.orderType === 1)).toBe(true);
    expect(sent.map((m) => m.to)).not.toContain('farm_admin');
  });

  it('refuses the AI-alarm source, which only an assigned alarm sets, and stores nothing', async () => {
    const count = async () => (await t.db.query('SELECT count(*)::int AS n FROM inspect_event WHERE tenant_id = $1', [TENANT])).rows[0].n;
    const before = await count();
    const refused = await call(`${V2}/save`, 'inspector', { title: '伪造告警', reservoirId, eventType: 1, level: 1, source: 2 });
    expect(refused.status).toBe(400);
    expect(refused.body.data.errors).toEqual([{ field: 'source', message: '上报事件的来源只能是巡查上报、上级交办、群众举报或河长巡河' }]);
    expect(await count()).toBe(before);
  });

  it('refuses a report without a title, reservoir, hazard type or grade, naming the field', async () => {
    const refused = await call(`${V2}/save`, 'inspector', { reservoirId, eventType: 1 });
    expect(refused.status).toBe(400);
    expect(refused.body.data.errors).toContainEqual({ field: 'title', message: '请输入事件标题' });
    expect((await call(`${V2}/save`, 'inspector', { title: 'x', eventType: 1 })).body.data.errors[0].field).toBe('reservoirId');
    expect((await call(`${V2}/save`, 'inspector', { title: 'x', reservoirId, level: 1 })).body.data.errors[0].field).toBe('eventType');
    expect((await call(`${V2}/save`, 'inspector', { title: 'x', reservoirId, eventType: 1 })).body.data.errors[0].field).toBe('level');
  });

  it('takes source 1 (巡查上报) when the report names none', async () => {
    const saved = await call(`${V2}/save`, 'inspector', { title: '护栏松动', reservoirId, eventType: 99, level: 1 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await detail(saved.body.data.id)).toMatchObject({ level: 1, levelLabel: '一般隐患', source: 1, sourceLabel: '巡查上报', eventTypeLabel: '其他' });
  });

  it('gives simultaneous reports distinct, consecutive numbers', async () => {
    const events = await Promise.all(Array.from({ length: 6 }, (_, i) => report(i % 2 ? 'inspector' : 'farm_admin', { title: `同时上报 ${i}` })));
    const numbers = events.map((e) => e.eventNo).sort();
    expect(new Set(numbers).size).toBe(6);
    const sequence = numbers.map((n: string) => Number(n.slice(10)));
    expect(sequence[5] - sequence[0]).toBe(5);
  });
});

describe('editing a report', () => {
  it('is the reporter’s (or a manager’s) while it waits for signing, and is logged', async () => {
    const event = await report('inspector');
    const edited = await call(`${V2}/update`, 'inspector', { id: event.id, title: '坝顶纵向裂缝', version: event.version });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const { logs, title } = await detail(event.id);
    expect(title).toBe('坝顶纵向裂缝');
    expect(logs.map((l: Body) => l.action)).toEqual([1, 2]);
    expect((await call(`${V2}/update`, 'farm_admin', { id: event.id, level: 2 })).status).toBe(200);
  });

  it('refuses anyone else, and any edit once signed for', async () => {
    const event = await report('farm_admin');
    const before = await snapshot(event.id);
    const stranger = await call(`${V2}/update`, 'inspector', { id: event.id, title: '改别人的' });
    expect(stranger.status).toBe(403);
    expect(stranger.body.msg).toBe('只有上报人或管理人员可以修改该事件');
    expect(await snapshot(event.id)).toEqual(before);
    await moveOk('accept', 'subject_admin', { id: event.id });
    const late = await snapshot(event.id);
    expect((await call(`${V2}/update`, 'farm_admin', { id: event.id, title: '签收后修改' })).status).toBe(400);
    expect(await snapshot(event.id)).toEqual(late);
  });
});

describe('the whole lifecycle: report → sign for → assign → handle → sent back → handle → passed', () => {
  let id: string;
  const inList = async (page: string, as: Role = 'farm_admin') =>
    ((await call(`${V1}/${page}?size=200`, as)).body.data.records as Body[]).some((row) => row.id === id);

  it('runs through every list page and ends completed', async () => {
    id = (await report('inspector', { title: '背水坡散浸' })).id;
    expect([await inList('acceptPage'), await inList('processPage'), await inList('endPage')]).toEqual([true, false, false]);

    await moveOk('accept', 'farm_admin', { id });
    expect(await detail(id)).toMatchObject({ status: IN_HAND, handlerId: userId.farm_admin, statusLabel: '处理中' });
    expect((await detail(id)).acceptTime).toBeTruthy();

    await moveOk('assign', 'farm_admin', { id, handlerId: userId.inspector, deadline: '2027-06-30', opinion: '请三日内处理' });
    expect(await detail(id)).toMatchObject({ status: IN_HAND, handlerId: userId.inspector, deadline: '2027-06-30', opinion: '请三日内处理' });
    expect((await detail(id)).handlerDeptId).toBeTruthy();
    expect([await inList('acceptPage'), await inList('processPage'), await inList('endPage')]).toEqual([false, true, false]);

    await moveOk('process', 'inspector', { id, result: '已开沟导渗', afterPhotos: ['/photos/after-1.jpg'], opinion: '请复核' });
    expect(await detail(id)).toMatchObject({ status: TO_RECHECK, result: '已开沟导渗', afterPhotos: ['/photos/after-1.jpg'] });
    expect(await inList('processPage')).toBe(true);

    await moveOk('audit', 'subject_admin', { id, auditStatus: IN_HAND, opinion: '导渗沟深度不足' });
    expect(await detail(id)).toMatchObject({ status: IN_HAND, handlerId: userId.inspector });

    await moveOk('process', 'inspector', { id, result: '导渗沟加深至 0.5 m', afterPhotos: ['/photos/after-2.jpg'] });
    await moveOk('audit', 'subject_admin', { id, auditStatus: DONE, opinion: '合格' });
    const done = await detail(id);
    expect(done).toMatchObject({ status: DONE, statusLabel: '已完成' });
    expect(done.finishTime).toBeTruthy();
    expect([await inList('acceptPage'), await inList('processPage'), await inList('endPage')]).toEqual([false, false, true]);
  });

  it('has logged every step in order: who, the move, the assignee, opinion, result and photos after', async () => {
    const { logs } = await detail(id);
    expect(logs.map((l: Body) => [l.actionLabel, l.fromStatus, l.toStatus])).toEqual([
      ['上报', null, TO_SIGN],
      ['签收', TO_SIGN, IN_HAND],
      ['交办', IN_HAND, IN_HAND],
      ['处理', IN_HAND, TO_RECHECK],
      ['复核', TO_RECHECK, IN_HAND],
      ['处理', IN_HAND, TO_RECHECK],
      ['复核', TO_RECHECK, DONE],
    ]);
    expect(logs[1]).toMatchObject({ operatorId: userId.farm_admin, targetUserId: userId.farm_admin });
    expect(logs[2]).toMatchObject({ operatorId: userId.farm_admin, targetUserId: userId.inspector, opinion: '请三日内处理', targetUserName: '黄永福' });
    expect(logs[3]).toMatchObject({ operatorId: userId.inspector, result: '已开沟导渗', photos: ['/photos/after-1.jpg'] });
    expect(logs[4]).toMatchObject({ operatorId: userId.subject_admin, opinion: '导渗沟深度不足' });
  });

  it('answers the log by group (v1 and v2)', async () => {
    const actions = async (path: string) => ((await call(`${path}?eventId=${id}`, 'farm_admin')).body.data as Body[]).map((l) => l.actionLabel);
    expect(await actions(`${V1}/listEventLog`)).toHaveLength(7);
    expect(await actions(`${V2}/listAssignLog`)).toEqual(['签收', '交办']);
    expect(await actions(`${V1}/listProcessLog`)).toEqual(['处理', '处理']);
    expect(await actions(`${V1}/listApproveLog`)).toEqual(['复核', '复核']);
    expect(await actions(`${V2}/listCloseLog`)).toEqual(['复核']);
  });

  it('told each next actor: signers, the reporter, the handler, the re-checkers, and the reporter at the end', async () => {
    const sent = await messagesOf(id);
    expect(recipients(sent, '新事件待签收')).toEqual(expect.arrayContaining(['farm_admin', 'river_chief', 'subject_admin']));
    expect(recipients(sent, '您上报的事件已签收')).toEqual(['inspector']);
    expect(recipients(sent, '事件已交由您处理')).toEqual(['inspector']);
    // Re-checkers and approvers over the department, twice (two hand-ins), never the handler.
    const reviewers = recipients(sent, '事件已处理，待复核');
    expect(reviewers.filter((r) => r === 'subject_admin')).toHaveLength(2);
    expect(reviewers.filter((r) => r === 'river_chief')).toHaveLength(2);
    expect(reviewers).not.toContain('inspector');
    expect(recipients(sent, '事件复核未通过')).toEqual(['inspector']);
    expect(recipients(sent, '事件已办结')).toEqual(['inspector']);
    expect(sent.every((m) => m.orderType === 2)).toBe(true);
  });
});

describe('who may take which step', () => {
  it('only the handler processes; the handler never re-checks their own work', async () => {
    const id = (await report('inspector')).id;
    await moveOk('accept', 'farm_admin', { id });
    await expectRefused(id, 'process', 'subject_admin', { result: '别人代办' }, 403, /只有|Only/);
    await moveOk('process', 'farm_admin', { id, result: '已修补' });
    await expectRefused(id, 'audit', 'farm_admin', { auditStatus: DONE }, 403);
    await moveOk('audit', 'subject_admin', { id, auditStatus: DONE });
  });

  it('a role without the button is refused (403)', async () => {
    const id = (await report('farm_admin')).id;
    await expectRefused(id, 'accept', 'inspector', {}, 403);
    await expectRefused(id, 'chiefClose', 'farm_admin', { opinion: '无权销号' }, 403);
  });

  it('required fields are named: handler to assign, result to process, opinion to send back or close', async () => {
    const id = (await report('inspector')).id;
    expect((await expectRefused(id, 'assign', 'farm_admin', {}, 400)).data.errors[0].field).toBe('handlerId');
    expect((await expectRefused(id, 'sendBack', 'farm_admin', {}, 400)).data.errors[0].field).toBe('opinion');
    expect((await expectRefused(id, 'chiefClose', 'river_chief', {}, 400)).data.errors[0].field).toBe('opinion');
    await moveOk('accept', 'farm_admin', { id });
    expect((await expectRefused(id, 'process', 'farm_admin', { afterPhotos: ['/p.jpg'] }, 400)).data.errors[0].field).toBe('result');
    await moveOk('process', 'farm_admin', { id, result: '已处理' });
    const noReason = await expectRefused(id, 'audit', 'subject_admin', { auditStatus: IN_HAND }, 400, /意见/);
    expect(noReason.data.errors).toEqual([{ field: 'opinion', message: '退回重办时请填写意见' }]);
    await expectRefused(id, 'audit', 'subject_admin', { auditStatus: 9 }, 400);
  });

  it('a step from the wrong state is refused', async () => {
    const id = (await report('inspector')).id;
    await expectRefused(id, 'process', 'inspector', { result: '未签收就处理' }, 400, /当前状态/);
    await expectRefused(id, 'audit', 'subject_admin', { auditStatus: DONE }, 400, /当前状态/);
    await moveOk('withdrawl', 'inspector', { id });
    await expectRefused(id, 'accept', 'farm_admin', {}, 400, /当前状态/);
  });

  it('only the reporter withdraws, only while it waits for signing', async () => {
    const id = (await report('inspector')).id;
    await expectRefused(id, 'withdrawl', 'farm_admin', {}, 403);
    await moveOk('withdrawl', 'inspector', { id, opinion: '重复上报' });
    const withdrawn = await detail(id);
    expect(withdrawn).toMatchObject({ status: WITHDRAWN, opinion: '重复上报' });
    expect(withdrawn.finishTime).toBeTruthy();
    expect(withdrawn.logs.at(-1)).toMatchObject({ actionLabel: '撤回', fromStatus: TO_SIGN, toStatus: WITHDRAWN });
  });

  it('AI correction is only for events an AI alarm raised', async () => {
    const id = (await report('inspector')).id;
    await expectRefused(id, 'aiCorrect', 'farm_admin', { opinion: '误报' }, 400);
  });
});

describe('the other ways through', () => {
  it('send back: a manager returns a report with a reason; the reporter learns it; it may then be removed', async () => {
    const id = (await report('inspector')).id;
    const remove = () => call(`${V2}/remove?ids=${id}`, 'farm_admin', {});
    expect((await remove()).status).toBe(400);
    await moveOk('sendBack', 'farm_admin', { id, opinion: '不属于本库范围' });
    expect(await detail(id)).toMatchObject({ status: SENT_BACK, opinion: '不属于本库范围' });
    const sentBack = (await messagesOf(id)).filter((m) => m.title.startsWith('事件已退回'));
    expect(sentBack.map((m) => m.to)).toEqual(['inspector']);
    expect(sentBack[0].content).toContain('不属于本库范围');
    expect((await call(`${V2}/listCloseLog?eventId=${id}`, 'farm_admin')).body.data.map((l: Body) => l.actionLabel)).toEqual(['退回']);
    expect((await remove()).status).toBe(200);
    expect((await call(`${V2}/detail/${id}`, 'farm_admin')).status).toBe(404);
  });

  it('discretion: handled on the spot by the signer, re-checked by another', async () => {
    const id = (await report('inspector')).id;
    await moveOk('discretion', 'farm_admin', { id, result: '现场清除杂物', afterPhotos: ['/photos/spot.jpg'] });
    expect(await detail(id)).toMatchObject({ status: TO_RECHECK, handlerId: userId.farm_admin, result: '现场清除杂物' });
    await expectRefused(id, 'audit', 'farm_admin', { auditStatus: DONE }, 403);
    await moveOk('audit', 'subject_admin', { id, auditStatus: DONE });
    const { logs } = await detail(id);
    expect(logs.map((l: Body) => l.actionLabel)).toEqual(['上报', '现场处置', '复核']);
    expect(logs[1]).toMatchObject({ targetUserId: userId.farm_admin, photos: ['/photos/spot.jpg'] });
  });

  it('the functional department handles an event assigned to one of its users', async () => {
    const id = (await report('river_chief')).id;
    await moveOk('assign', 'river_chief', { id, handlerId: userId.inspector });
    await moveOk('deptProcess', 'subject_admin', { id, result: '部门组织清淤' });
    expect(await detail(id)).toMatchObject({ status: TO_RECHECK, handlerId: userId.inspector });
    await moveOk('chiefApprove', 'river_chief', { id, auditStatus: DONE, opinion: '同意销号' });
    expect((await detail(id)).logs.map((l: Body) => l.actionLabel)).toEqual(['上报', '交办', '职能部门处理', '河长审批']);
  });

  it('the river chief handles an event himself (and then may not approve it), or closes one outright', async () => {
    const id = (await report('inspector')).id;
    await moveOk('accept', 'subject_admin', { id });
    await moveOk('chiefProcess', 'river_chief', { id, result: '河长现场督办完成' });
    expect(await detail(id)).toMatchObject({ status: TO_RECHECK, handlerId: userId.river_chief });
    await expectRefused(id, 'chiefApprove', 'river_chief', { auditStatus: DONE }, 403);
    await moveOk('audit', 'farm_admin', { id, auditStatus: DONE });

    const closed = (await report('inspector')).id;
    await moveOk('chiefClose', 'river_chief', { id: closed, opinion: '已由乡镇处理' });
    expect(await detail(closed)).toMatchObject({ status: DONE });
    expect(recipients(await messagesOf(closed), '事件已办结')).toEqual(['inspector']);
  });
});

describe('two users signing for the same event at once', () => {
  it('exactly one wins; the other is told clearly; one log row and one set of notices', async () => {
    const id = (await report('inspector')).id;
    const before = await snapshot(id);
    const answers = await Promise.all([move('accept', 'farm_admin', { id }), move('accept', 'subject_admin', { id })]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 400]);
    const loser = answers.find((a) => a.status === 400)!;
    expect(loser.body.msg).toBe('当前状态不允许签收（1 条）');
    const after = await snapshot(id);
    expect(after).toMatchObject({ status: IN_HAND, version: before.version + 1, logs: before.logs + 1 });
    expect(recipients(await messagesOf(id), '您上报的事件已签收')).toEqual(['inspector']);
    const winner = answers[0].status === 200 ? 'farm_admin' : 'subject_admin';
    expect((await detail(id)).handlerId).toBe(userId[winner]);
  });
});

describe('a camera AI alarm assigned as an event', () => {
  it('creates the event from the alarm, assigns it and marks the alarm, in one step', async () => {
    if (!cameraId) throw new Error('the demo tenant has no camera');
    const warningId = await cameraWarning();
    const assigned = await call(`${V2}/aiPhotoAssign`, 'farm_admin', {
      warningId,
      handlerId: userId.inspector,
      deadline: '2027-07-01',
      eventType: 13,
      level: 3,
      title: '坝前垂钓',
      opinion: '请劝离',
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const event = await detail(assigned.body.data.id);
    expect(event).toMatchObject({
      source: 2,
      status: IN_HAND,
      handlerId: userId.inspector,
      cameraWarningId: warningId,
      reservoirId,
      photos: ['https://platform.example.com/alarms/fishing.jpg'],
      title: '坝前垂钓',
    });
    expect(event.logs.map((l: Body) => [l.actionLabel, l.fromStatus, l.toStatus, l.targetUserId])).toEqual([
      ['AI告警交办', TO_SIGN, IN_HAND, userId.inspector],
    ]);
    expect(await warningRow(warningId)).toEqual({ eventId: event.id, handleStatus: 1 });
    expect(recipients(await messagesOf(event.id), '事件已交由您处理')).toEqual(['inspector']);

    const again = await call(`${V2}/aiPhotoAssign`, 'subject_admin', { warningId, handlerId: userId.farm_admin, eventType: 13, level: 1 });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('该告警已转为事件，不能重复交办');
    expect((await t.db.query('SELECT count(*)::int AS n FROM inspect_event WHERE camera_warning_id = $1', [warningId])).rows[0].n).toBe(1);

    // Handing the AI event over again is a plain reassignment in its log.
    const reassigned = await call(`${V2}/assign`, 'subject_admin', { id: event.id, handlerId: userId.farm_admin });
    expect(reassigned.status, JSON.stringify(reassigned.body)).toBe(200);
    expect((await detail(event.id)).logs.map((l: Body) => l.actionLabel)).toEqual(['AI告警交办', '交办']);
  });

  it('of two simultaneous assigns, one creates the event and the other is refused', async () => {
    const warningId = await cameraWarning();
    const body = (handler: Role) => ({ warningId, handlerId: userId[handler], eventType: 13, level: 1 });
    const answers = await Promise.all([
      call(`${V1}/aiPhotoAssign`, 'farm_admin', body('inspector')),
      call(`${V1}/aiPhotoAssign`, 'subject_admin', body('farm_admin')),
    ]);
    expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.body))).toEqual([200, 409]);
    expect((await t.db.query('SELECT count(*)::int AS n FROM inspect_event WHERE camera_warning_id = $1', [warningId])).rows[0].n).toBe(1);
  });

  it("refuses another tenant's alarm as not found, and writes nothing", async () => {
    const theirReservoir = (await t.db.query('SELECT id::text AS id FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 LIMIT 1', [OTHER_TENANT]))
      .rows[0].id;
    const id = String(BigInt(Date.now()) * 1000n + 999n);
    await t.db.query(
      `INSERT INTO camera_warning (id, tenant_id, camera_id, reservoir_id, alarm_id, alarm_type, alarm_time, handle_status) VALUES ($1, $2, $3, $4, $5, 3, LOCALTIMESTAMP(0), 0)`,
      [id, OTHER_TENANT, id, theirReservoir, `T-${id}`],
    );
    const refused = await call(`${V2}/aiPhotoAssign`, 'farm_admin', { warningId: id, handlerId: userId.inspector, eventType: 13, level: 1 });
    expect(refused.status).toBe(404);
    expect(await warningRow(id)).toEqual({ eventId: null, handleStatus: 0 });
    expect((await t.db.query('SELECT count(*)::int AS n FROM inspect_event WHERE camera_warning_id = $1', [id])).rows[0].n).toBe(0);
  });

  it('needs the assign button of the alarm page', async () => {
    const warningId = await cameraWarning();
    const refused = await call(`${V2}/aiPhotoAssign`, 'inspector', { warningId, handlerId: userId.inspector, eventType: 13, level: 1 });
    expect(refused.status).toBe(403);
    expect(await warningRow(warningId)).toEqual({ eventId: null, handleStatus: 0 });
  });

  it('AI correction closes it as a false alarm and marks the alarm 误报', async () => {
    const warningId = await cameraWarning();
    const id = (await call(`${V2}/aiPhotoAssign`, 'farm_admin', { warningId, handlerId: userId.inspector, eventType: 13, level: 1 })).body.data.id;
    await expectRefused(id, 'aiCorrect', 'subject_admin', {}, 400);
    await moveOk('aiCorrect', 'subject_admin', { id, opinion: '是巡查员在测水位' });
    const corrected = await detail(id);
    expect(corrected).toMatchObject({ status: DONE, falseAlarm: 1 });
    expect(corrected.finishTime).toBeTruthy();
    expect((await warningRow(warningId)).handleStatus).toBe(2);
    expect((await t.db.query('SELECT handle_opinion FROM camera_warning WHERE id = $1', [warningId])).rows[0].handle_opinion).toBe('是巡查员在测水位');
    expect((await call(`${V2}/listCloseLog?eventId=${id}`, 'farm_admin')).body.data.map((l: Body) => l.actionLabel)).toEqual(['AI纠错']);
  });
});

describe('lists', () => {
  it('listByStatus pages the events of one state, v1 and v2; the status is required', async () => {
    for (const base of [V1, V2]) {
      const page = await call(`${base}/listByStatus?status=${DONE}&size=5`, 'farm_admin');
      expect(page.status).toBe(200);
      expect(page.body.data.records.length).toBeGreaterThan(0);
      expect(page.body.data.records.length).toBeLessThanOrEqual(5);
      expect(page.body.data.records.every((row: Body) => row.status === DONE)).toBe(true);
    }
    expect((await call(`${V1}/listByStatus`, 'farm_admin')).status).toBe(400);
  });

  it('each page shows only its states, even when asked for another', async () => {
    const states = async (page: string, query = '') =>
      new Set(((await call(`${V2}/${page}?size=500${query}`, 'farm_admin')).body.data.records as Body[]).map((r) => r.status));
    expect([...(await states('acceptPage'))]).toEqual([TO_SIGN]);
    expect([...(await states('processPage'))].every((s) => [IN_HAND, TO_RECHECK].includes(s))).toBe(true);
    expect([...(await states('endPage'))].every((s) => [DONE, SENT_BACK, WITHDRAWN].includes(s))).toBe(true);
    expect((await call(`${V2}/processPage?status=${TO_RECHECK}`, 'farm_admin')).body.data.records.every((r: Body) => r.status === TO_RECHECK)).toBe(true);
    expect((await call(`${V2}/endPage?status=${TO_SIGN}`, 'farm_admin')).body.data.total).toBe(0);
  });

  it('the POST list filters by the body', async () => {
    const listed = await call(`${V1}/list`, 'farm_admin', { status: String(WITHDRAWN), size: 50 });
    expect(listed.status).toBe(200);
    expect(listed.body.data.records.every((row: Body) => row.status === WITHDRAWN)).toBe(true);
  });

  it('exports an .xlsx with titles and dictionary labels, not ids', async () => {
    const response = await fetch(`${t.url}${V1}/export`, {
      method: 'POST',
      headers: { 'Blade-Auth': `bearer ${token.farm_admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: String(DONE) }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const rows = workbook.worksheets[0].getSheetValues().slice(1) as unknown[][];
    const header = rows[0].slice(1).map(String);
    expect(header).toEqual(expect.arrayContaining(['事件编号', '事件标题', '水库', '隐患类型', '事件状态', '处理人']));
    const body = rows.slice(1).map((r) => Object.fromEntries(header.map((title, i) => [title, r[i + 1]])));
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((r) => r['事件状态'] === '已完成')).toBe(true);
    const reservoirName = (await t.db.query('SELECT name FROM rsc_reservoir WHERE id = $1', [reservoirId])).rows[0].name;
    expect(body.some((r) => r['水库'] === reservoirName)).toBe(true);
    expect(body.some((r) => r['隐患类型'] === '裂缝')).toBe(true);
  });
});

describe("another tenant's event", () => {
  it('is not found, by detail, step or log, and stays unchanged', async () => {
    const theirs = await t.signIn(OTHER_TENANT, 'farm_admin');
    const theirReservoir = (await t.db.query('SELECT id::text AS id FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 LIMIT 1', [OTHER_TENANT]))
      .rows[0].id;
    const saved = await call(`${V2}/save`, theirs, { title: '他库事件', reservoirId: theirReservoir, eventType: 1, level: 1 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const id = saved.body.data.id;
    const before = await snapshot(id);
    expect((await call(`${V2}/detail/${id}`, 'farm_admin')).status).toBe(404);
    expect((await move('accept', 'farm_admin', { id })).status).toBe(404);
    expect((await call(`${V2}/listEventLog?eventId=${id}`, 'farm_admin')).status).toBe(404);
    expect(await snapshot(id)).toEqual(before);
    expect((await call(`${V2}/detail/${id}`, theirs)).body.data.eventNo).toMatch(/^SJ\d{12}$/);
  });
});

describe('in English', () => {
  it('labels the event and its log, and refuses in English', async () => {
    const id = (await report('inspector')).id;
    await moveOk('accept', 'farm_admin', { id });
    const answer = await t.api(`${V2}/detail/${id}`, { token: token.farm_admin, headers: { 'Accept-Language': 'en' } });
    expect(answer.body.data).toMatchObject({ statusLabel: 'In progress', levelLabel: 'General hazard', eventTypeLabel: 'Crack' });
    expect(answer.body.data.logs.map((l: Body) => l.actionLabel)).toEqual(['Reported', 'Signed for']);
    const refused = await t.api(`${V2}/process`, { token: token.subject_admin, body: { id, result: 'x' }, headers: { 'Accept-Language': 'en' } });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toMatch(/^Only/);
  });
});

describe('data scopes', () => {
  it('an event handed to a user of another department is seen there from then on', async () => {
    const root = (await t.db.query('SELECT dept_id AS dept FROM blade_user WHERE id = $1', [userId.farm_admin])).rows[0].dept.split(',')[0];
    const inspectorDept = (await t.db.query('SELECT dept_id AS dept, role_id AS roles FROM blade_user WHERE id = $1', [userId.inspector])).rows[0];
    const child = await call('/api/blade-system/dept/submit', 'admin', { deptName: '石门水库管理所', parentId: root, sort: 90 });
    expect(child.status, JSON.stringify(child.body)).toBe(200);
    const scopeId = '990000000000000101';
    const grantId = '990000000000000102';
    try {
      await t.db.query('UPDATE blade_user SET dept_id = $1 WHERE id = $2', [child.body.data.id, userId.inspector]);
      // The inspector's role sees only its own department's events (data scope 3 on the event menu).
      await t.db.query(
        `INSERT INTO blade_scope_data (id, tenant_id, menu_id, resource_code, scope_name, scope_type) VALUES ($1, '000000', 0, 'event_received', 'own department', 3)`,
        [scopeId],
      );
      await t.db.query('INSERT INTO blade_role_scope (id, tenant_id, scope_category, scope_id, role_id) VALUES ($1, $2, 1, $3, $4)', [
        grantId,
        TENANT,
        scopeId,
        inspectorDept.roles.split(',')[0],
      ]);
      const inspector = await t.signIn(TENANT, 'inspector');
      const id = (await report('farm_admin', { title: '溢洪道堵塞' })).id;
      expect((await call(`${V2}/detail/${id}`, inspector)).status).toBe(404);
      await moveOk('assign', 'farm_admin', { id, handlerId: userId.inspector });
      expect(await detail(id)).toMatchObject({ handlerDeptId: child.body.data.id, scopeDeptIds: `${root},${child.body.data.id}` });
      const seen = (await call(`${V2}/processPage?size=500`, inspector)).body.data.records as Body[];
      expect(seen.map((row) => row.id)).toContain(id);
      expect((await call(`${V2}/process`, inspector, { id, result: '已清理' })).status).toBe(200);
      const notHanded = (await report('farm_admin', { title: '未交办的事件' })).id;
      expect((await call(`${V2}/acceptPage?size=500`, inspector)).body.data.records.map((row: Body) => row.id)).not.toContain(notHanded);
    } finally {
      await t.db.query('DELETE FROM blade_role_scope WHERE id = $1', [grantId]);
      await t.db.query('DELETE FROM blade_scope_data WHERE id = $1', [scopeId]);
      await t.db.query('UPDATE blade_user SET dept_id = $1 WHERE id = $2', [inspectorDept.dept, userId.inspector]);
    }
  });
});
