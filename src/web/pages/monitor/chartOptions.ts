/**
 * The g2plot options of the monitoring charts, built from the series of
 * monitorChartData.ts and the page's translated labels (every axis title,
 * legend and line name in the console's language). Pure: the chart component
 * hands the result to g2plot; the unit tests read it.
 *
 * - level: the water level as a line, the reservoir's characteristic levels as
 *   dashed annotation lines, and (when a rain station of the same reservoir
 *   reports) hourly rainfall as columns on a second axis;
 * - rain: hourly totals as columns and the running total as a line on a second axis;
 * - line: one line per element (seepage, and the three deformation axes).
 * Every chart has the slider under it to zoom into a part of the range.
 */
import type { DualAxesOptions, LineOptions } from '@antv/g2plot';
import { chartMs, cumulative, hourlyTotals, levelLines, valueAxisRange, type CharacteristicLevels, type LevelKey, type SeriesPoint } from './monitorChartData';

export type ChartSpec = { kind: 'line'; options: LineOptions } | { kind: 'dualAxes'; options: DualAxesOptions };

export interface ChartLabels {
  /** Axis and legend names with their unit, e.g. 水位 (m). */
  value: string;
  rain: string;
  cumulative: string;
  time: string;
  lines: Record<LevelKey, string>;
}

/** The queried time range: the time axis spans it whole (a gap in the readings shows as one), shared by both views. */
export type Span = readonly [string, string] | undefined;

function timeAxis(span: Span) {
  const pinned = span ? { min: chartMs(span[0]), max: chartMs(span[1]) } : {};
  return { type: 'time' as const, mask: 'MM-DD HH:mm', tickCount: 8, nice: false, range: [0, 1] as [number, number], ...pinned };
}
const SLIDER = { start: 0, end: 1, formatter: (value: unknown) => String(value).slice(5, 16) };
const LEVEL_COLOUR = '#1677ff';
const RAIN_COLOUR = '#36cfc9';
const SUM_COLOUR = '#fa8c16';
const PALETTE = ['#1677ff', '#fa8c16', '#52c41a', '#eb2f96', '#722ed1'];

function lineAnnotations(levels: CharacteristicLevels | undefined, labels: ChartLabels, shown: { min: number; max: number } | undefined) {
  return levelLines(levels)
    .filter((line) => !shown || (line.value >= shown.min && line.value <= shown.max))
    .map((line) => ({
      type: 'line' as const,
      start: ['min', line.value] as [string, number],
      end: ['max', line.value] as [string, number],
      style: { stroke: line.colour, lineDash: [4, 4], lineWidth: 1 },
      text: {
        content: `${labels.lines[line.key]} ${line.value.toFixed(2)}`,
        position: 'start' as const,
        offsetY: -4,
        style: { fill: line.colour, fontSize: 11, textBaseline: 'bottom' as const },
      },
    }));
}

/** A water level with its reservoir's lines, and the hourly rainfall beside it when there is any. */
export function levelChart(
  level: readonly SeriesPoint[],
  levels: CharacteristicLevels | undefined,
  rain: readonly SeriesPoint[],
  labels: ChartLabels,
  span?: Span,
): ChartSpec {
  const range = valueAxisRange(
    level.map((point) => point.value),
    levelLines(levels),
  );
  const annotations = lineAnnotations(levels, labels, range);
  const levelData = level.map((point) => ({ time: point.time, level: point.value }));
  if (rain.length === 0) {
    return {
      kind: 'line',
      options: {
        data: levelData,
        xField: 'time',
        yField: 'level',
        color: LEVEL_COLOUR,
        meta: { level: { alias: labels.value, ...range }, time: { alias: labels.time } },
        xAxis: timeAxis(span),
        yAxis: { title: { text: labels.value }, ...range },
        annotations,
        slider: SLIDER,
        legend: false,
        tooltip: { showCrosshairs: true },
        animation: false,
      },
    };
  }
  const rainData = hourlyTotals(rain).map((point) => ({ time: point.time, rain: point.value }));
  return {
    kind: 'dualAxes',
    options: {
      data: [levelData, rainData],
      xField: 'time',
      yField: ['level', 'rain'],
      meta: { level: { alias: labels.value }, rain: { alias: labels.rain } },
      xAxis: timeAxis(span),
      yAxis: { level: { title: { text: labels.value }, ...range }, rain: { title: { text: labels.rain }, min: 0, nice: true } },
      geometryOptions: [
        { geometry: 'line', color: LEVEL_COLOUR, connectNulls: false },
        { geometry: 'column', color: RAIN_COLOUR, columnWidthRatio: 0.6 },
      ],
      annotations: { level: annotations },
      slider: SLIDER,
      legend: { position: 'top' },
      animation: false,
    },
  };
}

/** Hourly rainfall as columns and the running total over the range on a second axis. */
export function rainChart(rain: readonly SeriesPoint[], labels: ChartLabels, span?: Span): ChartSpec {
  const hourly = hourlyTotals(rain);
  return {
    kind: 'dualAxes',
    options: {
      data: [hourly.map((point) => ({ time: point.time, rain: point.value })), cumulative(hourly).map((point) => ({ time: point.time, total: point.value }))],
      xField: 'time',
      yField: ['rain', 'total'],
      meta: { rain: { alias: labels.rain }, total: { alias: labels.cumulative } },
      xAxis: timeAxis(span),
      yAxis: { rain: { title: { text: labels.rain }, min: 0, nice: true }, total: { title: { text: labels.cumulative }, min: 0, nice: true } },
      geometryOptions: [
        { geometry: 'column', color: RAIN_COLOUR, columnWidthRatio: 0.6 },
        { geometry: 'line', color: SUM_COLOUR, stepType: 'hv' },
      ],
      slider: SLIDER,
      legend: { position: 'top' },
      animation: false,
    },
  };
}

/** One line per series (seepage: one; deformation: X, Y and Z), names already translated. */
export function linesChart(points: readonly (SeriesPoint & { series?: string })[], labels: ChartLabels, span?: Span): ChartSpec {
  const hasSeries = points.some((point) => point.series !== undefined);
  const range = valueAxisRange(
    points.map((point) => point.value),
    [],
  );
  return {
    kind: 'line',
    options: {
      data: points.map((point) => ({ time: point.time, value: point.value, series: point.series ?? labels.value })),
      xField: 'time',
      yField: 'value',
      seriesField: hasSeries ? 'series' : undefined,
      color: hasSeries ? PALETTE : LEVEL_COLOUR,
      meta: { value: { alias: labels.value, ...range }, time: { alias: labels.time } },
      xAxis: timeAxis(span),
      yAxis: { title: { text: labels.value }, ...range },
      slider: SLIDER,
      // The elements' names are long in English (Horizontal displacement X (streamwise)): room for them whole.
      legend: hasSeries ? { position: 'top', maxItemWidth: 400 } : false,
      tooltip: { showCrosshairs: true },
      animation: false,
    },
  };
}
