/** 四全 (/show-big-screen/siquan/index): 全覆盖、全要素、全天候、全周期 of the reservoirs the opener sees. */
import { useTranslation } from 'react-i18next';
import { ScreenChart } from '../ScreenChart';
import { ScreenPanel } from '../ScreenPanel';
import { MatrixFrame } from './MatrixFrame';
import { MATRIX_COLORS, rateColor } from './matrixColors';
import { useMatrixData, type ReservoirLifecycle, type SiquanData } from './matrixData';
import { MatrixTable, StatGrid } from './MatrixWidgets';

const p = 'matrixSiquan';

function Coverage({ data }: { data?: SiquanData }) {
  const { t } = useTranslation();
  const c = data?.coverage;
  const percent = t('matrixScreens.unit.percent');
  return (
    <StatGrid
      items={[
        { label: t(`${p}.reservoirs`), value: c?.reservoirs, unit: t('matrixScreens.unit.reservoir'), testId: 'siquan-reservoirs' },
        { label: t(`${p}.stations`), value: c?.stations, unit: t('matrixScreens.unit.station') },
        { label: t(`${p}.cameras`), value: c?.cameras, unit: t('matrixScreens.unit.camera') },
        { label: t(`${p}.stationRate`), value: c?.stationRate, unit: percent, color: c && rateColor(c.stationRate) },
        { label: t(`${p}.levelRate`), value: c?.levelRate, unit: percent, color: c && rateColor(c.levelRate) },
        { label: t(`${p}.cameraRate`), value: c?.cameraRate, unit: percent, color: c && rateColor(c.cameraRate) },
      ]}
    />
  );
}

function Elements({ data }: { data?: SiquanData }) {
  const { t } = useTranslation();
  const top = Math.max(1, ...(data?.elements ?? []).map((e) => e.stations));
  const rows = (data?.elements ?? []).flatMap((e) => [
    { family: t(`matrixScreens.families.${e.family}`), kind: t(`${p}.elementStations`), value: e.stations },
    { family: t(`matrixScreens.families.${e.family}`), kind: t(`${p}.elementReporting`), value: e.reporting24h },
  ]);
  return (
    <ScreenChart
      kind="column"
      testId="siquan-elements"
      options={{
        data: rows,
        xField: 'family',
        yField: 'value',
        seriesField: 'kind',
        isGroup: true,
        color: MATRIX_COLORS.series,
        legend: { position: 'top' },
        label: { position: 'top' },
        // Room above the highest bar for its label, under the legend.
        meta: { value: { min: 0, max: Math.ceil(top * 1.2) } },
        xAxis: { label: { autoHide: false, autoRotate: false } },
      }}
    />
  );
}

function Freshness({ data }: { data?: SiquanData }) {
  const { t } = useTranslation();
  const w = data?.allWeather;
  const percent = t('matrixScreens.unit.percent');
  return (
    <StatGrid
      columns={6}
      items={[
        { label: t(`${p}.onlineRate`), value: w?.onlineRate, unit: percent, color: w && rateColor(w.onlineRate), testId: 'siquan-online-rate' },
        { label: t(`${p}.online`), value: w?.online, color: MATRIX_COLORS.good },
        { label: t(`${p}.within24h`), value: w?.within24h, color: MATRIX_COLORS.info },
        { label: t(`${p}.stale`), value: w?.stale, color: MATRIX_COLORS.warn },
        { label: t(`${p}.never`), value: w?.never, color: MATRIX_COLORS.bad },
        { label: t(`${p}.cameraOnlineRate`), value: w?.cameraOnlineRate, unit: percent, color: w && rateColor(w.cameraOnlineRate) },
      ]}
    />
  );
}

function DailyReporting({ data }: { data?: SiquanData }) {
  const { t } = useTranslation();
  const rows = (data?.allWeather.daily ?? []).map((d) => ({ day: d.day.slice(5), rate: d.rate }));
  return (
    <ScreenChart
      kind="area"
      testId="siquan-daily"
      options={{
        data: rows,
        xField: 'day',
        yField: 'rate',
        meta: { rate: { alias: t(`${p}.reportingRate`), min: 0, max: 100 } },
        color: MATRIX_COLORS.info,
        areaStyle: { fillOpacity: 0.25 },
        point: { size: 4 },
        label: { formatter: (d: { rate: number }) => `${d.rate}%` },
      }}
    />
  );
}

