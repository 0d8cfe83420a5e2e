/**
 * The grants of `/oauth/token`: password (and captcha), refresh_token,
 * authBySecret, and the OpenID Connect grants authorization_code (the SSO
 * pages) and social (the login page's third-party buttons). Each throws a
 * TokenError whose text becomes `error_description`; nothing is written when
 * a grant fails except the failure count that throttles guessing, a spent
 * sign-in state, and the registration ticket of an unknown identity.
 */
import crypto from 'node:crypto';
import { withTransaction, type Db } from '../db/pool.js';
import { hasControlCharacters } from '../http/textInput.js';
import { ApiError, type Localized } from '../http/apiError.js';
import { consumeCaptcha } from './captcha.js';
import type { ClientRecord } from './clients.js';
import { clearAccountFailures, releaseAddressAttempt, reserveAccountAttempt, reserveAddressAttempt, type ThrottleLimits } from './loginThrottle.js';
import {
  createRegistrationTicket,
  findLinkedUser,
  findPendingPasswordHash,
  linkIdentity,
  profileOf,
  suggestedAccount,
  USER_STATUS,
} from './oidc/identities.js';
import { exchangeCode, OidcError } from './oidc/oidcClient.js';
import { consumeLogin, type OidcGrantType } from './oidc/loginState.js';
import type { ProviderRegistry } from './oidc/providerConfig.js';
import { isMd5Hex, verifyPassword } from './passwords.js';
import { consumeRefreshToken } from './refreshTokens.js';
import { findTenant, findUserByAccount, findUserById, type SessionUser } from './sessionUser.js';
import { isSessionOpen } from './sessions.js';
import { issueTokens, type TokenServices } from './tokenIssuer.js';

export class TokenError extends ApiError {
  /** Fields added to the error answer (the oauth_id of an identity that may register). */
  extra: Record<string, unknown> = {};
  /** What went wrong in detail, for the server log only. */
  detail?: string;
  /** Seconds to wait, sent as Retry-After (a throttled sign-in). */
  retryAfter?: number;

  with(fields: { extra?: Record<string, unknown>; detail?: string; retryAfter?: number }): this {
    if (fields.extra) this.extra = fields.extra;
    if (fields.detail) this.detail = fields.detail;
    if (fields.retryAfter) this.retryAfter = fields.retryAfter;
    return this;
  }
}

const fail = (zh: string, en: string, status = 400) => new TokenError(status, { zh, en } as Localized);

export const TOKEN_ERRORS = {
  badCredentials: () => fail('用户名或密码错误', 'Wrong account or password'),
  tooManyFailures: (seconds: number) =>
    fail(`登录失败次数过多，请 ${seconds} 秒后再试`, `Too many failed sign-ins from this address; try again in ${seconds} seconds`, 429).with({
      retryAfter: seconds,
    }),
  // captcha_required tells the console to show the captcha (CAPTCHA_MODE=off shows none until then).
  captchaRequired: () =>
    fail('该账号登录失败次数过多，请输入验证码后再登录', 'Too many failed sign-ins for this account: enter the captcha to sign in').with({
      extra: { captcha_required: true },
    }),
  badCaptcha: () => fail('验证码不正确', 'The captcha is not correct'),
  badTenant: () => fail('租户不存在或已停用', 'The tenant does not exist or is disabled'),
  expiredTenant: () => fail('租户授权已过期，请联系管理员', 'The tenant licence has expired; contact your administrator'),
  tenantMismatch: () => fail('租户信息不一致', 'The tenant in the header and in the parameters differ'),
  badRefresh: () => fail('刷新令牌无效或已过期，请重新登录', 'The refresh token is invalid or expired; sign in again', 401),
  reusedRefresh: () => fail('刷新令牌已被使用，为安全起见请重新登录', 'The refresh token was already used; sign in again for safety', 401),
  badSecret: () => fail('授权密钥无效或已过期', 'The sign-in secret is invalid or expired', 401),
  unsupported: (grant: string) => fail(`不支持的授权类型: ${grant.slice(0, 32)}`, `Unsupported grant type: ${grant.slice(0, 32)}`),
  grantNotAllowed: (grant: string) => fail(`客户端不允许此授权类型: ${grant.slice(0, 32)}`, `The client may not use the grant type ${grant.slice(0, 32)}`, 401),
  pendingApproval: () => fail('账号正在等待管理员审核，审核通过后才能登录', 'The account is waiting for administrator approval and cannot sign in yet'),
  userDisabled: () => fail('用户已停用或已删除，请联系管理员', 'The user is disabled or removed; contact your administrator'),
  oidcUnavailable: () => fail('该租户未启用此登录方式', 'This sign-in method is not enabled for the tenant'),
  oidcState: () => fail('登录状态无效或已过期，请重新登录', 'The sign-in state is invalid or has expired; sign in again'),
  oidcMismatch: () => fail('登录状态校验失败，请重新登录', 'The sign-in does not match the one that was started; sign in again'),
  oidcRefused: () => fail('第三方认证未通过，请重新登录', 'The identity provider’s answer was not accepted; sign in again'),
  oidcProviderDown: () => fail('认证平台暂时无法访问，请稍后再试', 'The identity provider cannot be reached; try again later', 500),
  notRegistered: () => fail('该第三方账号尚未注册本系统用户，请先完成注册', 'This third-party account has no user here yet; please register first'),
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
  /** The client's address (request.ip), for the per-address throttle. */
  address: string;
}

