/**
 * Top menus (/api/blade-system/topmenu/*): a tenant's own CRUD, and grant
 * replacing the menus a top menu groups, which the top bar and the side menu
 * then follow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testServer.js';

interface Node {
  id: string;
  code: string;
  children?: Node[];
}
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

let t: TestServer;
let admin: string;
let ids: Record<string, string>;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn('173509', 'admin');
  ids = Object.fromEntries((await t.db.query<{ code: string; id: string }>('SELECT code, id::text AS id FROM blade_menu')).rows.map((r) => [r.code, r.id]));
});
afterAll(() => t?.close());

const submit = (body: unknown, token = admin) => t.api('/api/blade-system/topmenu/submit', { token, body });
const grant = (body: unknown, token = admin) => t.api('/api/blade-system/topmenu/grant', { token, body });

describe('top menu records', () => {
  it('are created, listed by sort, edited and removed within the tenant', async () => {
    const missing = await submit({ code: '', name: '', sort: '' });
    expect(missing.body.data.errors.map((e: { message: string }) => e.message)).toEqual(['请输入菜单编号', '请输入菜单名称', '请输入菜单排序']);
    const created = (await submit({ code: 'top_patrol', name: '巡查专区', nameEn: 'Patrol', sort: 0, source: 'AimOutlined' })).body.data;
    expect(created).toMatchObject({ tenantId: '173509', code: 'top_patrol' });
    const list = (await t.api('/api/blade-system/topmenu/list', { token: admin })).body.data.records;
    expect(list[0].code).toBe('top_patrol');
    expect((await submit({ id: created.id, name: '巡查' })).body.data.name).toBe('巡查');
    const other = await t.signIn('100001', 'admin');
    expect((await t.api(`/api/blade-system/topmenu/detail?id=${created.id}`, { token: other })).status).toBe(404);
    expect((await t.api(`/api/blade-system/topmenu/remove?ids=${created.id}`, { token: admin, method: 'POST' })).status).toBe(200);
  });
});

describe('grant', () => {
  it('replaces the menus of the top menu; the top bar and routes?topMenuId follow', async () => {
    const top = (await submit({ code: 'top_focus', name: '重点', sort: 9 })).body.data;
    // No menus yet: the top bar leaves it out.
    const before = (await t.api('/api/blade-system/menu/top-menu', { token: admin })).body.data.map((m: { code: string }) => m.code);
    expect(before).not.toContain('top_focus');

    const first = await grant({ topMenuIds: [top.id], menuIds: [ids.system, ids.param, ids.dict] });
    expect(first.status).toBe(200);
    const second = await grant({ topMenuIds: top.id, menuIds: `${ids.system},${ids.param}` });
    expect(second.body.data).toEqual({ topMenuIds: [top.id], menuIds: [ids.system, ids.param] });
    const keys = (await t.api(`/api/blade-system/menu/top-tree-keys?topMenuIds=${top.id}`, { token: admin })).body.data.menu;
    expect(keys.sort()).toEqual([ids.system, ids.param].sort());

    expect((await t.api('/api/blade-system/menu/top-menu', { token: admin })).body.data.map((m: { code: string }) => m.code)).toContain('top_focus');
    const routes = flatten((await t.api(`/api/blade-system/menu/routes?topMenuId=${top.id}`, { token: admin })).body.data).map((n) => n.code);
    expect(routes.sort()).toEqual(['param', 'system']);

    // An empty list clears it.
    await grant({ topMenuIds: [top.id], menuIds: [] });
    expect((await t.api(`/api/blade-system/menu/top-tree-keys?topMenuIds=${top.id}`, { token: admin })).body.data.menu).toEqual([]);
  });

  it('the same grant applies to several top menus at once', async () => {
    const a = (await submit({ code: 'top_a', name: 'A', sort: 20 })).body.data;
    const b = (await submit({ code: 'top_b', name: 'B', sort: 21 })).body.data;
    await grant({ topMenuIds: [a.id, b.id], menuIds: [ids.desk] });
    const keys = (await t.api(`/api/blade-system/menu/top-tree-keys?topMenuIds=${b.id}`, { token: admin })).body.data.menu;
    expect(keys).toEqual([ids.desk]);
  });

  it('refuses buttons, unknown menus, another tenant’s top menus and an empty choice, changing nothing', async () => {
    const top = (await submit({ code: 'top_guard', name: '守卫', sort: 30 })).body.data;
    await grant({ topMenuIds: [top.id], menuIds: [ids.param] });
    const withButton = await grant({ topMenuIds: [top.id], menuIds: [ids.param, ids.param_add] });
    expect(withButton.status).toBe(400);
    expect(withButton.body.msg).toBe(`菜单不存在或不能配置：${ids.param_add}`);
    expect((await grant({ topMenuIds: [top.id], menuIds: ['123456789'] })).status).toBe(400);
    expect((await grant({ topMenuIds: [top.id], menuIds: ['not-an-id'] })).status).toBe(400);
    const empty = await grant({ menuIds: [ids.param] });
    expect(empty.body.msg).toBe('请选择顶部菜单');
    const foreignTop = (await t.db.query(`SELECT id::text AS id FROM blade_top_menu WHERE tenant_id = '100001' LIMIT 1`)).rows[0].id;
    expect((await grant({ topMenuIds: [foreignTop], menuIds: [] })).status).toBe(404);
    expect(
      (await t.db.query(`SELECT count(*)::int AS n FROM blade_top_menu_setting WHERE top_menu_id = $1 AND is_deleted = 0`, [foreignTop])).rows[0].n,
    ).toBeGreaterThan(0);
    expect((await t.api(`/api/blade-system/menu/top-tree-keys?topMenuIds=${top.id}`, { token: admin })).body.data.menu).toEqual([ids.param]);
  });

  it('needs the menu settings button', async () => {
    const top = (await submit({ code: 'top_locked', name: '锁定', sort: 40 })).body.data;
    const inspector = await t.signIn('173509', 'inspector');
    expect((await grant({ topMenuIds: [top.id], menuIds: [ids.desk] }, inspector)).status).toBe(403);
  });

  it('a tenant administrator places only menus their roles hold', async () => {
    const farmAdmin = await t.signIn('173509', 'farm_admin');
    // Give farm_admin the settings button; menu administration stays the administrator's.
    await t.db.query(
      `INSERT INTO blade_role_menu (id, tenant_id, role_id, menu_id)
       SELECT (SELECT max(id) + 1 FROM blade_role_menu), '173509', r.id, m.id FROM blade_role r, blade_menu m
        WHERE r.tenant_id = '173509' AND r.role_alias = 'farm_admin' AND m.code = 'topmenu_setting'`,
    );
    const top = (await submit({ code: 'top_farm', name: '水库', sort: 50 })).body.data;
    const refused = await grant({ topMenuIds: [top.id], menuIds: [ids.menu] }, farmAdmin);
    expect(refused.status).toBe(400);
    expect((await grant({ topMenuIds: [top.id], menuIds: [ids.desk] }, farmAdmin)).status).toBe(200);
  });
});
