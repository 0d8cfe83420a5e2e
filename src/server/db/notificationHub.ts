/**
 * PostgreSQL LISTEN/NOTIFY for the whole process: one dedicated connection
 * (never one of the request pool's) listens on every channel somebody
 * subscribed to and hands each notification to that channel's listeners.
 * A transaction's `pg_notify` is delivered when it commits, to every server
 * instance on the database, so what one instance writes reaches the
 * subscribers of all of them (the warning stream, src/server/monitor/
 * warningStream.ts).
 *
 * The connection reconnects by itself (1 s, doubling to 30 s) and LISTENs
 * again; notifications sent while it was down are lost (NOTIFY keeps no
 * backlog), so a consumer that must not miss a fact reads it from its table
 * again when `onReconnect` fires. Nothing here throws into the server: a
 * database that is down only delays the listening.
 */
import pg from 'pg';
import type { Db } from './pool.js';

export type NotificationListener = (payload: string) => void;

export interface NotificationHub {
  /** Calls the listener with the payload of every notification on the channel; answers the unsubscribe. */
  subscribe(channel: string, listener: NotificationListener): () => void;
  /** Resolves once the channel is being listened to (the connection is up and LISTEN ran), or rejects after `timeoutMs`. */
  listening(channel: string, timeoutMs?: number): Promise<void>;
  /** Called after each reconnection (not the first connection): notifications may have been missed. */
  onReconnect(callback: () => void): () => void;
  /** Ends the connection and stops reconnecting. */
  close(): Promise<void>;
}

const CHANNEL = /^[a-z][a-z0-9_]{0,62}$/;
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;

export interface HubOptions {
  /** Told of connection losses and failed reconnections (the server's logger). */
  log?: (message: string, error?: unknown) => void;
}

export function createNotificationHub(db: Db, options: HubOptions = {}): NotificationHub {
  const log = options.log ?? (() => {});
  const listeners = new Map<string, Set<NotificationListener>>();
  /** Channels LISTENed on the current connection. */
  const listened = new Set<string>();
  const waiters = new Set<() => void>();
  const reconnectCallbacks = new Set<() => void>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let hasConnected = false;
  let isClosed = false;

  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };

  async function listenOn(connection: pg.Client, channel: string): Promise<void> {
    // A channel is an identifier, checked against CHANNEL: LISTEN takes no parameters.
    await connection.query(`LISTEN "${channel}"`);
    if (connection === client) listened.add(channel);
    wake();
  }

  function scheduleReconnect(): void {
    if (isClosed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
  }

  function lost(connection: pg.Client, error?: unknown): void {
    if (client !== connection) return;
    client = undefined;
    listened.clear();
    if (isClosed) return;
    log('notification hub: the LISTEN connection was lost; reconnecting', error);
    connection.end().catch(() => {});
    scheduleReconnect();
  }

  function connect(): Promise<void> {
    if (isClosed || client || connecting) return connecting ?? Promise.resolve();
    connecting = (async () => {
      // The pool's own settings (connection string, time zone), on a connection of its own.
      // Keepalive: a half-open connection (a NAT timeout, a failover) ends in an error instead of silence.
      const connection = new pg.Client({ ...(db.options as pg.ClientConfig), keepAlive: true, keepAliveInitialDelayMillis: 30_000 });
      connection.on('error', (error) => lost(connection, error));
      connection.on('end', () => lost(connection));
      connection.on('notification', (message) => {
        for (const listener of listeners.get(message.channel) ?? []) {
          try {
            listener(message.payload ?? '');
          } catch (error) {
            log(`notification hub: a listener of ${message.channel} failed`, error);
          }
        }
      });
      try {
        await connection.connect();
        if (isClosed) {
          await connection.end().catch(() => {});
          return;
        }
        client = connection;
        for (const channel of listeners.keys()) await listenOn(connection, channel);
        retryMs = FIRST_RETRY_MS;
        if (hasConnected) for (const callback of reconnectCallbacks) callback();
        hasConnected = true;
      } catch (error) {
        log('notification hub: could not listen; retrying', error);
        if (client === connection) client = undefined;
        listened.clear();
        await connection.end().catch(() => {});
        scheduleReconnect();
      }
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  return {
    subscribe(channel, listener) {
      if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
      if (isClosed) return () => {};
      let set = listeners.get(channel);
      if (!set) {
        listeners.set(channel, (set = new Set()));
        const listening = client;
        if (listening) listenOn(listening, channel).catch((error) => lost(listening, error));
        else void connect();
      }
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    listening(channel, timeoutMs = 10_000) {
      if (listened.has(channel)) return Promise.resolve();
      if (isClosed) return Promise.reject(new Error('the notification hub is closed'));
      return new Promise((resolve, reject) => {
        const done = () => {
          if (!listened.has(channel)) return;
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(done);
          reject(new Error(`not listening on ${channel} after ${timeoutMs} ms`));
        }, timeoutMs);
        timer.unref();
        waiters.add(done);
      });
    },
    onReconnect(callback) {
      reconnectCallbacks.add(callback);
      return () => {
        reconnectCallbacks.delete(callback);
      };
    },
    async close() {
      isClosed = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = undefined;
      await connecting?.catch(() => {});
      const connection = client;
      client = undefined;
      listened.clear();
      listeners.clear();
      await connection?.end().catch(() => {});
    },
  };
}
