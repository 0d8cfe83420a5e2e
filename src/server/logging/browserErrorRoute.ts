/**
 * POST /api/blade-log/error/local: the console's local error log (uncaught
 * errors, unhandled rejections, render errors; platform-core §2, §8),
 * uploaded as the array the browser keeps — [{type, message, stack, info,
 * url, time}], at most 100 entries. Each entry lands in the error log as
 * from the browser (source 2), with the uploader's tenant and account; long
 * fields are cut, secrets in the page URL masked. Any signed-in user may
 * upload.
 */
import type { FastifyInstance } from 'fastify';
import { ok } from '../../shared/envelope.js';
import type { Db } from '../db/pool.js';
import { badRequest } from '../http/apiError.js';
import { insertLogRecords, type LogRecord } from './logRecords.js';
import { requestFacts } from './requestFacts.js';
import { scrubQuery } from './scrub.js';

export const MAX_BROWSER_ENTRIES = 100;

const FIELD_LIMITS = { type: 64, message: 2000, stack: 16000, info: 4000, url: 2000, time: 32 } as const;
type EntryField = keyof typeof FIELD_LIMITS;

type BrowserEntry = Record<EntryField, string>;

function parseEntry(raw: unknown, index: number): BrowserEntry {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    throw badRequest(`第 ${index + 1} 条日志不是对象`, `Entry ${index + 1} is not an object`);
  }
  const source = raw as Record<string, unknown>;
  const entry = {} as BrowserEntry;
  for (const [field, limit] of Object.entries(FIELD_LIMITS) as [EntryField, number][]) {
    const value = source[field];
    if (value !== undefined && value !== null && typeof value !== 'string') {
      throw badRequest(`第 ${index + 1} 条日志的 ${field} 必须是文本`, `The ${field} of entry ${index + 1} must be text`);
    }
    entry[field] = (value ?? '').slice(0, limit);
  }
  return entry;
}

export function parseBrowserEntries(body: unknown): BrowserEntry[] {
  if (!Array.isArray(body)) throw badRequest('请求体必须是日志数组', 'The request body must be an array of log entries');
  if (body.length > MAX_BROWSER_ENTRIES) {
    throw badRequest(`一次最多上传 ${MAX_BROWSER_ENTRIES} 条日志`, `At most ${MAX_BROWSER_ENTRIES} entries can be uploaded at once`);
  }
  return body.map(parseEntry);
}

/** The page address without its secrets (a sign-in page may carry a code or token in its query). */
function pageAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}${scrubQuery(parsed.search)}`;
  } catch {
    return url.split(/[?#]/)[0];
  }
}

export function registerBrowserErrorRoute(app: FastifyInstance, db: Db): void {
  app.post('/api/blade-log/error/local', { config: { access: 'user' } }, async (request) => {
    const entries = parseBrowserEntries(request.body);
    const facts = requestFacts(request);
    const records: LogRecord[] = entries.map((entry) => ({
      tenantId: facts.tenantId,
      createUser: facts.createUser,
      createBy: facts.createBy,
      source: 2,
      exceptionName: entry.type || 'error',
      message: entry.message,
      stackTrace: entry.stack || null,
      params: entry.info || null,
      requestUri: entry.url ? pageAddress(entry.url) : null,
      clientTime: entry.time || null,
      remoteIp: facts.remoteIp,
      userAgent: facts.userAgent,
    }));
    await insertLogRecords(db, 'log/error', records);
    return ok({ received: records.length }, request.language === 'en' ? 'Sent' : '发送成功!');
  });
}
