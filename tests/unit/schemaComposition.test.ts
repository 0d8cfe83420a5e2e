import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSchemaFiles, mergeSchemas, SchemaFileError } from '../../src/server/engine/schemaFiles.js';
import { PROJECT_ROOT, readJson, thrownBy } from './fixtures.js';

/** The 12 inspect/maintain/clean schemas as they were written out in full, before they extended the work templates. */
const snapshot = readJson('tests/unit/fixtures/composedSchemas.snapshot.json') as Record<string, object>;

describe('the inspect, maintain and clean families (schemas/templates/work/)', () => {
  const loaded = new Map(loadSchemaFiles(PROJECT_ROOT).map((file) => [file.schema.$id, file.schema]));

  it.each(Object.keys(snapshot))('%s resolves to exactly the schema it was, key order included', (id) => {
    expect(loaded.get(id)).toEqual(snapshot[id]);
    expect(JSON.stringify(loaded.get(id))).toBe(JSON.stringify(snapshot[id]));
  });

  it('every one of them extends a template, and no template is loaded as a register', () => {
    for (const id of Object.keys(snapshot)) expect(readJson(`schemas/${id}.json`)).toHaveProperty('x-extends');
    // The templates' ids are work/<name> (schemas/templates/work/<name>.json); work/leave is a register of its own.
    const templateIds = new Set(fs.readdirSync(path.join(PROJECT_ROOT, 'schemas/templates/work')).map((file) => `work/${path.basename(file, '.json')}`));
    expect([...loaded.keys()].some((id) => id.startsWith('templates/') || templateIds.has(id))).toBe(false);
  });
});

