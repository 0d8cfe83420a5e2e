/**
 * Readings over MQTT (contract §B): with MQTT_URL set, the server subscribes
 * to `<prefix>/<tenantId>/station/<stationCode>/readings` through the shared
 * subscription `$share/rsc/…` (so several server instances split the messages
 * instead of each storing every one), QoS 1. A message is
 * `{"deviceKey": "...", "readings": [{element, time, value}, ...]}` (at most
 * 1 MB and 5,000 readings); it goes through the same ingestion core as HTTP
 * (ingest.ts) and is answered on `<prefix>/<tenantId>/station/<stationCode>/ack`
 * with the IngestResult JSON (QoS 1). A malformed message is answered with a
 * refusal and an `error`, never thrown: nothing a device sends stops the
 * subscriber or the server. The client reconnects by itself (reconnectPeriod);
 * messages are handled one at a time, in order, and at most MAX_PENDING wait —
 * beyond that a message is answered "busy" so that the device sends it again.
 * On stop the subscriber unsubscribes first, then finishes the messages it has.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import type { Db } from '../db/pool.js';
import type { Language } from '../http/apiError.js';
import { ingestReadings, MAX_READINGS_PER_BATCH, type IngestResult } from './ingest.js';

export interface MqttIngestConfig {
  /** mqtt://host:1883 (unset: MQTT ingestion is off). */
  url?: string;
  /** The first topic level(s), e.g. rsc. */
  topicPrefix: string;
}

export const MQTT_SHARE_GROUP = 'rsc';
export const MAX_MQTT_PAYLOAD_BYTES = 1024 * 1024;
export const MAX_MQTT_READINGS = MAX_READINGS_PER_BATCH;
const MAX_PENDING = 200;
const RECONNECT_MS = 3_000;
const STOP_WAIT_MS = 20_000;

