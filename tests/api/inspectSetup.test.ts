/**
 * Inspection setup (business-domain §7 /api/v1/inspect): the item catalogue,
 * item groups and objects shared with maintenance and cleaning
 * (setupKindSpec.ts), and what only inspection has: the structure-template
 * tree with its check points, the default objects and the frequencies.
 */
import { describe, expect, it } from 'vitest';
import { describeSetupKind, setupKindServer } from './setupKindSpec.js';

const ctx = setupKindServer();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
const TEMPLATES = '/api/v1/inspect/structTemplate';

function names(nodes: Body[]): string[] {
  return nodes.map((node) => node.name);
}

describe('the seeded inspection setup of an earth dam', () => {
  it('groups the items by dam part: crest, slopes, toe, spillway, outlet works, reservoir area, facilities', async () => {
    const items = (await ctx.call('/api/v1/inspect/item/list/all')).body.data as Body[];
    const parts = new Set(items.map((item) => item.damPart));
    for (const part of [1, 2, 3, 4, 5, 6, 7, 8]) expect(parts.has(part), `part ${part}`).toBe(true);
    expect(items.find((item) => item.itemName === '溢洪道行洪通道')).toMatchObject({ damPart: 5, content: expect.stringContaining('拦鱼网') });
  });

  it('has a routine group holding every item, and the frequency per scale and season', async () => {
    const groups = (await ctx.call('/api/v1/inspect/itemGroup/list?name=' + encodeURIComponent('日常巡查'))).body.data.records as Body[];
    const routine = (await ctx.call(`/api/v1/inspect/itemGroup/detail?groupId=${groups[0].id}`)).body.data;
    expect(routine.items.length).toBe(routine.itemCount);
    expect(routine.items[0]).toMatchObject({ itemName: '坝顶路面', damPart: 1 });
    const frequencies = (await ctx.call('/api/v1/inspect/frequency/list')).body.data.records as Body[];
    expect(frequencies.map((f) => [f.reservoirScale, f.season, f.frequency])).toEqual([
      [1, 1, 1],
      [1, 2, 3],
      [2, 1, 1],
      [2, 2, 3],
    ]);
  });

  it('gives every reservoir its default objects (list/default: the top-level inspection structures)', async () => {
    const defaults = (await ctx.call('/api/v1/inspect/object/list/default')).body.data as Body[];
    expect(defaults.map((d) => d.objName)).toEqual(['大坝', '溢洪道', '放水设施', '库区', '管理设施']);
    const ofFirst = await ctx.call(`/api/v1/inspect/object/page?reservoirId=${ctx.reservoirs[0]}&size=50`);
    expect(ofFirst.body.data.records.map((o: Body) => o.objName)).toEqual(expect.arrayContaining(['大坝', '溢洪道', '放水设施']));
  });
});

describe('structure templates', () => {
  it('treeAll/struct (structType) answers the tree of one kind', async () => {
    const tree = (await ctx.call(`${TEMPLATES}/treeAll/struct?structType=1`)).body.data as Body[];
    expect(names(tree)).toEqual(['大坝', '溢洪道', '放水设施', '库区', '管理设施']);
    expect(names(tree[0].children)).toEqual(['坝顶', '迎水坡', '背水坡', '坝脚及排水棱体']);
    const maintenance = (await ctx.call(`${TEMPLATES}/treeAll/struct?structType=2`)).body.data as Body[];
    expect(maintenance.every((node) => node.structType === 2)).toBe(true);
  });

  it("a child keeps its parent's kind", async () => {
    const parent = (await ctx.call(`${TEMPLATES}/submit/struct`, { name: '输水隧洞', structType: 1, referId: '0' })).body.data;
    const child = await ctx.call(`${TEMPLATES}/submit/struct`, { name: '进口闸室', structType: 1, referId: parent.id, relation: 6 });
    expect(child.status).toBe(200);
    expect(child.body.data).toMatchObject({ referId: parent.id, relation: 6 });
    const before = await ctx.count('inspect_struct_template');
    const mixed = await ctx.call(`${TEMPLATES}/submit/struct`, { name: '出口段', structType: 2, referId: parent.id });
    expect(mixed.status).toBe(400);
    expect(mixed.body.data.errors[0].field).toBe('referId');
    expect(await ctx.count('inspect_struct_template')).toBe(before);
  });

  it('remove/struct refuses a node with children or objects, and takes the check points of a removed node along', async () => {
    const parent = (await ctx.call(`${TEMPLATES}/submit/struct`, { name: '副坝', structType: 1, referId: '0' })).body.data;
    const child = (await ctx.call(`${TEMPLATES}/submit/struct`, { name: '副坝坝顶', structType: 1, referId: parent.id, relation: 1 })).body.data;
    const point = (await ctx.call(`${TEMPLATES}/submit/item`, { itemName: '副坝路面', templateId: child.id })).body.data;
    expect((await ctx.call(`${TEMPLATES}/remove/struct?ids=${parent.id}`)).body.msg).toBe('请先删除子节点');
    await ctx.call('/api/v1/inspect/object/saveAll', { objList: [{ objName: '副坝对象', structId: child.id }], reservoirList: [ctx.reservoirs[0]] });
    const inUse = await ctx.call(`${TEMPLATES}/remove/struct?ids=${child.id}`);
    expect(inUse.status).toBe(400);
    expect(inUse.body.msg).toBe('结构模板已用于对象「副坝对象」，不能删除');
    const object = (await ctx.call(`/api/v1/inspect/object/getByStructIds?structIds=${child.id}`)).body.data[0];
    await ctx.call(`/api/v1/inspect/object/remove/${object.id}`);
    expect((await ctx.call(`${TEMPLATES}/remove/struct?ids=${child.id},${parent.id}`)).status).toBe(200);
    expect(await ctx.count('inspect_template_item', 'id = $1', [point.id])).toBe(0);
  });
});

