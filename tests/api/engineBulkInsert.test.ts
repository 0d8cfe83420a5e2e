/**
 * Bulk insert (localApi(ctx, tx).insertMany, engine/operations/bulkInsert.ts):
 * every row is checked like a create — validation with the schema's messages,
 * references (unknown, another tenant's, deleted, outside the data scope),
 * dictionaries — and a bad row is listed with its index, never thrown; the
 * good rows are stored set-based with the caller's tenant; duplicates against
 * stored rows and inside the call are counted and skipped ('ignore') or refuse
 * the call ('error'); the bulk hooks run, and a register whose per-row rules
 * would be skipped is refused. Shown on test registers declared here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/server/db/pool.js';
import { buildEntityModel, type EntityModel } from '../../src/server/engine/entityModel.js';
import { defineHooks } from '../../src/server/engine/hooks.js';
import { localApi } from '../../src/server/engine/localApi.js';
import { insertManyRows, type InsertManyOptions, type InsertManyResult } from '../../src/server/engine/operations/bulkInsert.js';
import { badRequest, type Language } from '../../src/server/http/apiError.js';
import type { Caller } from '../../src/server/http/caller.js';
import { outputFields, selectList } from '../../src/server/engine/sqlBuilder.js';
import type { EntitySchema } from '../../src/shared/entitySchema.js';
import { startTestServer, type TestServer } from './testServer.js';

const TENANT = '316979';
const OTHER = '003189';

function readingSchema(id: string, table: string): EntitySchema {
  return {
    $id: id,
    title: '测试读数',
    'x-title-en': 'Test reading',
    type: 'object',
    'x-table': table,
    'x-unique': [{ fields: ['reservoirId', 'element', 'observeTime'], message: '该时刻的读数已存在', 'message-en': 'A reading at that time exists already' }],
    required: ['reservoirId', 'element', 'observeTime', 'value'],
    properties: {
      reservoirId: { type: 'string', 'x-id': true, title: '水库', 'x-en': 'Reservoir', 'x-ref': 'reservoir/reservoir' },
      element: { type: 'integer', title: '监测要素', 'x-en': 'Element', 'x-dict': 'monitor_element' },
      observeTime: { type: 'string', format: 'datetime', title: '观测时间', 'x-en': 'Observed at' },
      value: { type: 'number', minimum: -100, maximum: 1000, title: '测值', 'x-en': 'Value' },
      note: { type: 'string', maxLength: 8, title: '备注', 'x-en': 'Note' },
      source: { type: 'integer', readOnly: true, title: '来源', 'x-en': 'Source' },
    },
  };
}

const plain = buildEntityModel(readingSchema('test/bulkPlain', 'test_bulk_plain'));
const ruled = buildEntityModel(readingSchema('test/bulkRuled', 'test_bulk_ruled'));
const guarded = buildEntityModel(readingSchema('test/bulkGuarded', 'test_bulk_guarded'));

/** What the bulk hooks saw. */
const seen: { before: number[]; after: string[] } = { before: [], after: [] };
defineHooks('test/bulkRuled', {
  beforeChange: ({ data }) => {
    data.source = 3;
  },
  beforeInsertMany: ({ rows, reject }) => {
    seen.before = rows.map((row) => row.index);
    for (const row of rows) {
      if (row.data.note === '拒绝') reject(row.index, '备注不允许', 'note');
      else row.data.source = 2;
    }
  },
  afterInsertMany: ({ inserted }) => {
    seen.after = inserted.map((row) => String(row.id));
  },
});
// A per-row rule and no bulk rule: insertMany must not skip it.
defineHooks('test/bulkGuarded', {
  beforeChange: ({ merged }) => {
    if (Number(merged.value) > 500) throw badRequest('测值过大', 'Value too large');
  },
});

let t: TestServer;
let mine: Caller;
let theirs: Caller;
let reservoirs: string[];
let foreignReservoir: string;

