/**
 * The code generator (/api/blade-develop/*) and the runtime registers it
 * creates: data sources with a connection test behind the outbound guard,
 * tables read from a data source (never the platform's own), models and their
 * fields, code configurations, and gen-code producing a register whose page,
 * API, validation and export work at once — for its granted roles only — and
 * after a restart; its schema downloads as a file codegen accepts.
 */
import dns from 'node:dns';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadSchemaFiles, validateSchemaDocument } from '../../codegen/loadSchemaFiles.js';
import { loadConfig } from '../../src/server/config.js';
import { startServer, type RunningServer } from '../../src/server/server.js';
import { hashPassword } from '../../src/server/auth/passwords.js';
import { nextId } from '../../src/server/db/ids.js';
import { md5, startTestServer, type ApiInit, type TestServer } from './testServer.js';

let t: TestServer;
let admin: string;
let restarted: RunningServer | undefined;
let target: { url: string; username: string; password: string };

/** The test database as a data source: its host by address (the guard allows exactly that address). */
async function databaseTarget(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const addresses = (await dns.promises.lookup(url.hostname, { all: true })).map((entry) => entry.address);
  return {
    allowNetworks: addresses.map((address) => (address.includes(':') ? `${address}/128` : `${address}/32`)),
    target: {
      url: `postgres://${addresses[0].includes(':') ? `[${addresses[0]}]` : addresses[0]}:${url.port || 5432}${url.pathname}`,
      username: decodeURIComponent(url.username),
      // A server with trust authentication (CI's PostgreSQL) takes any password; the tests still need one to hide.
      password: decodeURIComponent(url.password) || 'ignored-under-trust-auth',
    },
  };
}

beforeAll(async () => {
  // The networks are only known once the database is: start, look, and start again on it with the policy.
  const probe = await databaseTarget(inject('adminDatabaseUrl'));
  t = await startTestServer({ datasourceAllowNetworks: probe.allowNetworks });
  target = (await databaseTarget(t.server.databaseUrl)).target;
  admin = await t.signIn('000000', 'admin');
  await t.db.query(`CREATE TABLE legacy_gauge (
    id bigint PRIMARY KEY, station_name varchar(64) NOT NULL, water_level numeric(8, 2), observed_at timestamp, is_alarm boolean, remark text)`);
  await t.db.query(`COMMENT ON TABLE legacy_gauge IS '旧水位站'`);
  await t.db.query(`COMMENT ON COLUMN legacy_gauge.station_name IS '测站名称'`);
  await t.db.query(`COMMENT ON COLUMN legacy_gauge.water_level IS '水位'`);
});

afterAll(async () => {
  if (!restarted) return t?.close();
  await restarted.close();
  const adminClient = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await adminClient.connect();
  await adminClient.query(`DROP DATABASE IF EXISTS ${new URL(t.server.databaseUrl).pathname.slice(1)} WITH (FORCE)`);
  await adminClient.end();
});

const call = (url: string, init: ApiInit = {}) => t.api(url, { token: admin, ...init });
const post = (url: string, body?: unknown, init: ApiInit = {}) => call(url, { method: 'POST', body, ...init });
const develop = (path: string) => `/api/blade-develop/${path}`;

