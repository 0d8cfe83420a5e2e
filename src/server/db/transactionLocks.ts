/**
 * Named locks held until the transaction ends (PostgreSQL advisory locks on a
 * 64-bit hash of the name): for rules no row lock can express, e.g. "one event
 * number per tenant and day" or "one rollup recomputation per station day".
 * Several names are taken in one statement, in a fixed order, so two
 * transactions locking overlapping sets never wait on each other crosswise.
 */
import type { Queryable } from './pool.js';

export async function lockNames(tx: Queryable, names: readonly string[]): Promise<void> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return;
  await tx.query(
    `SELECT pg_advisory_xact_lock(k) FROM (SELECT DISTINCT hashtextextended(name, 0) AS k FROM unnest($1::text[]) AS name ORDER BY k) AS keys ORDER BY k`,
    [unique],
  );
}
