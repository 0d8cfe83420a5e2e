/**
 * OpenID Connect sign-ins under way (table rsc_oidc_login). The start stores
 * the state's hash with what the return must match (grant type, source,
 * tenant, client, redirect URI) and the secrets the exchange needs (nonce,
 * PKCE verifier). The return consumes the row: a state works once, for ten
 * minutes, and a tampered return spends it.
 */
import crypto from 'node:crypto';
import type { Queryable } from '../../db/pool.js';

export const LOGIN_STATE_SECONDS = 600;
/** Sign-ins under way at once, over all tenants; beyond it starts are refused until some finish or expire. */
export const MAX_PENDING_LOGINS = 50_000;

export type OidcGrantType = 'authorization_code' | 'social';

export interface PendingLogin {
  grantType: OidcGrantType;
  source: string;
  tenantId: string;
  clientId: string;
  redirectUri: string;
  nonce: string;
  codeVerifier: string;
}

const hashOf = (state: string) => crypto.createHash('sha256').update(state).digest('hex');

/** Stores a sign-in; false when too many are under way (the table cannot be filled by anonymous starts). */
export async function saveLogin(db: Queryable, state: string, login: PendingLogin): Promise<boolean> {
  await db.query(`DELETE FROM rsc_oidc_login WHERE expires_at < now()`);
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM rsc_oidc_login`);
  if ((count.rows[0]?.n ?? 0) >= MAX_PENDING_LOGINS) return false;
  await db.query(
    `INSERT INTO rsc_oidc_login (state_hash, grant_type, source, tenant_id, client_id, redirect_uri, nonce, code_verifier, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(secs => $9))`,
    [hashOf(state), login.grantType, login.source, login.tenantId, login.clientId, login.redirectUri, login.nonce, login.codeVerifier, LOGIN_STATE_SECONDS],
  );
  return true;
}

/** Takes a sign-in by its state: found once, never again. */
export async function consumeLogin(db: Queryable, state: string): Promise<PendingLogin | undefined> {
  const result = await db.query(
    `DELETE FROM rsc_oidc_login WHERE state_hash = $1 RETURNING grant_type, source, tenant_id, client_id, redirect_uri, nonce, code_verifier, expires_at > now() AS live`,
    [hashOf(state)],
  );
  const row = result.rows[0];
  if (!row?.live) return undefined;
  return {
    grantType: row.grant_type,
    source: row.source,
    tenantId: row.tenant_id,
    clientId: row.client_id,
    redirectUri: row.redirect_uri,
    nonce: row.nonce,
    codeVerifier: row.code_verifier,
  };
}
