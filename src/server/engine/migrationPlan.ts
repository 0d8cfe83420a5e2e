/**
 * Additive migrations derived from the entity models: a missing table is
 * created, a missing column added, a missing index built. No table or column
 * is ever dropped or retyped automatically; a column whose type differs from
 * the schema is reported as a warning for a person to resolve. The one thing
 * dropped is an index the planner itself made under an earlier definition,
 * once its wider replacement exists (IndexDefinition.replaces).
 *
 * Required fields are NOT NULL. On an existing database a column is made
 * NOT NULL only when no row (live or deleted: the constraint covers both)
 * holds NULL — the caller counts them first (`nullCountQueries`). When some
 * do, the field's schema default fills them (a notice says how many) and the
 * column is then tightened; without a default the column stays nullable and
 * a warning names the table, column and row count. Start-up never fails on
 * it and no value is lost; once the rows are filled the next start tightens it.
 *
 * `tenant_id` has no default, so an insert that forgets the tenant fails;
 * an older database's default is dropped (no data changes).
 *
 * A register with x-partition gets a table `PARTITION BY RANGE (<field>)` with
 * the primary key (id, <field>), one partition `<table>_y<YYYY>` per year from
 * ten years back to two ahead (the year of Asia/Shanghai, where stored times
 * live) and `<table>_default` for the rest. Every run adds the years missing
 * (the window moves on); a year whose rows already sit in the default partition
 * is created beside it, its rows moved in, and then attached, so nothing is
 * lost and attaching never fails. Indexes are declared on the parent: PostgreSQL
 * builds them on every partition. An existing table that is not partitioned is
 * not converted (a warning says so).
 */
import crypto from 'node:crypto';
import { BASE_FIELDS, type EntityModel, type FieldModel } from './entityModel.js';
import { quoteIdent } from './naming.js';

export interface ExistingColumn {
  table: string;
  column: string;
  /** As `format_type` prints it, e.g. `character varying(64)`, `timestamp(0) without time zone`. */
  type: string;
  /** The column refuses NULL (pg_attribute.attnotnull). */
  notNull: boolean;
  /** The column has a default (pg_attribute.atthasdef). */
  hasDefault: boolean;
}

export interface ExistingState {
  columns: ExistingColumn[];
  indexes: Set<string>;
  /**
   * Rows that would break NOT NULL, per `table.column`: rows holding NULL in an existing
   * column, every row of the table for a column not yet added. Counted by the caller with
   * `nullCountQueries`; a column missing here is not made NOT NULL unless a default fills it.
   */
  nullRows?: Map<string, number>;
  /**
   * Tables that are partitioned (relkind 'p'). When given, an existing table whose schema declares x-partition
   * but which is not in it is reported instead of getting partitions. Partitions themselves are ordinary tables
   * and appear in `columns`, which is how the plan knows which exist.
   */
  partitionedTables?: Set<string>;
}

export interface PlanOptions {
  /** The moment that decides the current year of the partition window (tests pass one); default now. */
  now?: Date;
}

export interface PlannedStatement {
  entity: string;
  sql: string;
}

export interface MigrationPlan {
  statements: PlannedStatement[];
  /** Differences left for a person: a retyped column, a required column left nullable. */
  warnings: string[];
  /** What the plan changed in stored rows (NULLs filled with a default), for the start-up log. */
  notices: string[];
}

function literal(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return `'${String(value).replace(/'/g, "''")}'`;
}

const BASE_COLUMN_DDL: Record<string, string> = {
  id: 'bigint PRIMARY KEY',
  // No default: an insert that forgets the tenant fails instead of landing in the platform tenant.
  tenant_id: 'varchar(12) NOT NULL',
  create_time: 'timestamp(0) NOT NULL DEFAULT LOCALTIMESTAMP(0)',
  update_time: 'timestamp(0) NOT NULL DEFAULT LOCALTIMESTAMP(0)',
  status: 'integer NOT NULL DEFAULT 1',
  is_deleted: 'integer NOT NULL DEFAULT 0',
  version: 'integer NOT NULL DEFAULT 1',
};

/** The schema default as an SQL literal, if the field has one. */
function defaultLiteral(field: FieldModel): string | undefined {
  const defaultValue = field.schema.default;
  if (defaultValue === undefined) return undefined;
  return field.kind === 'json' ? `${literal(JSON.stringify(defaultValue))}::jsonb` : literal(defaultValue);
}

