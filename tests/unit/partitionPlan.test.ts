/**
 * x-partition: a register's table partitioned by year of a required datetime
 * (or date) field — what the schema must hold, and the DDL the migration plan
 * writes: the partitioned table with the primary key (id, field), a partition
 * per year from ten back to two ahead plus a default one, the years a later
 * run is missing (moving their rows out of the default partition), nothing
 * twice, and no conversion of an existing unpartitioned table.
 */
import { describe, expect, it } from 'vitest';
import type { EntitySchema } from '../../src/shared/entitySchema.js';
import { buildEntityModel, type EntityModel } from '../../src/server/engine/entityModel.js';
import {
  indexDefinitions,
  mustBeNotNull,
  partitionYears,
  planMigration,
  type ExistingColumn,
  type ExistingState,
} from '../../src/server/engine/migrationPlan.js';
import { thrownBy } from './fixtures.js';

function schemaOf(change: Partial<EntitySchema> = {}, observeTime: Record<string, unknown> = {}): EntitySchema {
  return {
    $id: 'test/sample',
    title: '采样',
    'x-title-en': 'Sample',
    type: 'object',
    'x-table': 'test_sample',
    'x-partition': { field: 'observeTime', interval: 'year' },
    'x-unique': [{ fields: ['stationId', 'observeTime'], message: '已存在', 'message-en': 'Exists' }],
    required: ['stationId', 'observeTime'],
    properties: {
      stationId: { type: 'string', 'x-id': true, title: '测站', 'x-en': 'Station' },
      observeTime: { type: 'string', format: 'datetime', title: '观测时间', 'x-en': 'Observed at', ...observeTime },
      day: { type: 'string', format: 'date', title: '日期', 'x-en': 'Day' },
      value: { type: 'number', title: '测值', 'x-en': 'Value' },
    },
    ...change,
  } as EntitySchema;
}

const model = buildEntityModel(schemaOf());
// 2026-01-01 01:00 in Asia/Shanghai, still 2025 in UTC: the window follows the stored (Shanghai) year.
const NOW = new Date('2025-12-31T17:00:00Z');
const YEARS = Array.from({ length: 13 }, (_, i) => 2016 + i);

function sqlOf(state: ExistingState, now = NOW, models: EntityModel[] = [model]): string[] {
  return planMigration(models, state, { now }).statements.map((statement) => statement.sql);
}

/** How PostgreSQL's format_type prints the types the engine creates. */
function printed(sqlType: string): string {
  return sqlType.replace('varchar', 'character varying').replace('timestamp(0)', 'timestamp(0) without time zone');
}

/** The database after the first plan ran: the table, its indexes and the partitions of these years. */
function migrated(years: number[], withDefault = true, partitioned = true): ExistingState {
  const tables = [model.table, ...years.map((year) => `${model.table}_y${year}`), ...(withDefault ? [`${model.table}_default`] : [])];
  const columns: ExistingColumn[] = tables.flatMap((table) =>
    model.fields.map((field) => ({
      table,
      column: field.column,
      type: printed(field.sqlType),
      notNull: mustBeNotNull(field) || field.column === 'id',
      hasDefault: field.schema.default !== undefined && field.column !== 'tenant_id',
    })),
  );
  return { columns, indexes: new Set(indexDefinitions(model).map((index) => index.name)), partitionedTables: new Set(partitioned ? [model.table] : []) };
}

describe('the schema', () => {
  it('accepts a required datetime field that every x-unique set includes', () => {
    expect(model.partition).toMatchObject({ field: { name: 'observeTime' }, interval: 'year' });
  });

  const refusals: [string, EntitySchema, RegExp][] = [
    ['an unknown field', schemaOf({ 'x-partition': { field: 'observedAt', interval: 'year' } }), /x-partition\.field: unknown field "observedAt"/],
    ['a field that is not a time', schemaOf({ 'x-partition': { field: 'value', interval: 'year' } }), /"value" must be a string of format datetime or date/],
    ['a field that is not required', schemaOf({ required: ['stationId'] }), /"observeTime" must be required/],
    [
      'a unique set without the field',
      schemaOf({ 'x-unique': [{ fields: ['stationId'], message: '已存在', 'message-en': 'Exists' }] }),
      /x-unique\[0\]: \[stationId\] must include the partition field "observeTime"/,
    ],
    ['an interval other than a year', schemaOf({ 'x-partition': { field: 'observeTime', interval: 'month' as 'year' } }), /"month" is not an interval/],
  ];
  for (const [what, schema, message] of refusals) {
    it(`refuses ${what}, naming the schema and the property`, () => {
      expect(String(thrownBy(() => buildEntityModel(schema)))).toMatch(message);
      expect(String(thrownBy(() => buildEntityModel(schema)))).toMatch(/schema test\/sample/);
    });
  }
});

