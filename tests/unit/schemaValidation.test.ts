import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSchemaFiles, SchemaFileError, validateSchemaDocument } from '../../codegen/loadSchemaFiles.js';
import { buildEntityModel, SchemaError, type FieldModel } from '../../src/server/engine/entityModel.js';
import type { EntitySchema, FieldSchema } from '../../src/shared/entitySchema.js';
import { PROJECT_ROOT, readJson, thrownBy, widgetSchema } from './fixtures.js';

const metaSchema = readJson('schemas/meta.schema.json') as object;
const WIDGET_PATH = 'schemas/test/widget.json';

function withField(name: string, field: Record<string, unknown>): EntitySchema {
  const schema = widgetSchema();
  schema.properties[name] = field as unknown as FieldSchema;
  return schema;
}

function schemaFileErrorMessage(document: unknown, relativePath = WIDGET_PATH): string {
  const error = thrownBy(() => validateSchemaDocument(metaSchema, document, relativePath));
  expect(error).toBeInstanceOf(SchemaFileError);
  return (error as Error).message;
}

function schemaErrorMessage(schema: EntitySchema): string {
  const error = thrownBy(() => buildEntityModel(schema));
  expect(error).toBeInstanceOf(SchemaError);
  return (error as Error).message;
}

function fieldOf(schema: EntitySchema, name: string): FieldModel {
  const field = buildEntityModel(schema).field.get(name);
  if (!field) throw new Error(`no field ${name}`);
  return field;
}

