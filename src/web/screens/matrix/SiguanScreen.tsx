/** 四管 (/show-big-screen/siguan/index): 除险、体检、维护、安全 (labels: matrixSiguan.ts). */
import { useTranslation } from 'react-i18next';
import { ScreenChart } from '../ScreenChart';
import { ScreenPanel } from '../ScreenPanel';
import { MatrixFrame } from './MatrixFrame';
import { MATRIX_COLORS, rateColor } from './matrixColors';
import { useMatrixData, type SiguanData } from './matrixData';
import { MatrixNote, MatrixTable, StatGrid } from './MatrixWidgets';

const p = 'matrixSiguan';

function Reinforcement({ data }: { data?: SiguanData }) {
  const { t } = useTranslation();
  const r = data?.reinforcement;
  const money = t('matrixScreens.unit.tenThousandYuan');
  const byProgress = [1, 2, 3, 4, 5].map((key) => ({
    progress: t(`matrixScreens.progress.${key}`),
    count: r?.byProgress.find((x) => x.key === key)?.count ?? 0,
  }));
  return (
    <div className="matrix-stack">
      <StatGrid
        columns={2}
        items={[
          { label: t(`${p}.investment`), value: r?.investment, unit: money, testId: 'siguan-investment' },
          { label: t(`${p}.centralFund`), value: r?.centralFund, unit: money },
          { label: t(`${p}.openProjects`), value: r?.open.length, unit: t('matrixScreens.unit.item'), color: MATRIX_COLORS.info },
          { label: t(`${p}.unsafeWithoutProject`), value: r?.unsafeWithoutProject.length, unit: t('matrixScreens.unit.reservoir'), color: MATRIX_COLORS.bad },
        ]}
      />
      <MatrixNote>{t(`${p}.byProgress`)}</MatrixNote>
      <div style={{ height: 200 }}>
        <ScreenChart
          kind="column"
          testId="siguan-progress"
          options={{ data: byProgress, xField: 'progress', yField: 'count', color: MATRIX_COLORS.info, label: { position: 'top' } }}
        />
      </div>
      <div className="matrix-fill">
        <MatrixTable
          testId="siguan-open-projects"
          rows={r?.open ?? []}
          columns={[
            { key: 'project', title: t(`${p}.columns.project`), render: (x) => x.projectName, width: '58%' },
            { key: 'progress', title: t(`${p}.columns.progress`), render: (x) => (x.progress ? t(`matrixScreens.progress.${x.progress}`) : '–') },
          ]}
        />
      </div>
    </div>
  );
}

function Appraisal({ data }: { data?: SiguanData }) {
  const { t } = useTranslation();
  const a = data?.appraisal;
  const classes = [
    ...(a?.byClass ?? []).map((c) => ({ type: t(`matrixScreens.safetyClass.${c.safetyClass}`), count: c.count })),
    { type: t('matrixScreens.safetyClass.none'), count: a?.unclassified ?? 0 },
  ];
  return (
    <div className="matrix-stack">
      <div style={{ height: 300 }}>
        <ScreenChart
          kind="pie"
          testId="siguan-classes"
          options={{
            data: classes,
            angleField: 'count',
            colorField: 'type',
            radius: 0.85,
            innerRadius: 0.55,
            color: [MATRIX_COLORS.safetyClasses[1], MATRIX_COLORS.safetyClasses[2], MATRIX_COLORS.safetyClasses[3], MATRIX_COLORS.muted],
            legend: { position: 'right' },
            label: { type: 'inner', offset: '-50%', content: '{value}', style: { fontSize: 16 } },
            statistic: { title: false, content: { style: { color: '#e8f3ff', fontSize: '20px' }, content: t(`${p}.byClass`) } },
          }}
        />
      </div>
      <StatGrid
        columns={2}
        items={[
          { label: t(`${p}.overdue`), value: a?.overdue, unit: t('matrixScreens.unit.reservoir'), color: MATRIX_COLORS.bad, testId: 'siguan-overdue' },
          { label: t(`${p}.dueSoon`), value: a?.dueSoon, unit: t('matrixScreens.unit.reservoir'), color: MATRIX_COLORS.warn },
        ]}
      />
      <MatrixNote>{t(`${p}.due`)}</MatrixNote>
      <div className="matrix-fill">
        <MatrixTable
          testId="siguan-due"
          rows={a?.due ?? []}
          columns={[
            { key: 'name', title: t(`${p}.columns.name`), render: (x) => x.name, width: '30%' },
            {
              key: 'class',
              title: t(`${p}.columns.safetyClass`),
              render: (x) => (x.safetyClass ? t(`matrixScreens.safetyClass.${x.safetyClass}`) : t('matrixScreens.safetyClass.none')),
            },
            { key: 'last', title: t(`${p}.columns.appraisalDate`), render: (x) => x.appraisalDate ?? '–' },
            { key: 'next', title: t(`${p}.columns.nextAppraisalDate`), render: (x) => x.nextAppraisalDate ?? '–' },
          ]}
        />
      </div>
    </div>
  );
}

