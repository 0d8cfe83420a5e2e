/**
 * Readings over MQTT through the real broker on 127.0.0.1:1883: a device publishes
 * {deviceKey, readings} on <prefix>/<tenantId>/station/<stationCode>/readings and the
 * server answers the IngestResult on …/ack (QoS 1). Same core as HTTP: stored once
 * (a repeated publish is all duplicates), bad readings and malformed payloads answered
 * with reasons, and nothing a device sends stops the server. Several instances share
 * the subscription, so a message is stored and answered once. Each run uses its own
 * topic prefix so parallel runs do not mix.
 */
import crypto from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMqttIngest } from '../../src/server/monitor/mqttIngest.js';
import { startSecondInstance, startTestServer, type TestServer } from './testServer.js';

const BROKER = 'mqtt://127.0.0.1:1883';
const PREFIX = `rsctest/${crypto.randomBytes(6).toString('hex')}`;
const TENANT = '100001';

let t: TestServer;
let device: MqttClient;
let anxi: string;
let shimen: string;
interface Ack {
  accepted: number;
  duplicates: number;
  rejected: number;
  reasons: { stationCode: string; index?: number; reason: string; message: string }[];
  rejectedByReason: Record<string, number>;
  error?: string;
}

const acks: { stationCode: string; body: Ack }[] = [];

interface Station {
  id: string;
  code: string;
  key: string;
}

let codeSerial = Math.floor(Math.random() * 1e6);

