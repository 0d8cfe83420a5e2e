/**
 * The prototype editor's rules, with no React: a new field, the property a
 * column name suggests, and what changing one cell does to the others (a
 * type allows certain widgets, search operators and a length). They mirror
 * the server's checks (src/server/develop/generatedSchema.ts), which decide.
 */
import type { PrototypeRow } from './developApi';

export const PROPERTY_TYPES = ['string', 'text', 'integer', 'number', 'boolean', 'date', 'datetime', 'reference'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** Widgets per type, the default first (a dictionary makes it a select). */
export const WIDGETS: Record<PropertyType, string[]> = {
  string: ['input', 'textarea', 'select', 'radio'],
  text: ['textarea', 'input'],
  integer: ['number', 'select', 'radio'],
  number: ['number', 'select', 'radio'],
  boolean: ['switch'],
  date: ['date'],
  datetime: ['datetime'],
  reference: ['tree-select'],
};

export const QUERY_TYPES: Record<PropertyType, string[]> = {
  string: ['like', 'eq'],
  text: ['like', 'eq'],
  integer: ['eq'],
  number: ['eq'],
  boolean: ['eq'],
  date: ['date-range', 'eq'],
  datetime: ['date-range', 'eq'],
  reference: ['eq'],
};

/** Types whose values may match a pattern. */
export const hasPattern = (type: PropertyType) => type === 'string' || type === 'text';
/** Types that may be labelled by a dictionary. */
export const hasDictionary = (type: PropertyType) => WIDGETS[type].includes('select');

export const DEFAULT_LENGTH = 64;

/** A row of the editor: a field plus a key that survives edits of its names. */
export type EditedField = PrototypeRow & { key: string };

let keys = 0;
export const nextKey = () => `field-${++keys}`;

export function withKey(row: PrototypeRow): EditedField {
  return { ...row, key: nextKey() };
}

export function newField(): EditedField {
  return withKey({
    jdbcName: '',
    jdbcComment: '',
    propertyName: '',
    propertyType: 'string',
    propertyLength: DEFAULT_LENGTH,
    isList: 1,
    isForm: 1,
    isRequired: 0,
    isQuery: 0,
  });
}

/** water_level → waterLevel: the property a column name suggests. */
export function propertyOfColumn(column: string): string {
  return column
    .trim()
    .replace(/_+([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())
    .replace(/_/g, '');
}

export function typeOf(row: PrototypeRow): PropertyType {
  return (PROPERTY_TYPES as readonly string[]).includes(row.propertyType) ? (row.propertyType as PropertyType) : 'string';
}

/** One cell changed: the other cells follow (property from column, widget/search/length from type). */
export function changeField(row: EditedField, patch: Partial<PrototypeRow>): EditedField {
  const next: EditedField = { ...row, ...patch };
  if (patch.jdbcName !== undefined && (!row.propertyName || row.propertyName === propertyOfColumn(row.jdbcName))) {
    next.propertyName = propertyOfColumn(patch.jdbcName);
  }
  const type = typeOf(next);
  if (patch.propertyType !== undefined) {
    next.propertyLength = type === 'string' ? (row.propertyLength ?? DEFAULT_LENGTH) : null;
    if (next.componentType && !WIDGETS[type].includes(next.componentType)) next.componentType = null;
    if (next.dictCode && !hasDictionary(type)) next.dictCode = null;
    if (type !== 'reference') next.refSchema = null;
    if (!hasPattern(type)) next.fieldPattern = null;
  }
  // Several dictionary entries are a text field's, comma-joined; a pattern is then the server's.
  if (!next.dictCode || type !== 'string') next.dictMultiple = 0;
  if (next.dictCode) next.fieldPattern = null;
  if (!next.isUnique) next.uniqueWith = null;
  if (next.queryType && !QUERY_TYPES[type].includes(next.queryType)) next.queryType = null;
  if (!next.isQuery) next.queryType = null;
  if (!next.isForm) next.isRequired = 0;
  return next;
}

/** The rows as the server takes them: in order, without the editor's keys. */
export function toSubmitted(rows: EditedField[]): PrototypeRow[] {
  return rows.map(({ key: _key, ...row }, index) => ({ ...row, sort: index + 1 }));
}
