/**
 * Server-sent event streams for the whole application (@fastify/sse): a
 * route opts in with `{ sse: 'only' }` and writes through `reply.sse`. Every
 * open stream gets a comment heartbeat every 15 s (proxies close quiet
 * connections) and is ended when the server stops, so that an open console
 * never holds a graceful stop (app.close waits for open connections). The
 * process's LISTEN connection (db/notificationHub.ts) is made here too and
 * closed with the application.
 *
 * A stream is authenticated like any route (Blade-Auth header: the console
 * uses fetch-event-source, EventSource cannot send headers); the route checks
 * its menu itself. Event streams are never compressed (http/compression.ts).
 */
import fastifySse from '@fastify/sse';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../db/pool.js';
import { createNotificationHub, type NotificationHub } from '../db/notificationHub.js';

export const HEARTBEAT_MS = 15_000;
/** Open streams one process serves at most; beyond, a new stream is refused with 503. */
export const MAX_OPEN_STREAMS = 2_000;

export interface EventStreams {
  hub: NotificationHub;
  /** Counts the stream as open until it closes and ends it when the server stops; false when too many are open. */
  track(reply: FastifyReply): boolean;
  /** Open streams of this process. */
  openCount(): number;
}

export async function installEventStreams(app: FastifyInstance, db: Db): Promise<EventStreams> {
  await app.register(fastifySse, { heartbeatInterval: HEARTBEAT_MS });
  const hub = createNotificationHub(db, { log: (message, error) => app.log.warn({ err: error }, message) });
  const open = new Set<FastifyReply>();
  let isStopping = false;
  // Before the HTTP server stops accepting and waits for its connections: an open stream would hold it.
  app.addHook('preClose', async () => {
    isStopping = true;
    for (const reply of [...open]) reply.sse?.close();
    open.clear();
  });
  app.addHook('onClose', async () => {
    await hub.close();
  });
  return {
    hub,
    track(reply) {
      if (isStopping || open.size >= MAX_OPEN_STREAMS) return false;
      open.add(reply);
      reply.sse.onClose(() => open.delete(reply));
      return true;
    },
    openCount: () => open.size,
  };
}
