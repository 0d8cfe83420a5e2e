/**
 * The monitoring reports as tables (pure: no database, unit tested in
 * tests/unit/monitorReportTables.test.ts). The actions in
 * src/server/actions/monitor/readingReports.ts read the rows and hand them
 * here; the console renders every report with one table component and the
 * .xlsx export writes the same table.
 *
 * Counting rules (hydrological practice, src/shared/monitorElements.ts):
 * - Rainfall (aggregate 'sum') counts by the hydrological day: day D runs from
 *   D-1 08:00 (exclusive) to D 08:00 (inclusive), so a reading at exactly 08:00
 *   closes day D and one at 08:05 opens D+1. The day report's hour rows 09:00 …
 *   24:00, 01:00 … 08:00 are the totals of (h-1, h]. A row, day or month with no
 *   reading is null (the station did not report), a reported 0 stays 0.
 * - The other elements are instantaneous and count by the calendar day
 *   [D 00:00, D+1 00:00). The day report's hour row h:00 (01:00 … 24:00) shows
 *   the last reading of (h-1, h] (so the 08:00 row is the 08:00 reading), and its
 *   summary (mean, highest, lowest with their times) is over the calendar day, as
 *   the daily rollup the month and year reports read.
 * - Month: one row per day (rainfall: the day's total; others: mean, highest,
 *   lowest). Year: days 1–31 × months, the daily figure (rainfall total, else
 *   the daily mean), and per month and for the year: rainfall total, wettest
 *   day, rain days (≥ 0.1 mm); others mean, highest, lowest.
 * Figures are rounded to the element's decimals.
 */
import type { MonitorFamily } from '../../../shared/monitorElements.js';
import { HYDROLOGICAL_DAY_START_HOUR } from '../../../shared/monitorElements.js';

/** A raw reading as the day report reads it: observeTime `yyyy-MM-dd HH:mm:ss` (local time). */
export interface RawReading {
  element: number;
  observeTime: string;
  value: number;
}

/** A row of the daily rollup (monitor/readingDay), `day` as `yyyy-MM-dd`. */
export interface DayRollup {
  element: number;
  day: string;
  readings: number;
  total: number;
  minimum: number;
  minimumTime: string | null;
  maximum: number;
  maximumTime: string | null;
}

/** An element as a report names it (names from the tenant's monitor_element dictionary). */
export interface ReportElement {
  key: number;
  code: string;
  name: string;
  nameEn: string;
  unit: string;
  decimals: number;
}

export interface ReportColumn {
  key: string;
  title: string;
  titleEn: string;
  /** The unit of the column's figures (none for counts). */
  unit?: string;
  decimals?: number;
}

export type ReportCells = Record<string, number | null>;

export interface ReportRow {
  label: string;
  labelEn: string;
  cells: ReportCells;
  /** When a cell's figure was observed (highest, lowest: `yyyy-MM-dd HH:mm:ss`; wettest hour or day: its end or date). */
  times?: Record<string, string | null>;
  /** The figures are counts (rain days), not values of the element. */
  isCount?: true;
}

export interface ReportPeriod {
  /** First and last instant the report covers (`yyyy-MM-dd HH:mm:ss`); month and year reports: the days `yyyy-MM-dd`. */
  from: string;
  to: string;
  label: string;
  labelEn: string;
}

export interface ReportTable {
  period: ReportPeriod;
  columns: ReportColumn[];
  rows: ReportRow[];
  summary: ReportRow[];
}

export const RAIN_DAY_THRESHOLD_MM = 0.1;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (n: number) => String(n).padStart(2, '0');

