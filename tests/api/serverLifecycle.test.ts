/**
 * The server as a process: deny-by-default route registration, migrations
 * that only add, idempotent seeding, the no-demo administrator, the embedded
 * database's data-directory lock and a clean shutdown on SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { migrate } from '../../src/server/db/migrate.js';
import { buildEntityModel } from '../../src/server/engine/entityModel.js';
import { entityModel } from '../../src/server/engine/entityRegistry.js';
import { seedDatabase } from '../../src/server/seed/seedDatabase.js';
import { startTestServer, type TestServer } from './testServer.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

describe('deny by default', () => {
  it('a route registered without an access declaration stops the server from starting', async () => {
    const app = await buildApp({ db: t.db, config: loadConfig({ webRoot: '/nonexistent' }), signingKey: new Uint8Array(64) });
    expect(() => app.get('/api/undeclared', async () => 'open')).toThrow(/declares no access/);
    await app.close();
  });

  it('an unknown API path answers 404 in the envelope', async () => {
    const token = await t.signIn('000000', 'admin');
    const response = await t.api('/api/blade-system/nothing-here', { token, method: 'POST' });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 404, success: false });
  });
});

describe('migrations', () => {
  it('a new property becomes a new column, recorded, and nothing is dropped', async () => {
    const param = entityModel('system/param');
    const extended = buildEntityModel({
      ...param.schema,
      properties: { ...param.schema.properties, unit: { type: 'string', maxLength: 16, title: '单位', 'x-en': 'Unit' } },
    });
    const plan = await migrate(t.db, [extended]);
    expect(plan.statements.map((s) => s.sql)).toEqual(['ALTER TABLE "blade_param" ADD COLUMN "unit" varchar(16)']);
    const recorded = await t.db.query(`SELECT statement FROM rsc_schema_migration WHERE statement LIKE 'ALTER TABLE "blade_param" ADD COLUMN "unit"%'`);
    expect(recorded.rowCount).toBe(1);
    // Migrating back to the original schema leaves the column (and its data) alone.
    const back = await migrate(t.db, [param]);
    expect(back.statements).toEqual([]);
    const columns = await t.db.query(`SELECT 1 FROM information_schema.columns WHERE table_name = 'blade_param' AND column_name = 'unit'`);
    expect(columns.rowCount).toBe(1);
  });

  it('a column whose type differs is reported, not changed', async () => {
    await t.db.query('ALTER TABLE blade_param ADD COLUMN IF NOT EXISTS odd_type integer');
    const param = entityModel('system/param');
    const withText = buildEntityModel({
      ...param.schema,
      properties: { ...param.schema.properties, oddType: { type: 'string', maxLength: 8, title: '怪', 'x-en': 'Odd' } },
    });
    const plan = await migrate(t.db, [withText]);
    expect(plan.statements).toEqual([]);
    expect(plan.warnings.join('\n')).toMatch(/odd_type is integer in the database but varchar\(8\)/);
  });
});

describe('seeding', () => {
  it('running the demo seed again changes nothing', async () => {
    const count = async () =>
      (
        await t.db.query(
          `SELECT (SELECT count(*) FROM blade_user) + (SELECT count(*) FROM blade_menu) + (SELECT count(*) FROM blade_role_menu) + (SELECT count(*) FROM blade_dict) + (SELECT count(*) FROM blade_param) AS n`,
        )
      ).rows[0].n;
    const before = await count();
    await seedDatabase(t.db, { demo: true });
    expect(await count()).toBe(before);
  });

  it('never returns a password hash from any user-facing endpoint', async () => {
    const token = await t.signIn('000000', 'admin');
    const info = await t.api('/api/blade-auth/oauth/user-info', { token });
    expect(JSON.stringify(info.body)).not.toMatch(/\$argon2/);
  });

  it('without demo data one administrator with a random password is created once', async () => {
    const fresh = await startTestServer({}, { demo: false });
    try {
      const generated = fresh.server.seed.generatedPasswords;
      expect(generated).toHaveLength(1);
      expect(generated[0]).toMatchObject({ tenantId: '000000', account: 'admin' });
      expect(generated[0].password).not.toBe('admin');
      expect(generated[0].password.length).toBeGreaterThanOrEqual(16);
      await expect(fresh.signIn('000000', 'admin', 'admin')).rejects.toThrow();
      await expect(fresh.signIn('000000', 'admin', generated[0].password)).resolves.toMatch(/\./);
      const users = await fresh.db.query('SELECT count(*)::int AS n FROM blade_user');
      expect(users.rows[0].n).toBe(1);
      expect((await seedDatabase(fresh.db, { demo: false })).generatedPasswords).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});

describe('the server process on the embedded database', { timeout: 240_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsc-process-'));
  fs.chmodSync(dataDir, 0o755);
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function startProcess(): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', SKIP_BUILD: '1', CAPTCHA_MODE: 'off', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let text = '';
    child.stdout!.on('data', (chunk) => (text += chunk));
    child.stderr!.on('data', (chunk) => (text += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { child, output: () => text, exited };
  }

  async function waitFor(output: () => string, pattern: RegExp, ms = 180_000): Promise<RegExpMatchArray> {
    const start = Date.now();
    while (Date.now() - start < ms) {
      const match = output().match(pattern);
      if (match) return match;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`timed out waiting for ${pattern}; output:\n${output()}`);
  }

  it('prints the URL and the demo accounts, refuses a second process on the same data, and stops cleanly on SIGTERM', async () => {
    const first = startProcess();
    const [, url] = await waitFor(first.output, /running at (http:\/\/localhost:\d+)/);
    expect(first.output()).toMatch(/tenant 000000 .*: admin, farm_admin, subject_admin, river_chief, inspector/);
    const settings = await fetch(`${url}/api/blade-system/public/settings`).then((r) => r.json());
    expect(settings.data.captchaMode).toBe(false);

    const second = startProcess();
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/already used by another server \(process \d+\)/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toMatch(/stopped cleanly/);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  });
});
