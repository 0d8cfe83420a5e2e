/**
 * User administration (platform-core §3, §5, §7 user): the page and its
 * department subtree, adding and editing with md5 passwords stored as
 * argon2id, the phone rule, initial passwords, account actions, export and
 * import — and the walls: button codes, tenants, data scopes, the caller's
 * reach over roles, and password hashes that never leave the server.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5, startTestServer, type ApiResponse, type TestServer } from './testServer.js';

const TENANT = '316979';
const OTHER = '100001';

let t: TestServer;
let admin: string;
let otherAdmin: string;
let farmAdmin: string;
let rootDept: string;
/** Two reservoirs of the tenant's archive (seeded demo data). */
let reservoirs: string[];

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await t.db.query(text, values)).rows as T[];
}

async function menuIds(...codes: string[]): Promise<string[]> {
  const rows = await sql<{ id: string }>('SELECT id::text AS id FROM blade_menu WHERE code = ANY($1) AND is_deleted = 0', [codes]);
  expect(rows).toHaveLength(codes.length);
  return rows.map((row) => row.id);
}

/** A role of the tenant granted exactly these menus and buttons (by the tenant administrator, through the API). */
async function roleWith(alias: string, codes: string[], extra: Record<string, unknown> = {}): Promise<string> {
  const created = await t.api('/api/blade-system/role/submit', { token: admin, body: { roleName: alias, roleAlias: alias, sort: 50 } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const granted = await t.api('/api/blade-system/role/grant', {
    token: admin,
    body: { roleIds: [created.body.data.id], menuIds: await menuIds(...codes), ...extra },
  });
  expect(granted.status, JSON.stringify(granted.body)).toBe(200);
  return created.body.data.id;
}

async function dept(name: string, parentId: string): Promise<string> {
  const response = await t.api('/api/blade-system/dept/submit', { token: admin, body: { deptName: name, parentId, sort: 1 } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.id;
}

async function addUser(fields: Record<string, unknown>, token = admin): Promise<ApiResponse> {
  return t.api('/api/blade-system/user/addUser', { token, body: { name: fields.account, realName: fields.account, ...fields } });
}

async function userId(account: string, tenantId = TENANT): Promise<string> {
  return (await sql<{ id: string }>('SELECT id::text AS id FROM blade_user WHERE tenant_id = $1 AND account = $2 AND is_deleted = 0', [tenantId, account]))[0]
    .id;
}

async function passwordHash(id: string): Promise<string> {
  return (await sql<{ password: string }>('SELECT password FROM blade_user WHERE id = $1', [id]))[0].password;
}

async function xlsxRows(path: string, token: string): Promise<{ status: number; rows: string[][] }> {
  const response = await fetch(`${t.url}${path}`, { headers: { 'Blade-Auth': `bearer ${token}` } });
  if (!(response.headers.get('content-type') ?? '').includes('spreadsheetml')) return { status: response.status, rows: [] };
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await response.arrayBuffer()) as never);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return { status: response.status, rows };
}

/** The raw text of an answer, for looking for what must never be in it. */
async function rawText(path: string, token: string, init: { method?: string; body?: unknown } = {}): Promise<string> {
  const response = await fetch(`${t.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'Blade-Auth': `bearer ${token}`, ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const buffer = Buffer.from(await response.arrayBuffer());
  return buffer.toString('utf8');
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn(TENANT, 'admin');
  otherAdmin = await t.signIn(OTHER, 'admin');
  farmAdmin = await t.signIn(TENANT, 'farm_admin');
  rootDept = (await sql<{ id: string }>('SELECT id::text AS id FROM blade_dept WHERE tenant_id = $1 AND parent_id = 0 AND is_deleted = 0', [TENANT]))[0].id;
  reservoirs = (
    await sql<{ id: string }>('SELECT id::text AS id FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY id LIMIT 2', [TENANT])
  ).map((r) => r.id);
  expect(reservoirs).toHaveLength(2);
});
afterAll(() => t?.close());

describe('adding and editing', () => {
  it('addUser stores the md5 the console sends as argon2id, and the account signs in with it', async () => {
    const created = await addUser({
      account: 'zhang_wei',
      realName: '张伟',
      password: md5('Yishui#2026'),
      deptId: rootDept,
      phone: '13812345678',
      reservoirIds: reservoirs,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({ account: 'zhang_wei', realName: '张伟', deptId: rootDept, deptName: '仙游县水利局', reservoirIds: reservoirs });
    expect(created.body.data).not.toHaveProperty('password');
    expect(created.body.data).not.toHaveProperty('initialPassword');
    expect(await passwordHash(created.body.data.id)).toMatch(/^\$argon2id\$/);
    await expect(t.signIn(TENANT, 'zhang_wei', 'Yishui#2026')).resolves.toBeTruthy();
  });

  it('roleIds and deptIds arrive as arrays or comma lists and are stored as comma lists', async () => {
    const inspectorRole = (await sql<{ id: string }>("SELECT id::text AS id FROM blade_role WHERE tenant_id = $1 AND role_alias = 'inspector'", [TENANT]))[0]
      .id;
    const created = await addUser({ account: 'li_na', password: md5('x1y2z3w4'), roleIds: [inspectorRole], deptIds: rootDept });
    expect(created.body.data).toMatchObject({ roleId: inspectorRole, roleName: '巡查员', deptId: rootDept });
  });

  it('a duplicate account, a foreign role or a password that is not an md5 is refused and nothing is written', async () => {
    const before = (await sql<{ n: number }>('SELECT count(*)::int AS n FROM blade_user'))[0].n;
    expect((await addUser({ account: 'zhang_wei', password: md5('x') })).body.msg).toBe('当前账号已被使用!');
    const foreignRole = (await sql<{ id: string }>("SELECT id::text AS id FROM blade_role WHERE tenant_id = $1 AND role_alias = 'inspector'", [OTHER]))[0].id;
    expect((await addUser({ account: 'wang_fang', password: md5('x'), roleId: foreignRole })).body.msg).toBe('所选角色不存在');
    expect((await addUser({ account: 'wang_fang', password: 'plain-text' })).body.msg).toBe('密码须经客户端加密后提交');
    const foreignReservoir = (await sql<{ id: string }>('SELECT id::text AS id FROM rsc_reservoir WHERE tenant_id = $1 LIMIT 1', [OTHER]))[0].id;
    expect((await addUser({ account: 'wang_fang', reservoirIds: [foreignReservoir] })).body.msg).toBe('所选水库不存在');
    expect((await sql<{ n: number }>('SELECT count(*)::int AS n FROM blade_user'))[0].n).toBe(before);
  });

  it('update and updateUser never change the password', async () => {
    const id = await userId('zhang_wei');
    const hash = await passwordHash(id);
    const updated = await t.api('/api/blade-system/user/update', { token: admin, body: { id, realName: '张伟（沂水）', password: md5('hijack') } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data.realName).toBe('张伟（沂水）');
    const viaSubmit = await t.api('/api/blade-system/user/submit', { token: admin, body: { id, email: 'zw@example.com', password: md5('hijack2') } });
    expect(viaSubmit.status).toBe(200);
    const viaUpdateUser = await t.api('/api/blade-system/user/updateUser', { token: admin, body: { id, sex: 1, password: md5('hijack3') } });
    expect(viaUpdateUser.status).toBe(200);
    expect(await passwordHash(id)).toBe(hash);
  });

  it('without a password an account gets the tenant’s initial password (random here, shown once)', async () => {
    const created = await addUser({ account: 'chen_jie' });
    expect(created.status).toBe(200);
    const initial = created.body.data.initialPassword;
    expect(initial).toMatch(/^[A-Za-z0-9]{12}$/);
    await expect(t.signIn(TENANT, 'chen_jie', initial)).resolves.toBeTruthy();
  });
});

describe('the phone rule', () => {
  const phone = (value: string, language?: string) =>
    t.api('/api/blade-system/user/addUser', {
      token: admin,
      body: { account: `p${Math.random().toString(36).slice(2, 8)}`, name: 'p', realName: 'p', password: md5('p'), phone: value },
      headers: language ? { 'Accept-Language': language } : {},
    });

  it('a number of the wrong length says so; eleven characters that are not a mobile number are a format error', async () => {
    expect((await phone('1381234567')).body.msg).toBe('手机号码长度不为11位');
    expect((await phone('138123456789')).body.msg).toBe('手机号码长度不为11位');
    expect((await phone('23812345678')).body.msg).toBe('手机号码格式不正确');
    expect((await phone('1381234567a')).body.msg).toBe('手机号码格式不正确');
    const english = await phone('123', 'en');
    expect(english.body.data.errors).toEqual([{ field: 'phone', message: 'The mobile phone number must have 11 digits' }]);
  });

  it('phone is optional on the server: an empty box is accepted and stored as none', async () => {
    const response = await phone('');
    expect(response.status).toBe(200);
    expect(response.body.data.phone).toBeNull();
  });

  it('the required message is in the schema for forms that require it', async () => {
    const schema = await t.api('/api/blade-system/schema/client?id=system/user', { token: admin });
    expect(schema.body.data.properties.phone['x-messages']).toMatchObject({
      required: '手机号码不能为空',
      minLength: '手机号码长度不为11位',
      pattern: '手机号码格式不正确',
    });
    expect(schema.body.data.properties).not.toHaveProperty('password');
  });
});

describe('the page', () => {
  let east: string;
  let eastPump: string;
  let west: string;
  beforeAll(async () => {
    east = await dept('东片水管站', rootDept);
    eastPump = await dept('东片泵站', east);
    west = await dept('西片水管站', rootDept);
    await addUser({ account: 'east_1', realName: '东一', deptId: east, phone: '13900000001' });
    await addUser({ account: 'east_pump_1', realName: '泵一', deptId: eastPump });
    await addUser({ account: 'west_1', realName: '西一', deptId: west });
  });

  const accounts = (response: ApiResponse) => response.body.data.records.map((r: { account: string }) => r.account).sort();

  it('deptId lists that department and everything below it', async () => {
    expect(accounts(await t.api(`/api/blade-system/user/page?deptId=${east}`, { token: admin }))).toEqual(['east_1', 'east_pump_1']);
    expect(accounts(await t.api(`/api/blade-system/user/page?deptId=${eastPump}`, { token: admin }))).toEqual(['east_pump_1']);
    const page = await t.api(`/api/blade-system/user/page?deptId=${rootDept}&size=2&current=1`, { token: admin });
    expect(page.body.data).toMatchObject({ size: 2, current: 1 });
    expect(page.body.data.records).toHaveLength(2);
    expect(page.body.data.total).toBeGreaterThanOrEqual(8);
  });

  it('searches by account, name and phone; records carry department names', async () => {
    const byPhone = await t.api('/api/blade-system/user/page?phone=1390000', { token: admin });
    expect(accounts(byPhone)).toEqual(['east_1']);
    expect(byPhone.body.data.records[0].deptName).toBe('东片水管站');
    expect(accounts(await t.api(`/api/blade-system/user/page?realName=${encodeURIComponent('泵')}`, { token: admin }))).toEqual(['east_pump_1']);
    expect(accounts(await t.api('/api/blade-system/user/page?account=west_', { token: admin }))).toEqual(['west_1']);
  });

  it('unknown parameters, bad ids and hostile sort fields are a 400', async () => {
    for (const query of ['deptId=1%20or%201=1', 'password=x', 'descs=password', 'nope=1']) {
      expect((await t.api(`/api/blade-system/user/page?${query}`, { token: admin })).status, query).toBe(400);
    }
  });

  it('management/region lists users of departments in a region', async () => {
    await sql("UPDATE blade_dept SET region_code = '371323' WHERE id = $1", [west]);
    const response = await t.api('/api/blade-system/user/management/region?regionCode=3713', { token: admin });
    expect(accounts(response)).toEqual(['west_1']);
  });

  it('management/reservoir lists the users responsible for a reservoir', async () => {
    expect(accounts(await t.api(`/api/blade-system/user/management/reservoir?reservoirId=${reservoirs[1]}`, { token: admin }))).toEqual(['zhang_wei']);
  });
});

describe('button codes', () => {
  let viewer: string;
  let target: string;
  beforeAll(async () => {
    const viewerRole = await roleWith('user_viewer', ['system', 'user', 'user_view']);
    await addUser({ account: 'viewer', password: md5('viewer-pass'), roleId: viewerRole, deptId: rootDept });
    viewer = await t.signIn(TENANT, 'viewer', 'viewer-pass');
    target = await userId('zhang_wei');
  });

  it('a user with the menu but without user_reset reads the page but is refused the reset, and nothing changes', async () => {
    expect((await t.api('/api/blade-system/user/page', { token: viewer })).status).toBe(200);
    const hash = await passwordHash(target);
    const refused = await t.api(`/api/blade-system/user/reset-password?userIds=${target}`, { method: 'POST', token: viewer });
    expect(refused.status).toBe(403);
    expect(await passwordHash(target)).toBe(hash);
  });

  it('nor may they add, edit, remove, unlock, grant roles or export', async () => {
    const before = (await sql<{ v: number }>('SELECT sum(version)::int AS v FROM blade_user'))[0].v;
    expect((await addUser({ account: 'sneaky' }, viewer)).status).toBe(403);
    expect((await t.api('/api/blade-system/user/update', { token: viewer, body: { id: target, realName: 'x' } })).status).toBe(403);
    expect((await t.api(`/api/blade-system/user/remove?ids=${target}`, { method: 'POST', token: viewer })).status).toBe(403);
    expect((await t.api(`/api/blade-system/user/unlock?userIds=${target}`, { method: 'POST', token: viewer })).status).toBe(403);
    expect((await t.api(`/api/blade-system/user/grant?userIds=${target}`, { token: viewer, body: { roleIds: [] } })).status).toBe(403);
    expect((await xlsxRows('/api/blade-system/user/export-user', viewer)).status).toBe(403);
    expect((await sql<{ v: number }>('SELECT sum(version)::int AS v FROM blade_user'))[0].v).toBe(before);
  });
});

describe('tenants', () => {
  it('another tenant’s administrator never reads these users: page, detail, export', async () => {
    const id = await userId('zhang_wei');
    const page = await t.api('/api/blade-system/user/page?size=1000', { token: otherAdmin });
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.body)).not.toContain('zhang_wei');
    expect(JSON.stringify(page.body)).not.toContain(id);
    expect((await t.api(`/api/blade-system/user/detail?id=${id}`, { token: otherAdmin })).status).toBe(404);
    expect((await t.api(`/api/blade-system/user/platform-detail?id=${id}`, { token: otherAdmin })).status).toBe(404);
    const exported = await xlsxRows('/api/blade-system/user/export-user', otherAdmin);
    expect(exported.status).toBe(200);
    expect(exported.rows.flat()).not.toContain('zhang_wei');
    expect(exported.rows.flat()).toContain('admin');
  });

  it('nor changes them', async () => {
    const id = await userId('zhang_wei');
    const hash = await passwordHash(id);
    for (const [path, body] of [
      [`/api/blade-system/user/reset-password?userIds=${id}`, undefined],
      [`/api/blade-system/user/remove?ids=${id}`, undefined],
      ['/api/blade-system/user/update', { id, realName: 'x' }],
    ] as const) {
      const response = await t.api(path, { method: 'POST', token: otherAdmin, body });
      expect(response.status, path).toBe(404);
    }
    expect(await passwordHash(id)).toBe(hash);
    expect((await t.api(`/api/blade-system/user/detail?id=${id}`, { token: admin })).body.data.realName).not.toBe('x');
  });
});

describe('password hashes never leave the server', () => {
  it('no user endpoint answers with a password field or an argon2 hash', async () => {
    const id = await userId('zhang_wei');
    const texts = [
      await rawText('/api/blade-system/user/page?size=100', admin),
      await rawText('/api/blade-system/user/management?size=100', admin),
      await rawText('/api/blade-system/user/management/region?regionCode=37', admin),
      await rawText(`/api/blade-system/user/management/reservoir?reservoirId=${reservoirs[0]}`, admin),
      await rawText(`/api/blade-system/user/detail?id=${id}`, admin),
      await rawText(`/api/blade-system/user/platform-detail?id=${id}`, admin),
      await rawText('/api/blade-system/user/info', admin),
      await rawText('/api/blade-system/search/user?keyword=zhang', admin),
      await rawText('/api/blade-system/user/update', admin, { method: 'POST', body: { id, remark: undefined, realName: '张伟' } }),
      await rawText('/api/blade-system/user/submit', admin, { method: 'POST', body: { id, realName: '张伟' } }),
      await rawText('/api/blade-system/user/addUser', admin, {
        method: 'POST',
        body: { account: 'hash_probe', name: 'h', realName: 'h', password: md5('probe') },
      }),
      await rawText(`/api/blade-system/user/update-platform?userId=${id}`, admin, { method: 'POST', body: { userType: 1 } }),
      await rawText(`/api/blade-system/user/grant?userIds=${id}`, admin, {
        method: 'POST',
        body: {
          roleIds: (await sql<{ id: string }>("SELECT id::text AS id FROM blade_role WHERE tenant_id = $1 AND role_alias = 'inspector'", [TENANT]))[0].id,
        },
      }),
      await rawText(`/api/blade-system/user/unlock?userIds=${id}`, admin, { method: 'POST' }),
      await rawText(`/api/blade-system/user/reset-password?userIds=${id}`, admin, { method: 'POST' }),
    ];
    const exported = await xlsxRows('/api/blade-system/user/export-user', admin);
    for (const text of texts) expect(text).toContain('"success":true');
    for (const text of [...texts, JSON.stringify(exported.rows)]) {
      expect(text).not.toMatch(/"password"/);
      expect(text).not.toMatch(/argon2/);
    }
    expect(exported.rows[0]).not.toContain('密码');
  });
});

describe('data scope: own department', () => {
  let manager: string;
  let eastDept: string;
  beforeAll(async () => {
    eastDept = await dept('北片水管站', rootDept);
    const southDept = await dept('南片水管站', rootDept);
    const platformAdmin = await t.signIn('000000', 'admin');
    const scope = await t.api('/api/blade-system/data-scope/submit', {
      token: platformAdmin,
      body: { menuId: (await menuIds('user'))[0], resourceCode: 'user', scopeName: '本部门用户', scopeType: 3 },
    });
    expect(scope.status, JSON.stringify(scope.body)).toBe(200);
    const role = await roleWith('dept_manager', ['system', 'user', 'user_view', 'user_export', 'user_add'], { dataScopeIds: [scope.body.data.id] });
    await addUser({ account: 'north_manager', password: md5('north-pass'), roleId: role, deptId: eastDept });
    await addUser({ account: 'north_1', deptId: eastDept });
    await addUser({ account: 'south_1', deptId: southDept });
    manager = await t.signIn(TENANT, 'north_manager', 'north-pass');
    southDeptId = southDept;
  });
  let southDeptId: string;

  it('the page and its total hold only the department’s users', async () => {
    const page = await t.api('/api/blade-system/user/page?size=100', { token: manager });
    expect(page.body.data.records.map((r: { account: string }) => r.account).sort()).toEqual(['north_1', 'north_manager']);
    expect(page.body.data.total).toBe(2);
    expect((await t.api(`/api/blade-system/user/page?deptId=${rootDept}`, { token: manager })).body.data.total).toBe(2);
  });

  it('detail of another department’s user is a 404; the export holds the department only', async () => {
    expect((await t.api(`/api/blade-system/user/detail?id=${await userId('south_1')}`, { token: manager })).status).toBe(404);
    expect((await t.api(`/api/blade-system/user/detail?id=${await userId('north_1')}`, { token: manager })).status).toBe(200);
    const exported = await xlsxRows('/api/blade-system/user/export-user', manager);
    expect(
      exported.rows
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(['north_1', 'north_manager']);
  });

  it('new users go only into the departments of the scope', async () => {
    const outside = await t.api('/api/blade-system/user/addUser', {
      token: manager,
      body: { account: 'south_2', name: 's', realName: 's', deptId: southDeptId },
    });
    expect(outside.status).toBe(403);
    expect(outside.body.msg).toBe('只能把用户放在您的数据权限范围内的部门');
    const nowhere = await t.api('/api/blade-system/user/addUser', { token: manager, body: { account: 'nowhere_1', name: 'n', realName: 'n' } });
    expect(nowhere.status).toBe(403);
    expect(await sql('SELECT 1 FROM blade_user WHERE account = ANY($1)', [['south_2', 'nowhere_1']])).toHaveLength(0);
    const inside = await t.api('/api/blade-system/user/addUser', { token: manager, body: { account: 'north_2', name: 'n', realName: 'n', deptId: eastDept } });
    expect(inside.status, JSON.stringify(inside.body)).toBe(200);
  });

  it('the tenant administrator, granted no scope, still sees everyone', async () => {
    const page = await t.api('/api/blade-system/user/page?size=100', { token: admin });
    expect(page.body.data.records.map((r: { account: string }) => r.account)).toEqual(expect.arrayContaining(['north_1', 'south_1', 'admin']));
  });
});

describe('account actions', () => {
  it('reset-password gives the random initial password shown once, then the configured one, then 123456', async () => {
    await addUser({ account: 'reset_me', password: md5('original') });
    const id = await userId('reset_me');
    const random = await t.api(`/api/blade-system/user/reset-password?userIds=${id}`, { method: 'POST', token: admin });
    expect(random.status).toBe(200);
    const [entry] = random.body.data.initialPasswords;
    expect(entry).toMatchObject({ userId: id, account: 'reset_me' });
    await expect(t.signIn(TENANT, 'reset_me', 'original')).rejects.toThrow();
    await expect(t.signIn(TENANT, 'reset_me', entry.initial)).resolves.toBeTruthy();

    await sql("UPDATE blade_param SET param_value = 'Shuiku@2026' WHERE tenant_id = $1 AND param_key = 'account.initPassword'", [TENANT]);
    const fixed = await t.api(`/api/blade-system/user/reset-password?userIds=${id}`, { method: 'POST', token: admin });
    expect(fixed.body.data).toEqual({ reset: 1 });
    await expect(t.signIn(TENANT, 'reset_me', 'Shuiku@2026')).resolves.toBeTruthy();

    await sql("UPDATE blade_param SET is_deleted = 1 WHERE tenant_id = $1 AND param_key = 'account.initPassword'", [TENANT]);
    await t.api(`/api/blade-system/user/reset-password?userIds=${id}`, { method: 'POST', token: admin });
    await expect(t.signIn(TENANT, 'reset_me', '123456')).resolves.toBeTruthy();
    await sql("UPDATE blade_param SET is_deleted = 0, param_value = 'random' WHERE tenant_id = $1 AND param_key = 'account.initPassword'", [TENANT]);
  });

  it('a reset sent with an Idempotency-Key is done once; the replay and the kept answer carry no password', async () => {
    await addUser({ account: 'reset_once', password: md5('original') });
    const id = await userId('reset_once');
    const send = () =>
      t.api(`/api/blade-system/user/reset-password?userIds=${id}`, { method: 'POST', token: admin, headers: { 'Idempotency-Key': 'reset-once-key-1' } });
    const first = await send();
    const [entry] = first.body.data.initialPasswords;
    await expect(t.signIn(TENANT, 'reset_once', entry.initial)).resolves.toBeTruthy();
    const replay = await send();
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual({ reset: 1 });
    const kept = await sql<{ response: unknown }>(`SELECT response FROM rsc_idempotency WHERE idempotency_key = 'reset-once-key-1'`);
    expect(kept).toHaveLength(1);
    expect(JSON.stringify(kept[0].response)).not.toContain(entry.initial);
    // Done once: the password the first answer showed still signs in.
    await expect(t.signIn(TENANT, 'reset_once', entry.initial)).resolves.toBeTruthy();
  });

  it('unlock lifts a sign-in lock', async () => {
    await addUser({ account: 'locked_out', password: md5('right-pass') });
    for (let i = 0; i < 6; i++) await t.signIn(TENANT, 'locked_out', 'wrong').catch(() => undefined);
    await expect(t.signIn(TENANT, 'locked_out', 'right-pass')).rejects.toThrow();
    const unlocked = await t.api(`/api/blade-system/user/unlock?userIds=${await userId('locked_out')}`, { method: 'POST', token: admin });
    expect(unlocked.body.data).toEqual({ unlocked: 1 });
    await expect(t.signIn(TENANT, 'locked_out', 'right-pass')).resolves.toBeTruthy();
  });

  it('grant sets exactly the roles given; a role of another tenant is refused', async () => {
    const id = await userId('li_na');
    const farmRole = (await sql<{ id: string }>("SELECT id::text AS id FROM blade_role WHERE tenant_id = $1 AND role_alias = 'farm_admin'", [TENANT]))[0].id;
    const granted = await t.api(`/api/blade-system/user/grant?userIds=${id}`, { token: admin, body: { roleIds: [farmRole] } });
    expect(granted.body.data).toEqual({ granted: 1 });
    expect((await t.api(`/api/blade-system/user/detail?id=${id}`, { token: admin })).body.data.roleId).toBe(farmRole);
    const foreign = (await sql<{ id: string }>("SELECT id::text AS id FROM blade_role WHERE tenant_id = $1 AND role_alias = 'farm_admin'", [OTHER]))[0].id;
    expect((await t.api(`/api/blade-system/user/grant?userIds=${id}&roleIds=${foreign}`, { method: 'POST', token: admin })).body.msg).toBe('所选角色不存在');
    expect((await t.api(`/api/blade-system/user/detail?id=${id}`, { token: admin })).body.data.roleId).toBe(farmRole);
  });

  it('remove soft-deletes, but nobody removes themself', async () => {
    const self = await userId('admin');
    const refused = await t.api(`/api/blade-system/user/remove?ids=${self}`, { method: 'POST', token: admin });
    expect(refused.body.msg).toBe('不能删除当前登录的用户');
    await addUser({ account: 'leaving', password: md5('bye') });
    const id = await userId('leaving');
    expect((await t.api(`/api/blade-system/user/remove?ids=${id}`, { method: 'POST', token: admin })).body.data).toEqual({ removed: 1 });
    await expect(t.signIn(TENANT, 'leaving', 'bye')).rejects.toThrow();
  });

  it('audit-pass lets a pending registration sign in', async () => {
    await addUser({ account: 'pending_one', password: md5('pending') });
    const id = await userId('pending_one');
    await sql('UPDATE blade_user SET status = 2 WHERE id = $1', [id]);
    await expect(t.signIn(TENANT, 'pending_one', 'pending')).rejects.toThrow();
    expect((await t.api(`/api/blade-system/user/audit-pass?userIds=${id}`, { method: 'POST', token: admin })).body.data).toEqual({ approved: 1 });
    await expect(t.signIn(TENANT, 'pending_one', 'pending')).resolves.toBeTruthy();
    expect((await t.api(`/api/blade-system/user/audit-pass?userIds=${id}`, { method: 'POST', token: admin })).status).toBe(400);
  });

  it('update-platform sets the platform and its extension, read back by platform-detail; it needs user_platform', async () => {
    const id = await userId('zhang_wei');
    const updated = await t.api(`/api/blade-system/user/update-platform?userId=${id}`, { token: admin, body: { userType: 2, userExt: '{"deviceId":"A1"}' } });
    expect(updated.body.data).toEqual({ id, userType: 2, userExt: '{"deviceId":"A1"}' });
    expect((await t.api(`/api/blade-system/user/platform-detail?id=${id}`, { token: admin })).body.data).toMatchObject({
      userType: 2,
      userExt: '{"deviceId":"A1"}',
    });
    expect((await t.api(`/api/blade-system/user/update-platform?userId=${id}&userType=3`, { method: 'POST', token: farmAdmin })).status).toBe(403);
    expect((await t.api(`/api/blade-system/user/update-platform?userId=${id}&userType=7`, { method: 'POST', token: admin })).status).toBe(400);
  });
});

describe('reach over roles', () => {
  it('a manager without user_role cannot give a role holding more than they do, nor reset the administrator', async () => {
    const adminRole = (await sql<{ id: string }>("SELECT id::text AS id FROM blade_role WHERE tenant_id = $1 AND role_alias = 'administrator'", [TENANT]))[0]
      .id;
    const refused = await addUser({ account: 'climber', password: md5('c'), roleId: adminRole }, farmAdmin);
    expect(refused.status).toBe(403);
    expect((await sql('SELECT 1 FROM blade_user WHERE account = $1', ['climber'])).length).toBe(0);
    const adminId = await userId('admin');
    const hash = await passwordHash(adminId);
    expect((await t.api(`/api/blade-system/user/reset-password?userIds=${adminId}`, { method: 'POST', token: farmAdmin })).status).toBe(403);
    expect(await passwordHash(adminId)).toBe(hash);
  });

  it('but may give a role whose permissions they hold, and manage its users', async () => {
    const helperRole = await roleWith('user_helper', ['system', 'user', 'user_view']);
    const created = await addUser({ account: 'helper_1', roleId: helperRole }, farmAdmin);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const reset = await t.api(`/api/blade-system/user/reset-password?userIds=${created.body.data.id}`, { method: 'POST', token: farmAdmin });
    expect(reset.status).toBe(200);
  });
});

describe('search', () => {
  it('search/user is a picker any signed-in user may use: names, never contact details', async () => {
    const inspector = await t.signIn(TENANT, 'inspector');
    const response = await t.api(`/api/blade-system/search/user?keyword=${encodeURIComponent('东一')}`, { token: inspector });
    expect(response.status).toBe(200);
    expect(response.body.data.records).toHaveLength(1);
    expect(response.body.data.records[0]).toMatchObject({ account: 'east_1', deptName: '东片水管站' });
    expect(response.body.data.records[0]).not.toHaveProperty('phone');
    expect((await t.api('/api/blade-system/search/user?keyword=%25', { token: inspector })).body.data.total).toBe(0);
    expect((await t.api('/api/blade-system/search/user?phone=1', { token: inspector })).status).toBe(400);
  });
});

describe('import and export', () => {
  async function sheet(rows: (string | number)[][]): Promise<Buffer> {
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet('用户');
    ws.addRow(['登录账号', '用户昵称', '用户姓名', '手机号码', '所属角色', '所属部门', '性别']);
    for (const row of rows) ws.addRow(row);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  async function upload(content: Buffer, isCovered = 0): Promise<ApiResponse> {
    const form = new FormData();
    form.append('isCovered', String(isCovered));
    form.append('file', new Blob([new Uint8Array(content)]), 'users.xlsx');
    const response = await fetch(`${t.url}/api/blade-system/user/import-user`, { method: 'POST', headers: { 'Blade-Auth': `bearer ${admin}` }, body: form });
    return { status: response.status, body: await response.json() };
  }

  it('the template has the import columns and no password', async () => {
    const template = await xlsxRows('/api/blade-system/user/export-template', admin);
    expect(template.rows[0].slice(0, 3)).toEqual(['登录账号', '用户昵称', '用户姓名']);
    expect(template.rows[0].join()).not.toContain('密码');
  });

  it('bad rows are reported one by one with their row numbers, and no row is written', async () => {
    const before = (await sql<{ n: number }>('SELECT count(*)::int AS n FROM blade_user'))[0].n;
    const response = await upload(
      await sheet([
        ['import_ok', '导入一', '导入一', '13700000001', '巡查员', '仙游县水利局', '男'],
        ['import_bad_phone', '导入二', '导入二', '1370000', '', '', ''],
        ['import_bad_role', '导入三', '导入三', '', '不存在的角色', '', ''],
        ['import_ok', '重复', '重复', '', '', '', ''],
        ['zhang_wei', '已有', '已有', '', '', '', ''],
        ['import_no_name', '', '', '', '', '', '未知'],
      ]),
    );
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('导入失败：5 行数据有误，未导入任何数据');
    const byRow = new Map<number, string[]>();
    for (const error of response.body.data.errors as { row: number; message: string }[]) byRow.set(error.row, [...(byRow.get(error.row) ?? []), error.message]);
    expect([...byRow.keys()].sort()).toEqual([3, 4, 5, 6, 7]);
    expect(byRow.get(3)).toEqual(['手机号码长度不为11位']);
    expect(byRow.get(4)).toEqual(['所属角色“不存在的角色”不存在']);
    expect(byRow.get(5)).toEqual(['登录账号“import_ok”与第 2 行重复']);
    expect(byRow.get(6)).toEqual(['登录账号“zhang_wei”已存在']);
    expect(byRow.get(7)).toEqual(['性别“未知”不在可选范围内']);
    expect((await sql<{ n: number }>('SELECT count(*)::int AS n FROM blade_user'))[0].n).toBe(before);
  });

  it('good rows are all written, with roles and departments by name and an initial password each', async () => {
    const response = await upload(
      await sheet([
        ['import_a', '导入甲', '导入甲', '13700000011', '巡查员', '东片水管站', '女'],
        ['import_b', '导入乙', '导入乙', '', '', '', ''],
      ]),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({ created: 2, updated: 0 });
    const initial = response.body.data.initialPasswords.find((p: { account: string }) => p.account === 'import_a').initial;
    await expect(t.signIn(TENANT, 'import_a', initial)).resolves.toBeTruthy();
    const detail = (await t.api(`/api/blade-system/user/detail?id=${await userId('import_a')}`, { token: admin })).body.data;
    expect(detail).toMatchObject({ realName: '导入甲', roleName: '巡查员', deptName: '东片水管站', sex: 2, phone: '13700000011' });
  });

  it('isCovered=1 updates existing accounts instead of refusing them', async () => {
    const hash = await passwordHash(await userId('import_b'));
    const response = await upload(await sheet([['import_b', '导入乙', '导入乙（改）', '13700000012', '', '', '']]), 1);
    expect(response.body.data).toMatchObject({ created: 0, updated: 1 });
    const detail = (await t.api(`/api/blade-system/user/detail?id=${await userId('import_b')}`, { token: admin })).body.data;
    expect(detail).toMatchObject({ realName: '导入乙（改）', phone: '13700000012' });
    expect(await passwordHash(await userId('import_b'))).toBe(hash);
  });

  it('a file that is not a spreadsheet, or no file at all, is a clear 400', async () => {
    const notExcel = await upload(Buffer.from('account,name\nx,y\n'));
    expect(notExcel.body.msg).toBe('文件不是有效的 Excel (.xlsx) 文件');
    const noFile = await t.api('/api/blade-system/user/import-user', { token: admin, body: {} });
    expect(noFile.body.msg).toBe('请上传 Excel (.xlsx) 文件');
  });

  it('the export is a real .xlsx of the filtered list with names and labels, and can be imported again', async () => {
    const exported = await xlsxRows(`/api/blade-system/user/export-user?account=import_`, admin);
    expect(exported.rows[0].slice(0, 3)).toEqual(['登录账号', '用户昵称', '用户姓名']);
    const importA = exported.rows.find((row) => row[0] === 'import_a')!;
    expect(importA).toEqual(expect.arrayContaining(['导入甲', '女', '巡查员', '东片水管站']));
    expect(exported.rows).toHaveLength(3);
  });
});
