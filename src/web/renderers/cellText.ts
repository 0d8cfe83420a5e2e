/**
 * How a value reads in a table cell or a detail page: dictionary fields show
 * their labels, references the titles the server gave beside their ids
 * (row[x-ref-title]), enums and booleans read as words, lists are joined. Pure.
 */
import type { ClientFieldSchema } from '../../shared/clientSchema';
import { entryLabel } from '../../shared/dictionaryLabel';
import type { TreeNode } from '../../shared/envelope';
import type { DictionaryEntry, EntityRecord } from './entityApi';
import { isDictList, isIdList, referenceKey, splitIds, type SchemaField } from './schemaFields';

/** A dictionary entry with the label it reads as in the console's language. */
export type LabelledEntry = DictionaryEntry & { label: string };

/** Every entry with its label in the language (entryLabel: English name in English when there is one, else the name). */
export function labelEntries(entries: readonly DictionaryEntry[], language: string | undefined): LabelledEntry[] {
  return entries.map((entry) => ({ ...entry, label: entryLabel(entry, language) }));
}

export function dictionaryLabel(entries: readonly LabelledEntry[] | undefined, value: unknown): string | undefined {
  if (!entries || value === undefined || value === null) return undefined;
  return entries.find((entry) => entry.dictKey === String(value))?.label;
}

/** Every node's title by id, through the whole tree. */
export function titlesById(nodes: readonly TreeNode[], into: Record<string, string> = {}): Record<string, string> {
  for (const node of nodes) {
    into[node.id] = node.title;
    if (node.children) titlesById(node.children, into);
  }
  return into;
}

/** The title a row carries beside a reference (`row[field['x-ref-title']]`); undefined when the field names none or the row lacks it. */
export function referenceTitleOf(field: ClientFieldSchema, record: EntityRecord | undefined): unknown {
  const name = field['x-ref-title'];
  return name && record ? record[name] : undefined;
}

function hasValue(value: unknown): boolean {
  return splitIds(value).some((id) => !/^0+$/.test(id));
}

/** Every record of a list and, in a tree of records, their children. */
function everyRecord(records: readonly EntityRecord[], into: EntityRecord[] = []): EntityRecord[] {
  for (const record of records) {
    into.push(record);
    if (Array.isArray(record.children)) everyRecord(record.children as EntityRecord[], into);
  }
  return into;
}

/**
 * The references whose titles must still be downloaded (the referenced register's tree or options) to label
 * these records: a field whose target has no title on the server (no x-ref-title), or a titled field some
 * record holds a value of without its title (an answer that does not carry titles). Titled fields wait for
 * the records (undefined: not loaded yet) and need nothing when every row names its references.
 */
export function labelReferenceKeys(fields: readonly SchemaField[], records: readonly EntityRecord[] | undefined): string[] {
  const rows = records ? everyRecord(records) : [];
  const keys = fields.flatMap((field) => {
    const key = referenceKey(field.schema);
    if (!key) return [];
    const title = field.schema['x-ref-title'];
    if (!title) return [key];
    return rows.some((row) => row[title] === undefined && hasValue(row[field.name])) ? [key] : [];
  });
  return [...new Set(keys)];
}

/** The ids of a reference value read by the titles the row carries; undefined when the titles do not fit the ids. */
function titledText(value: unknown, title: unknown): string | undefined {
  const ids = splitIds(value);
  const titles = Array.isArray(title)
    ? title.map((item) => (item === null || item === undefined ? '' : String(item)))
    : ids.length > 1
      ? String(title).split(',')
      : [String(title)];
  if (titles.length !== ids.length) return Array.isArray(title) ? titles.filter((item) => item !== '').join(', ') || undefined : String(title) || undefined;
  // An id whose row is gone (no title) reads as it is.
  return ids.map((id, index) => titles[index].trim() || id).join(', ');
}

export interface CellTextOptions {
  dictionary?: readonly LabelledEntry[];
  /** Titles by id of the entity an x-ref field points to (downloaded, for references the server gives no title). */
  references?: Readonly<Record<string, string>>;
  /** The title(s) the row carries beside this reference (referenceTitleOf): preferred over `references`. */
  title?: unknown;
  yes: string;
  no: string;
}

export function cellText(field: ClientFieldSchema, value: unknown, options: CellTextOptions): string {
  if (value === undefined || value === null || value === '') return '';
  // Several keys (an array, or joined by commas): each by its label.
  if (field['x-dict'] && (Array.isArray(value) || isDictList(field))) {
    return splitIds(value)
      .map((key) => dictionaryLabel(options.dictionary, key) ?? key)
      .join(', ');
  }
  if (field['x-dict']) return dictionaryLabel(options.dictionary, value) ?? String(value);
  // An id or reference holds 0 (or 00, a region root's parent code) for "none".
  if ((field['x-id'] || field['x-ref']) && /^0+$/.test(String(value))) return '';
  if (field['x-ref'] && options.title !== undefined && options.title !== null) {
    const titled = titledText(value, options.title);
    if (titled !== undefined) return titled;
  }
  if (field['x-ref'] && options.references?.[String(value)] !== undefined) return options.references[String(value)];
  // Several ids, joined by commas (roleId "1,2") or as a list (a plan's reservoirs): each by its title, an unknown one as it is.
  if ((isIdList(field) || (field['x-ref'] && Array.isArray(value))) && options.references)
    return splitIds(value)
      .map((id) => options.references?.[id] ?? id)
      .join(', ');
  if (typeof value === 'boolean') return value ? options.yes : options.no;
  if (Array.isArray(value)) return value.map((item) => String(item)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
