/**
 * The index a list's count reads (issue 11, item 13): for a register shaped like inspection
 * records — a reservoir reference that also leads an x-indexes entry, rows of the creating
 * department (data scope) — the index on the reference holds every column of the WHERE the
 * engine writes (sqlBuilder's scopeConditions and the filter), and is partial on live rows
 * exactly as that WHERE says, so PostgreSQL can count from the index alone. An existing
 * database gets these indexes and loses only the narrower ones the planner made before.
 */
import { describe, expect, it } from 'vitest';
import { buildEntityModel } from '../../src/server/engine/entityModel.js';
import { indexDefinitions, indexName, planMigration, type ExistingState } from '../../src/server/engine/migrationPlan.js';
import { filterCondition, Params, scopeConditions } from '../../src/server/engine/sqlBuilder.js';
import { recordSchema } from './fixtures/countRecordSchema.js';

const record = buildEntityModel(recordSchema);

/** The index whose leading columns serve an equality lookup of these columns. */
function indexLeadingWith(columns: string[]) {
  const found = indexDefinitions(record).find((definition) => columns.every((column, i) => definition.columns[i] === column));
  expect(found, `an index led by ${columns.join(', ')}`).toBeDefined();
  return found!;
}

/** The column names a piece of the engine's SQL mentions ("quoted" identifiers). */
function columnsIn(sql: string): string[] {
  return [...sql.matchAll(/"([a-z_][a-z0-9_]*)"/g)].map((match) => match[1]);
}

/** The columns an index can answer from its entries alone: its keys and its INCLUDE list. */
function columnsHeldBy(sql: string): string[] {
  const keys = /\(([^)]*)\)/.exec(sql.slice(sql.indexOf(' ON ') + 4))![1];
  const include = /INCLUDE \(([^)]*)\)/.exec(sql)?.[1] ?? '';
  return columnsIn(`${keys} ${include}`);
}

describe('the index a filtered count reads', () => {
  const index = indexLeadingWith(['tenant_id', 'reservoir_id']);
  const where = (withRestriction: boolean) => {
    const params = new Params();
    const scope = { tenantId: '100001', restriction: withRestriction ? { userIds: ['7'], deptIds: ['8'] } : undefined };
    const filter = { field: record.field.get('reservoirId')!, op: 'eq' as const, value: '42' };
    return [...scopeConditions(record, scope, params), filterCondition(filter, params)];
  };

  it('is led by tenant_id and the reference, and partial on live rows exactly as the engine writes it', () => {
    expect(index.sql).toMatch(/ON "test_count_record" \("tenant_id", "reservoir_id", "start_time"\)/);
    expect(where(false)).toContain('"is_deleted" = 0');
    expect(index.sql.endsWith(' WHERE "is_deleted" = 0')).toBe(true);
  });

  it('holds every other column of the WHERE, the data scope’s creator and department included', () => {
    for (const withRestriction of [false, true]) {
      const needed = where(withRestriction)
        .filter((condition) => condition !== '"is_deleted" = 0')
        .flatMap(columnsIn);
      expect(needed.filter((column) => !columnsHeldBy(index.sql).includes(column))).toEqual([]);
    }
    expect(index.sql).toContain('INCLUDE ("create_user", "create_dept")');
  });

  it('exists for a reference no other index leads with, held the same way', () => {
    const inspector = indexLeadingWith(['tenant_id', 'inspector_id']);
    expect(inspector.sql).toBe(
      `CREATE INDEX IF NOT EXISTS ${inspector.name} ON "test_count_record" ("tenant_id", "inspector_id") INCLUDE ("create_user", "create_dept") WHERE "is_deleted" = 0`,
    );
  });

  it('reads the unfiltered count from the list-order index, held the same way', () => {
    const order = indexLeadingWith(['tenant_id', 'start_time']);
    expect(order.sql).toMatch(/\("tenant_id", "start_time" DESC, "id" DESC\) INCLUDE \("create_user", "create_dept"\) WHERE "is_deleted" = 0$/);
  });
});

describe('an existing database', () => {
  const definitions = indexDefinitions(record);
  // What the planner made before: the x-indexes entry on all rows, the lookup and list-order indexes without the scope columns.
  const earlier = ['reservoir_id_start_time', 'by_inspector_id', 'list_order'].map((suffix) => indexName('test_count_record', suffix));
  const byHand = 'ix_test_count_record_made_by_hand';
  const state: ExistingState = {
    columns: record.fields.map((f) => ({ table: record.table, column: f.column, type: f.sqlType, notNull: false, hasDefault: false })),
    indexes: new Set([...earlier, byHand]),
  };
  const statements = planMigration([record], { ...state, nullRows: new Map() }).statements.map((s) => s.sql);

  it('builds the new indexes, then drops the narrower ones the planner made before', () => {
    for (const definition of definitions) expect(statements).toContain(definition.sql);
    for (const name of earlier) {
      const dropAt = statements.indexOf(`DROP INDEX IF EXISTS "${name}"`);
      expect(dropAt, name).toBeGreaterThan(-1);
      const replacement = definitions.find((definition) => definition.replaces.includes(name))!;
      expect(dropAt).toBeGreaterThan(statements.indexOf(replacement.sql));
    }
  });

  it('never drops an index the planner did not make', () => {
    expect(statements.filter((sql) => sql.startsWith('DROP INDEX'))).toHaveLength(earlier.length);
    expect(statements.join('\n')).not.toContain(byHand);
  });

  it('plans nothing once the new indexes exist', () => {
    const current: ExistingState = { ...state, indexes: new Set(definitions.map((definition) => definition.name)) };
    expect(planMigration([record], current).statements.filter((s) => /INDEX/.test(s.sql))).toEqual([]);
  });
});
