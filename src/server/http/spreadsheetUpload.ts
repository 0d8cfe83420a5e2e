/**
 * An Excel (.xlsx) file posted as multipart/form-data (one file, at most
 * 5 MB, a few plain fields beside it): read and opened, or a clear 400 —
 * no file, too large, not a spreadsheet. The imports (users, capacity
 * curves) read their uploads this way.
 */
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { badRequest } from './apiError.js';

export const MAX_SPREADSHEET_BYTES = 5 * 1024 * 1024;

export interface SpreadsheetUpload {
  workbook: ExcelJS.Workbook;
  /** The plain form fields sent with the file (e.g. isCovered). */
  fields: Record<string, string>;
}

/** `noFile` is the message when nothing (or not an .xlsx file) was sent. */
export async function readSpreadsheetUpload(request: FastifyRequest, noFile: { zh: string; en: string }): Promise<SpreadsheetUpload> {
  const refuse = () => badRequest(noFile.zh, noFile.en);
  if (!request.isMultipart()) throw refuse();
  const file = await request.file({ limits: { fileSize: MAX_SPREADSHEET_BYTES, files: 1, fields: 10 } });
  if (!file) throw refuse();
  let buffer: Buffer;
  try {
    buffer = await file.toBuffer();
  } catch {
    throw badRequest('文件不能超过 5 MB', 'The file must not exceed 5 MB');
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as never);
  } catch {
    throw badRequest('文件不是有效的 Excel (.xlsx) 文件', 'The file is not a valid Excel (.xlsx) file');
  }
  const fields: Record<string, string> = {};
  for (const [name, part] of Object.entries(file.fields)) {
    if (part && !Array.isArray(part) && part.type === 'field') fields[name] = String(part.value);
  }
  return { workbook, fields };
}
