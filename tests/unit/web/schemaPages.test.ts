/**
 * The rules of a register's detail and full-page form pages (x-page detail /
 * form), without a DOM: where the list's view, add and edit buttons go, the
 * mode of a form page, how a child list is fetched, which values show as
 * photos, which fields a detail page shows, and the buttons a row keeps in
 * its lifecycle state.
 */
import { describe, expect, it } from 'vitest';
import { entityModel } from '../../../src/server/engine/entityRegistry.js';
import { seededMenus } from '../../../src/server/seed/seedDatabase.js';
import { toClientSchema } from '../../../src/server/system/clientSchemaRoutes.js';
import type { ClientBinding } from '../../../src/shared/clientSchema';
import { entityPages, type EntityPage } from '../../../src/shared/generated/pageRegistry';
import { permissionsOf, rowPermissionsOf } from '../../../src/web/renderers/crudLogic';
import {
  childListRequestOf,
  detailPageFields,
  detailPathOf,
  editPathOf,
  fieldRowsOf,
  formModeOf,
  pageOfSchema,
  pageTargetOf,
  pictureUrlsOf,
} from '../../../src/web/renderers/schemaPageLogic';

const plan: EntityPage = {
  path: '/inspect-plan/index',
  schemaId: 'inspect/plan',
  layout: 'crud',
  detail: { path: '/inspect-plan/detail', lists: [] },
  form: { add: '/inspect-plan/add', edit: '/inspect-plan/add' },
};
const records: EntityPage = {
  path: '/maintain/record/index',
  schemaId: 'maintain/record',
  layout: 'crud',
  detail: { path: '/maintain/record/detail', lists: [] },
};

describe('the pages the list buttons open', () => {
  it('view opens the detail page, add the add form and edit the edit form, each with ?id=', () => {
    expect(pageTargetOf(plan, 'view', { id: '42' })).toBe('/inspect-plan/detail?id=42');
    expect(pageTargetOf(plan, 'add')).toBe('/inspect-plan/add');
    expect(pageTargetOf(plan, 'edit', { id: '42' })).toBe('/inspect-plan/add?id=42');
  });

  it('keeps the dialog where no page is declared, and for a tree child whose values the page fixes', () => {
    expect(pageTargetOf(records, 'add')).toBeUndefined();
    expect(pageTargetOf(records, 'edit', { id: '1' })).toBeUndefined();
    expect(pageTargetOf(records, 'view', { id: '1' })).toBe('/maintain/record/detail?id=1');
    expect(pageTargetOf(undefined, 'view', { id: '1' })).toBeUndefined();
    expect(pageTargetOf(plan, 'add', undefined, true)).toBeUndefined();
  });

  it('escapes the id and needs one', () => {
    expect(detailPathOf(plan, 'a b&c')).toBe('/inspect-plan/detail?id=a%20b%26c');
    expect(detailPathOf(plan, undefined)).toBeUndefined();
    expect(editPathOf(records, '1')).toBeUndefined();
  });

  it('finds the declared pages of the registers in the registry (issue 5 routes)', () => {
    expect(pageOfSchema('inspect/record', entityPages)?.detail?.path).toBe('/inspect/inspectRecord/detail');
    expect(pageOfSchema('maintain/record', entityPages)?.detail?.path).toBe('/maintain/record/detail');
    expect(pageOfSchema('clean/record', entityPages)?.detail?.path).toBe('/clean/cleanRecord/detail');
    expect(pageOfSchema('inspect/plan', entityPages)).toMatchObject({
      detail: { path: '/inspect-plan/detail' },
      form: { add: '/inspect-plan/add', edit: '/inspect-plan/add' },
    });
    expect(pageOfSchema('reservoir/reservoir', entityPages)).toMatchObject({
      path: '/system/projectMgr/index',
      detail: { path: '/system/projectMgr/detail' },
      form: { add: '/system/projectMgr/add', edit: '/system/projectMgr/edit' },
    });
  });

  it('every declared page has its menu (hidden ones for detail and forms), so the menu gate lets it through', () => {
    const menuPaths = new Set(seededMenus().map((menu) => menu.path));
    const declared = entityPages.flatMap((page) => [page.path, page.detail?.path, page.form?.add, page.form?.edit]).filter((path): path is string => !!path);
    expect(declared.filter((path) => !menuPaths.has(path) && !path.startsWith('/generated/'))).toEqual([]);
    expect(menuPaths.has('/reservoir/archive')).toBe(false);
  });

  it('a form page edits the record its ?id= names, else adds one', () => {
    expect(formModeOf('42')).toBe('edit');
    expect(formModeOf(null)).toBe('add');
    expect(formModeOf('')).toBe('add');
  });
});

