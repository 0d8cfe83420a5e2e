/**
 * Sign-in sessions. Every sign-in opens one (rsc_session); its id travels in
 * every access token as `sid` and is the family of its refresh tokens. An
 * access token counts only while its session is open, its user active
 * (not removed, not disabled), its tenant usable (not removed, disabled or
 * expired) and the user's password still the one the session began with.
 *
 * The password is compared by a digest of its stored hash, so every way a
 * password changes (the user's own change, an administrator's reset, an
 * import, an operator's SQL) ends the sessions begun under the old one
 * without any code having to remember to revoke them. Removal, disabling and
 * tenant expiry are read from their rows directly for the same reason.
 *
 * The state lives in PostgreSQL and each process remembers an answer for at
 * most SESSION_CHECK_CACHE_MS, so a logout or a removal made through one
 * instance is refused by every instance within seconds.
 */
import crypto from 'node:crypto';
import type { Queryable } from '../db/pool.js';
import { revokeFamily, type RefreshFamily } from './refreshTokens.js';

/** How long one process trusts a session check: the longest a revoked token still works anywhere. */
export const SESSION_CHECK_CACHE_MS = 3_000;

const CACHE_LIMIT = 10_000;

/** The digest of a stored password hash as SQL: compared, never shown; an account without a password has ''. */
const PASSWORD_DIGEST = `encode(sha256(convert_to(coalesce(u.password, ''), 'UTF8')), 'hex')`;

export interface SessionSubject {
  tenantId: string;
  userId: string;
  clientId: string;
}

/** Opens the session of a sign-in; it ends at the latest when its refresh tokens do. */
export async function openSession(db: Queryable, subject: SessionSubject, lifetimeSeconds: number): Promise<RefreshFamily> {
  const result = await db.query<{ id: string; started_at: string }>(
    `INSERT INTO rsc_session (id, tenant_id, user_id, client_id, password_digest, expires_at)
     SELECT $1, u.tenant_id, u.id, $4, ${PASSWORD_DIGEST}, now() + make_interval(secs => $5)
       FROM blade_user u WHERE u.tenant_id = $2 AND u.id = $3
     RETURNING id::text AS id, started_at::text AS started_at`,
    [crypto.randomUUID(), subject.tenantId, subject.userId, subject.clientId, lifetimeSeconds],
  );
  if (!result.rows[0]) throw new Error(`cannot open a session: user ${subject.userId} of tenant ${subject.tenantId} does not exist`);
  return { familyId: result.rows[0].id, familyStartedAt: result.rows[0].started_at };
}

/** Whether a session is still open for this user (one indexed lookup joining session, user and tenant). */
export async function isSessionOpen(db: Queryable, sessionId: string, tenantId: string, userId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(sessionId) || !/^\d{1,19}$/.test(userId)) return false;
  const result = await db.query({
    name: 'rsc-session-open',
    text: `SELECT 1 FROM rsc_session s
             JOIN blade_user u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
             JOIN blade_tenant t ON t.tenant_id = s.tenant_id
            WHERE s.id = $1 AND s.tenant_id = $2 AND s.user_id = $3 AND s.revoked_at IS NULL
              AND u.is_deleted = 0 AND u.status = 1 AND s.password_digest = ${PASSWORD_DIGEST}
              AND t.is_deleted = 0 AND t.status = 1 AND (t.expire_time IS NULL OR t.expire_time >= LOCALTIMESTAMP)`,
    values: [sessionId, tenantId, userId],
  });
  return (result.rowCount ?? 0) > 0;
}

/**
 * isSessionOpen, remembered per process for SESSION_CHECK_CACHE_MS (concurrent requests of one
 * session share one lookup). Asked on every authenticated request.
 */
export function createSessionCheck(db: Queryable): (sessionId: string, tenantId: string, userId: string) => Promise<boolean> {
  const answers = new Map<string, { isOpen: Promise<boolean>; until: number }>();
  return (sessionId, tenantId, userId) => {
    const key = `${sessionId}:${tenantId}:${userId}`;
    const now = Date.now();
    const hit = answers.get(key);
    if (hit && hit.until > now) return hit.isOpen;
    if (answers.size >= CACHE_LIMIT) {
      for (const [old, entry] of answers) if (entry.until <= now) answers.delete(old);
      if (answers.size >= CACHE_LIMIT) answers.clear();
    }
    const isOpen = isSessionOpen(db, sessionId, tenantId, userId);
    answers.set(key, { isOpen, until: now + SESSION_CHECK_CACHE_MS });
    // A failed lookup (database down) is not remembered: the next request asks again.
    isOpen.catch(() => answers.delete(key));
    return isOpen;
  };
}

/** Ends one session of a user: its access tokens stop working and its refresh tokens are revoked. */
export async function endSession(db: Queryable, sessionId: string, tenantId: string, userId: string): Promise<void> {
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return;
  const ended = await db.query('UPDATE rsc_session SET revoked_at = now() WHERE id = $1 AND tenant_id = $2 AND user_id = $3 AND revoked_at IS NULL', [
    sessionId,
    tenantId,
    userId,
  ]);
  if ((ended.rowCount ?? 0) > 0) await revokeFamily(db, sessionId);
}

/** Ends every session of these users (on one client when given): logout everywhere, removal, a reset. */
export async function endUserSessions(db: Queryable, tenantId: string, userIds: string[], clientId?: string): Promise<void> {
  await db.query(
    `UPDATE rsc_session SET revoked_at = now()
      WHERE tenant_id = $1 AND user_id = ANY($2::bigint[]) AND ($3::text IS NULL OR client_id = $3) AND revoked_at IS NULL`,
    [tenantId, userIds, clientId ?? null],
  );
  await db.query(
    `UPDATE rsc_refresh_token SET revoked_at = now()
      WHERE tenant_id = $1 AND user_id = ANY($2::bigint[]) AND ($3::text IS NULL OR client_id = $3) AND revoked_at IS NULL`,
    [tenantId, userIds, clientId ?? null],
  );
}