export interface MqttIngest {
  /** Resolves once the first subscription is granted (or rejects when the broker refuses it). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

type Log = { info(message: string): void; warn(message: string): void; error(message: string): void };

/** A prefix is one or more plain topic levels: no wildcards, no empty level, not a $ topic. */
export function isValidTopicPrefix(prefix: string): boolean {
  return /^[^\s/$+#][^\s+#]*$/.test(prefix) && !prefix.endsWith('/') && !prefix.split('/').some((level) => level === '');
}

export function readingsTopic(prefix: string, tenantId = '+', stationCode = '+'): string {
  return `${prefix}/${tenantId}/station/${stationCode}/readings`;
}

export function ackTopic(prefix: string, tenantId: string, stationCode: string): string {
  return `${prefix}/${tenantId}/station/${stationCode}/ack`;
}

/** tenantId and stationCode of a readings topic, or undefined. */
export function topicParts(prefix: string, topic: string): { tenantId: string; stationCode: string } | undefined {
  if (!topic.startsWith(`${prefix}/`)) return undefined;
  const levels = topic.slice(prefix.length + 1).split('/');
  if (levels.length !== 4 || levels[1] !== 'station' || levels[3] !== 'readings' || !levels[0] || !levels[2]) return undefined;
  return { tenantId: levels[0], stationCode: levels[2] };
}

function refusal(stationCode: string, zh: string, en: string, language: Language): IngestResult & { error: string } {
  const message = language === 'en' ? en : zh;
  return { accepted: 0, duplicates: 0, rejected: 0, reasons: [{ stationCode, reason: 'bad_value', message }], rejectedByReason: {}, error: message };
}

/** The answer to a message over the size limit, or undefined. */
function tooLarge(stationCode: string, payload: Buffer): (IngestResult & { error: string }) | undefined {
  if (payload.length <= MAX_MQTT_PAYLOAD_BYTES) return undefined;
  const megabytes = MAX_MQTT_PAYLOAD_BYTES / 1024 / 1024;
  return refusal(stationCode, `消息超过 ${megabytes} MB，未处理`, `The message is larger than ${megabytes} MB and was not read`, 'zh');
}

/** Handles one message: the answer to publish on the ack topic. Never throws for what the device sent. */
export async function handleReadingsMessage(db: Db, stationCode: string, tenantId: string, payload: Buffer): Promise<IngestResult & { error?: string }> {
  const oversized = tooLarge(stationCode, payload);
  if (oversized) return oversized;
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch {
    return refusal(
      stationCode,
      '消息不是合法的 JSON：应为 {"deviceKey": "...", "readings": [...]}',
      'The message is not JSON: send {"deviceKey": "...", "readings": [...]}',
      'zh',
    );
  }
  const message = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  const language: Language = message?.language === 'en' ? 'en' : 'zh';
  if (!message || !Array.isArray(message.readings)) {
    return refusal(stationCode, '消息应为 {"deviceKey": "...", "readings": [...]}', 'The message must be {"deviceKey": "...", "readings": [...]}', language);
  }
  const deviceKey = typeof message.deviceKey === 'string' ? message.deviceKey : undefined;
  return ingestReadings(db, tenantId, [{ stationCode, deviceKey, readings: message.readings as never[] }], 'mqtt', language);
}

/** Connects and subscribes; the subscriber runs until stop(). */
export function startMqttIngest(db: Db, config: MqttIngestConfig, log: Log): MqttIngest {
  const prefix = config.topicPrefix;
  const subscription = `$share/${MQTT_SHARE_GROUP}/${readingsTopic(prefix)}`;
  const client: MqttClient = mqtt.connect(config.url!, {
    clientId: `rsc-${os.hostname().slice(0, 20)}-${process.pid}-${crypto.randomBytes(4).toString('hex')}`,
    protocolVersion: 5,
    reconnectPeriod: RECONNECT_MS,
    connectTimeout: 10_000,
    clean: true,
    // The broker drops bigger packets instead of handing them over (its own default is about 256 MB).
    properties: { maximumPacketSize: MAX_MQTT_PAYLOAD_BYTES + 64 * 1024 },
  });
  let queue: Promise<void> = Promise.resolve();
  let pending = 0;
  let isStopping = false;
  /** Set once the messages in hand are done: later ones (none arrive after the unsubscribe) are left alone. */
  let isClosed = false;
  let markReady: () => void = () => {};
  let markFailed: (error: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    markFailed = reject;
  });
  ready.catch(() => {});

  const answer = (tenantId: string, stationCode: string, result: unknown) => {
    client.publish(ackTopic(prefix, tenantId, stationCode), JSON.stringify(result), { qos: 1 }, (error) => {
      if (error && !isStopping) log.warn(`MQTT: ack to ${tenantId}/${stationCode} not sent: ${error.message}`);
    });
  };

  client.on('connect', () => {
    log.info(`MQTT: connected to ${config.url}, subscribing ${subscription}`);
    client.subscribe(subscription, { qos: 1 }, (error, granted) => {
      const refused = granted?.find((grant) => grant.qos > 2);
      if (error || refused) {
        const reason = error?.message ?? `broker refused ${subscription} (code ${refused!.qos})`;
        log.error(`MQTT: subscription failed: ${reason}`);
        markFailed(new Error(reason));
        return;
      }
      markReady();
    });
  });
  client.on('reconnect', () => log.info(`MQTT: reconnecting to ${config.url}`));
  client.on('offline', () => log.warn(`MQTT: ${config.url} is unreachable; retrying every ${RECONNECT_MS / 1000} s`));
  client.on('error', (error) => log.warn(`MQTT: ${error.message}`));
  client.on('message', (topic, payload) => {
    const parts = topicParts(prefix, topic);
    if (!parts || isClosed) return;
    // Refused before it is queued: a held message is memory until its turn comes.
    const oversized = tooLarge(parts.stationCode, payload);
    if (oversized) {
      answer(parts.tenantId, parts.stationCode, oversized);
      return;
    }
    if (pending >= MAX_PENDING) {
      answer(parts.tenantId, parts.stationCode, refusal(parts.stationCode, '服务器繁忙，请稍后重发', 'The server is busy; send the message again later', 'zh'));
      return;
    }
    pending += 1;
    queue = queue
      .then(async () => {
        try {
          answer(parts.tenantId, parts.stationCode, await handleReadingsMessage(db, parts.stationCode, parts.tenantId, payload));
        } catch (error) {
          // The database is away, or a bug: log it, tell the device to send again, keep running.
          log.error(`MQTT: readings of ${parts.tenantId}/${parts.stationCode} not stored: ${(error as Error).message}`);
          answer(
            parts.tenantId,
            parts.stationCode,
            refusal(parts.stationCode, '服务器暂时无法保存测值，请稍后重发', 'The server cannot store readings right now; send them again later', 'zh'),
          );
        }
      })
      .finally(() => {
        pending -= 1;
      });
  });

  return {
    ready,
    stop: async () => {
      isStopping = true;
      // No new messages for this instance (the broker gives them to the others of the share group), then
      // the messages already received are stored and answered before the pools close.
      if (client.connected) {
        await Promise.race([client.unsubscribeAsync(subscription).catch(() => {}), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
      }
      await Promise.race([queue, new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())]);
      isClosed = true;
      await client.endAsync().catch(() => {});
    },
  };
}

/** MQTT_URL (unset: off) and MQTT_TOPIC_PREFIX (default rsc). */
export function loadMqttConfig(env: NodeJS.ProcessEnv = process.env): MqttIngestConfig {
  const url = env.MQTT_URL || undefined;
  if (url && !/^(mqtts?|wss?|tcp|ssl):\/\//.test(url)) throw new Error(`MQTT_URL must be an mqtt://, mqtts://, ws:// or wss:// URL, got "${url}"`);
  const topicPrefix = env.MQTT_TOPIC_PREFIX || 'rsc';
  if (!isValidTopicPrefix(topicPrefix)) throw new Error(`MQTT_TOPIC_PREFIX must be plain topic levels (no + # $, no empty level), got "${topicPrefix}"`);
  return { url, topicPrefix };
}

/** How long start-up waits for the first subscription (a broker that is down only delays MQTT, never the server). */
const READY_WAIT_MS = 5_000;

/** Starts the subscriber once the server listens and stops it when the server closes (before the pools close). */
export function installMqttIngest(app: FastifyInstance, db: Db, config: MqttIngestConfig): void {
  if (!config.url) return;
  let running: MqttIngest | undefined;
  app.addHook('onListen', async () => {
    running = startMqttIngest(db, config, app.log);
    const waited = await Promise.race([
      running.ready.then(() => 'ready' as const),
      new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), READY_WAIT_MS).unref()),
    ]).catch((error: Error) => error.message);
    if (waited !== 'ready') app.log.warn(`MQTT: not subscribed yet (${waited}); the subscriber keeps trying`);
  });
  app.addHook('onClose', async () => {
    await running?.stop();
  });
}
