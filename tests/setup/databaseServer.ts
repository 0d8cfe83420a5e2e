/**
 * Global test setup: one PostgreSQL server for the whole run. By default the
 * embedded server in a temporary directory; with TEST_DATABASE=external the
 * server at DATABASE_URL (CI runs the API suite on both). Each API test file
 * then creates and drops its own database on it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../../src/server/db/embeddedDatabase.js';

let embedded: EmbeddedDatabase | undefined;
let dataDir: string | undefined;

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    databaseKind: 'embedded' | 'external';
  }
}

export async function setup(project: TestProject): Promise<void> {
  const external = process.env.TEST_DATABASE === 'external';
  if (external) {
    if (!process.env.DATABASE_URL) throw new Error('TEST_DATABASE=external needs DATABASE_URL');
    project.provide('adminDatabaseUrl', process.env.DATABASE_URL);
    project.provide('databaseKind', 'external');
    return;
  }
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsc-test-pg-'));
  fs.chmodSync(dataDir, 0o755);
  embedded = await startEmbeddedDatabase(dataDir);
  project.provide('adminDatabaseUrl', embedded.url);
  project.provide('databaseKind', 'embedded');
}

export async function teardown(): Promise<void> {
  await embedded?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
