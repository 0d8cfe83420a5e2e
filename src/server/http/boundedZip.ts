/**
 * Opening an uploaded ZIP archive (an .xlsx is one) without letting it
 * decide how much memory it takes. A few hundred kilobytes of deflate can
 * inflate to gigabytes, and the sizes an archive declares are written by the
 * sender, so they are never trusted: every entry is actually inflated, as a
 * stream, and its real bytes are counted against caps on the number of
 * entries, the total inflated size and the compression ratio (no real
 * document compresses a hundredfold; a bomb does a thousandfold). The first
 * cap crossed stops the inflation at once and refuses the upload with a 400.
 *
 * What passed is handed on as a new archive whose entries are stored, not
 * compressed (storedZip): the parser behind (exceljs) then reads exactly the
 * bytes counted here, even if the original archive was crafted to look
 * different to another ZIP reader.
 */
import zlib from 'node:zlib';
import yauzl from 'yauzl';
import { ApiError } from './apiError.js';

export interface ZipLimits {
  /** Files and folders listed in the archive. */
  maxEntries: number;
  /** Bytes of all entries together, once inflated. */
  maxInflatedBytes: number;
  /** Inflated bytes per compressed byte of one entry … */
  maxRatio: number;
  /** … checked once the entry has inflated past this many bytes (tiny files compress oddly). */
  ratioFloorBytes: number;
}

export interface ZipEntry {
  name: string;
  data: Buffer;
}

export type ZipRefusalReason = 'invalid' | 'entries' | 'size' | 'ratio';

/** A 400 that also says which cap was crossed (for the log and the tests). */
export class ZipRefused extends ApiError {
  constructor(
    readonly reason: ZipRefusalReason,
    zh: string,
    en: string,
  ) {
    super(400, { zh, en });
  }
}

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

function refusal(reason: ZipRefusalReason, limits: ZipLimits): ZipRefused {
  switch (reason) {
    case 'entries':
      return new ZipRefused(
        reason,
        `文件内含的条目超过 ${limits.maxEntries} 个，已拒绝`,
        `The file holds more than ${limits.maxEntries} entries and was refused`,
      );
    case 'size':
      return new ZipRefused(
        reason,
        `文件解压后超过 ${megabytes(limits.maxInflatedBytes)} MB，已拒绝`,
        `The file inflates to more than ${megabytes(limits.maxInflatedBytes)} MB and was refused`,
      );
    case 'ratio':
      return new ZipRefused(
        reason,
        `文件的压缩比异常（超过 ${limits.maxRatio} 倍），已拒绝`,
        `The file is compressed more than ${limits.maxRatio}-fold, which no real document is; it was refused`,
      );
    default:
      return new ZipRefused('invalid', '文件不是有效的压缩文档', 'The file is not a valid archive');
  }
}

function openZip(buffer: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (error, zip) => (error ? reject(error) : resolve(zip)));
  });
}

/** The next entry of the central directory, or undefined at its end. */
function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | undefined> {
  return new Promise((resolve, reject) => {
    const settle = (action: () => void) => {
      zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
      action();
    };
    const onEntry = (entry: yauzl.Entry) => settle(() => resolve(entry));
    const onEnd = () => settle(() => resolve(undefined));
    const onError = (error: Error) => settle(() => reject(error));
    zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
    zip.readEntry();
  });
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))));
}

/** Inflates one entry, counting real bytes; `budget` is what the whole archive may still inflate to. */
async function inflateEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, budget: number, limits: ZipLimits): Promise<Buffer> {
  const stream = await openEntry(zip, entry);
  const chunks: Buffer[] = [];
  let inflated = 0;
  // Leaving the loop by a throw destroys the stream: inflation stops at the first cap crossed.
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    inflated += chunk.length;
    if (inflated > budget) throw refusal('size', limits);
    if (inflated > limits.ratioFloorBytes && inflated > limits.maxRatio * Math.max(entry.compressedSize, 1)) throw refusal('ratio', limits);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, inflated);
}

/** Every file entry of the archive, inflated within the limits; a ZipRefused (400) otherwise. */
export async function inflateBounded(buffer: Buffer, limits: ZipLimits): Promise<ZipEntry[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(buffer);
  } catch {
    throw refusal('invalid', limits);
  }
  // Errors are taken by nextEntry while it waits; this keeps a late one from ending the process.
  zip.on('error', () => undefined);
  try {
    if (zip.entryCount > limits.maxEntries) throw refusal('entries', limits);
    const entries: ZipEntry[] = [];
    let total = 0;
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      if (entry.fileName.endsWith('/')) continue; // a folder: nothing to inflate
      const data = await inflateEntry(zip, entry, limits.maxInflatedBytes - total, limits);
      total += data.length;
      entries.push({ name: entry.fileName, data });
    }
    return entries;
  } catch (error) {
    throw error instanceof ZipRefused ? error : refusal('invalid', limits);
  } finally {
    zip.close();
  }
}

/** One entry as it is written into an archive: its bytes as stored, how, and what the headers say of it. */
export interface ArchiveEntry {
  name: string;
  /** The bytes written: the data itself (stored) or its raw deflate stream. */
  bytes: Buffer;
  method: 'stored' | 'deflated';
  crc: number;
  /** The uncompressed size the headers declare. */
  size: number;
}

/** A ZIP archive (no ZIP64: entries here are bounded far below 4 GB) of these entries, UTF-8 names, no extra fields. */
export function zipArchive(entries: ArchiveEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const fileName = Buffer.from(entry.name, 'utf8');
    const method = entry.method === 'stored' ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.bytes.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.bytes.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, entry.bytes);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + entry.bytes.length;
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

/** The entries again, uncompressed: what the parser behind reads (exactly the bytes that were counted). */
export function storedZip(entries: ZipEntry[]): Buffer {
  return zipArchive(entries.map(({ name, data }) => ({ name, bytes: data, method: 'stored', crc: zlib.crc32(data), size: data.length })));
}
