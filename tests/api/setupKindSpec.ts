/**
 * What inspection, maintenance and cleaning setups share (business-domain
 * §7: item groups, items and objects at /api/v1/<kind>/…), written once and
 * run for each kind by inspectSetup, maintainSetup and cleanSetup.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testServer.js';

export type Kind = 'inspect' | 'maintain' | 'clean';

const TENANT = '100001';
const OTHER_TENANT = '316979';
const STRUCT_TYPE: Record<Kind, number> = { inspect: 1, maintain: 2, clean: 3 };
const OTHER_KIND: Record<Kind, Kind> = { inspect: 'maintain', maintain: 'clean', clean: 'inspect' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

export interface SetupKindContext {
  t: TestServer;
  admin: string;
  reservoirs: string[];
  call(path: string, body?: unknown, token?: string): Promise<{ status: number; body: Body }>;
  count(table: string, where?: string, values?: unknown[]): Promise<number>;
}

/** Starts one server for the file and hands the spec (and the file's own tests) a context. */
export function setupKindServer(): SetupKindContext {
  const ctx = {} as SetupKindContext;
  beforeAll(async () => {
    ctx.t = await startTestServer();
    ctx.admin = await ctx.t.signIn(TENANT, 'admin');
    const found = await ctx.t.db.query(`SELECT id::text AS id FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY code LIMIT 3`, [TENANT]);
    ctx.reservoirs = found.rows.map((row) => row.id);
    ctx.call = (path, body, token = ctx.admin) => ctx.t.api(path, { token, body, method: body === undefined ? 'GET' : 'POST' });
    ctx.count = async (table, where = 'true', values = []) =>
      (await ctx.t.db.query(`SELECT count(*)::int AS n FROM ${table} WHERE tenant_id = '${TENANT}' AND is_deleted = 0 AND ${where}`, values)).rows[0].n;
  });
  afterAll(() => ctx.t?.close());
  return ctx;
}

