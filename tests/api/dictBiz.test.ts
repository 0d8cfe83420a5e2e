/**
 * Business dictionaries (/api/blade-system/dict-biz/*): the dictionary
 * endpoints, per tenant, with nothing sealed.
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

const submit = (body: unknown, token = admin) => t.api('/api/blade-system/dict-biz/submit', { token, body });
const get = (path: string, token = admin) => t.api(`/api/blade-system/dict-biz/${path}`, { token });

async function createDictionary(code: string, entries: [key: string, value: string][]): Promise<{ parentId: string; entryIds: string[] }> {
  const parent = await submit({ code, dictValue: `${code} 名称`, sort: 1 });
  expect(parent.status, JSON.stringify(parent.body)).toBe(200);
  const entryIds: string[] = [];
  for (const [index, [dictKey, dictValue]] of entries.entries()) {
    const entry = await submit({ parentId: parent.body.data.id, code, dictKey, dictValue, sort: index + 1 });
    expect(entry.status, JSON.stringify(entry.body)).toBe(200);
    entryIds.push(entry.body.data.id);
  }
  return { parentId: parent.body.data.id, entryIds };
}

describe('business dictionaries', () => {
  it('validate with the dictionary messages', async () => {
    const response = await submit({ code: '', dictValue: '', sort: '' });
    expect(response.body.data.errors.map((e: { message: string }) => e.message)).toEqual(['请输入字典编号', '请输入字典名称', '请输入字典排序']);
    const parent = (await submit({ code: 'dam_type', dictValue: '坝型', sort: 1 })).body.data;
    const noKey = await submit({ parentId: parent.id, code: 'dam_type', dictValue: '土石坝', sort: 1 });
    expect(noKey.body.msg).toBe('请输入字典键值');
  });

  it('answer a code’s entries by dictionary?code= to any user of the tenant, and to no other tenant', async () => {
    await createDictionary('sluice_type', [
      ['1', '节制闸'],
      ['2', '分洪闸'],
    ]);
    const inspector = await t.signIn('316979', 'inspector');
    expect((await get('list', inspector)).status).toBe(403);
    const entries = (await get('dictionary?code=sluice_type', inspector)).body.data;
    expect(entries.map((e: { dictKey: string; dictValue: string }) => [e.dictKey, e.dictValue])).toEqual([
      ['1', '节制闸'],
      ['2', '分洪闸'],
    ]);
    const other = await t.signIn('100001', 'admin');
    expect((await get('dictionary?code=sluice_type', other)).body.data).toEqual([]);
    expect((await get('parent-list?code=sluice_type', other)).body.data.total).toBe(0);
  });

  it('list parents, a parent’s children and the whole tree', async () => {
    const { parentId, entryIds } = await createDictionary('gate_state', [
      ['0', '关闭'],
      ['1', '开启'],
    ]);
    const parents = (await get('parent-list?code=gate_state')).body.data.records;
    expect(parents.map((p: { id: string }) => p.id)).toEqual([parentId]);
    const children = (await get(`child-list?parentId=${parentId}`)).body.data;
    expect(children.map((c: { id: string }) => c.id)).toEqual(entryIds);
    const tree = (await get('tree')).body.data;
    expect(tree.find((n: { id: string }) => n.id === parentId).children.map((c: { id: string }) => c.id)).toEqual(entryIds);
  });

  it('refuse a key twice within a code', async () => {
    const { parentId } = await createDictionary('pump_kind', [['1', '轴流泵']]);
    const duplicate = await submit({ parentId, code: 'pump_kind', dictKey: '1', dictValue: '混流泵', sort: 2 });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.msg).toBe('当前字典键值已存在!');
  });

  it('seal nothing: an entry sent as sealed can still be changed and removed by the tenant', async () => {
    const { parentId, entryIds } = await createDictionary('canal_level', [['1', '干渠']]);
    const changed = await submit({ id: entryIds[0], dictValue: '总干渠', isSealed: 1 });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ dictValue: '总干渠' });
    expect(changed.body.data.isSealed).toBeUndefined();
    const refused = await t.api(`/api/blade-system/dict-biz/remove?ids=${parentId}`, { token: admin, method: 'POST' });
    expect(refused.body.msg).toBe('请先删除子节点');
    expect((await t.api(`/api/blade-system/dict-biz/remove?ids=${entryIds[0]},${parentId}`, { token: admin, method: 'POST' })).status).toBe(200);
    expect((await get('dictionary?code=canal_level')).body.data).toEqual([]);
  });

  it('are kept apart from the system dictionaries', async () => {
    await createDictionary('sex', [['9', '业务性别']]);
    const system = (await t.api('/api/blade-system/dict/dictionary?code=sex', { token: admin })).body.data;
    expect(system.map((e: { dictValue: string }) => e.dictValue)).toEqual(['男', '女']);
  });
});
