/**
 * Two server instances on one PostgreSQL behave as one system: what an
 * administrator changes through instance A — a generated register, a role's
 * grant, a revoked session, a parameter — takes effect on instance B within
 * seconds, because every such fact lives in the database and no instance
 * caches it for long. (Shared rate limits and sign-in throttles are specified
 * in rateLimits.test.ts and signInThrottle.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5, startSecondInstance, startTestServer, type TestServer } from './testServer.js';

const TENANT = '100001';

let a: TestServer;
let b: TestServer;
let platformAdmin: string;
let tenantAdmin: string;

async function submitted(path: string, body: unknown, token = platformAdmin) {
  const response = await a.api(path, { token, body, method: 'POST' });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

beforeAll(async () => {
  a = await startTestServer();
  // A second instance on the same database, started as a deployment would start it.
  b = await startSecondInstance(a);
  platformAdmin = await a.signIn('000000', 'admin');
  tenantAdmin = await a.signIn(TENANT, 'admin');
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('two instances on one database', () => {
  it('a token signed by one instance is accepted by the other', async () => {
    expect((await b.api('/api/blade-system/param/getTk', { token: tenantAdmin })).status).toBe(200);
  });

  it('a register generated through A is served by B', async () => {
    const develop = (path: string) => `/api/blade-develop/${path}`;
    const model = await submitted(develop('model/submit'), { datasourceId: '0', modelName: '雨量站', modelCode: 'raingauge' });
    await submitted(develop(`model-prototype/submit-list?modelId=${model.id}`), [
      { jdbcName: 'station_name', jdbcComment: '测站名称', propertyName: 'stationName', propertyType: 'string', isQuery: 1 },
    ]);
    const code = await submitted(develop('code/submit'), { modelId: model.id, codeName: '雨量站登记', codeNameEn: 'Rain gauges' });
    expect((await b.api('/api/generated/raingauge/list', { token: platformAdmin })).status).toBe(404);
    await submitted(develop(`code/gen-code?ids=${code.id}&system=saber`), undefined);
    await expect.poll(async () => (await b.api('/api/generated/raingauge/list', { token: platformAdmin })).status).toBe(200);
    const saved = await b.api('/api/generated/raingauge/submit', { token: platformAdmin, body: { stationName: '东坝雨量站' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it('a menu granted to a role through A opens the register on B', async () => {
    const role = await submitted('/api/blade-system/role/submit', { roleName: '参数查看', roleAlias: 'param_viewer', sort: 30, parentId: '0' }, tenantAdmin);
    await submitted(
      '/api/blade-system/user/addUser',
      { account: 'viewer', name: 'viewer', realName: '查看员', password: md5('viewer-pass'), roleId: role.id },
      tenantAdmin,
    );
    const viewer = await a.signIn(TENANT, 'viewer', 'viewer-pass');
    expect((await b.api('/api/blade-system/param/list', { token: viewer })).status).toBe(403);
    const paramMenu = await a.db.query<{ id: string }>(`SELECT id::text AS id FROM blade_menu WHERE code = 'param' AND is_deleted = 0`);
    await submitted('/api/blade-system/role/grant', { roleIds: [role.id], menuIds: [paramMenu.rows[0].id] }, tenantAdmin);
    await expect.poll(async () => (await b.api('/api/blade-system/param/list', { token: viewer })).status).toBe(200);
  });

  it('a session ended through A is refused by B', async () => {
    const token = await a.signIn(TENANT, 'inspector');
    expect((await b.api('/api/blade-auth/oauth/user-info', { token })).status).toBe(200);
    expect((await a.api('/api/blade-auth/oauth/logout', { token, method: 'POST' })).status).toBe(200);
    await expect.poll(async () => (await b.api('/api/blade-auth/oauth/user-info', { token })).status).toBe(401);
  });

  it('a parameter changed through A is what B answers', async () => {
    await submitted('/api/blade-system/param/submit', { paramName: '天地图密钥', paramKey: 'map.tianditu.tk', paramValue: 'first-key' }, tenantAdmin);
    expect((await b.api('/api/blade-system/param/getTk', { token: tenantAdmin })).body.data).toBe('first-key');
  });
});
