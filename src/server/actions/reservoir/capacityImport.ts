/**
 * capacity/import: a filled capacity-curve template (multipart `file`, .xlsx)
 * replaces the curves of the reservoirs it lists. Every row is checked first
 * — a register code of the tenant, numbers in range, a level once per
 * reservoir, storage rising with the level, two points at least — and if any
 * row is wrong the answer lists every wrong row (its sheet row number, the
 * column, what is wrong) and nothing is written.
 */
import '@fastify/multipart';
import ExcelJS from 'exceljs';
import { nextId } from '../../db/ids.js';
import type { ActionContext } from '../../engine/actions.js';
import type { DbClient } from '../../db/pool.js';
import { entityModel } from '../../engine/entityRegistry.js';
import { localApi } from '../../engine/localApi.js';
import { actorOf } from '../../engine/operations/context.js';
import { buildInsert } from '../../engine/sqlBuilder.js';
import { ApiError, badRequest } from '../../http/apiError.js';
import { CURVE_COLUMNS, CURVE_SHEET, type CurveColumn } from './capacityTemplate.js';
import { readSpreadsheetUpload } from '../../http/spreadsheetUpload.js';

const MAX_ROWS = 5000;
const LEVEL_RANGE = [-100, 9000];
const STORAGE_MAX = 100_000_000;

interface RowError {
  row: number;
  field?: string;
  message: string;
}

interface Point {
  row: number;
  code: string;
  waterLevel: number;
  capacity: number;
  area: number | null;
}

const FIELD_OF: Partial<Record<CurveColumn, string>> = { reservoirCode: 'reservoirId', waterLevel: 'waterLevel', capacity: 'capacity', area: 'area' };

async function readWorkbook(ctx: ActionContext): Promise<ExcelJS.Workbook> {
  const upload = await readSpreadsheetUpload(ctx.request, {
    zh: '请上传库容曲线 Excel (.xlsx) 文件',
    en: 'Please upload the capacity curve as an Excel (.xlsx) file',
  });
  return upload.workbook;
}

/** Column number of each template column, found by its title in either language. */
function columnsOf(sheet: ExcelJS.Worksheet): Map<CurveColumn, number> {
  const columns = new Map<CurveColumn, number>();
  sheet.getRow(1).eachCell((cell, number) => {
    const title = String(cell.text ?? '').trim();
    const column = CURVE_COLUMNS.find((c) => c.zh === title || c.en === title);
    if (column) columns.set(column.key, number);
  });
  for (const required of ['reservoirCode', 'waterLevel', 'capacity'] as const) {
    if (!columns.has(required))
      throw badRequest('文件不是库容曲线模板：请先下载模板再填写', 'The file is not the capacity curve template: download the template and fill it in');
  }
  return columns;
}

function numberIn(cell: ExcelJS.Cell): number | undefined | null {
  const value = cell.value && typeof cell.value === 'object' && 'result' in cell.value ? cell.value.result : cell.value;
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return undefined;
  const number = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isFinite(number) ? number : null;
}

function readPoints(ctx: ActionContext, sheet: ExcelJS.Worksheet, columns: Map<CurveColumn, number>, errors: RowError[]): Point[] {
  const say = (zh: string, en: string) => (ctx.language === 'zh' ? zh : en);
  const points: Point[] = [];
  for (let row = 2; row <= sheet.rowCount; row++) {
    const cells = sheet.getRow(row);
    const cell = (key: CurveColumn) => cells.getCell(columns.get(key)!);
    const code = String(cell('reservoirCode').text ?? '').trim();
    const level = numberIn(cell('waterLevel'));
    const capacity = numberIn(cell('capacity'));
    const area = columns.has('area') ? numberIn(cell('area')) : undefined;
    if (!code && level === undefined && capacity === undefined && area === undefined) continue;
    const before = errors.length;
    const fail = (key: CurveColumn, zh: string, en: string) => errors.push({ row, field: FIELD_OF[key], message: say(zh, en) });
    if (!code) fail('reservoirCode', '请填写水库代码', 'Enter the register code');
    if (level === undefined) fail('waterLevel', '请填写水位', 'Enter the water level');
    else if (level === null || level < LEVEL_RANGE[0] || level > LEVEL_RANGE[1])
      fail('waterLevel', '水位必须是 -100 至 9000 之间的数值', 'The water level must be a number from -100 to 9000');
    if (capacity === undefined) fail('capacity', '请填写库容', 'Enter the storage');
    else if (capacity === null || capacity < 0 || capacity > STORAGE_MAX)
      fail('capacity', '库容必须是不小于 0 的数值', 'The storage must be a number not below 0');
    if (area === null || (typeof area === 'number' && (area < 0 || area > 100000)))
      fail('area', '水面面积必须是不小于 0 的数值', 'The surface area must be a number not below 0');
    if (errors.length === before) points.push({ row, code, waterLevel: level as number, capacity: capacity as number, area: area ?? null });
    if (points.length > MAX_ROWS) throw badRequest(`一次最多导入 ${MAX_ROWS} 个点`, `At most ${MAX_ROWS} points can be imported at once`);
  }
  return points;
}

