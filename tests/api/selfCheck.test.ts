/** The self-check behind /test/index: figures for the platform administrator, refused to everyone else. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testServer.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

describe('GET /api/blade-system/self-check', () => {
  it('answers the server clock, the database version and latency, and the versions running', async () => {
    const token = await t.signIn('000000', 'admin');
    const before = Date.now();
    const response = await t.api('/api/blade-system/self-check', { token });
    expect(response.status).toBe(200);
    const report = response.body.data;
    expect(report.serverTime).toBeGreaterThanOrEqual(before - 1000);
    expect(report.serverTime).toBeLessThanOrEqual(Date.now() + 1000);
    const { rows } = await t.db.query<{ server_version: string }>('SHOW server_version');
    expect(report.database.version).toBe(rows[0].server_version);
    expect(report.database.latencyMs).toBeGreaterThan(0);
    expect(report).toMatchObject({ appVersion: '1.4.11', nodeVersion: process.version, accessTokenSeconds: 3000 });
  });

  it('is refused to a tenant’s administrator, whose menus do not hold the page either', async () => {
    const token = await t.signIn('100001', 'admin');
    expect((await t.api('/api/blade-system/self-check', { token })).status).toBe(403);
    const routes = JSON.stringify((await t.api('/api/blade-system/menu/routes', { token })).body.data);
    expect(routes).not.toContain('/test/index');
  });

  it('is refused to the platform’s other staff and to anyone not signed in', async () => {
    const token = await t.signIn('000000', 'inspector');
    expect((await t.api('/api/blade-system/self-check', { token })).status).toBe(403);
    expect((await t.api('/api/blade-system/self-check')).status).toBe(401);
  });
});
