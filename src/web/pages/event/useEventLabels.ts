/**
 * Dictionary labels of an event's coded fields in the console's language,
 * and the label of a log step (dictionary event_action, else the console's
 * own name of the action). The label the server answered beside the value
 * wins when there is one.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { dictionaryLabel } from '../../renderers/cellText';
import { useDictionaries } from '../../renderers/useDictionaries';
import { actionName } from './eventFacts';

const CODES = ['event_status', 'event_level', 'event_type', 'event_source', 'dam_part', 'event_action', 'yes_no'] as const;
export type EventDictionary = (typeof CODES)[number];

export function useEventLabels() {
  const { t } = useTranslation();
  const dictionaries = useDictionaries(CODES);
  const label = useCallback(
    (code: EventDictionary, value: unknown, given?: unknown): string => {
      if (value === undefined || value === null || value === '') return '';
      // The label the server gave beside the value (statusLabel …) shows at once, before the dictionaries arrive.
      if (typeof given === 'string' && given !== '') return given;
      return dictionaryLabel(dictionaries[code], value) ?? (code === 'event_action' ? t(`eventDetail.action.${actionName(value)}`) : String(value));
    },
    [dictionaries, t],
  );
  return label;
}
