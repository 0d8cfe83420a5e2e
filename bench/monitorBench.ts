/**
 * Monitoring bench (issue 13), part of `npm run bench`; alone: `npx tsx bench/monitorBench.ts`
 * (merges its figures into bench/results.json under `monitoring`).
 *
 * A real server (startServer) on an embedded PostgreSQL kept between runs in
 * BENCH_MONITOR_DATA_DIR (default data/bench-monitor, git-ignored; or an existing database given as
 * BENCH_MONITOR_DATABASE_URL — DATABASE_URL is not used), so the 10 million readings are generated once:
 *   (c0) setup: 100 stations of tenant 100001 (50 water level, 50 rainfall), each with 100,000 readings
 *        at 5-minute steps ending at the start of the generation day (≈ 347 days), written by
 *        INSERT … SELECT generate_series straight into monitor_reading and the matching daily rollup
 *        monitor_reading_day (bench setup, not product code); the seconds it took are reported;
 *   (a) HTTP batch ingestion: SENDERS concurrent senders over keep-alive, each posting requests of one
 *       5,000-reading batch for its own fresh station; readings/s = accepted / wall time;
 *   (b) MQTT ingestion through the broker (MQTT_URL, default mqtt://127.0.0.1:1883): MQTT_MESSAGES
 *       messages of 1,000 readings published at QoS 1, timed until every ack came back;
 *   (c) read latency over the 10 million readings, 20 runs after a warm-up, one at a time over HTTP
 *       with a signed-in administrator: the year report of one rainfall station and listAll of one
 *       month (30 days, 8,640 readings) of 5-minute data of one water-level station; and listNew of the
 *       water-level stations (the water-situation page), though no aim names it.
 * The readings (a) and (b) stored are deleted at the end so the kept database stays at 10 million.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import mqtt from 'mqtt';
import { loadConfig } from '../src/server/config.js';
import { createPool, type Db } from '../src/server/db/pool.js';
import { startServer, type RunningServer } from '../src/server/server.js';

const TENANT = '100001';
const STATIONS_PER_FAMILY = 50;
const READINGS_PER_STATION = 100_000;
const TARGET_READINGS = 2 * STATIONS_PER_FAMILY * READINGS_PER_STATION;
const SENDERS = Number(process.env.BENCH_INGEST_SENDERS ?? 4);
const REQUESTS_PER_SENDER = Number(process.env.BENCH_INGEST_REQUESTS ?? 20);
const BATCH_READINGS = 5_000;
const MQTT_MESSAGES = Number(process.env.BENCH_MQTT_MESSAGES ?? 200);
const MQTT_READINGS = 1_000;
const LATENCY_RUNS = 20;
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const ADMIN_PASSWORD_MD5 = '21232f297a57a5a743894a0e4a801fc3';

export type LatencyFigures = {
  medianMs: number;
  p95Ms: number;
  runs: number;
};

export interface MonitorBenchResult {
  loadAverage: { atStart: number[]; atEnd: number[] };
  database: string;
  dataset: Record<string, unknown>;
  httpIngest: Record<string, unknown>;
  mqttIngest: Record<string, unknown>;
  yearReport: Record<string, unknown>;
  listAllMonth: Record<string, unknown>;
  /** Not an aim of the issue: every level station's latest reading (the water-situation page). */
  listNewLevels: Record<string, unknown>;
  aims: { ingestReadingsPerSecond: number; readMs: number };
}

const pad = (n: number) => String(n).padStart(2, '0');
function localTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

