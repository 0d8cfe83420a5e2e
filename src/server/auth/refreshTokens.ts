/**
 * Refresh tokens: opaque random strings, stored only as SHA-256 hashes.
 * Each use rotates: the presented token is marked used and a new one of the
 * same family is issued. Presenting a used token again means it leaked, so
 * the whole family is revoked (OAuth 2.0 Security BCP, refresh token rotation).
 */
import crypto from 'node:crypto';
import type { DbClient, Queryable } from '../db/pool.js';

export interface RefreshSubject {
  tenantId: string;
  userId: string;
  clientId: string;
  deptId: string | null;
  roleIds: string[];
}

function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

/** The session a refresh token continues: rotation keeps the family and its start. */
export interface RefreshFamily {
  familyId: string;
  familyStartedAt: string;
}

/**
 * Issues a refresh token. A rotated token belongs to the same family and never
 * outlives the family's start plus the lifetime: a session has an absolute end.
 */
export async function issueRefreshToken(db: Queryable, subject: RefreshSubject, lifetimeSeconds: number, family?: RefreshFamily): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO rsc_refresh_token (token_hash, family_id, family_started_at, tenant_id, user_id, client_id, dept_id, role_ids, expires_at)
     VALUES ($1, $2, coalesce($3::timestamptz, now()), $4, $5, $6, $7, $8,
             coalesce($3::timestamptz, now()) + make_interval(secs => $9))`,
    [
      sha256(token),
      family?.familyId ?? crypto.randomUUID(),
      family?.familyStartedAt ?? null,
      subject.tenantId,
      subject.userId,
      subject.clientId,
      subject.deptId,
      subject.roleIds.join(','),
      lifetimeSeconds,
    ],
  );
  return token;
}

export type RotationResult =
  ({ ok: true; subject: RefreshSubject } & RefreshFamily) | { ok: false; reason: 'unknown' | 'reused' | 'expired' | 'revoked' | 'client' };

/** Marks the token used (inside the caller's transaction) and tells who it belongs to. */
export async function consumeRefreshToken(db: DbClient, token: unknown, clientId: string): Promise<RotationResult> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 200) return { ok: false, reason: 'unknown' };
  const found = await db.query(
    `SELECT family_id, family_started_at::text AS family_started_at, tenant_id, user_id::text, client_id, dept_id::text, role_ids, used_at, revoked_at, expires_at < now() AS expired
       FROM rsc_refresh_token WHERE token_hash = $1 FOR UPDATE`,
    [sha256(token)],
  );
  const row = found.rows[0];
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revoked_at) return { ok: false, reason: 'revoked' };
  if (row.used_at) {
    await revokeFamily(db, row.family_id);
    return { ok: false, reason: 'reused' };
  }
  if (row.expired) return { ok: false, reason: 'expired' };
  if (row.client_id !== clientId) return { ok: false, reason: 'client' };
  await db.query('UPDATE rsc_refresh_token SET used_at = now() WHERE token_hash = $1', [sha256(token)]);
  return {
    ok: true,
    familyId: row.family_id,
    familyStartedAt: row.family_started_at,
    subject: {
      tenantId: row.tenant_id,
      userId: row.user_id,
      clientId: row.client_id,
      deptId: row.dept_id,
      roleIds: row.role_ids ? String(row.role_ids).split(',') : [],
    },
  };
}

export async function revokeFamily(db: Queryable, familyId: string): Promise<void> {
  await db.query('UPDATE rsc_refresh_token SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL', [familyId]);
}

/** Logout: revokes the family of the given refresh token, if it belongs to the caller; answers the family (its session). */
export async function revokeRefreshToken(db: Queryable, token: unknown, tenantId: string, userId: string): Promise<string | undefined> {
  if (typeof token !== 'string' || token.length > 200) return undefined;
  const family = await db.query<{ family_id: string }>(
    `SELECT family_id::text AS family_id FROM rsc_refresh_token WHERE token_hash = $1 AND tenant_id = $2 AND user_id = $3`,
    [sha256(token), tenantId, userId],
  );
  const familyId = family.rows[0]?.family_id;
  if (familyId) await revokeFamily(db, familyId);
  return familyId;
}