function LifecycleTable({ data }: { data?: SiquanData }) {
  const { t } = useTranslation();
  const cls = (r: ReservoirLifecycle) => (r.safetyClass ? t(`matrixScreens.safetyClass.${r.safetyClass}`) : t('matrixScreens.safetyClass.none'));
  return (
    <MatrixTable<ReservoirLifecycle>
      testId="siquan-lifecycle"
      rows={data?.lifecycle.reservoirs ?? []}
      columns={[
        { key: 'name', title: t(`${p}.columns.name`), render: (r) => r.name, width: '24%' },
        { key: 'registered', title: t(`${p}.columns.registered`), render: (r) => (r.registered ? t('matrixScreens.yes') : t('matrixScreens.no')) },
        {
          key: 'class',
          title: t(`${p}.columns.safetyClass`),
          render: (r) => <span style={{ color: r.safetyClass ? MATRIX_COLORS.safetyClasses[r.safetyClass] : MATRIX_COLORS.muted }}>{cls(r)}</span>,
        },
        { key: 'appraised', title: t(`${p}.columns.appraisalDate`), render: (r) => r.appraisalDate ?? '–' },
        { key: 'next', title: t(`${p}.columns.nextAppraisalDate`), render: (r) => r.nextAppraisalDate ?? '–' },
        {
          key: 'reinforce',
          title: t(`${p}.columns.reinforce`),
          render: (r) => (r.reinforceProgress ? t(`matrixScreens.progress.${r.reinforceProgress}`) : '–'),
        },
      ]}
    />
  );
}

function LifecycleSummary({ data }: { data?: SiquanData }) {
  const { t } = useTranslation();
  const l = data?.lifecycle;
  return (
    <StatGrid
      items={[
        { label: t(`${p}.registered`), value: l?.registered, testId: 'siquan-registered' },
        { label: t(`${p}.appraised`), value: l?.appraised },
        { label: t(`${p}.appraisalOverdue`), value: l?.appraisalOverdue, color: MATRIX_COLORS.warn },
        { label: t(`${p}.reinforcing`), value: l?.reinforcing, color: MATRIX_COLORS.info },
        { label: t(`${p}.reinforced`), value: l?.reinforced, color: MATRIX_COLORS.good },
        { label: t(`${p}.downgraded`), value: l?.downgraded, color: MATRIX_COLORS.muted },
      ]}
    />
  );
}

export function SiquanScreen() {
  const { t } = useTranslation();
  const { data } = useMatrixData('siquan');
  return (
    <MatrixFrame
      screen="siquan"
      left={
        <>
          <ScreenPanel title={t(`${p}.coverage`)} flex={1}>
            <Coverage data={data} />
          </ScreenPanel>
          <ScreenPanel title={t(`${p}.elements`)} flex={2.6}>
            <Elements data={data} />
          </ScreenPanel>
        </>
      }
      center={
        <>
          <ScreenPanel title={t(`${p}.allWeather`)} flex={1}>
            <div className="matrix-stack">
              <Freshness data={data} />
              <div className="matrix-fill">
                <DailyReporting data={data} />
              </div>
            </div>
          </ScreenPanel>
          <ScreenPanel title={t(`${p}.lifecycle`)} flex={1}>
            <LifecycleTable data={data} />
          </ScreenPanel>
        </>
      }
      right={
        <>
          <ScreenPanel title={t(`${p}.lifecycleSummary`)} flex={1}>
            <LifecycleSummary data={data} />
          </ScreenPanel>
          <ScreenPanel title={t(`${p}.onlineRate`)} flex={2.4}>
            <ScreenChart
              kind="liquid"
              testId="siquan-station-online"
              options={{
                percent: data ? data.allWeather.onlineRate / 100 : undefined,
                outline: { border: 3, distance: 4 },
                wave: { length: 128 },
                color: MATRIX_COLORS.info,
                // One decimal, white with a dark halo: readable on the light water and the dark panel alike.
                statistic: {
                  content: {
                    style: { color: '#ffffff', fontSize: '44px', textShadow: '0 0 6px #06254d, 0 0 2px #06254d' },
                    formatter: (datum?: { percent?: number }) => `${((datum?.percent ?? 0) * 100).toFixed(1)}%`,
                  },
                },
              }}
            />
          </ScreenPanel>
        </>
      }
    />
  );
}
