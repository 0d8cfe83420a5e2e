/**
 * Department packages (/api/v1/dept/package/*): a tenant's menu
 * packages bound to departments, the ceiling of what users signed in under
 * those departments see and may use.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/passwords.js';
import { nextId } from '../../src/server/db/ids.js';
import { md5, startTestServer, type TestServer } from './testServer.js';

interface Node {
  code: string;
  category: number;
  children?: Node[];
}
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

const TENANT = '316979';
let t: TestServer;
let admin: string;
let ids: Record<string, string>;
let rootDept: string;

async function createDept(name: string, tenantId = TENANT): Promise<string> {
  const id = nextId();
  await t.db.query(`INSERT INTO blade_dept (id, tenant_id, parent_id, ancestors, dept_name, sort) VALUES ($1, $2, $3, '0', $4, 9)`, [
    id,
    tenantId,
    rootDept,
    name,
  ]);
  return id;
}

/** A second administrator of the tenant, working in the given department. */
async function createAdministrator(account: string, deptId: string): Promise<string> {
  const role = (await t.db.query(`SELECT id::text AS id FROM blade_role WHERE tenant_id = $1 AND role_alias = 'administrator'`, [TENANT])).rows[0].id;
  await t.db.query(`INSERT INTO blade_user (id, tenant_id, account, password, name, real_name, role_id, dept_id) VALUES ($1, $2, $3, $4, $3, $3, $5, $6)`, [
    nextId(),
    TENANT,
    account,
    await hashPassword(md5('pass-word-1')),
    role,
    deptId,
  ]);
  return t.signIn(TENANT, account, 'pass-word-1');
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn(TENANT, 'admin');
  ids = Object.fromEntries((await t.db.query<{ code: string; id: string }>('SELECT code, id::text AS id FROM blade_menu')).rows.map((r) => [r.code, r.id]));
  rootDept = (await t.db.query(`SELECT dept_id FROM blade_user WHERE tenant_id = $1 AND account = 'admin'`, [TENANT])).rows[0].dept_id;
});
afterAll(() => t?.close());

const submit = (body: unknown, token = admin) => t.api('/api/v1/dept/package/submit', { token, body });
const bind = (id: string, deptIds: unknown, token = admin) => t.api(`/api/v1/dept/package/bindPackage?id=${id}`, { token, body: { deptIds } });

describe('department package records', () => {
  it('need a name and menus, with the tenant package messages', async () => {
    const response = await submit({ packageName: '', menuId: [] });
    expect(response.body.data.errors).toEqual([
      { field: 'packageName', message: '请输入套餐名称' },
      { field: 'menuId', message: '请选择菜单' },
    ]);
  });

  it('store menus comma-joined and belong to their tenant', async () => {
    const created = (await submit({ packageName: '闸站部门', menuId: [ids.param, ids.param_add] })).body.data;
    expect(created).toMatchObject({ tenantId: TENANT, menuId: `${ids.param},${ids.param_add}`, deptId: null });
    const other = await t.signIn('100001', 'admin');
    expect((await t.api(`/api/v1/dept/package/detail?id=${created.id}`, { token: other })).status).toBe(404);
    expect((await t.api('/api/v1/dept/package/list', { token: await t.signIn(TENANT, 'inspector') })).status).toBe(403);
  });
});

