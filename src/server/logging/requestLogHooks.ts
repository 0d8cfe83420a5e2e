/**
 * The server's own logs, recorded from Fastify hooks after each answer:
 * - log/api: every write (any method but GET/HEAD/OPTIONS) and every file
 *   answer (exports, downloads): who, what (secrets masked), the status, how
 *   long it took;
 * - log/error: every 5xx, with the error the handler threw (name, message,
 *   stack), which the client never sees (http/errorHandling.ts);
 * - log/usual: sign-in, logout and password events (authEvents.ts).
 * Rows are queued and written in batches after the response (logWriter.ts),
 * so logging never fails or slows the request it describes. Also registers
 * the console's upload of its local error log.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/pool.js';
import type { EntityModel } from '../engine/entityModel.js';
import { answerFactsOf, authEventOf, isAuthEventRoute, type AnswerFacts } from './authEvents.js';
import { registerBrowserErrorRoute } from './browserErrorRoute.js';
import { errorFactsOf } from './errorFacts.js';
import { LogWriter } from './logWriter.js';
import { requestFacts } from './requestFacts.js';
import { routeTitles, type RouteTitles } from './routeTitles.js';
import { scrubbedBody } from './scrub.js';
import { usualRecord } from './usualLog.js';

export interface LoggingOptions {
  db: Db;
  models: EntityModel[];
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isFileAnswer(reply: FastifyReply): boolean {
  return /^\s*attachment/i.test(String(reply.getHeader('content-disposition') ?? ''));
}

interface Observed {
  error?: unknown;
  answer?: AnswerFacts;
}

function recordRequest(writer: LogWriter, titles: RouteTitles, request: FastifyRequest, reply: FastifyReply, observed: Observed | undefined): void {
  const route = request.routeOptions?.url;
  if (!route) return; // no such endpoint: scanners' noise, not an operation
  const status = reply.statusCode;
  const isApiLogged = !READ_METHODS.has(request.method) || isFileAnswer(reply);
  const event = authEventOf(request, reply, observed?.answer);
  // Most requests are successful reads, which nothing records: describe a request only when a row will be written.
  if (!isApiLogged && status < 500 && !event) return;
  const facts = requestFacts(request);
  const common = { ...facts, httpStatus: status, time: Math.round(reply.elapsedTime), params: scrubbedBody(request.body) || null };
  if (isApiLogged) {
    writer.add('log/api', { ...common, title: titles(request.method, route), message: status >= 400 ? (observed?.answer?.msg ?? null) : null });
  }
  if (status >= 500) writer.add('log/error', { ...common, source: 1, ...errorFactsOf(observed?.error, status) });
  if (event) writer.add('log/usual', usualRecord(event));
}

export function installLogging(app: FastifyInstance, options: LoggingOptions): void {
  const writer = new LogWriter(options.db, app.log);
  const titles = routeTitles(options.models);
  const observed = new WeakMap<FastifyRequest, Observed>();
  const note = (request: FastifyRequest, facts: Observed) => observed.set(request, { ...observed.get(request), ...facts });

  // Runs before the error handler turns the error into the generic answer: keep the real one.
  app.addHook('onError', async (request, _reply, error) => note(request, { error }));
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 || isAuthEventRoute(request)) note(request, { answer: answerFactsOf(payload) });
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    try {
      recordRequest(writer, titles, request, reply, observed.get(request));
    } catch (error) {
      request.log.warn({ err: error }, 'describing a request for the logs failed');
    }
  });
  app.addHook('onClose', () => writer.flush());
  registerBrowserErrorRoute(app, options.db);
}
