/**
 * The relying-party side of OpenID Connect, on jose and the outbound guard:
 * discovery, the authorization URL (code flow with PKCE S256, state and
 * nonce), the code exchange, id_token verification against the provider's
 * JWKS, and the userinfo claims.
 *
 * Every request to a provider goes through the outbound guard with that
 * provider's policy. Discovery documents are cached for an hour, key sets
 * for ten minutes and fetched again (at most every 30 s) when a token names
 * a key the cached set does not hold, so key rotation works.
 */
import crypto from 'node:crypto';
import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import { guardedRequest, OutboundRequestError, type OutboundResponse } from '../outboundGuard.js';
import type { OidcProviderConfig } from './providerConfig.js';

/** A failure talking to the provider or of what it answered; `detail` is for the server log only. */
export class OidcError extends Error {
  readonly kind: 'provider' | 'token';

  constructor(kind: 'provider' | 'token', detail: string) {
    super(detail);
    this.name = 'OidcError';
    this.kind = kind;
  }
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
  id_token_signing_alg_values_supported?: string[];
}

const ASYMMETRIC_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'];
const DISCOVERY_TTL_MS = 3600_000;
const JWKS_TTL_MS = 600_000;
const JWKS_REFETCH_MS = 30_000;

// Per configured provider (not per issuer): two entries naming one issuer may have different
// outbound policies, and one's cached answer must not let the other skip the guard.
const discoveryCache = new WeakMap<OidcProviderConfig, { document: Discovery; fetchedAt: number }>();
const jwksCache = new WeakMap<OidcProviderConfig, Map<string, { keys: JSONWebKeySet; fetchedAt: number }>>();

async function request(provider: OidcProviderConfig, url: string, init: Parameters<typeof guardedRequest>[1] = {}): Promise<OutboundResponse> {
  try {
    return await guardedRequest(url, { ...init, headers: { accept: 'application/json', ...init.headers } }, provider.outbound);
  } catch (error) {
    if (error instanceof OutboundRequestError) throw new OidcError('provider', `${provider.source}: ${error.message}`);
    throw error;
  }
}

function jsonObject(response: OutboundResponse, what: string, provider: OidcProviderConfig): Record<string, unknown> {
  const body = response.json();
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new OidcError('provider', `${provider.source}: the ${what} is not a JSON object`);
  return body as Record<string, unknown>;
}

