/**
 * GET /api/blade-system/param/getTk: one parameter's value for the page that
 * needs it — by default the Tianditu map token (map.tianditu.tk).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testServer.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const getTk = (token: string, query = '') => t.api(`/api/blade-system/param/getTk${query}`, { token });
const setParam = (token: string, paramKey: string, paramValue: string) =>
  t.api('/api/blade-system/param/submit', { token, body: { paramName: paramKey, paramKey, paramValue } });

describe('param/getTk', () => {
  it('answers the tenant’s map token to any signed-in user, the platform’s when the tenant has none, else empty', async () => {
    const inspector = await t.signIn('316979', 'inspector');
    expect((await getTk(inspector)).body.data).toBe('');
    expect((await setParam(await t.signIn('000000', 'admin'), 'map.tianditu.tk', 'platform-token')).status).toBe(200);
    expect((await getTk(inspector)).body.data).toBe('platform-token');
    expect((await setParam(await t.signIn('316979', 'admin'), 'map.tianditu.tk', 'tenant-token')).status).toBe(200);
    expect((await getTk(inspector)).body.data).toBe('tenant-token');
    expect((await getTk(await t.signIn('100001', 'inspector'))).body.data).toBe('platform-token');
  });

  it('answers another key only to those who open the parameter menu', async () => {
    const admin = await t.signIn('100001', 'admin');
    expect((await getTk(admin, '?paramKey=flood.season.start')).body.data).toBe('05-15');
    expect((await getTk(await t.signIn('100001', 'inspector'), '?paramKey=flood.season.start')).status).toBe(403);
    expect((await getTk(admin, `?paramKey=${'k'.repeat(300)}`)).status).toBe(400);
  });
});
