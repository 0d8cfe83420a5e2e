/** The database's wall-clock time (Asia/Shanghai, the zone every stored time is in) as the API writes times. */
import type { Queryable } from '../../db/pool.js';

export async function databaseNow(db: Queryable): Promise<string> {
  const result = await db.query<{ now: string }>(`SELECT to_char(LOCALTIMESTAMP(0), 'YYYY-MM-DD HH24:MI:SS') AS "now"`);
  return result.rows[0].now;
}
