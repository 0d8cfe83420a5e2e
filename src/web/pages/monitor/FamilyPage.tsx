/**
 * One page for each family of monitored elements (contract 13 §F):
 * /monitor/water-level, /monitor/rainfall, /monitor/seepage-flow,
 * /monitor/seepage-pressure and /monitor/transshape. The query bar chooses the
 * reservoir, a station of the family and the time range (last 7 days by
 * default, quick ranges); the chart shows the station's readings over the
 * range with a slider to zoom (water level with its reservoir's lines,
 * rainfall as hourly columns with the running total, deformation as three
 * lines); under it the readings table is the generic CRUD table and toolbar on
 * the family's list binding (dictionary labels, source, paging, export and
 * manual entry through the generic form dialog when the buttons are held). The
 * 报表 tab shows the day, month and year reports.
 */
import { SearchOutlined } from '@ant-design/icons';
import { App, Button, Card, DatePicker, Radio, Select, Space, Spin, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { elementByCode, familyInfo, type MonitorFamily } from '../../../shared/monitorElements';
import { CrudOverlays, DEFAULT_DIALOG_WIDTH, SchemaLoadFailed } from '../../renderers/CrudPage';
import { dictionaryLabel } from '../../renderers/cellText';
import { CrudTable } from '../../renderers/CrudTable';
import { CrudToolbar } from '../../renderers/CrudToolbar';
import { useClientSchema } from '../../renderers/useClientSchema';
import { useCrudController } from '../../renderers/useCrudController';
import { useDictionaries } from '../../renderers/useDictionaries';
import { sessionStore } from '../../stores/sessionStore';
import { levelChart, linesChart, rainChart, type ChartLabels, type ChartSpec } from './chartOptions';
import { familySchema, READING_SCHEMA_ID } from './familySchema';
import { MonitorFamilyContext } from './FamilyElementSelect';
import { fetchLatest, fetchReadings } from './monitorApi';
import { elementLines, QUICK_RANGES, seriesOf, type Reading } from './monitorChartData';
import { PlotChart } from './PlotChart';
import { ReportPanel } from './ReportPanel';
import { useStationChoice, type StationChoice } from './useStationChoice';
import '../../renderers/renderers.css';
import './monitor.css';

const WIRE = 'YYYY-MM-DD HH:mm:ss';

/** Axis and legend names of a family's chart in the console's language. */
export function useChartLabels(family: MonitorFamily): ChartLabels {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const element = familyInfo(family).elements[0];
    const name = family === 'transshape' ? t('monitor.chart.displacement') : t(`monitor.element.${element.code}`);
    return {
      value: t('monitor.chart.withUnit', { name, unit: element.unit }),
      rain: t('monitor.chart.hourlyRain'),
      cumulative: t('monitor.chart.cumulativeRain'),
      time: t('monitor.chart.time'),
      lines: {
        deadWaterLevel: t('monitor.levels.deadWaterLevel'),
        floodLimitWaterLevel: t('monitor.levels.floodLimitWaterLevel'),
        normalWaterLevel: t('monitor.levels.normalWaterLevel'),
        designFloodLevel: t('monitor.levels.designFloodLevel'),
        checkFloodLevel: t('monitor.levels.checkFloodLevel'),
      },
    };
    // i18n.language: the labels follow a language switch.
  }, [family, t, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
}

/** A family's chart over the chosen readings. */
export function useFamilyChart(
  family: MonitorFamily,
  readings: readonly Reading[] | undefined,
  levels: Parameters<typeof levelChart>[1],
  span: readonly [string, string],
): ChartSpec | undefined {
  const { t } = useTranslation();
  const labels = useChartLabels(family);
  // The deformation lines are named as the table names the elements (dictionary monitor_element).
  const dictionary = useDictionaries(['monitor_element']).monitor_element;
  const elementName = useCallback(
    (code: string) => {
      const key = elementByCode(code)?.key;
      return dictionaryLabel(dictionary, key) ?? t(`monitor.element.${code}`);
    },
    [dictionary, t],
  );
  return useMemo(() => {
    if (!readings) return undefined;
    const element = familyInfo(family).elements[0];
    if (family === 'waterLevel') return levelChart(seriesOf(readings, element.key), levels, [], labels, span);
    if (family === 'rainfall') return rainChart(seriesOf(readings, element.key), labels, span);
    if (family === 'transshape') {
      return linesChart(
        elementLines(readings, family).map((point) => ({ ...point, series: elementName(point.series) })),
        labels,
        span,
      );
    }
    return linesChart(seriesOf(readings, element.key), labels, span);
  }, [family, readings, levels, labels, elementName, span]);
}

export const FamilyPage = observer(function FamilyPage({ family }: { family: MonitorFamily }) {
  const { t } = useTranslation();
  const info = familyInfo(family);
  const choice = useStationChoice(family);
  const { schema: registerSchema, error } = useClientSchema(READING_SCHEMA_ID);
  const schema = useMemo(() => (registerSchema ? familySchema(registerSchema, family) : undefined), [registerSchema, family]);
  const canReport = sessionStore.permission[`${info.menu}_report`] === true;
  // 查询 loads the chart and the table again (new readings may have arrived).
  const [searches, setSearches] = useState(0);

  if (error) return <SchemaLoadFailed />;
  return (
    <MonitorFamilyContext.Provider value={family}>
      <Card className="monitor-page" data-testid={`monitor-family-${family}`}>
        <h2 className="crud-title">{t(`monitor.family.${family}`)}</h2>
        <QueryBar choice={choice} showRange onSearch={() => setSearches((n) => n + 1)} />
        {!schema ? (
          <Spin className="crud-loading" />
        ) : (
          <Tabs
            className="monitor-tabs"
            items={[
              { key: 'data', label: t('monitor.tabs.data'), children: <ReadingsPanel family={family} choice={choice} searches={searches} /> },
              ...(canReport
                ? [
                    {
                      key: 'report',
                      label: <span data-testid="monitor-tab-report">{t('monitor.tabs.report')}</span>,
                      children: <ReportPanel family={family} schema={registerSchema!} station={choice.station} />,
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Card>
    </MonitorFamilyContext.Provider>
  );
});

/** Reservoir → station of the family → time range (picker and quick ranges). */
export function QueryBar({ choice, showRange, onSearch }: { choice: StationChoice; showRange: boolean; onSearch: () => void }) {
  const { t } = useTranslation();
  const range: [Dayjs, Dayjs] = [dayjs(choice.range[0]), dayjs(choice.range[1])];
  return (
    <div className="monitor-query" data-testid="monitor-query">
      <Space wrap size="middle">
        <Space>
          <span>{t('monitor.query.reservoir')}</span>
          <Select
            data-testid="monitor-reservoir"
            allowClear
            placeholder={t('monitor.query.allReservoirs')}
            style={{ width: 180 }}
            value={choice.reservoirId}
            onChange={(id) => choice.setReservoirId(id)}
            options={choice.reservoirs.map((row) => ({ value: row.id, label: row.name }))}
          />
        </Space>
        <Space>
          <span>{t('monitor.query.station')}</span>
          <Select
            data-testid="monitor-station"
            showSearch
            optionFilterProp="label"
            style={{ width: 240 }}
            loading={choice.isLoading}
            value={choice.stationId}
            onChange={(id) => choice.setStationId(id)}
            options={choice.stations
              .filter((station) => !choice.reservoirId || station.reservoirId === choice.reservoirId)
              .map((station) => ({ value: station.id, label: `${station.stationName} (${station.stationCode})` }))}
          />
        </Space>
        {showRange && (
          <>
            <Space>
              <span>{t('monitor.query.range')}</span>
              <DatePicker.RangePicker
                data-testid="monitor-range"
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                allowClear={false}
                value={range}
                onChange={(values) => {
                  if (values?.[0] && values[1]) choice.setRange([values[0].second(0).format(WIRE), values[1].second(0).format(WIRE)]);
                }}
              />
            </Space>
            <Radio.Group
              data-testid="monitor-quick"
              optionType="button"
              size="middle"
              value={choice.quick}
              onChange={(event) => choice.setQuick(event.target.value)}
              options={QUICK_RANGES.map((quick) => ({ value: quick, label: t(`monitor.query.quick.${quick}`) }))}
            />
          </>
        )}
        <Button type="primary" icon={<SearchOutlined />} onClick={onSearch} data-testid="monitor-search">
          {t('monitor.search')}
        </Button>
      </Space>
    </div>
  );
}

/** The chart and the readings table of the chosen station and range. */
const ReadingsPanel = observer(function ReadingsPanel({ family, choice, searches }: { family: MonitorFamily; choice: StationChoice; searches: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { schema: registerSchema } = useClientSchema(READING_SCHEMA_ID);
  const schema = useMemo(() => (registerSchema ? familySchema(registerSchema, family) : undefined), [registerSchema, family]);
  const { stationId, range } = choice;
  const readingsKey = stationId ? ['monitor-readings', family, stationId, range[0], range[1]] : null;
  const {
    data: readings,
    isLoading,
    mutate,
  } = useSWR(readingsKey, () => fetchReadings(family, { stationId: stationId!, startTime: range[0], endTime: range[1] }), {
    revalidateOnFocus: false,
    keepPreviousData: true,
  });
  // The reservoir's characteristic levels come with the family's latest figures (water level only).
  const { data: latest } = useSWR(family === 'waterLevel' && choice.station ? ['monitor-latest', family, choice.station.reservoirId] : null, () =>
    fetchLatest(family, choice.station!.reservoirId).catch(() => []),
  );
  const levels = latest?.find((row) => String(row.stationId) === stationId);
  const spec = useFamilyChart(family, stationId ? readings : [], levels, range);

  const controller = useCrudController({
    schema,
    fixedQuery: stationId ? { stationId, observeTime_dategt: range[0], observeTime_datelt: range[1] } : { stationId: '0' },
    onChange: () => void mutate(),
  });
  const { reload } = controller;
  const answered = useRef(searches);
  useEffect(() => {
    if (searches === answered.current) return;
    answered.current = searches;
    void Promise.all([mutate(), reload()]);
  }, [searches, mutate, reload]);
  const addReading = () => {
    if (!stationId) void message.warning(t('monitor.chooseStation'));
    else controller.openDialog('add', undefined, { stationId });
  };

  return (
    <div className="monitor-readings">
      <Spin spinning={isLoading && !readings}>
        <PlotChart spec={spec} height={360} testId="monitor-chart" />
      </Spin>
      <CrudToolbar controller={controller} onAdd={addReading} />
      <CrudTable controller={controller} />
      <CrudOverlays schema={schema} editor={controller} dialogWidth={DEFAULT_DIALOG_WIDTH} />
    </div>
  );
});
