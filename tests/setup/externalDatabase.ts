/**
 * Global setup of the "server-external" project: the API tests run on the PostgreSQL server at
 * DATABASE_URL (CI sets it), besides the embedded one. Each API test file creates and drops its own
 * database there.
 */
import type { TestProject } from 'vitest/node';
// For its declaration of the provided context (adminDatabaseUrl, databaseKind).
import './databaseServer.js';

export function setup(project: TestProject): void {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('the server-external project needs DATABASE_URL');
  project.provide('adminDatabaseUrl', url);
  project.provide('databaseKind', 'external');
}
