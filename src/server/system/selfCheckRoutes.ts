/**
 * /test/index, the self-check page (platform-core §2 lists the route; its content is not shown, so it
 * is a deployment check an administrator runs after installing or moving the console): the server's
 * clock (token lifetimes and the refresh checker depend on the browser's clock agreeing with it), the
 * database's version and latency, and the versions of what is running. Versions help an attacker, so
 * only the platform administrator may ask (and only while granted the self_check menu); it reveals
 * nothing of any tenant's data.
 */
import type { FastifyInstance } from 'fastify';
import { APP_VERSION } from '../../shared/constants.js';
import { ok } from '../../shared/envelope.js';
import { assertMenu } from '../auth/permissions.js';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/pool.js';

export const SELF_CHECK_MENU = 'self_check';
const LATENCY_SAMPLES = 3;

/** The median of a few round trips: one slow sample (a cold connection) says little. */
async function databaseLatencyMs(db: Db): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < LATENCY_SAMPLES; i += 1) {
    const started = process.hrtime.bigint();
    await db.query('SELECT 1');
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return Math.round(samples.sort((a, b) => a - b)[Math.floor(LATENCY_SAMPLES / 2)] * 10) / 10;
}

export function registerSelfCheckRoutes(app: FastifyInstance, db: Db, config: ServerConfig): void {
  app.get('/api/blade-system/self-check', { config: { access: 'platformAdmin' } }, async (request) => {
    await assertMenu(db, request.caller!, SELF_CHECK_MENU);
    const version = await db.query<{ server_version: string }>('SHOW server_version');
    const latencyMs = await databaseLatencyMs(db);
    return ok({
      serverTime: Date.now(),
      uptimeSeconds: Math.round(process.uptime()),
      appVersion: APP_VERSION.version,
      releaseDate: APP_VERSION.releaseDate,
      nodeVersion: process.version,
      environment: config.environment,
      accessTokenSeconds: config.accessTokenSeconds,
      database: {
        version: version.rows[0].server_version,
        latencyMs,
        embedded: !config.databaseUrl,
        pool: { total: db.totalCount, idle: db.idleCount, waiting: db.waitingCount },
      },
    });
  });
}
