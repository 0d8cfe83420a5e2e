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
 * How many requests one store round trip buys an instance for a key: a
 * hundredth of the budget (at least 1, at most 100). The shared counter is
 * advanced by the whole lease before any of it is served, so all instances
 * together never serve more than the budget; an instance may leave up to a
 * lease unused in a window (under-serving by at most 1 %). Small budgets (the
 * tests', sign-in's) lease one at a time and stay exact.
 */
export function leaseSize(max: number): number {
  return Math.max(1, Math.min(100, Math.floor(max / 100)));
}

interface Lease {
  permits: number;
  /** When the store's window ends; the permits are void after it. */
  until: number;
  /** The shared budget ran out in this window: no point asking the store again before it ends. */
  isSpent: boolean;
}

/**
 * Counts requests against the shared store a lease at a time, so a busy
 * tenant costs one store round trip per lease instead of one per request
 * (a single hot counter row per tenant made every request queue on its lock).
 * A key whose budget is spent is refused locally until its window ends: a
 * flood then costs no database work at all.
 */
export function createLimiter(store: RateLimitStore, config: RateLimitConfig): RateLimiter {
  const leases = new Map<string, Lease>();
  return {
    config,
    async consume(limits) {
      const now = Date.now();
      const costOf = (limit: Limit) => limit.cost ?? 1;
      const leaseOf = (limit: Limit) => {
        const lease = leases.get(limit.key);
        return lease && lease.until > now ? lease : undefined;
      };
      const permitsOf = (limit: Limit) => leaseOf(limit)?.permits ?? 0;
      const refusal = (limit: Limit) => ({ isAllowed: false as const, retryAfter: Math.max(1, Math.ceil((leases.get(limit.key)!.until - now) / 1000)) });

      const spent = limits.find((limit) => leaseOf(limit)?.isSpent && permitsOf(limit) < costOf(limit));
      if (spent) return refusal(spent);
      const short = limits.filter((limit) => permitsOf(limit) < costOf(limit));
      if (short.length > 0) {
        const sizes = short.map((limit) => Math.max(leaseSize(limit.max), costOf(limit) - permitsOf(limit)));
        const counts = await store.hit(short.map((limit, index) => ({ ...limit, cost: sizes[index] })));
        if (leases.size > 10_000) leases.clear();
        for (const [index, limit] of short.entries()) {
          const before = counts[index].hits - sizes[index];
          const granted = Math.max(0, Math.min(sizes[index], limit.max - before));
          leases.set(limit.key, { permits: permitsOf(limit) + granted, until: now + counts[index].resetSeconds * 1000, isSpent: granted < sizes[index] });
        }
        const refused = short.find((limit) => permitsOf(limit) < costOf(limit));
        if (refused) return refusal(refused);
      }
      for (const limit of limits) leaseOf(limit)!.permits -= costOf(limit);
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
