/**
 * The rate limiter asks the shared store for a lease of requests at a time:
 * few store round trips under load, yet all instances together never serve
 * more than the budget, and small budgets stay exact.
 */
import { describe, expect, it } from 'vitest';
import { loadRateLimitConfig } from '../../src/server/http/rateLimitConfig.js';
import { createLimiter, leaseSize, type Limit } from '../../src/server/http/rateLimits.js';
import type { Bucket, RateLimitStore } from '../../src/server/http/rateLimitStore.js';

/** One shared fixed window, counting like the PostgreSQL and Redis stores do. */
function sharedStore(): RateLimitStore & { roundTrips: number } {
  const hits = new Map<string, number>();
  return {
    roundTrips: 0,
    async hit(buckets: Bucket[]) {
      this.roundTrips += 1;
      return buckets.map((bucket) => {
        hits.set(bucket.key, (hits.get(bucket.key) ?? 0) + (bucket.cost ?? 1));
        return { hits: hits.get(bucket.key)!, resetSeconds: 60 };
      });
    },
    async close() {},
  };
}

const config = loadRateLimitConfig();
const tenant = (max: number): Limit => ({ key: 'tenant:100001', windowSeconds: 60, max });

async function served(limiters: ReturnType<typeof createLimiter>[], requests: number, limit: Limit): Promise<number> {
  let count = 0;
  for (let i = 0; i < requests; i++) if ((await limiters[i % limiters.length].consume([limit])).isAllowed) count++;
  return count;
}

describe('rate-limit leases', () => {
  it('lease a hundredth of the budget, between 1 and 100 requests', () => {
    expect([leaseSize(30), leaseSize(6000), leaseSize(1_000_000)]).toEqual([1, 60, 100]);
  });

  it('cost one store round trip per lease, not per request', async () => {
    const store = sharedStore();
    expect(await served([createLimiter(store, config)], 600, tenant(6000))).toBe(600);
    expect(store.roundTrips).toBe(10);
  });

  it('never serve more than the budget across instances, and at most a lease per instance less', async () => {
    const store = sharedStore();
    const instances = [createLimiter(store, config), createLimiter(store, config), createLimiter(store, config)];
    const count = await served(instances, 1000, tenant(500));
    expect(count).toBeLessThanOrEqual(500);
    expect(count).toBeGreaterThanOrEqual(500 - instances.length * (leaseSize(500) - 1));
  });

  it('stay exact for small budgets and refuse a spent key without asking the store again', async () => {
    const store = sharedStore();
    const instances = [createLimiter(store, config), createLimiter(store, config)];
    expect(await served(instances, 40, tenant(30))).toBe(30);
    const tripsWhenSpent = store.roundTrips;
    const refused = await instances[0].consume([tenant(30)]);
    expect(refused).toMatchObject({ isAllowed: false });
    expect(store.roundTrips).toBe(tripsWhenSpent);
  });

  it('count a request that stands for several (an SMS to many numbers) by its cost', async () => {
    const store = sharedStore();
    const limiter = createLimiter(store, config);
    const sms = (cost: number): Limit => ({ key: 'sms-tenant:100001', windowSeconds: 3600, max: 10, cost });
    expect((await limiter.consume([sms(4)])).isAllowed).toBe(true);
    expect((await limiter.consume([sms(4)])).isAllowed).toBe(true);
    expect((await limiter.consume([sms(4)])).isAllowed).toBe(false);
    expect((await limiter.consume([sms(2)])).isAllowed).toBe(true);
  });
});
