/**
 * Tenancy administration (/api/blade-system/tenant/*): only the platform
 * administrator reads or writes tenants; creating one seeds a working
 * administrator; licence settings refuse expired sign-ins and users beyond
 * the quota; tenant/info is public and minimal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC, md5, startTestServer, type TestServer } from './testServer.js';

let t: TestServer;
let platform: string;
let tenantAdmin: string;
beforeAll(async () => {
  t = await startTestServer();
  platform = await t.signIn('000000', 'admin');
  tenantAdmin = await t.signIn('316979', 'admin');
});
afterAll(() => t?.close());

/** A tenant read (list, select, detail, package-detail) by the platform administrator. */
const asPlatform = (path: string) => t.api(`/api/blade-system/tenant/${path}`, { token: platform });
const createTenant = async (body: Record<string, unknown>) => {
  const response = await t.api('/api/blade-system/tenant/submit', { token: platform, body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
};

async function tokenResponse(tenantId: string, account: string, password: string) {
  const query = new URLSearchParams({ tenantId, username: account, password: md5(password), grant_type: 'password', scope: 'all' });
  return t.api(`/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { Authorization: BASIC, 'Tenant-Id': tenantId } });
}

describe('only the platform administrator administers tenants', () => {
  it('the platform administrator lists every tenant, paged', async () => {
    const page = await asPlatform('list?size=100');
    expect(page.status).toBe(200);
    expect(page.body.data.records.map((r: { tenantId: string }) => r.tenantId)).toEqual(
      expect.arrayContaining(['000000', '316979', '003189', '173509', '100001']),
    );
    const select = await asPlatform('select');
    expect(select.body.data[0]).toEqual({ id: expect.any(String), tenantId: expect.any(String), tenantName: expect.any(String) });
  });

  it('a tenant administrator is refused every tenant read and write, and sees no other tenant', async () => {
    const other = (await asPlatform('list?tenantId=100001')).body.data.records[0];
    const calls = [
      t.api('/api/blade-system/tenant/list', { token: tenantAdmin }),
      t.api('/api/blade-system/tenant/select', { token: tenantAdmin }),
      t.api(`/api/blade-system/tenant/detail?id=${other.id}`, { token: tenantAdmin }),
      t.api('/api/blade-system/tenant/package-detail?tenantId=100001', { token: tenantAdmin }),
      t.api('/api/blade-system/tenant/submit', { token: tenantAdmin, body: { tenantName: '越权租户' } }),
      t.api('/api/blade-system/tenant/submit', { token: tenantAdmin, body: { id: other.id, tenantName: '改名' } }),
      t.api(`/api/blade-system/tenant/remove?ids=${other.id}`, { token: tenantAdmin, method: 'POST' }),
      t.api(`/api/blade-system/tenant/setting?ids=${other.id}`, { token: tenantAdmin, body: { accountNumber: 1 } }),
      t.api('/api/blade-system/tenant/datasource?tenantId=100001&datasourceId=1', { token: tenantAdmin, method: 'POST' }),
      t.api('/api/blade-system/tenant/package-setting?tenantId=100001&packageId=1', { token: tenantAdmin, method: 'POST' }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(403);
      expect(JSON.stringify(response.body)).not.toContain('100001');
    }
    expect((await asPlatform(`detail?id=${other.id}`)).body.data).toMatchObject({ tenantName: other.tenantName, accountNumber: other.accountNumber });
    expect((await t.db.query(`SELECT count(*)::int AS n FROM blade_tenant WHERE tenant_name IN ('越权租户', '改名')`)).rows[0].n).toBe(0);
  });
});

describe('creating a tenant', () => {
  it('without a name is refused with the message and writes nothing', async () => {
    const before = (await t.db.query('SELECT count(*)::int AS n FROM blade_tenant')).rows[0].n;
    const response = await t.api('/api/blade-system/tenant/submit', { token: platform, body: { tenantName: '' } });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('请输入租户名称');
    const english = await t.api('/api/blade-system/tenant/submit', { token: platform, body: {}, headers: { 'Accept-Language': 'en' } });
    expect(english.body.msg).toBe('Please enter the tenant name');
    expect((await t.db.query('SELECT count(*)::int AS n FROM blade_tenant')).rows[0].n).toBe(before);
  });

  it('draws a new 6-digit id and seeds an administrator who can sign in with the password answered once', async () => {
    const created = await createTenant({ tenantName: '德化县水利局', linkman: '郑工', domain: 'https://dehua.example.gov.cn/', tenantId: '000000' });
    expect(created.tenantId).toMatch(/^\d{6}$/);
    expect(['000000', '316979', '003189', '173509', '100001']).not.toContain(created.tenantId);
    expect(created.domain).toBe('https://dehua.example.gov.cn');
    expect(created).toMatchObject({ tenantName: '德化县水利局', adminAccount: 'admin' });
    expect(created.adminPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);

    const token = await t.signIn(created.tenantId, 'admin', created.adminPassword);
    const info = await t.api('/api/blade-system/user/info', { token });
    expect(info.body.data).toMatchObject({ tenantId: created.tenantId, account: 'admin' });
    const codes = JSON.stringify((await t.api('/api/blade-system/menu/routes', { token })).body.data);
    expect(codes).toContain('"code":"param"');
    // Seeded like a demo tenant: the default roles, a root department, dictionaries and parameters of its own.
    const seeded = await t.db.query(
      `SELECT (SELECT count(*)::int FROM blade_role WHERE tenant_id = $1) AS roles, (SELECT count(*)::int FROM blade_dept WHERE tenant_id = $1) AS depts,
              (SELECT count(*)::int FROM blade_dict WHERE tenant_id = $1) AS dicts, (SELECT count(*)::int FROM blade_param WHERE tenant_id = $1) AS params,
              (SELECT password FROM blade_user WHERE tenant_id = $1 AND account = 'admin') AS hash`,
      [created.tenantId],
    );
    expect(seeded.rows[0]).toMatchObject({ roles: 5, depts: 1 });
    expect(seeded.rows[0].dicts).toBeGreaterThan(10);
    expect(seeded.rows[0].params).toBeGreaterThan(0);
    expect(seeded.rows[0].hash).not.toContain(created.adminPassword);

    // The password is never shown again.
    const detail = await asPlatform(`detail?id=${created.id}`);
    expect(detail.body.data.tenantId).toBe(created.tenantId);
    expect(JSON.stringify(detail.body)).not.toContain(created.adminPassword);
    expect(JSON.stringify((await asPlatform('list?size=100')).body)).not.toContain(created.adminPassword);
  });

  it('lists the one-time values for the console: the tenant id and account with the password, only the password secret', async () => {
    const created = await createTenant({ tenantName: '永春县水利局' });
    expect(created.shownOnce).toEqual([
      { key: 'tenantId', label: '租户ID', labelEn: 'Tenant id', value: created.tenantId, secret: false },
      { key: 'adminAccount', label: '管理员账号', labelEn: 'Administrator account', value: 'admin', secret: false },
      { key: 'adminPassword', label: '管理员密码', labelEn: 'Administrator password', value: created.adminPassword, secret: true },
    ]);
    // An edit answers the row alone: nothing is generated, nothing is shown.
    const edited = await t.api('/api/blade-system/tenant/submit', { token: platform, body: { id: created.id, linkman: '林工' } });
    expect(edited.status).toBe(200);
    expect(edited.body.data).not.toHaveProperty('shownOnce');
    expect(edited.body.data).not.toHaveProperty('adminPassword');
    for (const read of [await asPlatform(`detail?id=${created.id}`), await asPlatform('list?size=100'), await asPlatform('select')]) {
      expect(read.status).toBe(200);
      expect(JSON.stringify(read.body)).not.toContain(created.adminPassword);
      expect(JSON.stringify(read.body)).not.toContain('shownOnce');
    }
  });

  it('a repeated request (same Idempotency-Key) creates one tenant and does not answer the password again; it is kept nowhere in clear', async () => {
    const send = () =>
      t.api('/api/blade-system/tenant/submit', {
        token: platform,
        body: { tenantName: '南安市水利局' },
        headers: { 'Idempotency-Key': 'tenant-create-nanan-1' },
      });
    const first = await send();
    expect(first.status).toBe(200);
    const { adminPassword, tenantId } = first.body.data;
    expect(adminPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const replay = await send();
    expect(replay.status).toBe(200);
    expect(replay.body.data).toMatchObject({ id: first.body.data.id, tenantId, adminAccount: 'admin' });
    expect(replay.body.data).not.toHaveProperty('adminPassword');
    expect(replay.body.data).not.toHaveProperty('shownOnce');
    expect((await t.db.query("SELECT count(*)::int AS n FROM blade_tenant WHERE tenant_name = '南安市水利局'")).rows[0].n).toBe(1);
    const kept = await t.db.query("SELECT response::text AS response FROM rsc_idempotency WHERE idempotency_key = 'tenant-create-nanan-1'");
    expect(kept.rows[0].response).not.toContain(adminPassword);
    expect((await tokenResponse(tenantId, 'admin', adminPassword)).status).toBe(200);
  });

  it('editing keeps the tenant id; a domain taken by another tenant is refused', async () => {
    const a = await createTenant({ tenantName: '甲', domain: 'https://a.example.cn' });
    const b = await createTenant({ tenantName: '乙' });
    const edited = await t.api('/api/blade-system/tenant/submit', { token: platform, body: { id: b.id, tenantName: '乙（改）', tenantId: '999999' } });
    expect(edited.body.data).toMatchObject({ tenantName: '乙（改）', tenantId: b.tenantId });
    const clash = await t.api('/api/blade-system/tenant/submit', { token: platform, body: { id: b.id, domain: 'https://A.example.cn' } });
    expect(clash.status).toBe(400);
    expect(clash.body.msg).toBe('域名地址已被其他租户使用');
    expect(a.tenantId).not.toBe(b.tenantId);
  });
});

describe('removing tenants', () => {
  it('the platform tenant can never be removed, not even with another', async () => {
    const rows = (await asPlatform('list?size=100')).body.data.records as { id: string; tenantId: string }[];
    const platformRow = rows.find((r) => r.tenantId === '000000')!;
    const other = rows.find((r) => r.tenantId === '003189')!;
    const response = await t.api(`/api/blade-system/tenant/remove?ids=${other.id},${platformRow.id}`, { token: platform, method: 'POST' });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('平台租户不能删除');
    expect((await asPlatform(`detail?id=${other.id}`)).status).toBe(200);
  });

  it('a removed tenant can no longer sign in', async () => {
    const created = await createTenant({ tenantName: '待删除租户' });
    await t.signIn(created.tenantId, 'admin', created.adminPassword);
    expect((await t.api(`/api/blade-system/tenant/remove?ids=${created.id}`, { token: platform, method: 'POST' })).status).toBe(200);
    const refused = await tokenResponse(created.tenantId, 'admin', created.adminPassword);
    expect(refused.status).toBe(400);
    expect(refused.body.error_description).toBe('租户不存在或已停用');
  });
});

describe('licence settings', () => {
  it('an expired tenant cannot sign in, with a clear message, until the expiry is lifted', async () => {
    const created = await createTenant({ tenantName: '过期测试租户' });
    const set = await t.api(`/api/blade-system/tenant/setting?ids=${created.id}`, { token: platform, body: { expireTime: '2020-01-01 00:00:00' } });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({ updated: 1 });
    const refused = await tokenResponse(created.tenantId, 'admin', created.adminPassword);
    expect(refused.status).toBe(400);
    expect(refused.body.error_description).toBe('租户授权已过期，请联系管理员');
    await t.api(`/api/blade-system/tenant/setting?ids=${created.id}`, { token: platform, body: { expireTime: '' } });
    expect((await tokenResponse(created.tenantId, 'admin', created.adminPassword)).status).toBe(200);
  });

  it('sets several tenants at once and checks its values', async () => {
    const a = await createTenant({ tenantName: '批量甲' });
    const b = await createTenant({ tenantName: '批量乙' });
    const response = await t.api(`/api/blade-system/tenant/setting?ids=${a.id},${b.id}&accountNumber=20&expireTime=2099-12-31 23:59:59`, {
      token: platform,
      method: 'POST',
    });
    expect(response.body.data).toEqual({ updated: 2 });
    for (const id of [a.id, b.id]) {
      expect((await asPlatform(`detail?id=${id}`)).body.data).toMatchObject({ accountNumber: 20, expireTime: '2099-12-31 23:59:59' });
    }
    expect((await t.api(`/api/blade-system/tenant/setting?ids=${a.id}`, { token: platform, body: { accountNumber: -2 } })).status).toBe(400);
    expect((await t.api(`/api/blade-system/tenant/setting?ids=${a.id}`, { token: platform, body: { expireTime: 'tomorrow' } })).status).toBe(400);
    expect((await t.api(`/api/blade-system/tenant/setting?ids=${a.id}`, { token: platform, body: {} })).body.msg).toBe('请填写账号额度或过期时间');
    expect((await t.api('/api/blade-system/tenant/setting', { token: platform, body: { accountNumber: 1 } })).body.msg).toBe('请选择至少一条数据');
  });

  it('the platform tenant cannot be given an expiry (it would lock out its administrators)', async () => {
    const platformRow = (await asPlatform('list?tenantId=000000')).body.data.records[0];
    const response = await t.api(`/api/blade-system/tenant/setting?ids=${platformRow.id}`, { token: platform, body: { expireTime: '2020-01-01 00:00:00' } });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('平台租户不能设置过期时间');
  });

  it('a tenant at its account quota cannot add users', async () => {
    const created = await createTenant({ tenantName: '额度测试租户' });
    const admin = await t.signIn(created.tenantId, 'admin', created.adminPassword);
    const addUser = (account: string) => t.api('/api/blade-system/user/submit', { token: admin, body: { account, name: account, realName: account } });
    await t.api(`/api/blade-system/tenant/setting?ids=${created.id}`, { token: platform, body: { accountNumber: 2 } });
    expect((await addUser('second')).status).toBe(200);
    const refused = await addUser('third');
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('当前租户已达到账号额度（2个），不能再新增用户，请联系平台管理员');
    expect((await t.db.query(`SELECT count(*)::int AS n FROM blade_user WHERE tenant_id = $1`, [created.tenantId])).rows[0].n).toBe(2);
    await t.api(`/api/blade-system/tenant/setting?ids=${created.id}`, { token: platform, body: { accountNumber: -1 } });
    expect((await addUser('third')).status).toBe(200);
  });
});

describe('data source and package bindings', () => {
  it('binds and unbinds a data source by tenant id', async () => {
    const created = await createTenant({ tenantName: '数据源租户' });
    // The code generator's data source register, when installed, must hold the id.
    const isInstalled = (await t.db.query(`SELECT to_regclass('blade_datasource') IS NOT NULL AS present`)).rows[0].present;
    const datasourceId = '1234567890123';
    if (isInstalled) {
      const unknown = await t.api(`/api/blade-system/tenant/datasource?tenantId=${created.tenantId}&datasourceId=${datasourceId}`, {
        token: platform,
        method: 'POST',
      });
      expect(unknown.body.msg).toBe('数据源不存在或已被删除');
      await t.db.query(`INSERT INTO blade_datasource (id, tenant_id, name, url, username) VALUES ($1, '000000', '业务库', 'jdbc:postgresql://db/biz', 'biz')`, [
        datasourceId,
      ]);
    }
    const bound = await t.api(`/api/blade-system/tenant/datasource?tenantId=${created.tenantId}&datasourceId=${datasourceId}`, {
      token: platform,
      method: 'POST',
    });
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    expect((await asPlatform(`detail?id=${created.id}`)).body.data.datasourceId).toBe(datasourceId);
    await t.api(`/api/blade-system/tenant/datasource?id=${created.id}`, { token: platform, body: { datasourceId: '' } });
    expect((await asPlatform(`detail?id=${created.id}`)).body.data.datasourceId).toBeNull();
    expect((await t.api('/api/blade-system/tenant/datasource?tenantId=12&datasourceId=1', { token: platform, method: 'POST' })).status).toBe(400);
    expect((await t.api('/api/blade-system/tenant/datasource?tenantId=999998&datasourceId=1', { token: platform, method: 'POST' })).status).toBe(404);
  });

  it('binds a package (not to the platform tenant), answers it in package-detail, and unbinds it', async () => {
    const created = await createTenant({ tenantName: '套餐租户' });
    const menuId = (await t.db.query(`SELECT id::text AS id FROM blade_menu WHERE code = 'param'`)).rows[0].id;
    const pkg = (await t.api('/api/blade-system/tenant-package/submit', { token: platform, body: { packageName: '基础版', menuId } })).body.data;
    expect((await asPlatform(`package-detail?tenantId=${created.tenantId}`)).body.data).toBeNull();
    expect(
      (await t.api(`/api/blade-system/tenant/package-setting?tenantId=${created.tenantId}&packageId=${pkg.id}`, { token: platform, method: 'POST' })).status,
    ).toBe(200);
    expect((await asPlatform(`package-detail?tenantId=${created.tenantId}`)).body.data).toMatchObject({ id: pkg.id, packageName: '基础版', menuId });
    expect((await t.api(`/api/blade-system/tenant/package-setting?tenantId=000000&packageId=${pkg.id}`, { token: platform, method: 'POST' })).body.msg).toBe(
      '平台租户不能绑定套餐',
    );
    expect(
      (await t.api(`/api/blade-system/tenant/package-setting?tenantId=${created.tenantId}&packageId=77`, { token: platform, method: 'POST' })).status,
    ).toBe(400);
    await t.api(`/api/blade-system/tenant/package-setting?id=${created.id}`, { token: platform, body: { packageId: '' } });
    expect((await asPlatform(`package-detail?id=${created.id}`)).body.data).toBeNull();
  });
});

describe('tenant/info (public)', () => {
  it('answers only the id, name, domain and background of the tenant serving a domain, without signing in', async () => {
    await createTenant({
      tenantName: '公开信息租户',
      domain: 'https://info.example.cn',
      backgroundUrl: '/img/bg-info.jpg',
      linkman: '秘密联系人',
      contactNumber: '13800000000',
    });
    const response = await t.api('/api/blade-system/tenant/info?domain=https://INFO.example.cn/');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      tenantId: expect.stringMatching(/^\d{6}$/),
      tenantName: '公开信息租户',
      domain: 'https://info.example.cn',
      backgroundUrl: '/img/bg-info.jpg',
    });
  });

  it('answers null for an unknown or missing domain', async () => {
    expect((await t.api('/api/blade-system/tenant/info?domain=https://nobody.example')).body.data).toBeNull();
    expect((await t.api('/api/blade-system/tenant/info')).body.data).toBeNull();
    expect((await t.api(`/api/blade-system/tenant/info?domain=${encodeURIComponent("' or 1=1 --")}`)).body.data).toBeNull();
  });
});
