/**
 * The pure parts of the monitoring pages (contract 13 §F): station wall-clock
 * times and the query's quick ranges, readings turned into chart series
 * (hourly rainfall totals, the running total, one line per deformation axis),
 * the characteristic levels drawn as lines, a level's margin to its flood
 * limit, and the value axis' range. No React, no antd, no g2plot: the pages
 * and the unit tests call these.
 *
 * Times are the stations' wall clock (`yyyy-MM-dd HH:mm:ss`, Asia/Shanghai as
 * the server stores them, DESIGN §5), whatever zone the browser runs in:
 * arithmetic is done on the wall-clock string read as if it were UTC.
 */
import { elementByKey, HYDROLOGICAL_DAY_START_HOUR, MONITOR_ELEMENTS, type MonitorFamily } from '../../../shared/monitorElements';

export { STATION_TIME_ZONE, stationNow } from '../../config/stationClock';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A reading as listAll answers it. */
export interface Reading {
  element: number;
  observeTime: string;
  value: number;
}

export interface SeriesPoint {
  time: string;
  value: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A wall-clock string as milliseconds (read as UTC, so no zone or summer time shifts it). */
export function wallMs(time: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(time.trim());
  if (!match) return Number.NaN;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
}

/** Milliseconds (of wallMs) back to the wire format. */
export function wallTime(ms: number): string {
  const date = new Date(ms);
  return (
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}

/**
 * A wall-clock string as the browser's local milliseconds, the way g2plot reads the data's time strings: the
 * charts' time axes are pinned to the query's range with these, so two views (level and rain) share one axis.
 */
export function chartMs(time: string): number {
  const ms = wallMs(time);
  if (Number.isNaN(ms)) return ms;
  const date = new Date(ms);
  return new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()).getTime();
}

export type QuickRange = 'today' | 'hours24' | 'days3' | 'days7' | 'days30';
export const QUICK_RANGES: readonly QuickRange[] = ['today', 'hours24', 'days3', 'days7', 'days30'];

/** [start, end] of a quick range ending now (the end rounded up to the next minute so a reading just in counts). */
export function quickRange(range: QuickRange, now: string): [string, string] {
  const end = Math.ceil(wallMs(now) / 60_000) * 60_000;
  const start = {
    today: Math.floor(end / DAY) * DAY,
    hours24: end - DAY,
    days3: end - 3 * DAY,
    days7: end - 7 * DAY,
    days30: end - 30 * DAY,
  }[range];
  return [wallTime(start), wallTime(end)];
}

/** The start of the hydrological day that `now` falls in: the last 08:00 at or before it. */
export function hydrologicalDayStart(now: string): string {
  const ms = wallMs(now);
  const todayStart = Math.floor(ms / DAY) * DAY + HYDROLOGICAL_DAY_START_HOUR * HOUR;
  return wallTime(todayStart <= ms ? todayStart : todayStart - DAY);
}

/** The hydrological day (yyyy-MM-dd) `now` belongs to: readings in (D-1 08:00, D 08:00] are day D. */
export function hydrologicalDay(now: string): string {
  const ms = wallMs(now);
  const shifted = ms - HYDROLOGICAL_DAY_START_HOUR * HOUR;
  // (D-1 08:00, D 08:00] → shift back 8 h: (D-1 00:00, D 00:00], i.e. the day of (shifted - 1 s) plus one.
  return wallTime(Math.floor((shifted - 1000) / DAY) * DAY + DAY).slice(0, 10);
}

/** Readings of one element, oldest first. */
export function seriesOf(readings: readonly Reading[], element: number): SeriesPoint[] {
  return readings
    .filter((reading) => reading.element === element)
    .map((reading) => ({ time: reading.observeTime, value: reading.value }))
    .sort((a, b) => wallMs(a.time) - wallMs(b.time));
}

/**
 * Hourly totals: each reading counts for the hour it closes, so (h-1, h] sums into the column labelled h
 * (a reading at exactly 08:00 closes the 08:00 hour, as it closes the hydrological day).
 */
export function hourlyTotals(points: readonly SeriesPoint[]): SeriesPoint[] {
  const totals = new Map<number, number>();
  for (const point of points) {
    const ms = wallMs(point.time);
    if (Number.isNaN(ms)) continue;
    const hourEnd = Math.ceil(ms / HOUR) * HOUR;
    totals.set(hourEnd, (totals.get(hourEnd) ?? 0) + point.value);
  }
  return [...totals.entries()].sort(([a], [b]) => a - b).map(([ms, value]) => ({ time: wallTime(ms), value: round(value, 1) }));
}

/** The running total of a series (a rainfall chart's cumulative line). */
export function cumulative(points: readonly SeriesPoint[], decimals = 1): SeriesPoint[] {
  let sum = 0;
  return points.map((point) => {
    sum += point.value;
    return { time: point.time, value: round(sum, decimals) };
  });
}

export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** One point per reading with its element's code as the series (the deformation chart's X / Y / Z lines). */
export function elementLines(readings: readonly Reading[], family: MonitorFamily): (SeriesPoint & { series: string })[] {
  const keys = MONITOR_ELEMENTS.filter((element) => element.family === family).map((element) => element.key);
  return readings
    .filter((reading) => keys.includes(reading.element))
    .map((reading) => ({ time: reading.observeTime, value: reading.value, series: elementByKey(reading.element)?.code ?? String(reading.element) }))
    .sort((a, b) => wallMs(a.time) - wallMs(b.time) || a.series.localeCompare(b.series));
}

