/** The problems: the headline numbers, events by state, open events by age, and the active warnings. */
import { useTranslation } from 'react-i18next';
import { ScreenChart } from '../../../screens/ScreenChart';
import { ScreenPanel } from '../../../screens/ScreenPanel';
import { ScreenStat } from '../../../screens/ScreenStat';
import { useEvents } from './inspectionData';

const WARNING_COLOURS: Record<number, string> = { 1: '#3ba1ff', 2: '#ffd84d', 3: '#ff9a3c', 4: '#ff4d4f' };

export function EventStatsStrip() {
  const { t } = useTranslation();
  const data = useEvents();
  return (
    <div className="inspection-stat-strip">
      <ScreenStat label={t('inspectionScreen.stats.found')} value={data?.found} unit={t('inspectionScreen.units.items')} testId="stat-found" />
      <ScreenStat label={t('inspectionScreen.stats.open')} value={data?.open} unit={t('inspectionScreen.units.items')} color="#ffb84d" />
      <ScreenStat label={t('inspectionScreen.stats.closureRate')} value={data?.closureRate} unit="%" color="#36e0a8" testId="stat-closure-rate" />
      <ScreenStat
        label={t('inspectionScreen.stats.warnings')}
        value={data?.warnings.total}
        unit={t('inspectionScreen.units.items')}
        color="#ff6b6b"
        testId="stat-warnings"
      />
    </div>
  );
}

export function EventStatePanel() {
  const { t } = useTranslation();
  const data = useEvents();
  return (
    <ScreenPanel title={t('inspectionScreen.panels.eventStates')} testId="inspection-event-states" flex={1}>
      <ScreenChart
        kind="pie"
        testId="chart-event-states"
        options={{
          data: data?.byState ?? [],
          angleField: 'count',
          colorField: 'label',
          radius: 0.85,
          innerRadius: 0.6,
          appendPadding: [8, 8, 8, 8],
          label: { type: 'inner', offset: '-50%', content: '{value}', style: { fontSize: 14, fill: '#fff' } },
          legend: { position: 'right', maxWidthRatio: 0.5, maxItemWidth: 200, itemName: { style: { fill: '#a9c4ea', fontSize: 14 } } },
          statistic: {
            title: false,
            content: { style: { color: '#e8f3ff', fontSize: '22px' }, content: `${data?.byState.reduce((sum, s) => sum + s.count, 0) ?? ''}` },
          },
        }}
      />
    </ScreenPanel>
  );
}

export function EventAgePanel() {
  const { t } = useTranslation();
  const data = useEvents();
  return (
    <ScreenPanel title={t('inspectionScreen.panels.eventAge')} testId="inspection-event-age" flex={1}>
      <ScreenChart
        kind="column"
        testId="chart-event-age"
        options={{
          data: (data?.byAge ?? []).map((bucket) => ({ age: t(`inspectionScreen.ages.${bucket.key}`), count: bucket.count })),
          xField: 'age',
          yField: 'count',
          meta: { count: { alias: t('inspectionScreen.stats.open') } },
          color: '#ff9a3c',
          columnWidthRatio: 0.5,
          label: { position: 'top', style: { fill: '#e8f3ff', fontSize: 13 } },
          xAxis: { label: { style: { fill: '#a9c4ea', fontSize: 13 } } },
          yAxis: { label: { style: { fill: '#7f9cc5' } }, grid: { line: { style: { stroke: 'rgba(64,158,255,0.15)' } } } },
        }}
      />
    </ScreenPanel>
  );
}

export function WarningsPanel() {
  const { t } = useTranslation();
  const data = useEvents();
  const warnings = data?.warnings;
  return (
    <ScreenPanel
      title={t('inspectionScreen.panels.warnings')}
      testId="inspection-warnings"
      flex={1.2}
      extra={warnings ? t('inspectionScreen.warningCounts', { monitoring: warnings.monitoring, camera: warnings.camera }) : undefined}
    >
      {!warnings || warnings.latest.length === 0 ? (
        <div className="inspection-empty">{t('inspectionScreen.noWarnings')}</div>
      ) : (
        <ul className="inspection-list">
          {warnings.latest.map((warning) => (
            <li key={`${warning.kind}-${warning.id}`} className="inspection-list-row">
              <span className="inspection-warning-dot" style={{ background: WARNING_COLOURS[warning.level ?? 0] ?? '#ff6b6b' }} />
              <span className="inspection-list-main">{warning.reservoirName ?? '–'}</span>
              <span className="inspection-list-text">{warning.text || t(`inspectionScreen.warningKinds.${warning.kind}`)}</span>
              <span className="inspection-list-time">{warning.time?.slice(5, 16) ?? ''}</span>
            </li>
          ))}
        </ul>
      )}
    </ScreenPanel>
  );
}
