/**
 * What the code generator reads of a data source: table names and column
 * definitions, never a row. Engine-owned tables are never offered nor
 * described — blade_*, rsc_*, gen_* and the table of any registered schema —
 * because they hold every tenant's rows and secrets, and a generated register
 * must never be pointed at them.
 */
import { forbidden, notFound } from '../http/apiError.js';
import type { CatalogReader } from './datasourceConnection.js';

/** Prefixes of the tables the platform itself owns (system, infrastructure, generated registers). */
const ENGINE_PREFIXES = /^(blade|rsc|gen)_/i;

export interface TableSummary {
  tableName: string;
  tableComment: string | null;
}

export interface TableColumn {
  name: string;
  /** As PostgreSQL prints it (format_type), e.g. `character varying(64)`. */
  type: string;
  comment: string | null;
  isNullable: boolean;
}

export interface TableInfo extends TableSummary {
  columns: TableColumn[];
}

export function isEngineOwnedTable(name: string, registeredTables: ReadonlySet<string>): boolean {
  return ENGINE_PREFIXES.test(name) || registeredTables.has(name) || registeredTables.has(name.toLowerCase());
}

/**
 * Tables and views of the connection's current schema, engine-owned ones left out. A partition is
 * part of its table (the readings' yearly partitions), so only whole tables are listed.
 */
export async function listTables(reader: CatalogReader, registeredTables: ReadonlySet<string>): Promise<TableSummary[]> {
  const result = await reader.query<TableSummary>(
    `SELECT c.relname AS "tableName", obj_description(c.oid, 'pg_class') AS "tableComment"
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm') AND NOT c.relispartition
      ORDER BY c.relname`,
  );
  return result.rows.filter((table) => !isEngineOwnedTable(table.tableName, registeredTables));
}

/** The columns of one table; engine-owned tables are refused and unknown ones are a 404. */
export async function describeTable(reader: CatalogReader, tableName: string, registeredTables: ReadonlySet<string>): Promise<TableInfo> {
  if (isEngineOwnedTable(tableName, registeredTables)) {
    throw forbidden('系统自身的数据表不能用于代码生成', "The platform's own tables cannot be used by the code generator");
  }
  const table = await reader.query<{ oid: number; tableComment: string | null; rootName: string }>(
    `SELECT c.oid, obj_description(c.oid, 'pg_class') AS "tableComment",
            (SELECT r.relname FROM pg_class r WHERE r.oid = coalesce(pg_partition_root(c.oid), c.oid)) AS "rootName"
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm') AND c.relname = $1`,
    [tableName],
  );
  const found = table.rows[0];
  if (!found) throw notFound('数据表不存在', 'The table does not exist');
  // A partition of an engine-owned table (monitor_reading_y2026) is that table's data.
  if (isEngineOwnedTable(found.rootName, registeredTables)) {
    throw forbidden('系统自身的数据表不能用于代码生成', "The platform's own tables cannot be used by the code generator");
  }
  const columns = await reader.query<TableColumn>(
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, col_description(a.attrelid, a.attnum) AS comment,
            NOT a.attnotnull AS "isNullable"
       FROM pg_attribute a
      WHERE a.attrelid = $1 AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY a.attnum`,
    [found.oid],
  );
  return { tableName, tableComment: found.tableComment, columns: columns.rows };
}
