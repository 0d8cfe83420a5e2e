/**
 * The warning log's reads beyond the generic list (monitor/warningLog,
 * contract §C/§D) and the manual-entry trigger of the evaluator.
 *
 * - listNew?reservoirId&stationId: the active warnings the caller may see
 *   (data scope of 预警记录), newest first, with titles (at most 500).
 * - day?date=yyyy-MM-dd, month?month=yyyy-MM, year?year=yyyy (optional
 *   reservoirId, stationId, element, warningType): how many warnings were
 *   raised (by startTime) per hour, day or month, a column per warning level
 *   (the tenant's warning_level dictionary) and a total; the summary row sums
 *   the period. Answer `{ period, columns, rows, summary }`, the table shape
 *   of the monitoring reports (src/server/actions/monitor/reportTables.ts):
 *   row cells by column key (`level<key>`, `total`), labels in both languages.
 * - day/export, month/export, year/export: the same table as an .xlsx.
 *
 * Readings saved by hand (the reading register's save and update) are
 * evaluated against the limits here, in the save's transaction, and so is a
 * removal (before its rows go, leaving them out); the ingestion calls the
 * evaluator itself (src/server/monitor/ingest.ts).
 */
import ExcelJS from 'exceljs';
import type { DbClient } from '../../db/pool.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { dictionaryRows } from '../../engine/dictionaryLabels.js';
import { defineHooks } from '../../engine/hooks.js';
import { localApi } from '../../engine/localApi.js';
import { XLSX_TYPE, type ExportFile } from '../../engine/operations/exportOperation.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import { badRequest } from '../../http/apiError.js';
import { evaluateWarnings } from '../../monitor/warnings.js';
import { WARNING_STATE } from '../../monitor/warningsRules.js';
import './indexLimit.js';

export const MAX_ACTIVE_LISTED = 500;

type Query = Record<string, unknown>;

// ─────────────────────────────── manual entry → evaluation ───────────────────────────────

defineHooks('monitor/reading', {
  afterChange: async ({ ctx, tx, row, existing }) => {
    // Walked from the saved reading's time (and its old time when an edit moved it earlier or elsewhere).
    const pairs = [{ stationId: String(row.stationId), element: Number(row.element), since: String(row.observeTime) }];
    if (existing) pairs.push({ stationId: String(existing.stationId), element: Number(existing.element), since: String(existing.observeTime) });
    await evaluateWarnings(ctx, tx as DbClient, pairs);
  },
  // A removal is evaluated before the rows go (there is no hook after it), leaving them out.
  beforeRemove: async ({ ctx, tx, rows }) => {
    const pairs = rows.map((row) => ({ stationId: String(row.station_id), element: Number(row.element) }));
    await evaluateWarnings(ctx, tx as DbClient, pairs, { excludeReadingIds: rows.map((row) => String(row.id)) });
  },
});

// ─────────────────────────────── params ───────────────────────────────

const ID = /^[1-9][0-9]{0,18}$/;

function text(query: Query, name: string): string | undefined {
  const value = query[name];
  if (value === undefined || value === null || value === '') return undefined;
  return String(value).trim();
}

function idParam(query: Query, name: string, zh: string, en: string): string | undefined {
  const value = text(query, name);
  if (value !== undefined && !ID.test(value)) throw badRequest(`${zh}格式不正确`, `${en} is malformed`);
  return value;
}

function intParam(query: Query, name: string, zh: string, en: string): number | undefined {
  const value = text(query, name);
  if (value === undefined) return undefined;
  if (!/^[0-9]{1,2}$/.test(value)) throw badRequest(`${zh}不正确`, `${en} is not valid`);
  return Number(value);
}

/** The optional filters every read of the log takes. */
function filtersOf(query: Query): Record<string, unknown> {
  const where: Record<string, unknown> = {};
  const reservoirId = idParam(query, 'reservoirId', '水库编号', 'The reservoir id');
  const stationId = idParam(query, 'stationId', '测站编号', 'The station id');
  const element = intParam(query, 'element', '监测要素', 'The element');
  const warningType = intParam(query, 'warningType', '预警类型', 'The warning type');
  if (reservoirId) where.reservoirId = reservoirId;
  if (stationId) where.stationId = stationId;
  if (element !== undefined) where.element = element;
  if (warningType !== undefined) where.warningType = warningType;
  return where;
}

