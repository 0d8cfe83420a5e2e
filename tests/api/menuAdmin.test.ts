/**
 * Menu administration (/api/blade-system/menu/*): the list and tree reads,
 * placement rules on submit, removal only of leaves, writes for the platform
 * administrator only, and the grant trees with their keys.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testServer.js';

interface Node {
  id: string;
  parentId: string;
  code?: string;
  title?: string;
  category?: number;
  isGrantable?: boolean;
  hasChildren?: boolean;
  children?: Node[];
}
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

let t: TestServer;
let platform: string;
let tenantAdmin: string;
let ids: Record<string, string>;
beforeAll(async () => {
  t = await startTestServer();
  platform = await t.signIn('000000', 'admin');
  tenantAdmin = await t.signIn('316979', 'admin');
  ids = Object.fromEntries((await t.db.query<{ code: string; id: string }>('SELECT code, id::text AS id FROM blade_menu')).rows.map((r) => [r.code, r.id]));
});
afterAll(() => t?.close());

const get = (path: string, token = platform, headers?: Record<string, string>) => t.api(`/api/blade-system/menu/${path}`, { token, headers });
const submit = (body: unknown, token = platform) => t.api('/api/blade-system/menu/submit', { token, body });
const remove = (menuIds: string, token = platform) => t.api(`/api/blade-system/menu/remove?ids=${menuIds}`, { token, method: 'POST' });

describe('reading menus', () => {
  it('list is the whole tree of menus and buttons; menu-list and tree hold menus only', async () => {
    const list = flatten((await get('list')).body.data);
    expect(list.find((n) => n.code === 'param')!.children!.map((c) => c.code)).toEqual(expect.arrayContaining(['param_add', 'param_delete']));
    const menuList = flatten((await get('menu-list')).body.data);
    expect(menuList.length).toBeGreaterThan(50);
    expect(menuList.every((n) => n.category === 1)).toBe(true);
    const tree = flatten((await get('tree?tenantId=316979')).body.data);
    expect(tree.find((n) => n.id === ids.param)).toMatchObject({ title: '参数管理', parentId: ids.system });
    expect(tree.some((n) => n.id === ids.param_add)).toBe(false);
  });

  it('lazy-list gives one level with hasChildren; lazy-menu-list leaves the buttons out', async () => {
    const roots = (await get('lazy-list?parentId=0')).body.data as Node[];
    expect(roots.find((n) => n.code === 'system')).toMatchObject({ hasChildren: true, parentId: '0' });
    const underParam = (await get(`lazy-list?parentId=${ids.param}`)).body.data as Node[];
    expect(underParam.map((n) => n.code)).toContain('param_add');
    expect((await get(`lazy-menu-list?parentId=${ids.param}`)).body.data).toEqual([]);
    const underSystem = (await get(`lazy-menu-list?parentId=${ids.system}`)).body.data as Node[];
    expect(underSystem.find((n) => n.code === 'param')).toMatchObject({ hasChildren: true });
  });

  it('detail answers one menu; a tenant administrator may read menus', async () => {
    expect((await get(`detail?id=${ids.param_add}`)).body.data).toMatchObject({ code: 'param_add', category: 2, parentId: ids.param });
    expect((await get('menu-list', tenantAdmin)).status).toBe(200);
  });
});

describe('writing menus', () => {
  it('a button must hang under a menu; nothing hangs under a button', async () => {
    const atRoot = await submit({ code: 'loose_button', name: '游离按钮', path: '/x/add', sort: 1, category: 2 });
    expect(atRoot.status).toBe(400);
    expect(atRoot.body.msg).toBe('按钮必须放在某个菜单下');
    const button = await submit({ code: 'param_audit', name: '审核', path: '/system/param/audit', sort: 9, category: 2, parentId: ids.param, action: 2 });
    expect(button.status).toBe(200);
    const underButton = await submit({ code: 'under_button', name: '按钮下', path: '/x', sort: 1, category: 1, parentId: button.body.data.id });
    expect(underButton.status).toBe(400);
    expect(underButton.body.msg).toBe('按钮下不能再添加菜单或按钮');
    expect((await t.db.query(`SELECT count(*)::int AS n FROM blade_menu WHERE code IN ('loose_button', 'under_button')`)).rows[0].n).toBe(0);
  });

  it('a menu with children cannot become a button; codes are unique; parents must exist', async () => {
    const toButton = await submit({ id: ids.param, category: 2 });
    expect(toButton.status).toBe(400);
    expect(toButton.body.msg).toBe('有下级的菜单不能改为按钮');
    expect((await get(`detail?id=${ids.param}`)).body.data.category).toBe(1);
    const duplicate = await submit({ code: 'param', name: '重复', path: '/dup', sort: 1, category: 1 });
    expect(duplicate.body.msg).toBe('菜单编号已存在');
    const orphan = await submit({ code: 'orphan_menu', name: '孤儿', path: '/orphan', sort: 1, category: 1, parentId: '123456789' });
    expect(orphan.body.msg).toBe('上级数据不存在');
    const missing = await submit({ code: '', name: '', path: '', sort: '', category: 1 });
    expect(missing.body.data.errors.map((e: { message: string }) => e.message)).toEqual([
      '请输入菜单编号',
      '请输入菜单名称',
      '请输入路由地址',
      '请输入菜单排序',
    ]);
  });

  it('a menu with children cannot be removed; a leaf can', async () => {
    const parent = (await submit({ code: 'report_tmp', name: '临时报表', path: '/report/tmp', sort: 50, category: 1 })).body.data;
    const child = (await submit({ code: 'report_tmp_add', name: '新增', path: '/report/tmp/add', sort: 1, category: 2, parentId: parent.id })).body.data;
    const refused = await remove(parent.id);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('请先删除子节点');
    expect((await remove(child.id)).status).toBe(200);
    expect((await remove(parent.id)).status).toBe(200);
    expect((await get(`detail?id=${parent.id}`)).status).toBe(404);
  });

  it('only the platform administrator writes menus', async () => {
    expect((await submit({ id: ids.param, name: '改名' }, tenantAdmin)).status).toBe(403);
    expect((await remove(ids.param_add, tenantAdmin)).status).toBe(403);
    expect((await get(`detail?id=${ids.param}`)).body.data.name).toBe('参数管理');
  });
});

describe('grant trees', () => {
  it('the platform administrator may grant every menu, even one no role holds yet', async () => {
    const fresh = (await submit({ code: 'fresh_menu', name: '新菜单', nameEn: 'Fresh menu', path: '/fresh', sort: 98, category: 1 })).body.data;
    const tree = (await get('grant-tree')).body.data;
    const nodes = flatten(tree.menu);
    expect(nodes.find((n) => n.id === fresh.id)).toMatchObject({ title: '新菜单', isGrantable: true, category: 1 });
    expect(nodes.find((n) => n.id === ids.param_add)).toMatchObject({ parentId: ids.param, category: 2 });
    expect(Array.isArray(tree.dataScope) && Array.isArray(tree.apiScope)).toBe(true);
    const english = flatten((await get('grant-tree', platform, { 'Accept-Language': 'en' })).body.data.menu);
    expect(english.find((n) => n.id === fresh.id)!.title).toBe('Fresh menu');
    // A tenant administrator may grant only what their roles hold.
    const tenantNodes = flatten((await get('grant-tree', tenantAdmin)).body.data.menu);
    expect(tenantNodes.some((n) => n.id === fresh.id)).toBe(false);
    expect(tenantNodes.some((n) => n.id === ids.param_add)).toBe(true);
  });

  it('a user sees in the grant tree only what their roles hold', async () => {
    const inspector = await t.signIn('316979', 'inspector');
    const nodes = flatten((await get('grant-tree', inspector)).body.data.menu).filter((n) => n.isGrantable);
    const granted = await t.db.query(
      `SELECT DISTINCT rm.menu_id::text AS id FROM blade_role_menu rm JOIN blade_role r ON r.id = rm.role_id
        WHERE rm.tenant_id = '316979' AND r.role_alias = 'inspector' AND rm.is_deleted = 0`,
    );
    expect(nodes.map((n) => n.id).sort()).toEqual(granted.rows.map((r) => r.id).sort());
  });

  it('data scopes of grantable menus come with their menu', async () => {
    const scope = await t.api('/api/blade-system/data-scope/submit', {
      token: platform,
      body: { menuId: ids.param, resourceCode: 'param', scopeName: '本人参数', scopeType: 2 },
    });
    expect(scope.status).toBe(200);
    const dataScope = (await get('grant-tree')).body.data.dataScope as Node[];
    expect(dataScope.find((n) => n.id === ids.param)!.children!.map((c) => c.id)).toContain(scope.body.data.id);
  });

  it('role-tree-keys answers what roles of the caller’s tenant hold, and nothing of another tenant', async () => {
    const role = (await t.db.query(`SELECT id::text AS id FROM blade_role WHERE tenant_id = '316979' AND role_alias = 'inspector'`)).rows[0].id;
    const keys = (await get(`role-tree-keys?roleIds=${role}`, tenantAdmin)).body.data;
    const granted = await t.db.query(`SELECT menu_id::text AS id FROM blade_role_menu WHERE role_id = $1 AND is_deleted = 0`, [role]);
    expect(keys.menu.sort()).toEqual(granted.rows.map((r) => r.id).sort());
    expect(keys).toMatchObject({ dataScope: [], apiScope: [] });
    const foreign = (await get(`role-tree-keys?roleIds=${role}`, await t.signIn('100001', 'admin'))).body.data;
    expect(foreign).toEqual({ menu: [], dataScope: [], apiScope: [] });
    expect((await get('role-tree-keys?roleIds=1%20or%201=1', tenantAdmin)).status).toBe(400);
    expect((await get(`role-tree-keys?roleIds=${role}`, await t.signIn('316979', 'inspector'))).status).toBe(403);
  });

  it('grant-top-tree offers menus only; top-tree-keys answers a top menu’s menus', async () => {
    const nodes = flatten((await get('grant-top-tree', tenantAdmin)).body.data.menu);
    expect(nodes.length).toBeGreaterThan(50);
    expect(nodes.every((n) => n.category === 1)).toBe(true);
    const top = (await t.db.query(`SELECT id::text AS id FROM blade_top_menu WHERE tenant_id = '316979' AND code = 'top_system'`)).rows[0].id;
    const keys = (await get(`top-tree-keys?topMenuIds=${top}`, tenantAdmin)).body.data.menu as string[];
    expect(keys).toEqual(expect.arrayContaining([ids.system, ids.param]));
    expect((await get(`top-tree-keys?topMenuIds=${top}`, await t.signIn('100001', 'admin'))).body.data.menu).toEqual([]);
  });
});
