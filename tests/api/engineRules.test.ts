/**
 * The engine owns the register: references and dictionary values are checked
 * on every write, lists and details carry the referenced titles, a register's
 * rules run as hooks inside the generic operation and its transaction, and
 * server code reads and writes through the local API and scopedQuery with the
 * tenant and soft delete applied — shown on a duty roster declared here by
 * its schema alone (a reservoir, the people on duty, a shift dictionary).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/server/http/caller.js';
import { buildEntityModel } from '../../src/server/engine/entityModel.js';
import { defineHooks } from '../../src/server/engine/hooks.js';
import { localApi } from '../../src/server/engine/localApi.js';
import { scopedQuery } from '../../src/server/engine/scopedQuery.js';
import { badRequest } from '../../src/server/http/apiError.js';
import type { EntitySchema } from '../../src/shared/entitySchema.js';
import { startTestServer, type TestServer } from './testServer.js';

const TENANT = '316979';
const OTHER = '003189';
const ROUTE = '/api/v1/test/duty';

const dutySchema: EntitySchema = {
  $id: 'test/duty',
  title: '防汛值班',
  'x-title-en': 'Flood-season duty',
  type: 'object',
  'x-table': 'test_duty',
  'x-menu': 'param',
  'x-api': {
    list: `GET ${ROUTE}/list`,
    detail: `GET ${ROUTE}/detail`,
    save: `POST ${ROUTE}/save`,
    update: `POST ${ROUTE}/update`,
    remove: `POST ${ROUTE}/remove?ids`,
  },
  // Buttons the demo administrator holds.
  'x-permissions': { add: 'param_add', edit: 'param_edit', delete: 'param_delete' },
  required: ['name', 'reservoirId', 'shift'],
  properties: {
    name: { type: 'string', maxLength: 32, title: '值班名称', 'x-en': 'Name', 'x-list': true },
    reservoirId: { type: 'string', 'x-id': true, title: '水库', 'x-en': 'Reservoir', 'x-ref': 'reservoir/reservoir', 'x-list': true },
    dutyUserIds: {
      type: 'array',
      items: { type: 'string', maxLength: 20 },
      title: '值班人员',
      'x-en': 'People on duty',
      'x-ref': 'system/user',
      'x-list': true,
    },
    shift: { type: 'integer', minimum: 1, maximum: 9, title: '班次', 'x-en': 'Shift', 'x-dict': 'duty_shift', 'x-list': true },
    note: { type: 'string', maxLength: 64, title: '备注', 'x-en': 'Note' },
  },
};

/** What the hooks saw, to show they ran inside the operation. */
const seen: string[] = [];

defineHooks('test/duty', {
  beforeValidate: ({ data }) => {
    if (typeof data.note === 'string') data.note = data.note.trim();
  },
  beforeChange: ({ merged, operation }) => {
    if (merged.name === '禁止') throw badRequest('这个名称不允许', 'This name is not allowed');
    seen.push(`beforeChange ${operation}`);
  },
  afterChange: async ({ tx, row, operation }) => {
    // Runs in the write's transaction: it sees the row the write just stored.
    const stored = await tx.query('SELECT name FROM test_duty WHERE id = $1', [row.id]);
    seen.push(`afterChange ${operation} ${stored.rows[0].name}`);
  },
  beforeRemove: ({ rows }) => {
    if (rows.some((row) => row.name === '保留')) throw badRequest('保留的值班不能删除', 'A kept duty cannot be removed');
  },
});

let t: TestServer;
let token: string;
let ownReservoir: string;
let foreignReservoir: string;
let ownUser: string;
let foreignUser: string;

async function dutyCount(): Promise<number> {
  return (await t.db.query('SELECT count(*)::int AS n FROM test_duty')).rows[0].n;
}

function duty(change: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: '主汛期值班', reservoirId: ownReservoir, dutyUserIds: [ownUser], shift: 1, ...change };
}

async function firstId(sql: string, tenant: string): Promise<string> {
  return (await t.db.query(sql, [tenant])).rows[0].id;
}

