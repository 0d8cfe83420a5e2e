/**
 * Log rows described by requests are written after the answer, in batches:
 * a request only appends to a queue; a timer writes the queue with one
 * insert per log table. A failed write is reported to the server log and
 * dropped (a log must never take the server down with it), and a queue that
 * grows past its bound (database down) drops new rows rather than memory.
 * close() writes what is left (graceful shutdown).
 */
import type { Db } from '../db/pool.js';
import { insertLogRecords, type LogKind, type LogRecord } from './logRecords.js';

export interface WriterLogger {
  warn(details: object, message: string): void;
}

const FLUSH_AFTER_MS = 50;
const MAX_QUEUED = 10_000;

export class LogWriter {
  private queue: { kind: LogKind; record: LogRecord }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private dropped = 0;

  constructor(
    private readonly db: Db,
    private readonly logger: WriterLogger,
  ) {}

  add(kind: LogKind, record: LogRecord): void {
    if (this.queue.length >= MAX_QUEUED) {
      if (this.dropped++ % 1000 === 0) this.logger.warn({ dropped: this.dropped }, 'log queue full: log rows dropped');
      return;
    }
    this.queue.push({ kind, record });
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_AFTER_MS).unref();
  }

  /** Writes everything queued so far; resolves when it is in the database (or reported as failed). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue;
    this.queue = [];
    // One write at a time, in order.
    this.writing = this.writing.then(() => this.write(batch));
    return this.writing;
  }

  private async write(batch: { kind: LogKind; record: LogRecord }[]): Promise<void> {
    const byKind = new Map<LogKind, LogRecord[]>();
    for (const { kind, record } of batch) {
      if (!byKind.has(kind)) byKind.set(kind, []);
      byKind.get(kind)!.push(record);
    }
    for (const [kind, records] of byKind) {
      try {
        await insertLogRecords(this.db, kind, records);
      } catch (error) {
        this.logger.warn({ err: error, kind, rows: records.length }, 'writing log rows failed');
      }
    }
  }
}