/** Local wall-clock time as milliseconds on a UTC axis (no time zone enters: the values are local already). */
export function timeMs(time: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(time);
  if (!m) throw new Error(`not a local time: ${time}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0));
}

export function formatTime(ms: number): string {
  const d = new Date(ms);
  return `${formatDate(ms)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

export function formatDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round((value + Number.EPSILON * Math.sign(value)) * factor) / factor;
}

const isRainfall = (family: MonitorFamily) => family === 'rainfall';

/** The raw time window a day report reads: rainfall (D-1 08:00, D 08:00]; others [D 00:00, D+1 00:00] (the 24:00 row). */
export function dayWindow(family: MonitorFamily, date: string): { after: string; until: string; inclusiveStart: boolean } {
  const day = timeMs(date);
  if (isRainfall(family)) {
    return {
      after: formatTime(day - DAY_MS + HYDROLOGICAL_DAY_START_HOUR * HOUR_MS),
      until: formatTime(day + HYDROLOGICAL_DAY_START_HOUR * HOUR_MS),
      inclusiveStart: false,
    };
  }
  return { after: formatTime(day), until: formatTime(day + DAY_MS), inclusiveStart: true };
}

/** The hour label of a row ending `hoursAfterStart` hours after the window's start: 09:00 … 24:00 … 08:00, or 01:00 … 24:00. */
function hourLabel(endMs: number): string {
  const hour = new Date(endMs).getUTCHours();
  return `${pad(hour === 0 ? 24 : hour)}:00`;
}

interface Extreme {
  value: number;
  time: string | null;
}

function higher(a: Extreme | null, b: Extreme): Extreme {
  return a === null || b.value > a.value ? b : a;
}
function lower(a: Extreme | null, b: Extreme): Extreme {
  return a === null || b.value < a.value ? b : a;
}

function summaryRow(label: string, labelEn: string, cells: ReportCells, times?: Record<string, string | null>): ReportRow {
  return times ? { label, labelEn, cells, times } : { label, labelEn, cells };
}

function elementTitle(element: ReportElement, several: boolean, zh: string, en: string): { title: string; titleEn: string } {
  return several ? { title: `${element.name}${zh}`, titleEn: `${element.nameEn} ${en.toLowerCase()}` } : { title: zh, titleEn: en };
}

/**
 * The day report: 24 hour rows and a summary. Rainfall: hourly totals over the hydrological day
 * ending at `date` 08:00; others: the last reading of each hour of the calendar day `date`.
 */
export function dayTable(family: MonitorFamily, elements: readonly ReportElement[], date: string, readings: readonly RawReading[]): ReportTable {
  const rain = isRainfall(family);
  const window = dayWindow(family, date);
  const start = timeMs(window.after);
  const columns: ReportColumn[] = elements.map((element) => ({
    key: element.code,
    title: rain ? `时段雨量` : element.name,
    titleEn: rain ? 'Hourly rainfall' : element.nameEn,
    unit: element.unit,
    decimals: element.decimals,
  }));
  // One bucket per hour (h-1, h]: rainfall sums, others keep the latest reading.
  const sums = elements.map(() => new Array<number | null>(24).fill(null));
  const lasts = elements.map(() => new Array<{ ms: number; value: number } | null>(24).fill(null));
  const stats = elements.map(() => ({ count: 0, total: 0, max: null as Extreme | null, min: null as Extreme | null }));
  const elementIndex = new Map(elements.map((element, index) => [element.key, index]));
  for (const reading of readings) {
    const e = elementIndex.get(reading.element);
    if (e === undefined) continue;
    const ms = timeMs(reading.observeTime);
    const offset = ms - start;
    if (offset < 0 || offset > DAY_MS) continue;
    // The calendar day's figures take [00:00, 24:00); the rainfall day's (08:00, 08:00].
    const inDay = rain ? offset > 0 : offset < DAY_MS;
    if (inDay) {
      const s = stats[e];
      s.count++;
      s.total += reading.value;
      s.max = higher(s.max, { value: reading.value, time: reading.observeTime });
      s.min = lower(s.min, { value: reading.value, time: reading.observeTime });
    }
    if (offset === 0) continue; // the previous day's last hour
    const hour = Math.ceil(offset / HOUR_MS) - 1;
    if (rain) sums[e][hour] = (sums[e][hour] ?? 0) + reading.value;
    else if (!lasts[e][hour] || ms >= lasts[e][hour]!.ms) lasts[e][hour] = { ms, value: reading.value };
  }
  const rows: ReportRow[] = [];
  for (let hour = 0; hour < 24; hour++) {
    const label = hourLabel(start + (hour + 1) * HOUR_MS);
    const cells: ReportCells = {};
    elements.forEach((element, e) => {
      const figure = rain ? sums[e][hour] : (lasts[e][hour]?.value ?? null);
      cells[element.code] = figure === null ? null : round(figure, element.decimals);
    });
    rows.push({ label, labelEn: label, cells });
  }
  const summary: ReportRow[] = [];
  if (rain) {
    const total: ReportCells = {};
    const wettest: ReportCells = {};
    const wettestTimes: Record<string, string | null> = {};
    elements.forEach((element, e) => {
      total[element.code] = stats[e].count === 0 ? null : round(stats[e].total, element.decimals);
      let best: Extreme | null = null;
      sums[e].forEach((sum, hour) => {
        if (sum !== null) best = higher(best, { value: sum, time: formatTime(start + (hour + 1) * HOUR_MS) });
      });
      wettest[element.code] = best === null ? null : round((best as Extreme).value, element.decimals);
      wettestTimes[element.code] = best === null ? null : (best as Extreme).time;
    });
    summary.push(summaryRow('日雨量', 'Daily total', total), summaryRow('最大时段雨量', 'Wettest hour', wettest, wettestTimes));
  } else {
    const mean: ReportCells = {};
    const max: ReportCells = {};
    const min: ReportCells = {};
    const maxTimes: Record<string, string | null> = {};
    const minTimes: Record<string, string | null> = {};
    elements.forEach((element, e) => {
      const s = stats[e];
      mean[element.code] = s.count === 0 ? null : round(s.total / s.count, element.decimals);
      max[element.code] = s.max ? round(s.max.value, element.decimals) : null;
      min[element.code] = s.min ? round(s.min.value, element.decimals) : null;
      maxTimes[element.code] = s.max?.time ?? null;
      minTimes[element.code] = s.min?.time ?? null;
    });
    summary.push(summaryRow('日平均', 'Daily mean', mean), summaryRow('最高', 'Highest', max, maxTimes), summaryRow('最低', 'Lowest', min, minTimes));
  }
  return {
    period: {
      from: window.after,
      to: window.until,
      label: rain ? `${date}（${window.after.slice(5, 16)} 至 ${window.until.slice(5, 16)}）` : date,
      labelEn: rain ? `${date} (${window.after.slice(5, 16)} to ${window.until.slice(5, 16)})` : date,
    },
    columns,
    rows,
    summary,
  };
}

interface Aggregate {
  readings: number;
  total: number;
  max: Extreme | null;
  min: Extreme | null;
  /** Rainfall: the wettest day and the days with ≥ 0.1 mm. */
  wettest: Extreme | null;
  rainDays: number;
  days: number;
}

const emptyAggregate = (): Aggregate => ({ readings: 0, total: 0, max: null, min: null, wettest: null, rainDays: 0, days: 0 });

function addDay(aggregate: Aggregate, row: DayRollup): void {
  aggregate.days++;
  aggregate.readings += row.readings;
  aggregate.total += row.total;
  aggregate.max = higher(aggregate.max, { value: row.maximum, time: row.maximumTime });
  aggregate.min = lower(aggregate.min, { value: row.minimum, time: row.minimumTime });
  aggregate.wettest = higher(aggregate.wettest, { value: row.total, time: row.day });
  if (row.total >= RAIN_DAY_THRESHOLD_MM - 1e-9) aggregate.rainDays++;
}

/** A day's figure: the rainfall total, or the mean of the day's readings. */
function dailyFigure(rain: boolean, row: DayRollup, decimals: number): number {
  return round(rain ? row.total : row.readings > 0 ? row.total / row.readings : 0, decimals);
}

function parseMonth(month: string): { year: number; month: number } {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) throw new Error(`not a month: ${month}`);
  return { year: Number(m[1]), month: Number(m[2]) };
}

/** The month report: one row per day of the month from the daily rollup, and the month's summary. */
export function monthTable(family: MonitorFamily, elements: readonly ReportElement[], month: string, days: readonly DayRollup[]): ReportTable {
  const rain = isRainfall(family);
  const { year, month: m } = parseMonth(month);
  const count = daysInMonth(year, m);
  const several = elements.length > 1;
  const byDay = new Map(days.map((row) => [`${row.element}|${row.day}`, row]));
  const columns: ReportColumn[] = rain
    ? elements.map((element) => ({ key: element.code, title: '日雨量', titleEn: 'Daily rainfall', unit: element.unit, decimals: element.decimals }))
    : elements.flatMap((element) => [
        { key: `${element.code}_mean`, ...elementTitle(element, several, '平均', 'Mean'), unit: element.unit, decimals: element.decimals },
        { key: `${element.code}_max`, ...elementTitle(element, several, '最高', 'Highest'), unit: element.unit, decimals: element.decimals },
        { key: `${element.code}_min`, ...elementTitle(element, several, '最低', 'Lowest'), unit: element.unit, decimals: element.decimals },
      ]);
  const aggregates = elements.map(() => emptyAggregate());
  const rows: ReportRow[] = [];
  for (let d = 1; d <= count; d++) {
    const day = `${year}-${pad(m)}-${pad(d)}`;
    const cells: ReportCells = {};
    const times: Record<string, string | null> = {};
    elements.forEach((element, e) => {
      const row = byDay.get(`${element.key}|${day}`);
      if (row) addDay(aggregates[e], row);
      if (rain) {
        cells[element.code] = row ? dailyFigure(true, row, element.decimals) : null;
        return;
      }
      cells[`${element.code}_mean`] = row ? dailyFigure(false, row, element.decimals) : null;
      cells[`${element.code}_max`] = row ? round(row.maximum, element.decimals) : null;
      cells[`${element.code}_min`] = row ? round(row.minimum, element.decimals) : null;
      times[`${element.code}_max`] = row?.maximumTime ?? null;
      times[`${element.code}_min`] = row?.minimumTime ?? null;
    });
    rows.push(rain ? { label: day, labelEn: day, cells } : { label: day, labelEn: day, cells, times });
  }
  const summary: ReportRow[] = [];
  if (rain) {
    const total: ReportCells = {};
    const wettest: ReportCells = {};
    const wettestDays: Record<string, string | null> = {};
    const rainDays: ReportCells = {};
    elements.forEach((element, e) => {
      const a = aggregates[e];
      total[element.code] = a.days === 0 ? null : round(a.total, element.decimals);
      wettest[element.code] = a.wettest ? round(a.wettest.value, element.decimals) : null;
      wettestDays[element.code] = a.wettest?.time ?? null;
      rainDays[element.code] = a.days === 0 ? null : a.rainDays;
    });
    summary.push(summaryRow('月雨量', 'Monthly total', total), summaryRow('最大日雨量', 'Wettest day', wettest, wettestDays), {
      ...summaryRow('降雨日数', 'Rain days', rainDays),
      isCount: true,
    });
  } else {
    const cells: ReportCells = {};
    const times: Record<string, string | null> = {};
    elements.forEach((element, e) => {
      const a = aggregates[e];
      cells[`${element.code}_mean`] = a.readings === 0 ? null : round(a.total / a.readings, element.decimals);
      cells[`${element.code}_max`] = a.max ? round(a.max.value, element.decimals) : null;
      cells[`${element.code}_min`] = a.min ? round(a.min.value, element.decimals) : null;
      times[`${element.code}_max`] = a.max?.time ?? null;
      times[`${element.code}_min`] = a.min?.time ?? null;
    });
    summary.push(summaryRow('全月', 'Month', cells, times));
  }
  const last = `${year}-${pad(m)}-${pad(count)}`;
  return {
    period: { from: `${year}-${pad(m)}-01`, to: last, label: `${year}年${m}月`, labelEn: `${MONTHS_EN[m - 1]} ${year}` },
    columns,
    rows,
    summary,
  };
}

export const MONTH_KEYS = Array.from({ length: 12 }, (_, i) => `m${pad(i + 1)}`);
export const YEAR_KEY = 'year';

/**
 * The year report of one element: days 1–31 × months of daily figures, then per month and
 * for the year (column `year`): rainfall total, wettest day, rain days; others mean, highest, lowest.
 */
export function yearTable(family: MonitorFamily, element: ReportElement, year: number, days: readonly DayRollup[]): ReportTable {
  const rain = isRainfall(family);
  const columns: ReportColumn[] = [
    ...MONTH_KEYS.map((key, i) => ({ key, title: `${i + 1}月`, titleEn: MONTHS_EN[i], unit: element.unit, decimals: element.decimals })),
    { key: YEAR_KEY, title: '全年', titleEn: 'Year', unit: element.unit, decimals: element.decimals },
  ];
  const byDay = new Map(days.filter((row) => row.element === element.key).map((row) => [row.day, row]));
  const months = MONTH_KEYS.map(() => emptyAggregate());
  const whole = emptyAggregate();
  const rows: ReportRow[] = [];
  for (let d = 1; d <= 31; d++) {
    const cells: ReportCells = {};
    MONTH_KEYS.forEach((key, i) => {
      const row = d <= daysInMonth(year, i + 1) ? byDay.get(`${year}-${pad(i + 1)}-${pad(d)}`) : undefined;
      cells[key] = row ? dailyFigure(rain, row, element.decimals) : null;
      if (row) {
        addDay(months[i], row);
        addDay(whole, row);
      }
    });
    cells[YEAR_KEY] = null;
    rows.push({ label: String(d), labelEn: String(d), cells });
  }
  const line = (pick: (a: Aggregate) => number | null, time?: (a: Aggregate) => string | null) => {
    const cells: ReportCells = {};
    const times: Record<string, string | null> = {};
    [...months, whole].forEach((a, i) => {
      const key = i < 12 ? MONTH_KEYS[i] : YEAR_KEY;
      const value = pick(a);
      cells[key] = value === null ? null : round(value, element.decimals);
      if (time) times[key] = time(a);
    });
    return { cells, times: time ? times : undefined };
  };
  const summary: ReportRow[] = [];
  if (rain) {
    const total = line((a) => (a.days === 0 ? null : a.total));
    const wettest = line(
      (a) => a.wettest?.value ?? null,
      (a) => a.wettest?.time ?? null,
    );
    const rainDays = line((a) => (a.days === 0 ? null : a.rainDays));
    summary.push(summaryRow('降雨量', 'Total', total.cells), summaryRow('最大日雨量', 'Wettest day', wettest.cells, wettest.times), {
      ...summaryRow('降雨日数', 'Rain days', rainDays.cells),
      isCount: true,
    });
  } else {
    const mean = line((a) => (a.readings === 0 ? null : a.total / a.readings));
    const max = line(
      (a) => a.max?.value ?? null,
      (a) => a.max?.time ?? null,
    );
    const min = line(
      (a) => a.min?.value ?? null,
      (a) => a.min?.time ?? null,
    );
    summary.push(
      summaryRow('平均', 'Mean', mean.cells),
      summaryRow('最高', 'Highest', max.cells, max.times),
      summaryRow('最低', 'Lowest', min.cells, min.times),
    );
  }
  return {
    period: { from: `${year}-01-01`, to: `${year}-12-31`, label: `${year}年`, labelEn: String(year) },
    columns,
    rows,
    summary,
  };
}
