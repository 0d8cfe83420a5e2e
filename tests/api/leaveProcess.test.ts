/**
 * The leave process end to end (contract 14 §1 leave, §2 demo model, §8 demo data), over HTTP on a real
 * PostgreSQL with the demo tenants: every demo tenant has the leave process deployed on a fresh database;
 * farm_admin applies (one call stores the leave and starts its process), subject_admin — the department's
 * leader — approves from the to-do list, the administrators' role claims and approves, and the leave is
 * approved; a rejection at the first step closes it as rejected. Refusals change nothing: bad dates or
 * types, someone else acting on the task, another tenant or an uninvolved colleague reading the leave.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployThroughApi } from './support/workflowFixtures.js';
import { processXml } from './support/workflowModels.js';
import { startSecondInstance, startTestServer, type TestServer } from './testServer.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

const TENANT = '100001';
const OTHER_TENANT = '316979';
const START = '/api/blade-desk/process/leave/start-process';
const DESK_DETAIL = '/api/blade-desk/process/leave/detail';
const LEAVE = '/api/blade-workflow/process/leave';
const PROCESS = '/api/blade-workflow/process';
const DRAFT = '/api/blade-workflow/process/draft';

let t: TestServer;
const token: Record<string, string> = {};
const userId: Record<string, string> = {};

const APPLICANT = `${TENANT}/farm_admin`;
const LEADER = `${TENANT}/subject_admin`;
const ADMIN = `${TENANT}/admin`;
const STRANGER = `${OTHER_TENANT}/admin`;

async function call(path: string, who: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: Body }> {
  return t.api(path, { token: token[who], body, method: body === undefined ? 'GET' : 'POST', headers });
}

/** A wall time `days` from today at the given hour (yyyy-MM-dd HH:mm:ss, as the wire writes times). */
async function dayAt(days: number, hour: number): Promise<string> {
  const result = await t.db.query(`SELECT to_char(CURRENT_DATE + $1::int + make_interval(hours => $2), 'YYYY-MM-DD HH24:MI:SS') AS "at"`, [days, hour]);
  return result.rows[0].at;
}

async function leaveInput(overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  return { leaveType: 1, startTime: await dayAt(3, 9), endTime: await dayAt(4, 18), reason: '家中有事', ...overrides };
}

async function apply(who = APPLICANT, overrides: Record<string, unknown> = {}): Promise<Body> {
  const answer = await call(START, who, await leaveInput(overrides));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

async function leaveRow(id: string): Promise<Body> {
  return (
    await t.db.query(
      `SELECT approval_status AS "approvalStatus", days, process_instance_id::text AS "processInstanceId", task_user::text AS "taskUser",
              to_char(finish_time, 'YYYY-MM-DD HH24:MI:SS') AS "finishTime", is_deleted AS "isDeleted"
         FROM blade_process_leave WHERE id = $1`,
      [id],
    )
  ).rows[0];
}

const countLeaves = async () => (await t.db.query('SELECT count(*)::int AS n FROM blade_process_leave')).rows[0].n as number;

/** The caller's open task of a leave in one of their task lists (todoList or claimList). */
async function taskOf(who: string, list: 'todoList' | 'claimList', leaveId: string): Promise<Body | undefined> {
  const answer = await call(`${PROCESS}/${list}?current=1&size=100`, who);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data.records as Body[]).find((row) => row.businessId === leaveId);
}

const complete = (who: string, taskId: string, pass: boolean, comment: string) => call(`${PROCESS}/completeTask`, who, { taskId, pass, comment });

beforeAll(async () => {
  t = await startTestServer();
  for (const [tenantId, account] of [
    [TENANT, 'farm_admin'],
    [TENANT, 'subject_admin'],
    [TENANT, 'admin'],
    [OTHER_TENANT, 'admin'],
  ]) {
    const who = `${tenantId}/${account}`;
    token[who] = await t.signIn(tenantId, account);
    userId[who] = (await t.db.query('SELECT id::text AS id FROM blade_user WHERE tenant_id = $1 AND account = $2', [tenantId, account])).rows[0].id;
  }
}, 180_000);
afterAll(() => t?.close());

