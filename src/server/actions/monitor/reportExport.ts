/**
 * A monitoring report (reportTables.ts) as an .xlsx: the same table the console shows, in the caller's
 * language. Row 1 is the title (station, report, period), row 2 the column titles (with units), then
 * the rows and the summary; a summary line whose figures have times (highest, lowest, wettest) is
 * followed by a line 出现时间 / "Observed at" with them. Figures stay numbers (null: empty cell).
 * The workbook is finished by the engine's export helper, so the export is recorded like any other.
 */
import ExcelJS from 'exceljs';
import type { EntityModel } from '../../engine/entityModel.js';
import type { OperationContext } from '../../engine/operations/context.js';
import { workbookFile, type ExportFile } from '../../engine/operations/exportOperation.js';
import type { Language } from '../../http/apiError.js';
import type { ReportColumn, ReportRow, ReportTable } from './reportTables.js';

export const TIMES_LABEL = { zh: '出现时间', en: 'Observed at' };

function columnTitle(column: ReportColumn, language: Language): string {
  const title = language === 'zh' ? column.title : column.titleEn;
  return column.unit ? `${title} (${column.unit})` : title;
}

/** The sheet's cells as a grid (title row first), shared by the workbook and its test. */
export function reportGrid(title: string, firstColumn: string, table: ReportTable, language: Language): (string | number | null)[][] {
  const grid: (string | number | null)[][] = [[title], [firstColumn, ...table.columns.map((column) => columnTitle(column, language))]];
  const line = (row: ReportRow) => {
    grid.push([language === 'zh' ? row.label : row.labelEn, ...table.columns.map((column) => row.cells[column.key] ?? null)]);
    if (row.times && table.rows.indexOf(row) < 0) {
      grid.push([language === 'zh' ? TIMES_LABEL.zh : TIMES_LABEL.en, ...table.columns.map((column) => row.times?.[column.key] ?? null)]);
    }
  };
  table.rows.forEach(line);
  table.summary.forEach(line);
  return grid;
}

export async function reportWorkbookFile(
  ctx: OperationContext,
  model: EntityModel,
  fileName: string,
  title: string,
  firstColumn: string,
  table: ReportTable,
): Promise<ExportFile> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(title.replace(/[*?:\\/[\]]/g, ' ').slice(0, 31));
  const grid = reportGrid(title, firstColumn, table, ctx.language);
  for (const cells of grid) sheet.addRow(cells);
  sheet.mergeCells(1, 1, 1, Math.max(1, table.columns.length + 1));
  sheet.getRow(1).font = { bold: true, size: 13 };
  sheet.getRow(2).font = { bold: true };
  sheet.getColumn(1).width = 22;
  for (let i = 0; i < table.columns.length; i++) {
    const column = table.columns[i];
    const excelColumn = sheet.getColumn(i + 2);
    excelColumn.width = 14;
    if (column.decimals !== undefined) excelColumn.numFmt = column.decimals > 0 ? `0.${'0'.repeat(column.decimals)}` : '0';
  }
  // Counts (rain days) are whole numbers whatever the element's decimals.
  [...table.rows, ...table.summary].forEach((row) => {
    if (!row.isCount) return;
    const line = grid.findIndex((cells) => cells[0] === (ctx.language === 'zh' ? row.label : row.labelEn)) + 1;
    if (line < 1) return;
    sheet.getRow(line).eachCell((cell, column) => {
      if (column > 1) cell.numFmt = '0';
    });
  });
  return workbookFile(ctx, model, workbook, fileName, table.rows.length);
}
