/**
 * Server configuration, read once from the environment. Everything has a
 * default that works on a fresh clone; nothing secret has a default.
 */
import path from 'node:path';
import { loadStorageConfig, type StorageConfig } from './storage/storageConfig.js';
import { parseNetwork } from './auth/outboundGuard.js';
import { loadProxyConfig, type ProxyConfig } from './http/proxyConfig.js';
import { loadRateLimitConfig, type RateLimitConfig } from './http/rateLimitConfig.js';
import { loadMqttConfig, type MqttIngestConfig } from './monitor/mqttIngest.js';

export interface ServerConfig {
  port: number;
  host: string;
  /** Where the embedded PostgreSQL and the deployment's generated files live. */
  dataDir: string;
  /** An existing PostgreSQL; when absent the embedded server is started. */
  databaseUrl?: string;
  /** Captcha on sign-in (spec: on). `CAPTCHA_MODE=off` is for automation only. */
  captchaEnabled: boolean;
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  /** Optional signing key from the environment; otherwise generated per deployment and stored. */
  tokenSigningKey?: string;
  /** Failed sign-ins of an account after which it needs a captcha to sign in, and how long failures are remembered. */
  loginFailureLimit: number;
  loginLockSeconds: number;
  /** Value of the `environment` field in the token response; `pre` marks the trial edition. */
  environment: string;
  /** Directory holding the built console; served when it exists. */
  webRoot: string;
  pgPoolSize: number;
  /** Uploads and object storage: UPLOAD_MAX_MB, OSS_ALLOW_NETWORKS, OSS_ALLOW_HTTP (storage/storageConfig.ts). */
  storage: StorageConfig;
  /** Rate limits, SMS and sign-in address throttles (http/rateLimitConfig.ts). */
  rateLimits: RateLimitConfig;
  /**
   * Networks (CIDR) the code generator's data sources may reach besides public addresses
   * (DATASOURCE_ALLOW_NETWORKS, comma-separated). None by default: the application's own
   * database is always there as the built-in data source.
   */
  datasourceAllowNetworks: string[];
  /** TRUSTED_PROXIES (none by default) and PUBLIC_URL: http/proxyConfig.ts. */
  proxy: ProxyConfig;
  /** MQTT readings ingestion: MQTT_URL (unset: off), MQTT_TOPIC_PREFIX (monitor/mqttIngest.ts). */
  mqtt: MqttIngestConfig;
  /** With the demo data, a year of demo monitoring readings (seed/demoReadings.ts); DEMO_READINGS=0 leaves them out. */
  demoReadings: boolean;
}

function intFromEnv(name: string, fallback: number, minimum = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < minimum) throw new Error(`${name} must be an integer of at least ${minimum}, got "${raw}"`);
  return value;
}

function networksFromEnv(name: string): string[] {
  const networks = (process.env[name] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const network of networks) {
    try {
      parseNetwork(network);
    } catch {
      throw new Error(`${name} must list networks in CIDR notation (e.g. 10.20.0.0/16), got "${network}"`);
    }
  }
  return networks;
}

export function loadConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const captchaMode = (process.env.CAPTCHA_MODE ?? 'on').toLowerCase();
  if (!['on', 'off'].includes(captchaMode)) throw new Error(`CAPTCHA_MODE must be "on" or "off", got "${captchaMode}"`);
  return {
    // PORT=0 picks a free port (tests); the printed URL shows the real one.
    port: intFromEnv('PORT', 8080, 0),
    // Loopback unless told otherwise: demo data has well-known passwords. Set HOST=0.0.0.0 to serve a network.
    host: process.env.HOST ?? '127.0.0.1',
    dataDir: path.resolve(process.env.DATA_DIR ?? './data'),
    databaseUrl: process.env.DATABASE_URL || undefined,
    captchaEnabled: captchaMode === 'on',
    accessTokenSeconds: intFromEnv('ACCESS_TOKEN_SECONDS', 3000),
    refreshTokenSeconds: intFromEnv('REFRESH_TOKEN_SECONDS', 7 * 24 * 3600),
    tokenSigningKey: process.env.TOKEN_SIGNING_KEY || undefined,
    loginFailureLimit: intFromEnv('LOGIN_FAILURE_LIMIT', 5),
    loginLockSeconds: intFromEnv('LOGIN_LOCK_SECONDS', 15 * 60),
    environment: process.env.APP_ENVIRONMENT ?? 'prod',
    webRoot: path.resolve(process.env.WEB_ROOT ?? './dist/web'),
    pgPoolSize: intFromEnv('PG_POOL_SIZE', 20),
    storage: loadStorageConfig(),
    rateLimits: loadRateLimitConfig(),
    datasourceAllowNetworks: networksFromEnv('DATASOURCE_ALLOW_NETWORKS'),
    proxy: loadProxyConfig(),
    mqtt: loadMqttConfig(),
    demoReadings: process.env.DEMO_READINGS !== '0',
    ...overrides,
  };
}
