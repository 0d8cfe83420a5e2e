/**
 * Generated from the entity registry: every schema-bound endpoint is probed
 * for tenant isolation, button permissions and hostile input. A register
 * added later is covered by this file without edits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { EntityModel, FieldModel, RouteBinding } from '../../src/server/engine/entityModel.js';
import { entityModel, entityModels } from '../../src/server/engine/entityRegistry.js';
import { exportFields } from '../../src/server/engine/operations/exportOperation.js';
import { validatorsOf } from '../../src/server/engine/operations/writeOperations.js';
import { writableFields } from '../../src/server/engine/validation.js';
import { quoteIdent } from '../../src/server/engine/naming.js';
import { dictionaryKeysOf, referenceKeys, sampleRecord, withExistingReferences } from './sampleRecord.js';
import { hashPassword } from '../../src/server/auth/passwords.js';
import { nextId } from '../../src/server/db/ids.js';
import { md5, startTestServer, type ApiResponse, type TestServer } from './testServer.js';

const TENANT_A = '316979';
const TENANT_B = '100001';
const PLATFORM = '000000';

let t: TestServer;
const tokens: Record<string, string> = {};

/** An account holding no role at all: it may sign in, and open nothing. */
async function createRolelessUser(tenantId: string): Promise<void> {
  await t.db.query(
    `INSERT INTO blade_user (id, tenant_id, account, password, name, real_name, role_id, dept_id) VALUES ($1, $2, 'nobody', $3, 'nobody', 'nobody', '', '')`,
    [nextId(), tenantId, await hashPassword(md5('nobody-pass'))],
  );
}

/** An account whose role opens every menu and holds no button: it may read every register and write none. */
async function createReaderUser(tenantId: string): Promise<void> {
  const roleId = nextId();
  await t.db.query(`INSERT INTO blade_role (id, tenant_id, parent_id, role_name, role_alias, sort) VALUES ($1, $2, 0, 'reader', 'reader', 99)`, [
    roleId,
    tenantId,
  ]);
  await t.db.query(
    `INSERT INTO blade_role_menu (id, tenant_id, role_id, menu_id)
     SELECT (SELECT max(id) FROM blade_role_menu) + row_number() OVER (ORDER BY id), $1, $2, id FROM blade_menu WHERE category = 1 AND is_deleted = 0`,
    [tenantId, roleId],
  );
  await t.db.query(
    `INSERT INTO blade_user (id, tenant_id, account, password, name, real_name, role_id, dept_id) VALUES ($1, $2, 'reader', $3, 'reader', 'reader', $4, '')`,
    [nextId(), tenantId, await hashPassword(md5('reader-pass')), roleId],
  );
}

beforeAll(async () => {
  t = await startTestServer();
  for (const [tenant, account] of [
    [TENANT_A, 'admin'],
    [TENANT_B, 'admin'],
    [PLATFORM, 'admin'],
  ]) {
    tokens[`${tenant}/${account}`] = await t.signIn(tenant, account);
  }
  for (const tenant of [TENANT_A, PLATFORM]) {
    await createRolelessUser(tenant);
    tokens[`${tenant}/nobody`] = await t.signIn(tenant, 'nobody', 'nobody-pass');
    await createReaderUser(tenant);
    tokens[`${tenant}/reader`] = await t.signIn(tenant, 'reader', 'reader-pass');
  }
});
afterAll(() => t?.close());

const models = entityModels().filter((m) => m.bindings.some((b) => b.op === 'save' || b.op === 'submit'));

function urlOf(binding: RouteBinding, pathValues: Record<string, string> = {}): string {
  return binding.url.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(pathValues[name] ?? '1'));
}

function call(
  binding: RouteBinding,
  token: string,
  options: { query?: Record<string, string>; body?: unknown; rawBody?: string; path?: Record<string, string> } = {},
): Promise<ApiResponse> {
  const query = options.query ? `?${new URLSearchParams(options.query)}` : '';
  return t.api(`${urlOf(binding, options.path)}${query}`, { method: binding.method, token, body: options.body, rawBody: options.rawBody });
}

const bindingsOf = (model: EntityModel, ...ops: RouteBinding['op'][]) => model.bindings.filter((b) => ops.includes(b.op));

