/**
 * The start of an OpenID Connect sign-in, and what the login page offers:
 *
 * - `GET /api/blade-auth/oauth/authorize/:source?grant_type&tenantId&redirect_uri`
 *   (client Basic header) stores a fresh state, nonce and PKCE verifier and
 *   answers `{url, state}`: the console keeps the state and sends the browser
 *   to the url. The provider returns the browser to redirect_uri with code
 *   and state, and the console completes with `/oauth/token`
 *   (grant_type authorization_code or social).
 * - `GET /api/blade-auth/oauth/social-sources?tenantId` lists the social
 *   providers a tenant may use, for the login page's buttons.
 */
import type { FastifyInstance } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { ApiError, badRequest } from '../../http/apiError.js';
import { hasControlCharacters } from '../../http/textInput.js';
import { authenticateClient } from '../clients.js';
import type { OidcGrantServices } from '../tokenGrants.js';
import { tenantIdOf, TOKEN_ERRORS } from '../tokenGrants.js';
import { findTenant } from '../sessionUser.js';
import { authorizationUrl, OidcError } from './oidcClient.js';
import { saveLogin, type OidcGrantType } from './loginState.js';

type Params = Record<string, unknown>;

function redirectUriOf(value: unknown): string {
  const text = typeof value === 'string' && !hasControlCharacters(value) ? value : '';
  let url: URL | undefined;
  try {
    url = text.length > 0 && text.length <= 1000 ? new URL(text) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || !['https:', 'http:'].includes(url.protocol) || url.hash || url.username || url.password) {
    throw badRequest('回调地址不正确', 'The redirect URI is not valid');
  }
  return text;
}

export function registerOidcRoutes(app: FastifyInstance, services: OidcGrantServices): void {
  const { db, providers } = services;
  const prefix = '/api/blade-auth/oauth';

  app.get(`${prefix}/authorize/:source`, { config: { access: 'public' } }, async (request) => {
    const client = await authenticateClient(db, request.headers.authorization);
    const params = request.query as Params;
    const { source } = request.params as { source: string };
    const grantType: OidcGrantType = params.grant_type === 'social' ? 'social' : 'authorization_code';
    if (params.grant_type !== 'social' && params.grant_type !== 'authorization_code') throw TOKEN_ERRORS.unsupported(String(params.grant_type ?? ''));
    if (!client.grantTypes.includes(grantType)) throw TOKEN_ERRORS.grantNotAllowed(grantType);
    const tenantId = tenantIdOf(request.headers['tenant-id'], params);
    const tenant = /^\d{6}$/.test(tenantId) ? await findTenant(db, tenantId) : undefined;
    if (!tenant) throw TOKEN_ERRORS.badTenant();
    if (tenant.isExpired) throw TOKEN_ERRORS.expiredTenant();
    const provider = /^[A-Za-z0-9_-]{1,32}$/.test(source) ? providers.find(source, tenantId, grantType === 'social' ? 'social' : 'sso') : undefined;
    if (!provider) throw TOKEN_ERRORS.oidcUnavailable();
    const redirectUri = redirectUriOf(params.redirect_uri);
    if (provider.redirectUris && !provider.redirectUris.includes(redirectUri))
      throw badRequest('回调地址未登记', 'The redirect URI is not registered for this sign-in');

    let start;
    try {
      start = await authorizationUrl(provider, redirectUri);
    } catch (error) {
      if (!(error instanceof OidcError)) throw error;
      request.log.warn({ detail: error.message }, 'OpenID Connect provider unavailable');
      throw TOKEN_ERRORS.oidcProviderDown();
    }
    const isSaved = await saveLogin(db, start.state, {
      grantType,
      source: provider.source,
      tenantId,
      clientId: client.clientId,
      redirectUri,
      nonce: start.nonce,
      codeVerifier: start.codeVerifier,
    });
    if (!isSaved) throw new ApiError(429, { zh: '登录请求过多，请稍后再试', en: 'Too many sign-ins under way; try again later' });
    return ok({ url: start.url, state: start.state });
  });

  app.get(`${prefix}/social-sources`, { config: { access: 'public' } }, async (request) => {
    const params = request.query as Params;
    const tenantId = typeof params.tenantId === 'string' && /^\d{6}$/.test(params.tenantId) ? params.tenantId : '';
    return ok(tenantId ? providers.socialSources(tenantId) : []);
  });
}
