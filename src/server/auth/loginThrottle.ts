/**
 * Throttles sign-in guessing per tenant and account. Every attempt is
 * counted *before* the password is checked, in one atomic statement, so
 * parallel requests cannot slip past the limit; a successful sign-in clears
 * the count. After `limit` failed attempts the account is refused for
 * `lockSeconds`, whether or not the next password is right. Kept in the
 * database, so all instances agree.
 */
import type { Queryable } from '../db/pool.js';

export interface AttemptTicket {
  /** False when the account is locked: refuse without checking the password. */
  isAllowed: boolean;
}

export async function reserveAttempt(db: Queryable, tenantId: string, account: string, limit: number, lockSeconds: number): Promise<AttemptTicket> {
  // A count starts afresh once the lock (or, without a lock, the window) has passed.
  const result = await db.query<{ failures: number; locked: boolean }>(
    `INSERT INTO rsc_login_failure AS f (tenant_id, account, failures, first_failure_at)
     VALUES ($1, $2, 1, now())
     ON CONFLICT (tenant_id, account) DO UPDATE SET
       failures = CASE WHEN f.locked_until <= now() OR (f.locked_until IS NULL AND f.first_failure_at < now() - make_interval(secs => $3))
                       THEN 1 ELSE f.failures + 1 END,
       first_failure_at = CASE WHEN f.locked_until <= now() OR (f.locked_until IS NULL AND f.first_failure_at < now() - make_interval(secs => $3))
                       THEN now() ELSE f.first_failure_at END,
       locked_until = CASE WHEN f.locked_until <= now() THEN NULL ELSE f.locked_until END
     RETURNING failures, coalesce(locked_until > now(), false) AS locked`,
    [tenantId, account.slice(0, 128), lockSeconds],
  );
  const row = result.rows[0];
  if (row.locked || row.failures > limit) {
    await lock(db, tenantId, account, lockSeconds);
    return { isAllowed: false };
  }
  return { isAllowed: true };
}

/** Called after a failed check: the attempt stays counted; reaching the limit locks the account. */
export async function recordFailure(db: Queryable, tenantId: string, account: string, limit: number, lockSeconds: number): Promise<void> {
  await db.query(
    `UPDATE rsc_login_failure SET locked_until = now() + make_interval(secs => $4)
      WHERE tenant_id = $1 AND account = $2 AND failures >= $3 AND (locked_until IS NULL OR locked_until <= now())`,
    [tenantId, account.slice(0, 128), limit, lockSeconds],
  );
}

async function lock(db: Queryable, tenantId: string, account: string, lockSeconds: number): Promise<void> {
  await db.query(
    `UPDATE rsc_login_failure SET locked_until = now() + make_interval(secs => $3)
      WHERE tenant_id = $1 AND account = $2 AND (locked_until IS NULL OR locked_until <= now())`,
    [tenantId, account.slice(0, 128), lockSeconds],
  );
}

export async function clearFailures(db: Queryable, tenantId: string, account: string): Promise<void> {
  await db.query('DELETE FROM rsc_login_failure WHERE tenant_id = $1 AND account = $2', [tenantId, account.slice(0, 128)]);
}
