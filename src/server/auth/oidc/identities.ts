/**
 * Third-party identities and the users behind them.
 *
 * - blade_user_oauth (entity system/userOauth) links (tenant, source, issuer,
 *   subject) to a local user.
 * - rsc_oauth_registration holds a verified identity that has no user yet.
 *   The grant answers with a random ticket as `oauth_id`; user/register-guest
 *   redeems it once, within 30 minutes, for the tenant it was issued in.
 *   Only the ticket's hash is stored, and a guessed id finds nothing.
 *
 * Users registered this way wait with status 2 (pending approval); an
 * administrator approves by setting the user's status to 1 (and granting
 * roles and a department). Sign-in looks users up with status 1 only.
 */
import crypto from 'node:crypto';
import { nextId } from '../../db/ids.js';
import type { Queryable } from '../../db/pool.js';
import { hasControlCharacters } from '../../http/textInput.js';

/** blade_user.status values used by sign-in. */
export const USER_STATUS = { active: 1, pendingApproval: 2 } as const;

export const REGISTRATION_TICKET_SECONDS = 1800;

export interface IdentityKey {
  tenantId: string;
  source: string;
  issuer: string;
  subject: string;
}

export interface IdentityProfile {
  username: string;
  nickname: string;
  email: string;
  avatar: string;
}

function claimText(value: unknown, max: number): string {
  return typeof value === 'string' && !hasControlCharacters(value) ? value.trim().slice(0, max) : '';
}

/** What the provider says about the user, cut to the columns' sizes; an avatar only as an https URL. */
export function profileOf(claims: Record<string, unknown>): IdentityProfile {
  const picture = claimText(claims.picture, 500);
  return {
    username: claimText(claims.preferred_username, 255) || claimText(claims.email, 255),
    nickname: claimText(claims.name, 255) || claimText(claims.nickname, 255) || claimText(claims.preferred_username, 255),
    email: claimText(claims.email, 255),
    avatar: /^https:\/\//i.test(picture) ? picture : '',
  };
}

/** An account name the registration dialog can offer: the provider's user name when it fits the account rules. */
export function suggestedAccount(profile: IdentityProfile): string {
  const candidate = profile.username.includes('@') ? profile.username.split('@')[0] : profile.username;
  return /^[A-Za-z0-9_.-]{1,64}$/.test(candidate) ? candidate : '';
}

export interface LinkedUser {
  linkId: string;
  userId: string;
  status: number;
}

/** The user an identity is linked to (any status; deleted users and links excluded). */
export async function findLinkedUser(db: Queryable, key: IdentityKey): Promise<LinkedUser | undefined> {
  const result = await db.query(
    `SELECT o.id::text AS link_id, u.id::text AS user_id, u.status
       FROM blade_user_oauth o JOIN blade_user u ON u.id = o.user_id AND u.tenant_id = o.tenant_id AND u.is_deleted = 0
      WHERE o.tenant_id = $1 AND o.source = $2 AND o.issuer = $3 AND o.uuid = $4 AND o.is_deleted = 0`,
    [key.tenantId, key.source, key.issuer, key.subject],
  );
  const row = result.rows[0];
  return row ? { linkId: row.link_id, userId: row.user_id, status: row.status } : undefined;
}

/** Links an identity to a user; when a concurrent sign-in linked it first, that link's id is returned. */
export async function linkIdentity(db: Queryable, key: IdentityKey, userId: string, profile: IdentityProfile): Promise<string> {
  const inserted = await db.query<{ id: string }>(
    `INSERT INTO blade_user_oauth (id, tenant_id, user_id, source, issuer, uuid, username, nickname, email, avatar, create_user, update_user)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $3, $3)
     ON CONFLICT (tenant_id, source, issuer, uuid) WHERE is_deleted = 0 DO NOTHING
     RETURNING id::text AS id`,
    [nextId(), key.tenantId, userId, key.source, key.issuer, key.subject, profile.username, profile.nickname, profile.email, profile.avatar],
  );
  if (inserted.rows[0]) return inserted.rows[0].id;
  const existing = await findLinkedUser(db, key);
  if (!existing) throw new Error('identity link conflict without a live link');
  return existing.linkId;
}

const hashOf = (ticket: string) => crypto.createHash('sha256').update(ticket).digest('hex');

/** Keeps a verified identity for registration and returns the ticket the console passes back as oauthId. */
export async function createRegistrationTicket(db: Queryable, key: IdentityKey, profile: IdentityProfile): Promise<string> {
  await db.query(`DELETE FROM rsc_oauth_registration WHERE expires_at < now()`);
  const ticket = crypto.randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO rsc_oauth_registration (ticket_hash, tenant_id, source, issuer, subject, profile, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
    [hashOf(ticket), key.tenantId, key.source, key.issuer, key.subject, JSON.stringify(profile), REGISTRATION_TICKET_SECONDS],
  );
  return ticket;
}

export interface RegistrationTicket {
  key: IdentityKey;
  profile: IdentityProfile;
}

/** Locks a live ticket for redemption inside the caller's transaction (FOR UPDATE: one redemption wins). */
export async function lockRegistrationTicket(db: Queryable, ticket: string): Promise<RegistrationTicket | undefined> {
  const result = await db.query(
    `SELECT tenant_id, source, issuer, subject, profile FROM rsc_oauth_registration WHERE ticket_hash = $1 AND expires_at > now() FOR UPDATE`,
    [hashOf(ticket)],
  );
  const row = result.rows[0];
  if (!row) return undefined;
  return { key: { tenantId: row.tenant_id, source: row.source, issuer: row.issuer, subject: row.subject }, profile: row.profile as IdentityProfile };
}

export async function deleteRegistrationTicket(db: Queryable, ticket: string): Promise<void> {
  await db.query(`DELETE FROM rsc_oauth_registration WHERE ticket_hash = $1`, [hashOf(ticket)]);
}

/** The password hash of an account waiting for approval, so sign-in can tell its owner why it is refused. */
export async function findPendingPasswordHash(db: Queryable, tenantId: string, account: string): Promise<string | undefined> {
  const result = await db.query<{ password: string | null }>(
    `SELECT password FROM blade_user WHERE tenant_id = $1 AND account = $2 AND is_deleted = 0 AND status = $3`,
    [tenantId, account, USER_STATUS.pendingApproval],
  );
  return result.rows[0]?.password || undefined;
}
