/**
 * How a report answer becomes a table, pure: the query of each period, the
 * columns in the console's language, the rows followed by the summary lines,
 * and a cell's text (numbers with the element's decimals, empty for no data —
 * never a zero the station did not report).
 */
import type { ReportPeriod } from './familySchema';
import type { ReportRow, ReportTable } from './monitorApi';

export function reportParams(period: ReportPeriod, stationId: string, value: string): Record<string, string> {
  if (period === 'day') return { stationId, date: value };
  if (period === 'month') return { stationId, month: value };
  return { stationId, year: value };
}

export interface ReportTableRow {
  key: string;
  label: string;
  isSummary: boolean;
  cells: Record<string, string>;
  /** When a cell's figure was observed, shortened (11-26 14:00; a date as 11-26). */
  times: Record<string, string>;
}

/** A time of a report cell as shown under its figure: without the year and seconds. */
export function shortTime(time: string | null | undefined): string {
  if (!time) return '';
  return time.length >= 16 ? time.slice(5, 16) : time.length === 10 ? time.slice(5) : time;
}

/** Rows counting days (降雨日数) show whole numbers whatever the element's decimals. */
const COUNT_ROW = /日数|days/i;

/** A cell as shown: a number with the report's decimals (its first element's), a text as is, nothing for null. */
export function cellText(value: number | string | null | undefined, decimals: number | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return decimals === undefined ? String(value) : value.toFixed(decimals);
  return value;
}

export function reportColumns(report: ReportTable, language: 'zh' | 'en'): { key: string; title: string }[] {
  return report.columns.map((column) => ({ key: column.key, title: language === 'en' ? (column.titleEn ?? column.title) : column.title }));
}

export function reportRows(report: ReportTable, language: 'zh' | 'en'): ReportTableRow[] {
  const elementDecimals = report.elements?.[0]?.decimals;
  const row = (source: ReportRow, index: number, isSummary: boolean): ReportTableRow => {
    const isCount = COUNT_ROW.test(source.label) || COUNT_ROW.test(source.labelEn ?? '');
    return {
      key: `${isSummary ? 's' : 'r'}${index}`,
      label: language === 'en' ? (source.labelEn ?? source.label) : source.label,
      isSummary,
      cells: Object.fromEntries(
        report.columns.map((column) => {
          const value = source.cells?.[column.key];
          return [column.key, cellText(value, isCount ? 0 : (column.decimals ?? elementDecimals))];
        }),
      ),
      times: Object.fromEntries(report.columns.map((column) => [column.key, shortTime(source.times?.[column.key])])),
    };
  };
  return [...report.rows.map((source, index) => row(source, index, false)), ...(report.summary ?? []).map((source, index) => row(source, index, true))];
}