/**
 * Whether the request carries a solved captcha. With CAPTCHA_MODE=on every password sign-in needs one;
 * with it off, one is needed only once the account has too many failures (a wrong one counts as none).
 */
async function solvedCaptcha(services: TokenServicesWithDb, input: PasswordGrantInput): Promise<boolean> {
  const isSent = typeof input.captchaKey === 'string' && input.captchaKey !== '';
  if (!services.config.captchaEnabled && !isSent) return false;
  const isSolved = await consumeCaptcha(services.db, services.signingKey, input.captchaKey, input.captchaCode);
  if (!isSolved && services.config.captchaEnabled) throw TOKEN_ERRORS.badCaptcha();
  return isSolved;
}

export async function passwordGrant(services: TokenServicesWithDb, client: ClientRecord, input: PasswordGrantInput) {
  const { db, config } = services;
  const limits: ThrottleLimits = {
    accountLimit: config.loginFailureLimit,
    addressLimit: config.rateLimits.signInFailuresPerAddress,
    windowSeconds: config.loginLockSeconds,
  };
  // Every refusal below leaves the address's attempt counted; only a sign-in gives it back.
  const { retryAfter } = await reserveAddressAttempt(db, input.address, limits);
  if (retryAfter) throw TOKEN_ERRORS.tooManyFailures(retryAfter);
  const hasCaptcha = await solvedCaptcha(services, input);
  await assertTenantUsable(services, input.tenantId);
  const account = input.account;
  if (!account) throw TOKEN_ERRORS.badCredentials();
  if (!(await reserveAccountAttempt(db, input.tenantId, account, limits, hasCaptcha))) {
    throw input.captchaKey ? TOKEN_ERRORS.badCaptcha().with({ extra: { captcha_required: true } }) : TOKEN_ERRORS.captchaRequired();
  }
  const user = await findUserByAccount(db, input.tenantId, account);
  // An account waiting for approval is verified like any other (one hash check either way), so
  // only its owner, with the right password, learns that it is pending.
  const pendingHash = user ? undefined : await findPendingPasswordHash(db, input.tenantId, account);
  const isValid = isMd5Hex(input.passwordMd5) && (await verifyPassword(user?.passwordHash || pendingHash || undefined, input.passwordMd5));
  if (!user && pendingHash && isValid) throw TOKEN_ERRORS.pendingApproval();
  if (!user || !isValid) throw TOKEN_ERRORS.badCredentials();
  await clearAccountFailures(db, input.tenantId, account);
  await releaseAddressAttempt(db, input.address);
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
    // The session ended (logout, a password change) or predates sessions: the refresh token cannot continue it.
    if (!(await isSessionOpen(tx, rotation.familyId, user.tenantId, user.id))) return { error: TOKEN_ERRORS.badRefresh() };
    return { tokens: await issueTokens({ ...services, db: tx }, user, client, { familyId: rotation.familyId, familyStartedAt: rotation.familyStartedAt }) };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.tokens;
}

