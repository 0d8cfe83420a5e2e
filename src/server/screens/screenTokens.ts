/**
 * Screen tokens: what a big screen opened from the console carries instead of the console's access token.
 * A JWT signed with the deployment's key (HS512, jose) for the audience `screen`, naming one screen, the
 * user who opened it (tenant, user, department, roles) and their sign-in session. It lives at most
 * SCREEN_TOKEN_SECONDS, is renewed while the session is open, and never beyond SCREEN_RENEW_LIMIT_SECONDS
 * after the first issue (`first_iat`, carried unchanged through renewals).
 *
 * The audience keeps the two kinds apart: a screen token is no access token (accessTokens.ts checks the
 * audience `console`) and an access token is no screen token.
 */
import { errors, jwtVerify, SignJWT } from 'jose';
import { callerClaims } from '../auth/accessTokens.js';
import type { Caller, ScreenGrant } from '../http/caller.js';
import { isScreenCode } from './screenCodes.js';

const ISSUER = 'reservoir-safety-console';
const AUDIENCE = 'screen';
const CLOCK_TOLERANCE_SECONDS = 30;

export const SCREEN_TOKEN_SECONDS = 30 * 60;
export const SCREEN_RENEW_LIMIT_SECONDS = 12 * 3600;

/** The caller of a screen token: the user who opened the screen, on that screen. */
export interface ScreenCaller extends Caller {
  sessionId: string;
  screen: ScreenGrant;
}

export interface IssuedScreenToken {
  token: string;
  expiresIn: number;
}

/** Signs a screen token; `firstIssuedAt` is now for a first issue, the old token's for a renewal. */
export async function signScreenToken(key: Uint8Array, caller: ScreenCaller): Promise<IssuedScreenToken | null> {
  const now = Math.floor(Date.now() / 1000);
  const expiresIn = Math.min(SCREEN_TOKEN_SECONDS, caller.screen.firstIssuedAt + SCREEN_RENEW_LIMIT_SECONDS - now);
  if (expiresIn <= 0) return null;
  const token = await new SignJWT({
    token_type: 'screen_token',
    ...callerClaims(caller),
    screen: caller.screen.code,
    first_iat: caller.screen.firstIssuedAt,
  })
    .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + expiresIn)
    .sign(key);
  return { token, expiresIn };
}

/** Whether the claims keep the time bounds: ≤ 30 min of life, within 12 h of the first issue. */
function isWithinBounds(iat: number, exp: number, firstIat: number): boolean {
  if (exp - iat > SCREEN_TOKEN_SECONDS) return false;
  if (firstIat > iat + CLOCK_TOLERANCE_SECONDS) return false;
  if (exp > firstIat + SCREEN_RENEW_LIMIT_SECONDS) return false;
  return exp * 1000 > Date.now();
}

/** The caller of a valid screen token, or null for anything forged, expired, malformed or of another kind. */
export async function verifyScreenToken(key: Uint8Array, token: string): Promise<ScreenCaller | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS512'],
      requiredClaims: ['exp', 'iat', 'sid', 'screen', 'first_iat'],
      maxTokenAge: SCREEN_TOKEN_SECONDS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
    const firstIat = payload.first_iat;
    if (payload.token_type !== 'screen_token' || typeof firstIat !== 'number' || !isWithinBounds(payload.iat!, payload.exp!, firstIat)) return null;
    if (typeof payload.tenant_id !== 'string' || typeof payload.user_id !== 'string' || typeof payload.sid !== 'string') return null;
    if (!isScreenCode(payload.screen)) return null;
    const roleId = typeof payload.role_id === 'string' ? payload.role_id : '';
    return {
      tenantId: payload.tenant_id,
      userId: payload.user_id,
      deptId: typeof payload.dept_id === 'string' ? payload.dept_id : null,
      roleIds: roleId ? roleId.split(',') : [],
      account: String(payload.account ?? ''),
      clientId: String(payload.client_id ?? ''),
      sessionId: payload.sid,
      screen: { code: payload.screen, firstIssuedAt: firstIat },
    };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
