/** The two dictionaries the leave pages show: the leave types and the approval statuses, labelled in the console's language. */
import { dictionaryLabel } from '../../../renderers/cellText';
import { useDictionaries } from '../../../renderers/useDictionaries';
import type { LabelledEntry } from '../../../renderers/cellText';

const CODES = ['leave_type', 'leave_status'] as const;

export interface LeaveDictionaries {
  types: LabelledEntry[];
  typeLabel: (value: unknown) => string;
  statusLabel: (value: unknown) => string;
}

export function useLeaveDictionaries(): LeaveDictionaries {
  const dictionaries = useDictionaries(CODES);
  const types = dictionaries.leave_type ?? [];
  return {
    types,
    typeLabel: (value) => dictionaryLabel(types, value) ?? String(value ?? ''),
    statusLabel: (value) => dictionaryLabel(dictionaries.leave_status, value) ?? String(value ?? ''),
  };
}
