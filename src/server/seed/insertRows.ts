/** Bulk insert for seeding: rows in chunks, values always as parameters. */
import type { Queryable } from '../db/pool.js';
import { quoteIdent } from '../engine/naming.js';

export async function insertRows(db: Queryable, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  const chunkSize = Math.max(1, Math.floor(30000 / columns.length));
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize);
    const values: unknown[] = [];
    const tuples = chunk.map((row) => `(${row.map((value) => `$${values.push(value)}`).join(', ')})`);
    await db.query(`INSERT INTO ${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')}) VALUES ${tuples.join(', ')}`, values);
  }
}