describe('the demo leave process on a fresh database', () => {
  it('is deployed as version 1 of key leave in every demo tenant, from its model (one main history version) in the category 行政审批', async () => {
    const deployed = await t.db.query(
      `SELECT d.tenant_id AS "tenantId", d.process_version AS "version", d.suspension, c.name AS "category", m.model_key AS "modelKey",
              (SELECT count(*)::int FROM flow_model_history h WHERE h.model_id = m.id AND h.is_deleted = 0) AS "histories",
              (SELECT count(*)::int FROM flow_model_history h WHERE h.model_id = m.id AND h.is_main = 1) AS "mains"
         FROM flow_deployment d JOIN flow_model m ON m.id = d.model_id JOIN flow_category c ON c.id = d.category_id
        WHERE d.process_key = 'leave' AND d.is_deleted = 0 ORDER BY d.tenant_id`,
    );
    expect(deployed.rows.map((row) => row.tenantId)).toEqual(['000000', '003189', '100001', '173509', '316979']);
    for (const row of deployed.rows) expect(row).toMatchObject({ version: 1, suspension: 1, category: '行政审批', modelKey: 'leave', histories: 1, mains: 1 });
  });

  it("makes subject_admin (陈志强) the leader of the tenant's department, so the first step reaches him", async () => {
    const leader = await t.db.query(`SELECT d.leader_id::text AS "leaderId" FROM blade_dept d JOIN blade_user u ON u.dept_id = d.id::text WHERE u.id = $1`, [
      userId[APPLICANT],
    ]);
    expect(leader.rows[0].leaderId).toBe(userId[LEADER]);
  });
  it('is seeded once: a restart (the demo seed again) adds no model, version or category, and keeps a leader an administrator chose', async () => {
    const counts = async () =>
      (
        await t.db.query(
          `SELECT (SELECT count(*)::int FROM flow_deployment WHERE process_key = 'leave') AS deployments,
                  (SELECT count(*)::int FROM flow_model WHERE model_key = 'leave') AS models,
                  (SELECT count(*)::int FROM flow_category WHERE code = 'admin_approval') AS categories`,
        )
      ).rows[0];
    const before = await counts();
    const dept = (await t.db.query('SELECT dept_id AS "deptId" FROM blade_user WHERE id = $1', [userId[APPLICANT]])).rows[0].deptId;
    await t.db.query('UPDATE blade_dept SET leader_id = $1 WHERE id = $2', [userId[ADMIN], dept]);
    const second = await startSecondInstance(t);
    await second.close();
    expect(await counts()).toEqual(before);
    expect((await t.db.query('SELECT leader_id::text AS "leaderId" FROM blade_dept WHERE id = $1', [dept])).rows[0].leaderId).toBe(userId[ADMIN]);
    await t.db.query('UPDATE blade_dept SET leader_id = $1 WHERE id = $2', [userId[LEADER], dept]);
  });
});

