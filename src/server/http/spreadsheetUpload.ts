/**
 * An Excel (.xlsx) file posted as multipart/form-data (one file, at most
 * 5 MB, a few plain fields beside it): read and opened, or a clear 400 —
 * no file, too large, not a spreadsheet, or one that would take far more
 * memory than any real import needs. The imports (users, capacity curves)
 * read their uploads this way.
 *
 * exceljs holds a whole workbook in memory (about 300 bytes per cell) and
 * inflates whatever the archive holds, so the archive is first inflated
 * within caps (boundedZip.ts), its rows and cells counted before exceljs
 * sees it, and the loaded sheets' extent checked after. At most two
 * spreadsheets are opened at once per process; a third request is answered
 * 503 with Retry-After at once rather than queued.
 */
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest } from './apiError.js';
import { inflateBounded, storedZip, ZipRefused, type ZipEntry, type ZipLimits } from './boundedZip.js';

export const MAX_SPREADSHEET_BYTES = 5 * 1024 * 1024;

/** A real import sheet (a few thousand rows of text) inflates to a few MB, 10–20 times its compressed size. */
export const SPREADSHEET_ZIP_LIMITS: ZipLimits = {
  maxEntries: 500,
  maxInflatedBytes: 30 * 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
};

/** Rows and cells of all sheets together: far above the imports' own row limits (2,000 users, 5,000 curve points). */
export const MAX_SHEET_ROWS = 20_000;
export const MAX_SHEET_CELLS = 300_000;

/** Spreadsheets opened at the same time in this process. */
export const MAX_CONCURRENT_PARSES = 2;
const BUSY_RETRY_SECONDS = 5;

export interface SpreadsheetUpload {
  workbook: ExcelJS.Workbook;
  /** The plain form fields sent with the file (e.g. isCovered). */
  fields: Record<string, string>;
}

/** A 503 whose answer carries Retry-After (errorHandling.ts reads retryAfterSeconds). */
export class ServerBusy extends ApiError {
  readonly retryAfterSeconds = BUSY_RETRY_SECONDS;
  constructor() {
    super(503, {
      zh: '服务器正忙于处理其他导入，请稍后再试',
      en: 'The server is busy with other imports; please try again shortly',
    });
  }
}

let parsing = 0;

/** Runs work in one of the MAX_CONCURRENT_PARSES slots, or refuses at once (503) when all are taken. */
export async function withParseSlot<T>(work: () => Promise<T>): Promise<T> {
  if (parsing >= MAX_CONCURRENT_PARSES) throw new ServerBusy();
  parsing++;
  try {
    return await work();
  } finally {
    parsing--;
  }
}

/** How many `<name` start tags (followed by a space, `>` or `/`) the XML holds, counted on the bytes. */
function countTags(xml: Buffer, name: string): number {
  const needle = Buffer.from(`<${name}`);
  let count = 0;
  for (let at = xml.indexOf(needle); at !== -1; at = xml.indexOf(needle, at + needle.length)) {
    const next = xml[at + needle.length];
    if (next === 0x20 || next === 0x3e || next === 0x2f || next === 0x09 || next === 0x0a || next === 0x0d) count++;
  }
  return count;
}

const tooManyRows = () => badRequest(`表格超过 ${MAX_SHEET_ROWS} 行，请分批导入`, `The sheet has more than ${MAX_SHEET_ROWS} rows; import it in parts`);

/** Rows and cells written in the archive's XML (any entry: a sheet may be stored under any name). */
function assertExtent(entries: ZipEntry[]): void {
  let rows = 0;
  let cells = 0;
  for (const { data } of entries) {
    rows += countTags(data, 'row');
    cells += countTags(data, 'c');
  }
  if (rows > MAX_SHEET_ROWS) throw tooManyRows();
  if (cells > MAX_SHEET_CELLS)
    throw badRequest(`表格超过 ${MAX_SHEET_CELLS} 个单元格，请分批导入`, `The sheet has more than ${MAX_SHEET_CELLS} cells; import it in parts`);
}

const notSpreadsheet = () => badRequest('文件不是有效的 Excel (.xlsx) 文件', 'The file is not a valid Excel (.xlsx) file');

async function inflateSpreadsheet(buffer: Buffer): Promise<ZipEntry[]> {
  try {
    return await inflateBounded(buffer, SPREADSHEET_ZIP_LIMITS);
  } catch (error) {
    throw error instanceof ZipRefused && error.reason === 'invalid' ? notSpreadsheet() : error;
  }
}

async function openWorkbook(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const entries = await inflateSpreadsheet(buffer);
  assertExtent(entries);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(storedZip(entries) as never);
  } catch {
    throw notSpreadsheet();
  }
  // A single row numbered 1,048,576 is one tag but makes rowCount a million: readers loop to rowCount.
  if (workbook.worksheets.some((sheet) => sheet.rowCount > MAX_SHEET_ROWS)) throw tooManyRows();
  return workbook;
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
  const workbook = await withParseSlot(() => openWorkbook(buffer));
  const fields: Record<string, string> = {};
  for (const [name, part] of Object.entries(file.fields)) {
    if (part && !Array.isArray(part) && part.type === 'field') fields[name] = String(part.value);
  }
  return { workbook, fields };
}
