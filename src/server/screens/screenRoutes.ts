/**
 * Issuing and renewing screen tokens (screenTokens.ts).
 *
 *   POST /api/blade-screen/token?screen=<menu code>   console access token; the caller must hold the screen's menu
 *   POST /api/blade-screen/token/renew                the screen token itself (Blade-Auth), while the session is open
 *
 * Issuing is counted per user like sign-in (the sign-in budget per minute): a stolen console token cannot mint
 * tokens in bulk.
 */
import type { FastifyInstance } from 'fastify';
import { ok } from '../../shared/envelope.js';
import { assertMenu } from '../auth/permissions.js';
import type { Db } from '../db/pool.js';
import { badRequest, unauthorized } from '../http/apiError.js';
import { sendTooManyRequests } from '../http/rateLimits.js';
import { isScreenCode, SCREEN_CODES } from './screenCodes.js';
import { signScreenToken } from './screenTokens.js';

const MINUTE = 60;

export function registerScreenRoutes(app: FastifyInstance, db: Db, signingKey: Uint8Array): void {
  // No `screens`: a screen token cannot mint tokens (for its own screen or another); only the console can.
  app.post('/api/blade-screen/token', { config: { access: 'user' } }, async (request, reply) => {
    const caller = request.caller!;
    const screen = (request.query as Record<string, unknown>).screen;
    if (!isScreenCode(screen)) {
      throw badRequest(`screen 须为 ${SCREEN_CODES.join('、')} 之一`, `screen must be one of ${SCREEN_CODES.join(', ')}`);
    }
    await assertMenu(db, caller, screen);
    const max = app.rateLimiter.config.signInPerMinute;
    const verdict = await app.rateLimiter.consume([{ key: `screen-token:${caller.tenantId}:${caller.userId}`, windowSeconds: MINUTE, max }]);
    if (!verdict.isAllowed) return sendTooManyRequests(request, reply, verdict.retryAfter);
    const issued = await signScreenToken(signingKey, {
      ...caller,
      sessionId: caller.sessionId!,
      screen: { code: screen, firstIssuedAt: Math.floor(Date.now() / 1000) },
    });
    return ok(issued);
  });

  // Every screen's token is accepted here (authentication.ts has checked it, its session and its screen's menu).
  app.post('/api/blade-screen/token/renew', { config: { access: 'user', screens: SCREEN_CODES } }, async (request) => {
    const caller = request.caller!;
    if (!caller.screen) throw badRequest('这里只能续期大屏令牌', 'Only a screen token can be renewed here');
    const issued = await signScreenToken(signingKey, { ...caller, sessionId: caller.sessionId!, screen: caller.screen });
    if (!issued) throw unauthorized('大屏已打开 12 小时，请从控制台重新打开', 'The screen has been open for 12 hours; open it again from the console');
    return ok(issued);
  });
}
