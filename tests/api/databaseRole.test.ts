/**
 * Requests run as a least-privilege database role: not a superuser, no DDL,
 * no server programs, no catalogue of passwords — while the console keeps
 * working, including the code generator, whose tables are created on the
 * owner connection and then served through the application role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testServer.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

describe('the application database role', () => {
  it('is not a superuser and may not create databases or roles', async () => {
    const role = await t.server.appDb.query<{ user: string; rolsuper: boolean; rolcreatedb: boolean; rolcreaterole: boolean }>(
      `SELECT current_user AS "user", rolsuper, rolcreatedb, rolcreaterole FROM pg_roles WHERE rolname = current_user`,
    );
    expect(role.rows[0]).toMatchObject({ rolsuper: false, rolcreatedb: false, rolcreaterole: false });
    expect(role.rows[0].user).toMatch(/^rsc_app_/);
    const owned = await t.server.appDb.query(`SELECT 1 FROM pg_class WHERE relowner = (SELECT oid FROM pg_roles WHERE rolname = current_user)`);
    expect(owned.rowCount).toBe(0);
  });

  it('cannot create, alter or drop tables', async () => {
    await expect(t.server.appDb.query('CREATE TABLE rogue (id int)')).rejects.toThrow(/permission denied/);
    await expect(t.server.appDb.query('ALTER TABLE blade_param ADD COLUMN rogue int')).rejects.toThrow(/must be owner/);
    await expect(t.server.appDb.query('DROP TABLE blade_param')).rejects.toThrow(/must be owner/);
    await expect(t.server.appDb.query('TRUNCATE blade_param')).rejects.toThrow(/permission denied/);
  });

  it('cannot read password hashes of database roles, run programs or read the deployment secrets', async () => {
    await expect(t.server.appDb.query('SELECT rolpassword FROM pg_authid')).rejects.toThrow(/permission denied/);
    await expect(t.server.appDb.query(`COPY (SELECT 1) TO PROGRAM 'true'`)).rejects.toThrow(/permission denied|must be superuser/);
    await expect(t.server.appDb.query(`SELECT value FROM rsc_deployment_secret`)).rejects.toThrow(/permission denied/);
  });

  it('reads and writes the data, also of tables created after it was set up', async () => {
    const token = await t.signIn('000000', 'admin');
    const params = await t.api('/api/blade-system/param/list?current=1&size=5', { token });
    expect(params.status).toBe(200);
    await t.db.query('CREATE TABLE later_table (id int)');
    await t.server.appDb.query('INSERT INTO later_table VALUES (1)');
    expect((await t.server.appDb.query('SELECT count(*)::int AS n FROM later_table')).rows[0].n).toBe(1);
  });
});
