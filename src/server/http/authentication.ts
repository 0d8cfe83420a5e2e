/**
 * Deny by default: every route must declare its access when it is
 * registered, and every non-public request must carry a valid access token.
 */
import type { FastifyInstance } from 'fastify';
import { createTokenVerifier, tokenFromHeader } from '../auth/accessTokens.js';
import { assertApiScope } from '../auth/apiScopes.js';
import { assertPlatformAdmin } from '../auth/permissions.js';
import type { Db } from '../db/pool.js';
import { languageOf, unauthorized } from './apiError.js';
import type { RouteAccess } from './caller.js';

const ACCESS_VALUES: RouteAccess[] = ['public', 'user', 'platformAdmin'];

export function installAuthentication(app: FastifyInstance, db: Db, signingKey: Uint8Array): void {
  const verifyAccessToken = createTokenVerifier(signingKey);
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
    if (!caller) throw unauthorized();
    request.caller = caller;
    if (access === 'platformAdmin') await assertPlatformAdmin(db, caller);
    await assertApiScope(db, caller, request.method, request.url);
  });
}
