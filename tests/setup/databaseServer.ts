/**
 * Global test setup: one PostgreSQL server for the whole run. By default the
 * embedded server in a temporary directory; with TEST_DATABASE=external the
 * server at DATABASE_URL (CI runs the API suite on both). Each API test file
 * then creates and drops its own database on it, copied from the run's demo
 * template (demoTemplate.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../../src/server/db/embeddedDatabase.js';
import { createDemoTemplate, dropDemoTemplate, type DemoTemplate } from './demoTemplate.js';

let embedded: EmbeddedDatabase | undefined;
let dataDir: string | undefined;
let template: { adminUrl: string; template: DemoTemplate } | undefined;

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    databaseKind: 'embedded' | 'external';
    demoTemplate: DemoTemplate;
  }
}

export async function setup(project: TestProject): Promise<void> {
  const adminUrl = await startDatabase(project);
  template = { adminUrl, template: await createDemoTemplate(adminUrl) };
  project.provide('demoTemplate', template.template);
}

async function startDatabase(project: TestProject): Promise<string> {
  const external = process.env.TEST_DATABASE === 'external';
  if (external) {
    if (!process.env.DATABASE_URL) throw new Error('TEST_DATABASE=external needs DATABASE_URL');
    project.provide('adminDatabaseUrl', process.env.DATABASE_URL);
    project.provide('databaseKind', 'external');
    return process.env.DATABASE_URL;
  }
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsc-test-pg-'));
  fs.chmodSync(dataDir, 0o755);
  embedded = await startEmbeddedDatabase(dataDir);
  project.provide('adminDatabaseUrl', embedded.url);
  project.provide('databaseKind', 'embedded');
  return embedded.url;
}

export async function teardown(): Promise<void> {
  if (template) await dropDemoTemplate(template.adminUrl, template.template);
  await embedded?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