async function callerOf(tenantId: string): Promise<Caller> {
  const user = (
    await t.db.query(`SELECT id::text AS id, dept_id AS dept, role_id AS roles FROM blade_user WHERE tenant_id = $1 AND account = 'admin'`, [tenantId])
  ).rows[0];
  return { tenantId, userId: user.id, deptId: user.dept?.split(',')[0] || null, roleIds: user.roles.split(','), account: 'admin', clientId: 'saber' };
}

function bulk(
  model: EntityModel,
  rows: Record<string, unknown>[],
  options?: InsertManyOptions,
  caller = mine,
  language: Language = 'zh',
): Promise<InsertManyResult> {
  return withTransaction(t.db, (tx) => insertManyRows({ db: t.db, caller, language, scope: { tenantId: caller.tenantId } }, tx, model, rows, options));
}

let minute = 0;
/** A reading at a time no other test uses. */
function reading(change: Record<string, unknown> = {}): Record<string, unknown> {
  minute += 1;
  const time = new Date(Date.UTC(2024, 0, 1, 0, minute));
  const stamp = time.toISOString().slice(0, 19).replace('T', ' ');
  return { reservoirId: reservoirs[0], element: 1, observeTime: stamp, value: 12.5, ...change };
}

async function stored(table: string, where = 'TRUE', values: unknown[] = []): Promise<number> {
  return (await t.db.query(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, values)).rows[0].n;
}

beforeAll(async () => {
  t = await startTestServer({}, { extraModels: [plain, ruled, guarded] });
  [mine, theirs] = await Promise.all([callerOf(TENANT), callerOf(OTHER)]);
  reservoirs = (await t.db.query('SELECT id::text AS id FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY id LIMIT 3', [TENANT])).rows.map(
    (row) => row.id,
  );
  foreignReservoir = (await t.db.query('SELECT id::text AS id FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY id LIMIT 1', [OTHER])).rows[0]
    .id;
});
afterAll(() => t?.close());

describe('each row is checked like a create; a bad row is listed, the good ones stored', () => {
  it('lists invalid rows with their index and the schema’s message, and stores the valid ones', async () => {
    const rows = [
      reading(),
      reading({ value: 5000 }),
      reading({ observeTime: undefined }),
      reading({ observeTime: '2024-02-30 08:00:00' }),
      reading({ note: '这个备注实在是太长了' }),
      reading({ value: '17.25' }),
    ];
    const result = await bulk(plain, rows);
    expect(result.rejected).toEqual([
      { index: 1, field: 'value', message: '测值不能大于1000' },
      { index: 2, field: 'observeTime', message: '请输入观测时间' },
      { index: 3, field: 'observeTime', message: '观测时间格式不正确' },
      { index: 4, field: 'note', message: '备注长度不能超过8个字符' },
    ]);
    expect(result.duplicates).toBe(0);
    expect(result.inserted.map((row) => row.observeTime)).toEqual([rows[0].observeTime, rows[5].observeTime]);
    // Coerced as a create coerces: "17.25" is stored as the number.
    expect(result.inserted[1]).toMatchObject({ value: 17.25, tenantId: TENANT, createUser: mine.userId });
    expect(await stored('test_bulk_plain', 'observe_time = ANY($1::timestamp[])', [[rows[0], rows[1], rows[4], rows[5]].map((row) => row.observeTime)])).toBe(
      2,
    );
  });

  it('answers the inserted rows exactly as a read of them answers', async () => {
    const result = await bulk(plain, [reading({ note: '甲', source: 4 }), reading({ value: -3.25 }), reading({ element: '3' })]);
    expect(result.rejected).toEqual([]);
    const ids = result.inserted.map((row) => String(row.id));
    const read = await t.db.query(`SELECT ${selectList(outputFields(plain))} FROM test_bulk_plain WHERE id = ANY($1::bigint[]) ORDER BY id`, [ids]);
    expect(read.rows).toEqual([...result.inserted].sort((a, b) => (BigInt(String(a.id)) < BigInt(String(b.id)) ? -1 : 1)));
    // Server code may set a server-owned (readOnly) field, as with create.
    expect(result.inserted[0]).toMatchObject({ note: '甲', source: 4, element: 1 });
    expect(result.inserted[2]).toMatchObject({ element: 3, note: null, source: null, status: 1, version: 1 });
  });

  it('speaks the caller’s language', async () => {
    const result = await bulk(plain, [reading({ value: -101 })], {}, mine, 'en');
    expect(result.rejected).toEqual([{ index: 0, field: 'value', message: 'Value must not be less than -100' }]);
  });

  it('refuses a value that is not an entry of its dictionary', async () => {
    const result = await bulk(plain, [reading({ element: 99 }), reading({ element: 2 })]);
    expect(result.rejected).toEqual([{ index: 0, field: 'element', message: '监测要素的取值不在字典中' }]);
    expect(result.inserted).toHaveLength(1);
  });

  it('a row that is not an object is listed, not thrown', async () => {
    const result = await bulk(plain, [null as never, reading()]);
    expect(result.rejected).toEqual([{ index: 0, message: '数据必须是一个对象' }]);
    expect(result.inserted).toHaveLength(1);
  });
});

