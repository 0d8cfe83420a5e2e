/**
 * Dictionaries (/api/blade-system/dict/*): parents and children, the
 * `dictionary?code=` lookup, trees, sealed entries and the spec's messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testServer.js';

let t: TestServer;
let admin: string;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn('316979', 'admin');
});
afterAll(() => t?.close());

const submit = (body: unknown, token = admin) => t.api('/api/blade-system/dict/submit', { token, body });

describe('dictionary parents', () => {
  it('a parent without fields gives the spec’s messages', async () => {
    const response = await submit({});
    expect(response.status).toBe(400);
    const messages = response.body.data.errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(expect.arrayContaining(['请输入字典编号', '请输入字典名称', '请输入字典排序']));
  });

  it('creates a parent (dictKey -1, parentId 0) listed by parent-list', async () => {
    const created = await submit({ code: 'test_level', dictValue: '测试等级', sort: 1, isSealed: 0 });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ parentId: '0', dictKey: '-1', code: 'test_level' });
    const parents = await t.api('/api/blade-system/dict/parent-list?code=test_level', { token: admin });
    expect(parents.body.data.records).toHaveLength(1);
  });
});

describe('dictionary children', () => {
  let parentId: string;
  beforeAll(async () => {
    parentId = (await submit({ code: 'test_grade', dictValue: '测试分级', sort: 2 })).body.data.id;
  });

  it('a child needs a key: 请输入字典键值', async () => {
    const response = await submit({ parentId, code: 'test_grade', dictValue: '一级', sort: 1 });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('请输入字典键值');
  });

  it('children are served by dictionary?code= in sort order, without the parent', async () => {
    await submit({ parentId, code: 'test_grade', dictKey: '2', dictValue: '二级', sort: 2 });
    await submit({ parentId, code: 'test_grade', dictKey: '1', dictValue: '一级', sort: 1 });
    const response = await t.api('/api/blade-system/dict/dictionary?code=test_grade', { token: admin });
    expect(response.body.data.map((d: { dictKey: string; dictValue: string }) => [d.dictKey, d.dictValue])).toEqual([
      ['1', '一级'],
      ['2', '二级'],
    ]);
  });

  it('a duplicate key in one dictionary is refused with 当前字典键值已存在!', async () => {
    const response = await submit({ parentId, code: 'test_grade', dictKey: '1', dictValue: '重复', sort: 3 });
    expect(response.body.msg).toBe('当前字典键值已存在!');
  });

  it('child-list returns the subtree of a parent as records', async () => {
    const response = await t.api(`/api/blade-system/dict/child-list?parentId=${parentId}`, { token: admin });
    expect(response.body.data.map((d: { dictValue: string }) => d.dictValue)).toEqual(['一级', '二级']);
    expect(response.body.data[0]).toHaveProperty('dictKey');
  });

  it('tree returns TreeNodes with children under their parent', async () => {
    const response = await t.api('/api/blade-system/dict/tree', { token: admin });
    const node = response.body.data.find((n: { id: string }) => n.id === parentId);
    expect(node).toMatchObject({ title: '测试分级', key: parentId, value: parentId, hasChildren: true });
    expect(node.children.map((c: { title: string }) => c.title)).toEqual(['一级', '二级']);
  });

  it('a parent with children cannot be removed before them', async () => {
    const response = await t.api(`/api/blade-system/dict/remove?ids=${parentId}`, { token: admin, method: 'POST' });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('请先删除子节点');
  });

  it('the code of an entry cannot be changed on edit', async () => {
    const child = (await t.api('/api/blade-system/dict/dictionary?code=test_grade', { token: admin })).body.data[0];
    await submit({ id: child.id, code: 'other', dictValue: '一级(改)' });
    const after = (await t.api(`/api/blade-system/dict/detail?id=${child.id}`, { token: admin })).body.data;
    expect(after).toMatchObject({ code: 'test_grade', dictValue: '一级(改)' });
  });
});

describe('integrity', () => {
  it('a second parent with the same code gets the field message, not a generic one', async () => {
    await submit({ code: 'test_twice', dictValue: '一', sort: 1 });
    const response = await submit({ code: 'test_twice', dictValue: '二', sort: 2 });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('当前字典键值已存在!');
    expect(response.body.data.errors[0].field).toBe('code');
  });

  it('a parent from another tenant (or none at all) is refused', async () => {
    const other = await t.signIn('100001', 'admin');
    const foreignParent = (await submit({ code: 'test_foreign', dictValue: '外部', sort: 1 }, other)).body.data.id;
    const response = await submit({ parentId: foreignParent, code: 'test_foreign', dictKey: '1', dictValue: '挂靠', sort: 1 });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('上级数据不存在');
    expect((await submit({ parentId: '123456789', code: 'x', dictKey: '1', dictValue: 'x', sort: 1 })).body.msg).toBe('上级数据不存在');
  });
});

describe('sealed dictionaries', () => {
  it('a sealed entry cannot be changed or removed by a tenant administrator', async () => {
    const sex = (await t.api('/api/blade-system/dict/dictionary?code=sex', { token: admin })).body.data[0];
    const edit = await submit({ id: sex.id, dictValue: '改' });
    expect(edit.status).toBe(400);
    expect(edit.body.msg).toBe('封存的字典不能修改或删除');
    const remove = await t.api(`/api/blade-system/dict/remove?ids=${sex.id}`, { token: admin, method: 'POST' });
    expect(remove.status).toBe(400);
    expect((await t.api(`/api/blade-system/dict/detail?id=${sex.id}`, { token: admin })).body.data.dictValue).toBe(sex.dictValue);
  });

  it('the platform administrator may correct a sealed entry', async () => {
    const platform = await t.signIn('000000', 'admin');
    const sex = (await t.api('/api/blade-system/dict/dictionary?code=sex', { token: platform })).body.data[0];
    const edit = await submit({ id: sex.id, remark: '国家标准 GB/T 2261.1' }, platform);
    expect(edit.status).toBe(200);
  });
});

describe('dictionary reads need only a token', () => {
  it('an inspector can read dictionaries but not write them', async () => {
    const inspector = await t.signIn('316979', 'inspector');
    expect((await t.api('/api/blade-system/dict/dictionary?code=audit_status', { token: inspector })).body.data.length).toBeGreaterThan(0);
    const write = await submit({ code: 'x', dictValue: 'x', sort: 1 }, inspector);
    expect(write.status).toBe(403);
  });
});
