/**
 * What each surface of a page shows, read from the client schema alone:
 * list columns (x-list), search fields (x-search), form fields (writable,
 * x-form not false) with the widget their type or x-component asks for, and
 * labels in the console's language. Pure functions, no React.
 */
import type { ClientFieldSchema, ClientSchema } from '../../shared/clientSchema';

export type Language = 'zh' | 'en';

export interface SchemaField {
  name: string;
  schema: ClientFieldSchema;
}

export type WidgetKind = 'input' | 'textarea' | 'number' | 'select' | 'radio' | 'switch' | 'date' | 'datetime' | 'tree-select' | 'password';

export function entityTitle(schema: ClientSchema, language: Language): string {
  return language === 'en' ? schema['x-title-en'] : schema.title;
}

export function fieldLabel(field: ClientFieldSchema, language: Language): string {
  return language === 'en' ? field['x-en'] : field.title;
}

/** A label inside a sentence ("Enter parameter name"): English loses its capital unless it is an acronym (ID). */
export function inlineLabel(label: string, language: Language): string {
  if (language !== 'en' || label.length < 2 || label[1] !== label[1].toLowerCase()) return label;
  return label[0].toLowerCase() + label.slice(1);
}

function fieldsOf(schema: ClientSchema): SchemaField[] {
  return Object.entries(schema.properties).map(([name, field]) => ({ name, schema: field }));
}

/**
 * Fields only a child row of a tree uses: required unless the row is a root
 * (`x-required-unless: {field: <parent field>, value: <root value>}`), like a
 * dictionary entry's key. A root's form and table leave them out.
 */
export function isChildOnlyField(schema: ClientSchema, field: ClientFieldSchema): boolean {
  const rule = field['x-required-unless'];
  return !!rule && !!schema['x-tree'] && rule.field === schema['x-tree'].parentField;
}

export interface SurfaceOptions {
  /** Rows shown are roots of a tree: leave out the parent field and child-only fields. */
  isRootLevel?: boolean;
}

function hiddenAtRoot(schema: ClientSchema, field: SchemaField, options: SurfaceOptions): boolean {
  if (!options.isRootLevel) return false;
  return field.name === schema['x-tree']?.parentField || isChildOnlyField(schema, field.schema);
}

export function listFields(schema: ClientSchema, options: SurfaceOptions = {}): SchemaField[] {
  return fieldsOf(schema).filter((f) => f.schema['x-list'] === true && !hiddenAtRoot(schema, f, options));
}

/** Search fields of the schema's own properties; base columns (createTime …) are searched through the API only. */
export function searchFields(schema: ClientSchema, options: SurfaceOptions = {}): SchemaField[] {
  return fieldsOf(schema).filter((f) => f.schema['x-search'] !== undefined && !f.schema['x-base'] && !hiddenAtRoot(schema, f, options));
}

export function formFields(schema: ClientSchema, options: SurfaceOptions = {}): SchemaField[] {
  return fieldsOf(schema).filter((f) => !f.schema['x-base'] && !f.schema.readOnly && f.schema['x-form'] !== false && !hiddenAtRoot(schema, f, options));
}

/** Fields shown on a detail page: the form's fields but write-only secrets, then when the record was created and last changed. */
export function detailFields(schema: ClientSchema): SchemaField[] {
  const own = fieldsOf(schema).filter((f) => !f.schema['x-base'] && f.schema['x-form'] !== false && !f.schema.writeOnly);
  const stamps = ['createTime', 'updateTime'].filter((name) => schema.properties[name]).map((name) => ({ name, schema: schema.properties[name] }));
  return [...own, ...stamps];
}

export function widgetOf(field: ClientFieldSchema): WidgetKind {
  const explicit = field['x-component'] as WidgetKind | undefined;
  if (explicit) return explicit;
  // A reference is chosen from the referenced register (its tree, or its options), never typed as an id.
  if (field['x-ref']) return 'tree-select';
  if (field['x-dict'] || field.enum) return 'select';
  if (field.type === 'boolean') return 'switch';
  if (field.type === 'integer' || field.type === 'number') return 'number';
  if (field.format === 'date') return 'date';
  if (field.format === 'datetime') return 'datetime';
  if (field.type === 'string' && (field.maxLength ?? 0) > 500) return 'textarea';
  return 'input';
}

/** Takes the full row of the form (textareas and long texts). */
export function isWideWidget(kind: WidgetKind): boolean {
  return kind === 'textarea';
}

/** A dictionary key (always a string) typed like the field it labels. */
export function typedKey(field: ClientFieldSchema, key: string): string | number {
  if ((field.type === 'integer' || field.type === 'number') && key.trim() !== '' && !Number.isNaN(Number(key))) return Number(key);
  return key;
}

/** A label column wide enough for the longest label of a form (CJK characters are about twice as wide). */
export function labelWidthOf(labels: readonly string[]): number {
  const widest = Math.max(0, ...labels.map((label) => [...label].reduce((width, char) => width + (/[\u2E80-\uFFEF]/.test(char) ? 14 : 7.5), 0)));
  return Math.min(200, Math.max(96, Math.ceil(widest + 40)));
}

/**
 * A reference field that holds several ids joined by commas (roleId "1,2"):
 * it refers to another register (x-ref) but is not a single id (x-id).
 */
/** Several dictionary keys joined by commas (a reservoir's main functions "1,2"): a string whose pattern is a comma list. */
export function isDictList(field: ClientFieldSchema): boolean {
  return field.type === 'string' && !!field['x-dict'] && /\(,/.test(field.pattern ?? '');
}

/**
 * The reference a field's picker and labels load: its register, with the field's tree query when it has one
 * (a township picks among the towns of the user's county). One key per distinct tree.
 */
export function referenceKey(field: ClientFieldSchema): string | undefined {
  const refId = field['x-ref'];
  if (!refId) return undefined;
  const query = field['x-ref-query'];
  return query && Object.keys(query).length > 0 ? `${refId}?${new URLSearchParams(query)}` : refId;
}

/**
 * A reference key (`system/region?parentCode={deptRegionCode}&maxLevel=4`, see referenceKey) as the register and
 * the query to send, with the signed-in user's values filled in; a parameter left empty is dropped.
 */
export function resolveReference(reference: string, values: Record<string, string | undefined>): { refId: string; query: Record<string, string> } {
  const [refId, search = ''] = reference.split('?', 2);
  const query: Record<string, string> = {};
  for (const [name, raw] of new URLSearchParams(search)) {
    const value = raw.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
    if (value !== '') query[name] = value;
  }
  return { refId, query };
}

export function isIdList(field: ClientFieldSchema): boolean {
  return field.type === 'string' && !!field['x-ref'] && !field['x-id'];
}

export function splitIds(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter((id) => id !== '');
  if (value === undefined || value === null) return [];
  return String(value)
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

export function joinIds(ids: readonly string[]): string {
  return [...new Set(ids)].join(',');
}
