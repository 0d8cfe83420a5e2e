/**
 * Throttles sign-in guessing without ever locking the owner out:
 *
 * - per client address: an address that has failed `addressLimit` sign-ins
 *   (on any accounts) within the window is refused with 429 and Retry-After
 *   until the window ends;
 * - per account: after `accountLimit` failures within the window, the account
 *   can only be tried with a solved captcha. The right password with a solved
 *   captcha always signs in, so a stranger's guesses cannot shut the owner out;
 *   each further guess costs a captcha.
 *
 * Attempts are counted *before* the password is checked, in one atomic
 * statement each, so parallel requests cannot slip past a limit; a successful
 * sign-in clears the account and gives the address its attempt back. Kept in
 * PostgreSQL, so every instance agrees.
 */
import type { Queryable } from '../db/pool.js';

export interface ThrottleLimits {
  accountLimit: number;
  addressLimit: number;
  /** How long failures are remembered (LOGIN_LOCK_SECONDS). */
  windowSeconds: number;
}

/** The throttle's account key: accounts differing only in case are the same person's attempts. */
const accountKey = (account: string) => account.toLowerCase().slice(0, 128);

/** Counts an attempt from the address; answers the seconds to wait when the address is over its limit. */
export async function reserveAddressAttempt(db: Queryable, address: string, limits: ThrottleLimits): Promise<{ retryAfter?: number }> {
  const reserved = await db.query(
    `INSERT INTO rsc_login_address_failure AS f (address, failures, window_ends_at) VALUES ($1, 1, now() + make_interval(secs => $2))
     ON CONFLICT (address) DO UPDATE SET
       failures = CASE WHEN f.window_ends_at <= now() THEN 1 ELSE f.failures + 1 END,
       window_ends_at = CASE WHEN f.window_ends_at <= now() THEN excluded.window_ends_at ELSE f.window_ends_at END
     WHERE f.window_ends_at <= now() OR f.failures < $3
     RETURNING failures`,
    [address, limits.windowSeconds, limits.addressLimit],
  );
  if (reserved.rowCount === 1) return {};
  const waiting = await db.query<{ seconds: number }>(
    'SELECT greatest(1, ceil(extract(epoch FROM window_ends_at - now())))::int AS seconds FROM rsc_login_address_failure WHERE address = $1',
    [address],
  );
  return { retryAfter: waiting.rows[0]?.seconds ?? 1 };
}

/** A successful sign-in gives the address its attempt back (an office behind one address signs in all day). */
export async function releaseAddressAttempt(db: Queryable, address: string): Promise<void> {
  await db.query('UPDATE rsc_login_address_failure SET failures = greatest(failures - 1, 0) WHERE address = $1', [address]);
}

/**
 * Counts an attempt on the account. False when the account is over its limit
 * and no captcha was solved: the caller must ask for one (nothing is counted).
 */
export async function reserveAccountAttempt(
  db: Queryable,
  tenantId: string,
  account: string,
  limits: ThrottleLimits,
  hasSolvedCaptcha: boolean,
): Promise<boolean> {
  const fresh = `f.first_failure_at <= now() - make_interval(secs => $3)`;
  const reserved = await db.query(
    `INSERT INTO rsc_login_failure AS f (tenant_id, account, failures, first_failure_at) VALUES ($1, $2, 1, now())
     ON CONFLICT (tenant_id, account) DO UPDATE SET
       failures = CASE WHEN ${fresh} THEN 1 ELSE f.failures + 1 END,
       first_failure_at = CASE WHEN ${fresh} THEN now() ELSE f.first_failure_at END,
       locked_until = NULL
     WHERE $5::boolean OR ${fresh} OR f.failures < $4
     RETURNING failures`,
    [tenantId, accountKey(account), limits.windowSeconds, limits.accountLimit, hasSolvedCaptcha],
  );
  return reserved.rowCount === 1;
}

export async function clearAccountFailures(db: Queryable, tenantId: string, account: string): Promise<void> {
  await db.query('DELETE FROM rsc_login_failure WHERE tenant_id = $1 AND account = $2', [tenantId, accountKey(account)]);
}