async function submitted(url: string, body: unknown) {
  const response = await post(url, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

describe('data sources', () => {
  let saved: { id: string };

  it('keep the password write-only and stored encrypted', async () => {
    saved = await submitted(develop('datasource/submit'), { name: '测试库', ...target, remark: 'the test database' });
    expect(saved).not.toHaveProperty('password');
    const detail = await call(develop(`datasource/detail?id=${saved.id}`));
    expect(detail.body.data).toMatchObject({ name: '测试库', url: target.url, username: target.username, driverClass: 'org.postgresql.Driver' });
    expect(JSON.stringify(detail.body)).not.toContain(target.password);
    const list = await call(develop('datasource/list'));
    expect(JSON.stringify(list.body)).not.toContain(target.password);
    const stored = await t.db.query('SELECT password FROM blade_datasource WHERE id = $1', [saved.id]);
    expect(stored.rows[0].password).toMatch(/^v1:/);
    expect(stored.rows[0].password).not.toContain(target.password);
  });

  it('an edit without a password keeps the stored one', async () => {
    await submitted(develop('datasource/submit'), { id: saved.id, remark: 'renamed', password: '' });
    const response = await post(develop('datasource/test'), { id: saved.id });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  });

  it('the test connects to the test database and answers success', async () => {
    const response = await post(develop('datasource/test'), { ...target });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({ isConnected: true });
    expect(response.body.data.version).toMatch(/^\d+/);
  });

  it('wrong credentials fail with the driver’s message', async () => {
    // An account that does not exist fails under any authentication method (password or trust).
    const nobody = { ...target, username: 'rsc_no_such_account', password: 'not-the-password' };
    const response = await post(develop('datasource/test'), nobody);
    expect(response.status).toBe(400);
    expect(response.body.msg).toMatch(/^连接失败：.*rsc_no_such_account/);
    const english = await post(develop('datasource/test'), nobody, { headers: { 'Accept-Language': 'en' } });
    expect(english.body.msg).toMatch(/^Connection failed: .*rsc_no_such_account/);
  });

  it('a host outside the allowed networks is refused before any connection', async () => {
    const response = await post(develop('datasource/test'), { url: 'postgres://10.11.12.13:5432/other', username: 'u', password: 'p' });
    expect(response.status).toBe(400);
    expect(response.body.msg).toContain('不允许连接该数据源地址');
    const metadata = await post(develop('datasource/test'), { url: 'postgres://169.254.169.254:80/x', username: 'u', password: 'p' });
    expect(metadata.status).toBe(400);
  });

  it('loopback and unspecified addresses are refused unless DATASOURCE_ALLOW_NETWORKS lists them (the test database’s own address is listed)', async () => {
    const databaseHost = new URL(target.url).hostname;
    const hosts = ['127.0.0.2', '127.1.2.3', '0.0.0.0', '[::1]'].filter((host) => host !== databaseHost);
    for (const host of hosts) {
      const response = await post(develop('datasource/test'), { url: `postgres://${host}:5432/postgres`, username: 'u', password: 'p' });
      expect(response.status, host).toBe(400);
      expect(response.body.msg, host).toContain('不允许连接该数据源地址');
    }
    // Saved, it is refused the same way when tested by id.
    const saved = await submitted(develop('datasource/submit'), {
      name: '本机其他库',
      url: 'postgres://127.0.0.2:5432/postgres',
      username: 'u',
      password: 'p',
    });
    const byId = await post(develop('datasource/test'), { id: saved.id });
    expect(byId.status).toBe(400);
    expect(byId.body.msg).toContain('不允许连接该数据源地址');
    expect((await post(develop(`datasource/remove?ids=${saved.id}`))).status).toBe(200);
  });

  it('a URL carrying credentials or not PostgreSQL is a validation error', async () => {
    const response = await post(develop('datasource/submit'), { name: 'bad', url: 'postgres://u:p@127.0.0.1:5432/x', username: 'u' });
    expect(response.status).toBe(400);
    expect(response.body.data.errors[0].field).toBe('url');
    expect((await post(develop('datasource/submit'), { name: 'bad', url: 'mysql://127.0.0.1/x', username: 'u' })).status).toBe(400);
  });

  it('the choices start with this system’s database', async () => {
    const response = await call(develop('datasource/select'));
    expect(response.body.data[0]).toMatchObject({ id: '0', name: '本系统数据库', isBuiltIn: true });
    expect(response.body.data.map((row: { id: string }) => row.id)).toContain(saved.id);
  });

  it('are the platform administrator’s alone: a tenant administrator cannot even list them', async () => {
    const tenantAdmin = await t.signIn('100001', 'admin');
    expect((await t.api(develop('datasource/list'), { token: tenantAdmin })).status).toBe(403);
    expect((await t.api(develop('datasource/test'), { token: tenantAdmin, method: 'POST', body: { ...target } })).status).toBe(403);
    expect((await t.api(develop('model/table-list?datasourceId=0'), { token: tenantAdmin })).status).toBe(403);
  });
});

describe('reading tables', () => {
  it('lists the tables of this system’s database without any engine-owned one', async () => {
    const response = await call(develop('model/table-list?datasourceId=0'));
    expect(response.status).toBe(200);
    const names: string[] = response.body.data.map((table: { tableName: string }) => table.tableName);
    expect(names).toContain('legacy_gauge');
    expect(response.body.data.find((table: { tableName: string }) => table.tableName === 'legacy_gauge').tableComment).toBe('旧水位站');
    expect(names.filter((name) => /^(blade|rsc|gen)_/.test(name))).toEqual([]);
    // The readings' yearly partitions are the register's table, not tables of their own.
    expect(names.filter((name) => name.startsWith('monitor_reading'))).toEqual([]);
  });

  it('lists the same through a saved data source reaching this database', async () => {
    const datasource = await submitted(develop('datasource/submit'), { name: '本库别名', ...target });
    const response = await call(develop(`model/table-list?datasourceId=${datasource.id}`));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const names: string[] = response.body.data.map((table: { tableName: string }) => table.tableName);
    expect(names).toContain('legacy_gauge');
    expect(names.some((name) => name.startsWith('blade_') || name.startsWith('rsc_'))).toBe(false);
  });

  it('refuses to describe an engine-owned table and says so for an unknown one', async () => {
    expect((await call(develop('model/table-info?datasourceId=0&tableName=blade_user'))).status).toBe(403);
    expect((await call(develop('model/table-info?datasourceId=0&tableName=rsc_refresh_token'))).status).toBe(403);
    expect((await call(develop(`model/table-info?datasourceId=0&tableName=monitor_reading_y${new Date().getFullYear()}`))).status).toBe(403);
    expect((await call(develop('model/table-info?datasourceId=0&tableName=no_such_table'))).status).toBe(404);
    expect((await call(develop('model/table-info?datasourceId=0&tableName=x;drop'))).status).toBe(400);
  });

  it('describes a table’s columns', async () => {
    const response = await call(develop('model/table-info?datasourceId=0&tableName=legacy_gauge'));
    expect(response.body.data.columns.map((column: { name: string }) => column.name)).toEqual([
      'id',
      'station_name',
      'water_level',
      'observed_at',
      'is_alarm',
      'remark',
    ]);
    expect(response.body.data.columns[1]).toMatchObject({ type: 'character varying(64)', comment: '测站名称', isNullable: false });
  });

  it('derives model fields from a table: base columns left out, types and requirements mapped', async () => {
    const response = await call(develop('model/model-prototype?datasourceId=0&tableName=legacy_gauge'));
    expect(response.status).toBe(200);
    const rows = response.body.data as Record<string, unknown>[];
    expect(rows.map((row) => row.jdbcName)).toEqual(['station_name', 'water_level', 'observed_at', 'is_alarm', 'remark']);
    expect(rows[0]).toMatchObject({ propertyName: 'stationName', propertyType: 'string', propertyLength: 64, jdbcComment: '测站名称', isRequired: 1 });
    expect(rows[1]).toMatchObject({ propertyName: 'waterLevel', propertyType: 'number', jdbcComment: '水位', isRequired: 0 });
    expect(rows[2]).toMatchObject({ propertyType: 'datetime' });
    expect(rows[3]).toMatchObject({ propertyType: 'boolean' });
    expect(rows[4]).toMatchObject({ propertyType: 'text', isList: 0 });
  });
});

interface Generated {
  modelId: string;
  codeId: string;
}

/** A model from legacy_gauge with its fields saved, and a code configuration for it. */
async function gaugeRegister(code: string): Promise<Generated> {
  const model = await submitted(develop('model/submit'), {
    datasourceId: '0',
    modelName: '水位站',
    modelCode: code,
    modelTable: 'legacy_gauge',
    modelClass: 'Gauge station',
  });
  const derived = (await call(develop(`model/model-prototype?modelId=${model.id}`))).body.data as Record<string, unknown>[];
  const fields = derived.map((row) => (row.jdbcName === 'station_name' ? { ...row, isQuery: 1 } : row));
  await submitted(develop(`model-prototype/submit-list?modelId=${model.id}`), fields);
  const config = await submitted(develop('code/submit'), { modelId: model.id, codeName: '水位站登记', codeNameEn: 'Gauge stations' });
  return { modelId: model.id, codeId: config.id };
}

describe('models and their fields', () => {
  it('a model’s saved fields come back in order, and submit-list replaces them', async () => {
    const model = await submitted(develop('model/submit'), { datasourceId: '0', modelName: '临时', modelCode: 'scratch' });
    const saved = await submitted(develop(`model-prototype/submit-list?modelId=${model.id}`), [
      { jdbcName: 'a_name', jdbcComment: '甲', propertyName: 'aName', propertyType: 'string' },
      { jdbcName: 'b_count', jdbcComment: '乙', propertyName: 'bCount', propertyType: 'integer' },
    ]);
    expect(saved.map((row: { propertyName: string }) => row.propertyName)).toEqual(['aName', 'bCount']);
    const again = await submitted(develop(`model-prototype/submit-list?modelId=${model.id}`), [{ ...saved[1], jdbcComment: '乙二' }]);
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ id: saved[1].id, jdbcComment: '乙二' });
    const select = await call(develop(`model-prototype/select?modelId=${model.id}`));
    expect(select.body.data.map((row: { jdbcName: string }) => row.jdbcName)).toEqual(['b_count']);
  });

  it('a bad field is refused with its row and changes nothing', async () => {
    const model = await submitted(develop('model/submit'), { datasourceId: '0', modelName: '临时二', modelCode: 'scratchtwo' });
    const response = await post(develop(`model-prototype/submit-list?modelId=${model.id}`), [
      { jdbcName: 'ok_one', jdbcComment: '好', propertyName: 'okOne', propertyType: 'string' },
      { jdbcName: 'Bad-Name', jdbcComment: '坏', propertyName: 'badName', propertyType: 'string' },
    ]);
    expect(response.status).toBe(400);
    expect(response.body.msg).toMatch(/^第 2 行：字段名称须以小写字母开头/);
    expect((await call(develop(`model-prototype/select?modelId=${model.id}`))).body.data).toEqual([]);
  });

  it('a model code must be lower-case letters and digits', async () => {
    const response = await post(develop('model/submit'), { datasourceId: '0', modelName: 'x', modelCode: 'Water_Level' });
    expect(response.status).toBe(400);
    expect(response.body.data.errors[0]).toMatchObject({ field: 'modelCode' });
  });
});

