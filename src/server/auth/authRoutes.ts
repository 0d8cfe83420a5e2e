/**
 * blade-auth: `/api/blade-auth/oauth/*` — token (password, captcha,
 * refresh_token, authorization_code, social), captcha image, user info,
 * logout, clear-cache, authBySecret and token/refresh, and the start of
 * OpenID Connect sign-ins (oidc/oidcRoutes.ts). Failures of the token
 * endpoints carry `error_description` as the console expects.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../shared/envelope.js';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/pool.js';
import { hasControlCharacters } from '../http/textInput.js';
import { ApiError, badRequest, unauthorized } from '../http/apiError.js';
import { createCaptcha } from './captcha.js';
import { authenticateClient, type ClientRecord } from './clients.js';
import { isPlatformAdmin } from './permissions.js';
import { revokeRefreshToken } from './refreshTokens.js';
import { endSession, endUserSessions } from './sessions.js';
import { findUserById } from './sessionUser.js';
import { loadProviders, ProviderRegistry } from './oidc/providerConfig.js';
import { registerOidcRoutes } from './oidc/oidcRoutes.js';
import { oidcGrant, passwordGrant, refreshGrant, secretGrant, tenantIdOf, TOKEN_ERRORS, TokenError } from './tokenGrants.js';
import { userInfoOf } from './tokenIssuer.js';

export interface AuthRouteServices {
  db: Db;
  config: ServerConfig;
  signingKey: Uint8Array;
  /** The OpenID Connect providers; read from OIDC_PROVIDERS / OIDC_PROVIDERS_FILE when absent. */
  providers?: ProviderRegistry;
}

type Params = Record<string, unknown>;

/** Token parameters come as query parameters (Saber) or as a form/JSON body. */
function paramsOf(request: FastifyRequest): Params {
  const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Params) : {};
  return { ...body, ...(request.query as Params) };
}

async function answerTokenRequest(request: FastifyRequest, reply: FastifyReply, grant: () => Promise<object>) {
  try {
    return await grant();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const description = error.text[request.language];
    const extra = error instanceof TokenError ? error.extra : {};
    if (error instanceof TokenError && error.detail) request.log.warn({ detail: error.detail }, 'sign-in refused');
    if (error instanceof TokenError && error.retryAfter) reply.header('retry-after', String(error.retryAfter));
    return reply
      .code(error.status)
      .send({ ...extra, code: error.status, success: false, data: null, msg: description, error_code: error.status, error_description: description });
  }
}

/** The account to sign in; control characters make it unusable (it then fails like a wrong password). */
function accountOf(params: Params): string {
  const raw = typeof params.username === 'string' ? params.username : typeof params.account === 'string' ? params.account : '';
  return hasControlCharacters(raw) ? '' : raw.trim().slice(0, 64);
}

function assertGrantAllowed(client: ClientRecord, grant: string): void {
  if (!client.grantTypes.includes(grant)) throw TOKEN_ERRORS.grantNotAllowed(grant);
}

