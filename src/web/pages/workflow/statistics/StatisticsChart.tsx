/**
 * A grouped column chart (g2plot) of figures by category and series — per process or per month the instances
 * started, completed and running. Loaded lazily by the statistics page (g2plot is large). An empty series shows
 * antd's empty state; the chart is drawn again when its data or language changes and destroyed with the page.
 */
import { Column } from '@antv/g2plot';
import { Empty } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface ChartPoint {
  category: string;
  series: string;
  value: number;
}

export interface StatisticsChartProps {
  data: ChartPoint[];
  height?: number;
  testId: string;
  /** The category axis's label of a category (a month 2026-05 shown as 26-05), the category itself by default. */
  categoryLabel?: (category: string) => string;
}

const COLOURS = ['#1677ff', '#52c41a', '#faad14'];

export function StatisticsChart({ data, height = 320, testId, categoryLabel }: StatisticsChartProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const isEmpty = data.every((point) => point.value === 0);

  useEffect(() => {
    if (!box.current || isEmpty) return undefined;
    const highest = Math.max(...data.map((point) => point.value));
    const plot = new Column(box.current, {
      data,
      xField: 'category',
      yField: 'value',
      seriesField: 'series',
      isGroup: true,
      height,
      autoFit: true,
      color: COLOURS,
      maxColumnWidth: 28,
      appendPadding: [12, 0, 0, 0],
      legend: { position: 'top-right' },
      // Counts are whole: small figures get a tick per unit, not 0.25 steps.
      meta: { value: { min: 0, tickInterval: highest <= 5 ? 1 : undefined } },
      xAxis: { label: { autoHide: true, autoRotate: false, formatter: categoryLabel } },
      // A zero needs no label above an empty column.
      label: { position: 'top', style: { fontSize: 11 }, formatter: (datum) => (datum.value ? String(datum.value) : '') },
    });
    plot.render();
    return () => plot.destroy();
  }, [data, height, isEmpty, categoryLabel]);

  if (isEmpty) {
    return (
      <div className="wf-chart wf-chart-empty" style={{ height }} data-testid={testId} data-points={0}>
        <Empty description={t('workflowForms.statistics.noData')} />
      </div>
    );
  }
  return <div ref={box} className="wf-chart" style={{ height }} data-testid={testId} data-points={data.length} />;
}

export default StatisticsChart;