/** Per reservoir: known code, a level once, storage rising with the level, two points at least. */
function checkCurves(ctx: ActionContext, points: Point[], ids: Map<string, string>, errors: RowError[]): Map<string, Point[]> {
  const say = (zh: string, en: string) => (ctx.language === 'zh' ? zh : en);
  const curves = new Map<string, Point[]>();
  for (const point of points) {
    if (!ids.has(point.code)) {
      errors.push({
        row: point.row,
        field: 'reservoirId',
        message: say(`水库代码“${point.code.slice(0, 32)}”不存在`, `No reservoir has the code "${point.code.slice(0, 32)}"`),
      });
      continue;
    }
    curves.set(point.code, [...(curves.get(point.code) ?? []), point]);
  }
  for (const [code, curve] of curves) {
    curve.sort((a, b) => a.waterLevel - b.waterLevel || a.row - b.row);
    if (curve.length < 2)
      errors.push({ row: curve[0].row, field: 'waterLevel', message: say(`水库 ${code} 至少需要两个点`, `Reservoir ${code} needs at least two points`) });
    for (let index = 1; index < curve.length; index++) {
      const [lower, upper] = [curve[index - 1], curve[index]];
      if (upper.waterLevel === lower.waterLevel) {
        errors.push({
          row: upper.row,
          field: 'waterLevel',
          message: say(`水位 ${upper.waterLevel} 与第 ${lower.row} 行重复`, `The level ${upper.waterLevel} repeats row ${lower.row}`),
        });
      } else if (upper.capacity <= lower.capacity) {
        errors.push({
          row: upper.row,
          field: 'capacity',
          message: say(`库容必须大于较低水位（第 ${lower.row} 行）的库容`, `The storage must exceed that of the lower level (row ${lower.row})`),
        });
      }
    }
  }
  return curves;
}

async function reservoirIds(ctx: ActionContext, codes: string[]): Promise<Map<string, string>> {
  // The caller's reservoirs (their data scope): a curve cannot be imported for a reservoir they may not see.
  const found = await localApi(ctx, ctx.tx as DbClient).find('reservoir/reservoir', { where: { code: codes } });
  return new Map(found.map((row) => [row.code, String(row.id)]));
}

async function replaceCurves(ctx: ActionContext, curves: Map<string, Point[]>, ids: Map<string, string>): Promise<number> {
  const api = localApi(ctx, ctx.tx as DbClient).tenantWide();
  for (const code of curves.keys()) {
    const current = await api.find('reservoir/capacity', { where: { reservoirId: ids.get(code)! }, forUpdate: true });
    await api.remove(
      'reservoir/capacity',
      current.map((point) => String(point.id)),
    );
  }
  // Every point was checked above, all rows at once: the insert is the engine's SQL, without repeating the generic save's checks per point.
  const model = entityModel('reservoir/capacity');
  const actor = actorOf(ctx.caller);
  let created = 0;
  for (const [code, curve] of curves) {
    for (const point of curve) {
      const insert = buildInsert(model, actor, nextId(), {
        reservoirId: ids.get(code)!,
        waterLevel: point.waterLevel,
        capacity: point.capacity,
        area: point.area,
      });
      await ctx.tx.query(insert.text, insert.values);
      created++;
    }
  }
  return created;
}

export async function importCurves(ctx: ActionContext): Promise<{ created: number; updated: number; reservoirs: number }> {
  const workbook = await readWorkbook(ctx);
  const sheet = workbook.getWorksheet(CURVE_SHEET.zh) ?? workbook.getWorksheet(CURVE_SHEET.en) ?? workbook.worksheets[0];
  if (!sheet) throw badRequest('文件中没有工作表', 'The file holds no worksheet');
  const errors: RowError[] = [];
  const points = readPoints(ctx, sheet, columnsOf(sheet), errors);
  const ids = await reservoirIds(ctx, [...new Set(points.map((p) => p.code))]);
  const curves = checkCurves(ctx, points, ids, errors);
  if (errors.length > 0) {
    errors.sort((a, b) => a.row - b.row);
    throw new ApiError(
      400,
      {
        zh: `导入失败：${new Set(errors.map((e) => e.row)).size} 行有误`,
        en: `Nothing was imported: ${new Set(errors.map((e) => e.row)).size} rows are wrong`,
      },
      { errors },
    );
  }
  if (curves.size === 0) throw badRequest('文件中没有库容曲线点', 'The file holds no points');
  const created = await replaceCurves(ctx, curves, ids);
  return { created, updated: 0, reservoirs: curves.size };
}
