/**
 * Deny by default: every route must declare its access when it is
 * registered, and every non-public request must carry a valid access token
 * whose sign-in session is still open (auth/sessions.ts).
 *
 * A big screen's screen token (src/server/screens/) counts instead only on a
 * route whose config lists its screen (`screens`: the engine's GET bindings
 * that name it, the renew route, hand-written routes that declare it), while
 * the session it was opened from is open and its user still holds the
 * screen's menu; on every other route it is no token at all (401).
 */
import type { FastifyInstance } from 'fastify';
import { createTokenVerifier, tokenFromHeader } from '../auth/accessTokens.js';
import { assertApiScope, routedCall } from '../auth/apiScopes.js';
import { assertMenu, assertPlatformAdmin } from '../auth/permissions.js';
import { createSessionCheck } from '../auth/sessions.js';
import type { Db } from '../db/pool.js';
import { verifyScreenToken } from '../screens/screenTokens.js';
import { languageOf, unauthorized } from './apiError.js';
import type { RouteAccess } from './caller.js';

const ACCESS_VALUES: RouteAccess[] = ['public', 'user', 'platformAdmin'];

export function installAuthentication(app: FastifyInstance, db: Db, signingKey: Uint8Array): void {
  const verifyAccessToken = createTokenVerifier(signingKey);
  const isSessionOpen = createSessionCheck(db);
  const screenCallerOf = async (token: string, screens: readonly string[]) => {
    const caller = await verifyScreenToken(signingKey, token);
    return caller && screens.includes(caller.screen.code) ? caller : null;
  };
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
    const screens = request.routeOptions.config?.screens;
    const caller = token ? ((await verifyAccessToken(token)) ?? (screens ? await screenCallerOf(token, screens) : null)) : null;
    if (!caller?.sessionId || !(await isSessionOpen(caller.sessionId, caller.tenantId, caller.userId))) throw unauthorized();
    request.caller = caller;
    // The screen's menu is asked on every request (remembered for seconds): taking it away ends the screen.
    if (caller.screen) await assertMenu(db, caller, caller.screen.code);
    if (access === 'platformAdmin') await assertPlatformAdmin(db, caller);
    // The fence is matched on what the router routed (pattern and decoded parameters), not on request.url.
    await assertApiScope(db, caller, routedCall(request.method, request.routeOptions.url ?? '', request.params as Record<string, unknown>));
  });
}
