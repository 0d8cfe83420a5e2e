/**
 * How a value reads in a table cell or a detail page: dictionary fields show
 * their labels, enums and booleans read as words, lists are joined. Pure.
 */
import type { ClientFieldSchema } from '../../shared/clientSchema';
import type { DictionaryEntry } from './entityApi';

export function dictionaryLabel(entries: readonly DictionaryEntry[] | undefined, value: unknown): string | undefined {
  if (!entries || value === undefined || value === null) return undefined;
  return entries.find((entry) => entry.dictKey === String(value))?.dictValue;
}

export interface CellTextOptions {
  dictionary?: readonly DictionaryEntry[];
  yes: string;
  no: string;
}

export function cellText(field: ClientFieldSchema, value: unknown, options: CellTextOptions): string {
  if (value === undefined || value === null || value === '') return '';
  if (field['x-dict']) return dictionaryLabel(options.dictionary, value) ?? String(value);
  if (typeof value === 'boolean') return value ? options.yes : options.no;
  if (Array.isArray(value)) return value.map((item) => String(item)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