describe('generating a register', () => {
  let generated: Generated;
  let record: Record<string, unknown>;
  const gauge = (path: string) => `/api/generated/gauge/${path}`;

  beforeAll(async () => {
    generated = await gaugeRegister('gauge');
  });

  it('gen-code answers with the new register', async () => {
    const response = await post(develop(`code/gen-code?ids=${generated.codeId}&system=saber`));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toEqual([
      expect.objectContaining({ code: 'gauge', schemaId: 'generated/gauge', revision: 1, isNew: true, pagePath: '/generated/gauge' }),
    ]);
  });

  it('gives the register its own new table with the engine’s base columns', async () => {
    const columns = await t.db.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'gen_gauge' ORDER BY ordinal_position`);
    expect(columns.rows.map((row) => row.column_name)).toEqual(
      expect.arrayContaining(['id', 'tenant_id', 'create_user', 'is_deleted', 'version', 'station_name', 'water_level', 'observed_at', 'is_alarm', 'remark']),
    );
    expect(columns.rows).toHaveLength(15);
  });

  it('lists, validates with the field titles, saves, details, exports and removes at once', async () => {
    expect((await call(gauge('list'))).body.data).toMatchObject({ total: 0, records: [] });
    const empty = await post(gauge('submit'), { waterLevel: 1.5 });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('请输入测站名称');
    expect(empty.body.data.errors).toEqual([{ field: 'stationName', message: '请输入测站名称' }]);
    const english = await post(gauge('submit'), {}, { headers: { 'Accept-Language': 'en' } });
    expect(english.body.msg).toBe('Please enter the station name');
    const tooLong = await post(gauge('submit'), { stationName: 'x'.repeat(65) });
    expect(tooLong.body.msg).toBe('测站名称长度不能超过64个字符');

    const saved = await post(gauge('submit'), { stationName: '一号站', waterLevel: 12.5, observedAt: '2026-05-01 08:00:00', isAlarm: false });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    record = saved.body.data;
    expect(record).toMatchObject({ stationName: '一号站', waterLevel: 12.5, tenantId: '000000', version: 1 });
    const found = await call(gauge('list?stationName=一号'));
    expect(found.body.data.records.map((row: { id: string }) => row.id)).toEqual([record.id]);
    expect((await call(gauge(`detail?id=${record.id}`))).body.data).toMatchObject({ stationName: '一号站' });

    const exported = await fetch(`${t.url}${gauge('export')}`, { headers: { 'Blade-Auth': `bearer ${admin}` } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('spreadsheetml');
    expect((await exported.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('keeps each tenant’s rows apart and refuses callers without the register’s grants', async () => {
    const inspector = await t.signIn('000000', 'inspector');
    expect((await t.api(gauge('list'), { token: inspector })).status).toBe(403);
    expect((await t.api(gauge('submit'), { token: inspector, method: 'POST', body: { stationName: '越权' } })).status).toBe(403);
    const tenantAdmin = await t.signIn('100001', 'admin');
    expect((await t.api(gauge('list'), { token: tenantAdmin })).status).toBe(403);
    expect((await t.api(gauge(`remove?ids=${record.id}`), { token: tenantAdmin, method: 'POST' })).status).toBe(403);
    expect((await t.api(gauge('list'))).status).toBe(401);
  });

  it('a role granted the register’s menu but none of its buttons reads and cannot write', async () => {
    const roleId = nextId();
    await t.db.query(
      `INSERT INTO blade_role (id, tenant_id, parent_id, role_name, role_alias, sort) VALUES ($1, '000000', 0, '登记表查阅', 'gauge_reader', 9)`,
      [roleId],
    );
    await t.db.query(
      `INSERT INTO blade_role_menu (id, tenant_id, role_id, menu_id) SELECT $1, '000000', $2, id FROM blade_menu WHERE code = 'generated_gauge' AND is_deleted = 0`,
      [nextId(), roleId],
    );
    await t.db.query(
      `INSERT INTO blade_user (id, tenant_id, account, password, name, real_name, role_id, dept_id) VALUES ($1, '000000', 'gaugereader', $2, 'r', 'r', $3, '')`,
      [nextId(), await hashPassword(md5('reader-pass')), roleId],
    );
    const reader = await t.signIn('000000', 'gaugereader', 'reader-pass');
    expect((await t.api(gauge('list'), { token: reader })).status).toBe(200);
    expect((await t.api(gauge('submit'), { token: reader, method: 'POST', body: { stationName: '无权新增' } })).status).toBe(403);
    expect((await t.api(gauge('submit'), { token: reader, method: 'POST', body: { id: record.id, stationName: '无权修改' } })).status).toBe(403);
    expect((await t.api(gauge(`remove?ids=${record.id}`), { token: reader, method: 'POST' })).status).toBe(403);
    expect((await t.api(gauge('export'), { token: reader })).status).toBe(403);
    expect((await call(gauge(`detail?id=${record.id}`))).body.data.stationName).toBe('一号站');
  });

  it('answers unknown registers and undeclared endpoints with 404', async () => {
    expect((await call('/api/generated/nosuch/list')).status).toBe(404);
    expect((await call(gauge('tree'))).status).toBe(404);
    expect((await call(gauge('submit'))).status).toBe(404);
    expect((await call(gauge('list?unknownFilter=1'))).status).toBe(400);
  });

  it('has a client schema and a menu with its buttons for the generating administrator', async () => {
    const schema = await call('/api/blade-system/schema/client?id=generated/gauge');
    expect(schema.status).toBe(200);
    expect(schema.body.data).toMatchObject({ $id: 'generated/gauge', title: '水位站登记', 'x-title-en': 'Gauge stations', 'x-menu': 'generated_gauge' });
    expect(schema.body.data).not.toHaveProperty('x-table');
    expect(JSON.stringify(schema.body.data)).not.toContain('gen_gauge');
    expect(schema.body.data.properties.stationName).toMatchObject({ title: '测站名称', 'x-list': true, 'x-search': 'like' });
    // The fields keep the model's order (the stored schema is kept as written).
    const own = Object.entries(schema.body.data.properties)
      .filter(([, field]) => !(field as { 'x-base'?: boolean })['x-base'])
      .map(([name]) => name);
    expect(own).toEqual(['stationName', 'waterLevel', 'observedAt', 'isAlarm', 'remark']);
    const routes = await call('/api/blade-system/menu/routes');
    const generatedParent = routes.body.data.find((menu: { code: string }) => menu.code === 'generated_registers');
    expect(generatedParent.children).toEqual([expect.objectContaining({ code: 'generated_gauge', path: '/generated/gauge', name: '水位站登记' })]);
    const buttons = JSON.stringify((await call('/api/blade-system/menu/buttons')).body.data);
    for (const action of ['add', 'edit', 'delete', 'view', 'export']) expect(buttons).toContain(`generated_gauge_${action}`);
  });

  it('removes a row', async () => {
    expect((await post(gauge(`remove?ids=${record.id}`))).status).toBe(200);
    expect((await call(gauge(`detail?id=${record.id}`))).status).toBe(404);
  });

  it('downloads the schema as <code>.json, valid for codegen next to every schema in the repository', async () => {
    const response = await fetch(`${t.url}${develop(`code/schema?id=${generated.codeId}`)}`, { headers: { 'Blade-Auth': `bearer ${admin}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain("filename*=UTF-8''gauge.json");
    const document = JSON.parse(await response.text());
    const metaSchema = JSON.parse(fs.readFileSync('schemas/meta.schema.json', 'utf8'));
    expect(validateSchemaDocument(metaSchema, document, 'schemas/generated/gauge.json').$id).toBe('generated/gauge');
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rsc-codegen-'));
    try {
      fs.cpSync('schemas', path.join(root, 'schemas'), { recursive: true });
      fs.mkdirSync(path.join(root, 'schemas/generated'), { recursive: true });
      fs.writeFileSync(path.join(root, 'schemas/generated/gauge.json'), JSON.stringify(document));
      const files = loadSchemaFiles(root);
      expect(files.map((file) => file.schema.$id)).toContain('generated/gauge');
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('regenerating adds a new field’s column and keeps the rows', async () => {
    await post(gauge('submit'), { stationName: '二号站' });
    const fields = (await call(develop(`model-prototype/select?modelId=${generated.modelId}`))).body.data;
    await submitted(develop(`model-prototype/submit-list?modelId=${generated.modelId}`), [
      ...fields,
      { jdbcName: 'keeper', jdbcComment: '管理员', propertyName: 'keeper', propertyType: 'string', propertyLength: 32 },
    ]);
    const response = await post(develop(`code/gen-code?ids=${generated.codeId}`));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data[0]).toMatchObject({ revision: 2, isNew: false });
    const saved = await post(gauge('submit'), { stationName: '三号站', keeper: '张三' });
    expect(saved.body.data).toMatchObject({ keeper: '张三' });
    expect((await call(gauge('list'))).body.data.total).toBe(2);
  });

  it('refuses a regeneration that would change a column’s type, and changes nothing', async () => {
    const fields = (await call(develop(`model-prototype/select?modelId=${generated.modelId}`))).body.data;
    const changed = fields.map((row: Record<string, unknown>) => (row.jdbcName === 'keeper' ? { ...row, propertyType: 'integer' } : row));
    await submitted(develop(`model-prototype/submit-list?modelId=${generated.modelId}`), changed);
    const response = await post(develop(`code/gen-code?ids=${generated.codeId}`));
    expect(response.status).toBe(400);
    expect(response.body.msg).toContain('keeper');
    const stored = await t.db.query(`SELECT revision FROM rsc_runtime_schema WHERE code = 'gauge'`);
    expect(stored.rows[0].revision).toBe(2);
    const current = (await call(develop(`model-prototype/select?modelId=${generated.modelId}`))).body.data;
    await submitted(
      develop(`model-prototype/submit-list?modelId=${generated.modelId}`),
      current.map((row: Record<string, unknown>) => ({ ...row, propertyType: row.jdbcName === 'keeper' ? 'string' : row.propertyType })),
    );
  });
});

/** A reservoir of the tenant: a copy of another tenant's demo reservoir (the platform tenant has none). */
async function reservoirOf(tenantId: string): Promise<string> {
  const existing = await t.db.query(`SELECT id::text AS id FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 LIMIT 1`, [tenantId]);
  if (existing.rows[0]) return existing.rows[0].id;
  const id = nextId();
  await t.db.query(`CREATE TEMP TABLE copied_reservoir AS SELECT * FROM rsc_reservoir WHERE tenant_id <> $1 AND is_deleted = 0 LIMIT 1`, [tenantId]);
  await t.db.query(`UPDATE copied_reservoir SET id = $1, tenant_id = $2`, [id, tenantId]);
  await t.db.query(`INSERT INTO rsc_reservoir SELECT * FROM copied_reservoir`);
  await t.db.query(`DROP TABLE copied_reservoir`);
  return id;
}

/** The fields of the dam register: a unique name, a patterned code, a reservoir, a scale and several functions. */
const DAM_FIELDS = [
  {
    jdbcName: 'dam_name',
    jdbcComment: '大坝名称',
    titleEn: 'Dam name',
    propertyName: 'damName',
    propertyType: 'string',
    propertyLength: 64,
    isRequired: 1,
    isQuery: 1,
    isUnique: 1,
    uniqueMessage: '该大坝名称已登记',
    uniqueMessageEn: 'This dam name is registered already',
    requiredMessage: '请填写大坝名称',
    requiredMessageEn: 'Please fill in the dam name',
  },
  {
    jdbcName: 'dam_code',
    jdbcComment: '大坝编号',
    titleEn: 'Dam code',
    propertyName: 'damCode',
    propertyType: 'string',
    propertyLength: 16,
    fieldPattern: '^DAM-[0-9]{3}$',
    patternMessage: '大坝编号须为 DAM- 加三位数字',
    patternMessageEn: 'The dam code is DAM- and three digits',
    maxLengthMessage: '大坝编号太长',
    maxLengthMessageEn: 'The dam code is too long',
  },
  {
    jdbcName: 'reservoir_id',
    jdbcComment: '所属水库',
    titleEn: 'Reservoir',
    propertyName: 'reservoirId',
    propertyType: 'reference',
    refSchema: 'reservoir/reservoir',
    isRequired: 1,
    isQuery: 1,
  },
  { jdbcName: 'scale', jdbcComment: '工程规模', titleEn: 'Scale', propertyName: 'scale', propertyType: 'integer', dictCode: 'reservoir_scale' },
  {
    jdbcName: 'functions',
    jdbcComment: '主要功能',
    titleEn: 'Functions',
    propertyName: 'functions',
    propertyType: 'string',
    propertyLength: 64,
    dictCode: 'reservoir_function',
    dictMultiple: 1,
  },
];

describe('reference, dictionary, pattern, unique and message fields', () => {
  let damModel: { id: string };
  let damCode: { id: string };
  let reservoirId: string;
  const dam = (path: string) => `/api/generated/dam/${path}`;

  beforeAll(async () => {
    reservoirId = await reservoirOf('000000');
    damModel = await submitted(develop('model/submit'), { datasourceId: '0', modelName: '大坝', modelCode: 'dam', modelClass: 'Dams' });
  });

  it('offers the registers a reference may point at, by title, to the platform administrator only', async () => {
    const response = await call(develop('model/register-list'));
    expect(response.status).toBe(200);
    const targets = response.body.data as { id: string; title: string; titleEn: string; picker: string }[];
    expect(targets).toContainEqual({ id: 'reservoir/reservoir', title: '水库', titleEn: expect.any(String), picker: 'tree' });
    expect(targets).toContainEqual(expect.objectContaining({ id: 'system/user', picker: 'options' }));
    expect(targets.filter((target) => target.id.startsWith('develop/'))).toEqual([]);
    const tenantAdmin = await t.signIn('100001', 'admin');
    expect((await t.api(develop('model/register-list'), { token: tenantAdmin })).status).toBe(403);
  });

  it('refuses an unknown register, an unknown dictionary, a bad or slow pattern and an unknown unique field, and saves nothing', async () => {
    const base = { jdbcName: 'x_field', jdbcComment: '甲', propertyName: 'xField', propertyType: 'string' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ propertyType: 'reference', refSchema: 'reservoir/nosuch' }, '第 2 行：引用的登记表“reservoir/nosuch”不存在或不能被引用', 'refSchema'],
      [{ propertyType: 'reference', refSchema: 'develop/datasource' }, '第 2 行：引用的登记表“develop/datasource”不存在或不能被引用', 'refSchema'],
      [{ propertyType: 'reference' }, '第 2 行：请选择引用的登记表', 'refSchema'],
      [{ dictCode: 'no_such_dict' }, '第 2 行：字典“no_such_dict”不存在', 'dictCode'],
      [{ fieldPattern: '^[0-9' }, '第 2 行：正则表达式无效', 'fieldPattern'],
      [{ fieldPattern: '^(a+)+$' }, '第 2 行：正则表达式不能包含嵌套的重复', 'fieldPattern'],
      [{ fieldPattern: 'a'.repeat(256) }, '第 2 行：正则表达式长度不能超过255个字符', 'fieldPattern'],
      [{ isUnique: 1, uniqueWith: 'nosuch' }, '第 2 行：联合唯一字段“nosuch”不是该模型的属性', 'uniqueWith'],
    ];
    for (const [change, message, field] of cases) {
      const response = await post(develop(`model-prototype/submit-list?modelId=${damModel.id}`), [DAM_FIELDS[0], { ...base, ...change }]);
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(response.body.msg, JSON.stringify(change)).toContain(message);
      expect(response.body.data.errors[0].field).toBe(field);
      expect((await call(develop(`model-prototype/select?modelId=${damModel.id}`))).body.data).toEqual([]);
    }
    const english = await post(develop(`model-prototype/submit-list?modelId=${damModel.id}`), [{ ...base, dictCode: 'no_such_dict' }], {
      headers: { 'Accept-Language': 'en' },
    });
    expect(english.body.msg).toBe('Row 1: The dictionary "no_such_dict" does not exist');
    // The single submit is held to the same rules.
    const single = await post(develop('model-prototype/submit'), { ...base, modelId: damModel.id, fieldPattern: '(' });
    expect(single.status).toBe(400);
    expect(single.body.msg).toContain('正则表达式无效');
  });

  it('generates them: x-ref and x-id, x-dict (one or several entries), pattern, per-field messages and x-unique', async () => {
    await submitted(develop(`model-prototype/submit-list?modelId=${damModel.id}`), DAM_FIELDS);
    damCode = await submitted(develop('code/submit'), { modelId: damModel.id, codeName: '大坝登记', codeNameEn: 'Dams' });
    const response = await post(develop(`code/gen-code?ids=${damCode.id}`));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const schema = (await call('/api/blade-system/schema/client?id=generated/dam')).body.data;
    expect(schema.properties.reservoirId).toMatchObject({
      type: 'string',
      'x-id': true,
      'x-ref': 'reservoir/reservoir',
      'x-component': 'tree-select',
      'x-search': 'eq',
    });
    expect(schema.properties.scale).toMatchObject({ type: 'integer', 'x-dict': 'reservoir_scale', 'x-component': 'select' });
    expect(schema.properties.functions).toMatchObject({ type: 'string', 'x-dict': 'reservoir_function', pattern: '^[^,]+(,[^,]+)*$' });
    expect(schema.properties.damCode).toMatchObject({
      pattern: '^DAM-[0-9]{3}$',
      'x-messages': { pattern: '大坝编号须为 DAM- 加三位数字', maxLength: '大坝编号太长' },
      'x-messages-en': { pattern: 'The dam code is DAM- and three digits', maxLength: 'The dam code is too long' },
    });
    expect(schema.properties.damName['x-messages']).toEqual({ required: '请填写大坝名称' });
    expect(schema.properties.reservoirId['x-messages']).toEqual({ required: '请选择所属水库' });
    expect(schema['x-unique']).toEqual([{ fields: ['damName'], message: '该大坝名称已登记', 'message-en': 'This dam name is registered already' }]);
  });

  it('the generated endpoints answer the pattern’s and the required field’s own messages', async () => {
    const bad = await post(dam('submit'), { damName: '一号坝', damCode: 'D-1', reservoirId });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('大坝编号须为 DAM- 加三位数字');
    expect(bad.body.data.errors).toEqual([{ field: 'damCode', message: '大坝编号须为 DAM- 加三位数字' }]);
    const english = await post(dam('submit'), { damName: '一号坝', damCode: 'D-1', reservoirId }, { headers: { 'Accept-Language': 'en' } });
    expect(english.body.msg).toBe('The dam code is DAM- and three digits');
    expect((await post(dam('submit'), { damName: '一号坝', damCode: 'DAM-0001234567890', reservoirId })).body.msg).toBe('大坝编号太长');
    expect((await post(dam('submit'), { damCode: 'DAM-001', reservoirId })).body.msg).toBe('请填写大坝名称');
    expect((await call(dam('list'))).body.data.total).toBe(0);
  });

  it('saves a good record with its reference and dictionary values, and answers the unique message on a duplicate', async () => {
    const saved = await post(dam('submit'), { damName: '一号坝', damCode: 'DAM-001', reservoirId, scale: 1, functions: '1,2' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ damName: '一号坝', reservoirId, scale: 1, functions: '1,2' });
    const duplicate = await post(dam('submit'), { damName: '一号坝', damCode: 'DAM-002', reservoirId });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.msg).toBe('该大坝名称已登记');
    const english = await post(dam('submit'), { damName: '一号坝', reservoirId }, { headers: { 'Accept-Language': 'en' } });
    expect(english.body.msg).toBe('This dam name is registered already');
    expect((await call(dam(`list?reservoirId=${reservoirId}`))).body.data.total).toBe(1);
  });

  it('a unique rule over several fields; one over rows that already repeat is refused at generation, changing nothing', async () => {
    await submitted(dam('submit'), { damName: '二号坝', reservoirId, scale: 1 });
    const fields = (await call(develop(`model-prototype/select?modelId=${damModel.id}`))).body.data as Record<string, unknown>[];
    const withScale = fields.map((row) => (row.propertyName === 'scale' ? { ...row, isUnique: 1, uniqueWith: 'reservoirId' } : row));
    await submitted(develop(`model-prototype/submit-list?modelId=${damModel.id}`), withScale);
    const response = await post(develop(`code/gen-code?ids=${damCode.id}`));
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('已有数据存在重复值，无法添加唯一约束；请先修改这些数据');
    expect((await t.db.query(`SELECT revision FROM rsc_runtime_schema WHERE code = 'dam'`)).rows[0].revision).toBe(1);
    // Once the rows differ, the rule is generated with its default message.
    const second = (await call(dam('list?damName=二号坝'))).body.data.records[0];
    await submitted(dam('submit'), { ...second, scale: 2 });
    const again = await post(develop(`code/gen-code?ids=${damCode.id}`));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const schema = (await call('/api/blade-system/schema/client?id=generated/dam')).body.data;
    expect(schema['x-unique']).toContainEqual({
      fields: ['scale', 'reservoirId'],
      message: '工程规模、所属水库已存在',
      'message-en': 'A record with this scale and reservoir already exists',
    });
    const duplicate = await post(dam('submit'), { damName: '三号坝', reservoirId, scale: 2 });
    expect(duplicate.body.msg).toBe('工程规模、所属水库已存在');
  });

  it('a dictionary removed after the field was saved is refused at generation', async () => {
    await t.db.query(`UPDATE blade_model_prototype SET dict_code = 'gone_dict' WHERE model_id = $1 AND property_name = 'scale'`, [damModel.id]);
    const response = await post(develop(`code/gen-code?ids=${damCode.id}`));
    expect(response.status).toBe(400);
    expect(response.body.msg).toContain('字典“gone_dict”不存在');
    await t.db.query(`UPDATE blade_model_prototype SET dict_code = 'reservoir_scale' WHERE model_id = $1 AND property_name = 'scale'`, [damModel.id]);
  });
});

