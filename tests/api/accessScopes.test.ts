/**
 * Enforced access beyond menus and buttons (platform-core §6, issue 4):
 * - data scopes decide which rows of a register a role sees, in every read
 *   and write the engine does (list, count, listAll, detail, export, update,
 *   remove);
 * - API scopes fence endpoints off: once a scope matches an endpoint, only
 *   roles granted a matching scope may call it;
 * - action bindings are gated like the rest (menu for reads, button for
 *   writes) and a POST action is all-or-nothing.
 * Exercised on a register declared here, so the rules are the engine's, not
 * one register's.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadSigningKey } from '../../src/server/auth/signingKey.js';
import { loadConfig } from '../../src/server/config.js';
import { nextId } from '../../src/server/db/ids.js';
import { defineActions } from '../../src/server/engine/actions.js';
import { buildEntityModel } from '../../src/server/engine/entityModel.js';
import { badRequest } from '../../src/server/http/apiError.js';
import type { EntitySchema } from '../../src/shared/entitySchema.js';
import { startTestServer, type TestServer } from './testServer.js';

const TENANT = '100001';

const sluiceSchema: EntitySchema = {
  $id: 'test/sluice',
  title: '闸门',
  'x-title-en': 'Sluice',
  type: 'object',
  'x-table': 'test_sluice',
  'x-menu': 'param',
  'x-data-scope': {},
  'x-api': {
    list: 'GET /api/v1/test/sluice/list',
    listAll: 'GET /api/v1/test/sluice/listAll',
    detail: 'GET /api/v1/test/sluice/detail',
    save: 'POST /api/v1/test/sluice/save',
    update: 'POST /api/v1/test/sluice/update',
    remove: 'POST /api/v1/test/sluice/remove?ids',
    export: 'GET /api/v1/test/sluice/export',
    count: { op: 'action', route: 'GET /api/v1/test/sluice/count' },
    open: { op: 'action', route: 'POST /api/v1/test/sluice/open', button: 'param_edit' },
  },
  'x-permissions': { add: 'param_add', edit: 'param_edit', delete: 'param_delete', export: 'user_export' },
  required: ['name'],
  properties: {
    name: { type: 'string', maxLength: 32, title: '名称', 'x-en': 'Name', 'x-list': true, 'x-search': 'like' },
    opening: { type: 'number', minimum: 0, maximum: 10, default: 0, title: '开度', 'x-en': 'Opening', 'x-list': true },
  },
};

defineActions('test/sluice', {
  /** A read: the number of rows of the caller's tenant. */
  count: async (ctx) => {
    const result = await ctx.tx.query(`SELECT count(*)::int AS n FROM test_sluice WHERE tenant_id = $1 AND is_deleted = 0`, [ctx.caller.tenantId]);
    return result.rows[0].n;
  },
  /** A write that changes a row and then fails when asked to: the change must not survive. */
  open: async (ctx) => {
    const body = ctx.body as { id: string; opening: number; fail?: boolean };
    await ctx.tx.query('UPDATE test_sluice SET opening = $3 WHERE tenant_id = $1 AND id = $2', [ctx.caller.tenantId, body.id, body.opening]);
    if (body.fail) throw badRequest('开度超出设计范围', 'The opening is beyond the design range');
    return { opened: body.id };
  },
});

let t: TestServer;
let url: string;
const dept: Record<'root' | 'a' | 'b' | 'c', string> = { root: '', a: '', b: '', c: '' };
const user: Record<string, { id: string; roleId: string }> = {};
const row: Record<'inA' | 'inB' | 'inC' | 'inRoot', string> = { inA: '', inB: '', inC: '', inRoot: '' };
let inspectorToken: string;
let platformToken: string;