async function makeStation(monitorType: number): Promise<Station> {
  const code = `M${String(++codeSerial).padStart(9, '0')}`;
  const saved = await t.api('/api/v1/info/station/save', {
    token: anxi,
    body: { stationCode: code, stationName: `MQTT测试站${code}`, stationType: 1, monitorType, reservoirId: shimen },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const keyed = await t.api('/api/v1/info/station/deviceKey', { token: anxi, body: { id: saved.body.data.id } });
  return { id: saved.body.data.id, code, key: keyed.body.data.deviceKey };
}

function acksOf(stationCode: string) {
  return acks.filter((ack) => ack.stationCode === stationCode).map((ack) => ack.body);
}

/** Publishes on a station's readings topic and waits for the next ack of that station. */
async function publish(stationCode: string, payload: string | Buffer): Promise<Ack> {
  const before = acksOf(stationCode).length;
  await device.publishAsync(`${PREFIX}/${TENANT}/station/${stationCode}/readings`, payload, { qos: 1 });
  await vi.waitFor(() => expect(acksOf(stationCode).length).toBeGreaterThan(before), { timeout: 15_000, interval: 20 });
  return acksOf(stationCode)[before];
}

async function storedReadings(stationId: string) {
  const result = await t.db.query(
    `SELECT element, to_char(observe_time, 'YYYY-MM-DD HH24:MI:SS') AS "observeTime", value, source
       FROM monitor_reading WHERE station_id = $1 AND is_deleted = 0 ORDER BY observe_time`,
    [stationId],
  );
  return result.rows;
}

beforeAll(async () => {
  t = await startTestServer({ mqtt: { url: BROKER, topicPrefix: PREFIX } });
  anxi = await t.signIn(TENANT, 'admin');
  const all = (await t.api('/api/v1/reservoir/listAll', { token: anxi })).body.data as { id: string; name: string }[];
  shimen = all.find((r) => r.name === '石门水库')!.id;
  device = await mqtt.connectAsync(BROKER, { clientId: `rsc-test-device-${crypto.randomBytes(4).toString('hex')}`, protocolVersion: 5 });
  await device.subscribeAsync(`${PREFIX}/${TENANT}/station/+/ack`, { qos: 1 });
  device.on('message', (topic, payload) => {
    const stationCode = topic.split('/').at(-2)!;
    acks.push({ stationCode, body: JSON.parse(payload.toString('utf8')) });
  });
});
afterAll(async () => {
  await device?.endAsync();
  await t?.close();
});

describe('MQTT ingestion', () => {
  it('stores published readings and answers on the ack topic; a repeated publish is all duplicates', async () => {
    const station = await makeStation(1);
    const payload = JSON.stringify({
      deviceKey: station.key,
      readings: [
        { element: 'ZU', time: '2025-10-01 08:00:00', value: 101.25 },
        { element: 'ZU', time: '2025-10-01 09:00:00', value: 101.5 },
      ],
    });
    const first = await publish(station.code, payload);
    expect(first).toEqual({ accepted: 2, duplicates: 0, rejected: 0, reasons: [], rejectedByReason: {} });
    const rows = await storedReadings(station.id);
    expect(rows).toEqual([
      { element: 1, observeTime: '2025-10-01 08:00:00', value: 101.25, source: 2 },
      { element: 1, observeTime: '2025-10-01 09:00:00', value: 101.5, source: 2 },
    ]);
    const again = await publish(station.code, payload);
    expect(again).toMatchObject({ accepted: 0, duplicates: 2, rejected: 0 });
    expect(await storedReadings(station.id)).toEqual(rows);
  });

  it('answers bad readings, a wrong key and malformed payloads with reasons, and keeps running', async () => {
    const rain = await makeStation(2);
    const bad = await publish(
      rain.code,
      JSON.stringify({
        deviceKey: rain.key,
        readings: [
          { element: 'PJ', time: '2025-10-02 08:00:00', value: 1.5 },
          { element: 'PJ', time: '2025-10-02 09:00:00', value: 400 },
          { element: 'ZU', time: '2025-10-02 09:00:00', value: 1 },
          { element: 'PJ', time: 'yesterday', value: 1 },
        ],
      }),
    );
    expect(bad).toMatchObject({ accepted: 1, rejected: 3, rejectedByReason: { out_of_range: 1, wrong_family: 1, bad_time: 1 } });
    expect(bad.reasons.map((r) => r.index)).toEqual([1, 2, 3]);

    const wrongKey = await publish(
      rain.code,
      JSON.stringify({ deviceKey: 'not-the-key', readings: [{ element: 'PJ', time: '2025-10-02 10:00:00', value: 1 }] }),
    );
    expect(wrongKey).toMatchObject({ accepted: 0, rejected: 1, rejectedByReason: { bad_key: 1 } });

    for (const payload of ['{not json', '[1, 2, 3]', JSON.stringify({ deviceKey: rain.key }), Buffer.from([0xff, 0xfe, 0x00])]) {
      const answer = await publish(rain.code, payload);
      expect(answer).toMatchObject({ accepted: 0, reasons: [expect.objectContaining({ stationCode: rain.code, message: expect.any(String) })] });
      expect(answer.error).toEqual(expect.any(String));
    }
    const huge = await publish(rain.code, Buffer.alloc(1024 * 1024 + 1, 0x20));
    expect(huge.error).toContain('1 MB');

    const unknown = await publish(
      'NOSUCHSTATION',
      JSON.stringify({ deviceKey: rain.key, readings: [{ element: 'PJ', time: '2025-10-02 10:00:00', value: 1 }] }),
    );
    expect(unknown).toMatchObject({ accepted: 0, rejectedByReason: { unknown_station: 1 } });

    expect(await storedReadings(rain.id)).toEqual([{ element: 2, observeTime: '2025-10-02 08:00:00', value: 1.5, source: 2 }]);
    const counted = await t.db.query(`SELECT reason, rejected_count, channel FROM monitor_ingest_reject WHERE station_code = $1 ORDER BY reason`, [rain.code]);
    expect(counted.rows).toEqual([
      { reason: 'bad_key', rejected_count: 1, channel: 'mqtt' },
      { reason: 'bad_time', rejected_count: 1, channel: 'mqtt' },
      { reason: 'out_of_range', rejected_count: 1, channel: 'mqtt' },
      { reason: 'wrong_family', rejected_count: 1, channel: 'mqtt' },
    ]);

    // Still serving: MQTT and HTTP.
    const after = await publish(rain.code, JSON.stringify({ deviceKey: rain.key, readings: [{ element: 'PJ', time: '2025-10-02 11:00:00', value: 0.5 }] }));
    expect(after).toMatchObject({ accepted: 1 });
    expect((await t.api('/api/v1/reservoir/listAll', { token: anxi })).status).toBe(200);
  });

  it('stores the good readings of a message whose bad ones carry control characters (a refused sample never undoes a delivery)', async () => {
    const level = await makeStation(1);
    const answer = await publish(
      level.code,
      JSON.stringify({
        deviceKey: level.key,
        readings: [
          { element: 'ZU', time: '2025-10-03 08:00:00', value: 101.5 },
          { element: 'Z\u0000', time: '2025-10-03 09:00:00\u0007', value: 'a\u0000b' },
        ],
      }),
    );
    expect(answer).toMatchObject({ accepted: 1, rejected: 1, rejectedByReason: { unknown_element: 1 } });
    expect(answer.error).toBeUndefined();
    expect(await storedReadings(level.id)).toEqual([{ element: 1, observeTime: '2025-10-03 08:00:00', value: 101.5, source: 2 }]);
    const sample = await t.db.query(`SELECT sample_element FROM monitor_ingest_reject WHERE station_code = $1 AND reason = 'unknown_element'`, [level.code]);
    expect(sample.rows).toEqual([{ sample_element: 'Z\ufffd' }]);
  });

  it('several instances share the subscription: each message is stored and answered once', async () => {
    const second = await startSecondInstance(t, { mqtt: { url: BROKER, topicPrefix: PREFIX } });
    try {
      const station = await makeStation(3);
      const before = acksOf(station.code).length;
      const messages = Array.from({ length: 20 }, (_, i) =>
        JSON.stringify({ deviceKey: station.key, readings: [{ element: 'SQ', time: `2025-10-03 10:${String(i).padStart(2, '0')}:00`, value: 1 + i }] }),
      );
      for (const message of messages) await device.publishAsync(`${PREFIX}/${TENANT}/station/${station.code}/readings`, message, { qos: 1 });
      await vi.waitFor(() => expect(acksOf(station.code).length - before).toBeGreaterThanOrEqual(20), { timeout: 15_000, interval: 50 });
      // Give a second answer to any message the time to arrive: there must be none.
      await device.publishAsync(`${PREFIX}/${TENANT}/station/${station.code}/readings`, messages[0], { qos: 1 });
      await vi.waitFor(() => expect(acksOf(station.code).length - before).toBeGreaterThanOrEqual(21), { timeout: 15_000, interval: 50 });
      const answers = acksOf(station.code).slice(before);
      expect(answers).toHaveLength(21);
      expect(answers.slice(0, 20).every((answer) => answer.accepted === 1)).toBe(true);
      expect(answers[20]).toMatchObject({ accepted: 0, duplicates: 1 });
      expect(await storedReadings(station.id)).toHaveLength(20);
    } finally {
      await second.close();
    }
  });

  it('a broker that cannot be reached is retried and logged, never thrown; stopping still works', async () => {
    const lines: string[] = [];
    const log = { info: (line: string) => lines.push(line), warn: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
    const subscriber = startMqttIngest(t.db, { url: 'mqtt://127.0.0.1:1', topicPrefix: PREFIX }, log);
    await vi.waitFor(() => expect(lines.some((line) => line.includes('127.0.0.1:1'))).toBe(true), { timeout: 15_000, interval: 50 });
    await subscriber.stop();
    expect((await t.api('/api/v1/reservoir/listAll', { token: anxi })).status).toBe(200);
  });
});
