import { defineConfig } from 'vitest/config';

// Unit tests run anywhere; API and browser tests get a real PostgreSQL from the
// global setup (embedded by default, the DATABASE_URL server when
// TEST_DATABASE=external) and the browser tests a freshly built console.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/setup/databaseServer.ts', 'tests/setup/buildConsole.ts'],
    reporters: ['default', './tests/setup/summaryReporter.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
