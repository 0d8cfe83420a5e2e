/**
 * How a value reads in a table cell or a detail page: dictionary fields show
 * their labels, enums and booleans read as words, lists are joined. Pure.
 */
import type { ClientFieldSchema } from '../../shared/clientSchema';
import { entryLabel } from '../../shared/dictionaryLabel';
import type { TreeNode } from '../../shared/envelope';
import type { DictionaryEntry } from './entityApi';
import { isDictList, isIdList, splitIds } from './schemaFields';

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

export interface CellTextOptions {
  dictionary?: readonly LabelledEntry[];
  /** Titles by id of the entity an x-ref field points to. */
  references?: Readonly<Record<string, string>>;
  yes: string;
  no: string;
}

export function cellText(field: ClientFieldSchema, value: unknown, options: CellTextOptions): string {
  if (value === undefined || value === null || value === '') return '';
  // Several keys (an array, or joined by commas): each by its label.
  if (field['x-dict'] && (Array.isArray(value) || isDictList(field))) {
    return splitIds(value).map((key) => dictionaryLabel(options.dictionary, key) ?? key).join(', ');
  }
  if (field['x-dict']) return dictionaryLabel(options.dictionary, value) ?? String(value);
  // An id or reference holds 0 (or 00, a region root's parent code) for "none".
  if ((field['x-id'] || field['x-ref']) && /^0+$/.test(String(value))) return '';
  if (field['x-ref'] && options.references?.[String(value)] !== undefined) return options.references[String(value)];
  // Several ids, joined by commas (roleId "1,2") or as a list (a plan's reservoirs): each by its title, an unknown one as it is.
  if ((isIdList(field) || (field['x-ref'] && Array.isArray(value))) && options.references) return splitIds(value).map((id) => options.references?.[id] ?? id).join(', ');
  if (typeof value === 'boolean') return value ? options.yes : options.no;
  if (Array.isArray(value)) return value.map((item) => String(item)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
