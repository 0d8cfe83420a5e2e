/**
 * Mints the token pair and the sign-in response (BladeX `/oauth/token` shape:
 * a bare snake_case object with the session and user info the console stores).
 */
import type { ServerConfig } from '../config.js';
import type { Queryable } from '../db/pool.js';
import type { Caller } from '../http/caller.js';
import { signAccessToken } from './accessTokens.js';
import type { ClientRecord } from './clients.js';
import { issueRefreshToken, type RefreshFamily } from './refreshTokens.js';
import type { SessionUser } from './sessionUser.js';

export interface TokenServices {
  db: Queryable;
  config: ServerConfig;
  signingKey: Uint8Array;
}

export function callerOf(user: SessionUser, clientId: string): Caller {
  return { tenantId: user.tenantId, userId: user.id, deptId: user.deptId, roleIds: user.roleIds, account: user.account, clientId };
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

export async function issueTokens(services: TokenServices, user: SessionUser, client: ClientRecord, family?: RefreshFamily) {
  const lifetime = Math.min(services.config.accessTokenSeconds, client.accessTokenValidity || services.config.accessTokenSeconds);
  const refreshLifetime = Math.min(services.config.refreshTokenSeconds, client.refreshTokenValidity || services.config.refreshTokenSeconds);
  const accessToken = await signAccessToken(services.signingKey, callerOf(user, client.clientId), lifetime);
  const refreshToken = await issueRefreshToken(
    services.db,
    { tenantId: user.tenantId, userId: user.id, clientId: client.clientId, deptId: user.deptId, roleIds: user.roleIds },
    refreshLifetime,
    family,
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