function Upkeep({ data }: { data?: SiguanData }) {
  const { t } = useTranslation();
  const u = data?.upkeep;
  const percent = t('matrixScreens.unit.percent');
  const monthly = [
    ...(u?.maintain.monthly ?? []).map((m) => ({ month: m.month, kind: t(`${p}.maintain`), count: m.count })),
    ...(u?.clean.monthly ?? []).map((m) => ({ month: m.month, kind: t(`${p}.clean`), count: m.count })),
  ];
  return (
    <div className="matrix-stack">
      <StatGrid
        columns={2}
        items={[
          { label: t(`${p}.maintainRate`), value: u?.maintain.rate, unit: percent, color: u && rateColor(u.maintain.rate), testId: 'siguan-maintain-rate' },
          { label: t(`${p}.cleanRate`), value: u?.clean.rate, unit: percent, color: u && rateColor(u.clean.rate) },
        ]}
      />
      <div className="matrix-fill">
        <ScreenChart
          kind="line"
          testId="siguan-monthly"
          options={{
            data: monthly,
            xField: 'month',
            yField: 'count',
            seriesField: 'kind',
            color: MATRIX_COLORS.series,
            legend: { position: 'top' },
            point: { size: 4 },
          }}
        />
      </div>
    </div>
  );
}

function Safety({ data }: { data?: SiguanData }) {
  const { t } = useTranslation();
  const s = data?.safety;
  const percent = t('matrixScreens.unit.percent');
  return (
    <StatGrid
      items={[
        { label: t(`${p}.inspectedRate`), value: s?.inspectedRate, unit: percent, color: s && rateColor(s.inspectedRate), testId: 'siguan-inspected-rate' },
        { label: t(`${p}.eventClosure`), value: s?.events.closureRate, unit: percent, color: s && rateColor(s.events.closureRate) },
        { label: t(`${p}.riskClosure`), value: s?.risks.closureRate, unit: percent, color: s && rateColor(s.risks.closureRate) },
        { label: t(`${p}.inspections`), value: s?.inspections },
        { label: t(`${p}.events`), value: s?.events.total },
        { label: t(`${p}.openEvents`), value: s?.events.open, color: MATRIX_COLORS.warn },
      ]}
    />
  );
}

export function SiguanScreen() {
  const { t } = useTranslation();
  const { data } = useMatrixData('siguan');
  return (
    <MatrixFrame
      screen="siguan"
      left={
        <ScreenPanel title={t(`${p}.reinforcement`)}>
          <Reinforcement data={data} />
        </ScreenPanel>
      }
      center={
        <ScreenPanel title={t(`${p}.appraisal`)}>
          <Appraisal data={data} />
        </ScreenPanel>
      }
      right={
        <>
          <ScreenPanel title={t(`${p}.upkeep`)} flex={2}>
            <Upkeep data={data} />
          </ScreenPanel>
          <ScreenPanel title={t(`${p}.safety`)} flex={1}>
            <Safety data={data} />
          </ScreenPanel>
        </>
      }
    />
  );
}