/** Columns that refuse NULL: required fields, and tenant_id (every row belongs to a tenant). */
export function mustBeNotNull(field: FieldModel): boolean {
  return field.isRequired || (field.isBase && field.column === 'tenant_id');
}

/** The column's DDL; `allowNull` drops NOT NULL from a required column added to a table whose rows would break it. */
function columnDefinition(field: FieldModel, allowNull = false, partitioned = false): string {
  // A partitioned table's primary key must hold the partition key: it is declared on the table, (id, field).
  if (partitioned && field.isBase && field.column === 'id') return 'bigint NOT NULL';
  const base = BASE_COLUMN_DDL[field.column];
  if (field.isBase && base) return allowNull ? base.replace(' NOT NULL', '') : base;
  const encoded = defaultLiteral(field);
  return [field.sqlType, mustBeNotNull(field) && !allowNull ? 'NOT NULL' : undefined, encoded === undefined ? undefined : `DEFAULT ${encoded}`]
    .filter(Boolean)
    .join(' ');
}

/** How format_type prints each SQL type we create, to compare with the database. */
function printedType(sqlType: string): string {
  if (sqlType.startsWith('varchar')) return sqlType.replace('varchar', 'character varying');
  if (sqlType === 'timestamp(0)') return 'timestamp(0) without time zone';
  return sqlType;
}

/** A text column made longer (varchar(n) → varchar(m ≥ n) or text): every stored value still fits, so it is changed. */
function isLosslessWidening(current: string, target: string): boolean {
  const from = /^character varying\((\d+)\)$/.exec(current);
  if (!from) return false;
  if (target === 'text') return true;
  const to = /^varchar\((\d+)\)$/.exec(target);
  return !!to && Number(to[1]) > Number(from[1]);
}

