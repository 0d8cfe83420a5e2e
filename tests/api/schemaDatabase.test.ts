/**
 * The database follows the schemas: required fields are NOT NULL, every
 * reference and eq-search column has a tenant-led partial index, tenant_id has
 * no default (a forgotten tenant fails), a second start plans nothing, and an
 * existing table whose column became required keeps every row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/server/db/migrate.js';
import { buildEntityModel } from '../../src/server/engine/entityModel.js';
import { entityModels } from '../../src/server/engine/entityRegistry.js';
import { indexDefinitions } from '../../src/server/engine/migrationPlan.js';
import type { EntitySchema } from '../../src/shared/entitySchema.js';
import { startTestServer, type TestServer } from './testServer.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

describe('a fresh database', () => {
  it('has NOT NULL on every required column', async () => {
    const columns = await t.db.query<{ table: string; column: string; nullable: string }>(
      `SELECT table_name AS "table", column_name AS "column", is_nullable AS nullable FROM information_schema.columns WHERE table_schema = current_schema()`,
    );
    const nullable = new Set(columns.rows.filter((c) => c.nullable === 'YES').map((c) => `${c.table}.${c.column}`));
    const required = entityModels().flatMap((m) => m.fields.filter((f) => f.isRequired).map((f) => `${m.table}.${f.column}`));
    expect(required.length).toBeGreaterThan(100);
    expect(required.filter((column) => nullable.has(column))).toEqual([]);
  });

  it('has every planned index, including the partial lookup indexes of references and eq columns', async () => {
    const present = new Set(
      (await t.db.query<{ name: string }>(`SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema()`)).rows.map((r) => r.name),
    );
    const planned = entityModels().flatMap((m) => indexDefinitions(m).map((i) => i.name));
    expect(planned.filter((name) => !present.has(name))).toEqual([]);
    const lookup = await t.db.query<{ definition: string }>(
      `SELECT indexdef AS definition FROM pg_indexes WHERE indexname = 'ix_urgent_depository_by_reservoir_id_cover'`,
    );
    expect(lookup.rows[0].definition).toMatch(/\(tenant_id, reservoir_id\) INCLUDE \(create_user, create_dept\) WHERE \(is_deleted = 0\)/);
  });

  it('gives tenant_id no default, so an insert that forgets the tenant fails', async () => {
    const defaults = await t.db.query<{ table: string }>(
      `SELECT table_name AS "table" FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'tenant_id' AND column_default IS NOT NULL`,
    );
    expect(defaults.rows).toEqual([]);
    await expect(t.db.query(`INSERT INTO blade_param (id, param_name, param_key, param_value) VALUES (1, 'n', 'forgotten.tenant', 'v')`)).rejects.toThrow(
      /null value in column "tenant_id"/,
    );
  });

  it('counts a tenant’s live rows of one reference from the index alone', async () => {
    const client = await t.db.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      await client.query('SET LOCAL enable_bitmapscan = off');
      const plan = await client.query(`EXPLAIN SELECT count(*) FROM urgent_depository WHERE tenant_id = '000000' AND is_deleted = 0 AND reservoir_id = 1`);
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Index Only Scan using ix_urgent_depository_by_reservoir_id_cover/);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('plans nothing on a second start', async () => {
    const plan = await migrate(t.db, entityModels());
    expect(plan).toEqual({ statements: [], warnings: [], notices: [] });
  });
});

/** A small register of its own table, so this file can change it freely. */
function probeSchema(required: string[], defaultKind?: number): EntitySchema {
  return {
    $id: 'test/nullProbe',
    title: '空值探针',
    'x-title-en': 'Null probe',
    type: 'object',
    'x-table': 'test_null_probe',
    required,
    properties: {
      label: { type: 'string', maxLength: 32, title: '名称', 'x-en': 'Label' },
      kind: { type: 'integer', title: '种类', 'x-en': 'Kind', ...(defaultKind === undefined ? {} : { default: defaultKind }) },
    },
  } as EntitySchema;
}

