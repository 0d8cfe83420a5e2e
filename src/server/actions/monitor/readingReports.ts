/**
 * The day, month and year reports of the reading families (contract §D) and their .xlsx exports:
 *
 *   GET /api/v1/monitor/<family>/day?stationId&date=yyyy-MM-dd          (button <menu>_report)
 *   GET /api/v1/monitor/<family>/month?stationId&month=yyyy-MM
 *   GET /api/v1/monitor/<family>/year?stationId&year=yyyy[&element]     (one element: the family's first by default)
 *   GET …/day/export, …/month/export, …/year/export (same parameters)   (button <menu>_export)
 *
 * Answer (one shape for the three, so one table renders them all):
 *
 *   {
 *     station:  { id, code, name, reservoirId, reservoirName },
 *     family:   'waterLevel' | 'rainfall' | 'seepageFlow' | 'seepagePressure' | 'transshape',
 *     report:   'day' | 'month' | 'year',
 *     elements: [{ key, code, name, nameEn, unit, decimals }],
 *     period:   { from, to, label, labelEn },
 *     columns:  [{ key, title, titleEn, unit?, decimals? }],
 *     rows:     [{ label, labelEn, cells: { [columnKey]: number | null }, times? }],
 *     summary:  [{ label, labelEn, cells, times?: { [columnKey]: 'yyyy-MM-dd HH:mm:ss' | 'yyyy-MM-dd' | null } }]
 *   }
 *
 * - day: 24 hour rows. Rainfall: the hydrological day `date` (D-1 08:00, D 08:00], rows 09:00 … 24:00 …
 *   08:00 = the totals of (h-1, h], columns one per element (key = its wire code, e.g. PJ); summary
 *   日雨量 (total) and 最大时段雨量 (wettest hour, its end in times). Others: the calendar day, row h:00 =
 *   the last reading of (h-1, h]; summary 日平均, 最高, 最低 (times: when).
 * - month: a row per day (label yyyy-MM-dd). Rainfall: column = the day's total; summary 月雨量,
 *   最大日雨量 (times: the day), 降雨日数 (days ≥ 0.1 mm). Others: columns <code>_mean, <code>_max,
 *   <code>_min (times of max/min); summary 全月.
 * - year: rows 1 … 31 (the day of the month), columns m01 … m12 and `year`: the daily figure (rainfall
 *   total, else mean; null where the date does not exist or nothing was reported); summary per month
 *   and for the year: rainfall 降雨量, 最大日雨量, 降雨日数; others 平均, 最高, 最低.
 * Null means "not reported"; a rainfall 0 means the station reported no rain. Figures are rounded to
 * the element's decimals. The counting rules are in reportTables.ts (pure, unit tested); month and
 * year read the daily rollup (monitor/readingDay) only, the day report the raw readings of the day.
 */
import { defineActions, type ActionContext, type ActionHandler, type FileAnswer } from '../../engine/actions.js';
import { dictionaryRows } from '../../engine/dictionaryLabels.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import type { RowScope } from '../../engine/sqlBuilder.js';
import { badRequest } from '../../http/apiError.js';
import type { MonitorElement, MonitorFamilyInfo } from '../../../shared/monitorElements.js';
import { assertFamilyRead, FAMILY_NAMES, familyOfBinding, familyScope } from './readingFamilies.js';
import { FAMILY_NAME, familyElements, familyStation, param, type FamilyStation } from './readingReads.js';
import { reportWorkbookFile } from './reportExport.js';
import { dayTable, dayWindow, monthTable, yearTable, type DayRollup, type RawReading, type ReportElement, type ReportTable } from './reportTables.js';
import './readingReads.js';

export type ReportKind = 'day' | 'month' | 'year';

export interface ReadingReport extends ReportTable {
  station: FamilyStation;
  family: MonitorFamilyInfo['family'];
  report: ReportKind;
  elements: ReportElement[];
}

/** More raw readings than one a minute per element in a day is not a station's report: refused, never half-shown. */
const DAY_MAX_READINGS_PER_ELEMENT = 24 * 60 + 1;

const REPORT_NAME: Record<ReportKind, { zh: string; en: string }> = {
  day: { zh: '日报表', en: 'daily report' },
  month: { zh: '月报表', en: 'monthly report' },
  year: { zh: '年报表', en: 'yearly report' },
};

