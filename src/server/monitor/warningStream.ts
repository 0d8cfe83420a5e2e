/**
 * GET /api/v1/monitor/warningLog/stream: raised and cleared warnings pushed
 * to open consoles as server-sent events (contract §C).
 *
 *   event: warning
 *   data: {"kind":"raised"|"cleared","warning":{…the warningLog row as list answers it, with titles…}}
 *
 * plus a comment heartbeat every 15 s (http/eventStreams.ts) and a first
 * comment `: connected` once this instance is listening, so a client knows
 * from then on nothing is missed. The request is authenticated like any
 * route (Blade-Auth header; the console uses fetch-event-source) and needs
 * the menu 预警记录 (monitor_warning_log) or 水雨情监测 (water_situation).
 *
 * Every server instance LISTENs on channel monitor_warning (one connection,
 * db/notificationHub.ts); the evaluator (warnings.ts) announces each change
 * with pg_notify when its transaction commits, so a crossing ingested through
 * any instance reaches the subscribers of all of them. Each notification goes
 * to this instance's subscribers of its tenant only, and to each of them only
 * when the engine lets that user read the row (data scope of 预警记录), read
 * as that user; a subscriber whose session ended or who lost both menus is
 * disconnected at the next event. A stream also ends when its access token
 * expires (the console reconnects with a fresh one) and when this instance's
 * LISTEN connection was lost and came back: notifications of the gap are
 * lost, so the consoles reconnect and read the log again.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EntityTypeMap } from '../../shared/generated/entityTypes.js';
import { decodeJwt } from 'jose';
import { tokenFromHeader } from '../auth/accessTokens.js';
import { hasMenu } from '../auth/permissions.js';
import { createSessionCheck } from '../auth/sessions.js';
import type { Db } from '../db/pool.js';
import { localApi } from '../engine/localApi.js';
import { ApiError, forbidden, type Language } from '../http/apiError.js';
import type { Caller } from '../http/caller.js';
import type { EventStreams } from '../http/eventStreams.js';
import { WARNING_CHANNEL, type WarningNotification } from './warnings.js';

export const WARNING_STREAM_PATH = '/api/v1/monitor/warningLog/stream';
/** Either menu opens the stream: the warning log page and the water-situation page show live warnings. */
export const WARNING_STREAM_MENUS = ['monitor_warning_log', 'water_situation'] as const;
/** Open streams one user may hold on one instance (tabs of the console). */
export const MAX_STREAMS_PER_USER = 8;

type WarningRow = EntityTypeMap['monitor/warningLog'];

interface Subscriber {
  caller: Caller;
  language: Language;
  reply: FastifyReply;
}

async function mayWatch(db: Db, caller: Caller): Promise<boolean> {
  for (const menu of WARNING_STREAM_MENUS) if (await hasMenu(db, caller, menu)) return true;
  return false;
}

