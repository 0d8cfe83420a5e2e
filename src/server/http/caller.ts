/**
 * Who is calling: rebuilt on every request from the verified access token
 * only. The tenant comes from here, never from a header, query or body.
 */
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
}

/** Every route declares who may call it; a route without a declaration does not start (security rule 1). */
export type RouteAccess = 'public' | 'user' | 'platformAdmin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    caller: Caller | null;
    language: Language;
  }
}
