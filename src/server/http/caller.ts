/**
 * Who is calling: rebuilt on every request from the verified access token
 * only. The tenant comes from here, never from a header, query or body.
 */
import type { ScreenCode } from '../screens/screenCodes.js';
import type { Language } from './apiError.js';

export interface Caller {
  tenantId: string;
  userId: string;
  deptId: string | null;
  roleIds: string[];
  account: string;
  clientId: string;
  /** The sign-in session the access token belongs to (auth/sessions.ts); absent for callers the server makes itself. */
  sessionId?: string;
  /** Set when the caller holds a big screen's read-only screen token (src/server/screens/), not the console's access token. */
  screen?: ScreenGrant;
}

/** The screen a screen token opens (a menu code of src/server/screens/screenCodes.ts) and when its first token was issued. */
export interface ScreenGrant {
  code: ScreenCode;
  /** Seconds since the epoch; renewals end 12 hours after it. */
  firstIssuedAt: number;
}

/** Every route declares who may call it; a route without a declaration does not start (security rule 1). */
export type RouteAccess = 'public' | 'user' | 'platformAdmin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Big screens whose screen token this route accepts (engine: GET bindings listing them; hand-written routes: any method). */
    screens?: readonly string[];
  }
  interface FastifyRequest {
    caller: Caller | null;
    language: Language;
  }
}
