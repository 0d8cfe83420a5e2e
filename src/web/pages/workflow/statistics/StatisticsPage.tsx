/**
 * 流程统计 (/workflow/statistics, menu flow_statistics): the tenant's workflow figures as cards (statistics/index)
 * and, for a date range (the last twelve months by default), two charts from statistics/bar — per process and per
 * month the instances started, completed and still running. The charts (g2plot) load on demand.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Col, DatePicker, Row, Space, Spin, Statistic, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { ChartPoint } from './StatisticsChart';
import { FIGURE_ORDER, figureCards } from './statisticsFigures';
import { stationToday } from '../../../config/stationClock';
import { fetchBars, fetchFigures, type BarStatistics, type StatisticsFigures } from './statisticsApi';
import '../../../renderers/renderers.css';
import '../forms/forms.css';
import './statistics.css';

const StatisticsChart = lazy(() => import('./StatisticsChart'));

type Range = [Dayjs, Dayjs];

const NO_FIGURES: StatisticsFigures = {};
const NO_BARS: BarStatistics = { processes: [], months: [] };

/** 2026-05 as 26-05: twelve months fit the axis without turning their labels. */
const shortMonth = (month: string) => month.slice(2);

function defaultRange(): Range {
  // The stations' today, not the browser's: the server counts instances by the times it stored.
  const today = dayjs(stationToday());
  return [today.subtract(11, 'month').startOf('month'), today.endOf('day')];
}

export function StatisticsPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<Range>(defaultRange);
  const query = { startTime: range[0].format('YYYY-MM-DD 00:00:00'), endTime: range[1].format('YYYY-MM-DD 23:59:59') };
  const figureAnswer = useSWR(['flow-statistics-index', query.startTime, query.endTime], () => fetchFigures(query), { revalidateOnFocus: false });
  const barAnswer = useSWR(['flow-statistics-bar', query.startTime, query.endTime], () => fetchBars(query), { revalidateOnFocus: false });
  const figures = figureAnswer.data ?? NO_FIGURES;
  const bars = barAnswer.data ?? NO_BARS;
  const isLoading = figureAnswer.isLoading || barAnswer.isLoading;
  const load = () => Promise.all([figureAnswer.mutate(), barAnswer.mutate()]);

  const series = useMemo(
    () => ({
      started: t('workflowForms.statistics.started'),
      completed: t('workflowForms.statistics.completed'),
      running: t('workflowForms.statistics.running'),
    }),
    [t],
  );
  const byProcess = useMemo<ChartPoint[]>(
    () =>
      bars.processes.flatMap((row) => [
        { category: row.name, series: series.started, value: row.started },
        { category: row.name, series: series.completed, value: row.completed },
        { category: row.name, series: series.running, value: row.running },
      ]),
    [bars, series],
  );
  const byMonth = useMemo<ChartPoint[]>(
    () =>
      bars.months.flatMap((row) => [
        { category: row.month, series: series.started, value: row.started },
        { category: row.month, series: series.completed, value: row.completed },
      ]),
    [bars, series],
  );
  const cards = figureCards(figures, FIGURE_ORDER);

  return (
    <div className="wf-statistics-page" data-testid="statistics-page">
      <div className="crud-page wf-statistics-head">
        <h2 className="crud-title">{t('workflowForms.statistics.title')}</h2>
        <Space>
          <span className="wf-statistics-range-label">{t('workflowForms.statistics.range')}</span>
          <DatePicker.RangePicker
            allowClear={false}
            value={range}
            onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
            data-testid="statistics-range"
          />
          <Tooltip title={t('renderers.refresh')}>
            <Button shape="circle" icon={<ReloadOutlined />} onClick={() => void load()} aria-label={t('renderers.refresh')} />
          </Tooltip>
        </Space>
      </div>
      <Spin spinning={isLoading}>
        <div className="wf-statistics-cards" data-testid="statistics-cards">
          {cards.map((card) => (
            <Card key={card.key} className={`wf-figure wf-figure-${card.tone}`} data-testid={`figure-${card.key}`} data-value={card.value}>
              <Statistic title={t(card.label, { defaultValue: card.key })} value={card.value} prefix={card.icon} />
            </Card>
          ))}
        </div>
        <Row gutter={[16, 16]} className="wf-statistics-charts">
          <Col xs={24} xl={12}>
            <Card title={t('workflowForms.statistics.byProcess')} className="wf-chart-card">
              <Suspense fallback={<Spin />}>
                <StatisticsChart data={byProcess} testId="chart-by-process" />
              </Suspense>
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card title={t('workflowForms.statistics.byMonth')} className="wf-chart-card">
              <Suspense fallback={<Spin />}>
                <StatisticsChart data={byMonth} testId="chart-by-month" categoryLabel={shortMonth} />
              </Suspense>
            </Card>
          </Col>
        </Row>
      </Spin>
    </div>
  );
}

export default StatisticsPage;
