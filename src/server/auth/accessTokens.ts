/**
 * Access tokens: short-lived signed JWTs (HS512, jose). The claims say who
 * the caller is; `sid` names the sign-in session, which the server checks on
 * every request (auth/sessions.ts), so a token ends with its session rather
 * than only at its expiry.
 */
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Caller } from '../http/caller.js';

const ISSUER = 'reservoir-safety-console';
const AUDIENCE = 'console';

/** No access token lives longer than this, whatever a client or the configuration asks for. */
export const MAX_ACCESS_TOKEN_SECONDS = 12 * 3600;
const CLOCK_TOLERANCE_SECONDS = 30;

export interface AccessTokenClaims {
  token_type: 'access_token';
  tenant_id: string;
  user_id: string;
  dept_id: string | null;
  role_id: string;
  account: string;
  client_id: string;
  sid: string;
}

/** Who the caller is, as token claims: shared by access tokens and big screens' screen tokens (screens/screenTokens.ts). */
export function callerClaims(caller: Caller & { sessionId: string }): Omit<AccessTokenClaims, 'token_type'> {
  return {
    tenant_id: caller.tenantId,
    user_id: caller.userId,
    dept_id: caller.deptId,
    role_id: caller.roleIds.join(','),
    account: caller.account,
    client_id: caller.clientId,
    sid: caller.sessionId,
  };
}

export async function signAccessToken(key: Uint8Array, caller: Caller & { sessionId: string }, lifetimeSeconds: number): Promise<string> {
  const claims: AccessTokenClaims = { token_type: 'access_token', ...callerClaims(caller) };
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setNotBefore('0s')
    .setExpirationTime(`${Math.min(lifetimeSeconds, MAX_ACCESS_TOKEN_SECONDS)}s`)
    .sign(key);
}

/** The caller of a valid token, or null for anything forged, expired, malformed or without a session. */
export async function verifyAccessToken(key: Uint8Array, token: string): Promise<Caller | null> {
  return (await verifyWithExpiry(key, token))?.caller ?? null;
}

async function verifyWithExpiry(key: Uint8Array, token: string): Promise<{ caller: Caller; expiresAtMs: number } | null> {
  try {
    // exp and iat are required (a token without an end is never accepted), and no token may claim
    // a longer life than the server ever gives one: a leaked key's forgeries still end.
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS512'],
      requiredClaims: ['exp', 'iat', 'sid'],
      maxTokenAge: MAX_ACCESS_TOKEN_SECONDS,
      // Instances' clocks differ a little: a token minted by one is not "from the future" on another.
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
    if (payload.exp! - payload.iat! > MAX_ACCESS_TOKEN_SECONDS) return null;
    // The tolerance is for a token's start (iat, nbf) only: an expired token ends when it says.
    if (payload.exp! * 1000 <= Date.now()) return null;
    if (payload.token_type !== 'access_token' || typeof payload.tenant_id !== 'string' || typeof payload.user_id !== 'string') return null;
    if (typeof payload.sid !== 'string') return null;
    const roleId = typeof payload.role_id === 'string' ? payload.role_id : '';
    const caller: Caller = {
      tenantId: payload.tenant_id,
      userId: payload.user_id,
      deptId: typeof payload.dept_id === 'string' ? payload.dept_id : null,
      roleIds: roleId ? roleId.split(',') : [],
      account: String(payload.account ?? ''),
      clientId: String(payload.client_id ?? ''),
      sessionId: payload.sid,
    };
    return { caller, expiresAtMs: payload.exp! * 1000 };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

const VERIFIED_CACHE_SIZE = 10_000;

/**
 * A verifier that remembers tokens whose signature it has already checked
 * until they expire, so a busy console does not pay for HMAC on every
 * request. Per-process and per-key; losing it costs only a re-verification.
 * Whether the token's session is still open is asked separately, on every
 * request (auth/sessions.ts).
 */
export function createTokenVerifier(key: Uint8Array): (token: string) => Promise<Caller | null> {
  const verified = new Map<string, { caller: Caller; expiresAtMs: number }>();
  return async (token) => {
    const hit = verified.get(token);
    if (hit && hit.expiresAtMs > Date.now()) return hit.caller;
    if (hit) verified.delete(token);
    const result = await verifyWithExpiry(key, token);
    if (!result) return null;
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
    verified.set(token, result);
    return result.caller;
  };
}

/** Reads `Blade-Auth: bearer <token>` (the `crypto` prefix of SpringBlade is not supported). */
export function tokenFromHeader(value: string | string[] | undefined): string | null {
  const header = Array.isArray(value) ? value[0] : value;
  if (!header) return null;
  const match = /^bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1] : null;
}
