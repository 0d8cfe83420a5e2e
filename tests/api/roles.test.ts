/**
 * Roles (platform-core §3, §6, §7 role): the role tree and its lookups, the
 * grant that replaces a role's menus, data scopes, API scopes and top menus
 * (and refuses to hand out more than the granter holds), grant-keys that
 * reads them back, and removal rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5, startTestServer, type TestServer } from './testServer.js';

const TENANT = '316979';

let t: TestServer;
let admin: string;
let platformAdmin: string;
let inspector: string;

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await t.db.query(text, values)).rows as T[];
}

async function menuId(code: string): Promise<string> {
  return (await sql<{ id: string }>('SELECT id::text AS id FROM blade_menu WHERE code = $1 AND is_deleted = 0', [code]))[0].id;
}

async function menuIds(...codes: string[]): Promise<string[]> {
  return Promise.all(codes.map(menuId));
}

async function newRole(alias: string, parentId = '0', token = admin): Promise<string> {
  const response = await t.api('/api/blade-system/role/submit', { token, body: { roleName: `角色${alias}`, roleAlias: alias, sort: 20, parentId } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.id;
}

function grant(token: string, body: Record<string, unknown>) {
  return t.api('/api/blade-system/role/grant', { token, body });
}

async function keys(roleId: string, token = admin) {
  const response = await t.api(`/api/blade-system/role/grant-keys?roleId=${roleId}`, { token });
  expect(response.status).toBe(200);
  const sorted = (ids: string[]) => [...ids].sort();
  const data = response.body.data;
  return { menuIds: sorted(data.menuIds), dataScopeIds: sorted(data.dataScopeIds), apiScopeIds: sorted(data.apiScopeIds), topMenuIds: sorted(data.topMenuIds) };
}

async function dataScope(resourceCode: string, scopeType = 3): Promise<string> {
  const response = await t.api('/api/blade-system/data-scope/submit', {
    token: platformAdmin,
    body: { menuId: await menuId(resourceCode), resourceCode, scopeName: `${resourceCode}-${scopeType}`, scopeType },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.id;
}

async function apiScope(path: string, resourceCode = 'param'): Promise<string> {
  const response = await t.api('/api/blade-system/api-scope/submit', {
    token: platformAdmin,
    body: { menuId: await menuId(resourceCode), resourceCode, scopeName: path, scopePath: path },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.id;
}

/** A user of `tenantId` holding only a role granted exactly these menus (granted by the given administrator). */
async function userWithMenus(tenantId: string, account: string, codes: string[], granter: string): Promise<{ token: string; roleId: string }> {
  const roleId = await newRole(`${account}_role`, '0', granter);
  expect((await grant(granter, { roleIds: [roleId], menuIds: await menuIds(...codes) })).status).toBe(200);
  const created = await t.api('/api/blade-system/user/addUser', {
    token: granter,
    body: { account, name: account, realName: account, password: md5(`${account}-pass`), roleId },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { token: await t.signIn(tenantId, account, `${account}-pass`), roleId };
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn(TENANT, 'admin');
  platformAdmin = await t.signIn('000000', 'admin');
  inspector = await t.signIn(TENANT, 'inspector');
});
afterAll(() => t?.close());

describe('the role tree and lookups', () => {
  let parent: string;
  let child: string;
  beforeAll(async () => {
    parent = await newRole('patrol_lead');
    child = await newRole('patrol_member', parent);
  });

  it('list is the tree of records; tree is the TreeNode forest any user of the tenant may load for pickers', async () => {
    const list = await t.api('/api/blade-system/role/list', { token: admin });
    const lead = list.body.data.find((r: { id: string }) => r.id === parent);
    expect(lead).toMatchObject({ roleAlias: 'patrol_lead', hasChildren: true });
    expect(lead.children.map((r: { id: string }) => r.id)).toEqual([child]);
    const tree = await t.api('/api/blade-system/role/tree', { token: inspector });
    expect(tree.status).toBe(200);
    expect(tree.body.data.map((n: { title: string }) => n.title)).toContain('巡查员');
  });

  it('tree-by-id gives the role with everything below it; tree-by-role-name filters by name', async () => {
    const byId = await t.api(`/api/blade-system/role/tree-by-id?roleId=${parent}`, { token: admin });
    expect(byId.body.data).toHaveLength(1);
    expect(byId.body.data[0]).toMatchObject({ id: parent, title: '角色patrol_lead' });
    expect(byId.body.data[0].children.map((n: { id: string }) => n.id)).toEqual([child]);
    const byName = await t.api(`/api/blade-system/role/tree-by-role-name?roleName=${encodeURIComponent('巡查')}`, { token: admin });
    expect(byName.body.data.map((n: { title: string }) => n.title)).toEqual(['巡查员']);
  });

  it('select lists the tenant’s roles, or with userId the roles that user holds', async () => {
    const all = await t.api('/api/blade-system/role/select', { token: inspector });
    expect(all.body.data.map((r: { roleAlias: string }) => r.roleAlias)).toEqual(expect.arrayContaining(['administrator', 'inspector', 'patrol_lead']));
    const inspectorId = (await sql<{ id: string }>("SELECT id::text AS id FROM blade_user WHERE tenant_id = $1 AND account = 'inspector'", [TENANT]))[0].id;
    const held = await t.api(`/api/blade-system/role/select?userId=${inspectorId}`, { token: inspector });
    expect(held.body.data.map((r: { roleAlias: string }) => r.roleAlias)).toEqual(['inspector']);
  });

  it('search/role finds roles by name for pickers', async () => {
    const found = await t.api(`/api/blade-system/search/role?roleName=${encodeURIComponent('水库')}`, { token: inspector });
    expect(found.body.data.map((r: { roleAlias: string }) => r.roleAlias)).toEqual(['farm_admin']);
  });

  it('isPlatformAdmin is never set through the API', async () => {
    const created = await t.api('/api/blade-system/role/submit', {
      token: platformAdmin,
      body: { roleName: '伪平台', roleAlias: 'fake_platform', sort: 9, isPlatformAdmin: 1 },
    });
    expect(created.status).toBe(200);
    expect(created.body.data.isPlatformAdmin).toBe(0);
  });
});

describe('grant replaces a role’s grants, kind by kind', () => {
  let role: string;
  let scopeOnUsers: string;
  let scopeOnParams: string;
  let probe: string;
  let topMenus: string[];
  beforeAll(async () => {
    role = await newRole('grant_target');
    scopeOnUsers = await dataScope('user');
    scopeOnParams = await dataScope('param', 2);
    probe = await apiScope('GET /api/test-only/probe');
    topMenus = (
      await sql<{ id: string }>('SELECT id::text AS id FROM blade_top_menu WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY sort LIMIT 2', [TENANT])
    ).map((r) => r.id);
    expect(topMenus).toHaveLength(2);
  });

  it('grants menus, data scopes, API scopes and top menus, and grant-keys reads them back', async () => {
    const response = await grant(admin, {
      roleIds: [role],
      menuIds: await menuIds('system', 'user', 'user_view'),
      dataScopeIds: [scopeOnUsers, scopeOnParams],
      apiScopeIds: [probe],
      topMenuIds: topMenus,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toEqual({ roles: 1, granted: { menuIds: 3, dataScopeIds: 2, apiScopeIds: 1, topMenuIds: 2 } });
    expect(await keys(role)).toEqual({
      menuIds: (await menuIds('system', 'user', 'user_view')).sort(),
      dataScopeIds: [scopeOnUsers, scopeOnParams].sort(),
      apiScopeIds: [probe],
      topMenuIds: [...topMenus].sort(),
    });
  });

  it('a second grant replaces the kinds it names and leaves the others alone', async () => {
    expect((await grant(admin, { roleIds: [role], menuIds: await menuIds('system', 'param') })).status).toBe(200);
    const after = await keys(role);
    expect(after.menuIds).toEqual((await menuIds('system', 'param')).sort());
    expect(after.dataScopeIds).toEqual([scopeOnUsers, scopeOnParams].sort());
    expect(after.topMenuIds).toEqual([...topMenus].sort());
    const rows = await sql<{ n: number }>('SELECT count(*)::int AS n FROM blade_role_menu WHERE role_id = $1', [role]);
    expect(rows[0].n).toBe(2);
  });

  it('an empty list clears a kind', async () => {
    expect((await grant(admin, { roleIds: [role], dataScopeIds: [], topMenuIds: [], apiScopeIds: '' })).status).toBe(200);
    expect(await keys(role)).toMatchObject({ dataScopeIds: [], topMenuIds: [], apiScopeIds: [] });
    expect((await keys(role)).menuIds).toHaveLength(2);
  });

  it('takes the roles from ?roleIds= too, and several roles at once', async () => {
    const other = await newRole('grant_target_2');
    const response = await t.api(`/api/blade-system/role/grant?roleIds=${role},${other}`, { token: admin, body: { menuIds: [await menuId('param')] } });
    expect(response.status).toBe(200);
    expect((await keys(other)).menuIds).toEqual([await menuId('param')]);
    expect((await keys(role)).menuIds).toEqual([await menuId('param')]);
  });

  it('a menu that does not exist, a role of another tenant or a request naming nothing is refused', async () => {
    expect((await grant(admin, { roleIds: [role], menuIds: ['123456789'] })).body.msg).toBe('所选菜单不存在');
    const foreign = (await sql<{ id: string }>("SELECT id::text AS id FROM blade_role WHERE tenant_id = '100001' AND role_alias = 'inspector'"))[0].id;
    expect((await grant(admin, { roleIds: [foreign], menuIds: [await menuId('param')] })).status).toBe(404);
    expect((await grant(admin, { roleIds: [role] })).body.msg).toBe('请选择要授予的权限');
    expect((await grant(admin, { roleIds: ['1 or 1=1'], menuIds: [] })).status).toBe(400);
  });
});

describe('grant refuses escalation', () => {
  let delegate: string;
  let target: string;
  beforeAll(async () => {
    ({ token: delegate } = await userWithMenus(
      TENANT,
      'delegate',
      ['system', 'role', 'role_view', 'role_grant', 'param', 'param_view', 'user', 'user_view'],
      admin,
    ));
    target = await newRole('delegated_target');
    expect((await grant(admin, { roleIds: [target], menuIds: [await menuId('param')] })).status).toBe(200);
  });

  it('a granter may hand out menus and buttons their own roles hold', async () => {
    const response = await grant(delegate, { roleIds: [target], menuIds: await menuIds('param', 'param_view') });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  });

  it('but not a button they lack: refused, and the role keeps what it had', async () => {
    const before = await keys(target);
    const refused = await grant(delegate, { roleIds: [target], menuIds: await menuIds('param', 'param_view', 'param_edit') });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('无权授予：所选菜单或按钮超出了您自己的权限');
    expect(await keys(target)).toEqual(before);
  });

  it('nor a data or API scope of a menu they do not open', async () => {
    const scopeOnDepts = await dataScope('dept');
    const scopeOnUsers = await dataScope('user', 4);
    const fencedDepts = await apiScope('POST /api/test-only/fenced', 'dept');
    const fencedParams = await apiScope('POST /api/test-only/fenced-params', 'param');
    expect((await grant(delegate, { roleIds: [target], apiScopeIds: [fencedDepts] })).status).toBe(403);
    expect((await grant(delegate, { roleIds: [target], dataScopeIds: [scopeOnDepts] })).status).toBe(403);
    expect((await grant(delegate, { roleIds: [target], dataScopeIds: [scopeOnUsers] })).status).toBe(200);
    expect((await keys(target)).apiScopeIds).toEqual([]);
    expect((await grant(delegate, { roleIds: [target], apiScopeIds: [fencedParams] })).status).toBe(200);
  });

  it('without role_grant there is no grant at all', async () => {
    const farmAdmin = await t.signIn(TENANT, 'farm_admin');
    expect((await grant(farmAdmin, { roleIds: [target], menuIds: [] })).status).toBe(403);
  });

  it('only the platform administrator changes the grants of the platform administration role', async () => {
    const { token: operator } = await userWithMenus('000000', 'operator', ['system', 'role', 'role_view', 'role_grant', 'param'], platformAdmin);
    const platformRole = (await sql<{ id: string }>("SELECT id::text AS id FROM blade_role WHERE tenant_id = '000000' AND is_platform_admin = 1"))[0].id;
    const before = await keys(platformRole, platformAdmin);
    const refused = await grant(operator, { roleIds: [platformRole], menuIds: [await menuId('param')] });
    expect(refused.status).toBe(403);
    expect(await keys(platformRole, platformAdmin)).toEqual(before);
  });

  it('grant-keys is a read of the role register: a user without its menu is refused', async () => {
    expect((await t.api(`/api/blade-system/role/grant-keys?roleId=${target}`, { token: inspector })).status).toBe(403);
  });
});

describe('removal', () => {
  it('a role users still hold is not removed, and the message says why', async () => {
    const held = (await sql<{ id: string }>("SELECT id::text AS id FROM blade_role WHERE tenant_id = $1 AND role_alias = 'inspector'", [TENANT]))[0].id;
    const response = await t.api(`/api/blade-system/role/remove?ids=${held}`, { method: 'POST', token: admin });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('角色“巡查员”仍有 1 个用户在使用，请先为这些用户取消该角色');
    expect((await sql('SELECT 1 FROM blade_role WHERE id = $1 AND is_deleted = 0', [held])).length).toBe(1);
  });

  it('a role with child roles is not removed', async () => {
    const parent = await newRole('removal_parent');
    await newRole('removal_child', parent);
    expect((await t.api(`/api/blade-system/role/remove?ids=${parent}`, { method: 'POST', token: admin })).body.msg).toBe('请先删除子节点');
  });

  it('an unused role is removed with its grants', async () => {
    const role = await newRole('short_lived');
    await grant(admin, { roleIds: [role], menuIds: [await menuId('param')], dataScopeIds: [await dataScope('param')] });
    const response = await t.api(`/api/blade-system/role/remove?ids=${role}`, { method: 'POST', token: admin });
    expect(response.body.data).toEqual({ removed: 1 });
    expect(await sql('SELECT 1 FROM blade_role_menu WHERE role_id = $1 UNION ALL SELECT 1 FROM blade_role_scope WHERE role_id = $1', [role])).toHaveLength(0);
  });

  it('the platform administration role is never removed', async () => {
    const platformRole = (await sql<{ id: string }>("SELECT id::text AS id FROM blade_role WHERE tenant_id = '000000' AND is_platform_admin = 1"))[0].id;
    const response = await t.api(`/api/blade-system/role/remove?ids=${platformRole}`, { method: 'POST', token: platformAdmin });
    expect(response.status).toBe(400);
  });

  it('another tenant cannot remove the role', async () => {
    const role = await newRole('kept_safe');
    const other = await t.signIn('100001', 'admin');
    expect((await t.api(`/api/blade-system/role/remove?ids=${role}`, { method: 'POST', token: other })).status).toBe(404);
  });
});

describe('assign-users', () => {
  const assign = (body: Record<string, unknown>, token = admin) => t.api('/api/blade-system/role/assign-users', { token, body });
  const rolesOf = async (account: string, tenantId = TENANT) =>
    (await sql<{ role_id: string }>('SELECT role_id FROM blade_user WHERE tenant_id = $1 AND account = $2', [tenantId, account]))[0].role_id.split(',');

  it('adds the role to each chosen user beside the roles they hold', async () => {
    const roleId = await newRole('patrolLead');
    const before = await rolesOf('inspector');
    const userId = (await sql<{ id: string }>(`SELECT id::text AS id FROM blade_user WHERE tenant_id = $1 AND account = 'inspector'`, [TENANT]))[0].id;
    const response = await assign({ roleId, userIds: [userId] });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toEqual({ assigned: 1 });
    expect(await rolesOf('inspector')).toEqual([...before, roleId]);
    // Assigning again changes nothing.
    expect((await assign({ roleId, userIds: [userId] })).body.data).toEqual({ assigned: 0 });
    expect(await rolesOf('inspector')).toEqual([...before, roleId]);
  });

  it('refuses without the button, for another tenant’s user, an unknown role or no users, and changes nothing', async () => {
    const roleId = await newRole('gateKeeper');
    const userId = (await sql<{ id: string }>(`SELECT id::text AS id FROM blade_user WHERE tenant_id = $1 AND account = 'inspector'`, [TENANT]))[0].id;
    const foreign = (await sql<{ id: string }>(`SELECT id::text AS id FROM blade_user WHERE tenant_id = '100001' AND account = 'inspector'`))[0].id;
    const before = await rolesOf('inspector');
    expect((await assign({ roleId, userIds: [userId] }, inspector)).status).toBe(403);
    expect((await assign({ roleId, userIds: [foreign] })).status).toBe(404);
    expect((await assign({ roleId: '123', userIds: [userId] })).status).toBe(400);
    const none = await assign({ roleId, userIds: [] });
    expect(none.status).toBe(400);
    expect(await rolesOf('inspector')).toEqual(before);
    expect(await rolesOf('inspector', '100001')).not.toContain(roleId);
  });
});
