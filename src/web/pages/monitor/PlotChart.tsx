/**
 * A g2plot chart in a React page: drawn into its box when the spec arrives,
 * drawn again when the spec changes (another station, range or language),
 * destroyed with the page. An empty series shows antd's empty state instead.
 */
import { DualAxes, Line } from '@antv/g2plot';
import { Empty } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartSpec } from './chartOptions';

export interface PlotChartProps {
  spec: ChartSpec | undefined;
  height?: number;
  testId?: string;
}

function isEmpty(spec: ChartSpec): boolean {
  if (spec.kind === 'line') return spec.options.data.length === 0;
  return spec.options.data.every((part) => part.length === 0);
}

export function PlotChart({ spec, height = 340, testId = 'monitor-chart' }: PlotChartProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const empty = !spec || isEmpty(spec);

  useEffect(() => {
    if (!box.current || !spec || empty) return undefined;
    const plot =
      spec.kind === 'line'
        ? new Line(box.current, { ...spec.options, height, autoFit: true })
        : new DualAxes(box.current, { ...spec.options, height, autoFit: true });
    plot.render();
    return () => plot.destroy();
  }, [spec, empty, height]);

  if (empty) {
    return (
      <div className="monitor-chart monitor-chart-empty" style={{ height }} data-testid={testId} data-points={0}>
        <Empty description={t('monitor.chart.noData')} />
      </div>
    );
  }
  const points = spec.kind === 'line' ? spec.options.data.length : spec.options.data.reduce((sum, part) => sum + part.length, 0);
  return <div ref={box} className="monitor-chart" style={{ height }} data-testid={testId} data-points={points} data-kind={spec.kind} />;
}
