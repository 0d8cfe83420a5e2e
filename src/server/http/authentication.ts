/**
 * Deny by default: every route must declare its access when it is
 * registered, and every non-public request must carry a valid access token
 * whose sign-in session is still open (auth/sessions.ts).
 */
import type { FastifyInstance } from 'fastify';
import { createTokenVerifier, tokenFromHeader } from '../auth/accessTokens.js';
import { assertApiScope, routedCall } from '../auth/apiScopes.js';
import { assertPlatformAdmin } from '../auth/permissions.js';
import { createSessionCheck } from '../auth/sessions.js';
import type { Db } from '../db/pool.js';
import { languageOf, unauthorized } from './apiError.js';
import type { RouteAccess } from './caller.js';

const ACCESS_VALUES: RouteAccess[] = ['public', 'user', 'platformAdmin'];

export function installAuthentication(app: FastifyInstance, db: Db, signingKey: Uint8Array): void {
  const verifyAccessToken = createTokenVerifier(signingKey);
  const isSessionOpen = createSessionCheck(db);
  app.decorateRequest('caller', null);
  app.decorateRequest('language', 'zh');

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access || !ACCESS_VALUES.includes(access)) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access (public, user or platformAdmin); refusing to start`);
    }
  });

  app.addHook('onRequest', async (request) => {
    request.language = languageOf(request.headers);
    const access = request.routeOptions.config?.access;
    if (access === 'public' || access === undefined) return; // undefined: the not-found handler
    const token = tokenFromHeader(request.headers['blade-auth']);
    const caller = token ? await verifyAccessToken(token) : null;
    if (!caller?.sessionId || !(await isSessionOpen(caller.sessionId, caller.tenantId, caller.userId))) throw unauthorized();
    request.caller = caller;
    if (access === 'platformAdmin') await assertPlatformAdmin(db, caller);
    // The fence is matched on what the router routed (pattern and decoded parameters), not on request.url.
    await assertApiScope(db, caller, routedCall(request.method, request.routeOptions.url ?? '', request.params as Record<string, unknown>));
  });
}
