/**
 * Second half of `npm test`: when DATABASE_URL names a PostgreSQL server, the
 * API suite runs again on it (the first run used the embedded server).
 */
import { spawnSync } from 'node:child_process';

if (!process.env.DATABASE_URL) {
  console.log('DATABASE_URL is not set: the API tests ran on the embedded PostgreSQL only.');
  process.exit(0);
}
console.log(`running the API tests again on DATABASE_URL (${new URL(process.env.DATABASE_URL).host})`);
// The graceful-stop test runs `npm start` on its own embedded database whatever DATABASE_URL says: once is enough.
const embeddedOnly = ['tests/api/gracefulStop.test.ts'];
const excluded = embeddedOnly.flatMap((file) => ['--exclude', file]);
const result = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', 'tests/api', ...excluded], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE: 'external' },
});
process.exit(result.status ?? 1);