function lastYearAllowed(): number {
  return new Date().getFullYear() + 1;
}

function checkYear(year: number, field: string): void {
  const last = lastYearAllowed();
  if (year < 2000 || year > last) throw badRequest(`年份应在 2000 至 ${last} 之间`, `The year must be between 2000 and ${last}`, { field });
}

function dateParam(ctx: ActionContext): string {
  const raw = param(ctx, 'date');
  if (raw === undefined) throw badRequest('请选择日期', 'Please choose the date', { field: 'date' });
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  if (!m || new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])).toISOString().slice(0, 10) !== raw) {
    throw badRequest('日期格式应为 yyyy-MM-dd', 'The date must be yyyy-MM-dd', { field: 'date' });
  }
  checkYear(Number(m[1]), 'date');
  return raw;
}

function monthParam(ctx: ActionContext): string {
  const raw = param(ctx, 'month');
  if (raw === undefined) throw badRequest('请选择月份', 'Please choose the month', { field: 'month' });
  const m = /^(\d{4})-(\d{2})$/.exec(raw);
  if (!m) throw badRequest('月份格式应为 yyyy-MM', 'The month must be yyyy-MM', { field: 'month' });
  if (Number(m[2]) < 1 || Number(m[2]) > 12) throw badRequest('月份应在 01 至 12 之间', 'The month must be 01 to 12', { field: 'month' });
  checkYear(Number(m[1]), 'month');
  return raw;
}

function yearParam(ctx: ActionContext): number {
  const raw = param(ctx, 'year');
  if (raw === undefined) throw badRequest('请选择年份', 'Please choose the year', { field: 'year' });
  if (!/^\d{4}$/.test(raw)) throw badRequest('年份格式应为 yyyy', 'The year must be yyyy', { field: 'year' });
  checkYear(Number(raw), 'year');
  return Number(raw);
}

/** The elements as the tenant's monitor_element dictionary names them (in both languages). */
async function reportElements(ctx: ActionContext, elements: readonly MonitorElement[]): Promise<ReportElement[]> {
  const names = new Map((await dictionaryRows(ctx.db, ctx.caller.tenantId, ['monitor_element'])).map((row) => [row.dictKey, row]));
  return elements.map((element) => {
    const entry = names.get(String(element.key));
    return {
      key: element.key,
      code: element.code,
      name: entry?.dictValue ?? element.code,
      nameEn: entry?.dictValueEn || entry?.dictValue || element.code,
      unit: element.unit,
      decimals: element.decimals,
    };
  });
}

async function rawReadings(
  ctx: ActionContext,
  scope: RowScope,
  station: FamilyStation,
  elements: readonly MonitorElement[],
  date: string,
  rain: boolean,
): Promise<RawReading[]> {
  const window = dayWindow(rain ? 'rainfall' : 'waterLevel', date);
  const q = scopedQuery(ctx);
  const r = await q.from('monitor/reading', 'r', scope);
  const limit = DAY_MAX_READINGS_PER_ELEMENT * elements.length;
  const rows = await q.rows<RawReading>(
    `SELECT ${r.col('element')} AS element, ${r.col('observeTime')} AS "observeTime", ${r.col('value')} AS value
       FROM ${r.table}
      WHERE ${r.scope} AND ${r.col('stationId')} = ${q.param(station.id)} AND ${r.col('element')} = ANY(${q.param(elements.map((e) => e.key))}::int[])
        AND ${r.col('observeTime')} ${window.inclusiveStart ? '>=' : '>'} ${q.param(window.after)}::timestamp
        AND ${r.col('observeTime')} <= ${q.param(window.until)}::timestamp
      ORDER BY ${r.col('observeTime')}
      LIMIT ${limit + 1}`,
  );
  if (rows.length > limit) {
    throw badRequest('该日数据过多（超过每分钟一条），无法生成日报表', 'More than one reading a minute on this day: the daily report cannot be made');
  }
  return rows.map((row) => ({ element: Number(row.element), observeTime: row.observeTime, value: Number(row.value) }));
}