describe('a leave approved by both steps', () => {
  let leave: Body;

  it('is stored in approval with its days counted by the server and its process started, in one call', async () => {
    leave = await apply(APPLICANT, { days: 99 });
    const stored = await leaveRow(leave.id);
    expect(stored).toMatchObject({ approvalStatus: 1, days: 2, finishTime: null });
    expect(stored.processInstanceId).toMatch(/^[1-9][0-9]*$/);
    const detail = await call(`${DESK_DETAIL}?businessId=${leave.id}`, APPLICANT);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ id: leave.id, approvalStatus: 1, leaveType: 1, reason: '家中有事' });
    expect(detail.body.data.process).toMatchObject({ processInstanceId: stored.processInstanceId, status: 1, processKey: 'leave' });
    expect(detail.body.data.process.title).toContain('的请假申请');
  });

  it('waits in the to-do list of the department leader, and the administrators cannot act on it yet', async () => {
    const task = await taskOf(LEADER, 'todoList', leave.id);
    expect(task).toMatchObject({ taskDefinitionKey: 'deptLeaderApprove' });
    expect(await taskOf(ADMIN, 'claimList', leave.id)).toBeUndefined();
    const refused = await complete(ADMIN, task.taskId, true, '越权审批');
    expect([400, 403, 404]).toContain(refused.status);
    expect((await leaveRow(leave.id)).approvalStatus).toBe(1);
    expect(await taskOf(LEADER, 'todoList', leave.id)).toMatchObject({ taskId: task.taskId });
  });

  it("lets the approver read the leave he approves, but not a colleague who has no part in it, nor another tenant's admin", async () => {
    expect((await call(`${DESK_DETAIL}?businessId=${leave.id}`, LEADER)).status).toBe(200);
    expect((await call(`${LEAVE}/detail?id=${leave.id}`, LEADER)).status).toBe(200);
    expect((await call(`${DESK_DETAIL}?businessId=${leave.id}`, STRANGER)).status).toBe(404);
    expect((await call(`${LEAVE}/detail?id=${leave.id}`, STRANGER)).status).toBe(404);
  });

  it('goes to the administrators after the leader approves: one of them claims it and approves, and the leave is approved', async () => {
    const first = await taskOf(LEADER, 'todoList', leave.id);
    const passed = await complete(LEADER, first.taskId, true, '同意');
    expect(passed.status, JSON.stringify(passed.body)).toBe(200);
    expect(await taskOf(LEADER, 'todoList', leave.id)).toBeUndefined();

    const second = await taskOf(ADMIN, 'claimList', leave.id);
    expect(second).toMatchObject({ taskDefinitionKey: 'adminApprove' });
    const claimed = await call(`${PROCESS}/claimTask?taskId=${second.taskId}`, ADMIN, {});
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(await taskOf(ADMIN, 'todoList', leave.id)).toMatchObject({ taskId: second.taskId });
    const approved = await complete(ADMIN, second.taskId, true, '准假');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);

    const stored = await leaveRow(leave.id);
    expect(stored).toMatchObject({ approvalStatus: 2, taskUser: userId[ADMIN] });
    expect(stored.finishTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const detail = (await call(`${DESK_DETAIL}?businessId=${leave.id}`, APPLICANT)).body.data;
    expect(detail.approvalStatus).toBe(2);
    expect(detail.process).toMatchObject({ status: 2, outcome: 'pass' });
    expect(detail.process.endTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('cannot be removed while in approval, and the closed one only by its applicant', async () => {
    const running = await apply();
    const refused = await call(`${LEAVE}/remove?ids=${running.id}`, APPLICANT, {});
    expect(refused.status).toBe(400);
    expect((await leaveRow(running.id)).isDeleted).toBe(0);
    expect((await call(`${LEAVE}/remove?ids=${leave.id}`, LEADER, {})).status).toBe(403);
    expect((await call(`${LEAVE}/remove?ids=${leave.id}`, APPLICANT, {})).status).toBe(200);
    expect((await leaveRow(leave.id)).isDeleted).toBe(1);
  });
});

describe('a leave rejected by the department leader', () => {
  it('closes as rejected and never reaches the administrators', async () => {
    const leave = await apply(APPLICANT, { leaveType: 2, reason: '感冒发烧' });
    const task = await taskOf(LEADER, 'todoList', leave.id);
    const rejected = await complete(LEADER, task.taskId, false, '工作安排冲突');
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(await leaveRow(leave.id)).toMatchObject({ approvalStatus: 3, taskUser: userId[LEADER] });
    expect(await taskOf(ADMIN, 'claimList', leave.id)).toBeUndefined();
    const detail = (await call(`${DESK_DETAIL}?businessId=${leave.id}`, APPLICANT)).body.data;
    expect(detail.process).toMatchObject({ status: 2, outcome: 'reject' });
  });
});

describe('a leave withdrawn by its applicant', () => {
  it('closes as withdrawn while nobody has acted on it, leaves the to-do list and may then be removed', async () => {
    const leave = await apply(APPLICANT, { reason: '计划有变' });
    const stored = await leaveRow(leave.id);
    const withdrawn = await call(`${PROCESS}/withdrawTask`, APPLICANT, { processInstanceId: stored.processInstanceId });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect(await leaveRow(leave.id)).toMatchObject({ approvalStatus: 4, taskUser: null });
    expect((await leaveRow(leave.id)).finishTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await taskOf(LEADER, 'todoList', leave.id)).toBeUndefined();
    expect((await call(`${LEAVE}/remove?ids=${leave.id}`, APPLICANT, {})).status).toBe(200);
  });

  it('cannot be withdrawn by the applicant once the leader has approved it: the leave stays in approval', async () => {
    const leave = await apply(APPLICANT, { reason: '已批后撤回' });
    const task = await taskOf(LEADER, 'todoList', leave.id);
    expect((await complete(LEADER, task.taskId, true, '同意')).status).toBe(200);
    const refused = await call(`${PROCESS}/withdrawTask`, APPLICANT, { processInstanceId: (await leaveRow(leave.id)).processInstanceId });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect((await leaveRow(leave.id)).approvalStatus).toBe(1);
  });
});

describe('refusals of a leave application, which store nothing', () => {
  const refusals: [string, Record<string, unknown>, string][] = [
    ['an end before the start', { startTime: '2026-12-03 18:00:00', endTime: '2026-12-03 09:00:00' }, 'endTime'],
    ['a time not of the wire format', { startTime: '2026/12/03 09:00' }, 'startTime'],
    ['a date that does not exist', { endTime: '2026-02-30 09:00:00' }, 'endTime'],
    ['a leave type outside the dictionary', { leaveType: 42 }, 'leaveType'],
    ['a reason over 500 characters', { reason: '假'.repeat(501) }, 'reason'],
    ['no reason', { reason: '' }, 'reason'],
  ];
  for (const [what, overrides, field] of refusals) {
    it(`refuses ${what} with 400 naming ${field}`, async () => {
      const before = await countLeaves();
      const answer = await call(START, APPLICANT, await leaveInput(overrides));
      expect(answer.status).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(JSON.stringify(answer.body.data?.errors ?? answer.body.msg)).toContain(field);
      expect(await countLeaves()).toBe(before);
    });
  }

  it('refuses dates more than a year away, in English when asked', async () => {
    const before = await countLeaves();
    const answer = await call(START, APPLICANT, await leaveInput({ startTime: await dayAt(400, 9), endTime: await dayAt(401, 18) }), {
      'Accept-Language': 'en',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('The start must be within a year of today');
    expect(await countLeaves()).toBe(before);
  });

  it("refuses another tenant's process definition as one that does not exist", async () => {
    const other = (await t.db.query(`SELECT id::text AS id FROM flow_deployment WHERE tenant_id = $1 AND process_key = 'leave'`, [OTHER_TENANT])).rows[0].id;
    const answer = await call(START, APPLICANT, await leaveInput({ processDefinitionId: other }));
    expect(answer.status).toBe(400);
  });
});

/** A process of another key whose only step is its initiator's: whoever starts it approves it alone. */
const selfApprovalXml = () =>
  processXml({
    key: 'selfApproval',
    name: '本人审批',
    tasks: [{ id: 'self', name: '本人审批', assigneeType: 'initiator' }],
    flows: [
      { from: 'start', to: 'self' },
      { from: 'self', to: 'end' },
    ],
  });

describe("a process that is not the leave's own", () => {
  let selfApproval: string;
  beforeAll(async () => {
    selfApproval = await deployThroughApi(t, token[ADMIN], 'selfApproval', '本人审批', selfApprovalXml());
  });

  it('cannot carry a leave: start-process with a deployment of another key is refused with 400 and stores nothing', async () => {
    const before = await countLeaves();
    const refused = await call(START, APPLICANT, await leaveInput({ processDefinitionId: selfApproval }));
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('请选择请假流程');
    const english = await call(START, APPLICANT, await leaveInput({ processDefinitionId: selfApproval }), { 'Accept-Language': 'en' });
    expect(english.body.msg).toBe('Choose a leave process');
    expect(await countLeaves()).toBe(before);
    const instances = await t.db.query(`SELECT count(*)::int AS n FROM flow_process_instance WHERE deployment_id = $1`, [selfApproval]);
    expect(instances.rows[0].n).toBe(0);
  });

  it('still starts a leave through a named deployment of key leave', async () => {
    const leaveDeployment = (await t.db.query(`SELECT id::text AS id FROM flow_deployment WHERE tenant_id = $1 AND process_key = 'leave'`, [TENANT])).rows[0]
      .id;
    const leave = await apply(APPLICANT, { processDefinitionId: leaveDeployment, reason: '指定请假流程' });
    expect(await leaveRow(leave.id)).toMatchObject({ approvalStatus: 1 });
  });

  it("started generically while naming another's pending leave, stores no business link and leaves that leave alone when withdrawn or completed", async () => {
    const victim = await apply(APPLICANT, { reason: '待审批的请假' });
    const naming = { processDefinitionId: selfApproval, businessTable: 'work/leave', businessId: victim.id, title: '冒名审批' };

    const withdrawnOne = await call(`${PROCESS}/startProcess`, LEADER, naming);
    expect(withdrawnOne.status, JSON.stringify(withdrawnOne.body)).toBe(200);
    const withdrawn = await call(`${PROCESS}/withdrawTask`, LEADER, { processInstanceId: withdrawnOne.body.data.processInstanceId });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect(await leaveRow(victim.id)).toMatchObject({ approvalStatus: 1, taskUser: null, finishTime: null });

    const completedOne = await call(`${PROCESS}/startProcess`, LEADER, naming);
    expect(completedOne.status, JSON.stringify(completedOne.body)).toBe(200);
    const ownTask = completedOne.body.data.tasks[0];
    expect(ownTask.assigneeId).toBe(userId[LEADER]);
    const approved = await complete(LEADER, ownTask.taskId, true, '自己批准');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await leaveRow(victim.id)).toMatchObject({ approvalStatus: 1, taskUser: null, finishTime: null });

    const stored = await t.db.query(
      `SELECT business_table AS "businessTable", business_id AS "businessId", status FROM flow_process_instance WHERE id = ANY($1::bigint[]) ORDER BY id`,
      [[withdrawnOne.body.data.processInstanceId, completedOne.body.data.processInstanceId]],
    );
    expect(stored.rows).toEqual([
      { businessTable: null, businessId: null, status: 4 },
      { businessTable: null, businessId: null, status: 2 },
    ]);
    // The leave's own process is still waiting for the leader.
    expect(await taskOf(LEADER, 'todoList', victim.id)).toMatchObject({ taskDefinitionKey: 'deptLeaderApprove' });
  });
});

describe('who sees which leaves', () => {
  it("lists an applicant's own leaves only, and every leave of the tenant to its administrator", async () => {
    const own = await apply(LEADER, { reason: '年假' });
    const mine = (await call(`${LEAVE}/list?size=100`, APPLICANT)).body.data.records as Body[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((row) => row.createUser === userId[APPLICANT])).toBe(true);
    expect(mine.some((row) => row.id === own.id)).toBe(false);
    const all = (await call(`${LEAVE}/list?size=100`, ADMIN)).body.data.records as Body[];
    expect(all.some((row) => row.id === own.id)).toBe(true);
    expect((await call(`${LEAVE}/list?size=100`, STRANGER)).body.data.records.some((row: Body) => row.id === own.id)).toBe(false);
  });

  it("answers 404 to a colleague who has no part in another's leave", async () => {
    const own = await apply(LEADER, { reason: '调休' });
    expect((await call(`${DESK_DETAIL}?businessId=${own.id}`, APPLICANT)).status).toBe(404);
    expect((await call(`${LEAVE}/detail?id=${own.id}`, APPLICANT)).status).toBe(404);
  });
});

describe('drafts', () => {
  it("keep a user's start form for later, seen and removed by that user only", async () => {
    const saved = await call(`${DRAFT}/submit`, APPLICANT, { processKey: 'leave', title: '下周请假', formData: { leaveType: 3, reason: '年假' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const id = saved.body.data.id;
    expect(JSON.parse((await call(`${DRAFT}/detail?id=${id}`, APPLICANT)).body.data.formData)).toEqual({ leaveType: 3, reason: '年假' });
    expect((await call(`${DRAFT}/detail?id=${id}`, LEADER)).status).toBe(404);
    expect((await call(`${DRAFT}/list`, LEADER)).body.data.records).toEqual([]);
    expect((await call(`${DRAFT}/remove?ids=${id}`, LEADER, {})).body.data).toBe(0);
    expect((await call(`${DRAFT}/submit`, APPLICANT, { processKey: 'leave', formData: '[1]' })).status).toBe(400);
    const foreign = (await t.db.query(`SELECT id::text AS id FROM flow_deployment WHERE tenant_id = $1 AND process_key = 'leave'`, [OTHER_TENANT])).rows[0].id;
    expect((await call(`${DRAFT}/submit`, APPLICANT, { processKey: 'leave', processDefinitionId: foreign, formData: {} })).status).toBe(400);
    expect((await call(`${DRAFT}/remove?ids=${id}`, APPLICANT, {})).body.data).toBe(1);
    expect((await call(`${DRAFT}/detail?id=${id}`, APPLICANT)).status).toBe(404);
  });
});