/** A fingerprint of the whole table, deleted rows included: any write changes it. */
async function tableFingerprint(model: EntityModel): Promise<string> {
  const result = await t.db.query(
    `SELECT count(*)::int AS n, coalesce(sum(version), 0)::int AS v, coalesce(sum(is_deleted), 0)::int AS d FROM ${quoteIdent(model.table)}`,
  );
  return JSON.stringify(result.rows[0]);
}

/** Whether a binding's fixed conditions (e.g. dictionary entries only) select the row at all. */
function bindingSelects(binding: RouteBinding, row: Record<string, unknown>): boolean {
  return Object.entries(binding.where ?? {}).every(([name, condition]) =>
    Array.isArray(condition)
      ? condition.map(String).includes(String(row[name]))
      : typeof condition === 'object'
        ? String(row[name]) !== String(condition.ne)
        : String(row[name]) === String(condition),
  );
}

function containsId(data: unknown, id: string): boolean {
  return JSON.stringify(data ?? null).includes(`"${id}"`);
}

/** Query values a read binding needs so that it would return the row if it could see it. */
function readQuery(binding: RouteBinding, row: Record<string, unknown>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of binding.require) query[name] = String(row[name] ?? '');
  if (binding.rootParam) query[binding.rootParam] = String(row.parentId ?? '0');
  if (binding.op === 'lazyTree') query.parentId = String(row.parentId ?? '0');
  if (binding.op === 'list') query.size = '1000';
  return query;
}

/** A key of a live row of the reference's target in a tenant other than `ownTenant`, that the field accepts. */
async function foreignReferenceKey(field: FieldModel, ownTenant: string): Promise<string | undefined> {
  for (const tenant of [TENANT_B, '003189', '173509', PLATFORM].filter((id) => id !== ownTenant)) {
    const keys = await referenceKeys(t.db, tenant, field);
    const own = new Set(await referenceKeys(t.db, ownTenant, field, 10_000));
    const key = keys.find((k) => !own.has(k));
    if (key) return key;
  }
  return undefined;
}

/** A value the field's own validation accepts but that is no entry of the tenant's dictionary. */
async function valueOutsideDictionary(model: EntityModel, field: FieldModel, tenant: string): Promise<unknown> {
  const keys = new Set(await dictionaryKeysOf(t.db, tenant, field));
  const validate = validatorsOf(model).update;
  const candidates: unknown[] =
    field.kind === 'string' ? ['zz9', '999', 'Z', '98', 'x_not_an_entry'] : [98, 99, 97, 9, 8, 0, field.schema.maximum, field.schema.minimum];
  return candidates.find((value) => value !== undefined && !keys.has(String(value)) && validate(structuredClone({ [field.name]: value })));
}

/** What an export cell shows for a row's field: the referenced row's title, or the dictionary entry's label. */
async function displayedValue(field: FieldModel, row: Record<string, unknown>, tenant: string): Promise<string> {
  if (field.ref) {
    const target = entityModel(field.ref.target);
    const key = target.field.get(field.ref.key)!;
    const title = target.field.get(target.titleField!)!;
    const value = Array.isArray(row[field.name]) ? (row[field.name] as string[])[0] : String(row[field.name]).split(',')[0];
    const found = await t.db.query(
      `SELECT ${quoteIdent(title.column)}::text AS title FROM ${quoteIdent(target.table)} WHERE ${quoteIdent(key.column)}::text = $1 LIMIT 1`,
      [value],
    );
    return found.rows[0]?.title;
  }
  const found = await t.db.query(
    `SELECT dict_value AS label FROM blade_dict WHERE tenant_id = $1 AND code = $2 AND dict_key = $3 AND parent_id <> 0 AND is_deleted = 0`,
    [tenant, field.schema['x-dict'], String(row[field.name]).split(',')[0]],
  );
  return found.rows[0]?.label;
}