function latency(times: number[]): LatencyFigures {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return {
    medianMs: Math.round(((sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2) * 10) / 10,
    p95Ms: Math.round(at(0.95) * 10) / 10,
    runs: sorted.length,
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function call(url: string, init: RequestInit = {}): Promise<any> {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url.replace(/\?.*/, '')} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

class Client {
  constructor(
    readonly base: string,
    readonly token: string,
  ) {}
  get(pathAndQuery: string) {
    return call(`${this.base}${pathAndQuery}`, { headers: { 'Blade-Auth': `bearer ${this.token}` } });
  }
  post(pathAndQuery: string, body: unknown) {
    return call(`${this.base}${pathAndQuery}`, {
      method: 'POST',
      headers: { 'Blade-Auth': `bearer ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }
}

async function signIn(base: string): Promise<Client> {
  const answer = await call(
    `${base}/api/blade-auth/oauth/token?tenantId=${TENANT}&username=admin&password=${ADMIN_PASSWORD_MD5}&grant_type=password&scope=all`,
    {
      method: 'POST',
      headers: { Authorization: BASIC, 'Tenant-Id': TENANT },
    },
  );
  return new Client(base, answer.access_token);
}

/** A station through the API (the register's rules), returning its id. */
async function addStation(client: Client, db: Db, stationCode: string, monitorType: number): Promise<string> {
  const found = await db.query(`SELECT id::text FROM info_station WHERE tenant_id = $1 AND station_code = $2 AND is_deleted = 0`, [TENANT, stationCode]);
  if (found.rows[0]) return found.rows[0].id;
  const reservoir = await db.query(`SELECT id::text FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY id LIMIT 1`, [TENANT]);
  const saved = await client.post('/api/v1/info/station/save', {
    stationCode,
    stationName: `压测${stationCode}`,
    stationType: 3,
    monitorType,
    reservoirId: reservoir.rows[0].id,
  });
  return String(saved.data.id);
}

/** (c0) The 10 million readings and their rollup, once per kept database. */
async function ensureDataset(
  client: Client,
  db: Db,
  generationFile: string,
): Promise<{ levelStation: string; rainStation: string; anchor: string; dataset: Record<string, unknown> }> {
  const stations: { id: string; family: 'level' | 'rain' }[] = [];
  for (let i = 1; i <= STATIONS_PER_FAMILY; i++) {
    stations.push({ id: await addStation(client, db, `BENCHL${String(i).padStart(3, '0')}`, 1), family: 'level' });
    stations.push({ id: await addStation(client, db, `BENCHR${String(i).padStart(3, '0')}`, 2), family: 'rain' });
  }
  const ids = stations.map((s) => s.id);
  const counted = await db.query(
    `SELECT count(*)::int AS n, max(observe_time)::text AS anchor FROM monitor_reading WHERE tenant_id = $1 AND station_id = ANY($2::bigint[])`,
    [TENANT, ids],
  );
  const levelStation = stations.find((s) => s.family === 'level')!.id;
  const rainStation = stations.find((s) => s.family === 'rain')!.id;
  if (counted.rows[0].n >= TARGET_READINGS) {
    const earlier = fs.existsSync(generationFile) ? JSON.parse(fs.readFileSync(generationFile, 'utf8')) : undefined;
    return {
      levelStation,
      rainStation,
      anchor: counted.rows[0].anchor,
      dataset: { readings: counted.rows[0].n, stations: stations.length, generated: 'kept from an earlier run', earlierGeneration: earlier },
    };
  }
  console.log(`generating ${TARGET_READINGS.toLocaleString('en')} readings and their daily rollup (once; kept for later runs) ...`);
  const started = Date.now();
  await db.query(`DELETE FROM monitor_reading_day WHERE tenant_id = $1 AND station_id = ANY($2::bigint[])`, [TENANT, ids]);
  await db.query(`DELETE FROM monitor_reading WHERE tenant_id = $1 AND station_id = ANY($2::bigint[])`, [TENANT, ids]);
  const anchor = (await db.query(`SELECT date_trunc('day', LOCALTIMESTAMP(0))::text AS t`)).rows[0].t as string;
  // One statement per station: bounded memory, and the ids stay far below the time-ordered ones nextId gives.
  for (let s = 0; s < stations.length; s++) {
    const station = stations[s];
    const value =
      station.family === 'level'
        ? `round((100 + 5 * sin(g / 4000.0) + random() * 0.05)::numeric, 3)`
        : `CASE WHEN random() < 0.05 THEN round((random() * 6)::numeric, 1) ELSE 0 END`;
    await db.query(
      `INSERT INTO monitor_reading (id, tenant_id, station_id, reservoir_id, element, observe_time, value, source, create_user, create_dept, create_time, update_user, update_time)
       SELECT 1000000000000 + $3::bigint * ${READINGS_PER_STATION} + g, st.tenant_id, st.id, st.reservoir_id, $4, $5::timestamp - make_interval(mins => 5 * g), ${value}, 4,
              st.create_user, st.create_dept, LOCALTIMESTAMP(0), st.create_user, LOCALTIMESTAMP(0)
         FROM info_station st CROSS JOIN generate_series(0, ${READINGS_PER_STATION - 1}) AS g
        WHERE st.tenant_id = $1 AND st.id = $2`,
      [TENANT, station.id, s, station.family === 'level' ? 1 : 2, anchor],
    );
  }
  const inserted = Date.now();
  // The rollup as the register keeps it: rainfall by the hydrological day (D-1 08:00, D 08:00], others by the calendar day.
  await db.query(
    `INSERT INTO monitor_reading_day (id, tenant_id, station_id, reservoir_id, element, day, readings, total, minimum, minimum_time, maximum, maximum_time,
                                      last_value, last_time, create_user, create_dept, create_time, update_user, update_time)
     SELECT 2000000000000 + row_number() OVER (), tenant_id, station_id, reservoir_id, element, day, count(*), sum(value),
            min(value), (array_agg(observe_time ORDER BY value, observe_time))[1], max(value), (array_agg(observe_time ORDER BY value DESC, observe_time))[1],
            (array_agg(value ORDER BY observe_time DESC))[1], max(observe_time), min(create_user), min(create_dept), LOCALTIMESTAMP(0), min(create_user), LOCALTIMESTAMP(0)
       FROM (SELECT r.*, CASE WHEN element = 2 THEN (observe_time - interval '8 hours' - interval '1 second')::date + 1 ELSE observe_time::date END AS day
               FROM monitor_reading r WHERE tenant_id = $1 AND station_id = ANY($2::bigint[])) AS r
      GROUP BY tenant_id, station_id, reservoir_id, element, day`,
    [TENANT, ids],
  );
  const rolledUp = Date.now();
  await db.query('VACUUM ANALYZE monitor_reading');
  await db.query('VACUUM ANALYZE monitor_reading_day');
  const dataset = {
    readings: TARGET_READINGS,
    stations: stations.length,
    generated: 'in this run',
    insertSeconds: Math.round((inserted - started) / 100) / 10,
    rollupSeconds: Math.round((rolledUp - inserted) / 100) / 10,
    totalSeconds: Math.round((Date.now() - started) / 100) / 10,
  };
  fs.writeFileSync(generationFile, JSON.stringify({ date: new Date().toISOString(), loadAverage: os.loadavg(), ...dataset }));
  console.log(JSON.stringify(dataset));
  return { levelStation, rainStation, anchor, dataset };
}

/** Fresh stations with device keys for the ingestion benches (their readings are removed at the end). */
async function ingestStations(client: Client, db: Db, prefix: string, count: number): Promise<{ id: string; code: string; key: string }[]> {
  const out = [];
  for (let i = 0; i < count; i++) {
    const code = `${prefix}${i}`;
    const id = await addStation(client, db, code, 1);
    const issued = await client.post('/api/v1/info/station/deviceKey', { id });
    out.push({ id, code, key: String(issued.data.deviceKey) });
  }
  return out;
}

/** `count` readings of a level station, one a minute from `startMs` (distinct per station and call: never duplicates). */
function readings(startMs: number, count: number) {
  return Array.from({ length: count }, (_, k) => ({
    element: 'ZU',
    time: localTime(startMs + k * 60_000),
    value: Math.round((100 + Math.sin(k / 500)) * 1000) / 1000,
  }));
}

const INGEST_START_MS = Date.UTC(2020, 0, 1);

/** (a) */
async function measureHttpIngest(base: string, stations: { code: string; key: string }[]) {
  const bodies = stations.map((station) =>
    Array.from({ length: REQUESTS_PER_SENDER }, (_, r) =>
      JSON.stringify({
        batches: [{ stationCode: station.code, deviceKey: station.key, readings: readings(INGEST_START_MS + r * BATCH_READINGS * 60_000, BATCH_READINGS) }],
      }),
    ),
  );
  let accepted = 0;
  let other = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    bodies.map(async (requests) => {
      for (const body of requests) {
        const answer = await call(`${base}/api/v1/monitor/reading/ingest`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'Tenant-Id': TENANT },
          body,
        });
        accepted += answer.data.accepted;
        other += answer.data.duplicates + answer.data.rejected;
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const sent = stations.length * REQUESTS_PER_SENDER * BATCH_READINGS;
  if (accepted !== sent) throw new Error(`HTTP ingestion accepted ${accepted} of ${sent} readings (${other} duplicates or rejected)`);
  return {
    senders: stations.length,
    requestsPerSender: REQUESTS_PER_SENDER,
    readingsPerRequest: BATCH_READINGS,
    readings: accepted,
    seconds: Math.round(seconds * 100) / 100,
    readingsPerSecond: Math.round(accepted / seconds),
  };
}

/** (b) */
async function measureMqttIngest(url: string, topicPrefix: string, stations: { code: string; key: string }[]) {
  const client = await mqtt.connectAsync(url, { clientId: `rsc-bench-${crypto.randomBytes(4).toString('hex')}`, reconnectPeriod: 0 });
  try {
    await client.subscribeAsync(`${topicPrefix}/${TENANT}/station/+/ack`, { qos: 1 });
    let acks = 0;
    let accepted = 0;
    let done: () => void = () => {};
    const allAcked = new Promise<void>((resolve) => (done = resolve));
    client.on('message', (_topic, payload) => {
      const result = JSON.parse(payload.toString());
      accepted += Number(result.accepted ?? result.data?.accepted ?? 0);
      if (++acks === MQTT_MESSAGES) done();
    });
    const messages = Array.from({ length: MQTT_MESSAGES }, (_, m) => {
      const station = stations[m % stations.length];
      const round = Math.floor(m / stations.length);
      // After the HTTP part's minutes: a fresh range per message.
      const startMs = INGEST_START_MS + (REQUESTS_PER_SENDER * BATCH_READINGS + round * MQTT_READINGS) * 60_000;
      return {
        topic: `${topicPrefix}/${TENANT}/station/${station.code}/readings`,
        payload: JSON.stringify({ deviceKey: station.key, readings: readings(startMs, MQTT_READINGS) }),
      };
    });
    const started = process.hrtime.bigint();
    await Promise.all(messages.map((message) => client.publishAsync(message.topic, message.payload, { qos: 1 })));
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`MQTT: ${acks} of ${MQTT_MESSAGES} acks within 120 s`)), 120_000).unref(),
    );
    await Promise.race([allAcked, timeout]);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const sent = MQTT_MESSAGES * MQTT_READINGS;
    if (accepted !== sent) throw new Error(`MQTT ingestion accepted ${accepted} of ${sent} readings`);
    return {
      messages: MQTT_MESSAGES,
      readingsPerMessage: MQTT_READINGS,
      readings: accepted,
      seconds: Math.round(seconds * 100) / 100,
      readingsPerSecond: Math.round(accepted / seconds),
    };
  } finally {
    await client.endAsync();
  }
}

/** (c) one request at a time, after two warm-up requests. */
async function timed(client: Client, pathAndQuery: string): Promise<LatencyFigures & { rows: number }> {
  let rows = 0;
  for (let i = 0; i < 2; i++) await client.get(pathAndQuery);
  const times: number[] = [];
  for (let i = 0; i < LATENCY_RUNS; i++) {
    const started = process.hrtime.bigint();
    const answer = await client.get(pathAndQuery);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    rows = Array.isArray(answer.data) ? answer.data.length : answer.data.rows.length;
  }
  return { ...latency(times), rows };
}

const settled = <T>(promise: Promise<T>): Promise<T | { error: string }> =>
  promise.catch((error: Error) => {
    console.error('monitoring bench part failed:', error);
    return { error: error.message };
  });

export async function runMonitorBench(): Promise<MonitorBenchResult> {
  process.env.RATE_LIMIT_TENANT_PER_MINUTE ??= '100000000';
  process.env.RATE_LIMIT_ADDRESS_PER_MINUTE ??= '100000000';
  const mqttUrl = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
  const topicPrefix = `rscbench${crypto.randomBytes(3).toString('hex')}`;
  const saved = { MQTT_URL: process.env.MQTT_URL, MQTT_TOPIC_PREFIX: process.env.MQTT_TOPIC_PREFIX, DEMO_READINGS: process.env.DEMO_READINGS };
  process.env.MQTT_URL = mqttUrl;
  process.env.MQTT_TOPIC_PREFIX = topicPrefix;
  process.env.DEMO_READINGS = '0';
  // Other work on the machine skews every figure: the 1/5/15-minute load averages go with them.
  const loadAtStart = os.loadavg().map((n) => Math.round(n * 10) / 10);
  const dataDir = path.resolve(process.env.BENCH_MONITOR_DATA_DIR ?? 'data/bench-monitor');
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  console.log(`monitoring bench: server on the embedded PostgreSQL kept in ${dataDir} ...`);
  let server: RunningServer | undefined;
  let owner: Db | undefined;
  try {
    server = await startServer(
      loadConfig({
        port: 0,
        host: '127.0.0.1',
        dataDir,
        databaseUrl: process.env.BENCH_MONITOR_DATABASE_URL || undefined,
        captchaEnabled: false,
        webRoot: '/nonexistent',
        pgPoolSize: 20,
        tokenSigningKey: undefined,
      }),
      { demo: true, logger: false },
    );
    const base = server.url.replace('localhost', '127.0.0.1');
    owner = createPool(server.databaseUrl, 4);
    const client = await signIn(base);
    const { levelStation, rainStation, anchor, dataset } = await ensureDataset(client, owner, path.join(dataDir, 'generation.json'));

    const run = crypto.randomBytes(2).toString('hex').toUpperCase();
    const httpStations = await ingestStations(client, owner, `HI${run}`, SENDERS);
    const mqttStations = await ingestStations(client, owner, `MQ${run}`, 4);
    console.log(`HTTP ingestion: ${SENDERS} senders × ${REQUESTS_PER_SENDER} requests × ${BATCH_READINGS} readings ...`);
    const httpIngest = await settled(measureHttpIngest(base, httpStations));
    console.log(`MQTT ingestion: ${MQTT_MESSAGES} messages × ${MQTT_READINGS} readings through ${mqttUrl} ...`);
    const mqttIngestResult = await settled(measureMqttIngest(mqttUrl, topicPrefix, mqttStations));

    const anchorMs = Date.parse(`${anchor.replace(' ', 'T')}Z`);
    const year = new Date(anchorMs).getUTCFullYear();
    const monthFrom = localTime(anchorMs - 30 * 86_400_000);
    const monthTo = localTime(anchorMs - 1000);
    console.log('read latency over the kept readings ...');
    const yearReport = await settled(
      timed(client, `/api/v1/monitor/rainfall/year?stationId=${rainStation}&year=${year}`).then((f) => ({ ...f, station: 'BENCHR001', year })),
    );
    const listAllMonth = await settled(
      timed(
        client,
        `/api/v1/monitor/waterLevel/listAll?stationId=${levelStation}&startTime=${encodeURIComponent(monthFrom)}&endTime=${encodeURIComponent(monthTo)}`,
      ).then((f) => ({ ...f, station: 'BENCHL001', startTime: monthFrom, endTime: monthTo })),
    );

    const listNewLevels = await settled(timed(client, `/api/v1/monitor/waterLevel/listNew`));

    // Keep the database at its 10 million: the ingestion benches' readings go.
    const benchIds = [...httpStations, ...mqttStations].map((s) => s.id);
    await owner.query(`DELETE FROM monitor_reading WHERE tenant_id = $1 AND station_id = ANY($2::bigint[])`, [TENANT, benchIds]);
    await owner.query(`DELETE FROM monitor_reading_day WHERE tenant_id = $1 AND station_id = ANY($2::bigint[])`, [TENANT, benchIds]);
    await owner.query(`UPDATE info_station SET is_deleted = 1 WHERE tenant_id = $1 AND id = ANY($2::bigint[])`, [TENANT, benchIds]);

    return {
      loadAverage: { atStart: loadAtStart, atEnd: os.loadavg().map((n) => Math.round(n * 10) / 10) },
      database: `${process.env.BENCH_MONITOR_DATABASE_URL ? 'BENCH_MONITOR_DATABASE_URL' : `embedded PostgreSQL kept in ${path.relative(process.cwd(), dataDir) || dataDir}`} (${os.cpus().length} CPUs, shared with the server and the senders)`,
      dataset,
      httpIngest,
      mqttIngest: mqttIngestResult,
      yearReport,
      listAllMonth,
      listNewLevels,
      aims: { ingestReadingsPerSecond: 50_000, readMs: 100 },
    };
  } finally {
    await owner?.end();
    await server?.close();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runMonitorBench()
    .then((monitoring) => {
      const file = 'bench/results.json';
      const results = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
      results.monitoring = { date: new Date().toISOString(), ...monitoring };
      fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
      console.log(JSON.stringify(results.monitoring, null, 2));
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
