/**
 * Writes log rows (log/api, log/error, log/usual) with plain multi-row
 * inserts. Columns come from the entity models, so the schemas stay the one
 * description of the tables; every text is cut to its column's length, so a
 * long URI or stack can never make a log write fail.
 */
import os from 'node:os';
import { nextId } from '../db/ids.js';
import type { Queryable } from '../db/pool.js';
import type { EntityModel } from '../engine/entityModel.js';
import { entityModel } from '../engine/entityRegistry.js';
import { quoteIdent } from '../engine/naming.js';

export type LogKind = 'log/api' | 'log/error' | 'log/usual';

/** Field name → value; `createTime` may be a Date (the moment described, not the moment written). */
export type LogRecord = Record<string, unknown>;

export const SERVER_HOST = os.hostname();

function fitted(model: EntityModel, name: string, value: unknown): unknown {
  const field = model.field.get(name);
  if (!field) throw new Error(`${model.id} has no field ${name}`);
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (field.isId) return /^\d{1,19}$/.test(String(value)) ? String(value) : null;
  if (field.kind === 'integer') return Number.isInteger(value) ? value : null;
  if (field.kind === 'string') {
    // PostgreSQL refuses NUL in text.
    const text = String(value).replaceAll('\u0000', '');
    return field.schema.maxLength && text.length > field.schema.maxLength ? `${text.slice(0, field.schema.maxLength - 1)}…` : text;
  }
  return value;
}

/** Inserts the records in chunks; each gets a new id, this server's host name, and now unless it says when. */
export async function insertLogRecords(db: Queryable, kind: LogKind, records: LogRecord[]): Promise<void> {
  if (records.length === 0) return;
  const model = entityModel(kind);
  const complete = records.map((record): LogRecord => ({
    id: nextId(),
    tenantId: '000000',
    createTime: new Date(),
    serverHost: SERVER_HOST,
    ...Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)),
  }));
  const names = [...new Set(complete.flatMap((record) => Object.keys(record)))];
  const columns = names.map((name) => {
    const field = model.field.get(name);
    if (!field) throw new Error(`${kind} has no field ${name}`);
    return field;
  });
  const chunkSize = Math.max(1, Math.floor(20_000 / names.length));
  for (let start = 0; start < complete.length; start += chunkSize) {
    const values: unknown[] = [];
    const tuples = complete.slice(start, start + chunkSize).map(
      (record) =>
        `(${columns
          .map((field) => {
            const placeholder = `$${values.push(fitted(model, field.name, record[field.name]))}`;
            // A time given as an instant becomes the database's wall-clock zone on assignment.
            return field.kind === 'datetime' ? `${placeholder}::timestamptz` : placeholder;
          })
          .join(', ')})`,
    );
    await db.query(`INSERT INTO ${quoteIdent(model.table)} (${columns.map((f) => quoteIdent(f.column)).join(', ')}) VALUES ${tuples.join(', ')}`, values);
  }
}
