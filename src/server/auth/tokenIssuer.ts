/**
 * Mints the token pair and the sign-in response (BladeX `/oauth/token` shape:
 * a bare snake_case object with the session and user info the console stores).
 * A sign-in opens a session (auth/sessions.ts); a refresh continues it.
 */
import type { ServerConfig } from '../config.js';
import type { Queryable } from '../db/pool.js';
import type { Caller } from '../http/caller.js';
import { MAX_ACCESS_TOKEN_SECONDS, signAccessToken } from './accessTokens.js';
import type { ClientRecord } from './clients.js';
import { issueRefreshToken, type RefreshFamily } from './refreshTokens.js';
import type { SessionUser } from './sessionUser.js';
import { openSession } from './sessions.js';

export interface TokenServices {
  db: Queryable;
  config: ServerConfig;
  signingKey: Uint8Array;
}

export function callerOf(user: SessionUser, clientId: string, sessionId: string): Caller & { sessionId: string } {
  return { tenantId: user.tenantId, userId: user.id, deptId: user.deptId, roleIds: user.roleIds, account: user.account, clientId, sessionId };
}

/** The user-info part of the token response, also served by `/oauth/user-info`. */
export function userInfoOf(user: SessionUser, config: ServerConfig) {
  return {
    tenant_id: user.tenantId,
    user_id: user.id,
    dept_id: user.deptId ?? '',
    role_id: user.roleIds.join(','),
    role_name: user.roleAliases.join(','),
    account: user.account,
    user_name: user.account,
    nick_name: user.name,
    real_name: user.realName,
    avatar: user.avatar,
    oauth_id: '',
    dept_region_code: user.deptRegionCode,
    environment: config.environment,
  };
}

/** Issues the tokens of a sign-in (a new session) or of a refresh (the session of the refresh token's family). */
export async function issueTokens(services: TokenServices, user: SessionUser, client: ClientRecord, family?: RefreshFamily) {
  const configured = Math.min(services.config.accessTokenSeconds, client.accessTokenValidity || services.config.accessTokenSeconds);
  const lifetime = Math.min(configured, MAX_ACCESS_TOKEN_SECONDS);
  const refreshLifetime = Math.min(services.config.refreshTokenSeconds, client.refreshTokenValidity || services.config.refreshTokenSeconds);
  const session = family ?? (await openSession(services.db, { tenantId: user.tenantId, userId: user.id, clientId: client.clientId }, refreshLifetime));
  const accessToken = await signAccessToken(services.signingKey, callerOf(user, client.clientId, session.familyId), lifetime);
  const refreshToken = await issueRefreshToken(
    services.db,
    { tenantId: user.tenantId, userId: user.id, clientId: client.clientId, deptId: user.deptId, roleIds: user.roleIds },
    refreshLifetime,
    session,
  );
  return {
    access_token: accessToken,
    token_type: 'bearer',
    refresh_token: refreshToken,
    expires_in: lifetime,
    scope: 'all',
    client_id: client.clientId,
    ...userInfoOf(user, services.config),
    license: 'Reservoir Safety Console',
  };
}
