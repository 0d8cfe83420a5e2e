/**
 * Additive migrations derived from the entity models: a missing table is
 * created, a missing column added, a missing index built. Nothing is ever
 * dropped or retyped automatically; a column whose type differs from the
 * schema is reported as a warning for a person to resolve.
 */
import crypto from 'node:crypto';
import { BASE_FIELDS, type EntityModel, type FieldModel } from './entityModel.js';
import { quoteIdent } from './naming.js';

export interface ExistingColumn {
  table: string;
  column: string;
  /** As `format_type` prints it, e.g. `character varying(64)`, `timestamp(0) without time zone`. */
  type: string;
}

export interface ExistingState {
  columns: ExistingColumn[];
  indexes: Set<string>;
}

export interface PlannedStatement {
  entity: string;
  sql: string;
}

export interface MigrationPlan {
  statements: PlannedStatement[];
  warnings: string[];
}

function literal(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return `'${String(value).replace(/'/g, "''")}'`;
}

const BASE_COLUMN_DDL: Record<string, string> = {
  id: 'bigint PRIMARY KEY',
  tenant_id: "varchar(12) NOT NULL DEFAULT '000000'",
  create_time: 'timestamp(0) NOT NULL DEFAULT LOCALTIMESTAMP(0)',
  update_time: 'timestamp(0) NOT NULL DEFAULT LOCALTIMESTAMP(0)',
  status: 'integer NOT NULL DEFAULT 1',
  is_deleted: 'integer NOT NULL DEFAULT 0',
  version: 'integer NOT NULL DEFAULT 1',
};

function columnDefinition(field: FieldModel): string {
  const base = BASE_COLUMN_DDL[field.column];
  if (field.isBase && base) return base;
  const defaultValue = field.schema.default;
  if (defaultValue === undefined) return field.sqlType;
  const encoded = field.kind === 'json' ? `${literal(JSON.stringify(defaultValue))}::jsonb` : literal(defaultValue);
  return `${field.sqlType} DEFAULT ${encoded}`;
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

interface IndexDefinition {
  name: string;
  sql: string;
}

function tenantPrefix(model: EntityModel): string[] {
  return model.scope === 'tenant' ? ['"tenant_id"'] : [];
}

export function indexDefinitions(model: EntityModel): IndexDefinition[] {
  const table = quoteIdent(model.table);
  const columnOf = (name: string) => quoteIdent(model.field.get(name)!.column);
  const definitions: IndexDefinition[] = [];
  // The default list order, so the first page of a large register is an index scan.
  const orderColumns = model.order.map((o) => `${quoteIdent(o.field.column)} ${o.direction}`);
  const orderName = indexName(model.table, 'list_order');
  definitions.push({
    name: orderName,
    sql: `CREATE INDEX IF NOT EXISTS ${orderName} ON ${table} (${[...tenantPrefix(model), ...orderColumns].join(', ')}) WHERE "is_deleted" = 0`,
  });
  if (model.tree) {
    const name = indexName(model.table, 'parent');
    definitions.push({ name, sql: `CREATE INDEX IF NOT EXISTS ${name} ON ${table} (${[...tenantPrefix(model), columnOf(model.tree.parentField)].join(', ')})` });
  }
  for (const fields of model.indexes) {
    const name = indexName(model.table, fields.map((f) => model.field.get(f)!.column).join('_'));
    definitions.push({ name, sql: `CREATE INDEX IF NOT EXISTS ${name} ON ${table} (${[...tenantPrefix(model), ...fields.map(columnOf)].join(', ')})` });
  }
  for (const rule of model.unique) {
    const name = indexName(model.table, `uq_${rule.fields.map((f) => model.field.get(f)!.column).join('_')}`);
    definitions.push({
      name,
      sql: `CREATE UNIQUE INDEX IF NOT EXISTS ${name} ON ${table} (${[...tenantPrefix(model), ...rule.fields.map(columnOf)].join(', ')}) WHERE "is_deleted" = 0`,
    });
  }
  return definitions;
}

export function planMigration(models: EntityModel[], existing: ExistingState): MigrationPlan {
  const statements: PlannedStatement[] = [];
  const warnings: string[] = [];
  for (const model of models) {
    const table = quoteIdent(model.table);
    const present = existing.columns.filter((c) => c.table === model.table);
    if (present.length === 0) {
      const columns = model.fields.map((f) => `${quoteIdent(f.column)} ${columnDefinition(f)}`);
      statements.push({ entity: model.id, sql: `CREATE TABLE ${table} (${columns.join(', ')})` });
    } else {
      for (const field of model.fields) {
        const column = present.find((c) => c.column === field.column);
        if (!column) {
          const definition = columnDefinition(field).replace(' PRIMARY KEY', '');
          statements.push({ entity: model.id, sql: `ALTER TABLE ${table} ADD COLUMN ${quoteIdent(field.column)} ${definition}` });
        } else if (isLosslessWidening(column.type, field.sqlType)) {
          statements.push({ entity: model.id, sql: `ALTER TABLE ${table} ALTER COLUMN ${quoteIdent(field.column)} TYPE ${field.sqlType}` });
        } else if (column.type !== printedType(field.sqlType) && !(field.column in BASE_COLUMN_DDL && field.column !== 'id')) {
          warnings.push(
            `${model.id}: column ${model.table}.${field.column} is ${column.type} in the database but ${field.sqlType} in the schema; not changed automatically`,
          );
        }
      }
    }
    for (const index of indexDefinitions(model)) {
      if (!existing.indexes.has(index.name)) statements.push({ entity: model.id, sql: index.sql });
    }
  }
  return { statements, warnings };
}

/** Fields a table for this model must hold, for tests and tools. */
export const baseColumnNames = Object.keys(BASE_FIELDS);
