/** 四预 (/show-big-screen/siyu/index): 预报 (rain observed), 预警, 预演 (level trend preview), 预案 (plans and persons). */
import { useTranslation } from 'react-i18next';
import { ScreenChart } from '../ScreenChart';
import { ScreenPanel } from '../ScreenPanel';
import { MatrixFrame } from './MatrixFrame';
import { MATRIX_COLORS, rateColor } from './matrixColors';
import { useMatrixData, type SiyuData } from './matrixData';
import { MatrixNote, MatrixTable, StatGrid } from './MatrixWidgets';

const p = 'matrixSiyu';

function Forecast({ data }: { data?: SiyuData }) {
  const { t } = useTranslation();
  const mm = t('matrixScreens.unit.mm');
  const daily = (data?.forecast.daily ?? []).map((d) => ({ day: d.day.slice(5), mean: d.mean }));
  return (
    <div className="matrix-stack">
      <MatrixNote>{t(`${p}.dailyRain`)}</MatrixNote>
      <div style={{ height: 250 }}>
        <ScreenChart
          kind="column"
          testId="siyu-daily-rain"
          options={{
            data: daily,
            xField: 'day',
            yField: 'mean',
            meta: { mean: { alias: t(`${p}.rain`), min: 0 } },
            color: MATRIX_COLORS.info,
            label: { position: 'top' },
          }}
        />
      </div>
      <div className="matrix-fill">
        <MatrixTable
          testId="siyu-rain-stations"
          rows={data?.forecast.stations ?? []}
          columns={[
            // A third each: the rain headers (近24小时 (mm), Last 7 days (mm)) keep to one line.
            { key: 'name', title: t(`${p}.station`), render: (s) => s.name, width: '34%' },
            { key: 'last24h', title: `${t(`${p}.last24h`)} (${mm})`, render: (s) => s.last24h },
            { key: 'last7d', title: `${t(`${p}.last7d`)} (${mm})`, render: (s) => s.last7d },
          ]}
        />
      </div>
    </div>
  );
}

type Rehearsal = NonNullable<SiyuData['rehearsal']>;

/** Horizontal lines at the characteristic levels. */
function levelLines(r: Rehearsal, t: (key: string) => string) {
  const lines: [number | null, string, string][] = [
    [r.floodLimitLevel, t(`${p}.floodLimit`), MATRIX_COLORS.bad],
    [r.normalLevel, t(`${p}.normalLevel`), MATRIX_COLORS.warn],
  ];
  return lines
    .filter(([value]) => value !== null)
    .map(([value, label, color]) => ({
      type: 'line',
      start: ['min', value],
      end: ['max', value],
      style: { stroke: color, lineDash: [6, 4], lineWidth: 2 },
      text: { content: `${label} ${value}`, position: 'start', offsetY: -6, style: { fill: color, fontSize: 14 } },
    }));
}

function Preview({ data }: { data?: SiyuData }) {
  const { t } = useTranslation();
  const r = data?.rehearsal;
  if (data && !r) return <MatrixNote>{t(`${p}.rehearsalNone`)}</MatrixNote>;
  const m = t('matrixScreens.unit.m');
  const values = [...(r?.trend ?? []).map((x) => x.value), r?.floodLimitLevel ?? 0, r?.normalLevel ?? r?.floodLimitLevel ?? 0];
  const trend = (r?.trend ?? []).map((x) => ({ time: x.time.slice(5), value: x.value }));
  return (
    <div className="matrix-stack">
      <StatGrid
        columns={5}
        items={[
          { label: t(`${p}.level`), value: r?.level.value, unit: m, testId: 'siyu-level' },
          { label: t(`${p}.floodLimit`), value: r?.floodLimitLevel, unit: m, color: MATRIX_COLORS.bad },
          { label: t(`${p}.margin`), value: r?.margin, unit: m, color: r && r.margin <= 0 ? MATRIX_COLORS.bad : MATRIX_COLORS.good },
          { label: t(`${p}.rate`), value: r?.ratePerHour, unit: `${m}/h` },
          {
            label: t(`${p}.hoursToLimit`),
            value: r ? (r.margin <= 0 ? t(`${p}.overLimit`) : (r.hoursToLimit ?? t(`${p}.notRising`))) : undefined,
            unit: r?.hoursToLimit ? t('matrixScreens.unit.hour') : undefined,
            color: MATRIX_COLORS.warn,
          },
        ]}
      />
      <div className="matrix-fill">
        <ScreenChart
          kind="line"
          testId="siyu-trend"
          options={{
            data: trend,
            xField: 'time',
            yField: 'value',
            color: MATRIX_COLORS.info,
            smooth: true,
            meta: { value: { alias: t(`${p}.level`), min: Math.floor(Math.min(...values) - 0.5), max: Math.ceil(Math.max(...values) + 0.5) } },
            xAxis: { tickCount: 8 },
            annotations: r ? levelLines(r, t) : [],
          }}
        />
      </div>
      <MatrixNote>{t(`${p}.extrapolation`)}</MatrixNote>
    </div>
  );
}