describe('references are checked for the whole call', () => {
  it('rejects unknown, foreign, deleted and malformed reservoirs, keeping the rows that name live ones', async () => {
    const deleted = reservoirs[2];
    await t.db.query('UPDATE rsc_reservoir SET is_deleted = 1 WHERE id = $1', [deleted]);
    try {
      const rows = [
        reading({ reservoirId: '999999999999999999' }),
        reading({ reservoirId: foreignReservoir }),
        reading({ reservoirId: deleted }),
        reading({ reservoirId: 'abc' }),
        reading({ reservoirId: reservoirs[1] }),
        reading(),
      ];
      const result = await bulk(plain, rows);
      const message = '所选水库不存在或已被删除';
      expect(result.rejected).toEqual([
        ...[0, 1, 2].map((index) => ({ index, field: 'reservoirId', message })),
        // Not an id at all: the validation's message, as a create answers.
        { index: 3, field: 'reservoirId', message: '水库格式不正确' },
      ]);
      expect(result.inserted.map((row) => row.reservoirId)).toEqual([reservoirs[1], reservoirs[0]]);
    } finally {
      await t.db.query('UPDATE rsc_reservoir SET is_deleted = 0 WHERE id = $1', [deleted]);
    }
  });

  it("rejects a reservoir outside the caller's data scope of reservoirs", async () => {
    // A custom scope of one department that holds no reservoir, on the reservoir register's menu, granted to the administrator's role.
    const scopeId = '990000000000000011';
    await t.db.query(
      `INSERT INTO blade_scope_data (id, tenant_id, menu_id, resource_code, scope_name, scope_type, scope_value) VALUES ($1, '000000', 0, 'project_mgr', 'one department', 5, '1')`,
      [scopeId],
    );
    await t.db.query('INSERT INTO blade_role_scope (id, tenant_id, scope_category, scope_id, role_id) VALUES ($1, $2, 1, $3, $4)', [
      '990000000000000012',
      TENANT,
      scopeId,
      mine.roleIds[0],
    ]);
    try {
      const result = await bulk(plain, [reading()]);
      expect(result.rejected).toEqual([{ index: 0, field: 'reservoirId', message: '所选水库不存在或已被删除' }]);
      expect(result.inserted).toEqual([]);
    } finally {
      await t.db.query('DELETE FROM blade_role_scope WHERE id = $1', ['990000000000000012']);
      await t.db.query('DELETE FROM blade_scope_data WHERE id = $1', [scopeId]);
    }
    expect((await bulk(plain, [reading()])).inserted).toHaveLength(1);
  });

  it('asks the database once per reference field, not once per row', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => reading({ reservoirId: reservoirs[i % 2] }));
    const queries: string[] = [];
    const result = await withTransaction(t.db, (tx) => {
      const query = tx.query.bind(tx);
      tx.query = ((...args: Parameters<typeof query>) => {
        queries.push(String(typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text));
        return query(...args);
      }) as typeof tx.query;
      return insertManyRows({ db: t.db, caller: mine, language: 'zh', scope: { tenantId: TENANT } }, tx, plain, rows);
    });
    expect(result.inserted).toHaveLength(300);
    expect(queries.filter((sql) => sql.includes('rsc_reservoir'))).toHaveLength(1);
    expect(queries.filter((sql) => sql.startsWith('INSERT INTO "test_bulk_plain"'))).toHaveLength(1);
  });
});

