/**
 * The capacity-curve workbook, which the import reads back: one point per
 * row — the reservoir's register code (the name beside it is only for the
 * reader), water level, storage and optional surface area — and a sheet
 * explaining it. Given a reservoir, the sheet holds its current curve, so a
 * curve can be exported, corrected and imported again.
 */
import ExcelJS from 'exceljs';
import type { Language } from '../../http/apiError.js';

export const CURVE_SHEET = { zh: '库容曲线', en: 'Capacity curve' };

export const CURVE_COLUMNS = [
  { key: 'reservoirCode', zh: '水库代码', en: 'Register code', width: 16 },
  { key: 'reservoirName', zh: '水库名称', en: 'Reservoir', width: 18 },
  { key: 'waterLevel', zh: '水位(m)', en: 'Water level (m)', width: 14 },
  { key: 'capacity', zh: '库容(万m³)', en: 'Storage (10⁴ m³)', width: 16 },
  { key: 'area', zh: '水面面积(km²)', en: 'Surface area (km²)', width: 16 },
] as const;

export type CurveColumn = (typeof CURVE_COLUMNS)[number]['key'];

export interface CurvePoint {
  waterLevel: number;
  capacity: number;
  area: number | null;
}

export interface CurveOwner {
  code: string;
  name: string;
}

const NOTES = {
  zh: [
    '每行一个点：水库代码、水位(m，1985国家高程基准)、库容(万m³)，水库名称和水面面积可不填。',
    '同一水库的水位不能重复，库容随水位升高而增大；每个水库至少两个点。',
    '导入时以表中的点替换所列水库原有的全部库容曲线点；任一行有误则整表不导入，并列出每个有误的行。',
  ],
  en: [
    'One point per row: the register code, water level (m, 1985 national height datum) and storage (10⁴ m³); the reservoir name and surface area are optional.',
    'A level appears once per reservoir and storage grows with the level; each reservoir needs at least two points.',
    'Importing replaces every point of the curves of the reservoirs listed; if any row is wrong nothing is imported and every wrong row is listed.',
  ],
};

export async function capacityWorkbook(language: Language, owner: CurveOwner | undefined, points: CurvePoint[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(CURVE_SHEET[language]);
  sheet.columns = CURVE_COLUMNS.map((column) => ({ header: column[language], key: column.key, width: column.width }));
  sheet.getRow(1).font = { bold: true };
  for (const point of points) {
    sheet.addRow({
      reservoirCode: owner?.code,
      reservoirName: owner?.name,
      waterLevel: point.waterLevel,
      capacity: point.capacity,
      area: point.area ?? undefined,
    });
  }
  const notes = workbook.addWorksheet(language === 'zh' ? '填写说明' : 'Notes');
  notes.getColumn(1).width = 110;
  for (const line of NOTES[language]) notes.addRow([line]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