async function rollupRows(ctx: ActionContext, station: FamilyStation, elements: readonly MonitorElement[], from: string, to: string): Promise<DayRollup[]> {
  const q = scopedQuery(ctx);
  const d = await q.from('monitor/readingDay', 'd');
  const rows = await q.rows<DayRollup>(
    `SELECT ${d.col('element')} AS element, ${d.col('day')}::text AS day, ${d.col('readings')} AS readings, ${d.col('total')} AS total,
            ${d.col('minimum')} AS minimum, ${d.col('minimumTime')} AS "minimumTime", ${d.col('maximum')} AS maximum, ${d.col('maximumTime')} AS "maximumTime"
       FROM ${d.table}
      WHERE ${d.scope} AND ${d.col('stationId')} = ${q.param(station.id)} AND ${d.col('element')} = ANY(${q.param(elements.map((e) => e.key))}::int[])
        AND ${d.col('day')} BETWEEN ${q.param(from)}::date AND ${q.param(to)}::date AND ${d.col('readings')} > 0
      ORDER BY ${d.col('day')}
      LIMIT 4000`,
  );
  return rows.map((row) => ({
    ...row,
    element: Number(row.element),
    readings: Number(row.readings),
    total: Number(row.total ?? 0),
    minimum: Number(row.minimum),
    maximum: Number(row.maximum),
  }));
}

/** Builds one report for the binding's family: parameters, gate, station, rows, table. */
export async function readingReport(ctx: ActionContext, kind: ReportKind): Promise<ReadingReport> {
  const info = familyOfBinding(ctx.binding);
  await assertFamilyRead(ctx, info);
  const rain = info.family === 'rainfall';
  let elements: MonitorElement[];
  let build: (station: FamilyStation, scope: RowScope, named: ReportElement[]) => Promise<ReportTable>;
  if (kind === 'day') {
    const date = dateParam(ctx);
    elements = familyElements(ctx, info);
    build = async (station, scope, named) => dayTable(info.family, named, date, await rawReadings(ctx, scope, station, elements, date, rain));
  } else if (kind === 'month') {
    const month = monthParam(ctx);
    elements = familyElements(ctx, info);
    const [y, m] = month.split('-').map(Number);
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    build = async (station, _scope, named) =>
      monthTable(info.family, named, month, await rollupRows(ctx, station, elements, `${month}-01`, `${month}-${last}`));
  } else {
    const year = yearParam(ctx);
    elements = familyElements(ctx, info).slice(0, 1);
    build = async (station, _scope, named) =>
      yearTable(info.family, named[0], year, await rollupRows(ctx, station, elements, `${year}-01-01`, `${year}-12-31`));
  }
  const scope = await familyScope(ctx, info);
  const station = await familyStation(ctx, info, scope);
  const named = await reportElements(ctx, elements);
  const table = await build(station, scope, named);
  return { station, family: info.family, report: kind, elements: named, ...table };
}

async function reportExport(ctx: ActionContext, kind: ReportKind): Promise<FileAnswer> {
  const report = await readingReport(ctx, kind);
  const zh = ctx.language === 'zh';
  const family = FAMILY_NAME[report.family];
  const element = kind === 'year' && report.elements.length === 1 && familyOfBinding(ctx.binding).elements.length > 1 ? report.elements[0] : undefined;
  const subject = element ? (zh ? element.name : element.nameEn) : zh ? family.zh : family.en;
  const name = zh ? `${report.station.name}${subject}${REPORT_NAME[kind].zh}` : `${report.station.name} ${subject} ${REPORT_NAME[kind].en}`;
  const title = `${name} ${zh ? report.period.label : report.period.labelEn}`;
  const firstColumn = kind === 'day' ? (zh ? '时间' : 'Hour') : kind === 'month' ? (zh ? '日期' : 'Date') : zh ? '日' : 'Day';
  const file = await reportWorkbookFile(
    ctx,
    ctx.model,
    `${name}${zh ? '' : ' '}${report.period.from.slice(0, kind === 'year' ? 4 : kind === 'month' ? 7 : 10)}.xlsx`,
    title,
    firstColumn,
    report,
  );
  return { file };
}

const handlers: Record<string, ActionHandler> = {};
for (const family of FAMILY_NAMES) {
  for (const kind of ['day', 'month', 'year'] as const) {
    const name = `${family}${kind[0].toUpperCase()}${kind.slice(1)}`;
    handlers[name] = (ctx) => readingReport(ctx, kind);
    handlers[`${name}Export`] = (ctx) => reportExport(ctx, kind);
  }
}
defineActions('monitor/reading', handlers);