/** A reservoir's characteristic levels as listNew answers them for a water-level station. */
export interface CharacteristicLevels {
  deadWaterLevel?: number | null;
  floodLimitWaterLevel?: number | null;
  normalWaterLevel?: number | null;
  designFloodLevel?: number | null;
  checkFloodLevel?: number | null;
}

export type LevelKey = keyof CharacteristicLevels;

/** Lines drawn across a level chart, lowest importance first; colours follow the warning levels (汛限 blue … 校核 red). */
export const LEVEL_LINES: readonly { key: LevelKey; colour: string }[] = [
  { key: 'deadWaterLevel', colour: '#8c8c8c' },
  { key: 'normalWaterLevel', colour: '#52c41a' },
  { key: 'floodLimitWaterLevel', colour: '#1677ff' },
  { key: 'designFloodLevel', colour: '#fa8c16' },
  { key: 'checkFloodLevel', colour: '#f5222d' },
];

export function levelLines(levels: CharacteristicLevels | undefined): { key: LevelKey; colour: string; value: number }[] {
  if (!levels) return [];
  return LEVEL_LINES.flatMap((line) => {
    const value = levels[line.key];
    return typeof value === 'number' && Number.isFinite(value) ? [{ ...line, value }] : [];
  });
}

export type LevelState = 'aboveCheck' | 'aboveDesign' | 'aboveFloodLimit' | 'belowDead' | 'normal' | 'unknown';

/**
 * Where a level stands against its reservoir's lines, and its margin to the flood limit (positive: above it).
 * Above the flood limit is the state the duty staff act on (red on the page).
 */
export function levelState(level: number | null | undefined, levels: CharacteristicLevels | undefined): { state: LevelState; margin: number | null } {
  if (typeof level !== 'number' || !levels) return { state: 'unknown', margin: null };
  const flood = levels.floodLimitWaterLevel;
  const margin = typeof flood === 'number' ? round(level - flood, 3) : null;
  if (typeof levels.checkFloodLevel === 'number' && level >= levels.checkFloodLevel) return { state: 'aboveCheck', margin };
  if (typeof levels.designFloodLevel === 'number' && level >= levels.designFloodLevel) return { state: 'aboveDesign', margin };
  if (typeof flood === 'number' && level > flood) return { state: 'aboveFloodLimit', margin };
  if (typeof levels.deadWaterLevel === 'number' && level <= levels.deadWaterLevel) return { state: 'belowDead', margin };
  return { state: typeof flood === 'number' ? 'normal' : 'unknown', margin };
}

/** Whether the level is above its flood limit (the summary's count and the table's red). */
export function isAboveFloodLimit(level: number | null | undefined, levels: CharacteristicLevels | undefined): boolean {
  const { state } = levelState(level, levels);
  return state === 'aboveFloodLimit' || state === 'aboveDesign' || state === 'aboveCheck';
}

/**
 * The value axis of a level chart: the readings and the lines that lie near them (the flood limit and normal level
 * always; design and check only when within reach), with a little room above and below.
 */
export function valueAxisRange(values: readonly number[], lines: readonly { key: LevelKey; value: number }[]): { min: number; max: number } | undefined {
  const finite = values.filter((value) => Number.isFinite(value));
  if (finite.length === 0 && lines.length === 0) return undefined;
  const low = finite.length ? Math.min(...finite) : Math.min(...lines.map((line) => line.value));
  const high = finite.length ? Math.max(...finite) : Math.max(...lines.map((line) => line.value));
  const reach = Math.max(high - low, 1) * 3;
  const shown = lines.filter(
    (line) => line.key === 'floodLimitWaterLevel' || line.key === 'normalWaterLevel' || (line.value >= low - reach && line.value <= high + reach),
  );
  const all = [low, high, ...shown.map((line) => line.value)];
  const min = Math.min(...all);
  const max = Math.max(...all);
  const pad = Math.max((max - min) * 0.05, 0.1);
  return { min: round(min - pad, 2), max: round(max + pad, 2) };
}

/** Format of a value with its element's decimals and unit ("123.450 m"), empty for none. */
export function formatValue(value: number | null | undefined, element: number, withUnit = true): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  const info = elementByKey(element);
  const text = info ? value.toFixed(info.decimals) : String(value);
  return withUnit && info ? `${text} ${info.unit}` : text;
}
