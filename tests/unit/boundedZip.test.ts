/**
 * Bounded inflation of uploaded archives (src/server/http/boundedZip.ts):
 * every entry is really inflated and counted, whatever sizes the archive
 * declares, and the first cap crossed refuses it; what passes is handed on
 * as a stored archive that any ZIP reader reads back to the same bytes.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { inflateBounded, storedZip, ZipRefused, type ZipLimits } from '../../src/server/http/boundedZip.js';
import { deflatedZip, spreadsheet, unzip } from '../api/zipSupport.js';

const limits: ZipLimits = { maxEntries: 10, maxInflatedBytes: 4 * 1024 * 1024, maxRatio: 100, ratioFloorBytes: 64 * 1024 };

/** Text that compresses about as well as a real document (neither random nor one repeated byte). */
function documentText(bytes: number): Buffer {
  const words: string[] = [];
  let length = 0;
  for (let i = 0; length < bytes; i++) {
    const word = `<c r="A${i}"><v>${(i * 7919) % 100003}</v></c>`;
    words.push(word);
    length += word.length;
  }
  return Buffer.from(words.join('')).subarray(0, bytes);
}

async function refusalOf(archive: Buffer, bounds = limits): Promise<ZipRefused> {
  const error = await inflateBounded(archive, bounds).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ZipRefused);
  return error as ZipRefused;
}

describe('inflateBounded', () => {
  it('inflates every file entry of an ordinary archive', async () => {
    const a = documentText(200_000);
    const entries = await inflateBounded(
      deflatedZip([
        { name: 'a.xml', data: a },
        { name: 'b.txt', data: Buffer.from('hello') },
      ]),
      limits,
    );
    expect(entries.map((entry) => entry.name)).toEqual(['a.xml', 'b.txt']);
    expect(entries[0].data.equals(a)).toBe(true);
  });

  it('refuses an archive that inflates beyond the total cap, even split over entries of honest ratio', async () => {
    const part = documentText(1_500_000);
    const archive = deflatedZip([1, 2, 3].map((n) => ({ name: `part${n}.xml`, data: part })));
    const error = await refusalOf(archive);
    expect(error.reason).toBe('size');
    expect(error.status).toBe(400);
    expect(error.text.en).toMatch(/inflates to more than 4 MB/);
  });

  it('refuses a highly compressed entry (a bomb) by its ratio, before inflating it all', async () => {
    const error = await refusalOf(deflatedZip([{ name: 'bomb.xml', data: Buffer.alloc(3 * 1024 * 1024, 0x20) }]));
    expect(error.reason).toBe('ratio');
    expect(error.text.zh).toMatch(/压缩比异常/);
  });

  it('counts the real bytes: an entry that declares a small size but inflates to more is refused', async () => {
    const lying = deflatedZip([{ name: 'small.xml', data: documentText(5 * 1024 * 1024), declaredSize: 100 }]);
    const error = await refusalOf(lying, { ...limits, maxRatio: 10_000 });
    expect(['size', 'invalid']).toContain(error.reason);
  });

  it('refuses an archive listing more entries than allowed', async () => {
    const many = deflatedZip(Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.txt`, data: Buffer.from(String(i)) })));
    expect((await refusalOf(many)).reason).toBe('entries');
  });

  it('refuses what is not a ZIP archive at all, or is cut short', async () => {
    expect((await refusalOf(Buffer.from('account,name\nx,y\n'))).reason).toBe('invalid');
    const archive = deflatedZip([{ name: 'a.xml', data: documentText(100_000) }]);
    expect((await refusalOf(archive.subarray(0, archive.length - 30))).reason).toBe('invalid');
  });
});

describe('storedZip', () => {
  it('holds the same entries, readable by another ZIP reader and by exceljs', async () => {
    const original = await spreadsheet([
      ['账号', '姓名'],
      ['alice', '爱丽丝'],
    ]);
    const entries = await inflateBounded(original, { ...limits, maxEntries: 100 });
    const stored = storedZip(entries);
    const reread = await unzip(stored);
    expect(reread.map((entry) => entry.name)).toEqual(entries.map((entry) => entry.name));
    reread.forEach((entry, i) => expect(entry.data.equals(entries[i].data)).toBe(true));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(stored as never);
    expect(workbook.worksheets[0].getRow(2).getCell(2).value).toBe('爱丽丝');
  });
});

describe('spreadsheet parsing slots', () => {
  it('opens at most two spreadsheets at once: a third is refused at once with 503 and Retry-After, and a freed slot is taken again', async () => {
    const { withParseSlot, ServerBusy, MAX_CONCURRENT_PARSES } = await import('../../src/server/http/spreadsheetUpload.js');
    expect(MAX_CONCURRENT_PARSES).toBe(2);
    const releases: (() => void)[] = [];
    const held = [1, 2].map(() => withParseSlot(() => new Promise<void>((resolve) => releases.push(resolve))));
    const refused = await withParseSlot(async () => 'ran').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServerBusy);
    expect((refused as InstanceType<typeof ServerBusy>).status).toBe(503);
    expect((refused as InstanceType<typeof ServerBusy>).retryAfterSeconds).toBeGreaterThan(0);
    releases.forEach((release) => release());
    await Promise.all(held);
    expect(await withParseSlot(async () => 'ran')).toBe('ran');
  });
});
