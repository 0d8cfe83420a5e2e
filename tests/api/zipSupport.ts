/**
 * ZIP archives built by hand for the tests of bounded inflation: deflated
 * entries whose declared sizes may lie, and spreadsheets whose sheet is a
 * bomb (a few hundred KB that inflate to hundreds of MB).
 */
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { zipArchive } from '../../src/server/http/boundedZip.js';

export interface FixtureEntry {
  name: string;
  data: Buffer;
  /** The uncompressed size written in the headers (default: the true one). */
  declaredSize?: number;
}

/** A ZIP archive of deflated entries. */
export function deflatedZip(entries: FixtureEntry[]): Buffer {
  return zipArchive(
    entries.map((entry) => ({
      name: entry.name,
      bytes: zlib.deflateRawSync(entry.data, { level: 9 }),
      method: 'deflated',
      crc: zlib.crc32(entry.data),
      size: entry.declaredSize ?? entry.data.length,
    })),
  );
}

/** Every file entry of an archive, inflated (fixtures only: no limits). */
export function unzip(buffer: Buffer): Promise<FixtureEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries: FixtureEntry[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.push({ name: entry.fileName, data: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** A real .xlsx with these rows on its first sheet. */
export async function spreadsheet(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The spreadsheet with `count` more rows of `cellsPerRow` like cells on its first sheet: a few hundred KB of
 * deflate that exceljs, unbounded, would open as millions of cells.
 */
export async function spreadsheetBomb(header: string[], count: number, cellsPerRow = 20): Promise<Buffer> {
  const entries = await unzip(await spreadsheet([header]));
  const sheet = entries.find((entry) => entry.name === 'xl/worksheets/sheet1.xml')!;
  const xml = sheet.data.toString('utf8');
  const cells = '<c t="inlineStr"><is><t>x</t></is></c>'.repeat(cellsPerRow);
  const rows = Array.from({ length: count }, (_, i) => `<row r="${i + 2}">${cells}</row>`).join('');
  sheet.data = Buffer.from(xml.replace('</sheetData>', `${rows}</sheetData>`), 'utf8');
  return deflatedZip(entries);
}
