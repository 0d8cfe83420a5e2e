/**
 * Throttles repeated sign-in failures per tenant and account: after the
 * configured number of failures the account is refused for a while, whether
 * or not the next password is right. Kept in the database, so all instances agree.
 */
import type { Queryable } from '../db/pool.js';

export async function isLocked(db: Queryable, tenantId: string, account: string): Promise<boolean> {
  const result = await db.query('SELECT 1 FROM rsc_login_failure WHERE tenant_id = $1 AND account = $2 AND locked_until > now()', [tenantId, account]);
  return (result.rowCount ?? 0) > 0;
}

export async function recordFailure(db: Queryable, tenantId: string, account: string, limit: number, lockSeconds: number): Promise<void> {
  // Failures older than the lock window start a fresh count.
  await db.query(
    `INSERT INTO rsc_login_failure AS f (tenant_id, account, failures, first_failure_at)
     VALUES ($1, $2, 1, now())
     ON CONFLICT (tenant_id, account) DO UPDATE SET
       failures = CASE WHEN f.first_failure_at < now() - make_interval(secs => $4) THEN 1 ELSE f.failures + 1 END,
       first_failure_at = CASE WHEN f.first_failure_at < now() - make_interval(secs => $4) THEN now() ELSE f.first_failure_at END,
       locked_until = CASE
         WHEN f.first_failure_at >= now() - make_interval(secs => $4) AND f.failures + 1 >= $3 THEN now() + make_interval(secs => $4)
         ELSE f.locked_until END`,
    [tenantId, account.slice(0, 128), limit, lockSeconds],
  );
}

export async function clearFailures(db: Queryable, tenantId: string, account: string): Promise<void> {
  await db.query('DELETE FROM rsc_login_failure WHERE tenant_id = $1 AND account = $2', [tenantId, account]);
}
