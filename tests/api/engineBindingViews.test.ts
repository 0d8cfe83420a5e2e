/**
 * One register, several menus (x-api binding `menu`, `button`, `where`): a binding may name the menu
 * that opens it and whose data scope its requests get, the button its generic write or export needs
 * instead of the register's x-permissions, and a where that holds beyond lists — detail, update,
 * remove and transitions do not find rows outside it (404, nothing changed), save/update/submit
 * refuse a value outside it (400 naming the field and the allowed values, in both languages), an
 * export writes its rows only. Shown on a test register served through two monitoring menus
 * (monitor_water_level for element 1, monitor_rainfall for element 2) besides its own
 * (monitor_seepage_flow), and a user whose role opens the first two with different data scopes.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/passwords.js';
import { nextId } from '../../src/server/db/ids.js';
import { defineActions } from '../../src/server/engine/actions.js';
import { buildEntityModel, SchemaError } from '../../src/server/engine/entityModel.js';
import { buildSelectAll } from '../../src/server/engine/sqlBuilder.js';
import type { EntitySchema } from '../../src/shared/entitySchema.js';
import { md5, startTestServer, type TestServer } from './testServer.js';

const TENANT = '316979';
const LEVEL = 1; // monitor_element 库水位 / Reservoir level
const RAIN = 2; // monitor_element 降水量 / Rainfall
const A = 'monitor_water_level';
const B = 'monitor_rainfall';
const OWN = 'monitor_seepage_flow'; // the register's own menu (x-menu, x-permissions)
const URL = '/api/v1/test/views';

const schema: EntitySchema = {
  $id: 'test/bindingViews',
  title: '视图测试',
  'x-title-en': 'View test',
  type: 'object',
  'x-table': 'test_binding_views',
  'x-menu': OWN,
  'x-data-scope': {},
  'x-api': {
    list: `GET ${URL}/list`,
    save: `POST ${URL}/save`,
    export: `GET ${URL}/export`,
    levelList: { op: 'list', route: `GET ${URL}/level/list`, menu: A, where: { element: [LEVEL] } },
    levelDetail: { op: 'detail', route: `GET ${URL}/level/detail`, menu: A, where: { element: [LEVEL] } },
    levelExport: { op: 'export', route: `GET ${URL}/level/export`, menu: A, button: `${A}_export`, where: { element: [LEVEL] } },
    levelSave: { op: 'save', route: `POST ${URL}/level/save`, menu: A, button: `${A}_add`, where: { element: [LEVEL] } },
    levelUpdate: { op: 'update', route: `POST ${URL}/level/update`, menu: A, button: `${A}_edit`, where: { element: [LEVEL] } },
    levelSubmit: { op: 'submit', route: `POST ${URL}/level/submit`, menu: A, button: `${A}_edit`, where: { element: [LEVEL] } },
    levelRemove: { op: 'remove', route: `POST ${URL}/level/remove?ids`, menu: A, button: `${A}_delete`, where: { element: [LEVEL] } },
    levelClose: { op: 'transition', route: `POST ${URL}/level/close?ids`, transition: 'close', menu: A, button: `${A}_edit`, where: { element: [LEVEL] } },
    levelIds: { op: 'action', route: `GET ${URL}/level/ids`, menu: A, where: { element: [LEVEL] } },
    notRainSave: { op: 'save', route: `POST ${URL}/notRain/save`, menu: A, button: `${A}_add`, where: { element: { ne: RAIN } } },
    rainList: { op: 'list', route: `GET ${URL}/rain/list`, menu: B, where: { element: [RAIN] } },
    rainSave: { op: 'save', route: `POST ${URL}/rain/save`, menu: B, button: `${B}_add`, where: { element: [RAIN] } },
  },
  'x-permissions': { add: `${OWN}_add`, edit: `${OWN}_edit`, delete: `${OWN}_delete`, export: `${OWN}_export` },
  'x-states': { field: 'state', transitions: [{ name: 'close', from: [1], to: [2], label: '关闭', 'label-en': 'Closing' }] },
  required: ['element', 'value'],
  properties: {
    element: { type: 'integer', minimum: 1, maximum: 99, title: '监测要素', 'x-en': 'Element', 'x-dict': 'monitor_element', 'x-list': true, 'x-export': true },
    value: { type: 'number', title: '测值', 'x-en': 'Value', 'x-list': true, 'x-export': true },
    state: { type: 'integer', enum: [1, 2], default: 1, readOnly: true, title: '状态', 'x-en': 'State', 'x-list': true },
  },
};

// An action of a binding with a menu and a where: the rows its request's scope (ctx.scope) lets it see.
defineActions('test/bindingViews', {
  levelIds: async (ctx) => {
    const sql = buildSelectAll(ctx.model, ctx.scope, [], ctx.model.order, 1000, ['id']);
    return (await ctx.db.query(sql.text, sql.values)).rows.map((row) => String(row.id));
  },
});

let t: TestServer;
let admin: string;
/** Opens A (with all its buttons; data scope: own rows) and B (no buttons; data scope: all); not the register's own menu. */
let viewer: string;
/** Opens A, holds none of its buttons. */
let looker: string;
const rows: Record<string, string> = {};

