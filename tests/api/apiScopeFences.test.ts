/**
 * API-scope fences hold whatever spelling reaches a handler (issue 11, item
 * 2): the fence is matched on what the router routed (pattern, decoded
 * parameters, the method whose handler runs), so a percent-encoded path, a
 * fragment, an absolute URL in the request line or HEAD meets the same fence
 * as the plain path; spellings the router does not route (a double slash, a
 * trailing slash, ;params, another case, %2F) reach no handler at all. HEAD
 * never runs a GET handler that changes state.
 *
 * Requests are sent raw over node:http: fetch would normalise the path and
 * strip the fragment before sending.
 */
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nextId } from '../../src/server/db/ids.js';
import { buildEntityModel } from '../../src/server/engine/entityModel.js';
import type { EntitySchema } from '../../src/shared/entitySchema.js';
import { startTestServer, type TestServer } from './testServer.js';

const TENANT = '100001';

/** A register whose remove and close are GET routes, as some of the spec's are (inspect/plan remove and stop). */
const gateSchema: EntitySchema = {
  $id: 'test/gate',
  title: '闸门',
  'x-title-en': 'Gate',
  type: 'object',
  'x-table': 'test_gate',
  'x-menu': 'param',
  'x-api': {
    list: 'GET /api/v1/test/gate/list',
    remove: 'GET /api/v1/test/gate/remove/{id}',
  },
  'x-permissions': { add: 'param_add', edit: 'param_edit', delete: 'param_delete' },
  required: ['name'],
  properties: {
    name: { type: 'string', maxLength: 32, title: '名称', 'x-en': 'Name', 'x-list': true },
  },
};

let t: TestServer;
let port: number;
let tenantAdmin: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { status: number; body: any };

/** Sends the request line exactly as given. */
function raw(method: string, path: string, token: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path, headers: { 'Blade-Auth': `bearer ${token}` } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON
        }
        resolve({ status: response.statusCode ?? 0, body });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

async function defineApiScope(scopePath: string): Promise<string> {
  const id = nextId();
  await t.db.query(
    `INSERT INTO blade_scope_api (id, tenant_id, menu_id, resource_code, scope_name, scope_path, scope_type) VALUES ($1, '000000', 0, 'user', 'test', $2, 1)`,
    [id, scopePath],
  );
  return id;
}

async function grantApiScope(scopeId: string): Promise<void> {
  const roleId = (await t.db.query(`SELECT split_part(role_id, ',', 1) AS id FROM blade_user WHERE tenant_id = $1 AND account = 'admin'`, [TENANT])).rows[0].id;
  await t.db.query('INSERT INTO blade_role_scope (id, tenant_id, scope_category, scope_id, role_id) VALUES ($1, $2, 2, $3, $4)', [
    nextId(),
    TENANT,
    scopeId,
    roleId,
  ]);
}

beforeAll(async () => {
  t = await startTestServer({}, { extraModels: [buildEntityModel(gateSchema)] });
  port = Number(new URL(t.url).port);
  tenantAdmin = await t.signIn(TENANT, 'admin');
});
afterAll(() => t?.close());

beforeEach(async () => {
  await t.db.query('DELETE FROM blade_role_scope WHERE scope_category = 2');
  await t.db.query('DELETE FROM blade_scope_api');
});

