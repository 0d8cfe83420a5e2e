/**
 * The general log (log/usual): notable events, written by whoever notices
 * them. recordUsualLog never throws: a failed write is reported to the
 * logger given and forgotten, so pass the pool, not a transaction (a failed
 * insert would spoil the transaction). Where the row must commit with the
 * work (the SMS log provider's delivery), insert usualRecord(entry) in the
 * transaction with insertLogRecords instead.
 */
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/pool.js';
import { insertLogRecords, type LogRecord } from './logRecords.js';
import type { WriterLogger } from './logWriter.js';
import { requestFacts } from './requestFacts.js';
import { scrubValue } from './scrub.js';

export type UsualLogLevel = 'INFO' | 'WARN' | 'ERROR';

export interface UsualLogEntry {
  tenantId: string;
  /** A short event code, e.g. `login`, `login_failure`, `sms_send`. */
  event: string;
  /** What happened, for a person. */
  data: string;
  level?: UsualLogLevel;
  userId?: string | null;
  account?: string | null;
  method?: string | null;
  requestUri?: string | null;
  remoteIp?: string | null;
  userAgent?: string | null;
  /** Extra details; secrets are masked by key name before they are kept. */
  params?: unknown;
}

export function usualRecord(entry: UsualLogEntry): LogRecord {
  return {
    tenantId: entry.tenantId,
    logId: entry.event,
    logLevel: entry.level ?? 'INFO',
    logData: entry.data,
    createUser: entry.userId ?? null,
    createBy: entry.account ?? null,
    method: entry.method ?? null,
    requestUri: entry.requestUri ?? null,
    remoteIp: entry.remoteIp ?? null,
    userAgent: entry.userAgent ?? null,
    params: entry.params === undefined ? null : JSON.stringify(scrubValue(entry.params)),
  };
}

/** The parts of an entry a request tells: tenant, user, URI, address, user agent. */
export function usualEntryOf(request: FastifyRequest, event: string, data: string, level: UsualLogLevel = 'INFO'): UsualLogEntry {
  const facts = requestFacts(request);
  return {
    tenantId: facts.tenantId,
    event,
    data,
    level,
    userId: facts.createUser,
    account: facts.createBy,
    method: facts.method,
    requestUri: facts.requestUri,
    remoteIp: facts.remoteIp,
    userAgent: facts.userAgent,
  };
}

export async function recordUsualLog(db: Queryable, entry: UsualLogEntry, logger?: WriterLogger): Promise<void> {
  try {
    await insertLogRecords(db, 'log/usual', [usualRecord(entry)]);
  } catch (error) {
    logger?.warn({ err: error, event: entry.event }, 'writing a general log row failed');
  }
}