/** The warning rows the panel holds whole under its figures at 1920×1080 (the server sends up to ten). */
const WARNING_ROWS = 7;

function Warnings({ data }: { data?: SiyuData }) {
  const { t } = useTranslation();
  const w = data?.warning;
  return (
    <div className="matrix-stack">
      <StatGrid
        items={[
          { label: t(`${p}.active`), value: w?.active, color: w && w.active > 0 ? MATRIX_COLORS.bad : MATRIX_COLORS.good, testId: 'siyu-active' },
          { label: t(`${p}.lastWeek`), value: w?.lastWeek, color: MATRIX_COLORS.warn },
          { label: t(`${p}.overFloodLimit`), value: w?.overFloodLimit.length, unit: t('matrixScreens.unit.reservoir'), color: MATRIX_COLORS.bad },
        ]}
      />
      <div className="matrix-fill">
        <MatrixTable
          testId="siyu-warnings"
          rows={(w?.latest ?? []).slice(0, WARNING_ROWS)}
          columns={[
            { key: 'reservoir', title: t('matrixScreens.reservoir'), render: (x) => x.reservoirName ?? '–', width: '30%' },
            { key: 'limit', title: t(`${p}.latest`), render: (x) => x.limitName ?? '–' },
            {
              key: 'level',
              title: '',
              width: '22%',
              render: (x) =>
                x.level ? (
                  <span className="matrix-tag" style={{ color: MATRIX_COLORS.warningLevels[x.level] }}>
                    {t(`matrixScreens.warningLevel.${x.level}`)}
                  </span>
                ) : null,
            },
          ]}
        />
      </div>
    </div>
  );
}

function Plans({ data }: { data?: SiyuData }) {
  const { t } = useTranslation();
  const plan = data?.plan;
  return (
    <div className="matrix-stack">
      <StatGrid
        columns={2}
        items={[
          {
            label: t(`${p}.planRate`),
            value: plan?.planRate,
            unit: t('matrixScreens.unit.percent'),
            color: plan && rateColor(plan.planRate),
            testId: 'siyu-plan-rate',
          },
          { label: t(`${p}.withPlan`), value: plan?.withPlan, unit: t('matrixScreens.unit.reservoir') },
        ]}
      />
      <div className="matrix-fill" style={{ overflow: 'hidden' }} data-testid="siyu-contacts">
        {(plan?.contacts ?? []).map((c) => (
          <div key={c.reservoirId} className="matrix-contact">
            <div className="matrix-contact-name">{c.reservoirName}</div>
            <div className="matrix-contact-persons">
              {c.persons.map((person) => (
                <span key={person.duty}>
                  {t(`matrixScreens.duty.${person.duty}`)} {person.name} {person.phone}
                </span>
              ))}
            </div>
            <div className="matrix-contact-persons">{c.plans.length ? c.plans.map((x) => x.name).join('、') : t(`${p}.noPlan`)}</div>
          </div>
        ))}
      </div>
    </div>
  );
}

export function SiyuScreen() {
  const { t } = useTranslation();
  const { data } = useMatrixData('siyu');
  return (
    <MatrixFrame
      screen="siyu"
      left={
        <ScreenPanel title={t(`${p}.forecast`)}>
          <Forecast data={data} />
        </ScreenPanel>
      }
      center={
        <ScreenPanel title={t(`${p}.rehearsal`)} extra={data?.rehearsal?.reservoirName}>
          <Preview data={data} />
        </ScreenPanel>
      }
      right={
        <>
          <ScreenPanel title={t(`${p}.warning`)}>
            <Warnings data={data} />
          </ScreenPanel>
          <ScreenPanel title={t(`${p}.plan`)}>
            <Plans data={data} />
          </ScreenPanel>
        </>
      }
    />
  );
}