export function describeSetupKind(kind: Kind, ctx: SetupKindContext): void {
  const api = `/api/v1/${kind}`;
  const itemTable = `${kind}_item`;
  const groupTable = `${kind}_item_group`;
  const objectTable = `${kind}_object`;

  async function newItem(itemName: string, damPart = 7): Promise<string> {
    const saved = await ctx.call(`${api}/item/save`, { itemName, damPart, content: `${itemName}的标准` });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return saved.body.data.id;
  }

  async function newTemplate(name: string, structType = STRUCT_TYPE[kind]): Promise<string> {
    const saved = await ctx.call('/api/v1/inspect/structTemplate/submit/struct', { name, structType, referId: '0' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return saved.body.data.id;
  }

  describe(`${kind}: the item catalogue`, () => {
    it('is seeded with the items of an earth dam, each at a dam part', async () => {
      const all = await ctx.call(`${api}/item/list/all`);
      expect(all.status).toBe(200);
      expect(all.body.data.length).toBeGreaterThan(5);
      for (const item of all.body.data) expect(item.damPart).toBeGreaterThanOrEqual(1);
    });

    it('needs a name and a part, and says so per field', async () => {
      const before = await ctx.count(itemTable);
      const refused = await ctx.call(`${api}/item/save`, { content: '无' });
      expect(refused.status).toBe(400);
      expect(refused.body.data.errors.map((e: Body) => e.field).sort()).toEqual(['damPart', 'itemName']);
      expect(refused.body.msg).toBe('请输入项目名称');
      expect(await ctx.count(itemTable)).toBe(before);
    });

    it('answers one item by itemId', async () => {
      const id = await newItem('单项查询');
      const found = await ctx.call(`${api}/item/detail?itemId=${id}`);
      expect(found.body.data).toMatchObject({ id, itemName: '单项查询', damPart: 7 });
    });
  });

  describe(`${kind}: item groups hold items`, () => {
    it('save takes the item ids; detail by groupId answers the group with its items in that order', async () => {
      const ids = [await newItem('组内甲'), await newItem('组内乙'), await newItem('组内丙')];
      const order = [ids[2], ids[0], ids[1]];
      const saved = await ctx.call(`${api}/itemGroup/save`, { name: '组合一', ids: order });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data).toMatchObject({ name: '组合一', ids: order, itemCount: 3 });
      const detail = await ctx.call(`${api}/itemGroup/detail?groupId=${saved.body.data.id}`);
      expect(detail.status).toBe(200);
      expect(detail.body.data.items.map((item: Body) => item.itemName)).toEqual(['组内丙', '组内甲', '组内乙']);
    });

    it('update replaces the items and keeps the count', async () => {
      const [a, b] = [await newItem('换项甲'), await newItem('换项乙')];
      const group = (await ctx.call(`${api}/itemGroup/save`, { name: '组合二', ids: [a, b] })).body.data;
      const updated = await ctx.call(`${api}/itemGroup/update`, { id: group.id, ids: [b] });
      expect(updated.body.data).toMatchObject({ ids: [b], itemCount: 1 });
      const detail = await ctx.call(`${api}/itemGroup/detail?groupId=${group.id}`);
      expect(detail.body.data.items.map((item: Body) => item.id)).toEqual([b]);
      expect(detail.body.data.itemCount).toBe(1);
    });

    it('refuses unknown, repeated or other-kind item ids, naming the field, and writes nothing', async () => {
      const item = await newItem('重复项');
      const otherKindItem = (await ctx.call(`/api/v1/${OTHER_KIND[kind]}/item/list/all`)).body.data[0].id;
      const before = await ctx.count(groupTable);
      for (const ids of [['123456789'], [item, item], [otherKindItem], ['abc']]) {
        const refused = await ctx.call(`${api}/itemGroup/save`, { name: `坏组${ids.join()}`.slice(0, 60), ids });
        expect(refused.status, JSON.stringify(ids)).toBe(400);
        expect(refused.body.data.errors[0].field).toBe('ids');
      }
      expect(await ctx.count(groupTable)).toBe(before);
    });

    it('reservoirs (groupId): the reservoirs named by the group, or every reservoir when it names none', async () => {
      const everywhere = (await ctx.call(`${api}/itemGroup/save`, { name: '全域组', ids: [] })).body.data;
      const all = await ctx.call(`${api}/itemGroup/reservoirs?groupId=${everywhere.id}`);
      expect(all.status).toBe(200);
      expect(all.body.data.length).toBe(await ctx.count('rsc_reservoir'));
      const some = (await ctx.call(`${api}/itemGroup/save`, { name: '限定组', ids: [], reservoirIds: [ctx.reservoirs[1], ctx.reservoirs[0]] })).body.data;
      const named = await ctx.call(`${api}/itemGroup/reservoirs?groupId=${some.id}`);
      expect(named.body.data.map((r: Body) => r.id)).toEqual([ctx.reservoirs[1], ctx.reservoirs[0]]);
      expect(named.body.data[0].name).toEqual(expect.any(String));
    });

    it('an item a group holds cannot be removed; taken out of the group, it can', async () => {
      const item = await newItem('被占用的项目');
      const group = (await ctx.call(`${api}/itemGroup/save`, { name: '占用组', ids: [item] })).body.data;
      const refused = await ctx.call(`${api}/item/remove?ids=${item}`, {});
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe('项目仍在项目组「占用组」中，请先从项目组移除');
      expect(await ctx.count(itemTable, 'id = $1', [item])).toBe(1);
      await ctx.call(`${api}/itemGroup/update`, { id: group.id, ids: [] });
      expect((await ctx.call(`${api}/item/remove?ids=${item}`, {})).status).toBe(200);
      expect(await ctx.count(itemTable, 'id = $1', [item])).toBe(0);
    });

    it('remove (id) removes one group; another tenant never sees it', async () => {
      const group = (await ctx.call(`${api}/itemGroup/save`, { name: '将删除的组', ids: [] })).body.data;
      const stranger = await ctx.t.signIn(OTHER_TENANT, 'admin');
      expect((await ctx.call(`${api}/itemGroup/detail?groupId=${group.id}`, undefined, stranger)).status).toBe(404);
      expect((await ctx.call(`${api}/itemGroup/remove?id=${group.id}`, {}, stranger)).status).toBe(404);
      expect((await ctx.call(`${api}/itemGroup/remove?id=${group.id}`, {})).status).toBe(200);
      expect((await ctx.call(`${api}/itemGroup/detail?groupId=${group.id}`)).status).toBe(404);
    });

    it('is closed to a role whose menus do not hold it', async () => {
      const inspector = await ctx.t.signIn(TENANT, 'inspector');
      expect((await ctx.call(`${api}/itemGroup/list`, undefined, inspector)).status).toBe(403);
      expect((await ctx.call(`${api}/itemGroup/save`, { name: '越权', ids: [] }, inspector)).status).toBe(403);
    });
  });

  describe(`${kind}: objects`, () => {
    it('saveAll makes one object per (object × reservoir) pair', async () => {
      const template = await newTemplate(`${kind}测试结构甲`);
      const saved = await ctx.call(`${api}/object/saveAll`, {
        objList: [{ objName: '测试主坝', structId: template, location: '左岸 0+000～0+180' }, { objName: '测试溢洪道' }],
        reservoirList: ctx.reservoirs.slice(0, 2),
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data.created).toBe(4);
      for (const reservoirId of ctx.reservoirs.slice(0, 2)) {
        expect(await ctx.count(objectTable, "reservoir_id = $1 AND obj_name IN ('测试主坝', '测试溢洪道')", [reservoirId])).toBe(2);
      }
      const byStruct = await ctx.call(`${api}/object/getByStructIds?structIds=${template}`);
      expect(byStruct.body.data.map((o: Body) => o.objName)).toEqual(['测试主坝', '测试主坝']);
    });

    it('saveAll is all or nothing: a name one reservoir already has refuses the whole batch', async () => {
      await ctx.call(`${api}/object/saveAll`, { objList: [{ objName: '已有对象' }], reservoirList: [ctx.reservoirs[2]] });
      const before = await ctx.count(objectTable);
      const refused = await ctx.call(`${api}/object/saveAll`, { objList: [{ objName: '新对象' }, { objName: '已有对象' }], reservoirList: ctx.reservoirs });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toMatch(/^水库「.+」已有对象「已有对象」$/);
      expect(await ctx.count(objectTable)).toBe(before);
      expect(await ctx.count(objectTable, "obj_name = '新对象'")).toBe(0);
    });

    it('saveAll refuses an unknown reservoir, a template of another kind or an invalid object, and writes nothing', async () => {
      const otherTemplate = await newTemplate(`${kind}别类结构`, STRUCT_TYPE[OTHER_KIND[kind]]);
      const before = await ctx.count(objectTable);
      const cases: [unknown, string][] = [
        [{ objList: [{ objName: '孤对象' }], reservoirList: [ctx.reservoirs[0], '123456789'] }, 'reservoirList'],
        [{ objList: [{ objName: '别类对象', structId: otherTemplate }], reservoirList: [ctx.reservoirs[0]] }, 'structId'],
        [{ objList: [{ objName: 'x'.repeat(65) }], reservoirList: [ctx.reservoirs[0]] }, 'objName'],
        [{ objList: [], reservoirList: [ctx.reservoirs[0]] }, 'objList'],
        [{ objList: [{ objName: '无水库' }], reservoirList: [] }, 'reservoirList'],
      ];
      for (const [body, field] of cases) {
        const refused = await ctx.call(`${api}/object/saveAll`, body);
        expect(refused.status, JSON.stringify(body)).toBe(400);
        expect(
          refused.body.data.errors.map((e: Body) => e.field),
          JSON.stringify(body),
        ).toContain(field);
      }
      expect(await ctx.count(objectTable)).toBe(before);
    });

    it('pages, details, updates and removes objects at the spec paths', async () => {
      await ctx.call(`${api}/object/saveAll`, { objList: [{ objName: '单个对象' }], reservoirList: [ctx.reservoirs[0]] });
      const page = await ctx.call(`${api}/object/page?objName=${encodeURIComponent('单个对象')}`);
      const id = page.body.data.records[0].id;
      expect((await ctx.call(`${api}/object/detail/${id}`)).body.data).toMatchObject({ id, objName: '单个对象', reservoirId: ctx.reservoirs[0] });
      const updated = await ctx.call(`${api}/object/update`, { id, objName: '改名对象', reservoirId: ctx.reservoirs[1] });
      expect(updated.body.data).toMatchObject({ objName: '改名对象', reservoirId: ctx.reservoirs[1] });
      const elsewhere = await ctx.call(`${api}/object/update`, { id, reservoirId: '123456789' });
      expect(elsewhere.status).toBe(400);
      expect((await ctx.call(`${api}/object/detail/${id}`)).body.data.reservoirId).toBe(ctx.reservoirs[1]);
      expect((await ctx.call(`${api}/object/remove/${id}`)).status).toBe(200);
      expect((await ctx.call(`${api}/object/detail/${id}`)).status).toBe(404);
    });
  });
}
