/**
 * Rate limits and sign-in throttles, read once from the environment. The
 * defaults are generous: a busy console and the test suite stay far below
 * them, while a flood from one tenant or one address is cut off.
 *
 * - RATE_LIMIT_TENANT_PER_MINUTE (6000): API requests of one tenant's signed-in callers;
 * - RATE_LIMIT_ADDRESS_PER_MINUTE (1200): API requests without a session, per client address;
 * - RATE_LIMIT_SIGN_IN_PER_MINUTE (60): token requests (sign-in, refresh, secret) per address;
 * - RATE_LIMIT_CAPTCHA_PER_MINUTE (60): captcha images per address;
 * - RATE_LIMIT_BULK_PER_MINUTE (60): imports and exports per tenant;
 * - RATE_LIMIT_SMS_PER_MINUTE (30): SMS send requests per tenant;
 * - SMS_NUMBER_INTERVAL_SECONDS (60): one message per phone number (per tenant) in this time;
 * - SMS_TENANT_PER_HOUR (500): messages (phone numbers) one tenant may send per hour;
 * - LOGIN_ADDRESS_FAILURE_LIMIT (50): failed sign-ins one address may make (on any accounts)
 *   within LOGIN_LOCK_SECONDS before it is refused with 429;
 * - REDIS_URL: keep the counters in Redis instead of PostgreSQL.
 */
export interface RateLimitConfig {
  tenantPerMinute: number;
  addressPerMinute: number;
  signInPerMinute: number;
  captchaPerMinute: number;
  bulkPerMinute: number;
  smsPerMinute: number;
  smsNumberIntervalSeconds: number;
  smsTenantPerHour: number;
  signInFailuresPerAddress: number;
  redisUrl?: string;
  /** Prefix of the Redis keys (several deployments or test runs may share one Redis). */
  redisKeyPrefix: string;
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

export function loadRateLimitConfig(env: NodeJS.ProcessEnv = process.env): RateLimitConfig {
  return {
    tenantPerMinute: positive(env, 'RATE_LIMIT_TENANT_PER_MINUTE', 6000),
    addressPerMinute: positive(env, 'RATE_LIMIT_ADDRESS_PER_MINUTE', 1200),
    signInPerMinute: positive(env, 'RATE_LIMIT_SIGN_IN_PER_MINUTE', 60),
    captchaPerMinute: positive(env, 'RATE_LIMIT_CAPTCHA_PER_MINUTE', 60),
    bulkPerMinute: positive(env, 'RATE_LIMIT_BULK_PER_MINUTE', 60),
    smsPerMinute: positive(env, 'RATE_LIMIT_SMS_PER_MINUTE', 30),
    smsNumberIntervalSeconds: positive(env, 'SMS_NUMBER_INTERVAL_SECONDS', 60),
    smsTenantPerHour: positive(env, 'SMS_TENANT_PER_HOUR', 500),
    signInFailuresPerAddress: positive(env, 'LOGIN_ADDRESS_FAILURE_LIMIT', 50),
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'rsc:rate:',
  };
}