export function registerAuthRoutes(app: FastifyInstance, services: AuthRouteServices): void {
  const { db, config } = services;
  const prefix = '/api/blade-auth/oauth';
  const oidcServices = { ...services, providers: services.providers ?? new ProviderRegistry(loadProviders()) };
  registerOidcRoutes(app, oidcServices);

  app.post(`${prefix}/token`, { config: { access: 'public' } }, (request, reply) =>
    answerTokenRequest(request, reply, async () => {
      const client = await authenticateClient(db, request.headers.authorization);
      const params = paramsOf(request);
      const grant = typeof params.grant_type === 'string' ? params.grant_type : typeof params.grantType === 'string' ? params.grantType : 'password';
      if (grant === 'refresh_token') {
        assertGrantAllowed(client, grant);
        return refreshGrant(services, client, params.refresh_token ?? params.refreshToken);
      }
      if (grant === 'authorization_code' || grant === 'social') {
        assertGrantAllowed(client, grant);
        return oidcGrant(oidcServices, client, {
          grantType: grant,
          tenantId: tenantIdOf(request.headers['tenant-id'], params),
          code: params.code,
          state: params.state,
          redirectUri: params.redirect_uri,
          source: params.source,
        });
      }
      if (grant !== 'password' && grant !== 'captcha') throw TOKEN_ERRORS.unsupported(grant);
      assertGrantAllowed(client, 'password');
      return passwordGrant(services, client, {
        tenantId: tenantIdOf(request.headers['tenant-id'], params),
        account: accountOf(params),
        passwordMd5: params.password,
        captchaKey: request.headers['captcha-key'],
        captchaCode: request.headers['captcha-code'],
        address: request.ip,
      });
    }),
  );

  app.post(`${prefix}/token/refresh`, { config: { access: 'public' } }, (request, reply) =>
    answerTokenRequest(request, reply, async () => {
      const client = await authenticateClient(db, request.headers.authorization);
      assertGrantAllowed(client, 'refresh_token');
      const params = paramsOf(request);
      return refreshGrant(services, client, params.refresh_token ?? params.refreshToken);
    }),
  );

  app.get(`${prefix}/authBySecret/:secret`, { config: { access: 'public' } }, (request, reply) =>
    answerTokenRequest(request, reply, async () => {
      const client = await authenticateClient(db, request.headers.authorization);
      const { secret } = request.params as { secret: string };
      if (secret.length < 20 || secret.length > 200) throw TOKEN_ERRORS.badSecret();
      return secretGrant(services, client, secret);
    }),
  );

  // Writes nothing: the key carries the sealed answer (captcha.ts); the route has its own per-address rate limit.
  app.get(`${prefix}/captcha`, { config: { access: 'public' } }, async () => ok(createCaptcha(services.signingKey)));

  app.get(`${prefix}/user-info`, { config: { access: 'user' } }, async (request) => {
    const caller = request.caller!;
    const user = await findUserById(db, caller.tenantId, caller.userId);
    if (!user) throw unauthorized();
    return ok(userInfoOf(user, config));
  });

  /**
   * Ends the session of the access token (its access tokens are refused within seconds on every
   * instance) and the refresh token's; without a refresh token, every session of the caller on this client.
   */
  const logout = async (request: FastifyRequest) => {
    const caller = request.caller!;
    const params = paramsOf(request);
    const token = params.refresh_token ?? params.refreshToken;
    if (token === undefined) await endUserSessions(db, caller.tenantId, [caller.userId], caller.clientId);
    const family = token === undefined ? undefined : await revokeRefreshToken(db, token, caller.tenantId, caller.userId);
    if (family) await endSession(db, family, caller.tenantId, caller.userId);
    if (caller.sessionId) await endSession(db, caller.sessionId, caller.tenantId, caller.userId);
    return ok(null, '退出成功');
  };
  // GET as the console calls it; no HEAD route exists for it (app.ts: exposeHeadRoutes is off).
  app.get(`${prefix}/logout`, { config: { access: 'user' } }, logout);
  app.post(`${prefix}/logout`, { config: { access: 'user' } }, logout);

  // Nothing is cached per user on the server (permissions are read per request); kept for the contract.
  app.get(`${prefix}/clear-cache`, { config: { access: 'user' } }, async () => ok(null, '清除缓存成功'));

  /**
   * Issues a sign-in secret for a user of the caller's tenant; shown once.
   * Only platform administrators may, and never for a platform administrator
   * (a secret must not be a way to become someone with more rights).
   */
  app.post(`${prefix}/secret`, { config: { access: 'platformAdmin' } }, async (request) => {
    const caller = request.caller!;
    const params = paramsOf(request);
    const userId = typeof params.userId === 'string' ? params.userId : '';
    const seconds = Number(params.expireSeconds ?? 3600);
    if (!Number.isInteger(seconds) || seconds < 60 || seconds > 30 * 86400) {
      throw badRequest('有效期须在 60 秒到 30 天之间', 'The validity must be between 60 seconds and 30 days');
    }
    const target = /^\d{1,19}$/.test(userId) ? await findUserById(db, caller.tenantId, userId) : undefined;
    if (!target) throw badRequest('用户不存在', 'The user does not exist');
    if (await isPlatformAdmin(db, { ...caller, userId: target.id, roleIds: target.roleIds })) {
      throw badRequest('不能为平台管理员签发授权密钥', 'A sign-in secret cannot be issued for a platform administrator');
    }
    const secret = crypto.randomBytes(32).toString('base64url');
    await db.query(
      `INSERT INTO rsc_auth_secret (secret_hash, tenant_id, user_id, remark, expires_at, created_by) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5), $6)`,
      [
        crypto.createHash('sha256').update(secret).digest('hex'),
        caller.tenantId,
        userId,
        typeof params.remark === 'string' ? params.remark.slice(0, 255) : null,
        seconds,
        caller.userId,
      ],
    );
    return ok({ secret, expiresIn: seconds });
  });
}