for (const model of models) {
  const isPlatform = model.scope === 'platform';
  const owner = isPlatform ? `${PLATFORM}/admin` : `${TENANT_A}/admin`;
  const other = isPlatform ? `${TENANT_A}/admin` : `${TENANT_B}/admin`;
  const noButtons = isPlatform ? `${PLATFORM}/reader` : `${TENANT_A}/reader`;
  const create = bindingsOf(model, 'save', 'submit')[0];

  describe(`${model.id} (${model.table})`, () => {
    let row: Record<string, unknown>;
    let id: string;
    beforeAll(async () => {
      // The engine refuses references naming nothing and values outside a dictionary: point them at real rows and entries.
      // An optional field the sample cannot fill meaningfully (a register's own rule refuses it) is left out of the next attempt.
      // Parameters beyond the fields that the handler needs (a patrol's track) come from the binding's declared example.
      const leftOut = new Set<string>();
      const attemptBody = async (attempt: number) => {
        const record = await withExistingReferences(t.db, isPlatform ? PLATFORM : TENANT_A, model, sampleRecord(model), attempt);
        const body = { ...create.example, ...record };
        for (const name of leftOut) delete body[name];
        return body;
      };
      let response = await call(create, tokens[owner], { body: await attemptBody(0) });
      for (let attempt = 1; response.status === 400 && attempt < 5; attempt++) {
        for (const error of response.body.data?.errors ?? []) if (!model.field.get(error.field)?.isRequired) leftOut.add(error.field);
        response = await call(create, tokens[owner], { body: await attemptBody(attempt) });
      }
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      row = response.body.data;
      id = row.id as string;
    });

    if (!isPlatform) {
      it('another tenant never reads the row', async () => {
        for (const binding of bindingsOf(model, 'list', 'listAll', 'tree', 'lazyTree', 'options')) {
          const mine = await call(binding, tokens[owner], { query: readQuery(binding, row) });
          expect(mine.status, binding.name).toBe(200);
          if (bindingSelects(binding, row)) expect(containsId(mine.body.data, id), `${binding.name} sanity: the owner sees it`).toBe(true);
          const theirs = await call(binding, tokens[other], { query: readQuery(binding, row) });
          expect(containsId(theirs.body.data, id), `${binding.name} leaks the row`).toBe(false);
        }
        for (const binding of bindingsOf(model, 'detail')) {
          const theirs = await call(binding, tokens[other], { query: { [binding.idParam]: id }, path: { id } });
          expect(theirs.status, binding.name).toBe(404);
          expect(containsId(theirs.body, id)).toBe(false);
        }
      });
    }

    it('another tenant cannot change or delete the row', async () => {
      const before = await tableFingerprint(model);
      for (const binding of bindingsOf(model, 'submit', 'update')) {
        const response = await call(binding, tokens[other], { body: { ...sampleRecord(model), id } });
        expect(response.status, binding.name).toBe(isPlatform ? 403 : 404);
      }
      for (const binding of bindingsOf(model, 'remove')) {
        const response = await call(binding, tokens[other], { query: { [binding.idParam]: id }, path: { id } });
        expect(response.status, binding.name).toBe(isPlatform ? 403 : 404);
      }
      expect(await tableFingerprint(model)).toBe(before);
    });

    it('a user whose roles do not open the register cannot read it', async () => {
      const nobody = isPlatform ? `${PLATFORM}/nobody` : `${TENANT_A}/nobody`;
      for (const binding of bindingsOf(model, 'list', 'listAll', 'tree', 'lazyTree', 'options', 'detail', 'export').filter((b) => !b.isForAnyUser)) {
        const response = await call(binding, tokens[nobody], { query: { ...readQuery(binding, row), [binding.idParam]: id }, path: { id } });
        expect(response.status, binding.name).toBe(403);
        expect(containsId(response.body, id)).toBe(false);
      }
    });

    it('a user without the button code cannot write', async () => {
      const before = await tableFingerprint(model);
      for (const binding of bindingsOf(model, 'save', 'submit')) {
        expect((await call(binding, tokens[noButtons], { body: sampleRecord(model) })).status, binding.name).toBe(403);
      }
      for (const binding of bindingsOf(model, 'submit', 'update')) {
        expect((await call(binding, tokens[noButtons], { body: { ...sampleRecord(model), id } })).status, binding.name).toBe(403);
      }
      for (const binding of bindingsOf(model, 'remove')) {
        expect((await call(binding, tokens[noButtons], { query: { [binding.idParam]: id }, path: { id } })).status, binding.name).toBe(403);
      }
      expect(await tableFingerprint(model)).toBe(before);
    });

    const references = writableFields(model).filter((f) => f.ref && f.name !== model.tree?.parentField);
    const tenantReference = references.find((f) => entityModel(f.ref!.target).scope === 'tenant');
    const idReference = references.find((f) => f.ref!.key === 'id');
    // A field whose enum lists its entries is held by validation already; the dictionary check matters where it does not.
    const dictionaryField = writableFields(model).find((f) => f.schema['x-dict'] && !f.schema.enum);
    const ownTenant = isPlatform ? PLATFORM : TENANT_A;

    /** Creates with one field changed; expects a 400 naming that field and no change to the table. */
    async function expectRefusedOn(field: FieldModel, value: unknown): Promise<void> {
      const body = { ...(await withExistingReferences(t.db, ownTenant, model, sampleRecord(model))), [field.name]: value };
      const before = await tableFingerprint(model);
      const response = await call(create, tokens[owner], { body });
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body.data.errors.map((e: { field: string }) => e.field)).toContain(field.name);
      expect(await tableFingerprint(model)).toBe(before);
    }

    if (tenantReference && !isPlatform) {
      it(`a reference to another tenant's row is refused (${tenantReference.name}) and nothing changes`, async () => {
        const foreign = await foreignReferenceKey(tenantReference, ownTenant);
        expect(foreign, `a row of ${tenantReference.ref!.target} in another tenant`).toBeDefined();
        await expectRefusedOn(tenantReference, tenantReference.ref!.shape === 'array' ? [foreign] : foreign);
      });
    }

    if (idReference) {
      it(`a reference to a row that does not exist is refused (${idReference.name}) and nothing changes`, async () => {
        await expectRefusedOn(idReference, idReference.ref!.shape === 'array' ? ['999999999999999999'] : '999999999999999999');
      });
    }

    if (dictionaryField) {
      it(`a value outside the dictionary is refused (${dictionaryField.name}) and nothing changes`, async () => {
        const value = await valueOutsideDictionary(model, dictionaryField, ownTenant);
        expect(value, 'a value the field accepts that is no entry').toBeDefined();
        await expectRefusedOn(dictionaryField, value);
      });
    }

    const exportBinding = bindingsOf(model, 'export').find((b) => !b.action);
    const titledExportField =
      exportBinding && exportFields(model).find((f) => (f.ref?.titleName && entityModel(f.ref.target).titleField) || f.schema['x-dict']);
    if (exportBinding && titledExportField) {
      it(`the export writes titles and dictionary labels, not ids and codes (${titledExportField.name})`, async () => {
        const response = await fetch(`${t.url}${urlOf(exportBinding)}?${new URLSearchParams(readQuery(exportBinding, row))}`, {
          method: exportBinding.method,
          headers: { 'Blade-Auth': `bearer ${tokens[owner]}` },
        });
        expect(response.status).toBe(200);
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
        const sheet = workbook.worksheets[0];
        const header = (sheet.getRow(1).values as unknown[]).map(String);
        const column = header.indexOf(titledExportField.schema.title);
        expect(column, `column ${titledExportField.schema.title}`).toBeGreaterThan(0);
        const cells = sheet
          .getColumn(column)
          .values.slice(2)
          .map((v) => String(v ?? ''));
        const expected = (await displayedValue(titledExportField, row, ownTenant)) ?? '';
        expect(cells, `the row's ${titledExportField.name} as a person reads it`).toContain(expected);
        if (titledExportField.ref) expect(cells.filter((cell) => /^\d{15,19}$/.test(cell))).toEqual([]);
      });
    }

    it('malformed bodies, wrong types and oversize strings get 400 and change nothing', async () => {
      const before = await tableFingerprint(model);
      for (const binding of bindingsOf(model, 'save', 'submit', 'update')) {
        for (const rawBody of ['{"broken":', '[]', '"text"', 'null']) {
          const response = await call(binding, tokens[owner], { rawBody });
          expect(response.status, `${binding.name} ${rawBody}`).toBe(400);
          expect(typeof response.body.msg).toBe('string');
        }
        // A binding whose where leaves the row out does not find it (404) before it looks at the fields.
        if (binding.op !== 'save' && !bindingSelects(binding, row)) continue;
        const base = binding.op === 'save' ? sampleRecord(model) : { ...sampleRecord(model), id };
        for (const field of model.fields.filter((f) => !f.isReadOnly && !f.isBase)) {
          if (field.kind === 'string' && !field.isId && !field.schema.enum && !field.schema.format) {
            const nul = await call(binding, tokens[owner], { body: { ...base, [field.name]: 'a\u0000b' } });
            expect(nul.status, `${binding.name} ${field.name} NUL`).toBe(400);
            expect(nul.body.data.errors.map((e: { field: string }) => e.field)).toContain(field.name);
          }
          const wrongType = await call(binding, tokens[owner], { body: { ...base, [field.name]: { nested: true } } });
          expect(wrongType.status, `${binding.name} ${field.name} object`).toBe(400);
          expect(
            wrongType.body.data.errors.map((e: { field: string }) => e.field),
            field.name,
          ).toContain(field.name);
          const max = field.schema.maxLength;
          if (field.kind === 'string' && max && !field.schema.enum) {
            const oversize = await call(binding, tokens[owner], { body: { ...base, [field.name]: 'x'.repeat(max + 1) } });
            expect(oversize.status, `${binding.name} ${field.name} oversize`).toBe(400);
            expect(oversize.body.data.errors.map((e: { field: string }) => e.field)).toContain(field.name);
          }
        }
      }
      expect(await tableFingerprint(model)).toBe(before);
    });

    it('unknown sort fields and SQL fragments in parameters get 400 and change nothing', async () => {
      const before = await tableFingerprint(model);
      const hostile: Record<string, string>[] = [
        { descs: 'no_such_field' },
        { ascs: 'id;drop table blade_user' },
        { descs: '(select 1)' },
        { current: '1;select pg_sleep(1)' },
        { size: '-1' },
        { size: '10 or 1=1' },
        { "x');drop table blade_user;--": '1' },
        { 'id\u0000': '1' },
      ];
      for (const binding of bindingsOf(model, 'list', 'listAll', 'tree', 'lazyTree', 'options')) {
        for (const query of hostile) {
          if (binding.op !== 'list' && ('current' in query || 'size' in query)) continue;
          const response = await call(binding, tokens[owner], { query: { ...readQuery(binding, row), ...query } });
          expect(response.status, `${binding.name} ${JSON.stringify(query)}`).toBe(400);
          expect(response.body.success).toBe(false);
        }
      }
      for (const binding of bindingsOf(model, 'detail')) {
        for (const bad of ['1 or 1=1', "1'; drop table blade_user; --", '-1', '']) {
          expect((await call(binding, tokens[owner], { query: { [binding.idParam]: bad }, path: { id: bad } })).status, `${binding.name} ${bad}`).toBe(400);
        }
      }
      for (const binding of bindingsOf(model, 'remove')) {
        for (const bad of [`${id}) or (1=1`, `${id};drop table blade_user`, 'abc']) {
          // A remove/{id} route takes the id from the path.
          expect((await call(binding, tokens[owner], { query: { [binding.idParam]: bad }, path: { id: bad } })).status, `${binding.name} ${bad}`).toBe(400);
        }
      }
      expect(await tableFingerprint(model)).toBe(before);
      expect((await t.db.query('SELECT count(*)::int AS n FROM blade_user')).rows[0].n).toBeGreaterThan(0);
    });

    it('text filters are values, never SQL: a quote finds nothing and breaks nothing', async () => {
      for (const binding of bindingsOf(model, 'list')) {
        const likeField = model.fields.find((f) => f.search === 'like');
        if (!likeField) continue;
        const response = await call(binding, tokens[owner], { query: { ...readQuery(binding, row), [likeField.name]: "' OR '1'='1" } });
        expect(response.status).toBe(200);
        expect(response.body.data.total).toBe(0);
      }
    });
  });
}

it('the generated suite covers every schema with a create endpoint', () => {
  expect(models.map((m) => m.id)).toEqual(expect.arrayContaining(['system/param', 'system/dict', 'system/menu', 'system/role', 'system/topMenu']));
});
