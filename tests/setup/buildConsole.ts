/**
 * Global setup for the browser tests: builds the console (dist/web) when
 * its sources are newer than the build, exactly as `npm start` does.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function newestMtime(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const full = path.join(dir, entry.name);
    return Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }, 0);
}

export function setup(): void {
  const index = 'dist/web/index.html';
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  // scripts/vite holds the build's own plugins (import rewriting, precompression).
  if (built > Math.max(newestMtime('src/web'), newestMtime('src/shared'), newestMtime('scripts/vite'), fs.statSync('vite.config.ts').mtimeMs)) return;
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    // A production build even when started from a test runner (NODE_ENV=test would ship React in development mode).
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
