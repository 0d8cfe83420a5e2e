/**
 * The element picker of the readings' manual-entry form: only the elements of
 * the family whose page the form opened from (the deformation page offers X, Y
 * and Z; the others their one element), labelled from dictionary
 * monitor_element. Registered as the readings register's widget for `element`
 * (formExtensions); outside a family page it offers every element.
 */
import { Select } from 'antd';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { MONITOR_ELEMENTS, type MonitorFamily } from '../../../shared/monitorElements';
import { registerFormExtensions } from '../../renderers/formExtensions';
import { useDictionaries } from '../../renderers/useDictionaries';
import { READING_SCHEMA_ID } from './familySchema';

export const MonitorFamilyContext = createContext<MonitorFamily | undefined>(undefined);

export interface FamilyElementSelectProps {
  value?: number;
  onChange?: (value: number | undefined) => void;
  disabled?: boolean;
}

export function FamilyElementSelect({ value, onChange, disabled }: FamilyElementSelectProps) {
  const { t } = useTranslation();
  const family = useContext(MonitorFamilyContext);
  const dictionary = useDictionaries(['monitor_element']).monitor_element ?? [];
  const elements = MONITOR_ELEMENTS.filter((element) => !family || element.family === family);
  const options = elements.map((element) => ({
    value: element.key,
    label: `${dictionary.find((entry) => entry.dictKey === String(element.key))?.label ?? t(`monitor.element.${element.code}`)} (${element.unit})`,
  }));
  return <Select value={value} onChange={onChange} disabled={disabled} options={options} style={{ width: '100%' }} data-testid="reading-element" />;
}

registerFormExtensions({ [READING_SCHEMA_ID]: { widgets: { element: FamilyElementSelect } } });
