/**
 * ZIP archives built by hand for the tests of bounded inflation: deflated
 * entries whose declared sizes may lie, and spreadsheets whose sheet is a
 * bomb (a few hundred KB that inflate to hundreds of MB).
 */
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';

export interface FixtureEntry {
  name: string;
  data: Buffer;
  /** The uncompressed size written in the headers (default: the true one). */
  declaredSize?: number;
}

/** A ZIP archive of deflated entries. */
export function deflatedZip(entries: FixtureEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const compressed = zlib.deflateRawSync(entry.data, { level: 9 });
    const crc = zlib.crc32(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
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