/**
 * DEPENDS ON THE LEAD'S ENGINE WORK (issue 10, deliverables 1 and 2): a generated register's x-ref and x-dict
 * values are checked by the engine (src/server/engine/references.ts, dictionaryValues.ts). These fail until
 * those checks are in the write operations.
 */
describe('[engine: references and dictionaries] the generated register refuses what its references and dictionaries do not hold', () => {
  const dam = (path: string) => `/api/generated/dam/${path}`;

  it('refuses another tenant’s reservoir and one that does not exist, and writes nothing', async () => {
    const before = (await call(dam('list'))).body.data.total;
    const foreign = await reservoirOf('100001');
    const response = await post(dam('submit'), { damName: '他人之坝', reservoirId: foreign });
    expect(response.status).toBe(400);
    expect(response.body.data.errors[0].field).toBe('reservoirId');
    expect((await post(dam('submit'), { damName: '虚构之坝', reservoirId: nextId() })).status).toBe(400);
    expect((await call(dam('list'))).body.data.total).toBe(before);
  });

  it('refuses a value outside the dictionary, single or among several', async () => {
    const reservoirId = await reservoirOf('000000');
    const single = await post(dam('submit'), { damName: '字典外一', reservoirId, scale: 99 });
    expect(single.status).toBe(400);
    expect(single.body.data.errors[0].field).toBe('scale');
    const several = await post(dam('submit'), { damName: '字典外二', reservoirId, functions: '1,99' });
    expect(several.status).toBe(400);
    expect(several.body.data.errors[0].field).toBe('functions');
  });
});