function isEndpoint(value: unknown, provider: OidcProviderConfig): value is string {
  if (typeof value !== 'string') return false;
  try {
    return ((provider.outbound.schemes as readonly string[] | undefined) ?? ['https:']).includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export async function discover(provider: OidcProviderConfig): Promise<Discovery> {
  const cached = discoveryCache.get(provider);
  if (cached && Date.now() - cached.fetchedAt < DISCOVERY_TTL_MS) return cached.document;
  const response = await request(provider, `${provider.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
  if (response.status !== 200) throw new OidcError('provider', `${provider.source}: discovery answered ${response.status}`);
  const document = jsonObject(response, 'discovery document', provider);
  // OIDC Discovery §4.3: the issuer in the document must be exactly the configured one.
  if (document.issuer !== provider.issuer)
    throw new OidcError('provider', `${provider.source}: discovery names issuer ${String(document.issuer)}, not ${provider.issuer}`);
  for (const name of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
    if (!isEndpoint(document[name], provider)) throw new OidcError('provider', `${provider.source}: discovery has no usable ${name}`);
  }
  if (document.userinfo_endpoint !== undefined && !isEndpoint(document.userinfo_endpoint, provider)) delete document.userinfo_endpoint;
  const discovery = document as unknown as Discovery;
  discoveryCache.set(provider, { document: discovery, fetchedAt: Date.now() });
  return discovery;
}

async function keySet(provider: OidcProviderConfig, jwksUri: string, refresh: boolean): Promise<JSONWebKeySet> {
  const sets = jwksCache.get(provider) ?? new Map<string, { keys: JSONWebKeySet; fetchedAt: number }>();
  jwksCache.set(provider, sets);
  const cached = sets.get(jwksUri);
  const age = cached ? Date.now() - cached.fetchedAt : Infinity;
  if (cached && age < (refresh ? JWKS_REFETCH_MS : JWKS_TTL_MS)) return cached.keys;
  const response = await request(provider, jwksUri);
  if (response.status !== 200) throw new OidcError('provider', `${provider.source}: the key set answered ${response.status}`);
  const body = jsonObject(response, 'key set', provider);
  if (!Array.isArray(body.keys)) throw new OidcError('provider', `${provider.source}: the key set has no keys`);
  const keys = { keys: body.keys } as JSONWebKeySet;
  sets.set(jwksUri, { keys, fetchedAt: Date.now() });
  return keys;
}

const randomToken = () => crypto.randomBytes(32).toString('base64url');

export interface AuthorizationStart {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The URL the browser is sent to, with fresh state, nonce and PKCE verifier (to be stored by the caller). */
export async function authorizationUrl(provider: OidcProviderConfig, redirectUri: string): Promise<AuthorizationStart> {
  const discovery = await discover(provider);
  const state = randomToken();
  const nonce = randomToken();
  const codeVerifier = randomToken();
  const url = new URL(discovery.authorization_endpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', provider.scopes);
  url.searchParams.set('state', state);
  url.searchParams.set('nonce', nonce);
  url.searchParams.set('code_challenge', crypto.createHash('sha256').update(codeVerifier).digest('base64url'));
  url.searchParams.set('code_challenge_method', 'S256');
  return { url: url.toString(), state, nonce, codeVerifier };
}

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  /** id_token claims merged with userinfo claims (same subject). */
  claims: Record<string, unknown>;
}

/** Verifies an id_token (OIDC Core §3.1.3.7): signature by the provider's keys, iss, aud, azp, exp, iat, nonce. */
export async function verifyIdToken(provider: OidcProviderConfig, idToken: string, nonce: string, jwksUri: string, algorithms?: string[]): Promise<JWTPayload> {
  const allowed =
    (algorithms?.filter((a) => ASYMMETRIC_ALGORITHMS.includes(a)) ?? []).length > 0 ? algorithms!.filter((a) => ASYMMETRIC_ALGORITHMS.includes(a)) : ['RS256'];
  const options = { issuer: provider.issuer, audience: provider.clientId, algorithms: allowed, clockTolerance: 60, requiredClaims: ['sub', 'iat', 'exp'] };
  let payload: JWTPayload;
  try {
    try {
      ({ payload } = await jwtVerify(idToken, createLocalJWKSet(await keySet(provider, jwksUri, false)), options));
    } catch (error) {
      // An unknown key id may mean the provider rotated its keys: fetch the set again once.
      if (!(error instanceof joseErrors.JWKSNoMatchingKey)) throw error;
      ({ payload } = await jwtVerify(idToken, createLocalJWKSet(await keySet(provider, jwksUri, true)), options));
    }
  } catch (error) {
    if (error instanceof OidcError) throw error;
    throw new OidcError('token', `${provider.source}: id_token refused: ${(error as Error).message}`);
  }
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (audiences.length > 1 && payload.azp !== provider.clientId) throw new OidcError('token', `${provider.source}: id_token azp is not this client`);
  if (payload.azp !== undefined && payload.azp !== provider.clientId) throw new OidcError('token', `${provider.source}: id_token azp is not this client`);
  if (typeof payload.nonce !== 'string' || payload.nonce.length !== nonce.length || !crypto.timingSafeEqual(Buffer.from(payload.nonce), Buffer.from(nonce))) {
    throw new OidcError('token', `${provider.source}: id_token nonce does not match the sign-in`);
  }
  if (typeof payload.sub !== 'string' || payload.sub === '' || payload.sub.length > 255)
    throw new OidcError('token', `${provider.source}: id_token has no usable sub`);
  return payload;
}

/** Exchanges an authorization code (with the stored PKCE verifier) and returns the verified identity. */
export async function exchangeCode(
  provider: OidcProviderConfig,
  input: { code: string; redirectUri: string; codeVerifier: string; nonce: string },
): Promise<VerifiedIdentity> {
  const discovery = await discover(provider);
  const form = new URLSearchParams({ grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectUri, code_verifier: input.codeVerifier });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (provider.tokenEndpointAuthMethod === 'client_secret_basic') {
    // RFC 6749 §2.3.1: id and secret are form-encoded before the Basic encoding.
    const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
    headers.authorization = `Basic ${Buffer.from(`${encode(provider.clientId)}:${encode(provider.clientSecret)}`).toString('base64')}`;
  } else {
    form.set('client_id', provider.clientId);
    form.set('client_secret', provider.clientSecret);
  }
  const response = await request(provider, discovery.token_endpoint, { method: 'POST', headers, body: form.toString() });
  if (response.status !== 200) {
    let error = '';
    try {
      const body = response.json() as { error?: unknown };
      error = typeof body?.error === 'string' ? body.error.slice(0, 64) : '';
    } catch {
      // not JSON
    }
    throw new OidcError(response.status === 400 ? 'token' : 'provider', `${provider.source}: the token endpoint answered ${response.status} ${error}`);
  }
  const tokens = jsonObject(response, 'token response', provider);
  if (typeof tokens.id_token !== 'string') throw new OidcError('provider', `${provider.source}: the token response has no id_token`);
  const payload = await verifyIdToken(provider, tokens.id_token, input.nonce, discovery.jwks_uri, discovery.id_token_signing_alg_values_supported);
  const claims: Record<string, unknown> = { ...payload };
  if (discovery.userinfo_endpoint && typeof tokens.access_token === 'string') {
    const info = await request(provider, discovery.userinfo_endpoint, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    if (info.status === 200 && /json/i.test(info.headers['content-type'] ?? '')) {
      const userinfo = jsonObject(info, 'userinfo', provider);
      // OIDC Core §5.3.2: userinfo of another subject must not be used.
      if (userinfo.sub !== payload.sub) throw new OidcError('token', `${provider.source}: userinfo names another subject`);
      for (const [name, value] of Object.entries(userinfo)) if (!(name in claims)) claims[name] = value;
    }
  }
  return { issuer: provider.issuer, subject: payload.sub!, claims };
}