async function sql(text: string, values: unknown[] = []) {
  return t.db.query(text, values);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function api(path: string, token: string, method = 'GET', body?: unknown): Promise<{ status: number; body: any; raw: Response }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { 'Blade-Auth': `bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  return { status: response.status, body: isJson ? await response.json() : await response.arrayBuffer(), raw: response };
}

async function addDept(name: string, parentId: string): Promise<string> {
  const id = nextId();
  await sql('INSERT INTO blade_dept (id, tenant_id, parent_id, dept_name, sort) VALUES ($1, $2, $3, $4, 1)', [id, TENANT, parentId, name]);
  return id;
}

async function addRow(name: string, owner: string, deptId: string): Promise<string> {
  const id = nextId();
  await sql('INSERT INTO test_sluice (id, tenant_id, name, create_user, create_dept) VALUES ($1, $2, $3, $4, $5)', [id, TENANT, name, owner, deptId]);
  return id;
}

/** Defines a data scope on the register's menu and grants it to the inspector's role. */
async function grantDataScope(scopeType: number, scopeValue: string | null = null): Promise<void> {
  const scopeId = nextId();
  await sql(
    `INSERT INTO blade_scope_data (id, tenant_id, menu_id, resource_code, scope_name, scope_type, scope_value) VALUES ($1, '000000', 0, 'param', 'test', $2, $3)`,
    [scopeId, scopeType, scopeValue],
  );
  await sql('INSERT INTO blade_role_scope (id, tenant_id, scope_category, scope_id, role_id) VALUES ($1, $2, 1, $3, $4)', [
    nextId(),
    TENANT,
    scopeId,
    user.inspector.roleId,
  ]);
}

async function visibleNames(): Promise<string[]> {
  const page = await api('/api/v1/test/sluice/list?size=50', inspectorToken);
  expect(page.status).toBe(200);
  expect(page.body.data.total).toBe(page.body.data.records.length);
  return page.body.data.records.map((r: { name: string }) => r.name).sort();
}

beforeAll(async () => {
  t = await startTestServer({}, { extraModels: [buildEntityModel(sluiceSchema)] });
  url = t.url;

  dept.root = (await sql(`SELECT id::text FROM blade_dept WHERE tenant_id = $1 AND parent_id = 0`, [TENANT])).rows[0].id;
  dept.a = await addDept('大坝管理所', dept.root);
  dept.b = await addDept('溢洪道班组', dept.a);
  dept.c = await addDept('灌区管理所', dept.root);
  const users = await sql(`SELECT id::text, account, role_id FROM blade_user WHERE tenant_id = $1 AND is_deleted = 0`, [TENANT]);
  for (const u of users.rows) user[u.account] = { id: u.id, roleId: String(u.role_id).split(',')[0] };
  await sql('UPDATE blade_user SET dept_id = $3 WHERE tenant_id = $1 AND account = $2', [TENANT, 'inspector', dept.a]);

  // The inspector may open the register (menu) and edit (button) but holds no other grant.
  const menus = await sql(`SELECT id FROM blade_menu WHERE code = ANY($1)`, [['param', 'param_edit', 'user_export', 'param_delete']]);
  for (const menu of menus.rows) {
    await sql('INSERT INTO blade_role_menu (id, tenant_id, role_id, menu_id) VALUES ($1, $2, $3, $4)', [nextId(), TENANT, user.inspector.roleId, menu.id]);
  }
  row.inA = await addRow('A-坝顶闸', user.inspector.id, dept.a);
  row.inB = await addRow('B-溢洪道闸', user.river_chief.id, dept.b);
  row.inC = await addRow('C-灌区闸', user.subject_admin.id, dept.c);
  row.inRoot = await addRow('R-放水闸', user.farm_admin.id, dept.root);
  inspectorToken = await t.signIn(TENANT, 'inspector');
  platformToken = await t.signIn('000000', 'admin');
});

afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  await sql('DELETE FROM blade_role_scope');
  await sql('DELETE FROM blade_scope_data');
  await sql('DELETE FROM blade_scope_api');
  await sql('UPDATE test_sluice SET opening = 0, is_deleted = 0');
});

describe('data scopes', () => {
  it('without a granted scope the menu grant shows every row of the tenant', async () => {
    expect(await visibleNames()).toEqual(['A-坝顶闸', 'B-溢洪道闸', 'C-灌区闸', 'R-放水闸']);
  });

  it('"own rows" shows only the rows the caller created', async () => {
    await grantDataScope(2);
    expect(await visibleNames()).toEqual(['A-坝顶闸']);
  });

  it('"own department" shows the rows of the caller\'s department only', async () => {
    await grantDataScope(3);
    expect(await visibleNames()).toEqual(['A-坝顶闸']);
  });

  it('"department and children" adds the rows of the departments below', async () => {
    await grantDataScope(4);
    expect(await visibleNames()).toEqual(['A-坝顶闸', 'B-溢洪道闸']);
  });

  it('"custom" shows the rows of the listed departments', async () => {
    await grantDataScope(5, dept.c);
    expect(await visibleNames()).toEqual(['C-灌区闸']);
  });

  it('several scopes add up, and "all" among them lifts the limit', async () => {
    await grantDataScope(2);
    await grantDataScope(5, dept.c);
    expect(await visibleNames()).toEqual(['A-坝顶闸', 'C-灌区闸']);
    await grantDataScope(1);
    expect(await visibleNames()).toHaveLength(4);
  });

  it('applies to listAll, detail, export, update and remove, which change nothing outside the scope', async () => {
    await grantDataScope(3);
    const all = await api('/api/v1/test/sluice/listAll', inspectorToken);
    expect(all.body.data.map((r: { name: string }) => r.name)).toEqual(['A-坝顶闸']);
    expect((await api(`/api/v1/test/sluice/detail?id=${row.inC}`, inspectorToken)).status).toBe(404);
    expect((await api(`/api/v1/test/sluice/detail?id=${row.inA}`, inspectorToken)).status).toBe(200);

    const exported = await api('/api/v1/test/sluice/export', inspectorToken);
    expect(exported.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.body as ArrayBuffer);
    const names = workbook.worksheets[0]
      .getSheetValues()
      .slice(2)
      .map((r) => (r as unknown[])[1]);
    expect(names).toEqual(['A-坝顶闸']);

    const update = await api('/api/v1/test/sluice/update', inspectorToken, 'POST', { id: row.inC, opening: 5 });
    expect(update.status).toBe(404);
    const remove = await api(`/api/v1/test/sluice/remove?ids=${row.inC}`, inspectorToken, 'POST');
    expect(remove.status).toBe(404);
    const stored = await sql('SELECT opening, is_deleted FROM test_sluice WHERE id = $1', [row.inC]);
    expect(stored.rows[0]).toEqual({ opening: 0, is_deleted: 0 });
  });

  it('a scope granted in another tenant does not apply here', async () => {
    const scopeId = nextId();
    await sql(`INSERT INTO blade_scope_data (id, tenant_id, menu_id, resource_code, scope_name, scope_type) VALUES ($1, '000000', 0, 'param', 'test', 2)`, [
      scopeId,
    ]);
    await sql(`INSERT INTO blade_role_scope (id, tenant_id, scope_category, scope_id, role_id) VALUES ($1, '316979', 1, $2, $3)`, [
      nextId(),
      scopeId,
      user.inspector.roleId,
    ]);
    expect(await visibleNames()).toHaveLength(4);
  });
});

describe('API scopes', () => {
  async function defineApiScope(scopePath: string): Promise<string> {
    const id = nextId();
    await sql(
      `INSERT INTO blade_scope_api (id, tenant_id, menu_id, resource_code, scope_name, scope_path, scope_type) VALUES ($1, '000000', 0, 'param', 'test', $2, 1)`,
      [id, scopePath],
    );
    return id;
  }

  it('an endpoint no scope matches keeps its menu and button checks alone', async () => {
    await defineApiScope('POST /api/v1/test/other/**');
    expect((await api('/api/v1/test/sluice/list', inspectorToken)).status).toBe(200);
  });

  it('a matching scope refuses roles it is not granted to, and the write changes nothing', async () => {
    await defineApiScope('POST /api/v1/test/sluice/update');
    const refused = await api('/api/v1/test/sluice/update', inspectorToken, 'POST', { id: row.inA, opening: 3 });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('没有调用该接口的权限');
    expect((await sql('SELECT opening FROM test_sluice WHERE id = $1', [row.inA])).rows[0].opening).toBe(0);
    // Reads of the same register are not matched by that scope.
    expect((await api('/api/v1/test/sluice/list', inspectorToken)).status).toBe(200);
  });

  it('granting a matching scope to the role lets the call through; * and ** match segments', async () => {
    const scopeId = await defineApiScope('/api/v1/test/*/list');
    expect((await api('/api/v1/test/sluice/list', inspectorToken)).status).toBe(403);
    await sql('INSERT INTO blade_role_scope (id, tenant_id, scope_category, scope_id, role_id) VALUES ($1, $2, 2, $3, $4)', [
      nextId(),
      TENANT,
      scopeId,
      user.inspector.roleId,
    ]);
    expect((await api('/api/v1/test/sluice/list', inspectorToken)).status).toBe(200);
    await defineApiScope('/api/v1/test/sluice/**');
    expect((await api('/api/v1/test/sluice/listAll', inspectorToken)).status).toBe(403);
    // A grant with the wrong category (a data scope) is no API grant.
    expect((await api('/api/v1/test/sluice/detail?id=' + row.inA, inspectorToken)).status).toBe(403);
  });

  it('never locks the platform administrator out', async () => {
    await defineApiScope('/api/blade-system/param/**');
    expect((await api('/api/blade-system/param/list', platformToken)).status).toBe(200);
    const tenantAdmin = await t.signIn(TENANT, 'admin');
    expect((await api('/api/blade-system/param/list', tenantAdmin)).status).toBe(403);
  });
});

describe('actions', () => {
  it('a GET action needs the register menu, and sees what the caller may', async () => {
    const counted = await api('/api/v1/test/sluice/count', inspectorToken);
    expect(counted.body).toMatchObject({ code: 200, success: true, data: 4 });
    const noMenu = await t.signIn(TENANT, 'river_chief');
    expect((await api('/api/v1/test/sluice/count', noMenu)).status).toBe(403);
  });

  it('a POST action needs its button code', async () => {
    const noButton = await t.signIn(TENANT, 'river_chief');
    const refused = await api('/api/v1/test/sluice/open', noButton, 'POST', { id: row.inA, opening: 2 });
    expect(refused.status).toBe(403);
    const done = await api('/api/v1/test/sluice/open', inspectorToken, 'POST', { id: row.inA, opening: 2 });
    expect(done.body.data).toEqual({ opened: row.inA });
    expect((await sql('SELECT opening FROM test_sluice WHERE id = $1', [row.inA])).rows[0].opening).toBe(2);
  });

  it('a POST action that fails leaves nothing behind', async () => {
    const failed = await api('/api/v1/test/sluice/open', inspectorToken, 'POST', { id: row.inA, opening: 9, fail: true });
    expect(failed.status).toBe(400);
    expect(failed.body.msg).toBe('开度超出设计范围');
    expect((await sql('SELECT opening FROM test_sluice WHERE id = $1', [row.inA])).rows[0].opening).toBe(0);
  });

  it('a declared action without a handler stops start-up', async () => {
    const orphan = buildEntityModel({
      ...sluiceSchema,
      $id: 'test/orphan',
      'x-table': 'test_orphan',
      'x-api': { ghost: { op: 'action', route: 'POST /api/v1/test/orphan/ghost', button: 'param_edit' } },
    });
    await expect(
      buildApp({ db: t.db, config: loadConfig({ webRoot: '/nonexistent' }), signingKey: await loadSigningKey(t.db), models: [orphan] }),
    ).rejects.toThrow(/no handler/);
  });

  it('a POST action without a button or platform flag is refused by the schema sanitizer', () => {
    expect(() => buildEntityModel({ ...sluiceSchema, 'x-api': { ghost: { op: 'action', route: 'POST /api/v1/test/x' } } })).toThrow(/needs "button"/);
  });
});