describe('what gen-code refuses', () => {
  it('a register whose table already exists is never adopted', async () => {
    await t.db.query('CREATE TABLE gen_taken (id bigint PRIMARY KEY, secret text)');
    const { codeId } = await gaugeRegister('taken');
    const response = await post(develop(`code/gen-code?ids=${codeId}`));
    expect(response.status).toBe(400);
    expect(response.body.msg).toContain('数据表 gen_taken');
    expect((await t.db.query(`SELECT 1 FROM rsc_runtime_schema WHERE code = 'taken'`)).rowCount).toBe(0);
  });

  it('a code whose menu code exists already', async () => {
    await t.db.query(
      `INSERT INTO blade_menu (id, tenant_id, parent_id, code, name, path, sort, category) VALUES (987654321, '000000', 0, 'generated_menutaken', 'x', '/x', 1, 1)`,
    );
    const { codeId } = await gaugeRegister('menutaken');
    const response = await post(develop(`code/gen-code?ids=${codeId}`));
    expect(response.status).toBe(400);
    expect(response.body.msg).toContain('generated_menutaken');
  });

  it('a model without fields, an unknown system, and a caller without the code_gen button', async () => {
    const model = await submitted(develop('model/submit'), { datasourceId: '0', modelName: '空', modelCode: 'empty' });
    const config = await submitted(develop('code/submit'), { modelId: model.id, codeName: '空' });
    const response = await post(develop(`code/gen-code?ids=${config.id}`));
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('数据模型还没有字段');
    expect((await post(develop(`code/gen-code?ids=${config.id}&system=vue3`))).status).toBe(400);
    const inspector = await t.signIn('000000', 'inspector');
    expect((await t.api(develop(`code/gen-code?ids=${config.id}`), { token: inspector, method: 'POST' })).status).toBe(403);
  });

  it('a field that clashes with a base column, or a select without a dictionary', async () => {
    const model = await submitted(develop('model/submit'), { datasourceId: '0', modelName: '冲突', modelCode: 'clash' });
    await submitted(develop(`model-prototype/submit-list?modelId=${model.id}`), [
      { jdbcName: 'tenant_id', jdbcComment: '租户', propertyName: 'tenantCode', propertyType: 'string' },
    ]);
    const config = await submitted(develop('code/submit'), { modelId: model.id, codeName: '冲突' });
    const response = await post(develop(`code/gen-code?ids=${config.id}`));
    expect(response.status).toBe(400);
    expect(response.body.msg).toContain('“tenant_id”是系统自动添加的字段');
    await submitted(develop(`model-prototype/submit-list?modelId=${model.id}`), [
      { jdbcName: 'kind', jdbcComment: '类别', propertyName: 'kind', propertyType: 'string', componentType: 'select' },
    ]);
    expect((await post(develop(`code/gen-code?ids=${config.id}`))).body.msg).toContain('下拉框和单选框需要字典编号');
  });

  it('copy makes a second configuration of the same model', async () => {
    const { codeId } = await gaugeRegister('copied');
    const copy = await post(develop(`code/copy?id=${codeId}`));
    expect(copy.status).toBe(200);
    expect(copy.body.data).toMatchObject({ codeName: '水位站登记（副本）' });
    expect(copy.body.data.id).not.toBe(codeId);
  });
});

