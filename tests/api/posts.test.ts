/**
 * Posts (platform-core §7 post): a register per tenant (category from the
 * post_category dictionary, code, name, sort, remark) with list, detail,
 * submit, a picker of the caller's own tenant whatever tenantId says, flat
 * tree nodes for tree-selects, and removal that spares posts users hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testServer.js';

const TENANT = '316979';

let t: TestServer;
let admin: string;
let otherAdmin: string;
let inspector: string;

async function post(postCode: string, postName: string, category = 3, sort = 1): Promise<string> {
  const response = await t.api('/api/blade-system/post/submit', { token: admin, body: { category, postCode, postName, sort } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.id;
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn(TENANT, 'admin');
  otherAdmin = await t.signIn('100001', 'admin');
  inspector = await t.signIn(TENANT, 'inspector');
});
afterAll(() => t?.close());

describe('posts', () => {
  let keeper: string;
  let director: string;
  beforeAll(async () => {
    director = await post('director', '站长', 1, 10);
    keeper = await post('dam_keeper', '大坝看护员', 3, 11);
  });

  it('submit validates the category and the code, and the code is unique in the tenant', async () => {
    expect((await t.api('/api/blade-system/post/submit', { token: admin, body: { category: 9, postCode: 'x', postName: 'x', sort: 1 } })).body.msg).toBe(
      '岗位类型的取值不在允许范围内',
    );
    expect((await t.api('/api/blade-system/post/submit', { token: admin, body: { category: 1, postCode: 'bad code', postName: 'x', sort: 1 } })).body.msg).toBe(
      '岗位编号只能包含字母、数字和 _ . -',
    );
    expect(
      (await t.api('/api/blade-system/post/submit', { token: admin, body: { category: 1, postCode: 'director', postName: '重复', sort: 1 } })).body.msg,
    ).toBe('岗位编号已存在');
    expect(
      (await t.api('/api/blade-system/post/submit', { token: otherAdmin, body: { category: 1, postCode: 'director', postName: '站长', sort: 1 } })).status,
    ).toBe(200);
  });

  const SEEDED = ['负责人', '技术负责人', '巡查员', '管护员'];

  it('list filters by category and name, in sort order (after the seeded posts)', async () => {
    const all = await t.api('/api/blade-system/post/list', { token: admin });
    expect(all.body.data.records.map((p: { postName: string }) => p.postName)).toEqual([...SEEDED, '站长', '大坝看护员']);
    const grassroots = await t.api(`/api/blade-system/post/list?category=3&postName=${encodeURIComponent('看护')}`, { token: admin });
    expect(grassroots.body.data.records.map((p: { id: string }) => p.id)).toEqual([keeper]);
  });

  it('select answers the caller’s own tenant whatever tenantId says; tree gives flat nodes for tree-selects', async () => {
    const select = await t.api('/api/blade-system/post/select?tenantId=100001', { token: inspector });
    expect(select.status).toBe(200);
    expect(select.body.data.map((p: { postName: string }) => p.postName)).toEqual([...SEEDED, '站长', '大坝看护员']);
    const otherSelect = await t.api(`/api/blade-system/post/select?tenantId=${TENANT}`, { token: otherAdmin });
    expect(otherSelect.body.data.map((p: { id: string }) => p.id)).not.toContain(director);
    const tree = await t.api('/api/blade-system/post/tree', { token: inspector });
    expect(tree.body.data.slice(4)).toEqual([
      { id: director, parentId: '0', title: '站长', key: director, value: director },
      { id: keeper, parentId: '0', title: '大坝看护员', key: keeper, value: keeper },
    ]);
  });

  it('search/post finds posts by name for pickers', async () => {
    const found = await t.api(`/api/blade-system/search/post?postName=${encodeURIComponent('看护')}`, { token: inspector });
    expect(found.body.data.map((p: { postCode: string }) => p.postCode)).toEqual(['dam_keeper']);
  });

  it('detail and writes are the tenant’s own', async () => {
    expect((await t.api(`/api/blade-system/post/detail?id=${keeper}`, { token: admin })).body.data).toMatchObject({ postCode: 'dam_keeper', category: 3 });
    expect((await t.api(`/api/blade-system/post/detail?id=${keeper}`, { token: otherAdmin })).status).toBe(404);
    expect((await t.api('/api/blade-system/post/submit', { token: otherAdmin, body: { id: keeper, postName: '改名' } })).status).toBe(404);
    expect((await t.api(`/api/blade-system/post/remove?ids=${keeper}`, { method: 'POST', token: otherAdmin })).status).toBe(404);
  });

  it('a post users hold is not removed; once they leave it, it is', async () => {
    const created = await t.api('/api/blade-system/user/addUser', {
      token: admin,
      body: { account: 'keeper_1', name: 'k', realName: '看护员甲', postId: keeper },
    });
    expect(created.body.data).toMatchObject({ postId: keeper, postName: '大坝看护员' });
    const held = await t.api(`/api/blade-system/post/remove?ids=${keeper}`, { method: 'POST', token: admin });
    expect(held.body.msg).toBe('岗位“大坝看护员”仍有 1 个用户在任，请先调整这些用户的岗位');
    await t.api('/api/blade-system/user/update', { token: admin, body: { id: created.body.data.id, postId: director } });
    expect((await t.api(`/api/blade-system/post/remove?ids=${keeper}`, { method: 'POST', token: admin })).body.data).toEqual({ removed: 1 });
  });

  it('a user without post_delete is refused', async () => {
    const farmAdmin = await t.signIn(TENANT, 'inspector');
    expect((await t.api(`/api/blade-system/post/remove?ids=${director}`, { method: 'POST', token: farmAdmin })).status).toBe(403);
  });
});
