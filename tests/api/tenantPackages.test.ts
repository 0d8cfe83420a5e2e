/**
 * Tenant packages (/api/blade-system/tenant-package/*): the spec's messages,
 * menus stored comma-joined, no view button, platform administrator only,
 * and the package as the ceiling of a tenant's menus, buttons and grants.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testServer.js';

interface Node {
  id: string;
  code?: string;
  category?: number;
  isGrantable?: boolean;
  children?: Node[];
}
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

let t: TestServer;
let platform: string;
let menuIds: Record<string, string>;
beforeAll(async () => {
  t = await startTestServer();
  platform = await t.signIn('000000', 'admin');
  const rows = (await t.db.query<{ code: string; id: string }>('SELECT code, id::text AS id FROM blade_menu WHERE is_deleted = 0')).rows;
  menuIds = Object.fromEntries(rows.map((r) => [r.code, r.id]));
});
afterAll(() => t?.close());

const submit = (body: unknown, headers?: Record<string, string>) => t.api('/api/blade-system/tenant-package/submit', { token: platform, body, headers });

describe('package form', () => {
  it('requires a name and menus, with the spec messages in both languages, and writes nothing', async () => {
    const response = await submit({ packageName: '', menuId: '' });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('请输入套餐名称');
    expect(response.body.data.errors).toEqual([
      { field: 'packageName', message: '请输入套餐名称' },
      { field: 'menuId', message: '请选择菜单' },
    ]);
    const english = await submit({ packageName: 'Basic', menuId: [] }, { 'Accept-Language': 'en' });
    expect(english.body.msg).toBe('Please select menus');
    expect((await submit({}, { 'Accept-Language': 'en' })).body.msg).toBe('Please enter the package name');
    expect((await t.db.query('SELECT count(*)::int AS n FROM blade_tenant_package')).rows[0].n).toBe(0);
  });

  it('stores the chosen menus joined by commas, whether sent as a list or as text', async () => {
    const fromList = await submit({ packageName: '列表版', menuId: [menuIds.system, menuIds.param, menuIds.system], remark: '基础' });
    expect(fromList.status).toBe(200);
    expect(fromList.body.data.menuId).toBe(`${menuIds.system},${menuIds.param}`);
    const fromText = await submit({ packageName: '文本版', menuId: ` ${menuIds.param} ,${menuIds.param_add}` });
    expect(fromText.body.data.menuId).toBe(`${menuIds.param},${menuIds.param_add}`);
    const edited = await submit({ id: fromText.body.data.id, menuId: [menuIds.param] });
    expect(edited.body.data).toMatchObject({ packageName: '文本版', menuId: menuIds.param, version: 2 });
    expect((await t.api(`/api/blade-system/tenant-package/detail?id=${fromList.body.data.id}`, { token: platform })).body.data.remark).toBe('基础');
  });

  it('refuses menu lists that are not ids, and duplicate names', async () => {
    expect((await submit({ packageName: '坏菜单', menuId: 'system,param' })).body.msg).toBe('请选择菜单');
    expect((await submit({ packageName: '坏菜单', menuId: [{ id: 1 }] })).status).toBe(400);
    await submit({ packageName: '重名', menuId: menuIds.param });
    const duplicate = await submit({ packageName: '重名', menuId: menuIds.param });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.msg).toBe('套餐名称已存在');
  });

  it('has add, edit and delete buttons but no view button (platform-core §6)', async () => {
    const buttons = flatten((await t.api('/api/blade-system/menu/buttons', { token: platform })).body.data).map((n) => n.code);
    expect(buttons).toEqual(expect.arrayContaining(['tenant_package_add', 'tenant_package_edit', 'tenant_package_delete']));
    expect(buttons).not.toContain('tenant_package_view');
    const schema = (await t.api('/api/blade-system/schema/client?id=system/tenantPackage', { token: platform })).body.data;
    expect(schema['x-permissions'].view).toBe('tenant_package_view');
    expect(menuIds.tenant_package_view).toBeUndefined();
  });

  it('is the platform administrator’s alone', async () => {
    const tenantAdmin = await t.signIn('316979', 'admin');
    const created = (await submit({ packageName: '专属', menuId: menuIds.param })).body.data;
    for (const response of [
      await t.api('/api/blade-system/tenant-package/list', { token: tenantAdmin }),
      await t.api(`/api/blade-system/tenant-package/detail?id=${created.id}`, { token: tenantAdmin }),
      await t.api('/api/blade-system/tenant-package/submit', { token: tenantAdmin, body: { packageName: 'x', menuId: menuIds.param } }),
      await t.api(`/api/blade-system/tenant-package/remove?ids=${created.id}`, { token: tenantAdmin, method: 'POST' }),
    ]) {
      expect(response.status).toBe(403);
    }
  });
});

describe('a bound package limits the tenant', () => {
  let tenant: { id: string; tenantId: string; adminPassword: string };
  let packageId: string;
  beforeAll(async () => {
    tenant = (await t.api('/api/blade-system/tenant/submit', { token: platform, body: { tenantName: '套餐限制租户' } })).body.data;
    packageId = (await submit({ packageName: '仅参数', menuId: [menuIds.param, menuIds.param_add, menuIds.menu] })).body.data.id;
    await t.api(`/api/blade-system/tenant/package-setting?tenantId=${tenant.tenantId}&packageId=${packageId}`, { token: platform, method: 'POST' });
  });

  it('menu/routes show only the package’s menus (under their parents), buttons only its buttons', async () => {
    const token = await t.signIn(tenant.tenantId, 'admin', tenant.adminPassword);
    const routes = flatten((await t.api('/api/blade-system/menu/routes', { token })).body.data).map((n) => n.code);
    expect(routes.sort()).toEqual(['menu', 'param', 'system']);
    const buttons = flatten((await t.api('/api/blade-system/menu/buttons', { token })).body.data)
      .filter((n) => n.category === 2)
      .map((n) => n.code);
    expect(buttons).toEqual(['param_add']);
    const tops = (await t.api('/api/blade-system/menu/top-menu', { token })).body.data.map((top: { code: string }) => top.code);
    expect(tops).toEqual(['top_system']);
  });

  it('permission checks follow the package: granted and packaged works, granted but not packaged is refused', async () => {
    const token = await t.signIn(tenant.tenantId, 'admin', tenant.adminPassword);
    expect((await t.api('/api/blade-system/param/list', { token })).status).toBe(200);
    const added = await t.api('/api/blade-system/param/submit', { token, body: { paramName: 'p', paramKey: 'package.test', paramValue: '1' } });
    expect(added.status).toBe(200);
    expect((await t.api('/api/blade-system/param/submit', { token, body: { id: added.body.data.id, paramValue: '2' } })).status).toBe(403);
    expect((await t.api('/api/blade-system/role/list', { token })).status).toBe(403);
  });

  it('the grant tree offers only the package’s menus', async () => {
    const token = await t.signIn(tenant.tenantId, 'admin', tenant.adminPassword);
    const tree = flatten((await t.api('/api/blade-system/menu/grant-tree', { token })).body.data.menu);
    expect(
      tree
        .filter((n) => n.isGrantable)
        .map((n) => n.id)
        .sort(),
    ).toEqual([menuIds.menu, menuIds.param, menuIds.param_add].sort());
    expect(tree.find((n) => n.id === menuIds.system)).toMatchObject({ isGrantable: false });
  });

  it('a bound package cannot be removed; unbound, the tenant sees everything again and the package goes', async () => {
    const refused = await t.api(`/api/blade-system/tenant-package/remove?ids=${packageId}`, { token: platform, method: 'POST' });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(`套餐正在被租户使用（${tenant.tenantId}），请先解除绑定`);
    await t.api(`/api/blade-system/tenant/package-setting?tenantId=${tenant.tenantId}`, { token: platform, body: { packageId: '' } });
    const token = await t.signIn(tenant.tenantId, 'admin', tenant.adminPassword);
    expect(flatten((await t.api('/api/blade-system/menu/routes', { token })).body.data).length).toBeGreaterThan(50);
    expect((await t.api(`/api/blade-system/tenant-package/remove?ids=${packageId}`, { token: platform, method: 'POST' })).status).toBe(200);
  });

  it('other tenants and the platform are not limited by it', async () => {
    const token = await t.signIn('316979', 'admin');
    expect(flatten((await t.api('/api/blade-system/menu/routes', { token })).body.data).length).toBeGreaterThan(50);
  });
});

describe('role grants stay within the tenant’s package', () => {
  let tenant: { tenantId: string; adminPassword: string };
  let token: string;
  let roleId: string;
  const grant = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    t.api('/api/blade-system/role/grant', { token, body: { roleIds: [roleId], ...body }, headers });
  const heldMenus = async () =>
    (await t.db.query<{ id: string }>('SELECT menu_id::text AS id FROM blade_role_menu WHERE role_id = $1 AND is_deleted = 0 ORDER BY 1', [roleId])).rows.map(
      (r) => r.id,
    );
  const heldScopes = async () =>
    (await t.db.query<{ id: string }>('SELECT scope_id::text AS id FROM blade_role_scope WHERE role_id = $1 AND is_deleted = 0 ORDER BY 1', [roleId])).rows.map(
      (r) => r.id,
    );

  beforeAll(async () => {
    tenant = (await t.api('/api/blade-system/tenant/submit', { token: platform, body: { tenantName: '套餐授权租户' } })).body.data;
    const packaged = [menuIds.system, menuIds.role, menuIds.role_grant, menuIds.param, menuIds.param_add];
    expect(packaged.every(Boolean)).toBe(true);
    const packageId = (await submit({ packageName: '角色与参数', menuId: packaged })).body.data.id;
    await t.api(`/api/blade-system/tenant/package-setting?tenantId=${tenant.tenantId}&packageId=${packageId}`, { token: platform, method: 'POST' });
    token = await t.signIn(tenant.tenantId, 'admin', tenant.adminPassword);
    const role = await t.db.query<{ id: string }>(
      `SELECT id::text AS id FROM blade_role WHERE tenant_id = $1 AND is_deleted = 0 AND role_alias <> 'administrator' ORDER BY id LIMIT 1`,
      [tenant.tenantId],
    );
    roleId = role.rows[0].id;
  });

  it('the tenant’s administrator grants menus and buttons of the package', async () => {
    const response = await grant({ menuIds: [menuIds.param, menuIds.param_add] });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(await heldMenus()).toEqual([menuIds.param, menuIds.param_add].sort());
  });

  it('a menu or button outside the package is refused with a clear message, and nothing changes', async () => {
    const before = await heldMenus();
    const response = await grant({ menuIds: [menuIds.param, menuIds.user] });
    expect(response.status).toBe(403);
    expect(response.body.msg).toBe('无权授予：所选菜单或按钮不在本租户的套餐内');
    const english = await grant({ menuIds: [menuIds.user_add] }, { 'Accept-Language': 'en' });
    expect(english.body.msg).toBe('Refused: a chosen menu or button is not in this tenant’s package');
    expect(await heldMenus()).toEqual(before);
  });

  it('a data or API scope of a menu outside the package is refused, and nothing changes', async () => {
    const scope = async (resourceCode: string) => {
      const path = `/api/blade-system/${resourceCode}/**`;
      const body = { menuId: menuIds[resourceCode], resourceCode, scopeName: path, scopePath: path };
      const response = await t.api('/api/blade-system/api-scope/submit', { token: platform, body });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.data.id as string;
    };
    const outside = await scope('user');
    const inside = await scope('param');
    expect((await grant({ menuIds: [menuIds.param], apiScopeIds: [inside] })).status).toBe(200);
    const before = await heldScopes();
    const response = await grant({ menuIds: [menuIds.param], apiScopeIds: [inside, outside] });
    expect(response.status).toBe(403);
    expect(response.body.msg).toBe('无权授予：所选数据权限或接口权限所属的菜单不在本租户的套餐内');
    expect(await heldScopes()).toEqual(before);
  });

  it('the platform tenant has no package: its administrator grants every menu', async () => {
    const role = await t.db.query<{ id: string }>(
      `SELECT id::text AS id FROM blade_role WHERE tenant_id = '000000' AND is_deleted = 0 AND is_platform_admin = 0 ORDER BY id LIMIT 1`,
    );
    const response = await t.api('/api/blade-system/role/grant', {
      token: platform,
      body: { roleIds: [role.rows[0].id], menuIds: [menuIds.user, menuIds.param] },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  });
});