beforeAll(async () => {
  t = await startTestServer({}, { extraModels: [buildEntityModel(dutySchema)] });
  token = await t.signIn(TENANT, 'admin');
  const parent = (await t.api('/api/blade-system/dict/submit', { token, body: { code: 'duty_shift', dictValue: '班次', sort: 1 } })).body.data.id;
  for (const [key, value] of [
    ['1', '白班'],
    ['2', '夜班'],
  ]) {
    await t.api('/api/blade-system/dict/submit', { token, body: { parentId: parent, code: 'duty_shift', dictKey: key, dictValue: value, sort: Number(key) } });
  }
  const reservoirs = 'SELECT id::text AS id FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY id LIMIT 1';
  const users = 'SELECT id::text AS id FROM blade_user WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY id LIMIT 1';
  [ownReservoir, foreignReservoir, ownUser, foreignUser] = await Promise.all([
    firstId(reservoirs, TENANT),
    firstId(reservoirs, OTHER),
    firstId(users, TENANT),
    firstId(users, OTHER),
  ]);
});
afterAll(() => t?.close());

describe('references and dictionaries', () => {
  it('a write naming rows of the tenant and entries of its dictionary is stored', async () => {
    const saved = await t.api(`${ROUTE}/save`, { token, body: duty() });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    ["another tenant's reservoir", { reservoirId: 'FOREIGN_RESERVOIR' }, 'reservoirId', '所选水库不存在或已被删除'],
    ['a reservoir that does not exist', { reservoirId: '999999999999999999' }, 'reservoirId', '所选水库不存在或已被删除'],
    ['a person of another tenant among the people on duty', { dutyUserIds: ['OWN_USER', 'FOREIGN_USER'] }, 'dutyUserIds', '所选值班人员不存在或已被删除'],
    ['a region code given as a reservoir id', { reservoirId: '350524' }, 'reservoirId', '所选水库不存在或已被删除'],
    ['a shift that is not in its dictionary', { shift: 7 }, 'shift', '班次的取值不在字典中'],
  ];
  for (const [what, change, field, message] of refusals) {
    it(`refuses ${what} on that field, and writes nothing`, async () => {
      const resolved = JSON.parse(
        JSON.stringify(change).replace('FOREIGN_RESERVOIR', foreignReservoir).replace('OWN_USER', ownUser).replace('FOREIGN_USER', foreignUser),
      );
      const before = await dutyCount();
      const refused = await t.api(`${ROUTE}/save`, { token, body: duty(resolved) });
      expect(refused.status).toBe(400);
      expect(refused.body.data.errors).toContainEqual({ field, message });
      expect(await dutyCount()).toBe(before);
    });
  }

  it('a removed reservoir cannot be chosen, but a record already naming it can still be edited', async () => {
    const reservoir = await firstId('SELECT id::text AS id FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY id DESC LIMIT 1', TENANT);
    const saved = (await t.api(`${ROUTE}/save`, { token, body: duty({ reservoirId: reservoir }) })).body.data;
    await t.db.query('UPDATE rsc_reservoir SET is_deleted = 1 WHERE id = $1', [reservoir]);
    try {
      const again = await t.api(`${ROUTE}/save`, { token, body: duty({ reservoirId: reservoir }) });
      expect(again.status).toBe(400);
      const edited = await t.api(`${ROUTE}/update`, { token, body: { ...saved, note: '改备注' } });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    } finally {
      await t.db.query('UPDATE rsc_reservoir SET is_deleted = 0 WHERE id = $1', [reservoir]);
    }
  });

  it("a reservoir outside the caller's data scope of reservoirs is refused", async () => {
    // A custom scope of one department that holds no reservoir, on the reservoir register's menu, granted to the administrator's role.
    const admin = (await t.db.query(`SELECT role_id AS roles FROM blade_user WHERE tenant_id = $1 AND account = 'admin'`, [TENANT])).rows[0];
    const scopeId = '990000000000000001';
    await t.db.query(
      `INSERT INTO blade_scope_data (id, tenant_id, menu_id, resource_code, scope_name, scope_type, scope_value) VALUES ($1, '000000', 0, 'project_mgr', 'one department', 5, '1')`,
      [scopeId],
    );
    await t.db.query('INSERT INTO blade_role_scope (id, tenant_id, scope_category, scope_id, role_id) VALUES ($1, $2, 1, $3, $4)', [
      '990000000000000002',
      TENANT,
      scopeId,
      admin.roles.split(',')[0],
    ]);
    try {
      const before = await dutyCount();
      const refused = await t.api(`${ROUTE}/save`, { token, body: duty() });
      expect(refused.status).toBe(400);
      expect(refused.body.data.errors).toContainEqual({ field: 'reservoirId', message: '所选水库不存在或已被删除' });
      expect(await dutyCount()).toBe(before);
    } finally {
      await t.db.query('DELETE FROM blade_role_scope WHERE id = $1', ['990000000000000002']);
      await t.db.query('DELETE FROM blade_scope_data WHERE id = $1', [scopeId]);
    }
    expect((await t.api(`${ROUTE}/save`, { token, body: duty() })).status).toBe(200);
  });

  it('the refusal speaks English to an English caller', async () => {
    const refused = await t.api(`${ROUTE}/save`, { token, body: duty({ shift: 7 }), headers: { 'Accept-Language': 'en' } });
    expect(refused.body.data.errors).toContainEqual({ field: 'shift', message: 'Shift is not an entry of its dictionary' });
  });
});

describe('titles on the server', () => {
  it('lists and details carry each reference’s title beside its id', async () => {
    const names = await t.db.query(
      `SELECT (SELECT name FROM rsc_reservoir WHERE id = $1) AS reservoir, (SELECT real_name FROM blade_user WHERE id = $2) AS person`,
      [ownReservoir, ownUser],
    );
    const list = await t.api(`${ROUTE}/list?size=100`, { token });
    const row = list.body.data.records.find((r: { reservoirId: string }) => r.reservoirId === ownReservoir);
    expect(row).toMatchObject({ reservoirName: names.rows[0].reservoir, dutyUserNames: [names.rows[0].person] });
    const detail = await t.api(`${ROUTE}/detail?id=${row.id}`, { token });
    expect(detail.body.data).toMatchObject({ reservoirName: names.rows[0].reservoir, dutyUserNames: [names.rows[0].person] });
  });

  it('the client schema names the property that carries each title', async () => {
    const schema = await t.api('/api/blade-system/schema/client?id=urgent/goods', { token });
    expect(schema.body.data.properties.depositoryId['x-ref-title']).toBe('depositoryName');
  });
});

describe('hooks run inside the generic operation', () => {
  it('beforeValidate normalises, beforeChange sees the record to be stored, afterChange runs in the transaction', async () => {
    seen.length = 0;
    const saved = await t.api(`${ROUTE}/save`, { token, body: duty({ name: '汛前值班', note: '  夜间加岗  ' }) });
    expect(saved.body.data.note).toBe('夜间加岗');
    await t.api(`${ROUTE}/update`, { token, body: { id: saved.body.data.id, name: '汛后值班' } });
    expect(seen).toEqual(['beforeChange create', 'afterChange create 汛前值班', 'beforeChange update', 'afterChange update 汛后值班']);
  });

  it('a hook that refuses undoes the write: nothing stored', async () => {
    const before = await dutyCount();
    const refused = await t.api(`${ROUTE}/save`, { token, body: duty({ name: '禁止' }) });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('这个名称不允许');
    expect(await dutyCount()).toBe(before);
  });

  it('beforeRemove sees the rows and may refuse: nothing removed', async () => {
    const kept = (await t.api(`${ROUTE}/save`, { token, body: duty({ name: '保留' }) })).body.data;
    const other = (await t.api(`${ROUTE}/save`, { token, body: duty({ name: '临时' }) })).body.data;
    const refused = await t.api(`${ROUTE}/remove?ids=${kept.id},${other.id}`, { token, method: 'POST' });
    expect(refused.status).toBe(400);
    const live = await t.db.query('SELECT count(*)::int AS n FROM test_duty WHERE id = ANY($1) AND is_deleted = 0', [[kept.id, other.id]]);
    expect(live.rows[0].n).toBe(2);
  });
});

describe('the local API and scopedQuery', () => {
  async function callerOf(tenantId: string): Promise<Caller> {
    const user = (
      await t.db.query(`SELECT id::text AS id, dept_id AS dept, role_id AS roles FROM blade_user WHERE tenant_id = $1 AND account = 'admin'`, [tenantId])
    ).rows[0];
    return { tenantId, userId: user.id, deptId: user.dept?.split(',')[0] || null, roleIds: user.roles.split(','), account: 'admin', clientId: 'saber' };
  }

  it('creates, finds, counts and removes by schema id within the caller’s tenant', async () => {
    const mine = localApi({ db: t.db, caller: await callerOf(TENANT), language: 'zh' });
    const theirs = localApi({ db: t.db, caller: await callerOf(OTHER), language: 'zh' });
    const created = await mine.create('urgent/depository', { name: '本地接口仓库', level: 1, address: '城关', keeper: '张三', phone: '13800000000' });
    expect(created).toMatchObject({ name: '本地接口仓库', tenantId: TENANT });
    expect(await mine.findOne('urgent/depository', { name: '本地接口仓库' })).toMatchObject({ id: created.id });
    expect(await theirs.findOne('urgent/depository', { name: '本地接口仓库' })).toBeUndefined();
    expect(await theirs.findById('urgent/depository', created.id)).toBeUndefined();
    expect(await mine.count('urgent/depository', { name: { like: '本地接口' } })).toBe(1);
    expect(await theirs.remove('urgent/depository', [created.id]).catch((error: Error) => error.message)).toMatch(/不存在|do not exist/);
    expect(await mine.remove('urgent/depository', [created.id])).toBe(1);
    expect(await mine.findById('urgent/depository', created.id)).toBeUndefined();
    // Soft delete: the row is still there, marked.
    expect((await t.db.query('SELECT is_deleted FROM urgent_depository WHERE id = $1', [created.id])).rows[0].is_deleted).toBe(1);
  });

  it('writes through the local API are checked like any other: references and dictionaries', async () => {
    const mine = localApi({ db: t.db, caller: await callerOf(TENANT), language: 'zh' });
    await expect(
      mine.create('urgent/depository', { name: '越界仓库', level: 1, address: '城关', keeper: '张三', phone: '13800000000', reservoirId: foreignReservoir }),
    ).rejects.toThrow(/does not exist/);
    await expect(
      mine.create('urgent/depository', { name: '越界仓库', level: 7 as never, address: '城关', keeper: '张三', phone: '13800000000' }),
    ).rejects.toThrow();
    expect(await mine.count('urgent/depository', { name: '越界仓库' })).toBe(0);
  });

  it('an optional field given as undefined is left out, as an HTTP body leaves it out', async () => {
    const mine = localApi({ db: t.db, caller: await callerOf(TENANT), language: 'zh' });
    const created = await mine.create('urgent/depository', {
      name: '可选字段仓库',
      level: 1,
      address: '城关',
      keeper: '张三',
      phone: '13800000000',
      reservoirId: undefined,
    });
    expect(created).toMatchObject({ name: '可选字段仓库', reservoirId: null });
    const updated = await mine.update('urgent/depository', String(created.id), { keeper: '李四', reservoirId: undefined });
    expect(updated).toMatchObject({ keeper: '李四', reservoirId: null });
  });

  it('scopedQuery brings each register with its tenant and soft-delete conditions', async () => {
    const q = scopedQuery({ db: t.db, caller: await callerOf(TENANT) });
    const r = await q.from('reservoir/reservoir', 'r');
    const rows = await q.rows<{ n: number }>(`SELECT count(*)::int AS n FROM ${r.table} WHERE ${r.scope}`);
    const expected = await t.db.query('SELECT count(*)::int AS n FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0', [TENANT]);
    expect(rows[0].n).toBe(expected.rows[0].n);
    expect(rows[0].n).toBeGreaterThan(0);
  });
});
