/**
 * A g2plot chart on a big screen, loaded on demand (g2plot stays out of every other chunk), in the dark theme
 * on the panel's own background. Made once its data has arrived: a g2plot chart made on empty data keeps the scales
 * it guessed from nothing and never draws the data that comes later, so until then the space stays empty (no flicker
 * of bare axes), and data that empties again is drawn by a new chart when it returns. Otherwise new options update it
 * in place (only new data: changeData, which animates from the old values), so a refresh never blanks or re-creates it.
 */
import { useEffect, useRef } from 'react';
import { hasChartData, type ScreenChartKind } from './chartData';
import { useStageScaleContext } from './stageScaleContext';

export type { ScreenChartKind };

export interface ScreenChartProps {
  kind: ScreenChartKind;
  /** g2plot options of that kind (data included); theme and autoFit are the frame's. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind has its own option type; the caller knows which
  options: Record<string, any>;
  height?: number | string;
  testId?: string;
}

interface PlotLike {
  render(): void;
  update(options: object): void;
  changeData(data: unknown): void;
  destroy(): void;
}

type PlotClass = new (container: HTMLElement, options: object) => PlotLike;

async function plotClassOf(kind: ScreenChartKind): Promise<{ Plot: PlotClass; theme: object }> {
  const g2plot = await import('@antv/g2plot');
  const classes: Record<ScreenChartKind, unknown> = {
    line: g2plot.Line,
    column: g2plot.Column,
    bar: g2plot.Bar,
    pie: g2plot.Pie,
    area: g2plot.Area,
    gauge: g2plot.Gauge,
    liquid: g2plot.Liquid,
    radar: g2plot.Radar,
    dualAxes: g2plot.DualAxes,
  };
  // The dark theme without its own background: the panel's shows through.
  const theme = { ...g2plot.G2.getTheme('dark'), background: 'transparent' };
  return { Plot: classes[kind] as PlotClass, theme };
}

/** The options without their data, to tell a data refresh from a change of the chart itself. */
function shapeOf(options: Record<string, unknown>): string {
  const { data: _data, ...rest } = options;
  return JSON.stringify(rest);
}

export function ScreenChart({ kind, options, height = '100%', testId }: ScreenChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const plot = useRef<{ chart: PlotLike; shape: string; data: string; theme: object } | null>(null);
  const latest = useRef(options);
  const scale = useStageScaleContext();
  const hasData = hasChartData(kind, options);

  // The chart is made after g2plot has loaded: with the options of that moment.
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    if (!hasData) return;
    let isCancelled = false;
    void plotClassOf(kind).then(({ Plot, theme }) => {
      if (isCancelled || !container.current) return;
      const opts = latest.current;
      // A stage scaled up (a 4K wall) draws its canvas at the size it is shown, not blurred up.
      const pixelRatio = (window.devicePixelRatio || 1) * Math.max(1, scale);
      const chart = new Plot(container.current, { ...opts, theme, autoFit: true, pixelRatio });
      chart.render();
      plot.current = { chart, shape: shapeOf(opts), data: JSON.stringify(opts.data), theme };
    });
    return () => {
      isCancelled = true;
      plot.current?.chart.destroy();
      plot.current = null;
    };
    // Made once per kind (and scale) when data arrives; option changes are handled below without re-creating it.
  }, [kind, scale, hasData]);

  useEffect(() => {
    const current = plot.current;
    if (!current) return;
    const shape = shapeOf(options);
    const data = JSON.stringify(options.data);
    // Options rebuilt by a re-render with the same content change nothing.
    if (shape === current.shape && data === current.data) return;
    if (shape === current.shape) current.chart.changeData(options.data);
    else current.chart.update({ ...options, theme: current.theme });
    current.shape = shape;
    current.data = data;
  }, [options]);

  return <div ref={container} className="screen-chart" data-testid={testId} style={{ height, width: '100%' }} />;
}
