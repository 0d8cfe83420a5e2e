/**
 * Lists at scale (issue 11, item 13): a list counts its matches exactly only up to the count
 * limit (LIST_COUNT_LIMIT, here 100 so a few hundred rows are enough); beyond it the page
 * answers the planner's estimate, never below the limit + 1, and says so with
 * `totalIsEstimate: true`. The count of a list filtered by a reference — with the data scope's
 * creator and department in the WHERE — is read from the index alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/server/db/migrate.js';
import { buildEntityModel } from '../../src/server/engine/entityModel.js';
import { buildPageQueries } from '../../src/server/engine/sqlBuilder.js';
import { recordSchema } from '../unit/fixtures/countRecordSchema.js';
import { startTestServer, type TestServer } from './testServer.js';

const TENANT = '100001';
const COUNT_LIMIT = 100;

const record = buildEntityModel(recordSchema);

let t: TestServer;
let token: string;
let busy: string;
let quiet: string;
const previousLimit = process.env.LIST_COUNT_LIMIT;

/** Inserts `live` rows of a reservoir, and `deleted` soft-deleted ones. */
async function insertRecords(reservoirId: string, live: number, deleted: number, firstId: number): Promise<void> {
  await t.db.query(
    `INSERT INTO test_count_record (id, tenant_id, reservoir_id, start_time, is_deleted, create_user)
     SELECT $1::bigint + g, $2, $3, LOCALTIMESTAMP(0) - make_interval(mins => g), CASE WHEN g > $4::int THEN 1 ELSE 0 END, 1
       FROM generate_series(1, $4::int + $5::int) AS g`,
    [firstId, TENANT, reservoirId, live, deleted],
  );
}

const list = async (query = '') => (await t.api(`/api/v1/test/count-record/list?size=10${query}`, { token })).body;

beforeAll(async () => {
  process.env.LIST_COUNT_LIMIT = String(COUNT_LIMIT);
  t = await startTestServer({}, { extraModels: [record] });
  token = await t.signIn(TENANT, 'admin');
  const reservoirs = await t.db.query<{ id: string }>('SELECT id::text AS id FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY id LIMIT 2', [
    TENANT,
  ]);
  [busy, quiet] = reservoirs.rows.map((row) => row.id);
  await insertRecords(busy, 300, 0, 3_000_000_000);
  await insertRecords(quiet, 40, 10, 3_100_000_000);
  // What autovacuum does on a live system: statistics for the estimate, the visibility map for index-only counts.
  await t.db.query('VACUUM ANALYZE test_count_record');
});

afterAll(async () => {
  if (previousLimit === undefined) delete process.env.LIST_COUNT_LIMIT;
  else process.env.LIST_COUNT_LIMIT = previousLimit;
  await t?.close();
});

describe('the total of a list', () => {
  it('is the planner’s estimate above the count limit, flagged totalIsEstimate, and still a number above the limit', async () => {
    const page = await list();
    expect(page.data.totalIsEstimate).toBe(true);
    expect(typeof page.data.total).toBe('number');
    expect(page.data.total).toBeGreaterThan(COUNT_LIMIT);
    expect(page.data.records).toHaveLength(10);
    expect(page.data.pages).toBe(Math.ceil(page.data.total / 10));
  });

  it('is an estimate for a filter with more matches than the limit', async () => {
    const page = await list(`&reservoirId=${busy}`);
    expect(page.data).toMatchObject({ totalIsEstimate: true });
    expect(page.data.total).toBeGreaterThan(COUNT_LIMIT);
  });

  it('is exact below the limit, without the flag, and leaves out deleted rows', async () => {
    const page = await list(`&reservoirId=${quiet}`);
    expect(page.data).toMatchObject({ total: 40, pages: 4 });
    expect(page.data).not.toHaveProperty('totalIsEstimate');
  });
});

describe('the count of a list filtered by a reference', () => {
  it('reads only the index, with the data scope’s creator and department in the WHERE', async () => {
    const scope = { tenantId: TENANT, restriction: { userIds: ['1'], deptIds: ['2'] } };
    const filter = { field: record.field.get('reservoirId')!, op: 'eq' as const, value: busy };
    const { count } = buildPageQueries(record, scope, [filter], record.order, 1, 10);
    const client = await t.db.connect();
    try {
      // A table this small would be read whole; the question is whether the index alone can answer.
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      await client.query('SET LOCAL enable_bitmapscan = off');
      const plan = (await client.query(`EXPLAIN (ANALYZE, COSTS OFF) ${count.text}`, count.values)).rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/Index Only Scan using \S*reservoir_id\S* on test_count_record/);
      expect(plan).toContain('Heap Fetches: 0');
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});

describe('a database the earlier planner made', () => {
  it('gets the live index and loses the earlier one on all rows', async () => {
    await t.db.query('CREATE INDEX ix_test_count_record_reservoir_id_start_time ON test_count_record (tenant_id, reservoir_id, start_time)');
    const plan = await migrate(t.db, [record]);
    expect(plan.statements.map((s) => s.sql)).toContain('DROP INDEX IF EXISTS "ix_test_count_record_reservoir_id_start_time"');
    const indexes = await t.db.query<{ name: string; definition: string }>(
      `SELECT indexname AS name, indexdef AS definition FROM pg_indexes WHERE tablename = 'test_count_record' AND indexdef LIKE '%(tenant_id, reservoir_id%'`,
    );
    expect(indexes.rows).toHaveLength(1);
    expect(indexes.rows[0].definition).toMatch(/\(tenant_id, reservoir_id, start_time\) INCLUDE \(create_user, create_dept\) WHERE \(is_deleted = 0\)$/);
  });
});
