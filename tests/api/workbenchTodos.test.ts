/**
 * The workbench to-dos (GET /api/blade-desk/todos) count the events waiting
 * for the caller (contract §B): to sign for (待签收, with the sign-for
 * button), to handle (处理中 with the caller as handler — or, for holders of
 * the department-process button, the caller's department), to re-check
 * (待复核, with the re-check or approve button, never one the caller
 * handled). Each names the event page listing it. The counts follow the
 * events as they move. Demo data of 安溪县 (all accounts in one department).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testServer.js';

const TENANT = '100001';
const EVENTS = '/api/v2/inspect/event';

type Account = 'admin' | 'farm_admin' | 'subject_admin' | 'river_chief' | 'inspector';

let t: TestServer;
const token = {} as Record<Account, string>;
const userId = {} as Record<Account, string>;
let deptId: string;
let reservoirId: string;

interface Todo {
  key: string;
  schemaId: string;
  path?: string;
  filter: Record<string, string>;
  count: number;
}

async function todosOf(as: Account): Promise<Record<string, Todo>> {
  const answer = await t.api('/api/blade-desk/todos', { token: token[as] });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return Object.fromEntries((answer.body.data as Todo[]).map((todo) => [todo.key, todo]));
}

const countOf = async (as: Account, key: string) => (await todosOf(as))[key]?.count ?? 0;

async function eventCount(condition: string, values: unknown[] = []): Promise<number> {
  const sql = `SELECT count(*)::int AS n FROM inspect_event WHERE tenant_id = $1 AND is_deleted = 0 AND ${condition}`;
  return (await t.db.query(sql, [TENANT, ...values])).rows[0].n;
}

async function report(as: Account): Promise<string> {
  const saved = await t.api(`${EVENTS}/save`, {
    token: token[as],
    body: { title: '坝顶护栏松动', reservoirId, eventType: 99, level: 1, damPart: 1, source: 1 },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.data.id;
}

async function move(step: string, as: Account, body: Record<string, unknown>): Promise<void> {
  const moved = await t.api(`${EVENTS}/${step}`, { token: token[as], body });
  expect(moved.status, `${step}: ${JSON.stringify(moved.body)}`).toBe(200);
}

beforeAll(async () => {
  t = await startTestServer();
  for (const account of ['admin', 'farm_admin', 'subject_admin', 'river_chief', 'inspector'] as Account[]) {
    token[account] = await t.signIn(TENANT, account);
    const user = (await t.db.query('SELECT id::text AS id, dept_id FROM blade_user WHERE tenant_id = $1 AND account = $2', [TENANT, account])).rows[0];
    userId[account] = user.id;
    deptId = String(user.dept_id).split(',')[0];
  }
  reservoirId = (await t.db.query('SELECT id::text AS id FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY code LIMIT 1', [TENANT])).rows[0]
    .id;
});
afterAll(() => t?.close());

describe('event to-dos', () => {
  it('count what the demo events leave waiting for each account, and name the page listing it', async () => {
    const manager = await todosOf('farm_admin');
    expect(manager.eventsToAccept).toMatchObject({ schemaId: 'inspect/event', path: '/event/received/index', count: await eventCount('status = 1') });
    // farm_admin may process for the department: every event in hand in the department is theirs to move.
    expect(manager.eventsToHandle).toMatchObject({ path: '/event/processing/index', filter: { status: '2' } });
    expect(manager.eventsToHandle.count).toBe(await eventCount('status = 2 AND (handler_id = $2 OR handler_dept_id = $3)', [userId.farm_admin, deptId]));
    expect(manager.eventsToReCheck).toMatchObject({ path: '/event/processing/index', filter: { status: '3' } });
    expect(manager.eventsToReCheck.count).toBe(await eventCount('status = 3 AND handler_id IS DISTINCT FROM $2', [userId.farm_admin]));

    // The inspector signs for nothing and re-checks nothing: only the events handed to them.
    const inspector = await todosOf('inspector');
    expect(inspector.eventsToAccept).toBeUndefined();
    expect(inspector.eventsToReCheck).toBeUndefined();
    expect(inspector.eventsToHandle.count).toBe(await eventCount('status = 2 AND handler_id = $2', [userId.inspector]));
    expect(inspector.eventsToHandle.count).toBeGreaterThan(0);
  });

  it('follow an event as it moves: reported, signed for, handled on the spot, re-checked', async () => {
    const before = {
      accept: await countOf('subject_admin', 'eventsToAccept'),
      handle: await countOf('inspector', 'eventsToHandle'),
      recheckFarm: await countOf('farm_admin', 'eventsToReCheck'),
      recheckSubject: await countOf('subject_admin', 'eventsToReCheck'),
    };
    const id = await report('river_chief');
    expect(await countOf('subject_admin', 'eventsToAccept')).toBe(before.accept + 1);

    await move('assign', 'subject_admin', { id, handlerId: userId.inspector, deadline: '2099-12-31' });
    expect(await countOf('subject_admin', 'eventsToAccept')).toBe(before.accept);
    expect(await countOf('inspector', 'eventsToHandle')).toBe(before.handle + 1);

    await move('process', 'inspector', { id, result: '已紧固护栏' });
    expect(await countOf('inspector', 'eventsToHandle')).toBe(before.handle);
    expect(await countOf('subject_admin', 'eventsToReCheck')).toBe(before.recheckSubject + 1);

    // A manager who handled an event on the spot does not find it to re-check; another manager does.
    const onTheSpot = await report('inspector');
    await move('discretion', 'farm_admin', { id: onTheSpot, result: '现场处置完毕' });
    expect(await countOf('farm_admin', 'eventsToReCheck')).toBe(before.recheckFarm + 1);
    expect(await countOf('subject_admin', 'eventsToReCheck')).toBe(before.recheckSubject + 2);

    await move('audit', 'subject_admin', { id, auditStatus: 4, opinion: '同意' });
    expect(await countOf('subject_admin', 'eventsToReCheck')).toBe(before.recheckSubject + 1);
  });

  it('keep the record to-dos beside them', async () => {
    const todos = await todosOf('admin');
    expect(todos.inspectPending).toMatchObject({ schemaId: 'inspect/record', filter: { auditStatus: '0' } });
    expect(todos.inspectPending.path).toBeUndefined();
  });
});
