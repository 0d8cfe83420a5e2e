/** The database's local time (yyyy-MM-dd HH:mm:ss): readings are stored and checked against it, and so are chat times. */
import type { Queryable } from '../db/pool.js';

export async function databaseNow(db: Queryable): Promise<string> {
  const result = await db.query<{ now: string }>(`SELECT to_char(LOCALTIMESTAMP(0), 'YYYY-MM-DD HH24:MI:SS') AS now`);
  return result.rows[0].now;
}