describe('tenants', () => {
  it('rows get the caller’s tenant; each tenant names only its own reservoirs', async () => {
    const ours = await bulk(plain, [reading()]);
    const theirsResult = await bulk(plain, [reading({ reservoirId: foreignReservoir }), reading({ reservoirId: reservoirs[0] })], {}, theirs);
    expect(theirsResult.rejected).toEqual([{ index: 1, field: 'reservoirId', message: '所选水库不存在或已被删除' }]);
    const tenants = await t.db.query('SELECT id::text AS id, tenant_id FROM test_bulk_plain WHERE id = ANY($1::bigint[])', [
      [ours.inserted[0].id, theirsResult.inserted[0].id],
    ]);
    expect(Object.fromEntries(tenants.rows.map((row) => [row.id, row.tenant_id]))).toEqual({
      [String(ours.inserted[0].id)]: TENANT,
      [String(theirsResult.inserted[0].id)]: OTHER,
    });
  });

  it('a tenant-id or id given in a row is ignored: the engine stamps them', async () => {
    const result = await bulk(plain, [reading({ tenantId: OTHER, id: '123', createUser: '1' })]);
    expect(result.inserted[0]).toMatchObject({ tenantId: TENANT, createUser: mine.userId });
    expect(result.inserted[0].id).not.toBe('123');
  });
});

describe('duplicates', () => {
  it("'ignore' counts rows repeating a stored key or an earlier row of the call, and stores neither", async () => {
    const first = reading();
    await bulk(plain, [first]);
    const fresh = reading();
    const result = await bulk(plain, [{ ...first, value: 99 }, fresh, { ...fresh, value: 98 }, reading({ value: 5000 })], { onConflict: 'ignore' });
    expect(result.duplicates).toBe(2);
    expect(result.rejected.map((row) => row.index)).toEqual([3]);
    expect(result.inserted).toHaveLength(1);
    expect(result.inserted[0]).toMatchObject({ observeTime: fresh.observeTime, value: 12.5 });
    const values = await t.db.query('SELECT value FROM test_bulk_plain WHERE observe_time = ANY($1::timestamp[]) ORDER BY observe_time', [
      [first.observeTime, fresh.observeTime],
    ]);
    expect(values.rows.map((row) => row.value)).toEqual([12.5, 12.5]);
  });

  it('the same key in another tenant is no duplicate', async () => {
    const row = reading();
    await bulk(plain, [row]);
    const other = await bulk(plain, [{ ...row, reservoirId: foreignReservoir }], { onConflict: 'ignore' }, theirs);
    expect(other).toMatchObject({ duplicates: 0, rejected: [] });
    expect(other.inserted).toHaveLength(1);
  });

  it("'error' (the default) refuses the whole call on a stored duplicate: nothing stored", async () => {
    const first = reading();
    await bulk(plain, [first]);
    const fresh = reading();
    await expect(bulk(plain, [fresh, { ...first, value: 7 }])).rejects.toMatchObject({ status: 400, message: 'A reading at that time exists already' });
    expect(await stored('test_bulk_plain', 'observe_time = $1', [fresh.observeTime])).toBe(0);
  });

  it("'error' refuses a key repeated inside the call", async () => {
    const fresh = reading();
    await expect(bulk(plain, [fresh, { ...fresh }], { onConflict: 'error' })).rejects.toMatchObject({ status: 400 });
    expect(await stored('test_bulk_plain', 'observe_time = $1', [fresh.observeTime])).toBe(0);
  });
});