async function isNullable(column: string): Promise<boolean> {
  const result = await t.db.query(`SELECT is_nullable FROM information_schema.columns WHERE table_name = 'test_null_probe' AND column_name = $1`, [column]);
  return result.rows[0].is_nullable === 'YES';
}

describe('an existing table whose column became required', () => {
  beforeAll(async () => {
    await migrate(t.db, [buildEntityModel(probeSchema([]))]);
    // As an older start left it: tenant_id with the default it used to have.
    await t.db.query(`ALTER TABLE test_null_probe ALTER COLUMN tenant_id SET DEFAULT '000000'`);
    await t.db.query(
      `INSERT INTO test_null_probe (id, tenant_id, label, kind) VALUES (1, '000000', 'a', 2), (2, '000000', NULL, NULL), (3, '000000', NULL, NULL)`,
    );
    await t.db.query(`UPDATE test_null_probe SET is_deleted = 1 WHERE id = 3`);
  });

  it('stays nullable while rows hold NULL and there is no default, with a warning; no row changes; start-up goes on', async () => {
    const plan = await migrate(t.db, [buildEntityModel(probeSchema(['label', 'kind']))]);
    expect(plan.statements.map((s) => s.sql)).toEqual(['ALTER TABLE "test_null_probe" ALTER COLUMN "tenant_id" DROP DEFAULT']);
    expect(plan.warnings).toHaveLength(2);
    expect(plan.warnings[0]).toMatch(/test_null_probe\.label .*2 rows hold NULL.*left nullable/);
    expect(await isNullable('label')).toBe(true);
    const rows = await t.db.query('SELECT id::int, label, kind FROM test_null_probe ORDER BY id');
    expect(rows.rows).toEqual([
      { id: 1, label: 'a', kind: 2 },
      { id: 2, label: null, kind: null },
      { id: 3, label: null, kind: null },
    ]);
  });

  it('fills the NULLs (deleted rows too) with the schema default when there is one, then is NOT NULL', async () => {
    const plan = await migrate(t.db, [buildEntityModel(probeSchema(['label', 'kind'], 9))]);
    expect(plan.statements.map((s) => s.sql)).toEqual([
      'UPDATE "test_null_probe" SET "kind" = 9 WHERE "kind" IS NULL',
      'ALTER TABLE "test_null_probe" ALTER COLUMN "kind" SET NOT NULL',
    ]);
    expect(plan.notices).toEqual(['test/nullProbe: 2 rows of test_null_probe holding NULL in the required column kind were given its default 9']);
    expect(plan.warnings).toHaveLength(1);
    expect(await isNullable('kind')).toBe(false);
    expect((await t.db.query('SELECT id::int, kind FROM test_null_probe ORDER BY id')).rows).toEqual([
      { id: 1, kind: 2 },
      { id: 2, kind: 9 },
      { id: 3, kind: 9 },
    ]);
  });

  it('is made NOT NULL on the next start once a person has filled the rows', async () => {
    await t.db.query(`UPDATE test_null_probe SET label = 'filled' WHERE label IS NULL`);
    const plan = await migrate(t.db, [buildEntityModel(probeSchema(['label', 'kind'], 9))]);
    expect(plan).toEqual({
      statements: [{ entity: 'test/nullProbe', sql: 'ALTER TABLE "test_null_probe" ALTER COLUMN "label" SET NOT NULL' }],
      warnings: [],
      notices: [],
    });
    expect(await isNullable('label')).toBe(false);
    expect(await migrate(t.db, [buildEntityModel(probeSchema(['label', 'kind'], 9))])).toEqual({ statements: [], warnings: [], notices: [] });
  });

  it('no longer fills a forgotten tenant', async () => {
    await expect(t.db.query(`INSERT INTO test_null_probe (id, label, kind) VALUES (4, 'b', 1)`)).rejects.toThrow(/null value in column "tenant_id"/);
  });
});
