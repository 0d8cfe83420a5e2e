/**
 * The grants of `/oauth/token`: password (and captcha), refresh_token and
 * authBySecret. Each throws a TokenError whose text becomes
 * `error_description`; nothing is written when a grant fails except the
 * failure count that throttles guessing.
 */
import crypto from 'node:crypto';
import { withTransaction, type Db } from '../db/pool.js';
import { hasControlCharacters } from '../http/textInput.js';
import { ApiError, type Localized } from '../http/apiError.js';
import { consumeCaptcha } from './captcha.js';
import type { ClientRecord } from './clients.js';
import { clearFailures, recordFailure, reserveAttempt } from './loginThrottle.js';
import { isMd5Hex, verifyPassword } from './passwords.js';
import { consumeRefreshToken } from './refreshTokens.js';
import { findTenant, findUserByAccount, findUserById, type SessionUser } from './sessionUser.js';
import { issueTokens, type TokenServices } from './tokenIssuer.js';

export class TokenError extends ApiError {}

const fail = (zh: string, en: string, status = 400) => new TokenError(status, { zh, en } as Localized);

export const TOKEN_ERRORS = {
  badCredentials: () => fail('用户名或密码错误', 'Wrong account or password'),
  locked: () => fail('用户登录失败次数过多，请稍后再试', 'Too many failed sign-ins; try again later'),
  badCaptcha: () => fail('验证码不正确', 'The captcha is not correct'),
  badTenant: () => fail('租户不存在或已停用', 'The tenant does not exist or is disabled'),
  expiredTenant: () => fail('租户授权已过期，请联系管理员', 'The tenant licence has expired; contact your administrator'),
  tenantMismatch: () => fail('租户信息不一致', 'The tenant in the header and in the parameters differ'),
  badRefresh: () => fail('刷新令牌无效或已过期，请重新登录', 'The refresh token is invalid or expired; sign in again', 401),
  reusedRefresh: () => fail('刷新令牌已被使用，为安全起见请重新登录', 'The refresh token was already used; sign in again for safety', 401),
  badSecret: () => fail('授权密钥无效或已过期', 'The sign-in secret is invalid or expired', 401),
  unsupported: (grant: string) => fail(`不支持的授权类型: ${grant.slice(0, 32)}`, `Unsupported grant type: ${grant.slice(0, 32)}`),
  grantNotAllowed: (grant: string) => fail(`客户端不允许此授权类型: ${grant.slice(0, 32)}`, `The client may not use the grant type ${grant.slice(0, 32)}`, 401),
};

export interface TokenServicesWithDb extends TokenServices {
  db: Db;
}

type Params = Record<string, unknown>;

/** A short text parameter; control characters (NUL included) make it unusable rather than reaching SQL. */
function text(value: unknown, max = 128): string {
  return typeof value === 'string' && !hasControlCharacters(value) ? value.trim().slice(0, max) : '';
}

export function tenantIdOf(headerValue: unknown, params: Params): string {
  const header = text(headerValue, 12);
  const param = text(params.tenantId ?? params.tenant_id, 12);
  if (header && param && header !== param) throw TOKEN_ERRORS.tenantMismatch();
  return header || param || '000000';
}

async function assertTenantUsable(services: TokenServicesWithDb, tenantId: string): Promise<void> {
  const tenant = /^\d{6}$/.test(tenantId) ? await findTenant(services.db, tenantId) : undefined;
  if (!tenant) throw TOKEN_ERRORS.badTenant();
  if (tenant.isExpired) throw TOKEN_ERRORS.expiredTenant();
}

export interface PasswordGrantInput {
  tenantId: string;
  account: string;
  passwordMd5: unknown;
  captchaKey: unknown;
  captchaCode: unknown;
}

export async function passwordGrant(services: TokenServicesWithDb, client: ClientRecord, input: PasswordGrantInput) {
  const { db, config } = services;
  if (config.captchaEnabled && !(await consumeCaptcha(db, input.captchaKey, input.captchaCode))) throw TOKEN_ERRORS.badCaptcha();
  await assertTenantUsable(services, input.tenantId);
  const account = input.account;
  if (!account) throw TOKEN_ERRORS.badCredentials();
  if (!(await reserveAttempt(db, input.tenantId, account, config.loginFailureLimit, config.loginLockSeconds)).isAllowed) throw TOKEN_ERRORS.locked();
  const user = await findUserByAccount(db, input.tenantId, account);
  const isValid = isMd5Hex(input.passwordMd5) && (await verifyPassword(user?.passwordHash || undefined, input.passwordMd5));
  if (!user || !isValid) {
    await recordFailure(db, input.tenantId, account, config.loginFailureLimit, config.loginLockSeconds);
    throw TOKEN_ERRORS.badCredentials();
  }
  await clearFailures(db, input.tenantId, account);
  return issueTokens(services, user, client);
}

export async function refreshGrant(services: TokenServicesWithDb, client: ClientRecord, refreshToken: unknown) {
  // The rotation and the new token commit together; a reuse revokes the family even though the grant fails.
  const outcome = await withTransaction(services.db, async (tx) => {
    const rotation = await consumeRefreshToken(tx, refreshToken, client.clientId);
    if (!rotation.ok) return { error: rotation.reason === 'reused' ? TOKEN_ERRORS.reusedRefresh() : TOKEN_ERRORS.badRefresh() };
    const tenant = await findTenant(tx, rotation.subject.tenantId);
    if (!tenant) return { error: TOKEN_ERRORS.badTenant() };
    if (tenant.isExpired) return { error: TOKEN_ERRORS.expiredTenant() };
    const user = await findUserById(tx, rotation.subject.tenantId, rotation.subject.userId);
    if (!user) return { error: TOKEN_ERRORS.badRefresh() };
    return { tokens: await issueTokens({ ...services, db: tx }, user, client, { familyId: rotation.familyId, familyStartedAt: rotation.familyStartedAt }) };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.tokens;
}

export async function secretGrant(services: TokenServicesWithDb, client: ClientRecord, secret: string) {
  if (!client.grantTypes.includes('password')) throw TOKEN_ERRORS.grantNotAllowed('secret');
  const hash = crypto.createHash('sha256').update(secret).digest('hex');
  const found = await services.db.query(`SELECT tenant_id, user_id::text AS user_id FROM rsc_auth_secret WHERE secret_hash = $1 AND expires_at > now()`, [hash]);
  const row = found.rows[0];
  const user: SessionUser | undefined = row ? await findUserById(services.db, row.tenant_id, row.user_id) : undefined;
  if (!user) throw TOKEN_ERRORS.badSecret();
  await assertTenantUsable(services, user.tenantId);
  return issueTokens(services, user, client);
}
