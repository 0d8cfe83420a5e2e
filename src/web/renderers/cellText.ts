/**
 * How a value reads in a table cell or a detail page: dictionary fields show
 * their labels, enums and booleans read as words, lists are joined. Pure.
 */
import type { ClientFieldSchema } from '../../shared/clientSchema';
import type { TreeNode } from '../../shared/envelope';
import type { DictionaryEntry } from './entityApi';

export function dictionaryLabel(entries: readonly DictionaryEntry[] | undefined, value: unknown): string | undefined {
  if (!entries || value === undefined || value === null) return undefined;
  return entries.find((entry) => entry.dictKey === String(value))?.dictValue;
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
  dictionary?: readonly DictionaryEntry[];
  /** Titles by id of the entity an x-ref field points to. */
  references?: Readonly<Record<string, string>>;
  yes: string;
  no: string;
}

export function cellText(field: ClientFieldSchema, value: unknown, options: CellTextOptions): string {
  if (value === undefined || value === null || value === '') return '';
  if (field['x-dict']) return dictionaryLabel(options.dictionary, value) ?? String(value);
  // An id field holds 0 for "none" (a tree root has parent 0).
  if (field['x-id'] && String(value) === '0') return '';
  if (field['x-ref'] && options.references?.[String(value)] !== undefined) return options.references[String(value)];
  if (typeof value === 'boolean') return value ? options.yes : options.no;
  if (Array.isArray(value)) return value.map((item) => String(item)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
