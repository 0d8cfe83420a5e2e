/**
 * The page registry codegen writes from x-page: a register's detail page and
 * full-page forms are gathered with its list page, every path is answered by
 * one register only, and a detail page's child lists must name registers
 * and bindings that exist — a broken declaration fails codegen with the file
 * and the property, not in the browser.
 */
import { describe, expect, it } from 'vitest';
import { generatePages } from '../../codegen/generateFiles.js';
import type { SchemaFile } from '../../codegen/loadSchemaFiles.js';
import type { EntityPageSpec, EntitySchema } from '../../src/shared/entitySchema.js';

function file(id: string, page?: EntityPageSpec, extra: Partial<EntitySchema> = {}): SchemaFile {
  const schema = {
    $id: id,
    title: id,
    'x-title-en': id,
    type: 'object',
    'x-table': id.replace('/', '_'),
    'x-api': { list: 'GET /api/x/list', detail: 'GET /api/x/detail' },
    properties: { name: { type: 'string', title: '名称', 'x-en': 'Name', 'x-list': true } },
    ...(page ? { 'x-page': page } : {}),
    ...extra,
  } as EntitySchema;
  return { file: `schemas/${id}.json`, schema, model: undefined as never };
}

const pagesOf = (files: SchemaFile[]) => generatePages(files);

describe('x-page detail and form pages', () => {
  it('are written beside the list page, a form whose add and edit share a path included', () => {
    const out = pagesOf([
      file('a/plan', { path: '/plan/index', layout: 'crud', detail: { path: '/plan/detail' }, form: { add: '/plan/add', edit: '/plan/add' } }),
      file('a/child', { path: '/child/index', layout: 'crud' }, { 'x-api': { list: { op: 'listAll', route: 'GET /api/child/list/{recordId}' } } }),
      file('a/record', {
        path: '/record/index',
        layout: 'crud',
        detail: {
          path: '/record/detail',
          lists: [
            { field: 'items', schemaId: 'a/child' },
            { schemaId: 'a/child', binding: 'list', param: 'recordId' },
          ],
        },
      }),
    ]);
    expect(out).toContain('"detail": {\n      "path": "/plan/detail",\n      "lists": []\n    }');
    expect(out).toContain('"form": {\n      "add": "/plan/add",\n      "edit": "/plan/add"\n    }');
    expect(out).toContain('"binding": "list"');
  });

  it('refuses a path another register already answers, naming the file and the property', () => {
    expect(() =>
      pagesOf([file('a/one', { path: '/one/index', layout: 'crud' }), file('a/two', { path: '/two/index', layout: 'crud', detail: { path: '/one/index' } })]),
    ).toThrow('Invalid schema schemas/a/two.json: property /x-page/detail/path: "/one/index" is already a page of schemas/a/one.json');
    expect(() => pagesOf([file('a/one', { path: '/one/index', layout: 'crud', form: { add: '/one/index', edit: '/one/edit' } })])).toThrow('/x-page/form/add');
  });

  it('refuses a detail page without a detail binding', () => {
    expect(() =>
      pagesOf([file('a/one', { path: '/one/index', layout: 'crud', detail: { path: '/one/detail' } }, { 'x-api': { list: 'GET /api/one/list' } })]),
    ).toThrow('property /x-page/detail: the schema has no detail binding');
  });

  it('refuses a child list of an unknown register, an unknown binding, or a binding that cannot take the record id', () => {
    const child = file('a/child', undefined, { 'x-api': { list: { op: 'listAll', route: 'GET /api/child/list/{recordId}' } } });
    const parent = (list: NonNullable<EntityPageSpec['detail']>['lists']) =>
      file('a/record', { path: '/record/index', layout: 'crud', detail: { path: '/record/detail', lists: list } });
    expect(() => pagesOf([parent([{ field: 'items', schemaId: 'a/nothing' }])])).toThrow('/x-page/detail/lists/0/schemaId: no schema "a/nothing"');
    expect(() => pagesOf([child, parent([{ schemaId: 'a/child', binding: 'page', param: 'recordId' }])])).toThrow(
      '/lists/0/binding: "a/child" has no binding "page"',
    );
    expect(() => pagesOf([child, parent([{ schemaId: 'a/child', binding: 'list', param: 'planId' }])])).toThrow(
      '/lists/0/param: the binding "list" of "a/child" takes no parameter "planId"',
    );
  });
});
