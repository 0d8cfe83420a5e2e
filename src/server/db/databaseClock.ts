/**
 * The database's clock and calendar: the registers store local times (LOCALTIMESTAMP, Asia/Shanghai), so "now",
 * "today", "this week" (Monday first) and "this month" are read from the database, here and nowhere else.
 */
import type { Queryable } from './pool.js';

export interface DatabaseDays {
  /** yyyy-MM-dd of the database's today. */
  today: string;
  /** Monday of this week. */
  weekStart: string;
  /** Sunday of this week. */
  weekEnd: string;
  /** The first of this month. */
  monthStart: string;
}

/** The database's local time as yyyy-MM-dd HH:mm:ss. */
export async function databaseNow(db: Queryable): Promise<string> {
  const result = await db.query<{ now: string }>(`SELECT to_char(LOCALTIMESTAMP(0), 'YYYY-MM-DD HH24:MI:SS') AS now`);
  return result.rows[0].now;
}

export async function databaseDays(db: Queryable): Promise<DatabaseDays> {
  const result = await db.query<DatabaseDays>(
    `SELECT to_char(d, 'YYYY-MM-DD') AS "today", to_char(date_trunc('week', d), 'YYYY-MM-DD') AS "weekStart",
            to_char(date_trunc('week', d) + interval '6 days', 'YYYY-MM-DD') AS "weekEnd", to_char(date_trunc('month', d), 'YYYY-MM-DD') AS "monthStart"
       FROM (SELECT LOCALTIMESTAMP::date AS d) now`,
  );
  return result.rows[0];
}

/** The database's today as yyyy-MM-dd. */
export async function databaseToday(db: Queryable): Promise<string> {
  return (await databaseDays(db)).today;
}
