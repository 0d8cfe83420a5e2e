/**
 * x-partition on a real PostgreSQL: the register's table is partitioned by
 * range of its time field with a partition per year and a default one; rows
 * land in the partition of their year (also when an update moves their time);
 * the generic endpoints and the bulk insert work on it, uniqueness included;
 * a second migration adds nothing, and a later one adds the years the window
 * moved on to, moving their rows out of the default partition.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/server/db/migrate.js';
import { withTransaction } from '../../src/server/db/pool.js';
import { buildEntityModel } from '../../src/server/engine/entityModel.js';
import { partitionYears } from '../../src/server/engine/migrationPlan.js';
import { insertManyRows } from '../../src/server/engine/operations/bulkInsert.js';
import type { Caller } from '../../src/server/http/caller.js';
import type { EntitySchema } from '../../src/shared/entitySchema.js';
import { startTestServer, type TestServer } from './testServer.js';

const TENANT = '316979';
const ROUTE = '/api/v1/test/part-reading';
const TABLE = 'test_part_reading';

const schema: EntitySchema = {
  $id: 'test/partReading',
  title: '分区读数',
  'x-title-en': 'Partitioned reading',
  type: 'object',
  'x-table': TABLE,
  'x-menu': 'param',
  'x-partition': { field: 'observeTime', interval: 'year' },
  'x-api': {
    list: `GET ${ROUTE}/list`,
    detail: `GET ${ROUTE}/detail`,
    save: `POST ${ROUTE}/save`,
    update: `POST ${ROUTE}/update`,
    remove: `POST ${ROUTE}/remove?ids`,
  },
  'x-permissions': { add: 'param_add', edit: 'param_edit', delete: 'param_delete' },
  'x-unique': [{ fields: ['reservoirId', 'observeTime'], message: '该时刻的读数已存在', 'message-en': 'A reading at that time exists already' }],
  required: ['reservoirId', 'observeTime', 'value'],
  properties: {
    reservoirId: { type: 'string', 'x-id': true, title: '水库', 'x-en': 'Reservoir', 'x-ref': 'reservoir/reservoir', 'x-list': true },
    observeTime: { type: 'string', format: 'datetime', title: '观测时间', 'x-en': 'Observed at', 'x-list': true },
    value: { type: 'number', title: '测值', 'x-en': 'Value', 'x-list': true },
  },
};
const model = buildEntityModel(schema);
const YEARS = partitionYears(new Date());
const CURRENT = YEARS[YEARS.length - 3];

let t: TestServer;
let token: string;
let caller: Caller;
let reservoir: string;

async function partitionOf(id: string): Promise<string> {
  return (await t.db.query(`SELECT tableoid::regclass::text AS name FROM ${TABLE} WHERE id = $1`, [id])).rows[0].name;
}

async function partitions(): Promise<string[]> {
  const found = await t.db.query(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = $1::regclass ORDER BY c.relname`,
    [TABLE],
  );
  return found.rows.map((row) => row.name);
}

function bulk(rows: Record<string, unknown>[]) {
  return withTransaction(t.db, (tx) =>
    insertManyRows({ db: t.db, caller, language: 'zh', scope: { tenantId: TENANT } }, tx, model, rows, { onConflict: 'ignore' }),
  );
}

beforeAll(async () => {
  t = await startTestServer({}, { extraModels: [model] });
  token = await t.signIn(TENANT, 'admin');
  const user = (
    await t.db.query(`SELECT id::text AS id, dept_id AS dept, role_id AS roles FROM blade_user WHERE tenant_id = $1 AND account = 'admin'`, [TENANT])
  ).rows[0];
  caller = { tenantId: TENANT, userId: user.id, deptId: user.dept.split(',')[0], roleIds: user.roles.split(','), account: 'admin', clientId: 'saber' };
  reservoir = (await t.db.query('SELECT id::text AS id FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY id LIMIT 1', [TENANT])).rows[0].id;
});
afterAll(() => t?.close());

describe('the table', () => {
  it('is partitioned by range of observe_time, with the primary key (id, observe_time)', async () => {
    const partitioned = await t.db.query(
      `SELECT p.partstrat AS strategy, a.attname AS column FROM pg_partitioned_table p JOIN pg_attribute a ON a.attrelid = p.partrelid AND a.attnum = p.partattrs[0] WHERE p.partrelid = $1::regclass`,
      [TABLE],
    );
    expect(partitioned.rows).toEqual([{ strategy: 'r', column: 'observe_time' }]);
    const key = await t.db.query(
      `SELECT a.attname AS column FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey) WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY a.attnum`,
      [TABLE],
    );
    expect(key.rows.map((row) => row.column)).toEqual(['id', 'observe_time']);
  });

  it('has a partition per year from ten years back to two ahead, and a default one', async () => {
    expect(await partitions()).toEqual([...YEARS.map((year) => `${TABLE}_y${year}`), `${TABLE}_default`].sort());
    expect(YEARS).toHaveLength(13);
  });
});

describe('rows', () => {
  it('land in the partition of their year; a time outside the window lands in the default partition', async () => {
    const result = await bulk([
      { reservoirId: reservoir, observeTime: `${CURRENT - 5}-03-01 08:00:00`, value: 1 },
      { reservoirId: reservoir, observeTime: `${CURRENT}-12-31 23:59:59`, value: 2 },
      { reservoirId: reservoir, observeTime: `${CURRENT + 1}-01-01 00:00:00`, value: 3 },
      { reservoirId: reservoir, observeTime: `${CURRENT - 30}-06-01 00:00:00`, value: 4 },
    ]);
    expect(result.rejected).toEqual([]);
    const places = await Promise.all(result.inserted.map((row) => partitionOf(String(row.id))));
    expect(places).toEqual([`${TABLE}_y${CURRENT - 5}`, `${TABLE}_y${CURRENT}`, `${TABLE}_y${CURRENT + 1}`, `${TABLE}_default`]);
  });

  it('are saved, read, updated (moving to another year’s partition) and removed through the generic endpoints', async () => {
    const saved = await t.api(`${ROUTE}/save`, { token, body: { reservoirId: reservoir, observeTime: `${CURRENT - 2}-07-01 08:00:00`, value: 5 } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const id = saved.body.data.id;
    expect(await partitionOf(id)).toBe(`${TABLE}_y${CURRENT - 2}`);
    expect((await t.api(`${ROUTE}/detail?id=${id}`, { token })).body.data).toMatchObject({ value: 5, observeTime: `${CURRENT - 2}-07-01 08:00:00` });
    const updated = await t.api(`${ROUTE}/update`, { token, body: { id, observeTime: `${CURRENT - 1}-07-01 08:00:00` } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(await partitionOf(id)).toBe(`${TABLE}_y${CURRENT - 1}`);
    const list = await t.api(`${ROUTE}/list?size=100`, { token });
    expect(list.body.data.records.map((row: { id: string }) => row.id)).toContain(id);
    expect((await t.api(`${ROUTE}/remove?ids=${id}`, { token, method: 'POST' })).status).toBe(200);
    expect((await t.api(`${ROUTE}/detail?id=${id}`, { token })).status).toBe(404);
  });

  it('stay unique within their partition: a save and a bulk insert of a stored key are refused or counted', async () => {
    const key = { reservoirId: reservoir, observeTime: `${CURRENT - 3}-05-05 05:05:05` };
    expect((await t.api(`${ROUTE}/save`, { token, body: { ...key, value: 1 } })).status).toBe(200);
    const again = await t.api(`${ROUTE}/save`, { token, body: { ...key, value: 2 } });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('该时刻的读数已存在');
    const bulkAgain = await bulk([
      { ...key, value: 3 },
      { ...key, observeTime: `${CURRENT - 3}-05-05 05:05:06`, value: 4 },
    ]);
    expect(bulkAgain).toMatchObject({ duplicates: 1, rejected: [] });
    expect(bulkAgain.inserted).toHaveLength(1);
    // The database itself refuses a second live row with the key (the unique index of the partitioned table).
    await expect(
      t.db.query(`INSERT INTO ${TABLE} (id, tenant_id, reservoir_id, observe_time, value) VALUES (1, $1, $2, $3, 9)`, [TENANT, reservoir, key.observeTime]),
    ).rejects.toThrow(/duplicate key/);
  });
});

describe('migrations', () => {
  it('a second run (a restart) adds nothing', async () => {
    const plan = await migrate(t.db, [model]);
    expect(plan.statements).toEqual([]);
    expect(plan.warnings).toEqual([]);
  });

  it('a run years later adds the new years and moves their rows out of the default partition; again, nothing', async () => {
    const future = CURRENT + 4;
    const waiting = await bulk([{ reservoirId: reservoir, observeTime: `${future}-02-02 02:02:02`, value: 7 }]);
    const id = String(waiting.inserted[0].id);
    expect(await partitionOf(id)).toBe(`${TABLE}_default`);
    const later = new Date(Date.UTC(CURRENT + 3, 5, 1));
    const plan = await migrate(t.db, [model], { now: later });
    expect(plan.statements.filter((statement) => statement.sql.startsWith('ALTER TABLE')).map((statement) => statement.sql)).toEqual(
      [CURRENT + 3, CURRENT + 4, CURRENT + 5].map(
        (year) => `ALTER TABLE "${TABLE}" ATTACH PARTITION "${TABLE}_y${year}" FOR VALUES FROM ('${year}-01-01 00:00:00') TO ('${year + 1}-01-01 00:00:00')`,
      ),
    );
    expect(await partitionOf(id)).toBe(`${TABLE}_y${future}`);
    expect((await t.api(`${ROUTE}/detail?id=${id}`, { token })).body.data).toMatchObject({ value: 7 });
    // The attached partition got the table's indexes (its unique one included).
    const indexes = await t.db.query(`SELECT indexdef FROM pg_indexes WHERE tablename = $1`, [`${TABLE}_y${future}`]);
    expect(indexes.rows.some((row) => /UNIQUE INDEX .* \(tenant_id, reservoir_id, observe_time\) WHERE \(is_deleted = 0\)/.test(row.indexdef))).toBe(true);
    expect((await migrate(t.db, [model], { now: later })).statements).toEqual([]);
  });
});