describe('the schemas shipped under schemas/', () => {
  it('all validate against the meta-schema and sanitize into models', () => {
    const schemaRoot = path.join(PROJECT_ROOT, 'schemas');
    const onDisk = fs
      .readdirSync(schemaRoot, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((folder) =>
        fs
          .readdirSync(path.join(schemaRoot, folder.name))
          .filter((name) => name.endsWith('.json'))
          .map((name) => `schemas/${folder.name}/${name}`),
      )
      .sort();

    const loaded = loadSchemaFiles(PROJECT_ROOT);

    expect(loaded.map((f) => f.file)).toEqual(onDisk);
    expect(loaded.map((f) => f.model.id)).toContain('system/param');
    expect(loaded.map((f) => f.model.id)).toContain('system/dict');
  });

  it('give every model the $id that matches its file path', () => {
    for (const { file, model } of loadSchemaFiles(PROJECT_ROOT)) {
      expect(`schemas/${model.id}.json`).toBe(file);
    }
  });
});

describe('validateSchemaDocument', () => {
  it('accepts a small well-formed schema and returns it', () => {
    const schema = widgetSchema();

    expect(validateSchemaDocument(metaSchema, schema, WIDGET_PATH)).toBe(schema);
  });

  it('rejects a string field without maxLength, naming the file and /properties/<name>', () => {
    const message = schemaFileErrorMessage(withField('note', { type: 'string', title: '说明', 'x-en': 'Note' }));

    expect(message).toContain(WIDGET_PATH);
    expect(message).toContain('property /properties/note:');
  });

  it.each([
    ['x-id', { 'x-id': true }],
    ['format', { format: 'datetime' }],
    ['enum', { enum: ['a', 'b'] }],
  ])('lets %s stand in for maxLength on a string field', (_name, extra) => {
    const schema = withField('note', { type: 'string', title: '说明', 'x-en': 'Note', ...extra });

    expect(() => validateSchemaDocument(metaSchema, schema, WIDGET_PATH)).not.toThrow();
  });

  it('rejects an unknown x- keyword on the entity, naming the keyword', () => {
    const message = schemaFileErrorMessage({ ...widgetSchema(), 'x-colour': 'blue' });

    expect(message).toContain(WIDGET_PATH);
    expect(message).toContain('"x-colour"');
  });

  it('rejects an unknown x- keyword on a field, naming the field and the keyword', () => {
    const message = schemaFileErrorMessage(withField('note', { type: 'string', maxLength: 10, title: '说明', 'x-en': 'Note', 'x-widget': 'slider' }));

    expect(message).toContain('property /properties/note:');
    expect(message).toContain('"x-widget"');
  });

  it('rejects a $id that differs from the file path, naming /$id and both ids', () => {
    const message = schemaFileErrorMessage({ ...widgetSchema(), $id: 'test/gadget' });

    expect(message).toContain(WIDGET_PATH);
    expect(message).toContain('/$id');
    expect(message).toContain('"test/gadget"');
    expect(message).toContain('"test/widget"');
  });
});

describe('buildEntityModel refuses unsafe schemas', () => {
  it('denies by default: a submit binding without x-permissions.add is rejected', () => {
    const schema: EntitySchema = { ...widgetSchema(), 'x-api': { submit: 'POST /api/test/widget/submit' }, 'x-permissions': { edit: 'widget_edit' } };

    const message = schemaErrorMessage(schema);

    expect(message).toContain('x-api.submit');
    expect(message).toContain('x-permissions.add');
    expect(message).toContain('deny by default');
  });

  it('accepts the same submit binding once add and edit permissions are declared', () => {
    const schema: EntitySchema = {
      ...widgetSchema(),
      'x-api': { submit: 'POST /api/test/widget/submit' },
      'x-permissions': { add: 'widget_add', edit: 'widget_edit' },
    };

    expect(buildEntityModel(schema).bindings.map((b) => b.op)).toEqual(['submit']);
  });

  it('rejects a remove binding without x-permissions.delete', () => {
    const schema: EntitySchema = { ...widgetSchema(), 'x-api': { remove: 'POST /api/test/widget/remove?ids' } };

    expect(schemaErrorMessage(schema)).toContain('x-permissions.delete');
  });

  it('rejects a secret field that is marked x-list, naming the field', () => {
    const schema = withField('pin', { type: 'string', maxLength: 64, title: '口令', 'x-en': 'PIN', 'x-secret': true, 'x-list': true });

    const message = schemaErrorMessage(schema);

    expect(message).toContain('pin:');
    expect(message).toContain('secret');
  });

  it('rejects two properties mapped to one column (x-column onto a base column)', () => {
    const schema = withField('owner', { type: 'string', 'x-id': true, title: '负责人', 'x-en': 'Owner', 'x-column': 'create_user' });

    expect(schemaErrorMessage(schema)).toMatch(/owner: column "create_user" is already used by createUser/);
  });

  it('denies reading by default: a list binding needs x-menu or anyUser', () => {
    const { 'x-menu': _menu, ...withoutMenu } = widgetSchema();

    expect(schemaErrorMessage(withoutMenu as EntitySchema)).toMatch(/x-api.list: a read endpoint needs x-menu/);
    expect(() =>
      buildEntityModel({ ...withoutMenu, 'x-api': { list: { op: 'list', route: 'GET /api/test/widget/list', anyUser: true } } } as EntitySchema),
    ).not.toThrow();
  });

  it('rejects a property that redeclares a base column', () => {
    const schema = withField('version', { type: 'integer', title: '版本', 'x-en': 'Version' });

    expect(schemaErrorMessage(schema)).toContain('properties.version');
  });
});

describe('buildEntityModel sanitizes a schema', () => {
  const baseNames = ['id', 'tenantId', 'createUser', 'createDept', 'createTime', 'updateUser', 'updateTime', 'status', 'isDeleted', 'version'];

  it('injects the base columns ahead of the declared properties', () => {
    const model = buildEntityModel(widgetSchema());

    expect(model.fields.map((f) => f.name)).toEqual([...baseNames, 'widgetName']);
  });

  it('marks the injected columns as base and read-only, and declared ones as neither', () => {
    const model = buildEntityModel(widgetSchema());

    for (const name of baseNames) {
      expect(model.field.get(name)).toMatchObject({ isBase: true, isReadOnly: true });
    }
    expect(model.field.get('widgetName')).toMatchObject({ isBase: false, isReadOnly: false });
  });

  it('derives snake_case column names from camelCase property names', () => {
    const model = buildEntityModel(withField('lastInspectionNote', { type: 'string', maxLength: 10, title: '备注', 'x-en': 'Note' }));

    expect(model.field.get('widgetName')?.column).toBe('widget_name');
    expect(model.field.get('lastInspectionNote')?.column).toBe('last_inspection_note');
    expect(model.field.get('tenantId')?.column).toBe('tenant_id');
    expect(model.field.get('isDeleted')?.column).toBe('is_deleted');
  });

  it('uses x-column instead of the derived name when given', () => {
    const field = fieldOf(withField('damHeight', { type: 'number', title: '坝高', 'x-en': 'Dam height', 'x-column': 'height_m' }), 'damHeight');

    expect(field.column).toBe('height_m');
  });

  it('stores a string with maxLength as varchar(maxLength)', () => {
    expect(fieldOf(widgetSchema(), 'widgetName').sqlType).toBe('varchar(64)');
  });

  it('stores a string longer than 4000 characters as text', () => {
    const field = fieldOf(withField('body', { type: 'string', maxLength: 20000, title: '正文', 'x-en': 'Body' }), 'body');

    expect(field.sqlType).toBe('text');
  });

  it('stores an x-id field as bigint while keeping it a string in JSON', () => {
    const field = fieldOf(withField('reservoirId', { type: 'string', 'x-id': true, title: '水库', 'x-en': 'Reservoir' }), 'reservoirId');

    expect(field).toMatchObject({ sqlType: 'bigint', kind: 'string', isId: true });
  });

  it('stores the base id and user columns as bigint', () => {
    const model = buildEntityModel(widgetSchema());

    for (const name of ['id', 'createUser', 'createDept', 'updateUser']) {
      expect(model.field.get(name)?.sqlType).toBe('bigint');
    }
  });

  it('fills the 32-bit integer bounds on an integer field that declares none', () => {
    const field = fieldOf(withField('gateCount', { type: 'integer', title: '闸门数', 'x-en': 'Gates' }), 'gateCount');

    expect(field.sqlType).toBe('integer');
    expect(field.schema.minimum).toBe(-2147483648);
    expect(field.schema.maximum).toBe(2147483647);
  });

  it('keeps integer bounds the schema declares', () => {
    const field = fieldOf(withField('gateCount', { type: 'integer', minimum: 0, maximum: 99, title: '闸门数', 'x-en': 'Gates' }), 'gateCount');

    expect(field.schema.minimum).toBe(0);
    expect(field.schema.maximum).toBe(99);
  });

  it('orders lists by createTime descending, then id, unless x-order says otherwise', () => {
    const model = buildEntityModel(widgetSchema());

    expect(model.order.map((o) => `${o.field.name} ${o.direction}`)).toEqual(['createTime DESC', 'id DESC']);
  });

  it('defaults to tenant scope', () => {
    expect(buildEntityModel(widgetSchema()).scope).toBe('tenant');
  });
});

describe('loadSchemaFiles on a schema folder with two registers', () => {
  const roots: string[] = [];

  afterEach(() => {
    for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
  });

  function registerSchema(name: string, table: string, listRoute: string): EntitySchema {
    return {
      $id: `test/${name}`,
      title: name,
      'x-title-en': name,
      type: 'object',
      'x-table': table,
      'x-menu': name,
      'x-api': { list: listRoute },
      properties: { label: { type: 'string', maxLength: 32, title: '名称', 'x-en': 'Label', 'x-list': true } },
    };
  }

  function schemaRoot(...schemas: EntitySchema[]): string {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rsc-schemas-'));
    roots.push(root);
    fs.mkdirSync(path.join(root, 'schemas/test'), { recursive: true });
    fs.copyFileSync(path.join(PROJECT_ROOT, 'schemas/meta.schema.json'), path.join(root, 'schemas/meta.schema.json'));
    for (const schema of schemas) {
      fs.writeFileSync(path.join(root, `schemas/${schema.$id}.json`), JSON.stringify(schema, null, 2));
    }
    return root;
  }

  it('loads both when their tables and routes differ', () => {
    const root = schemaRoot(registerSchema('alpha', 'test_alpha', 'GET /api/test/alpha/list'), registerSchema('beta', 'test_beta', 'GET /api/test/beta/list'));

    expect(loadSchemaFiles(root).map((f) => f.file)).toEqual(['schemas/test/alpha.json', 'schemas/test/beta.json']);
  });

  it('rejects a route bound by both, naming the binding and both files', () => {
    const root = schemaRoot(registerSchema('alpha', 'test_alpha', 'GET /api/test/items'), registerSchema('beta', 'test_beta', 'GET /api/test/items'));

    const error = thrownBy(() => loadSchemaFiles(root));

    expect(error).toBeInstanceOf(SchemaFileError);
    const message = (error as Error).message;
    expect(message).toContain('schemas/test/beta.json');
    expect(message).toContain('/x-api/list');
    expect(message).toContain('GET /api/test/items');
    expect(message).toContain('schemas/test/alpha.json');
  });

  it('rejects a table used by both, naming /x-table', () => {
    const root = schemaRoot(
      registerSchema('alpha', 'test_shared', 'GET /api/test/alpha/list'),
      registerSchema('beta', 'test_shared', 'GET /api/test/beta/list'),
    );

    const error = thrownBy(() => loadSchemaFiles(root));

    expect(error).toBeInstanceOf(SchemaFileError);
    expect((error as Error).message).toContain('/x-table');
    expect((error as Error).message).toContain('schemas/test/alpha.json');
  });

  it('reports a sanitizing failure with the file it came from', () => {
    const secretListed = registerSchema('alpha', 'test_alpha', 'GET /api/test/alpha/list');
    secretListed.properties.label['x-secret'] = true;
    const root = schemaRoot(secretListed);

    const error = thrownBy(() => loadSchemaFiles(root));

    expect(error).toBeInstanceOf(SchemaFileError);
    expect((error as Error).message).toContain('schemas/test/alpha.json');
    expect((error as Error).message).toContain('label:');
  });
});
