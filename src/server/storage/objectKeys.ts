/**
 * Object keys and file types. A stored object's key is generated here (a
 * date folder, a random id, the checked extension), never built from the
 * client's file name: `../../etc/passwd.txt` is only an original name.
 */
import crypto from 'node:crypto';

/** Extensions an upload may have, with the type a download is served as (never the client's claim). */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  wps: 'application/vnd.ms-works',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
  apk: 'application/vnd.android.package-archive',
};

export const ALLOWED_EXTENSIONS = Object.keys(CONTENT_TYPES);

/** The lower-case extension of a client file name (its last path segment, either separator), or '' when it has none. */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 || (dot === 0 && base.length > 1) ? base.slice(dot + 1).toLowerCase() : '';
}

export function isAllowedExtension(extension: string): boolean {
  return Object.hasOwn(CONTENT_TYPES, extension);
}

export function contentTypeOf(extension: string): string {
  return Object.hasOwn(CONTENT_TYPES, extension) ? CONTENT_TYPES[extension] : 'application/octet-stream';
}

function dateFolder(now: Date): string {
  const shanghai = new Date(now.getTime() + 8 * 3600 * 1000);
  return shanghai.toISOString().slice(0, 10).replace(/-/g, '');
}

/** `upload/yyyyMMdd/<32 hex>.<extension>`; the extension must be an allowed one. */
export function newObjectKey(extension: string, now = new Date()): string {
  if (!isAllowedExtension(extension)) throw new Error(`extension "${extension}" is not allowed`);
  return `upload/${dateFolder(now)}/${crypto.randomBytes(16).toString('hex')}.${extension}`;
}