describe('binding departments', () => {
  it('limits the menus, buttons and permissions of users signed in under the department', async () => {
    const dept = await createDept('一号闸站');
    const pkg = (await submit({ packageName: '仅参数维护', menuId: [ids.param, ids.param_add] })).body.data;
    const bound = await bind(pkg.id, [dept]);
    expect(bound.body.data).toEqual({ id: pkg.id, deptIds: [dept] });

    const limited = await createAdministrator('gate_admin', dept);
    const routes = flatten((await t.api('/api/blade-system/menu/routes', { token: limited })).body.data).map((n) => n.code);
    expect(routes.sort()).toEqual(['param', 'system']);
    const buttons = flatten((await t.api('/api/blade-system/menu/buttons', { token: limited })).body.data)
      .filter((n) => n.category === 2)
      .map((n) => n.code);
    expect(buttons).toEqual(['param_add']);
    expect((await t.api('/api/blade-system/param/list', { token: limited })).status).toBe(200);
    const added = await t.api('/api/blade-system/param/submit', { token: limited, body: { paramName: 'd', paramKey: 'dept.package', paramValue: '1' } });
    expect(added.status).toBe(200);
    expect((await t.api('/api/blade-system/param/submit', { token: limited, body: { id: added.body.data.id, paramValue: '2' } })).status).toBe(403);
    expect((await t.api('/api/blade-system/role/list', { token: limited })).status).toBe(403);

    // The tenant's own administrator, in another department, keeps everything.
    expect(flatten((await t.api('/api/blade-system/menu/routes', { token: admin })).body.data).length).toBeGreaterThan(50);

    // Unbound, the department's users see their roles' menus again.
    await bind(pkg.id, []);
    expect(flatten((await t.api('/api/blade-system/menu/routes', { token: limited })).body.data).length).toBeGreaterThan(50);
  });

  it('refuses the caller’s own department, a department in another package, and departments of other tenants', async () => {
    const a = (await submit({ packageName: '甲套餐', menuId: ids.param })).body.data;
    const b = (await submit({ packageName: '乙套餐', menuId: ids.param })).body.data;
    const own = await bind(a.id, [rootDept]);
    expect(own.status).toBe(400);
    expect(own.body.msg).toMatch(/^不能绑定自己所在的部门/);
    const dept = await createDept('二号闸站');
    expect((await bind(a.id, [dept])).status).toBe(200);
    const taken = await bind(b.id, [dept]);
    expect(taken.status).toBe(400);
    expect(taken.body.msg).toBe('部门「二号闸站」已绑定套餐「甲套餐」');
    const foreign = await createDept('外租户部门', '100001');
    expect((await bind(b.id, [foreign])).body.msg).toBe('部门不存在或已被删除');
    expect((await bind(b.id, ['x1'])).status).toBe(400);
    const row = (await t.api(`/api/v1/dept/package/detail?id=${b.id}`, { token: admin })).body.data;
    expect(row.deptId).toBeNull();
  });

  it('pageBindRelate pages the departments with the package each is bound to', async () => {
    const pkg = (await submit({ packageName: '关系套餐', menuId: ids.param })).body.data;
    const dept = await createDept('四号闸站');
    await bind(pkg.id, [dept]);
    const page = (await t.api(`/api/v1/dept/package/pageBindRelate?deptName=${encodeURIComponent('四号')}&current=1&size=10`, { token: admin })).body.data;
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({ deptId: dept, deptName: '四号闸站', packageId: pkg.id, packageName: '关系套餐' });
    const ofPackage = (await t.api(`/api/v1/dept/package/pageBindRelate?packageId=${pkg.id}`, { token: admin })).body.data;
    expect(ofPackage.records.map((r: { deptId: string }) => r.deptId)).toEqual([dept]);
    const unbound = (await t.api('/api/v1/dept/package/pageBindRelate?size=200', { token: admin })).body.data;
    expect(unbound.records.find((r: { deptId: string }) => r.deptId === rootDept)).toMatchObject({ packageId: null, packageName: null });
    expect((await t.api('/api/v1/dept/package/pageBindRelate?size=1;drop', { token: admin })).status).toBe(400);
    expect((await t.api('/api/v1/dept/package/pageBindRelate?sort=id', { token: admin })).status).toBe(400);
  });

  it('list answers every package of the tenant for a select', async () => {
    const list = (await t.api('/api/v1/dept/package/list', { token: admin })).body.data;
    expect(list.map((p: { packageName: string }) => p.packageName)).toContain('甲套餐');
  });

  it('needs the bind button', async () => {
    const pkg = (await submit({ packageName: '按钮检查', menuId: ids.param })).body.data;
    expect((await bind(pkg.id, [], await t.signIn(TENANT, 'inspector'))).status).toBe(403);
  });

  it('a package with departments cannot be removed until they are unbound', async () => {
    const pkg = (await submit({ packageName: '待删除', menuId: ids.param })).body.data;
    await bind(pkg.id, [await createDept('三号闸站')]);
    const refused = await t.api(`/api/v1/dept/package/remove?ids=${pkg.id}`, { token: admin, method: 'POST' });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('套餐「待删除」仍绑定着部门，请先解除绑定');
    await bind(pkg.id, []);
    expect((await t.api(`/api/v1/dept/package/remove?ids=${pkg.id}`, { token: admin, method: 'POST' })).status).toBe(200);
  });
});
