/**
 * Global test setup: one embedded PostgreSQL server in a temporary directory for
 * the project. Each API test file then creates and drops its own database on it.
 * (The server-external project uses DATABASE_URL instead: externalDatabase.ts.)
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