export async function secretGrant(services: TokenServicesWithDb, client: ClientRecord, secret: string) {
  if (!client.grantTypes.includes('password')) throw TOKEN_ERRORS.grantNotAllowed('secret');
  const hash = crypto.createHash('sha256').update(secret).digest('hex');
  const found = await services.db.query(`SELECT tenant_id, user_id::text AS user_id FROM rsc_auth_secret WHERE secret_hash = $1 AND expires_at > now()`, [
    hash,
  ]);
  const row = found.rows[0];
  const user: SessionUser | undefined = row ? await findUserById(services.db, row.tenant_id, row.user_id) : undefined;
  if (!user) throw TOKEN_ERRORS.badSecret();
  await assertTenantUsable(services, user.tenantId);
  return issueTokens(services, user, client);
}

export interface OidcGrantServices extends TokenServicesWithDb {
  providers: ProviderRegistry;
}

export interface OidcGrantInput {
  grantType: OidcGrantType;
  tenantId: string;
  code: unknown;
  state: unknown;
  /** authorization_code: must be the redirect URI the sign-in started with. */
  redirectUri: unknown;
  /** social: must be the source the sign-in started with. */
  source: unknown;
}

/**
 * authorization_code and social: the code the provider gave the browser is
 * exchanged for a verified identity, which signs in its linked user; an SSO
 * provider with `accountClaim` may also sign in the local account the claim
 * names (and links it). An identity without a user gets a registration
 * ticket, answered as `oauth_id` with a clear error; a user still waiting for
 * approval cannot sign in.
 */
export async function oidcGrant(services: OidcGrantServices, client: ClientRecord, input: OidcGrantInput) {
  const { db } = services;
  await assertTenantUsable(services, input.tenantId);
  const state = text(input.state, 256);
  const code = text(input.code, 2048);
  if (!state || !code) throw TOKEN_ERRORS.oidcState();
  const login = await consumeLogin(db, state);
  if (!login) throw TOKEN_ERRORS.oidcState();
  const redirectUri = text(input.redirectUri, 1000);
  const source = text(input.source, 32);
  const matches =
    login.grantType === input.grantType &&
    login.tenantId === input.tenantId &&
    login.clientId === client.clientId &&
    (input.grantType === 'authorization_code'
      ? redirectUri === login.redirectUri
      : source === login.source && (!redirectUri || redirectUri === login.redirectUri));
  if (!matches) throw TOKEN_ERRORS.oidcMismatch();
  const type = input.grantType === 'social' ? 'social' : 'sso';
  const provider = services.providers.find(login.source, login.tenantId, type);
  if (!provider) throw TOKEN_ERRORS.oidcUnavailable();

  let identity;
  try {
    identity = await exchangeCode(provider, { code, redirectUri: login.redirectUri, codeVerifier: login.codeVerifier, nonce: login.nonce });
  } catch (error) {
    if (!(error instanceof OidcError)) throw error;
    throw (error.kind === 'provider' ? TOKEN_ERRORS.oidcProviderDown() : TOKEN_ERRORS.oidcRefused()).with({ detail: error.message });
  }
  const key = { tenantId: login.tenantId, source: login.source, issuer: identity.issuer, subject: identity.subject };
  const profile = profileOf(identity.claims);

  const linked = await findLinkedUser(db, key);
  if (linked) {
    if (linked.status === USER_STATUS.pendingApproval) throw TOKEN_ERRORS.pendingApproval();
    const user = await findUserById(db, login.tenantId, linked.userId);
    if (!user) throw TOKEN_ERRORS.userDisabled();
    return { ...(await issueTokens(services, user, client)), oauth_id: linked.linkId };
  }
  if (type === 'sso' && provider.accountClaim) {
    const account = text(identity.claims[provider.accountClaim], 64);
    const user = account ? await findUserByAccount(db, login.tenantId, account) : undefined;
    if (user) {
      const linkId = await linkIdentity(db, key, user.id, profile);
      return { ...(await issueTokens(services, user, client)), oauth_id: linkId };
    }
  }
  const ticket = await createRegistrationTicket(db, key, profile);
  throw TOKEN_ERRORS.notRegistered().with({
    extra: { oauth_id: ticket, oauth_source: login.source, oauth_name: profile.nickname, oauth_account: suggestedAccount(profile) },
  });
}
