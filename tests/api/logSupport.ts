/** Helpers of the log, attachment and report tests: waiting for rows written after the answer. */
import type { Queryable } from '../../src/server/db/pool.js';

/** Polls until check returns something truthy (log rows are written shortly after the answer). */
export async function eventually<T>(check: () => Promise<T | undefined | null | false | 0 | ''>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as T;
    if (Date.now() > deadline) throw new Error('the expected rows did not appear in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every row of the three log tables, as text, to search for things that must never be there. */
export async function allLogText(db: Queryable): Promise<string> {
  const tables = ['blade_log_api', 'blade_log_error', 'blade_log_usual'];
  const parts = await Promise.all(tables.map(async (table) => JSON.stringify((await db.query(`SELECT * FROM ${table}`)).rows)));
  return parts.join('\n');
}