describe('after a restart on the same database', () => {
  it('the register is still there with its rows', async () => {
    const config = loadConfig({
      port: 0,
      host: '127.0.0.1',
      databaseUrl: t.server.databaseUrl,
      captchaEnabled: false,
      pgPoolSize: 5,
      tokenSigningKey: undefined,
      webRoot: '/nonexistent',
      // As the first start (testServer.ts): without it the restart seeded a year of demo readings (36 s under load).
      demoReadings: false,
    });
    await t.server.close();
    restarted = await startServer(config, { demo: true, logger: false });
    const url = restarted.url.replace('localhost', '127.0.0.1');
    const token = (
      await (
        await fetch(`${url}/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5('admin')}&grant_type=password&scope=all`, {
          method: 'POST',
          headers: { Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`, 'Tenant-Id': '000000' },
        })
      ).json()
    ).access_token;
    const list = await (await fetch(`${url}/api/generated/gauge/list`, { headers: { 'Blade-Auth': `bearer ${token}` } })).json();
    expect(list.data.total).toBe(2);
    const schema = await (await fetch(`${url}/api/blade-system/schema/client?id=generated/gauge`, { headers: { 'Blade-Auth': `bearer ${token}` } })).json();
    expect(schema.data.properties.keeper).toBeDefined();
  });
});
