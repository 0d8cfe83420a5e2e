/**
 * Rate limits on the API, shared by every instance (rateLimitStore.ts): each
 * signed-in tenant and each anonymous client address gets a budget per
 * minute, and routes that are expensive or abusable get a tighter one of
 * their own (sign-in, captcha, SMS, imports and exports). Over a budget the
 * answer is 429 with Retry-After and a message in the caller's language.
 *
 * The per-tenant budget is what keeps one tenant's flood from crowding out
 * the others. Runs after authentication, so the tenant is the verified
 * token's; a request with a bad token has already been refused cheaply.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '../../shared/envelope.js';
import type { Queryable } from '../db/pool.js';
import type { RateLimitConfig } from './rateLimitConfig.js';
import { createPostgresStore, createRedisStore, type Bucket, type RateLimitStore } from './rateLimitStore.js';

const MINUTE = 60;

interface RouteClass {
  name: string;
  matches: (route: string) => boolean;
  perMinute: (config: RateLimitConfig) => number;
}

/** Routes with a tighter budget; matched on the routed path (`routeOptions.url`), never on the raw URL. */
const ROUTE_CLASSES: RouteClass[] = [
  { name: 'sign-in', matches: (route) => /^\/api\/blade-auth\/(oauth\/)?(token|authBySecret)\b/.test(route), perMinute: (c) => c.signInPerMinute },
  { name: 'captcha', matches: (route) => /^\/api\/blade-auth\/(oauth\/)?captcha\b/.test(route), perMinute: (c) => c.captchaPerMinute },
  { name: 'sms', matches: (route) => /\/sms\/endpoint\/send/.test(route), perMinute: (c) => c.smsPerMinute },
  { name: 'bulk', matches: (route) => /\/(import|export)(-[\w-]+)?$/.test(route), perMinute: (c) => c.bulkPerMinute },
];

export interface Limit extends Bucket {
  max: number;
}

export interface RateLimiter {
  readonly config: RateLimitConfig;
  /** Counts the buckets; the first one over its maximum is answered with its seconds to wait. */
  consume(limits: Limit[]): Promise<{ isAllowed: true } | { isAllowed: false; retryAfter: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

/**
 * A key this instance saw over its limit is refused locally until its window
 * ends: a flood then costs no database round trip per request.
 */
function createLimiter(store: RateLimitStore, config: RateLimitConfig): RateLimiter {
  const blockedUntil = new Map<string, number>();
  return {
    config,
    async consume(limits) {
      const now = Date.now();
      for (const limit of limits) {
        const until = blockedUntil.get(limit.key);
        if (until && until > now) return { isAllowed: false, retryAfter: Math.ceil((until - now) / 1000) };
      }
      const counts = await store.hit(limits);
      for (const [index, limit] of limits.entries()) {
        const count = counts[index];
        if (count.hits <= limit.max) continue;
        if (blockedUntil.size > 10_000) blockedUntil.clear();
        blockedUntil.set(limit.key, now + count.resetSeconds * 1000);
        return { isAllowed: false, retryAfter: count.resetSeconds };
      }
      return { isAllowed: true };
    },
  };
}

/** The 429 answer, with the token endpoint's error fields too (the console reads either). */
export function sendTooManyRequests(request: FastifyRequest, reply: FastifyReply, retryAfter: number) {
  const message = request.language === 'en' ? `Too many requests; please try again in ${retryAfter} seconds` : `请求过于频繁，请 ${retryAfter} 秒后再试`;
  return reply
    .code(429)
    .header('retry-after', String(retryAfter))
    .send({ ...fail(429, message), error_code: 429, error_description: message });
}

function limitsFor(request: FastifyRequest, config: RateLimitConfig): Limit[] {
  const route = request.routeOptions.url ?? '';
  const caller = request.caller;
  const who = caller ? `tenant:${caller.tenantId}` : `address:${request.ip}`;
  const limits: Limit[] = [{ key: who, windowSeconds: MINUTE, max: caller ? config.tenantPerMinute : config.addressPerMinute }];
  const routeClass = ROUTE_CLASSES.find((candidate) => candidate.matches(route));
  if (routeClass) {
    // Sign-in and captcha are counted per address even with a session: they are where guessing happens.
    const routeWho = routeClass.name === 'sign-in' || routeClass.name === 'captcha' ? `address:${request.ip}` : who;
    limits.push({ key: `${routeClass.name}:${routeWho}`, windowSeconds: MINUTE, max: routeClass.perMinute(config) });
  }
  return limits;
}

export function installRateLimits(app: FastifyInstance, options: { db: Queryable; config: RateLimitConfig }): void {
  const { config } = options;
  const store = config.redisUrl
    ? createRedisStore(config.redisUrl, config.redisKeyPrefix, (error) => app.log.warn({ err: error }, 'rate-limit store (Redis) unavailable'))
    : createPostgresStore(options.db);
  const limiter = createLimiter(store, config);
  app.decorate('rateLimiter', limiter);
  app.addHook('onClose', () => store.close());

  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url;
    // Only API routes: the console's static files are cheap, and balancers poll the health routes.
    if (!route || !route.startsWith('/api/') || route.startsWith('/api/health/')) return;
    let verdict;
    try {
      verdict = await limiter.consume(limitsFor(request, config));
    } catch (error) {
      // Redis unreachable: serve rather than refuse everyone (a database failure fails the request anyway).
      if (!config.redisUrl) throw error;
      request.log.warn({ err: error }, 'rate limit not checked');
      return;
    }
    if (!verdict.isAllowed) return sendTooManyRequests(request, reply, verdict.retryAfter);
  });
}
