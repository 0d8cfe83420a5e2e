/** The side panels of the river screen: this month's patrols, each level's frequency, trends, problems and cameras. */
import { useTranslation } from 'react-i18next';
import { ScreenChart } from '../ScreenChart';
import { ScreenStat } from '../ScreenStat';
import type { LevelFrequency, RiverCamera, RiverProblem, RiverStatistics } from './riverScreenData';

const COLORS = ['#3ba0ff', '#36cbcb', '#4ecb73', '#fbd437', '#f2637b', '#975fe5', '#8c8c8c'];

export function MonthFigures({ data }: { data?: RiverStatistics }) {
  const { t } = useTranslation();
  const m = data?.month;
  return (
    <div className="river-stat-grid">
      <ScreenStat label={t('riverScreen.rivers')} value={data?.rivers} unit={t('riverScreen.unit.river')} testId="river-stat-rivers" />
      <ScreenStat label={t('riverScreen.monthPatrols')} value={m?.patrols} unit={t('riverScreen.unit.times')} testId="river-stat-patrols" />
      <ScreenStat label={t('riverScreen.chiefs')} value={m?.chiefs} unit={t('riverScreen.unit.person')} />
      <ScreenStat label={t('riverScreen.monthLength')} value={m ? (m.lengthMetres / 1000).toFixed(1) : undefined} unit="km" color="#36cbcb" />
      <ScreenStat label={t('riverScreen.monthDuration')} value={m ? (m.durationMinutes / 60).toFixed(1) : undefined} unit="h" color="#4ecb73" />
      <ScreenStat label={t('riverScreen.onTarget')} value={data ? `${data.onTarget}/${data.rivers}` : undefined} color="#fbd437" />
    </div>
  );
}

function LevelRow({ level }: { level: LevelFrequency }) {
  const { t } = useTranslation();
  const percent = level.required ? Math.round((level.done / level.required) * 100) : 0;
  return (
    <div className="river-level-row" data-testid={`river-level-${level.level}`}>
      <span className="river-level-name">{level.label}</span>
      <span className="river-level-period">{t(`riverScreen.period.${level.period}`)}</span>
      <span className="river-level-bar">
        <span style={{ width: `${percent}%`, background: percent >= 100 ? '#4ecb73' : '#fbd437' }} />
      </span>
      <span className="river-level-figure">
        {level.done}/{level.required}
      </span>
    </div>
  );
}

export function FrequencyByLevel({ data }: { data?: RiverStatistics }) {
  const { t } = useTranslation();
  if (data && data.byLevel.length === 0) return <div className="river-empty">{t('riverScreen.none')}</div>;
  return (
    <div className="river-levels">
      {(data?.byLevel ?? []).map((level) => (
        <LevelRow key={level.level} level={level} />
      ))}
      <div className="river-note">{t('riverScreen.frequencyNote')}</div>
    </div>
  );
}

export function DailyTrend({ data }: { data?: RiverStatistics }) {
  const { t } = useTranslation();
  const rows = (data?.daily ?? []).map((d) => ({ day: d.day.slice(5), patrols: d.patrols, km: Number((d.lengthMetres / 1000).toFixed(1)) }));
  return (
    <ScreenChart
      kind="dualAxes"
      testId="river-daily"
      options={{
        data: [rows, rows],
        xField: 'day',
        yField: ['patrols', 'km'],
        // Patrols are counted: whole-number ticks from 0, never 0.25.
        meta: { patrols: { alias: t('riverScreen.patrols'), min: 0, minTickInterval: 1 }, km: { alias: t('riverScreen.lengthKm'), min: 0 } },
        geometryOptions: [
          { geometry: 'column', color: '#3ba0ff', columnWidthRatio: 0.5 },
          { geometry: 'line', color: '#36cbcb', smooth: true },
        ],
        legend: { position: 'top' },
      }}
    />
  );
}

export function ProblemTypes({ data }: { data?: RiverStatistics }) {
  const rows = (data?.problemsByType ?? []).map((row) => ({ type: row.label, count: row.count }));
  return (
    <ScreenChart
      kind="pie"
      testId="river-problem-types"
      options={{
        data: rows,
        angleField: 'count',
        colorField: 'type',
        color: COLORS,
        radius: 0.8,
        innerRadius: 0.55,
        label: { type: 'outer', content: '{name} {value}', style: { fill: '#cfe3ff', fontSize: 12 } },
        legend: { position: 'right' },
        statistic: { title: false, content: false },
      }}
    />
  );
}

export function ProblemStates({ data }: { data?: RiverStatistics }) {
  const rows = (data?.problemsByState ?? []).map((row) => ({ state: row.label, count: row.count }));
  // The axis reaches a fifth beyond the longest bar, so its value label (drawn right of the bar) stays in the chart.
  const longest = Math.max(1, ...rows.map((row) => row.count));
  return (
    <ScreenChart
      kind="bar"
      testId="river-problem-states"
      options={{
        data: rows,
        xField: 'count',
        yField: 'state',
        color: '#f2637b',
        label: { position: 'right' },
        barWidthRatio: 0.5,
        meta: { count: { min: 0, max: Math.ceil(longest * 1.2), minTickInterval: 1 } },
      }}
    />
  );
}

export function LatestProblems({ problems }: { problems?: RiverProblem[] }) {
  const { t } = useTranslation();
  if (problems && problems.length === 0) return <div className="river-empty">{t('riverScreen.noProblems')}</div>;
  return (
    <ul className="river-list" data-testid="river-problem-list">
      {(problems ?? []).map((problem) => (
        <li key={problem.id} className="river-list-row">
          <span className="river-list-tag">{problem.typeLabel ?? '–'}</span>
          <span className="river-list-main">
            {problem.riverName}
            {problem.section ? ` · ${problem.section}` : ''}
            <em>{problem.description}</em>
          </span>
          <span className={`river-list-state river-state-${problem.eventStatus ?? 0}`}>{problem.statusLabel ?? '–'}</span>
          <span className="river-list-time">{problem.foundTime.slice(5, 16)}</span>
        </li>
      ))}
    </ul>
  );
}

export function RiverCameras({ cameras }: { cameras?: RiverCamera[] }) {
  const { t } = useTranslation();
  if (cameras && cameras.length === 0) return <div className="river-empty">{t('riverScreen.noCameras')}</div>;
  return (
    <ul className="river-list" data-testid="river-cameras">
      {(cameras ?? []).slice(0, 8).map((camera) => (
        <li key={camera.id} className="river-list-row">
          <span className={`river-dot ${camera.onlineStatus === 1 ? 'river-dot-on' : 'river-dot-off'}`} />
          <span className="river-list-main">
            {camera.name}
            <em>{[camera.reservoirName, ...camera.rivers].filter(Boolean).join(' · ')}</em>
          </span>
          <span className="river-list-time">{camera.onlineStatus === 1 ? t('riverScreen.online') : t('riverScreen.offline')}</span>
        </li>
      ))}
    </ul>
  );
}