export function indexName(table: string, suffix: string): string {
  const name = `ix_${table}_${suffix}`;
  if (name.length <= 63) return name;
  const hash = crypto.createHash('sha1').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, 54)}_${hash}`;
}

export interface IndexDefinition {
  name: string;
  sql: string;
  /** The indexed columns in order (tenant_id first on tenant registers), to tell which lookups it serves. */
  columns: string[];
  /**
   * Names an earlier planner gave this index when its definition was narrower (not partial, or
   * without the scope columns). The plan drops them once this one exists: only names the planner
   * itself produced for this register, never an index a person made.
   */
  replaces: string[];
}

function tenantPrefix(model: EntityModel): string[] {
  return model.scope === 'tenant' ? ['tenant_id'] : [];
}

/**
 * Columns a request's WHERE may hold besides tenant_id, is_deleted and its filters (sqlBuilder's
 * scopeConditions): the data scope's user and department when they hold ids, and the owner. A
 * lookup index carries them (INCLUDE), so a data-scoped count still reads the index alone. A text
 * department list (users' deptId) is matched by string_to_array and is left to the heap.
 */
export function scopeColumns(model: EntityModel): string[] {
  const fields = [...(model.dataScope ? [model.dataScope.user, model.dataScope.dept] : []), ...(model.owner ? [model.owner] : [])];
  return [...new Set(fields.filter((field) => field.isId).map((field) => field.column))];
}

/**
 * An index of the rows every engine query reads: the live ones (`WHERE "is_deleted" = 0`, as
 * scopeConditions writes it), led by tenant_id on tenant registers, carrying the scope columns.
 * So a count — the costly half of a page — is an Index Only Scan once the visibility map is set.
 * A definition that gained the scope columns gets a name of its own (`_cover`): an existing
 * database builds it and drops the narrower one it replaces.
 */
function liveIndex(model: EntityModel, suffix: string, keys: string[], columns: string[], formerSuffixes: string[]): IndexDefinition {
  const include = scopeColumns(model).filter((column) => !columns.includes(column));
  const name = indexName(model.table, include.length > 0 ? `${suffix}_cover` : suffix);
  const including = include.length > 0 ? ` INCLUDE (${include.map(quoteIdent).join(', ')})` : '';
  const replaces = [suffix, ...formerSuffixes].map((former) => indexName(model.table, former)).filter((former) => former !== name);
  return {
    name,
    sql: `CREATE INDEX IF NOT EXISTS ${name} ON ${quoteIdent(model.table)} (${keys.join(', ')})${including} WHERE "is_deleted" = 0`,
    columns,
    replaces,
  };
}

/** Longest varchar indexed for lookups: 4 bytes a character stays well inside a b-tree entry (about 2.7 kB). */
const MAX_INDEXED_VARCHAR = 255;

/**
 * A column looked up by value: every `x-search: "eq"` column and every x-ref column (the
 * referencing rows of a target, checks of a reference) — when a b-tree can hold and use it.
 * Skipped: jsonb array references (only containment finds a member; no operation asks that of
 * them today, and a GIN index cannot be led by tenant_id without the btree_gin extension while
 * it slows every write), and text or long varchar comma lists (equality on the whole list is not
 * how a member is found, and a long value would overflow a b-tree entry). A short list column
 * (a region code, varchar(12)) holds one key and is indexed like a single reference.
 */
function isLookupColumn(field: FieldModel): boolean {
  if (field.isSecret || field.isBase) return false;
  if (field.search !== 'eq' && !field.ref) return false;
  if (field.kind === 'json' || field.sqlType === 'text') return false;
  const varchar = /^varchar\((\d+)\)$/.exec(field.sqlType);
  return !varchar || Number(varchar[1]) <= MAX_INDEXED_VARCHAR;
}

function leadsWith(columns: string[], lead: string[]): boolean {
  return lead.every((column, index) => columns[index] === column);
}

/**
 * The register's indexes. Every one but the unique ones is a live index (see liveIndex): the list
 * order, the tree's parent, each x-indexes entry, and each looked-up column no other index leads
 * with. x-indexes and parent indexes were once on all rows (`ix_<table>_<columns>`,
 * `ix_<table>_parent`); a count through them visited the heap for is_deleted on every row.
 */
export function indexDefinitions(model: EntityModel): IndexDefinition[] {
  const table = quoteIdent(model.table);
  const columnOf = (name: string) => model.field.get(name)!.column;
  const quoted = (columns: string[]) => columns.map(quoteIdent);
  const tenant = tenantPrefix(model);
  const definitions: IndexDefinition[] = [];
  // The default list order, so the first page of a large register is an index scan and the unfiltered count index-only.
  const orderKeys = [...quoted(tenant), ...model.order.map((o) => `${quoteIdent(o.field.column)} ${o.direction}`)];
  definitions.push(liveIndex(model, 'list_order', orderKeys, [...tenant, ...model.order.map((o) => o.field.column)], []));
  if (model.tree) {
    const columns = [...tenant, columnOf(model.tree.parentField)];
    definitions.push(liveIndex(model, 'live_parent', quoted(columns), columns, ['parent']));
  }
  for (const fields of model.indexes) {
    const suffix = fields.map(columnOf).join('_');
    const columns = [...tenant, ...fields.map(columnOf)];
    definitions.push(liveIndex(model, `live_${suffix}`, quoted(columns), columns, [suffix]));
  }
  for (const rule of model.unique) {
    const name = indexName(model.table, `uq_${rule.fields.map(columnOf).join('_')}`);
    const columns = [...tenant, ...rule.fields.map(columnOf)];
    const sql = `CREATE UNIQUE INDEX IF NOT EXISTS ${name} ON ${table} (${quoted(columns).join(', ')}) WHERE "is_deleted" = 0`;
    definitions.push({ name, sql, columns, replaces: [] });
  }
  // One per looked-up column (eq search, reference), so "the live rows of this tenant with this
  // value" — a filtered page, its count — reads the index alone. A column an index above already
  // leads with (after tenant_id) gets none: no duplicates.
  for (const field of model.fields) {
    if (!isLookupColumn(field)) continue;
    const columns = [...tenant, field.column];
    if (definitions.some((definition) => leadsWith(definition.columns, columns))) continue;
    definitions.push(liveIndex(model, `by_${field.column}`, quoted(columns), columns, []));
  }
  return definitions;
}

const nullKey = (table: string, column: string) => `${table}.${column}`;

/** Columns of an existing table the plan would make NOT NULL, and whether each is still missing. */
function notNullCandidates(model: EntityModel, present: ExistingColumn[]): { field: FieldModel; column?: ExistingColumn }[] {
  if (present.length === 0) return [];
  return model.fields
    .filter((field) => mustBeNotNull(field))
    .map((field) => ({ field, column: present.find((c) => c.column === field.column) }))
    .filter(({ field, column }) => (column ? !column.notNull : defaultLiteral(field) === undefined));
}

/**
 * The queries that count, per existing table, the rows that would break a NOT NULL the plan
 * wants: one scan per table. Each answers one row whose properties are the column names.
 */
export function nullCountQueries(models: EntityModel[], existing: ExistingState): { table: string; sql: string }[] {
  const queries: { table: string; sql: string }[] = [];
  for (const model of models) {
    const present = existing.columns.filter((c) => c.table === model.table);
    const candidates = notNullCandidates(model, present);
    if (candidates.length === 0) continue;
    // A column not yet added would be NULL in every row; an existing one, in the rows holding NULL.
    const counts = candidates.map(({ field, column }) =>
      column
        ? `count(*) FILTER (WHERE ${quoteIdent(field.column)} IS NULL)::int AS ${quoteIdent(field.column)}`
        : `count(*)::int AS ${quoteIdent(field.column)}`,
    );
    queries.push({ table: model.table, sql: `SELECT ${counts.join(', ')} FROM ${quoteIdent(model.table)}` });
  }
  return queries;
}

/** Reads the answers of `nullCountQueries` into the map `ExistingState.nullRows` expects. */
export function nullRowsOf(answers: { table: string; row: Record<string, number> }[]): Map<string, number> {
  const rows = new Map<string, number>();
  for (const { table, row } of answers) for (const [column, count] of Object.entries(row)) rows.set(nullKey(table, column), Number(count));
  return rows;
}

/** Years of the partition window around the current one. */
export const PARTITION_YEARS_BACK = 10;
export const PARTITION_YEARS_AHEAD = 2;
/** Stored times are wall-clock times of Asia/Shanghai (UTC+8, no daylight saving): its year decides the window. */
const STORED_TIME_OFFSET_MS = 8 * 3600 * 1000;

export function partitionName(table: string, year: number | 'default'): string {
  return year === 'default' ? `${table}_default` : `${table}_y${year}`;
}

/** The window of yearly partitions a run keeps: current year − 10 … current year + 2. */
export function partitionYears(now: Date): number[] {
  const current = new Date(now.getTime() + STORED_TIME_OFFSET_MS).getUTCFullYear();
  const years: number[] = [];
  for (let year = current - PARTITION_YEARS_BACK; year <= current + PARTITION_YEARS_AHEAD; year += 1) years.push(year);
  return years;
}

function yearBound(model: EntityModel, year: number): string {
  return model.partition!.field.kind === 'date' ? `'${year}-01-01'` : `'${year}-01-01 00:00:00'`;
}

/**
 * The statements that create the missing partitions of a partitioned register. A new year while the default
 * partition exists: created beside the table, the year's rows moved in from the default one, then attached
 * (creating it as a partition would fail once the default holds a row of that year). Attaching builds the
 * table's indexes on it.
 */
export function partitionStatements(model: EntityModel, tables: Set<string>, now: Date): string[] {
  const table = quoteIdent(model.table);
  const column = quoteIdent(model.partition!.field.column);
  const fallback = partitionName(model.table, 'default');
  const hasDefault = tables.has(fallback);
  const statements: string[] = [];
  for (const year of partitionYears(now)) {
    const name = partitionName(model.table, year);
    if (tables.has(name)) continue;
    const range = `FROM (${yearBound(model, year)}) TO (${yearBound(model, year + 1)})`;
    if (!hasDefault) {
      statements.push(`CREATE TABLE ${quoteIdent(name)} PARTITION OF ${table} FOR VALUES ${range}`);
      continue;
    }
    statements.push(
      `CREATE TABLE ${quoteIdent(name)} (LIKE ${table} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`,
      `WITH moved AS (DELETE FROM ${quoteIdent(fallback)} WHERE ${column} >= ${yearBound(model, year)} AND ${column} < ${yearBound(model, year + 1)} RETURNING *) INSERT INTO ${quoteIdent(name)} SELECT * FROM moved`,
      `ALTER TABLE ${table} ATTACH PARTITION ${quoteIdent(name)} FOR VALUES ${range}`,
    );
  }
  if (!hasDefault) statements.push(`CREATE TABLE ${quoteIdent(fallback)} PARTITION OF ${table} DEFAULT`);
  return statements;
}

export function planMigration(models: EntityModel[], existing: ExistingState, options: PlanOptions = {}): MigrationPlan {
  const statements: PlannedStatement[] = [];
  const warnings: string[] = [];
  const notices: string[] = [];
  const tables = new Set(existing.columns.map((column) => column.table));
  const now = options.now ?? new Date();
  for (const model of models) {
    const table = quoteIdent(model.table);
    const present = existing.columns.filter((c) => c.table === model.table);
    const add = (sql: string) => statements.push({ entity: model.id, sql });
    const leftNullable = (field: FieldModel, rows: number | undefined) =>
      warnings.push(
        `${model.id}: column ${model.table}.${field.column} is required by the schema but ${rows === undefined ? 'its NULL rows were not counted' : `${rows} rows hold NULL`} and it has no default; left nullable (fill those rows, the next start makes it NOT NULL)`,
      );
    const partition = model.partition;
    if (present.length === 0) {
      const columns = model.fields.map((f) => `${quoteIdent(f.column)} ${columnDefinition(f, false, !!partition)}`);
      if (partition) {
        const key = quoteIdent(partition.field.column);
        add(`CREATE TABLE ${table} (${columns.join(', ')}, PRIMARY KEY ("id", ${key})) PARTITION BY RANGE (${key})`);
        for (const sql of partitionStatements(model, tables, now)) add(sql);
      } else add(`CREATE TABLE ${table} (${columns.join(', ')})`);
    } else if (partition && existing.partitionedTables && !existing.partitionedTables.has(model.table)) {
      warnings.push(
        `${model.id}: table ${model.table} exists and is not partitioned, but the schema declares x-partition on ${partition.field.name}; not converted automatically (move its rows into a partitioned table by hand)`,
      );
    } else if (partition) {
      for (const sql of partitionStatements(model, tables, now)) add(sql);
    }
    if (present.length > 0) {
      const candidates = new Set(notNullCandidates(model, present).map((c) => c.field));
      for (const field of model.fields) {
        const column = present.find((c) => c.column === field.column);
        const nullRows = existing.nullRows?.get(nullKey(model.table, field.column));
        const column_ = quoteIdent(field.column);
        if (!column) {
          // A required column without a default can be NOT NULL at once only in an empty table.
          const allowNull = candidates.has(field) && nullRows !== 0;
          if (allowNull) leftNullable(field, nullRows);
          const definition = columnDefinition(field, allowNull).replace(' PRIMARY KEY', '');
          add(`ALTER TABLE ${table} ADD COLUMN ${column_} ${definition}`);
          continue;
        }
        if (isLosslessWidening(column.type, field.sqlType)) {
          add(`ALTER TABLE ${table} ALTER COLUMN ${column_} TYPE ${field.sqlType}`);
        } else if (column.type !== printedType(field.sqlType) && !(field.column in BASE_COLUMN_DDL && field.column !== 'id')) {
          warnings.push(
            `${model.id}: column ${model.table}.${field.column} is ${column.type} in the database but ${field.sqlType} in the schema; not changed automatically`,
          );
        }
        if (candidates.has(field)) {
          const fill = defaultLiteral(field);
          if (nullRows === 0) {
            add(`ALTER TABLE ${table} ALTER COLUMN ${column_} SET NOT NULL`);
          } else if (fill !== undefined) {
            // Filling is safe without a count: the UPDATE touches only the NULL rows.
            add(`UPDATE ${table} SET ${column_} = ${fill} WHERE ${column_} IS NULL`);
            add(`ALTER TABLE ${table} ALTER COLUMN ${column_} SET NOT NULL`);
            notices.push(
              `${model.id}: ${nullRows ?? 'the'} rows of ${model.table} holding NULL in the required column ${field.column} were given its default ${fill}`,
            );
          } else {
            leftNullable(field, nullRows);
          }
        }
        if (field.isBase && field.column === 'tenant_id' && column.hasDefault) {
          // Dropping a default changes no row; it only makes a forgotten tenant fail.
          add(`ALTER TABLE ${table} ALTER COLUMN ${column_} DROP DEFAULT`);
        }
      }
    }
    const definitions = indexDefinitions(model);
    const planned = new Set(definitions.map((index) => index.name));
    for (const index of definitions) {
      if (!existing.indexes.has(index.name)) add(index.sql);
      // After its replacement is built: a lookup is never left without an index.
      for (const former of index.replaces) {
        if (existing.indexes.has(former) && !planned.has(former)) add(`DROP INDEX IF EXISTS ${quoteIdent(former)}`);
      }
    }
  }
  return { statements, warnings, notices };
}

/** Fields a table for this model must hold, for tests and tools. */
export const baseColumnNames = Object.keys(BASE_FIELDS);
