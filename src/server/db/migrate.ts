/**
 * Brings the database up to the schemas: infrastructure tables, then the
 * additive plan, applied in one transaction under an advisory lock (several
 * instances starting together do not race) and recorded statement by statement.
 * Before planning, the rows that would break a new NOT NULL are counted (one
 * scan per affected table), so the plan fills them with the schema default or
 * leaves the column nullable with a warning instead of failing the start.
 */
import type { EntityModel } from '../engine/entityModel.js';
import { nullCountQueries, nullRowsOf, planMigration, type ExistingState, type MigrationPlan, type PlanOptions } from '../engine/migrationPlan.js';
import { INFRASTRUCTURE_DDL } from './infrastructureTables.js';
import { withTransaction, type Db, type DbClient, type Queryable } from './pool.js';

const MIGRATION_LOCK_KEY = 7_245_301_118;

async function readExistingState(db: Queryable): Promise<ExistingState> {
  const columns = await db.query<{ table: string; column: string; type: string; notNull: boolean; hasDefault: boolean }>(
    `SELECT c.relname AS "table", a.attname AS "column", format_type(a.atttypid, a.atttypmod) AS "type",
            a.attnotnull AS "notNull", a.atthasdef AS "hasDefault"
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped`,
  );
  const indexes = await db.query<{ name: string }>(`SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema()`);
  // Partitioned tables (x-partition): their partitions are ordinary tables and appear among the columns above.
  const partitioned = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind = 'p'`,
  );
  return { columns: columns.rows, indexes: new Set(indexes.rows.map((r) => r.name)), partitionedTables: new Set(partitioned.rows.map((r) => r.name)) };
}

/** One migration at a time (held until the transaction ends): instances starting together do not race. */
export async function lockMigrations(client: DbClient): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
}

/**
 * The additive plan of these models against the database, taken under the migration lock
 * (held until the caller's transaction ends). The code generator plans a runtime register's
 * table in its own transaction, refuses a plan with warnings, and applies it with the rest.
 */
export async function planModels(client: DbClient, models: EntityModel[], options: PlanOptions = {}): Promise<MigrationPlan> {
  await lockMigrations(client);
  const existing = await readExistingState(client);
  const answers = [];
  for (const query of nullCountQueries(models, existing)) {
    answers.push({ table: query.table, row: (await client.query<Record<string, number>>(query.sql)).rows[0] });
  }
  return planMigration(models, { ...existing, nullRows: nullRowsOf(answers) }, options);
}

/** Runs and records a plan's statements in the caller's transaction. */
export async function applyPlan(client: DbClient, plan: MigrationPlan): Promise<void> {
  for (const statement of plan.statements) {
    await client.query(statement.sql);
    await client.query('INSERT INTO rsc_schema_migration (entity, statement) VALUES ($1, $2)', [statement.entity, statement.sql]);
  }
}

/** `options.now` moves the partition window (tests); by default it is the current year's. */
export async function migrate(db: Db, models: EntityModel[], options: PlanOptions = {}): Promise<MigrationPlan> {
  return withTransaction(db, async (client) => {
    await lockMigrations(client);
    for (const statement of INFRASTRUCTURE_DDL) await client.query(statement);
    const plan = await planModels(client, models, options);
    await applyPlan(client, plan);
    return plan;
  });
}