describe('a new table', () => {
  const sql = sqlOf({ columns: [], indexes: new Set() });

  it('is partitioned by range of the field, with the primary key (id, field)', () => {
    const create = sql.find((statement) => statement.startsWith('CREATE TABLE "test_sample" ('))!;
    expect(create).toMatch(/PRIMARY KEY \("id", "observe_time"\)\) PARTITION BY RANGE \("observe_time"\)$/);
    expect(create).toContain('"id" bigint NOT NULL,');
    expect(create).not.toMatch(/"id" bigint PRIMARY KEY/);
  });

  it('gets a partition per year from ten years back to two ahead (of the Shanghai year), then the default one', () => {
    expect(partitionYears(NOW)).toEqual(YEARS);
    const partitions = sql.filter((statement) => statement.includes('PARTITION OF'));
    expect(partitions).toEqual([
      ...YEARS.map(
        (year) => `CREATE TABLE "test_sample_y${year}" PARTITION OF "test_sample" FOR VALUES FROM ('${year}-01-01 00:00:00') TO ('${year + 1}-01-01 00:00:00')`,
      ),
      'CREATE TABLE "test_sample_default" PARTITION OF "test_sample" DEFAULT',
    ]);
    // Partitions come after their table, indexes after the partitions (declared once, on the table).
    const index = (pattern: string) => sql.findIndex((statement) => statement.startsWith(pattern));
    expect(index('CREATE TABLE "test_sample" (')).toBeLessThan(index('CREATE TABLE "test_sample_y2016"'));
    expect(index('CREATE TABLE "test_sample_default"')).toBeLessThan(index('CREATE UNIQUE INDEX'));
  });

  it('has its unique index over the tenant, the station and the time', () => {
    expect(sql.find((statement) => statement.startsWith('CREATE UNIQUE INDEX'))).toMatch(
      /\("tenant_id", "station_id", "observe_time"\) WHERE "is_deleted" = 0$/,
    );
  });

  it('bounds a date field by dates', () => {
    const byDay = buildEntityModel(
      schemaOf({ 'x-partition': { field: 'day', interval: 'year' }, 'x-unique': [], required: ['stationId', 'observeTime', 'day'] }),
    );
    expect(sqlOf({ columns: [], indexes: new Set() }, NOW, [byDay])).toContain(
      `CREATE TABLE "test_sample_y2026" PARTITION OF "test_sample" FOR VALUES FROM ('2026-01-01') TO ('2027-01-01')`,
    );
  });

  it('an unpartitioned register is created as before', () => {
    const plain = buildEntityModel(schemaOf({ 'x-partition': undefined }));
    const statements = sqlOf({ columns: [], indexes: new Set() }, NOW, [plain]);
    expect(statements.find((statement) => statement.startsWith('CREATE TABLE'))).toMatch(/"id" bigint PRIMARY KEY/);
    expect(statements.some((statement) => statement.includes('PARTITION'))).toBe(false);
  });
});

describe('later runs', () => {
  it('add nothing when every partition of the window exists', () => {
    expect(sqlOf(migrated(YEARS))).toEqual([]);
  });

  it('add the years the window moved on to, moving their rows out of the default partition before attaching', () => {
    const nextYear = new Date('2026-12-31T17:00:00Z');
    expect(sqlOf(migrated(YEARS), nextYear)).toEqual([
      'CREATE TABLE "test_sample_y2029" (LIKE "test_sample" INCLUDING DEFAULTS INCLUDING CONSTRAINTS)',
      `WITH moved AS (DELETE FROM "test_sample_default" WHERE "observe_time" >= '2029-01-01 00:00:00' AND "observe_time" < '2030-01-01 00:00:00' RETURNING *) INSERT INTO "test_sample_y2029" SELECT * FROM moved`,
      `ALTER TABLE "test_sample" ATTACH PARTITION "test_sample_y2029" FOR VALUES FROM ('2029-01-01 00:00:00') TO ('2030-01-01 00:00:00')`,
    ]);
  });

  it('keep old partitions that left the window (nothing is dropped)', () => {
    const sql = sqlOf(migrated([2010, ...YEARS]));
    expect(sql).toEqual([]);
  });

  it('recreate a missing default partition', () => {
    expect(sqlOf(migrated(YEARS, false))).toEqual(['CREATE TABLE "test_sample_default" PARTITION OF "test_sample" DEFAULT']);
  });

  it('do not convert an existing table that is not partitioned: a warning says so', () => {
    const plan = planMigration([model], migrated([], false, false), { now: NOW });
    expect(plan.statements).toEqual([]);
    expect(plan.warnings).toEqual([expect.stringMatching(/test_sample exists and is not partitioned.*not converted automatically/)]);
  });
});
