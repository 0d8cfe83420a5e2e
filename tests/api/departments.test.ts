/**
 * Departments (platform-core §3, §7 dept): a tree per tenant whose
 * `ancestors` the server keeps right through adds and moves, read as a tree,
 * a lazy tree, lazy lists and a picker; removal refuses departments that
 * still have children or users.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type ApiResponse, type TestServer } from './testServer.js';

const TENANT = '316979';

let t: TestServer;
let admin: string;
let root: string;

function submit(body: Record<string, unknown>, token = admin): Promise<ApiResponse> {
  return t.api('/api/blade-system/dept/submit', { token, body: { sort: 1, ...body } });
}

async function add(deptName: string, parentId: string): Promise<string> {
  const response = await submit({ deptName, parentId });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.id;
}

async function ancestorsOf(id: string): Promise<string> {
  return (await t.db.query('SELECT ancestors FROM blade_dept WHERE id = $1', [id])).rows[0].ancestors;
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn(TENANT, 'admin');
  root = (await t.db.query('SELECT id::text AS id FROM blade_dept WHERE tenant_id = $1 AND parent_id = 0 AND is_deleted = 0', [TENANT])).rows[0].id;
});
afterAll(() => t?.close());

describe('ancestors', () => {
  let station: string;
  let team: string;
  let other: string;
  beforeAll(async () => {
    station = await add('城东水管站', root);
    team = await add('巡查一组', station);
    other = await add('城西水管站', root);
  });

  it('a new department’s ancestors are its parent’s ancestors and its parent', async () => {
    expect(await ancestorsOf(root)).toBe('0');
    expect(await ancestorsOf(station)).toBe(`0,${root}`);
    expect(await ancestorsOf(team)).toBe(`0,${root},${station}`);
    const root2 = await submit({ deptName: '独立机构', parentId: '0' });
    expect(root2.body.data.ancestors).toBe('0');
  });

  it('moving a department rewrites its ancestors and those of everything below it', async () => {
    const moved = await submit({ id: station, parentId: other });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.ancestors).toBe(`0,${root},${other}`);
    expect(await ancestorsOf(team)).toBe(`0,${root},${other},${station}`);
  });

  it('a department cannot move under itself or below itself, nor under another tenant’s department', async () => {
    expect((await submit({ id: station, parentId: team })).body.msg).toBe('上级不能是自己或自己的下级');
    const foreign = (await t.db.query("SELECT id::text AS id FROM blade_dept WHERE tenant_id = '100001' LIMIT 1")).rows[0].id;
    expect((await submit({ deptName: '越界', parentId: foreign })).body.msg).toBe('上级数据不存在');
    expect(await ancestorsOf(team)).toBe(`0,${root},${other},${station}`);
  });

  it('the region must be a known division', async () => {
    expect((await submit({ id: station, regionCode: '371323' })).body.data.regionCode).toBe('371323');
    const unknown = await submit({ id: station, regionCode: '999999' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.errors).toEqual([{ field: 'regionCode', message: '所选行政区划不存在' }]);
  });
});

describe('reads', () => {
  let parent: string;
  let child: string;
  beforeAll(async () => {
    parent = await add('水库管理所', root);
    child = await add('大坝班', parent);
  });

  it('list is the tree of records; tree the TreeNode forest, open to any user of the tenant', async () => {
    const list = await t.api('/api/blade-system/dept/list', { token: admin });
    expect(list.body.data.find((d: { id: string }) => d.id === root)).toMatchObject({ deptName: '仙游县水利局', hasChildren: true });
    const inspector = await t.signIn(TENANT, 'inspector');
    const tree = await t.api('/api/blade-system/dept/tree?tenantId=000000', { token: inspector });
    expect(tree.status).toBe(200);
    expect(tree.body.data).toHaveLength(2);
    expect(JSON.stringify(tree.body.data)).toContain('大坝班');
    expect((await t.api('/api/blade-system/dept/list', { token: inspector })).status).toBe(403);
  });

  it('lazy-tree and lazy-list give the direct children with hasChildren', async () => {
    const lazy = await t.api(`/api/blade-system/dept/lazy-tree?parentId=${root}`, { token: admin });
    const office = lazy.body.data.find((d: { id: string }) => d.id === parent);
    expect(office).toMatchObject({ title: '水库管理所', hasChildren: true });
    const children = await t.api(`/api/blade-system/dept/lazy-list?parentId=${parent}`, { token: admin });
    expect(children.body.data.map((d: { id: string; hasChildren: boolean }) => [d.id, d.hasChildren])).toEqual([[child, false]]);
  });

  it('select is the flat picker list of the caller’s tenant; search/dept finds by name', async () => {
    const select = await t.api('/api/blade-system/dept/select?tenantId=100001', { token: admin });
    expect(select.body.data.map((d: { deptName: string }) => d.deptName)).toEqual(expect.arrayContaining(['仙游县水利局', '大坝班']));
    expect(JSON.stringify(select.body.data)).not.toContain('安溪县水利局');
    const found = await t.api(`/api/blade-system/search/dept?deptName=${encodeURIComponent('大坝')}`, { token: admin });
    expect(found.body.data.map((d: { id: string }) => d.id)).toEqual([child]);
  });

  it('another tenant sees none of it', async () => {
    const other = await t.signIn('100001', 'admin');
    expect((await t.api(`/api/blade-system/dept/detail?id=${parent}`, { token: other })).status).toBe(404);
    expect(JSON.stringify((await t.api('/api/blade-system/dept/tree', { token: other })).body)).not.toContain('水库管理所');
    expect((await submit({ id: parent, deptName: '改名' }, other)).status).toBe(404);
    expect((await t.api(`/api/blade-system/dept/remove?ids=${child}`, { method: 'POST', token: other })).status).toBe(404);
  });
});

describe('removal', () => {
  it('a department with children, or with users, stays; an empty leaf goes', async () => {
    const office = await add('待撤销所', root);
    const unit = await add('待撤销班', office);
    expect((await t.api(`/api/blade-system/dept/remove?ids=${office}`, { method: 'POST', token: admin })).body.msg).toBe('请先删除子节点');
    await t.api('/api/blade-system/user/addUser', { token: admin, body: { account: 'unit_member', name: 'u', realName: '班员', deptId: unit } });
    const withUsers = await t.api(`/api/blade-system/dept/remove?ids=${unit}`, { method: 'POST', token: admin });
    expect(withUsers.body.msg).toBe('机构“待撤销班”下还有 1 个用户，请先调整这些用户的所属部门');
    const memberId = (await t.db.query("SELECT id::text AS id FROM blade_user WHERE account = 'unit_member'")).rows[0].id;
    await t.api('/api/blade-system/user/update', { token: admin, body: { id: memberId, deptId: root } });
    expect((await t.api(`/api/blade-system/dept/remove?ids=${unit},${office}`, { method: 'POST', token: admin })).body.data).toEqual({ removed: 2 });
  });

  it('a user without dept_delete is refused', async () => {
    const office = await add('留存所', root);
    const inspector = await t.signIn(TENANT, 'inspector');
    expect((await t.api(`/api/blade-system/dept/remove?ids=${office}`, { method: 'POST', token: inspector })).status).toBe(403);
    expect((await t.db.query('SELECT is_deleted FROM blade_dept WHERE id = $1', [office])).rows[0].is_deleted).toBe(0);
  });
});