describe('the child lists of a detail page', () => {
  const binding: ClientBinding = { name: 'list', op: 'listAll', method: 'GET', url: '/api/v1/inspect/trail/list/:recordId', idParam: 'id' };

  it('puts the record id into the path parameter of the binding, else into the query', () => {
    expect(childListRequestOf(binding, 'recordId', '7')).toEqual({ url: '/api/v1/inspect/trail/list/7', params: {} });
    expect(childListRequestOf({ ...binding, url: '/api/v1/x/list' }, 'recordId', '7')).toEqual({ url: '/api/v1/x/list', params: { recordId: '7' } });
  });

  it('reads a field list from the detail answer, and nothing when the answer has none', () => {
    const items = [{ id: '1', itemName: '坝顶', result: 1 }];
    expect(fieldRowsOf({ id: '9', itemResults: items }, { field: 'itemResults', schemaId: 'inspect/recordItem' })).toEqual(items);
    expect(fieldRowsOf({ id: '9' }, { field: 'itemResults', schemaId: 'inspect/recordItem' })).toEqual([]);
  });
});

describe('photos', () => {
  it('shows a list of addresses as pictures, and one address with a picture extension', () => {
    expect(pictureUrlsOf(['/oss/a.jpg', 'https://x.test/b'])).toEqual(['/oss/a.jpg', 'https://x.test/b']);
    expect(pictureUrlsOf('https://x.test/dam.png')).toEqual(['https://x.test/dam.png']);
  });

  it('leaves free text, empty lists, documents and mixed lists as text', () => {
    expect(pictureUrlsOf([])).toEqual([]);
    expect(pictureUrlsOf(['/oss/a.jpg', '坝脚散浸'])).toEqual([]);
    expect(pictureUrlsOf('坝脚散浸')).toEqual([]);
    expect(pictureUrlsOf('https://x.test/manual.pdf')).toEqual([]);
    expect(pictureUrlsOf(undefined)).toEqual([]);
  });
});

describe('a detail page and a row in its lifecycle', () => {
  const record = toClientSchema(entityModel('maintain/record'));

  it('shows every field of the record, photos and the audit included, then when it was created and changed', () => {
    const names = detailPageFields(record).map((field) => field.name);
    expect(names).toEqual(expect.arrayContaining(['reservoirId', 'content', 'photos', 'auditStatus', 'auditOpinion']));
    expect(names.slice(-2)).toEqual(['createTime', 'updateTime']);
    expect(names).not.toContain('tenantId');
  });

  it('an audited record keeps view but loses edit and delete; a rejected one may be removed, not edited', () => {
    const all = permissionsOf(record, { maintain_record_add: true, maintain_record_edit: true, maintain_record_delete: true, maintain_record_view: true });
    expect(rowPermissionsOf(all, record, { id: '1', auditStatus: 0 }, false)).toMatchObject({ canEdit: true, canDelete: true, canView: true });
    expect(rowPermissionsOf(all, record, { id: '1', auditStatus: 1 }, false)).toMatchObject({ canEdit: false, canDelete: false, canView: true });
    expect(rowPermissionsOf(all, record, { id: '1', auditStatus: 2 }, true)).toMatchObject({ canEdit: false, canDelete: true });
  });
});
