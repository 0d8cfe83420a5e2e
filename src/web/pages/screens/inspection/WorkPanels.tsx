/** The inspection work: done against planned, the 30-day trend, and the latest records. */
import { useTranslation } from 'react-i18next';
import { ScreenChart } from '../../../screens/ScreenChart';
import { ScreenPanel } from '../../../screens/ScreenPanel';
import { ScreenStat } from '../../../screens/ScreenStat';
import { useWork } from './inspectionData';

export function CompletionPanel() {
  const { t } = useTranslation();
  const data = useWork();
  const periods = data ? ([['week', data.week] as const, ['month', data.month] as const] as const) : [];
  const rows = periods.flatMap(([period, numbers]) => [
    { period: t(`inspectionScreen.periods.${period}`), kind: t('inspectionScreen.planned'), value: numbers.planned },
    { period: t(`inspectionScreen.periods.${period}`), kind: t('inspectionScreen.done'), value: numbers.done },
  ]);
  return (
    <ScreenPanel title={t('inspectionScreen.panels.completion')} testId="inspection-completion" flex={1}>
      <div className="inspection-panel-split">
        <div className="inspection-stat-column">
          <ScreenStat
            label={t('inspectionScreen.stats.weekRate')}
            value={data?.week.rate /* uncapped: over 100 % means more inspections than planned */}
            unit="%"
            testId="stat-week-rate"
          />
          <ScreenStat label={t('inspectionScreen.stats.monthRate')} value={data?.month.rate} unit="%" />
        </div>
        <div className="inspection-chart-cell">
          <ScreenChart
            kind="column"
            testId="chart-completion"
            options={{
              data: rows,
              isGroup: true,
              xField: 'period',
              yField: 'value',
              seriesField: 'kind',
              color: ['#3ba1ff', '#36e0a8'],
              label: { position: 'top', style: { fill: '#e8f3ff', fontSize: 13 } },
              legend: { position: 'top-right', itemName: { style: { fill: '#a9c4ea', fontSize: 13 } } },
              xAxis: { label: { style: { fill: '#a9c4ea', fontSize: 14 } } },
              yAxis: { label: { style: { fill: '#7f9cc5' } }, grid: { line: { style: { stroke: 'rgba(64,158,255,0.15)' } } } },
            }}
          />
        </div>
      </div>
    </ScreenPanel>
  );
}

export function InspectorsPanel() {
  const { t } = useTranslation();
  const data = useWork();
  return (
    <div className="inspection-stat-strip">
      <ScreenStat label={t('inspectionScreen.stats.today')} value={data?.today} unit={t('inspectionScreen.units.times')} testId="stat-today" />
      <ScreenStat
        label={t('inspectionScreen.stats.inspectorsToday')}
        value={data?.inspectors.activeToday}
        unit={t('inspectionScreen.units.people')}
        color="#36e0a8"
      />
      <ScreenStat label={t('inspectionScreen.stats.inspectorsPlanned')} value={data?.inspectors.planned} unit={t('inspectionScreen.units.people')} />
    </div>
  );
}

export function TrendPanel() {
  const { t } = useTranslation();
  const data = useWork();
  return (
    <ScreenPanel title={t('inspectionScreen.panels.trend')} testId="inspection-trend" flex={0.62}>
      <ScreenChart
        kind="column"
        testId="chart-trend"
        options={{
          data: (data?.trend ?? []).map((day) => ({ date: day.date.slice(5), count: day.count })),
          xField: 'date',
          yField: 'count',
          meta: { count: { alias: t('inspectionScreen.stats.inspections') } },
          color: 'l(90) 0:#37d0ff 1:rgba(31,111,214,0.35)',
          columnWidthRatio: 0.55,
          xAxis: { label: { style: { fill: '#7f9cc5' } } },
          yAxis: { label: { style: { fill: '#7f9cc5' } }, grid: { line: { style: { stroke: 'rgba(64,158,255,0.15)' } } } },
        }}
      />
    </ScreenPanel>
  );
}

export function LatestRecordsPanel() {
  const { t } = useTranslation();
  const data = useWork();
  const records = data?.latest ?? [];
  return (
    <ScreenPanel title={t('inspectionScreen.panels.latest')} testId="inspection-latest" flex={1.25}>
      {records.length === 0 ? (
        <div className="inspection-empty">{t('inspectionScreen.empty')}</div>
      ) : (
        <ul className="inspection-list">
          {records.map((record) => (
            <li key={record.id} className="inspection-list-row">
              <span className="inspection-list-main">{record.reservoirName ?? '–'}</span>
              <span className="inspection-list-who">{record.inspectorName ?? '–'}</span>
              <span className={record.problemCount > 0 ? 'inspection-list-problems' : 'inspection-list-ok'}>
                {record.problemCount > 0 ? t('inspectionScreen.problems', { count: record.problemCount }) : t('inspectionScreen.noProblems')}
              </span>
              <span className="inspection-list-time">{record.startTime?.slice(5, 16) ?? ''}</span>
            </li>
          ))}
        </ul>
      )}
    </ScreenPanel>
  );
}