describe('hooks', () => {
  it('beforeInsertMany sees the valid rows, may set fields and reject rows; afterInsertMany sees exactly the inserted rows', async () => {
    const stale = reading();
    await bulk(ruled, [stale]);
    const rows = [reading({ note: '拒绝' }), reading({ value: 5000 }), reading(), { ...stale }, reading()];
    const result = await bulk(ruled, rows, { onConflict: 'ignore' });
    expect(seen.before).toEqual([0, 2, 3, 4]);
    expect(result.rejected).toEqual([
      { index: 0, field: 'note', message: '备注不允许' },
      { index: 1, field: 'value', message: '测值不能大于1000' },
    ]);
    expect(result.duplicates).toBe(1);
    expect(result.inserted.map((row) => row.observeTime)).toEqual([rows[2].observeTime, rows[4].observeTime]);
    expect(result.inserted.every((row) => row.source === 2)).toBe(true);
    expect(seen.after).toEqual(result.inserted.map((row) => String(row.id)));
  });

  it('a register with per-row rules but no bulk rule is refused, nothing stored', async () => {
    await expect(bulk(guarded, [reading()])).rejects.toThrow(/beforeInsertMany/);
    expect(await stored('test_bulk_guarded')).toBe(0);
  });

  it('the local API refuses the same way on a register of the repository (a reservoir has a per-row rule on its levels)', async () => {
    await expect(localApi({ db: t.db, caller: mine, language: 'zh' }).insertMany('reservoir/reservoir', [{ name: '批量水库' }])).rejects.toThrow(
      /beforeInsertMany/,
    );
  });
});

describe('the local API', () => {
  it('insertMany by schema id: typed rows in, stored rows out, duplicates counted', async () => {
    const api = localApi({ db: t.db, caller: mine, language: 'zh' });
    const points = [
      { reservoirId: reservoirs[0], waterLevel: 8001.5, capacity: 10 },
      { reservoirId: reservoirs[0], waterLevel: 8002.5, capacity: 20 },
    ];
    const first = await api.insertMany('reservoir/capacity', points);
    expect(first.inserted.map((row) => row.capacity)).toEqual([10, 20]);
    const again = await api.insertMany('reservoir/capacity', [...points, { reservoirId: foreignReservoir, waterLevel: 1, capacity: 1 }], {
      onConflict: 'ignore',
    });
    expect(again).toMatchObject({ inserted: [], duplicates: 2, rejected: [{ index: 2, field: 'reservoirId' }] });
  });
});

describe('speed (reported, not asserted)', () => {
  it('inserts 20,000 rows of a small register in one call (three calls; the machine may be busy, the best is reported)', async () => {
    const rates: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const rows = Array.from({ length: 20_000 }, (_, i) => ({
        reservoirId: reservoirs[i % 2],
        element: 1 + (i % 7),
        observeTime: new Date(Date.UTC(2023, round, 1) + i * 60_000).toISOString().slice(0, 19).replace('T', ' '),
        value: (i % 1000) / 10,
      }));
      const started = performance.now();
      const result = await bulk(plain, rows, { onConflict: 'ignore' });
      rates.push(20_000 / ((performance.now() - started) / 1000));
      expect(result.inserted).toHaveLength(20_000);
    }
    console.log(`insertMany: 20,000 rows per call, ${rates.map((rate) => Math.round(rate)).join(' / ')} rows/s (best ${Math.round(Math.max(...rates))})`);
  });
});