describe('the merge rule', () => {
  it('merges objects by name at every depth, removes names set to null and lets own values win', () => {
    const template = {
      title: 'T',
      'x-menu': { code: 'm', sort: 1, roles: ['a', 'b'] },
      'x-api': { list: 'GET /l', detail: { op: 'detail', route: 'GET /d', action: 'x.detail' }, remove: 'POST /r' },
      required: ['name', 'kind'],
      properties: { name: { type: 'string', title: 'N', 'x-list': true }, kind: { type: 'integer' }, remark: { type: 'string' } },
    };
    const own = {
      title: 'Own',
      'x-menu': { sort: 2, roles: ['c'] },
      'x-api': { detail: { action: null }, remove: null, extra: 'GET /e' },
      required: ['extra'],
      properties: { name: { 'x-list': null, title: 'Name' }, kind: null, extra: { type: 'string' } },
    };

    expect(mergeSchemas(template, own)).toEqual({
      title: 'Own',
      'x-menu': { code: 'm', sort: 2, roles: ['c'] },
      'x-api': { list: 'GET /l', detail: { op: 'detail', route: 'GET /d' }, extra: 'GET /e' },
      required: ['name', 'extra'],
      properties: { name: { type: 'string', title: 'Name' }, extra: { type: 'string' }, remark: { type: 'string' } },
    });
  });

  it("keeps the template's order: a new entry goes before the next own entry the template has, else at the end", () => {
    const template = { properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' } } };
    const order = (properties: Record<string, unknown>) => Object.keys(mergeSchemas(template, { properties }).properties as object);

    expect(order({ n: {} })).toEqual(['a', 'b', 'c', 'n']);
    expect(order({ n: {}, a: {} })).toEqual(['n', 'a', 'b', 'c']);
    expect(order({ n: {}, c: {}, m: {} })).toEqual(['a', 'b', 'n', 'c', 'm']);
    expect(order({ b: null, n: {}, c: {} })).toEqual(['a', 'n', 'c']);
  });
});

describe('loadSchemaFiles with templates and references', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
  });

  const template = {
    'x-parameters': { module: 'the module', work: 'the work in Chinese' },
    title: '{work}项目',
    'x-title-en': 'Item',
    type: 'object',
    'x-table': '{module}_item',
    'x-menu': 'menu_{module}',
    'x-api': { list: 'GET /api/{module}/item/list', detail: 'GET /api/{module}/item/detail/{id}' },
    properties: { name: { type: 'string', maxLength: 32, title: '{work}名称', 'x-en': 'Name', 'x-list': true } },
  };

  function schemaRoot(files: Record<string, unknown>): string {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rsc-compose-'));
    roots.push(root);
    fs.mkdirSync(path.join(root, 'schemas'), { recursive: true });
    fs.copyFileSync(path.join(PROJECT_ROOT, 'schemas/meta.schema.json'), path.join(root, 'schemas/meta.schema.json'));
    for (const [file, document] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, 'schemas', file)), { recursive: true });
      fs.writeFileSync(path.join(root, 'schemas', file), JSON.stringify(document, null, 2));
    }
    return root;
  }

  const extending = (id: string, withValues: Record<string, unknown>, own: Record<string, unknown> = {}) => ({
    $id: id,
    'x-extends': { template: 'family/item', with: withValues },
    ...own,
  });

  it('fills the parameters in (route braces that are no parameter stay) and skips templates/', () => {
    const root = schemaRoot({
      'templates/family/item.json': template,
      'alpha/item.json': extending('alpha/item', { module: 'alpha', work: '巡查' }),
      'beta/item.json': extending(
        'beta/item',
        { module: 'beta', work: '养护' },
        { properties: { note: { type: 'string', maxLength: 9, title: '备注', 'x-en': 'Note' } } },
      ),
    });

    const files = loadSchemaFiles(root);

    expect(files.map((f) => f.file)).toEqual(['schemas/alpha/item.json', 'schemas/beta/item.json']);
    expect(files[0].schema).toMatchObject({ title: '巡查项目', 'x-table': 'alpha_item', 'x-api': { detail: 'GET /api/alpha/item/detail/{id}' } });
    expect(files[0].schema).not.toHaveProperty('x-extends');
    expect(files[0].schema).not.toHaveProperty('x-parameters');
    expect(Object.keys(files[1].schema.properties)).toEqual(['name', 'note']);
  });

  it('names the file and the property for an unknown template, a missing or an unknown parameter', () => {
    const cases: [unknown, string][] = [
      [
        { $id: 'alpha/item', 'x-extends': { template: 'family/nosuch', with: {} } },
        'property /x-extends/template: no template schemas/templates/family/nosuch.json',
      ],
      [extending('alpha/item', { module: 'alpha' }), 'property /x-extends/with: parameter "work" of schemas/templates/family/item.json is missing'],
      [
        extending('alpha/item', { module: 'alpha', work: 'w', colour: 'red' }),
        'property /x-extends/with/colour: schemas/templates/family/item.json has no parameter "colour" (it has module, work)',
      ],
    ];
    for (const [document, message] of cases) {
      const root = schemaRoot({ 'templates/family/item.json': template, 'alpha/item.json': document });
      const error = thrownBy(() => loadSchemaFiles(root));
      expect(error).toBeInstanceOf(SchemaFileError);
      expect((error as Error).message).toBe(`Invalid schema schemas/alpha/item.json: ${message}`);
    }
  });

  it('validates the resolved schema against the meta-schema, naming the extending file', () => {
    const root = schemaRoot({
      'templates/family/item.json': template,
      'alpha/item.json': extending('alpha/item', { module: 'alpha', work: 'w' }, { properties: { name: { maxLength: 'long' } } }),
    });

    expect((thrownBy(() => loadSchemaFiles(root)) as Error).message).toContain('schemas/alpha/item.json: property /properties/name/maxLength');
  });

  it('refuses an x-ref naming no schema, with the file and the property', () => {
    const root = schemaRoot({
      'templates/family/item.json': template,
      'alpha/item.json': extending(
        'alpha/item',
        { module: 'alpha', work: 'w' },
        {
          properties: { reservoirId: { type: 'string', 'x-id': true, title: '水库', 'x-en': 'Reservoir', 'x-ref': 'reservoir/nosuch' } },
        },
      ),
    });

    const error = thrownBy(() => loadSchemaFiles(root));

    expect(error).toBeInstanceOf(SchemaFileError);
    expect((error as Error).message).toBe('Invalid schema schemas/alpha/item.json: property /properties/reservoirId/x-ref: no schema "reservoir/nosuch"');
  });

  it('refuses an x-ref-key naming no field of the target, and accepts a field or a base column', () => {
    const withKey = (key: string) =>
      schemaRoot({
        'templates/family/item.json': template,
        'alpha/item.json': extending('alpha/item', { module: 'alpha', work: 'w' }),
        'beta/item.json': extending(
          'beta/item',
          { module: 'beta', work: 'w' },
          {
            properties: { alphaName: { type: 'string', maxLength: 32, title: '甲', 'x-en': 'Alpha', 'x-ref': 'alpha/item', 'x-ref-key': key } },
          },
        ),
      });

    expect((thrownBy(() => loadSchemaFiles(withKey('code'))) as Error).message).toBe(
      'Invalid schema schemas/beta/item.json: property /properties/alphaName/x-ref-key: "alpha/item" has no field "code"',
    );
    expect(loadSchemaFiles(withKey('name'))).toHaveLength(2);
    expect(loadSchemaFiles(withKey('id'))).toHaveLength(2);
  });
});