/** A user of TENANT holding exactly these menus and buttons (by code). */
async function userWith(account: string, codes: string[]): Promise<string> {
  const roleId = nextId();
  await t.db.query(`INSERT INTO blade_role (id, tenant_id, parent_id, role_name, role_alias, sort) VALUES ($1, $2, 0, $3, $3, 99)`, [roleId, TENANT, account]);
  const menus = await t.db.query(`SELECT id FROM blade_menu WHERE code = ANY($1) AND is_deleted = 0`, [codes]);
  expect(menus.rowCount).toBe(codes.length);
  for (const menu of menus.rows) {
    await t.db.query(`INSERT INTO blade_role_menu (id, tenant_id, role_id, menu_id) VALUES ($1, $2, $3, $4)`, [nextId(), TENANT, roleId, menu.id]);
  }
  await t.db.query(`INSERT INTO blade_user (id, tenant_id, account, password, name, real_name, role_id, dept_id) VALUES ($1, $2, $3, $4, $3, $3, $5, '')`, [
    nextId(),
    TENANT,
    account,
    await hashPassword(md5(`${account}-pass`)),
    roleId,
  ]);
  if (account === 'viewer') {
    // Data scope "own rows" (type 2) on menu A only.
    const scopeId = nextId();
    await t.db.query(
      `INSERT INTO blade_scope_data (id, tenant_id, menu_id, resource_code, scope_name, scope_type) VALUES ($1, '000000', 0, $2, 'own rows', 2)`,
      [scopeId, A],
    );
    await t.db.query(`INSERT INTO blade_role_scope (id, tenant_id, scope_category, scope_id, role_id) VALUES ($1, $2, 1, $3, $4)`, [
      nextId(),
      TENANT,
      scopeId,
      roleId,
    ]);
  }
  return t.signIn(TENANT, account, `${account}-pass`);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function call(path: string, token: string, body?: unknown, language?: 'en'): Promise<{ status: number; body: any }> {
  return t.api(`${URL}${path}`, { token, body, method: body === undefined ? 'GET' : 'POST', headers: language ? { 'Accept-Language': language } : {} });
}

async function fingerprint(): Promise<string> {
  const result = await t.db.query(`SELECT id::text, element, value, state, is_deleted, version FROM test_binding_views ORDER BY id`);
  return JSON.stringify(result.rows);
}

function idsOf(body: { data: { records: { id: string }[] } }): string[] {
  return body.data.records.map((row) => row.id).sort();
}

async function exportedValues(path: string, token: string): Promise<{ status: number; values: number[] }> {
  const response = await fetch(`${t.url}${URL}${path}`, { headers: { 'Blade-Auth': `bearer ${token}` } });
  if (response.status !== 200) return { status: response.status, values: [] };
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
  const sheet = workbook.worksheets[0];
  const column = (sheet.getRow(1).values as unknown[]).indexOf('测值');
  const values = (sheet.getColumn(column).values.slice(2) as number[]).filter((value) => value !== undefined && value !== null);
  return { status: 200, values: values.sort((x, y) => x - y) };
}

beforeAll(async () => {
  t = await startTestServer({}, { extraModels: [buildEntityModel(schema)] });
  admin = await t.signIn(TENANT, 'admin');
  viewer = await userWith('viewer', [A, `${A}_add`, `${A}_edit`, `${A}_delete`, `${A}_export`, B]);
  looker = await userWith('looker', [A]);
  // The administrator's rows: a level reading and a rain reading; the viewer's own level reading.
  for (const [name, token, path, body] of [
    ['adminLevel', admin, '/level/save', { element: LEVEL, value: 11 }],
    ['adminRain', admin, '/rain/save', { element: RAIN, value: 22 }],
    ['viewerLevel', viewer, '/level/save', { element: LEVEL, value: 33 }],
  ] as const) {
    const saved = await call(path, token, body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    rows[name] = saved.body.data.id;
  }
});
afterAll(() => t?.close());

describe('menu: a binding is opened by its own menu and reads in that menu’s data scope', () => {
  it('gates each read by the binding’s menu; a binding without one by the register’s', async () => {
    expect((await call('/level/list', viewer)).status).toBe(200);
    expect((await call('/rain/list', viewer)).status).toBe(200);
    expect((await call('/list', viewer)).status).toBe(403);
    expect((await call('/rain/list', looker)).status).toBe(403);
    expect((await call(`/level/detail?id=${rows.viewerLevel}`, looker)).status).toBe(200);
    expect((await call('/level/ids', looker)).status).toBe(200);
    expect((await call('/list', looker)).status).toBe(403);
    expect((await call('/list', admin)).status).toBe(200);
  });

  it('gives each binding the data scope granted on its menu: own rows through A, every row through B', async () => {
    expect(idsOf((await call('/level/list', viewer)).body)).toEqual([rows.viewerLevel]);
    expect(idsOf((await call('/rain/list', viewer)).body)).toEqual([rows.adminRain]);
    expect(idsOf((await call('/level/list', looker)).body)).toEqual([rows.adminLevel, rows.viewerLevel].sort());
    expect((await call(`/level/detail?id=${rows.adminLevel}`, viewer)).status).toBe(404);
    expect((await call(`/level/detail?id=${rows.viewerLevel}`, viewer)).body.data).toMatchObject({ element: LEVEL, value: 33 });
    // An action gets the same scope: its menu's data scope and its where.
    expect((await call('/level/ids', viewer)).body.data).toEqual([rows.viewerLevel]);
    expect(((await call('/level/ids', admin)).body.data as string[]).sort()).toEqual([rows.adminLevel, rows.viewerLevel].sort());
  });

  it('writes in the binding menu’s data scope: a row outside it is not found and stays as it was', async () => {
    const before = await fingerprint();
    expect((await call('/level/update', viewer, { id: rows.adminLevel, value: 12 })).status).toBe(404);
    expect((await call(`/level/remove?ids=${rows.adminLevel}`, viewer, {})).status).toBe(404);
    expect((await call(`/level/close?ids=${rows.adminLevel}`, viewer, {})).status).toBe(404);
    expect(await fingerprint()).toBe(before);
  });

  it('exports the rows of the binding’s menu scope and where', async () => {
    expect(await exportedValues('/level/export', viewer)).toEqual({ status: 200, values: [33] });
    expect(await exportedValues('/level/export', admin)).toEqual({ status: 200, values: [11, 33] });
  });
});

describe('button: a generic write or export needs the binding’s button instead of the register’s', () => {
  it('save, update, submit, remove, transition and export through A need A’s buttons', async () => {
    const before = await fingerprint();
    expect((await call('/level/save', looker, { element: LEVEL, value: 1 })).status).toBe(403);
    expect((await call('/level/update', looker, { id: rows.viewerLevel, value: 1 })).status).toBe(403);
    expect((await call('/level/submit', looker, { element: LEVEL, value: 1 })).status).toBe(403);
    expect((await call(`/level/remove?ids=${rows.viewerLevel}`, looker, {})).status).toBe(403);
    expect((await call(`/level/close?ids=${rows.viewerLevel}`, looker, {})).status).toBe(403);
    expect((await exportedValues('/level/export', looker)).status).toBe(403);
    // The viewer holds B but none of its buttons, and none of the register's own (x-permissions).
    expect((await call('/rain/save', viewer, { element: RAIN, value: 1 })).status).toBe(403);
    expect((await call('/save', viewer, { element: RAIN, value: 1 })).status).toBe(403);
    expect((await exportedValues('/export', viewer)).status).toBe(403);
    expect(await fingerprint()).toBe(before);
  });

  it('holding the binding’s button is enough, without the register’s x-permissions codes', async () => {
    const saved = await call('/level/save', viewer, { element: LEVEL, value: 44 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const id = saved.body.data.id;
    expect((await call('/level/update', viewer, { id, value: 45 })).body.data).toMatchObject({ value: 45, state: 1 });
    expect((await call('/level/submit', viewer, { id, value: 46 })).body.data).toMatchObject({ value: 46 });
    expect((await call(`/level/close?ids=${id}`, viewer, {})).status).toBe(200);
    expect((await call(`/level/remove?ids=${id}`, viewer, {})).body.data).toEqual({ removed: 1 });
    // The register's own bindings keep the register's permissions: the administrator holds them.
    expect((await exportedValues('/export', admin)).values).toEqual([11, 22, 33]);
  });
});

describe('where: beyond lists', () => {
  it('detail, update, submit, remove and transitions do not find a row outside it (404, nothing changed)', async () => {
    const before = await fingerprint();
    expect((await call(`/level/detail?id=${rows.adminRain}`, admin)).status).toBe(404);
    expect((await call('/level/update', admin, { id: rows.adminRain, value: 1 })).status).toBe(404);
    expect((await call('/level/submit', admin, { id: rows.adminRain, value: 1 })).status).toBe(404);
    const removed = await call(`/level/remove?ids=${rows.adminLevel},${rows.adminRain}`, admin, {});
    expect(removed.status).toBe(404);
    expect((await call(`/level/close?ids=${rows.adminRain}`, admin, {})).status).toBe(404);
    expect(await fingerprint()).toBe(before);
    expect((await call(`/rain/list`, admin)).body.data.records.map((row: { id: string }) => row.id)).toEqual([rows.adminRain]);
  });

  it('save, update and submit refuse a value outside it, naming the field and the allowed values in the caller’s language', async () => {
    const before = await fingerprint();
    const saved = await call('/level/save', admin, { element: RAIN, value: 1 });
    expect(saved.status).toBe(400);
    expect(saved.body.msg).toBe('监测要素在此只能是 库水位（收到 降水量）');
    expect(saved.body.data.errors).toEqual([{ field: 'element', message: '监测要素在此只能是 库水位（收到 降水量）' }]);
    const english = await call('/level/save', admin, { element: RAIN, value: 1 }, 'en');
    expect(english.body.msg).toBe('Element must be Reservoir level here (got Rainfall)');
    const moved = await call('/level/update', admin, { id: rows.adminLevel, element: RAIN });
    expect(moved.status).toBe(400);
    expect(moved.body.data.errors[0].field).toBe('element');
    expect((await call('/level/submit', admin, { element: 3, value: 1 })).body.msg).toBe('监测要素在此只能是 库水位（收到 渗流量）');
    expect((await call('/level/submit', admin, { id: rows.adminLevel, element: RAIN })).status).toBe(400);
    const notRain = await call('/notRain/save', admin, { element: RAIN, value: 1 }, 'en');
    expect(notRain.status).toBe(400);
    expect(notRain.body.msg).toBe('Element cannot be Rainfall here');
    expect(await fingerprint()).toBe(before);
    // Inside the where, the same writes pass.
    const inside = await call('/notRain/save', admin, { element: 3, value: 5 });
    expect(inside.status).toBe(200);
    expect((await call(`/level/detail?id=${inside.body.data.id}`, admin)).status).toBe(404);
    await t.db.query('UPDATE test_binding_views SET is_deleted = 1 WHERE id = $1', [inside.body.data.id]);
  });
});

describe('schema checks', () => {
  const base = (api: EntitySchema['x-api'], permissions: EntitySchema['x-permissions'] = {}): EntitySchema => ({
    ...schema,
    'x-api': api,
    'x-permissions': permissions,
    'x-states': undefined,
  });

  it('a generic write or export with its own button needs no x-permissions code; without one it does', () => {
    expect(() => buildEntityModel(base({ save: { op: 'save', route: 'POST /api/v1/x/save', button: `${A}_add` } }))).not.toThrow();
    expect(() => buildEntityModel(base({ save: 'POST /api/v1/x/save' }))).toThrow(SchemaError);
    expect(() => buildEntityModel(base({ export: { op: 'export', route: 'GET /api/v1/x/export', button: `${A}_export` } }))).not.toThrow();
    expect(() => buildEntityModel(base({ export: 'GET /api/v1/x/export' }))).toThrow(/x-permissions.export or its own "button"/);
  });

  it('a read names a menu, not a button; a binding without a menu takes the register’s', () => {
    expect(() => buildEntityModel(base({ list: { op: 'list', route: 'GET /api/v1/x/list', button: `${A}_view` } }))).toThrow(/opened by its menu/);
    const model = buildEntityModel(base({ list: 'GET /api/v1/x/list', other: { op: 'list', route: 'GET /api/v1/x/other', menu: B } }));
    expect(model.bindings.map((binding) => binding.menuCode)).toEqual([OWN, B]);
    expect(() =>
      buildEntityModel({ ...base({ list: { op: 'list', route: 'GET /api/v1/x/list', menu: A } }), 'x-menu': undefined, 'x-data-scope': undefined }),
    ).not.toThrow();
    expect(() => buildEntityModel({ ...base({ list: 'GET /api/v1/x/list' }), 'x-menu': undefined, 'x-data-scope': undefined })).toThrow(
      /a read endpoint needs x-menu or its own "menu"/,
    );
  });
});