describe('template check points', () => {
  it('take the struct type of their template and point at catalogue items of that kind', async () => {
    const crest = (await ctx.call(`${TEMPLATES}/treeAll/struct?structType=1`)).body.data[0].children[0];
    const items = (await ctx.call('/api/v1/inspect/item/list/all?damPart=1')).body.data as Body[];
    const saved = await ctx.call(`${TEMPLATES}/submit/item`, {
      itemName: '坝顶综合',
      templateId: crest.id,
      structType: 3,
      configurationIds: [items[0].id, items[1].id],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ templateId: crest.id, structType: 1, configurationIds: [items[0].id, items[1].id] });
    const listed = await ctx.call(`${TEMPLATES}/list/item?templateId=${crest.id}&structType=1&size=100`);
    expect(listed.body.data.records.map((r: Body) => r.itemName)).toContain('坝顶综合');
  });

  it('a maintenance template’s check points name maintenance items (the reference follows the template’s kind)', async () => {
    const node = (await ctx.call(`${TEMPLATES}/treeAll/struct?structType=2`)).body.data[0];
    const maintenanceItem = (await ctx.call('/api/v1/maintain/item/list/all')).body.data[0];
    const saved = await ctx.call(`${TEMPLATES}/submit/item`, { itemName: '维修点', templateId: node.id, configurationIds: [maintenanceItem.id] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ structType: 2, configurationIds: [maintenanceItem.id] });
    const listed = await ctx.call(`${TEMPLATES}/list/item?templateId=${node.id}&structType=2&size=100`);
    const row = listed.body.data.records.find((r: Body) => r.id === saved.body.data.id);
    expect(row.configurationNames).toEqual([maintenanceItem.itemName]);
  });

  it('refuse an unknown template or items of another kind, and write nothing', async () => {
    const crest = (await ctx.call(`${TEMPLATES}/treeAll/struct?structType=1`)).body.data[0].children[0];
    const maintenanceItem = (await ctx.call('/api/v1/maintain/item/list/all')).body.data[0];
    const before = await ctx.count('inspect_template_item');
    const wrongKind = await ctx.call(`${TEMPLATES}/submit/item`, { itemName: '错类项目', templateId: crest.id, configurationIds: [maintenanceItem.id] });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.data.errors[0].field).toBe('configurationIds');
    const noTemplate = await ctx.call(`${TEMPLATES}/submit/item`, { itemName: '无模板', templateId: '123456789' });
    expect(noTemplate.body.data.errors[0]).toEqual({ field: 'templateId', message: '所选结构模板不存在或已被删除' });
    expect(await ctx.count('inspect_template_item')).toBe(before);
  });

  it('an item a check point uses cannot be removed', async () => {
    const item = (await ctx.call('/api/v1/inspect/item/save', { itemName: '检查点专用', damPart: 9 })).body.data;
    const crest = (await ctx.call(`${TEMPLATES}/treeAll/struct?structType=1`)).body.data[0].children[0];
    await ctx.call(`${TEMPLATES}/submit/item`, { itemName: '监测点', templateId: crest.id, configurationIds: [item.id] });
    const refused = await ctx.call(`/api/v1/inspect/item/remove?ids=${item.id}`, {});
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('项目仍被结构模板检查项「监测点」引用');
  });
});

describe('inspection frequency', () => {
  it('update changes the frequency of one scale and season, never the scale or season', async () => {
    const row = (await ctx.call('/api/v1/inspect/frequency/list?reservoirScale=2&season=1')).body.data.records[0];
    const updated = await ctx.call('/api/v1/inspect/frequency/update', { id: row.id, frequency: 2, reservoirScale: 1, season: 2, remark: '台风期间每日两次' });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ reservoirScale: 2, season: 1, frequency: 2, remark: '台风期间每日两次' });
    const bad = await ctx.call('/api/v1/inspect/frequency/update', { id: row.id, frequency: 42 });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors[0].field).toBe('frequency');
  });
});

// After the seeded-state checks above, which read the demo tree as seeded.
describeSetupKind('inspect', ctx);
