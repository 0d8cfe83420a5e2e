/**
 * Where rate-limit counters live, shared by every server instance: fixed
 * windows counted in PostgreSQL (an UNLOGGED table, one upsert per request
 * for all of its buckets) or, when REDIS_URL is set, in Redis (one script
 * call). A counter that is lost (a crash empties the UNLOGGED table) only
 * gives callers a fresh window.
 */
import { Redis } from 'ioredis';
import type { Queryable } from '../db/pool.js';

export interface Bucket {
  /** What is counted, e.g. `tenant:100001` or `captcha:10.0.0.7`. */
  key: string;
  windowSeconds: number;
  /** How much this request uses up (1 unless a request stands for several, e.g. SMS to many numbers). */
  cost?: number;
}

export interface BucketCount {
  hits: number;
  /** Seconds until the bucket's window ends (at least 1). */
  resetSeconds: number;
}

export interface RateLimitStore {
  /** Adds each bucket's cost to its counter; answers the counters in the same order. */
  hit(buckets: Bucket[]): Promise<BucketCount[]>;
  close(): Promise<void>;
}

/** Buckets are locked in key order so that two requests never wait on each other's rows crosswise. */
export function createPostgresStore(db: Queryable): RateLimitStore {
  return {
    async hit(buckets) {
      const sorted = [...buckets].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      const result = await db.query<{ bucket: string; hits: number; reset_seconds: number }>(
        `INSERT INTO rsc_rate_counter AS c (bucket, hits, window_ends_at)
         SELECT b.key, b.cost, now() + make_interval(secs => b.seconds)
           FROM unnest($1::text[], $2::int[], $3::int[]) WITH ORDINALITY AS b(key, seconds, cost, n) ORDER BY b.n
         ON CONFLICT (bucket) DO UPDATE SET
           hits = CASE WHEN c.window_ends_at <= now() THEN excluded.hits ELSE c.hits + excluded.hits END,
           window_ends_at = CASE WHEN c.window_ends_at <= now() THEN excluded.window_ends_at ELSE c.window_ends_at END
         RETURNING bucket, hits, greatest(1, ceil(extract(epoch FROM window_ends_at - now())))::int AS reset_seconds`,
        [sorted.map((b) => b.key), sorted.map((b) => b.windowSeconds), sorted.map((b) => b.cost ?? 1)],
      );
      const byKey = new Map(result.rows.map((row) => [row.bucket, { hits: row.hits, resetSeconds: row.reset_seconds }]));
      return buckets.map((b) => byKey.get(b.key) ?? { hits: 0, resetSeconds: 1 });
    },
    async close() {},
  };
}

// INCRBY each key; a new key gets its window as expiry. Answers {hits, seconds left} per key.
const HIT_SCRIPT = `
local answers = {}
for i, key in ipairs(KEYS) do
  local hits = redis.call('INCRBY', key, tonumber(ARGV[i * 2]))
  local ttl = redis.call('TTL', key)
  if ttl < 0 then
    redis.call('EXPIRE', key, tonumber(ARGV[i * 2 - 1]))
    ttl = tonumber(ARGV[i * 2 - 1])
  end
  answers[i] = {hits, ttl}
end
return answers`;

export function createRedisStore(url: string, prefix: string, onError: (error: unknown) => void): RateLimitStore {
  // No offline queue: while Redis is unreachable a request is not held up waiting for it.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
  redis.on('error', onError);
  return {
    async hit(buckets) {
      const args = buckets.flatMap((b) => [String(b.windowSeconds), String(b.cost ?? 1)]);
      const answers = (await redis.eval(HIT_SCRIPT, buckets.length, ...buckets.map((b) => prefix + b.key), ...args)) as [number, number][];
      return answers.map(([hits, ttl]) => ({ hits: Number(hits), resetSeconds: Math.max(1, Number(ttl)) }));
    },
    async close() {
      redis.disconnect();
    },
  };
}
