/**
 * Menus and permissions core: routes, buttons and top menus per role, and
 * writes that check the caller's button codes and platform flag.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testServer.js';

interface MenuNode {
  id: string;
  code: string;
  path: string;
  category: number;
  children?: MenuNode[];
}

function flatten(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

describe('menu routes', () => {
  it('the administrator sees every menu route of both specs', async () => {
    const token = await t.signIn('316979', 'admin');
    const paths = flatten((await t.api('/api/blade-system/menu/routes', { token })).body.data).map((m) => m.path);
    for (const path of [
      '/wel/index',
      '/system/param',
      '/dict-horizontal/index',
      '/dict-vertical/index',
      '/statistics/index',
      '/one-picture/index',
      '/rain-monitoring/water-situation/index',
      '/inspect/inspectRecord/index',
      '/event/received/index',
      '/appVersion/index',
      '/big-screen/inspection',
    ]) {
      expect(paths, path).toContain(path);
    }
  });

  it('routes hold menus only, as a tree sorted by sort', async () => {
    const token = await t.signIn('316979', 'admin');
    const routes: MenuNode[] = (await t.api('/api/blade-system/menu/routes', { token })).body.data;
    expect(flatten(routes).every((m) => m.category === 1)).toBe(true);
    const sorts = routes.map((m) => (m as unknown as { sort: number }).sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
  });

  it('an inspector sees fewer menus and no system administration', async () => {
    const admin = flatten((await t.api('/api/blade-system/menu/routes', { token: await t.signIn('316979', 'admin') })).body.data);
    const inspector = flatten((await t.api('/api/blade-system/menu/routes', { token: await t.signIn('316979', 'inspector') })).body.data);
    expect(inspector.length).toBeGreaterThan(0);
    expect(inspector.length).toBeLessThan(admin.length);
    expect(inspector.map((m) => m.code)).not.toContain('param');
  });

  it('a tenant administrator is not given the platform’s pages (tenants, packages, clients, code generator) nor its write buttons', async () => {
    const codesOf = async (tenantId: string) => {
      const token = await t.signIn(tenantId, 'admin');
      const routes = flatten((await t.api('/api/blade-system/menu/routes', { token })).body.data).map((m) => m.code);
      const buttons = flatten((await t.api('/api/blade-system/menu/buttons', { token })).body.data).map((m) => m.code);
      return { routes, buttons };
    };
    const platform = await codesOf('000000');
    const tenant = await codesOf('316979');
    for (const code of ['tenant', 'tenant_package', 'client', 'code', 'datasource']) {
      expect(platform.routes, code).toContain(code);
      expect(tenant.routes, code).not.toContain(code);
    }
    expect(tenant.routes).toContain('param');
    expect(tenant.routes).toContain('menu');
    expect(platform.buttons).toContain('menu_add');
    expect(tenant.buttons).not.toContain('menu_add');
    expect(tenant.buttons).toContain('param_add');
  });

  it('topMenuId narrows routes to that top menu', async () => {
    const token = await t.signIn('316979', 'admin');
    const tops = (await t.api('/api/blade-system/menu/top-menu', { token })).body.data;
    expect(tops.length).toBeGreaterThan(1);
    const all = flatten((await t.api('/api/blade-system/menu/routes', { token })).body.data);
    const system = tops.find((top: { code: string }) => top.code === 'top_system');
    const narrowed = flatten((await t.api(`/api/blade-system/menu/routes?topMenuId=${system.id}`, { token })).body.data);
    expect(narrowed.length).toBeGreaterThan(0);
    expect(narrowed.length).toBeLessThan(all.length);
    expect(narrowed.map((m) => m.code)).toContain('param');
  });

  it('a malformed topMenuId is a 400', async () => {
    const token = await t.signIn('316979', 'admin');
    expect((await t.api('/api/blade-system/menu/routes?topMenuId=1%20or%201=1', { token })).status).toBe(400);
  });
});

describe('buttons', () => {
  it('the administrator has the parameter buttons, the inspector does not', async () => {
    const codes = async (account: string) =>
      flatten((await t.api('/api/blade-system/menu/buttons', { token: await t.signIn('100001', account) })).body.data)
        .filter((m) => m.category === 2)
        .map((m) => m.code);
    expect(await codes('admin')).toEqual(expect.arrayContaining(['param_add', 'param_edit', 'param_delete', 'dict_add']));
    const inspector = await codes('inspector');
    expect(inspector).not.toContain('param_add');
    expect(inspector).toContain('inspect_record_add');
  });

  it('revoking a grant takes effect on the next write, without signing in again', async () => {
    const token = await t.signIn('173509', 'admin');
    const body = { paramName: 'p', paramKey: 'grant.test', paramValue: '1' };
    expect((await t.api('/api/blade-system/param/submit', { token, body })).status).toBe(200);
    await t.db.query(`UPDATE blade_role_menu SET is_deleted = 1 WHERE tenant_id = '173509' AND menu_id = (SELECT id FROM blade_menu WHERE code = 'param_add')`);
    const refused = await t.api('/api/blade-system/param/submit', { token, body: { ...body, paramKey: 'grant.test2' } });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('请求被拒绝：没有此操作的权限');
  });
});

describe('menu administration is platform-wide', () => {
  it('a tenant administrator can read menus but not change them', async () => {
    const token = await t.signIn('316979', 'admin');
    const tree = await t.api('/api/blade-system/menu/tree', { token });
    expect(tree.body.data.length).toBeGreaterThan(0);
    const response = await t.api('/api/blade-system/menu/submit', { token, body: { code: 'hack', name: 'x', path: '/x', sort: 1, category: 1 } });
    expect(response.status).toBe(403);
  });

  it('a menu cannot move under its own child, and nothing vanishes from the tree', async () => {
    const token = await t.signIn('000000', 'admin');
    const parent = (await t.api('/api/blade-system/menu/submit', { token, body: { code: 'cycle_a', name: 'A', path: '/a', sort: 1, category: 1 } })).body.data;
    const child = (
      await t.api('/api/blade-system/menu/submit', { token, body: { code: 'cycle_b', name: 'B', path: '/b', sort: 1, category: 1, parentId: parent.id } })
    ).body.data;
    const moved = await t.api('/api/blade-system/menu/submit', { token, body: { id: parent.id, parentId: child.id } });
    expect(moved.status).toBe(400);
    expect(moved.body.msg).toBe('上级不能是自己或自己的下级');
    const self = await t.api('/api/blade-system/menu/submit', { token, body: { id: parent.id, parentId: parent.id } });
    expect(self.status).toBe(400);
    const tree = flatten((await t.api('/api/blade-system/menu/list', { token })).body.data);
    expect(tree.map((m) => m.code)).toEqual(expect.arrayContaining(['cycle_a', 'cycle_b']));
  });

  it('the platform administrator adds a menu that appears in lazy lists', async () => {
    const token = await t.signIn('000000', 'admin');
    const created = await t.api('/api/blade-system/menu/submit', {
      token,
      body: { code: 'test_menu', name: '测试菜单', path: '/test/menu', sort: 99, category: 1 },
    });
    expect(created.status).toBe(200);
    const roots = await t.api('/api/blade-system/menu/lazy-menu-list?parentId=0', { token });
    const found = roots.body.data.find((m: { code: string }) => m.code === 'test_menu');
    expect(found).toMatchObject({ hasChildren: false, title: '测试菜单' });
    const system = roots.body.data.find((m: { code: string }) => m.code === 'system');
    expect(system.hasChildren).toBe(true);
  });
});

describe('embeddable addresses (the public /myiframe page)', () => {
  const embeddable = async (url: string) => (await t.api(`/api/blade-system/menu/embeddable?url=${encodeURIComponent(url)}`)).body.data.embeddable;

  it('answers yes, without a session, only for the address of an external menu item', async () => {
    const token = await t.signIn('000000', 'admin');
    const submit = (code: string, path: string) => t.api('/api/blade-system/menu/submit', { token, body: { code, name: code, path, sort: 99, category: 1 } });
    expect((await submit('ext_docs', 'https://docs.example.com/manual')).status).toBe(200);
    expect((await submit('ext_report', 'https://report.example.com/?t=${token}')).status).toBe(200);
    expect(await embeddable('https://docs.example.com/manual')).toBe(true);
    // Another address, a near miss, one that carries the session, a console path, something that is no address:
    for (const url of [
      'https://evil.example/phish',
      'https://docs.example.com/manual/',
      'https://report.example.com/?t=${token}',
      '/system/param',
      'javascript:alert(1)',
    ]) {
      expect(await embeddable(url)).toBe(false);
    }
    expect((await t.api('/api/blade-system/menu/embeddable')).body.data.embeddable).toBe(false);
  });

  it('answers no once the menu item is removed', async () => {
    await t.db.query(`UPDATE blade_menu SET is_deleted = 1 WHERE code = 'ext_docs'`);
    expect(await embeddable('https://docs.example.com/manual')).toBe(false);
  });
});
