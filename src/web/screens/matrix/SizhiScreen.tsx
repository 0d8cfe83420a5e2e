/** 四制(治) (/show-big-screen/sizhi/index): 责任制、体制、机制、法治 and a computed 考核 score (labels: matrixSizhi.ts). */
import { useTranslation } from 'react-i18next';
import { ScreenChart } from '../ScreenChart';
import { ScreenPanel } from '../ScreenPanel';
import { MatrixFrame } from './MatrixFrame';
import { MATRIX_COLORS, rateColor } from './matrixColors';
import { useMatrixData, type SizhiData } from './matrixData';
import { MatrixNote, MatrixTable, StatGrid } from './MatrixWidgets';

const p = 'matrixSizhi';

function Responsibility({ data }: { data?: SizhiData }) {
  const { t } = useTranslation();
  const r = data?.responsibility;
  const percent = t('matrixScreens.unit.percent');
  const byDuty = (r?.byDuty ?? []).map((d) => ({ duty: t(`matrixScreens.duty.${d.duty}`), reservoirs: d.reservoirs }));
  return (
    <div className="matrix-stack">
      <StatGrid
        items={[
          { label: t(`${p}.complete`), value: r?.complete, unit: t('matrixScreens.unit.reservoir'), testId: 'sizhi-complete' },
          { label: t(`${p}.completeRate`), value: r?.completeRate, unit: percent, color: r && rateColor(r.completeRate) },
          { label: t(`${p}.placardRate`), value: r?.placardRate, unit: percent, color: r && rateColor(r.placardRate) },
          { label: t(`${p}.persons`), value: r?.persons, unit: t('matrixScreens.unit.person') },
          { label: t(`${p}.bound`), value: r?.bound, unit: t('matrixScreens.unit.person') },
          { label: t('matrixScreens.reservoir'), value: r?.reservoirs, unit: t('matrixScreens.unit.reservoir') },
        ]}
      />
      <MatrixNote>{t(`${p}.byDuty`)}</MatrixNote>
      <div className="matrix-fill">
        <ScreenChart
          kind="bar"
          testId="sizhi-by-duty"
          options={{
            data: byDuty,
            xField: 'reservoirs',
            yField: 'duty',
            color: MATRIX_COLORS.info,
            label: { position: 'right' },
            meta: { reservoirs: { min: 0 } },
          }}
        />
      </div>
    </div>
  );
}

function RateGrid({ items }: { items: { label: string; value: number | undefined; testId?: string }[] }) {
  const { t } = useTranslation();
  return (
    <StatGrid
      items={items.map((item) => ({ ...item, unit: t('matrixScreens.unit.percent'), color: item.value === undefined ? undefined : rateColor(item.value) }))}
    />
  );
}

function Assessment({ data }: { data?: SizhiData }) {
  const { t } = useTranslation();
  const a = data?.assessment;
  const rows = a?.lowest ?? [];
  return (
    <div className="matrix-stack">
      <div style={{ height: 230 }}>
        <ScreenChart
          kind="gauge"
          testId="sizhi-average"
          options={{
            percent: a ? a.average / 100 : undefined,
            range: { color: [MATRIX_COLORS.info, 'rgba(64, 158, 255, 0.15)'] },
            axis: { label: { formatter: (value: string) => String(Math.round(Number(value) * 100)) } },
            // The number under the needle; what it is says the panel's subtitle.
            statistic: { title: false, content: { formatter: () => String(a?.average ?? '–'), style: { color: '#37d0ff', fontSize: '40px' } } },
          }}
        />
      </div>
      <StatGrid
        items={[
          { label: t(`${p}.good`), value: a?.bands.good, color: MATRIX_COLORS.good },
          { label: t(`${p}.fair`), value: a?.bands.fair, color: MATRIX_COLORS.warn },
          { label: t(`${p}.poor`), value: a?.bands.poor, color: MATRIX_COLORS.bad },
        ]}
      />
      <MatrixNote>{t(`${p}.lowest`)}</MatrixNote>
      <div className="matrix-fill">
        <MatrixTable
          testId="sizhi-lowest"
          rows={rows}
          columns={[
            { key: 'name', title: t('matrixScreens.reservoir'), render: (r) => r.name, width: '28%' },
            { key: 'score', title: t(`${p}.score`), render: (r) => <span style={{ color: rateColor(r.score) }}>{r.score}</span>, width: '14%' },
            { key: 'missing', title: t(`${p}.missing`), render: (r) => r.missing.map((m) => t(`${p}.checks.${m}`)).join('、') || '–' },
          ]}
        />
      </div>
      <MatrixNote>{t(`${p}.assessmentNote`)}</MatrixNote>
    </div>
  );
}

function Files({ data }: { data?: SizhiData }) {
  const { t } = useTranslation();
  const rows = (data?.rules.filesByType ?? []).map((f) => ({ type: t(`matrixScreens.fileType.${f.key}`), count: f.count }));
  if (data && rows.length === 0) return <MatrixNote>{t('matrixScreens.none')}</MatrixNote>;
  return (
    <ScreenChart
      kind="pie"
      testId="sizhi-files"
      options={{
        data: rows,
        angleField: 'count',
        colorField: 'type',
        radius: 0.8,
        innerRadius: 0.55,
        color: MATRIX_COLORS.series,
        legend: { position: 'right' },
        label: { type: 'inner', offset: '-50%', content: '{value}', style: { fontSize: 14 } },
        statistic: { title: false, content: { style: { color: '#e8f3ff', fontSize: '20px' }, content: t(`${p}.filesByType`) } },
      }}
    />
  );
}

export function SizhiScreen() {
  const { t } = useTranslation();
  const { data } = useMatrixData('sizhi');
  return (
    <MatrixFrame
      screen="sizhi"
      left={
        <ScreenPanel title={t(`${p}.responsibility`)}>
          <Responsibility data={data} />
        </ScreenPanel>
      }
      center={
        <ScreenPanel title={t(`${p}.assessment`)} extra={t(`${p}.average`)}>
          <Assessment data={data} />
        </ScreenPanel>
      }
      right={
        <>
          <ScreenPanel title={t(`${p}.system`)} flex={1}>
            <RateGrid
              items={[
                { label: t(`${p}.managedRate`), value: data?.system.managedRate, testId: 'sizhi-managed' },
                { label: t(`${p}.registeredRate`), value: data?.system.registeredRate },
                { label: t(`${p}.withCompetentDept`), value: data?.system.competentRate },
              ]}
            />
          </ScreenPanel>
          <ScreenPanel title={t(`${p}.mechanism`)} flex={1}>
            <RateGrid
              items={[
                { label: t(`${p}.plannedRate`), value: data?.mechanism.plannedRate },
                { label: t(`${p}.dispatchRate`), value: data?.mechanism.dispatchRate },
                { label: t(`${p}.trainedRate`), value: data?.mechanism.trainedRate },
              ]}
            />
          </ScreenPanel>
          <ScreenPanel title={t(`${p}.rules`)} flex={2.4} extra={data ? `${t(`${p}.withRules`)} ${data.rules.withRules}` : undefined}>
            <Files data={data} />
          </ScreenPanel>
        </>
      }
    />
  );
}
