/**
 * The demo database every test file starts from, seeded once per run.
 *
 * Seeding the demo data (five tenants, reservoirs, a year of records, trails, events, the leave process) takes
 * about ten seconds on this machine, and almost every test file used to pay it before its first test. The run's
 * global setup now seeds one database through the server's own start-up (migrations, seed, secrets) and each file
 * copies it with `CREATE DATABASE … TEMPLATE` (a file copy, well under a second). A file's server then starts on
 * its copy exactly as a deployment restarts on its database: the seed is idempotent and adds only what is missing,
 * so a file that declares extra registers or dictionaries still gets them.
 *
 * The demo data is dated relative to the day it is seeded (records this week, events in the last days), so a copy
 * is only used on the day the template was seeded; a run that crosses midnight seeds the rest afresh.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../../src/server/config.js';
import { appRoleName } from '../../src/server/db/appRole.js';
import { startServer } from '../../src/server/server.js';

export interface DemoTemplate {
  database: string;
  /** The calendar day it was seeded on, in UTC and in China (the demo tenants' zone): see seededToday. */
  seededOn: string;
}

export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function databaseUrlFor(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

function today(): string {
  const now = new Date();
  return `${now.toISOString().slice(0, 10)}/${now.toLocaleDateString('en-CA', { timeZone: 'Asia/Shanghai' })}`;
}

/** Whether a copy of the template still holds today's demo data. */
export const seededToday = (template: DemoTemplate): boolean => template.seededOn === today();

export async function createDemoTemplate(adminUrl: string): Promise<DemoTemplate> {
  const database = `rsc_template_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const seededOn = today();
  await adminQuery(adminUrl, `CREATE DATABASE ${database}`);
  const config = loadConfig({
    port: 0,
    host: '127.0.0.1',
    databaseUrl: databaseUrlFor(adminUrl, database),
    captchaEnabled: false,
    pgPoolSize: 4,
    tokenSigningKey: undefined,
    webRoot: '/nonexistent',
    demoReadings: false,
  });
  const server = await startServer(config, { demo: true, logger: false });
  await server.close();
  // The template's application role is not wanted in the copies (each creates its own at start-up): its grants
  // go with DROP OWNED in the template, then the role itself (there is none when the owner may not create roles).
  const role = appRoleName(database);
  await adminQuery(
    databaseUrlFor(adminUrl, database),
    `DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${role}') THEN DROP OWNED BY ${role}; END IF; END $$`,
  );
  await adminQuery(adminUrl, `DROP ROLE IF EXISTS ${role}`);
  return { database, seededOn };
}

export async function dropDemoTemplate(adminUrl: string, template: DemoTemplate): Promise<void> {
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${template.database} WITH (FORCE)`);
}
