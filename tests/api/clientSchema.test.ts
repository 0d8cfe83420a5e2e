/**
 * The client schema (GET /api/blade-system/schema/client?id=): what the
 * console's renderers read. It must carry labels, surfaces, messages and
 * endpoints, and never a table name, a column name, an SQL condition or a
 * secret's value: a secret the caller sets is a write-only field (a password
 * input), a secret the server keeps is not there at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityModels } from '../../src/server/engine/entityRegistry.js';
import { startTestServer, type TestServer } from './testServer.js';

let t: TestServer;
let admin: string;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn('100001', 'admin');
});
afterAll(() => t?.close());

const fetchSchema = (id: string, token: string | null = admin) =>
  t.api(`/api/blade-system/schema/client?id=${encodeURIComponent(id)}`, { token: token ?? undefined });

describe('the client schema', () => {
  it('describes the parameter register: labels, messages, permissions and endpoints', async () => {
    const response = await fetchSchema('system/param');
    expect(response.status).toBe(200);
    const schema = response.body.data;
    expect(schema).toMatchObject({
      $id: 'system/param',
      title: '系统参数',
      'x-title-en': 'System parameter',
      required: ['paramName', 'paramKey', 'paramValue'],
    });
    expect(schema.properties.paramName).toMatchObject({ title: '参数名称', 'x-list': true, 'x-search': 'like', 'x-messages': { required: '请输入参数名称' } });
    expect(schema['x-permissions']).toEqual({ add: 'param_add', edit: 'param_edit', delete: 'param_delete', view: 'param_view' });
    expect(schema['x-api'].list).toEqual({ name: 'list', op: 'list', method: 'GET', url: '/api/blade-system/param/list', idParam: 'id' });
    expect(schema['x-api'].remove).toEqual({ name: 'remove', op: 'remove', method: 'POST', url: '/api/blade-system/param/remove', idParam: 'ids' });
    expect(schema.properties.id).toMatchObject({ 'x-base': true, readOnly: true });
  });

  it('keeps a binding to its name, operation, verb, path and id parameter only', async () => {
    const schema = (await fetchSchema('system/dict')).body.data;
    for (const binding of Object.values(schema['x-api']) as Record<string, unknown>[]) {
      expect(Object.keys(binding).sort()).toEqual(['idParam', 'method', 'name', 'op', 'url']);
    }
    expect(schema['x-api'].parentList).toMatchObject({ op: 'list', url: '/api/blade-system/dict/parent-list' });
    expect(schema['x-tree']).toEqual({ titleField: 'dictValue', parentField: 'parentId' });
  });

  it.each(entityModels().map((model) => [model.id, model] as const))(
    '%s: no table, column, SQL condition, row rule or server-owned secret',
    async (id, model) => {
      const response = await fetchSchema(id);
      expect(response.status).toBe(200);
      const schema = response.body.data;
      const text = JSON.stringify(schema);
      for (const key of ['x-table', 'x-column', 'x-indexes', 'x-scope', 'x-secret', 'x-encrypted', 'where', 'require', 'rootParam', 'shape', 'anyUser']) {
        expect(text, key).not.toContain(`"${key}"`);
      }
      // The engineer's notes stay on the server; a field may still be called "description".
      expect(schema).not.toHaveProperty('description');
      for (const property of Object.values(schema.properties) as Record<string, unknown>[]) expect(property).not.toHaveProperty('description');
      // A sealed row rule travels as field and value only, so the console can hide edit and delete.
      if (schema['x-sealed']) expect(Object.keys(schema['x-sealed']).sort()).toEqual(['field', 'value']);
      // Menu, button and dictionary codes are names, not tables, and may read like one (clean_object_add).
      const withoutCodes = JSON.stringify(schema, (key, value) => (['x-menu', 'x-permissions', 'button', 'x-dict'].includes(key) ? undefined : value));
      expect(withoutCodes).not.toMatch(new RegExp(`\\b${model.table}\\b`));
      // Column names that differ from the property names never appear (create_time, tenant_id, param_name …);
      // dictionary codes are names of dictionaries, not columns, and may look alike (user_type).
      const withoutDictCodes = JSON.stringify(schema, (key, value) => (key === 'x-dict' ? undefined : value));
      for (const field of model.fields) {
        if (field.column !== field.name) expect(withoutDictCodes, field.column).not.toMatch(new RegExp(`\\b${field.column}\\b`));
      }
      for (const field of model.fields.filter((f) => f.isSecret && !f.isWriteOnly)) {
        expect(schema.properties).not.toHaveProperty(field.name);
        expect(schema.required).not.toContain(field.name);
      }
      for (const field of model.fields.filter((f) => f.isWriteOnly)) {
        expect(schema.properties[field.name]).toMatchObject({ writeOnly: true, 'x-component': 'password' });
        expect(schema.properties[field.name]).not.toHaveProperty('default');
      }
      expect(schema.properties).not.toHaveProperty('isDeleted');
    },
  );

  it('never sends the user password field', async () => {
    const schema = (await fetchSchema('system/user')).body.data;
    expect(schema.properties).not.toHaveProperty('password');
    expect(JSON.stringify(schema)).not.toContain('"password"');
    expect(JSON.stringify(schema)).not.toContain('blade_user');
    expect(schema.properties.account).toMatchObject({ title: '登录账号' });
  });
});

describe('secrets the caller sets', () => {
  it('are write-only password fields of the generated forms: the camera account secret and key, the assistant key, storage and SMS keys', async () => {
    const camera = (await fetchSchema('camera/cameraAccount')).body.data;
    expect(camera.properties.appSecret).toMatchObject({ writeOnly: true, 'x-component': 'password', title: 'AppSecret', maxLength: 255 });
    expect(camera.properties.ingestKey).toMatchObject({ writeOnly: true, 'x-component': 'password', minLength: 32 });
    const chat = (await fetchSchema('chat/provider')).body.data;
    expect(chat.properties.apiKey).toMatchObject({ writeOnly: true, 'x-component': 'password' });
    expect(chat.properties).not.toHaveProperty('apiKeyInput');
    for (const id of ['resource/oss', 'resource/sms']) expect((await fetchSchema(id)).body.data.properties.secretKey).toMatchObject({ writeOnly: true });
  });

  it('leave out the secrets the server keeps for itself: a station device key, a user password', async () => {
    expect((await fetchSchema('info/station')).body.data.properties).not.toHaveProperty('deviceKey');
    expect((await fetchSchema('system/user')).body.data.properties).not.toHaveProperty('password');
  });
});

describe('who may read it', () => {
  it('needs a token: 401 without one', async () => {
    const response = await fetchSchema('system/param', null);
    expect(response.status).toBe(401);
  });

  it('any signed-in user may read it', async () => {
    const inspector = await t.signIn('100001', 'inspector');
    expect((await fetchSchema('system/param', inspector)).status).toBe(200);
  });

  it('refuses an unknown id with 404 and a missing id with 400', async () => {
    expect((await fetchSchema('system/nothing')).status).toBe(404);
    expect((await fetchSchema('../../etc/passwd')).status).toBe(404);
    expect((await t.api('/api/blade-system/schema/client', { token: admin })).status).toBe(400);
  });
});
