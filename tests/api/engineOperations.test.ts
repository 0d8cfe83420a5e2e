/**
 * The engine's operations on a register declared only by a schema written
 * here (save/update/listAll/lazy-tree/in-filters and path parameters are not
 * all used by the first registers): a table appears, the routes answer at the
 * declared paths, and the generic rules hold.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadSigningKey } from '../../src/server/auth/signingKey.js';
import { loadConfig } from '../../src/server/config.js';
import { migrate } from '../../src/server/db/migrate.js';
import { buildEntityModel } from '../../src/server/engine/entityModel.js';
import { entityModels } from '../../src/server/engine/entityRegistry.js';
import type { EntitySchema } from '../../src/shared/entitySchema.js';
import { startTestServer, type TestServer } from './testServer.js';

const gaugeSchema: EntitySchema = {
  $id: 'test/gauge',
  title: '水尺',
  'x-title-en': 'Gauge',
  type: 'object',
  'x-table': 'test_gauge',
  'x-menu': 'param',
  'x-api': {
    list: 'GET /api/v1/test/gauge/list',
    postList: { op: 'list', route: 'POST /api/v1/test/gauge/list' },
    listAll: 'GET /api/v1/test/gauge/listAll',
    detail: 'GET /api/v1/test/gauge/detail/{id}',
    save: 'POST /api/v1/test/gauge/save',
    update: 'POST /api/v1/test/gauge/update',
    remove: 'GET /api/v1/test/gauge/remove/{id}',
    lazy: { op: 'lazyTree', route: 'GET /api/v1/test/gauge/lazy-tree' },
    options: { op: 'options', route: 'GET /api/v1/test/gauge/options' },
    export: 'GET /api/v1/test/gauge/export',
  },
  // Reuses buttons the demo roles have: the administrator all of them, the inspector the record export.
  'x-permissions': { add: 'param_add', edit: 'param_edit', delete: 'param_delete', export: 'inspect_record_export' },
  'x-tree': { titleField: 'name' },
  'x-order': ['sort asc'],
  required: ['name', 'kind'],
  properties: {
    parentId: { type: 'string', 'x-id': true, default: '0', title: '上级', 'x-en': 'Parent' },
    name: { type: 'string', maxLength: 32, title: '名称', 'x-en': 'Name', 'x-search': 'like', 'x-list': true },
    kind: { type: 'string', enum: ['staff', 'radar', 'pressure'], title: '类型', 'x-en': 'Kind', 'x-search': 'in', 'x-list': true, 'x-dict': 'gauge_kind' },
    level: { type: 'number', minimum: 0, maximum: 500, title: '水位', 'x-en': 'Level', 'x-list': true },
    installedOn: { type: 'string', format: 'date', title: '安装日期', 'x-en': 'Installed on' },
    sort: { type: 'integer', default: 0, title: '排序', 'x-en': 'Sort' },
  },
};

let t: TestServer;
let url: string;
let token: string;
let close: () => Promise<void>;

beforeAll(async () => {
  t = await startTestServer();
  const model = buildEntityModel(gaugeSchema);
  await migrate(t.db, [model]);
  const app = await buildApp({
    db: t.db,
    config: loadConfig({ webRoot: '/nonexistent', captchaEnabled: false }),
    signingKey: await loadSigningKey(t.db),
    models: [...entityModels(), model],
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  close = () => app.close();
  token = await t.signIn('100001', 'admin');
  // The kinds are entries of the tenant's dictionary (the engine refuses any other value), as a tenant would define them.
  const parent = (await t.api('/api/blade-system/dict/submit', { token, body: { code: 'gauge_kind', dictValue: '水尺类型', sort: 1 } })).body.data.id;
  for (const [key, value] of [
    ['staff', '水尺'],
    ['radar', '雷达'],
    ['pressure', '渗压'],
  ]) {
    await t.api('/api/blade-system/dict/submit', { token, body: { parentId: parent, code: 'gauge_kind', dictKey: key, dictValue: value, sort: 1 } });
  }
});
afterAll(async () => {
  await close?.();
  await t?.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function api(path: string, method = 'GET', body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { 'Blade-Auth': `bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json() };
}

describe('a register from a schema alone', () => {
  let root: { id: string; version: number };
  beforeAll(async () => {
    root = (await api('/api/v1/test/gauge/save', 'POST', { name: '大坝水尺', kind: 'staff', level: 102.35, installedOn: '2021-04-01', sort: 1 })).body.data;
    await api('/api/v1/test/gauge/save', 'POST', { name: '雷达水位计', kind: 'radar', level: 102.4, parentId: root.id, sort: 2 });
    await api('/api/v1/test/gauge/save', 'POST', { name: '渗压计', kind: 'pressure', sort: 3 });
  });

  it('save creates, and refuses a body that carries an id', async () => {
    expect(root.id).toMatch(/^\d+$/);
    const withId = await api('/api/v1/test/gauge/save', 'POST', { id: root.id, name: 'x', kind: 'staff' });
    expect(withId.status).toBe(400);
    expect(withId.body.msg).toBe('新增数据不能指定主键');
  });

  it('numbers, dates and enums round-trip with their types', async () => {
    const detail = await api(`/api/v1/test/gauge/detail/${root.id}`);
    expect(detail.body.data).toMatchObject({ level: 102.35, installedOn: '2021-04-01', kind: 'staff', parentId: '0' });
    const badEnum = await api('/api/v1/test/gauge/save', 'POST', { name: 'x', kind: 'laser' });
    expect(badEnum.status).toBe(400);
    expect(badEnum.body.msg).toBe('类型的取值不在允许范围内');
    const badDate = await api('/api/v1/test/gauge/save', 'POST', { name: 'x', kind: 'staff', installedOn: '2021-02-30' });
    expect(badDate.body.msg).toBe('安装日期格式不正确');
    const tooHigh = await api('/api/v1/test/gauge/save', 'POST', { name: 'x', kind: 'staff', level: 501 });
    expect(tooHigh.body.msg).toBe('水位不能大于500');
  });

  it('update changes only the fields sent', async () => {
    const response = await api('/api/v1/test/gauge/update', 'POST', { id: root.id, level: 103 });
    expect(response.body.data).toMatchObject({ name: '大坝水尺', level: 103, version: 2 });
    const missingId = await api('/api/v1/test/gauge/update', 'POST', { level: 1 });
    expect(missingId.status).toBe(400);
  });

  it('a POST list takes its filters and paging from the JSON body', async () => {
    const some = await api('/api/v1/test/gauge/list', 'POST', { kind: ['radar', 'pressure'], current: 1, size: 1, name: '' });
    expect(some.status).toBe(200);
    expect(some.body.data).toMatchObject({ total: 2, size: 1, current: 1 });
    const wrong = await api('/api/v1/test/gauge/list', 'POST', { kind: ['laser'] });
    expect(wrong.status).toBe(400);
    const unknown = await api('/api/v1/test/gauge/list', 'POST', { colour: 'red' });
    expect(unknown.status).toBe(400);
  });

  it('listAll returns every row in the declared order; in-filters take comma lists', async () => {
    const all = await api('/api/v1/test/gauge/listAll');
    expect(all.body.data.map((g: { name: string }) => g.name)).toEqual(['大坝水尺', '雷达水位计', '渗压计']);
    const some = await api('/api/v1/test/gauge/list?kind=radar,pressure');
    expect(some.body.data.total).toBe(2);
    const wrong = await api('/api/v1/test/gauge/list?kind=radar,laser');
    expect(wrong.status).toBe(400);
  });

  it('options names every row as a flat picker node, in the declared order, with the list filters', async () => {
    const all = await api('/api/v1/test/gauge/options');
    expect(all.status).toBe(200);
    expect(all.body.data.map((n: { title: string; parentId: string }) => [n.title, n.parentId])).toEqual([
      ['大坝水尺', '0'],
      ['雷达水位计', '0'],
      ['渗压计', '0'],
    ]);
    expect(all.body.data[0]).toEqual({ id: root.id, parentId: '0', title: '大坝水尺', key: root.id, value: root.id });
    expect((await api('/api/v1/test/gauge/options?kind=radar')).body.data.map((n: { title: string }) => n.title)).toEqual(['雷达水位计']);
    expect((await api('/api/v1/test/gauge/options?colour=red')).status).toBe(400);
  });

  it('the lazy tree gives direct children with hasChildren', async () => {
    const roots = await api('/api/v1/test/gauge/lazy-tree?parentId=0');
    expect(roots.body.data.map((g: { name: string; hasChildren: boolean }) => [g.name, g.hasChildren])).toEqual([
      ['大坝水尺', true],
      ['渗压计', false],
    ]);
    const children = await api(`/api/v1/test/gauge/lazy-tree?parentId=${root.id}`);
    expect(children.body.data.map((g: { title: string }) => g.title)).toEqual(['雷达水位计']);
  });

  it('remove by a path id soft-deletes, but not a node that still has children', async () => {
    expect((await api(`/api/v1/test/gauge/remove/${root.id}`)).body.msg).toBe('请先删除子节点');
    const leaf = (await api('/api/v1/test/gauge/list?name=渗压')).body.data.records[0];
    expect((await api(`/api/v1/test/gauge/remove/${leaf.id}`)).status).toBe(200);
    expect((await api(`/api/v1/test/gauge/detail/${leaf.id}`)).status).toBe(404);
  });
});

describe('export', () => {
  async function download(
    path: string,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; type: string | null; rows: unknown[][]; disposition: string | null }> {
    const response = await fetch(`${url}${path}`, { headers: { 'Blade-Auth': `bearer ${token}`, ...headers } });
    const rows: unknown[][] = [];
    if (response.headers.get('content-type')?.includes('spreadsheetml')) {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
      workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    }
    return { status: response.status, type: response.headers.get('content-type'), rows, disposition: response.headers.get('content-disposition') };
  }

  it('is a real .xlsx of the whole filtered query with titles and dictionary labels', async () => {
    const file = await download('/api/v1/test/gauge/export?kind=staff,radar&size=1');
    expect(file.status).toBe(200);
    expect(file.disposition).toContain(`filename*=UTF-8''${encodeURIComponent('水尺.xlsx')}`);
    expect(file.rows[0]).toEqual(['名称', '类型', '水位']);
    expect(
      file.rows
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(['水尺', '雷达']);
    expect(file.rows).toHaveLength(3);
  });

  it('speaks English to an English console', async () => {
    const file = await download('/api/v1/test/gauge/export?kind=radar', { 'Accept-Language': 'en' });
    expect(file.rows[0]).toEqual(['Name', 'Kind', 'Level']);
  });

  it('needs the register’s menu and its export button', async () => {
    const riverChief = await t.signIn('100001', 'river_chief');
    const response = await fetch(`${url}/api/v1/test/gauge/export`, { headers: { 'Blade-Auth': `bearer ${riverChief}` } });
    expect(response.status).toBe(403);
  });
});

describe('totals of very large registers', () => {
  it('counts exactly up to 100,000 matches and reports the planner’s estimate beyond', async () => {
    await t.db.query(
      `INSERT INTO test_gauge (id, tenant_id, name, kind, sort)
       SELECT 2000000000 + g, '100001', 'bulk ' || g, 'pressure', 10 FROM generate_series(1, 120000) AS g`,
    );
    await t.db.query('ANALYZE test_gauge');
    const all = await api('/api/v1/test/gauge/list?size=10');
    expect(all.body.data.totalIsEstimate).toBe(true);
    expect(all.body.data.total).toBeGreaterThan(100_000);
    expect(all.body.data.records).toHaveLength(10);
    const few = await api('/api/v1/test/gauge/list?kind=radar');
    expect(few.body.data).toMatchObject({ total: 1 });
    expect(few.body.data).not.toHaveProperty('totalIsEstimate');
  });
});