// ─────────────────────────────── listNew ───────────────────────────────

async function listNew(ctx: ActionContext) {
  const where = filtersOf(ctx.query);
  return localApi(ctx).find('monitor/warningLog', {
    where: { ...where, warningState: WARNING_STATE.active },
    sort: ['startTime desc', 'id desc'],
    withTitles: true,
    limit: MAX_ACTIVE_LISTED,
  });
}

// ─────────────────────────────── day / month / year counts ───────────────────────────────

export interface CountColumn {
  key: string;
  title: string;
  titleEn: string;
}

export interface CountRow {
  label: string;
  labelEn: string;
  cells: Record<string, number>;
}

export interface CountTable {
  period: { from: string; to: string; label: string; labelEn: string };
  columns: CountColumn[];
  rows: CountRow[];
  summary: CountRow[];
}

type Span = 'day' | 'month' | 'year';

const pad = (n: number) => String(n).padStart(2, '0');
const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface Period {
  from: string;
  /** Exclusive end. */
  until: string;
  label: string;
  labelEn: string;
  /** The buckets: SQL expression of a bucket number over startTime, and the rows' numbers and labels. */
  bucket: 'hour' | 'day' | 'month';
  rows: { bucket: number; label: string; labelEn: string }[];
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The period a report asks for: today / this month / this year (local) when not given. */
export function periodOf(span: Span, query: Query, today: string): Period {
  const [ty, tm, td] = today.split('-').map(Number);
  if (span === 'day') {
    const date = text(query, 'date') ?? `${ty}-${pad(tm)}-${pad(td)}`;
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
    if (!m || !isRealDate(Number(m[1]), Number(m[2]), Number(m[3]))) throw badRequest('日期格式应为 yyyy-MM-dd', 'The date must be yyyy-MM-dd');
    const next = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1));
    const until = `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
    return {
      from: `${date} 00:00:00`,
      until: `${until} 00:00:00`,
      label: date,
      labelEn: date,
      bucket: 'hour',
      rows: Array.from({ length: 24 }, (_, h) => ({ bucket: h, label: `${pad(h)}:00-${pad(h + 1)}:00`, labelEn: `${pad(h)}:00-${pad(h + 1)}:00` })),
    };
  }
  if (span === 'month') {
    const month = text(query, 'month') ?? `${ty}-${pad(tm)}`;
    const m = /^(\d{4})-(\d{2})$/.exec(month);
    if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) throw badRequest('月份格式应为 yyyy-MM', 'The month must be yyyy-MM');
    const year = Number(m[1]);
    const monthNumber = Number(m[2]);
    const days = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
    const until = monthNumber === 12 ? `${year + 1}-01-01` : `${year}-${pad(monthNumber + 1)}-01`;
    return {
      from: `${month}-01 00:00:00`,
      until: `${until} 00:00:00`,
      label: `${year}年${monthNumber}月`,
      labelEn: `${MONTHS_EN[monthNumber - 1]} ${year}`,
      bucket: 'day',
      rows: Array.from({ length: days }, (_, i) => ({ bucket: i + 1, label: `${i + 1}日`, labelEn: `${MONTHS_EN[monthNumber - 1]} ${i + 1}` })),
    };
  }
  const yearText = text(query, 'year') ?? String(ty);
  if (!/^\d{4}$/.test(yearText) || Number(yearText) < 1900 || Number(yearText) > 2200) throw badRequest('年份格式应为 yyyy', 'The year must be yyyy');
  const year = Number(yearText);
  return {
    from: `${year}-01-01 00:00:00`,
    until: `${year + 1}-01-01 00:00:00`,
    label: `${year}年`,
    labelEn: String(year),
    bucket: 'month',
    rows: Array.from({ length: 12 }, (_, i) => ({ bucket: i + 1, label: `${i + 1}月`, labelEn: MONTHS_EN[i] })),
  };
}

/** Counts per bucket and level → the table (pure). */
export function countTable(
  period: Period,
  levels: { key: string; title: string; titleEn: string }[],
  counts: { bucket: number; level: number; n: number }[],
): CountTable {
  const columns: CountColumn[] = [
    ...levels.map((level) => ({ key: `level${level.key}`, title: level.title, titleEn: level.titleEn })),
    { key: 'total', title: '合计', titleEn: 'Total' },
  ];
  const empty = () => Object.fromEntries(columns.map((column) => [column.key, 0])) as Record<string, number>;
  const byBucket = new Map(period.rows.map((row) => [row.bucket, empty()]));
  const summary = empty();
  for (const count of counts) {
    const cells = byBucket.get(count.bucket);
    if (!cells) continue;
    const key = `level${count.level}`;
    if (key in cells) {
      cells[key] += count.n;
      summary[key] += count.n;
    }
    cells.total += count.n;
    summary.total += count.n;
  }
  return {
    period: { from: period.from, to: period.until, label: period.label, labelEn: period.labelEn },
    columns,
    rows: period.rows.map((row) => ({ label: row.label, labelEn: row.labelEn, cells: byBucket.get(row.bucket)! })),
    summary: [{ label: '合计', labelEn: 'Total', cells: summary }],
  };
}

async function countReport(ctx: ActionContext, span: Span): Promise<CountTable> {
  const today = (await ctx.db.query<{ today: string }>(`SELECT to_char(LOCALTIMESTAMP, 'YYYY-MM-DD') AS today`)).rows[0].today;
  const period = periodOf(span, ctx.query, today);
  const where = filtersOf(ctx.query);
  const q = scopedQuery(ctx);
  const w = await q.from('monitor/warningLog', 'w');
  const start = w.col('startTime');
  const bucket = `extract(${period.bucket} from ${start})::int`;
  const counts = await q.rows<{ bucket: number; level: number; n: number }>(
    `SELECT ${bucket} AS "bucket", ${w.col('warningLevel')} AS "level", count(*)::int AS "n" FROM ${w.table}
      WHERE ${w.scope} AND ${w.where(where)} AND ${start} >= ${q.param(period.from)}::timestamp AND ${start} < ${q.param(period.until)}::timestamp
      GROUP BY 1, 2`,
  );
  const levels = (await dictionaryRows(ctx.db, ctx.caller.tenantId, ['warning_level']))
    .map((row) => ({ key: row.dictKey, title: row.dictValue, titleEn: row.dictValueEn?.trim() || row.dictValue }))
    .sort((a, b) => Number(a.key) - Number(b.key));
  return countTable(period, levels, counts);
}

async function countWorkbook(ctx: ActionContext, span: Span): Promise<{ file: ExportFile }> {
  const table = await countReport(ctx, span);
  const en = ctx.language === 'en';
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(en ? 'Warnings' : '预警统计');
  const periodTitle = en ? 'Period' : '时段';
  sheet.columns = [
    { header: periodTitle, key: 'label', width: 16 },
    ...table.columns.map((column) => ({ header: en ? column.titleEn : column.title, key: column.key, width: 12 })),
  ];
  for (const row of [...table.rows, ...table.summary]) sheet.addRow({ label: en ? row.labelEn : row.label, ...row.cells });
  sheet.getRow(1).font = { bold: true };
  const content = Buffer.from(await workbook.xlsx.writeBuffer());
  const name = en ? `Warnings ${table.period.labelEn}` : `预警统计${table.period.label}`;
  return { file: { fileName: `${name}.xlsx`, content, contentType: XLSX_TYPE } };
}

defineActions('monitor/warningLog', {
  listNew,
  day: (ctx) => countReport(ctx, 'day'),
  month: (ctx) => countReport(ctx, 'month'),
  year: (ctx) => countReport(ctx, 'year'),
  dayExport: (ctx) => countWorkbook(ctx, 'day'),
  monthExport: (ctx) => countWorkbook(ctx, 'month'),
  yearExport: (ctx) => countWorkbook(ctx, 'year'),
});