describe('a scope on user/page fences every spelling that routes to it', () => {
  const PAGE = '/api/blade-system/user/page';

  it('without a scope the tenant administrator lists users (the control)', async () => {
    expect((await raw('GET', PAGE, tenantAdmin)).status).toBe(200);
  });

  it('refuses the plain path, a percent-encoded one, a fragment and an absolute URL alike', async () => {
    await defineApiScope(`GET ${PAGE}`);
    for (const path of [
      PAGE,
      '/api/blade-system/user/pag%65',
      '/api/blade-system/%75ser/page',
      `${PAGE}#x`,
      `${PAGE}?current=1#x`,
      `http://127.0.0.1:${port}${PAGE}`,
    ]) {
      const answer = await raw('GET', path, tenantAdmin);
      expect({ path, status: answer.status }).toEqual({ path, status: 403 });
      expect(answer.body.msg).toBe('没有调用该接口的权限');
    }
  });

  it('a scope without a verb, or written with a trailing slash, fences the route too', async () => {
    await defineApiScope('/api/blade-system/user/page/');
    expect((await raw('GET', '/api/blade-system/user/pag%65', tenantAdmin)).status).toBe(403);
  });

  it('HEAD runs no handler: it is not routed (404), so it cannot slip past a GET-only scope', async () => {
    await defineApiScope(`GET ${PAGE}`);
    expect((await raw('HEAD', PAGE, tenantAdmin)).status).toBe(404);
  });

  it('spellings the router does not route reach no handler (404 with no data)', async () => {
    await defineApiScope(`GET ${PAGE}`);
    for (const path of [
      `/${PAGE}`,
      `${PAGE}/`,
      `${PAGE};jsessionid=1`,
      '/api/blade-system/USER/page',
      '/api/blade-system/user%2Fpage',
      '/api/blade-system/user/./page',
    ]) {
      const answer = await raw('GET', path, tenantAdmin);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(answer.body?.data?.records).toBeUndefined();
    }
  });

  it('a role granted the scope passes under any spelling', async () => {
    await grantApiScope(await defineApiScope(`GET ${PAGE}`));
    expect((await raw('GET', '/api/blade-system/user/pag%65', tenantAdmin)).status).toBe(200);
  });

  it('a route parameter is matched on its decoded value, and {name} in a scope matches any value', async () => {
    const id = nextId();
    await t.db.query(`INSERT INTO test_gate (id, tenant_id, name) VALUES ($1, $2, 'G')`, [id, TENANT]);
    const encoded = `%3${id[0]}${id.slice(1)}`;
    await defineApiScope(`GET /api/v1/test/gate/remove/${id}`);
    expect((await raw('GET', `/api/v1/test/gate/remove/${encoded}`, tenantAdmin)).status).toBe(403);
    await t.db.query('DELETE FROM blade_scope_api');
    await defineApiScope('/api/v1/test/gate/remove/{id}');
    expect((await raw('GET', `/api/v1/test/gate/remove/${id}`, tenantAdmin)).status).toBe(403);
    expect((await t.db.query('SELECT is_deleted FROM test_gate WHERE id = $1', [id])).rows[0].is_deleted).toBe(0);
  });
});

describe('HEAD never runs a handler that changes state', () => {
  it('HEAD on a GET remove route answers 404 and removes nothing; GET removes', async () => {
    const id = nextId();
    await t.db.query(`INSERT INTO test_gate (id, tenant_id, name) VALUES ($1, $2, 'H')`, [id, TENANT]);
    expect((await raw('HEAD', `/api/v1/test/gate/remove/${id}`, tenantAdmin)).status).toBe(404);
    expect((await t.db.query('SELECT is_deleted FROM test_gate WHERE id = $1', [id])).rows[0].is_deleted).toBe(0);
    expect((await raw('GET', `/api/v1/test/gate/remove/${id}`, tenantAdmin)).status).toBe(200);
    expect((await t.db.query('SELECT is_deleted FROM test_gate WHERE id = $1', [id])).rows[0].is_deleted).toBe(1);
  });

  it('HEAD on the spec’s GET routes that change state (plan remove and stop, logout) is 404', async () => {
    for (const path of ['/api/v1/inspect/plan/remove/1', '/api/v1/inspect/plan/stop/1', '/api/blade-auth/oauth/logout']) {
      expect({ path, status: (await raw('HEAD', path, tenantAdmin)).status }).toEqual({ path, status: 404 });
    }
    // The logout did not run: the session is still open.
    expect((await raw('GET', '/api/blade-system/user/info', tenantAdmin)).status).toBe(200);
  });
});