/** When the request's access token expires (it was verified by the authentication hook already). */
function tokenExpiry(request: FastifyRequest): number | undefined {
  const token = tokenFromHeader(request.headers['blade-auth']);
  if (!token) return undefined;
  try {
    const exp = decodeJwt(token).exp;
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

function notificationOf(payload: string): WarningNotification | undefined {
  try {
    const value = JSON.parse(payload) as Partial<WarningNotification>;
    if (typeof value.tenantId !== 'string' || typeof value.id !== 'string' || !/^[1-9][0-9]{0,18}$/.test(value.id)) return undefined;
    if (value.kind !== 'raised' && value.kind !== 'cleared') return undefined;
    return { tenantId: value.tenantId, id: value.id, kind: value.kind };
  } catch {
    return undefined;
  }
}

export function registerWarningStream(app: FastifyInstance, db: Db, streams: EventStreams): void {
  const subscribers = new Map<string, Set<Subscriber>>();
  const isSessionOpen = createSessionCheck(db);

  /** The row as one user may read it (undefined: out of their scope), read once per user and notification. */
  type RowReader = (subscriber: Subscriber) => Promise<WarningRow | undefined>;
  function rowReader(notification: WarningNotification): RowReader {
    const reads = new Map<string, Promise<WarningRow | undefined>>();
    return ({ caller, language }) => {
      const key = `${caller.userId}|${caller.deptId}|${caller.roleIds.join(',')}|${language}`;
      let read = reads.get(key);
      if (!read) {
        read = localApi({ db, caller, language })
          .find('monitor/warningLog', { where: { id: notification.id }, withTitles: true, limit: 1 })
          .then((rows) => rows[0]);
        reads.set(key, read);
      }
      return read;
    };
  }

  async function sendTo(subscriber: Subscriber, notification: WarningNotification, readRow: RowReader): Promise<void> {
    const { caller, reply } = subscriber;
    if (!reply.sse.isConnected) return;
    const stillAllowed = (!caller.sessionId || (await isSessionOpen(caller.sessionId, caller.tenantId, caller.userId))) && (await mayWatch(db, caller));
    if (!stillAllowed) {
      reply.sse.close();
      return;
    }
    const warning = await readRow(subscriber);
    if (!warning || !reply.sse.isConnected) return;
    await reply.sse.send({ event: 'warning', data: { kind: notification.kind, warning } });
  }

  streams.hub.subscribe(WARNING_CHANNEL, (payload) => {
    const notification = notificationOf(payload);
    if (!notification) return;
    const readRow = rowReader(notification);
    for (const subscriber of subscribers.get(notification.tenantId) ?? []) {
      sendTo(subscriber, notification, readRow).catch((error) => app.log.warn({ err: error }, 'warning stream: an event could not be sent'));
    }
  });

  // Notifications sent while the LISTEN connection was down are lost: the consoles reconnect and read again.
  streams.hub.onReconnect(() => {
    for (const ofTenant of subscribers.values()) for (const subscriber of [...ofTenant]) subscriber.reply.sse.close();
  });

  app.get(WARNING_STREAM_PATH, { config: { access: 'user' }, sse: { kind: 'only' } }, async (request, reply) => {
    const caller = request.caller!;
    if (!(await mayWatch(db, caller))) throw forbidden();
    try {
      await streams.hub.listening(WARNING_CHANNEL);
    } catch {
      throw new ApiError(503, { zh: '预警推送暂不可用，请稍后重试', en: 'The warning stream is not available; try again shortly' });
    }
    // The client may have gone while this waited: its close has fired already, nothing would remove it later.
    if (!reply.sse.isConnected) return;
    // Taken after the wait, with no await before the add below: streams that waited together share one set and one count.
    const ofTenant = subscribers.get(caller.tenantId) ?? new Set<Subscriber>();
    if ([...ofTenant].filter((s) => s.caller.userId === caller.userId).length >= MAX_STREAMS_PER_USER) {
      throw new ApiError(429, {
        zh: `同一用户最多同时打开 ${MAX_STREAMS_PER_USER} 个预警推送连接`,
        en: `A user may hold at most ${MAX_STREAMS_PER_USER} open warning streams`,
      });
    }
    if (!streams.track(reply)) throw new ApiError(503, { zh: '服务器连接已满或正在停止，请稍后重试', en: 'The server is full or stopping; try again shortly' });
    const subscriber: Subscriber = { caller, language: request.language, reply };
    subscribers.set(caller.tenantId, ofTenant.add(subscriber));
    const expiresAt = tokenExpiry(request);
    const expiry = expiresAt === undefined ? undefined : setTimeout(() => reply.sse.close(), Math.max(0, expiresAt - Date.now()));
    expiry?.unref();
    reply.sse.onClose(() => {
      if (expiry) clearTimeout(expiry);
      ofTenant.delete(subscriber);
      if (ofTenant.size === 0 && subscribers.get(caller.tenantId) === ofTenant) subscribers.delete(caller.tenantId);
    });
    reply.sse.keepAlive();
    reply.sse.sendHeaders();
    reply.raw.write(': connected\n\n');
  });
}
