/**
 * A g2plot column chart of the dashboard: grouped or stacked columns from
 * rows of {x, series, value}, drawn when the data arrives, updated in place
 * when it changes (changeData: no flicker on refresh), destroyed with the
 * page. (monitor/PlotChart draws lines and dual axes only.)
 */
import { Column } from '@antv/g2plot';
import { useEffect, useRef } from 'react';

export interface ChartRow {
  x: string;
  series: string;
  value: number;
}

export interface DashboardChartProps {
  data: ChartRow[];
  stacked?: boolean;
  colors?: string[];
  height?: number;
  testId: string;
}

export function DashboardChart({ data, stacked = false, colors, height = 300, testId }: DashboardChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<Column>();
  const latest = useRef(data);

  // Before the chart's own effect: a new chart (first render, other options) starts from the latest data.
  useEffect(() => {
    latest.current = data;
    plot.current?.changeData(data);
  }, [data]);

  useEffect(() => {
    if (!box.current) return undefined;
    const chart = new Column(box.current, {
      data: latest.current,
      xField: 'x',
      yField: 'value',
      seriesField: 'series',
      isGroup: !stacked,
      isStack: stacked,
      color: colors,
      height,
      autoFit: true,
      legend: { position: 'top' },
      animation: false,
      // Counts: whole-number ticks from zero.
      meta: { value: { min: 0, minTickInterval: 1 } },
    });
    chart.render();
    plot.current = chart;
    return () => {
      chart.destroy();
      plot.current = undefined;
    };
  }, [stacked, colors, height]);

  return <div ref={box} className="dashboard-chart" style={{ height }} data-testid={testId} data-points={data.length} />;
}
