/**
 * The add / edit form of 指标阈值 (monitor/indexLimit, the generated page
 * /monitor/index-limit) with choices that fit together, as the server's rules
 * demand (src/server/actions/monitor/indexLimit.ts): the station is picked
 * among the monitoring stations, grouped by reservoir and labelled with what
 * they measure; the element among those of the chosen station's family (a
 * level station offers 库水位 alone and it is chosen at once); the limit
 * kind among those the element allows (the 1 h / 3 h / 24 h totals only for
 * rainfall). A choice the next change makes impossible is cleared.
 */
import { observer, useForm } from '@formily/react';
import { Select, type SelectProps } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { Envelope } from '../../../../shared/envelope';
import { MONITOR_FAMILIES } from '../../../../shared/monitorElements';
import { request } from '../../../api/http';
import { dictionaryLabel } from '../../../renderers/cellText';
import { useDictionaries } from '../../../renderers/useDictionaries';
import { allowedElements, allowedLimitKinds, type LimitStation } from './indexLimitRules';

interface WidgetProps<T> {
  value?: T;
  onChange?: (value: T | undefined) => void;
  disabled?: boolean;
}

/** The three pickers' common select: full width, clearable, reporting its choice to the form. */
function ChoiceSelect<T>({
  value,
  onChange,
  disabled,
  options,
  placeholder,
  testId,
  searchable = false,
}: WidgetProps<T> & { options: SelectProps['options']; placeholder: string; testId: string; searchable?: boolean }) {
  return (
    <Select
      value={value}
      onChange={(next: T | undefined) => onChange?.(next)}
      disabled={disabled}
      options={options}
      showSearch={searchable}
      optionFilterProp="label"
      allowClear
      placeholder={placeholder}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}

const STATIONS_KEY = 'index-limit-stations';

async function fetchStations(): Promise<LimitStation[]> {
  const answer = await request<Envelope<LimitStation[] | { records: LimitStation[] }>>({ url: '/v1/info/station/listAll' });
  const data = answer.data.data;
  return Array.isArray(data) ? data : data.records;
}

function useStations(): LimitStation[] {
  const { data } = useSWR(STATIONS_KEY, fetchStations, { revalidateOnFocus: false });
  return data ?? [];
}

/** The station: monitoring stations only, by reservoir, each with what it measures. */
export function LimitStationSelect({ value, onChange, disabled }: WidgetProps<string>) {
  const { t } = useTranslation();
  const stations = useStations();
  const dictionaries = useDictionaries(['monitor_type']);
  const options = useMemo(() => {
    const groups = new Map<string, { label: string; options: { value: string; label: string }[] }>();
    for (const station of stations) {
      if (!MONITOR_FAMILIES.some((family) => family.monitorType === Number(station.monitorType))) continue;
      const group = String(station.reservoirName ?? station.reservoirId ?? '');
      if (!groups.has(group)) groups.set(group, { label: group, options: [] });
      const measures = dictionaryLabel(dictionaries.monitor_type, station.monitorType);
      groups.get(group)!.options.push({
        value: String(station.id),
        label: `${station.stationName} (${station.stationCode})${measures ? ` · ${measures}` : ''}`,
      });
    }
    return [...groups.values()];
  }, [stations, dictionaries]);
  return (
    <ChoiceSelect
      value={value}
      onChange={onChange}
      disabled={disabled}
      options={options}
      searchable
      placeholder={t('monitorWarnings.limitForm.station')}
      testId="limit-station"
    />
  );
}

/** The element: the chosen station's family; a family of one element chooses it. */
export const LimitElementSelect = observer(function LimitElementSelect({ value, onChange, disabled }: WidgetProps<number>) {
  const { t } = useTranslation();
  const form = useForm();
  const stations = useStations();
  const dictionaries = useDictionaries(['monitor_element']);
  const stationId = form.values.stationId as string | undefined;
  const station = stations.find((candidate) => String(candidate.id) === String(stationId));
  const elements = allowedElements(station);
  const keys = elements.map((element) => element.key).join(',');
  useEffect(() => {
    if (!station || disabled) return;
    const allowed = keys.split(',').map(Number);
    if (value !== undefined && value !== null && !allowed.includes(Number(value))) onChange?.(undefined);
    else if ((value === undefined || value === null) && allowed.length === 1) onChange?.(allowed[0]);
  }, [station, keys, value, onChange, disabled]);
  const options = elements.map((element) => ({
    value: element.key,
    label: `${dictionaryLabel(dictionaries.monitor_element, element.key) ?? element.code} (${element.unit})`,
  }));
  return (
    <ChoiceSelect
      value={value}
      onChange={onChange}
      disabled={disabled}
      options={options}
      placeholder={t(station ? 'monitorWarnings.limitForm.element' : 'monitorWarnings.limitForm.stationFirst')}
      testId="limit-element"
    />
  );
});

/** The limit kind: the totals over 1 h, 3 h and 24 h only for rainfall. */
export const LimitKindSelect = observer(function LimitKindSelect({ value, onChange, disabled }: WidgetProps<number>) {
  const { t } = useTranslation();
  const form = useForm();
  const dictionaries = useDictionaries(['limit_kind']);
  const element = form.values.element as number | undefined;
  const kinds = allowedLimitKinds(element);
  const kindKeys = kinds.join(',');
  useEffect(() => {
    if (disabled || value === undefined || value === null) return;
    if (!kindKeys.split(',').map(Number).includes(Number(value))) onChange?.(undefined);
  }, [kindKeys, value, onChange, disabled]);
  const options = (dictionaries.limit_kind ?? [])
    .filter((entry) => kinds.includes(Number(entry.dictKey)))
    .map((entry) => ({ value: Number(entry.dictKey), label: entry.label }));
  return (
    <ChoiceSelect
      value={value}
      onChange={onChange}
      disabled={disabled}
      options={options}
      placeholder={t('monitorWarnings.limitForm.limitKind')}
      testId="limit-kind"
    />
  );
});
