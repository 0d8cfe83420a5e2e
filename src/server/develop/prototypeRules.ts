/**
 * A table's columns as model prototypes: a column name the generator accepts,
 * a camelCase property, the property type PostgreSQL's type maps to, and
 * sensible surfaces (listed, in the form, required when NOT NULL). The
 * engine's base columns are left out: every generated register gets them anyway.
 */
import { BASE_FIELDS } from '../engine/entityModel.js';
import { toSnakeCase } from '../engine/naming.js';
import { DEFAULT_STRING_LENGTH, type PropertyType, type PrototypeRow } from './generatedSchema.js';
import type { TableColumn } from './tableCatalog.js';

export interface DerivedPrototype extends PrototypeRow {
  jdbcType: string;
  propertyEntity: string;
  isRow: number;
}

const BASE_COLUMNS = new Set(Object.keys(BASE_FIELDS).map(toSnakeCase));

/** Java types as Saber's prototypes record them; informational. */
const ENTITY_TYPES: Record<PropertyType, string> = {
  string: 'java.lang.String',
  text: 'java.lang.String',
  integer: 'java.lang.Integer',
  number: 'java.lang.Double',
  boolean: 'java.lang.Boolean',
  date: 'java.time.LocalDate',
  datetime: 'java.time.LocalDateTime',
  reference: 'java.lang.Long',
};

/** A column name the generator accepts: lower case, letters, digits and underscores, starting with a letter. */
export function columnNameOf(name: string): string {
  const cleaned = name
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+/, '');
  const named = /^[a-z]/.test(cleaned) ? cleaned : `f_${cleaned}`;
  return named.slice(0, 41).replace(/_+$/, '') || 'field';
}

/** water_level → waterLevel. */
export function propertyNameOf(column: string): string {
  return column
    .replace(/_+([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())
    .replace(/_/g, '')
    .slice(0, 41);
}

/** The property type and length for a PostgreSQL type as format_type prints it. */
export function propertyTypeOf(sqlType: string): { type: PropertyType; length?: number } {
  const type = sqlType.toLowerCase();
  const sized = /^(character varying|varchar|character|char|bpchar)\((\d+)\)/.exec(type);
  if (sized) return { type: 'string', length: Math.min(Number(sized[2]), 4000) };
  if (/^(smallint|integer|int2|int4|smallserial|serial)$/.test(type)) return { type: 'integer' };
  // 64-bit integers (usually ids) exceed what a JSON number holds exactly: kept as text.
  if (/^(bigint|int8|bigserial)$/.test(type)) return { type: 'string', length: 20 };
  if (/^(numeric|decimal|real|double precision|float4|float8|money)/.test(type)) return { type: 'number' };
  if (type === 'boolean') return { type: 'boolean' };
  if (type === 'date') return { type: 'date' };
  if (type.startsWith('timestamp')) return { type: 'datetime' };
  if (/^(text|json|jsonb|xml)$/.test(type)) return { type: 'text' };
  if (type === 'uuid') return { type: 'string', length: 36 };
  if (type.startsWith('time')) return { type: 'string', length: 32 };
  return { type: 'string', length: DEFAULT_STRING_LENGTH };
}

/** The prototype of one column, or undefined for a base column the engine adds itself. */
export function prototypeOfColumn(column: TableColumn, sort: number): DerivedPrototype | undefined {
  const jdbcName = columnNameOf(column.name);
  if (BASE_COLUMNS.has(jdbcName)) return undefined;
  const { type, length } = propertyTypeOf(column.type);
  return {
    jdbcName,
    jdbcType: column.type,
    jdbcComment: (column.comment?.trim() || column.name).slice(0, 64),
    propertyName: propertyNameOf(jdbcName),
    propertyType: type,
    propertyLength: length ?? null,
    propertyEntity: ENTITY_TYPES[type],
    isList: type === 'text' ? 0 : 1,
    isForm: 1,
    isRow: type === 'text' ? 1 : 0,
    isRequired: column.isNullable ? 0 : 1,
    isQuery: 0,
    queryType: null,
    componentType: null,
    dictCode: null,
    dictMultiple: 0,
    refSchema: null,
    isUnique: 0,
    sort,
  };
}

/** The prototypes of a table's columns, in column order. */
export function prototypesOfColumns(columns: TableColumn[]): DerivedPrototype[] {
  const rows: DerivedPrototype[] = [];
  for (const column of columns) {
    const row = prototypeOfColumn(column, rows.length + 1);
    if (row) rows.push(row);
  }
  return rows;
}
