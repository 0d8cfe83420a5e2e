/**
 * Old log rows are deleted by age: LOG_RETENTION_DAYS (default 180) after
 * they were written. Called by the periodic pruning (db/pruning.ts); deletes
 * in bounded batches so a first run on a large table never holds long locks.
 * Row ids are time-ordered (db/ids.ts: milliseconds since 2020-01-01 above
 * 22 bits), so "older than" is a range of the primary key: no scan, no
 * extra index.
 */
import type { Queryable } from '../db/pool.js';
import { entityModel } from '../engine/entityRegistry.js';
import { quoteIdent } from '../engine/naming.js';
import type { LogKind } from './logRecords.js';

const LOG_KINDS: LogKind[] = ['log/api', 'log/error', 'log/usual'];
const BATCH = 5000;
const ID_EPOCH_MS = 1577836800000;

/** The smallest id a row written at this moment can have. */
export function firstIdAt(time: Date): string {
  return (BigInt(Math.max(0, time.getTime() - ID_EPOCH_MS)) << 22n).toString();
}

export function logRetentionDays(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.LOG_RETENTION_DAYS;
  const days = raw === undefined || raw === '' ? 180 : Number(raw);
  return Number.isInteger(days) && days >= 1 ? days : 180;
}

/** Deletes log rows older than the retention; returns how many. */
export async function pruneOldLogs(db: Queryable, days = logRetentionDays(), now = new Date()): Promise<number> {
  const boundary = firstIdAt(new Date(now.getTime() - days * 24 * 3600 * 1000));
  let removed = 0;
  for (const kind of LOG_KINDS) {
    const table = quoteIdent(entityModel(kind).table);
    for (;;) {
      const result = await db.query(`DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE id < $1 LIMIT ${BATCH})`, [boundary]);
      removed += result.rowCount ?? 0;
      if ((result.rowCount ?? 0) < BATCH) break;
    }
  }
  return removed;
}
