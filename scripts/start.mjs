/* global process, console */
/**
 * `npm start`: a small plain-node launcher for scripts/start.ts. It runs the
 * server as its child (same process group) and forwards SIGINT, SIGTERM and
 * SIGHUP to it, so a service manager's SIGTERM to npm, a SIGTERM to the
 * process group and a Ctrl-C all end in the same graceful stop: requests in
 * flight finish, then the embedded database stops. If the server dies without
 * stopping (killed, out of memory), the launcher stops the embedded PostgreSQL
 * it left behind, once it holds the data directory's lock (so never the
 * database of another server that is running on the same directory).
 */
import { spawn } from 'node:child_process';
import { tsImport } from 'tsx/esm/api';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', ...process.argv.slice(2)], { stdio: 'inherit' });

for (const signal of SIGNALS) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

async function stopLeftoverDatabase() {
  const { stopOrphanedDatabase } = await tsImport('../src/server/db/embeddedDatabase.ts', import.meta.url);
  const { loadConfig } = await tsImport('../src/server/config.ts', import.meta.url);
  const config = loadConfig();
  if (!config.databaseUrl) await stopOrphanedDatabase(config.dataDir, (line) => console.error(line));
}

child.on('exit', (code) => {
  if (code === 0) process.exit(0);
  stopLeftoverDatabase()
    .catch((error) => console.error('Could not check for a database left running:', error instanceof Error ? error.message : error))
    .finally(() => process.exit(code ?? 1));
});
