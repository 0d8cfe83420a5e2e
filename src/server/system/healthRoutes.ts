/**
 * Liveness and readiness for load balancers and service managers (not in the
 * spec; the usual pair):
 *   GET /api/health/live   200 while the process serves HTTP at all;
 *   GET /api/health/ready  200 when the database answers within a short time
 *                          and the server is not stopping, 503 otherwise.
 * Public and free of detail (no versions, no error text): an anonymous caller
 * learns only up or down.
 */
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '../../shared/envelope.js';
import type { Db } from '../db/pool.js';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../db/databaseOutage.js';

/** A readiness probe that waits longer than this counts the database as down. */
const READY_TIMEOUT_MS = 2000;

async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS)));
  const probe = db.query('SELECT 1').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function registerHealthRoutes(app: FastifyInstance, db: Db): void {
  let isStopping = false;
  // Fastify runs preClose before it stops accepting connections: a balancer polling readiness sees 503 while we drain.
  app.addHook('preClose', async () => {
    isStopping = true;
  });
  const noStore = { 'cache-control': 'no-store' };

  app.get('/api/health/live', { config: { access: 'public' } }, async (_request, reply) => reply.headers(noStore).send(ok({ status: 'up' })));

  app.get('/api/health/ready', { config: { access: 'public' } }, async (request, reply) => {
    const isReady = !isStopping && (await databaseAnswers(db));
    if (isReady) return reply.headers(noStore).send(ok({ status: 'ready' }));
    const message = request.language === 'en' ? 'Not ready: the server is stopping or the database does not answer' : '服务未就绪：正在停止或数据库无响应';
    return reply
      .code(503)
      .headers({ ...noStore, 'retry-after': String(OUTAGE_RETRY_AFTER_SECONDS) })
      .send(fail(503, message));
  });
}
