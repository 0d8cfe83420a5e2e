/**
 * Export: the whole filtered query (never just one page), as a real .xlsx
 * with the caller's column titles and dictionary labels instead of keys
 * (in English the entries' English names where they have one).
 * Columns are the fields marked x-export, else the listed ones; secrets never.
 * At most EXACT_COUNT_LIMIT rows: a bigger export must be narrowed by filters.
 */
import ExcelJS from 'exceljs';
import { badRequest } from '../../http/apiError.js';
import { dictionaryLabels, type DictionaryLabels } from '../dictionaryLabels.js';
import type { EntityModel, FieldModel, RouteBinding } from '../entityModel.js';
import { dictionaryKeys } from '../dictionaryValues.js';
import { parseListParams } from '../listParams.js';
import { attachTitles } from '../referenceTitles.js';
import { bindingFilters, buildSelectAll, EXACT_COUNT_LIMIT } from '../sqlBuilder.js';
import type { OperationContext } from './context.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ExportFile {
  fileName: string;
  content: Buffer;
  contentType: string;
}

/** Told of every export once its file is built (the report register records them, src/server/actions/report/). */
export type ExportListener = (ctx: OperationContext, model: EntityModel, file: ExportFile, rowCount: number) => Promise<void>;
const exportListeners: ExportListener[] = [];
export function onExport(listener: ExportListener): void {
  exportListeners.push(listener);
}

export function exportFields(model: EntityModel): FieldModel[] {
  const marked = model.fields.filter((f) => f.schema['x-export'] && !f.isSecret);
  return marked.length > 0 ? marked : model.fields.filter((f) => f.schema['x-list'] && !f.isSecret);
}

/** A cell as a person reads it: a reference's title (not its id), a dictionary's label(s) (not the key), lists joined. */
function cellValue(field: FieldModel, row: Record<string, unknown>, labels: DictionaryLabels): string | number | boolean | null {
  const value = field.ref?.titleName && field.ref.titleName in row ? row[field.ref.titleName] : row[field.name];
  if (value === null || value === undefined) return null;
  const dict = field.schema['x-dict'];
  if (dict)
    return dictionaryKeys(field, value)
      .map((key) => labels.get(dict)?.get(key) ?? key)
      .join('，');
  if (Array.isArray(value)) return value.join('，');
  if (field.ref?.shape === 'list') return String(value).split(',').join('，');
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}

export async function exportOperation(ctx: OperationContext, model: EntityModel, binding: RouteBinding, query: Record<string, unknown>): Promise<ExportFile> {
  const { current: _current, size: _size, ...rest } = query;
  const params = parseListParams(model, binding, rest);
  const fields = exportFields(model);
  const sql = buildSelectAll(
    model,
    ctx.scope,
    [...bindingFilters(model, binding), ...params.filters],
    params.sort,
    EXACT_COUNT_LIMIT + 1,
    fields.map((f) => f.name),
  );
  const rows = (await ctx.db.query(sql.text, sql.values)).rows as Record<string, unknown>[];
  await attachTitles(
    ctx.db,
    model,
    rows,
    ctx.caller.tenantId,
    fields.map((f) => f.name),
  );
  if (rows.length > EXACT_COUNT_LIMIT) {
    throw badRequest(`导出数据超过 ${EXACT_COUNT_LIMIT} 条，请缩小查询范围`, `More than ${EXACT_COUNT_LIMIT} rows match; narrow the search to export`);
  }
  const labels = await dictionaryLabels(
    ctx.db,
    ctx.caller.tenantId,
    [...new Set(fields.map((f) => f.schema['x-dict']).filter((code): code is string => !!code))],
    ctx.language,
  );
  const title = ctx.language === 'zh' ? model.title : model.titleEn;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(title.slice(0, 31));
  sheet.columns = fields.map((f) => ({
    header: ctx.language === 'zh' ? f.schema.title : f.schema['x-en'],
    key: f.name,
    width: Math.min(40, Math.max(12, (f.schema.maxLength ?? 12) / 2)),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(Object.fromEntries(fields.map((f) => [f.name, cellValue(f, row, labels)])));
  return workbookFile(ctx, model, workbook, `${title}.xlsx`, rows.length);
}

/** A finished workbook as the .xlsx answer of an export of the register, told to the export listeners like every export. */
export async function workbookFile(
  ctx: OperationContext,
  model: EntityModel,
  workbook: ExcelJS.Workbook,
  fileName: string,
  rowCount: number,
): Promise<ExportFile> {
  const content = Buffer.from(await workbook.xlsx.writeBuffer());
  const file = { fileName, content, contentType: XLSX_TYPE };
  for (const listener of exportListeners) await listener(ctx, model, file, rowCount);
  return file;
}
