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
}

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
  const decimals = report.elements?.[0]?.decimals;
  const row = (source: ReportRow, index: number, isSummary: boolean): ReportTableRow => ({
    key: `${isSummary ? 's' : 'r'}${index}`,
    label: language === 'en' ? (source.labelEn ?? source.label) : source.label,
    isSummary,
    cells: Object.fromEntries(
      report.columns.map((column) => {
        const value = source.cells?.[column.key];
        // A count (readings, rain days) is an integer whatever the element's decimals.
        return [column.key, Number.isInteger(value) && /count|days|readings/i.test(column.key) ? String(value) : cellText(value, decimals)];
      }),
    ),
  });
  return [...report.rows.map((source, index) => row(source, index, false)), ...(report.summary ?? []).map((source, index) => row(source, index, true))];
}
