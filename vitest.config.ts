import { defineConfig } from 'vitest/config';

// Two projects: "server" (unit and API tests; a real PostgreSQL from the global
// setup: embedded by default, the DATABASE_URL server when TEST_DATABASE=external)
// and "browser" (Chromium against a freshly built console and a real server).
// expect.poll waits up to 15 s (vitest's default is 1 s): on a busy two-core machine a page or a
// query can take seconds to answer, and a poll is there to wait for it, not to time it.
const shared = { testTimeout: 60_000, hookTimeout: 120_000, pool: 'forks' as const, expect: { poll: { timeout: 15_000 } } };

export default defineConfig({
  test: {
    reporters: ['default', './tests/setup/summaryReporter.ts'],
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...shared,
          name: 'server',
          include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
          globalSetup: ['tests/setup/databaseServer.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'browser',
          include: ['tests/e2e/**/*.test.ts'],
          // One browser file at a time: Chromium, the console and a server per file saturate two cores,
          // and timing-sensitive steps then fail for reasons that are not the console's.
          fileParallelism: false,
          globalSetup: ['tests/setup/databaseServer.ts', 'tests/setup/buildConsole.ts'],
        },
      },
    ],
  },
});
