/**
 * The rules behind the CRUD controller and the schema forms, without a DOM:
 * paging and page sizes, search values → list query (empty fields dropped,
 * back to page 1), buttons from permission codes, delete requests, the form
 * fields, rules and messages a client schema gives, and a tree child's
 * inherited values. The client schemas are the ones the server serves.
 */
import { describe, expect, it } from 'vitest';
import { entityModel } from '../../../src/server/engine/entityRegistry.js';
import { toClientSchema } from '../../../src/server/system/clientSchemaRoutes.js';
import { RequestError } from '../../../src/web/api/request';
import { resources } from '../../../src/web/i18n/resources';
import { cellText, labelEntries, titlesById } from '../../../src/web/renderers/cellText';
import {
  applySearch,
  buildListQuery,
  changePage,
  cleanSearchValues,
  DEFAULT_PAGE_SIZE,
  deleteRequestOf,
  keepVisibleSelection,
  normalizePageSize,
  pageAfterRemoval,
  PAGE_SIZES,
  permissionsOf,
} from '../../../src/web/renderers/crudLogic';
import { fieldErrorsOf, formFieldSpecs, initialValuesOf, saveBodyOf, type Translate } from '../../../src/web/renderers/formRules';
import {
  inlineLabel,
  isDictList,
  labelWidthOf,
  listFields,
  referenceKey,
  resolveReference,
  searchFields,
  widgetOf,
} from '../../../src/web/renderers/schemaFields';
import { childFixedValues, expandableIds, withoutEmptyChildren } from '../../../src/web/renderers/treeLogic';

const param = toClientSchema(entityModel('system/param'));
const dict = toClientSchema(entityModel('system/dict'));

/** i18next's interpolation, enough for the renderers' templates. */
function translator(language: 'zh' | 'en'): Translate {
  return (key, options = {}) => {
    const template = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resources[language]);
    return String(template).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
  };
}
const zh = { language: 'zh' as const, t: translator('zh') };
const en = { language: 'en' as const, t: translator('en') };

describe('paging', () => {
  it('offers the admin sizes 10, 30, 50, 100, 200 and starts at 10', () => {
    expect(PAGE_SIZES).toEqual([10, 30, 50, 100, 200]);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
  });

  it('keeps only offered sizes', () => {
    expect(normalizePageSize(200)).toBe(200);
    expect(normalizePageSize('30')).toBe(30);
    expect(normalizePageSize(7)).toBe(10);
    expect(normalizePageSize(undefined)).toBe(10);
    expect(normalizePageSize(Number.NaN)).toBe(10);
  });

  it('a new page keeps the size; a new size goes back to page 1', () => {
    expect(changePage({ current: 1, size: 10 }, 3, 10)).toEqual({ current: 3, size: 10 });
    expect(changePage({ current: 3, size: 10 }, 3, 50)).toEqual({ current: 1, size: 50 });
  });

  it('after a delete, stays on the page unless it would be past the last one', () => {
    expect(pageAfterRemoval({ current: 3, size: 10 }, 21, 1)).toEqual({ current: 2, size: 10 });
    expect(pageAfterRemoval({ current: 2, size: 10 }, 25, 2)).toEqual({ current: 2, size: 10 });
    expect(pageAfterRemoval({ current: 1, size: 10 }, 1, 1)).toEqual({ current: 1, size: 10 });
  });
});

describe('searching', () => {
  it('drops empty fields and trims text', () => {
    expect(cleanSearchValues({ paramName: '  汛期 ', paramKey: '', a: undefined, b: null, c: '   ', d: [], e: [undefined, ''], f: 0, g: false })).toEqual({
      paramName: '汛期',
      f: 0,
      g: false,
    });
  });

  it('goes back to page 1 with the same size', () => {
    expect(applySearch({ current: 4, size: 50 }, { paramName: 'x', paramKey: '' })).toEqual({
      paging: { current: 1, size: 50 },
      searchValues: { paramName: 'x' },
    });
  });

  it('builds the list query from paging and searchable fields only', () => {
    expect(buildListQuery(param, { current: 2, size: 30 }, { paramName: ' 汛期 ', paramKey: '', paramValue: 'not searchable', remark: 'no' })).toEqual({
      current: 2,
      size: 30,
      paramName: '汛期',
    });
  });

  it('sends date ranges as _dategt/_datelt, lists joined, fixed conditions last', () => {
    const schema = {
      ...param,
      properties: {
        ...param.properties,
        createTime: { ...param.properties.createTime },
        tags: { type: 'array', title: '标签', 'x-en': 'Tags', 'x-search': 'in' },
      },
    } as typeof param;
    expect(
      buildListQuery(schema, { current: 1, size: 10 }, { createTime: ['2024-01-01 00:00:00', '2024-01-31 23:59:59'], tags: ['a', '', 'b'] }, { parentId: '0' }),
    ).toEqual({ current: 1, size: 10, createTime_dategt: '2024-01-01 00:00:00', createTime_datelt: '2024-01-31 23:59:59', tags: 'a,b', parentId: '0' });
  });

  it('the search form shows the schema’s own search fields, not base columns', () => {
    expect(searchFields(param).map((f) => f.name)).toEqual(['paramName', 'paramKey']);
    expect(searchFields(dict, { isRootLevel: true }).map((f) => f.name)).toEqual(['code', 'dictValue']);
  });
});

describe('permissions', () => {
  it('maps the schema’s x-permissions to buttons through the caller’s codes', () => {
    const all = { param_add: true, param_edit: true, param_delete: true, param_view: true };
    expect(permissionsOf(param, all)).toEqual({ canAdd: true, canEdit: true, canDelete: true, canView: true, canExport: false });
    expect(permissionsOf(param, { param_view: true })).toEqual({ canAdd: false, canEdit: false, canDelete: false, canView: true, canExport: false });
    expect(permissionsOf(param, {})).toEqual({ canAdd: false, canEdit: false, canDelete: false, canView: false, canExport: false });
  });

  it('a button needs an endpoint too, and an undeclared write code is denied', () => {
    const readOnly = { ...param, 'x-api': { list: param['x-api'].list } };
    expect(permissionsOf(readOnly, { param_add: true, param_edit: true, param_delete: true, param_view: true })).toMatchObject({
      canAdd: false,
      canEdit: false,
      canDelete: false,
    });
    const noCodes = { ...param, 'x-permissions': {} };
    expect(permissionsOf(noCodes, { param_add: true })).toEqual({ canAdd: false, canEdit: false, canDelete: false, canView: true, canExport: false });
  });

  it('export needs an export endpoint and the export code', () => {
    const exporting = {
      ...param,
      'x-api': { ...param['x-api'], export: { name: 'export', op: 'export' as const, method: 'GET' as const, url: '/api/x/export', idParam: 'id' } },
      'x-permissions': { ...param['x-permissions'], export: 'param_export' },
    };
    expect(permissionsOf(exporting, { param_export: true }).canExport).toBe(true);
    expect(permissionsOf(exporting, {}).canExport).toBe(false);
    expect(permissionsOf(param, { param_export: true }).canExport).toBe(false);
  });
});

describe('deleting', () => {
  it('nothing selected is a warning, not a request', () => {
    expect(deleteRequestOf([])).toEqual({ kind: 'empty' });
    expect(deleteRequestOf(['1', '1', '2'])).toEqual({ kind: 'confirm', ids: ['1', '2'] });
  });

  it('keeps the selection to rows still shown', () => {
    expect(keepVisibleSelection(['1', '2', '3'], ['2', '3', '4'])).toEqual(['2', '3']);
  });
});

describe('forms from the client schema', () => {
  it('the parameter form: fields, widgets and the spec’s required messages on blur', () => {
    const specs = formFieldSpecs(param, { mode: 'add', ...zh });
    expect(specs.map((s) => [s.name, s.widget, s.isRequired])).toEqual([
      ['paramName', 'input', true],
      ['paramKey', 'input', true],
      ['paramValue', 'textarea', true],
      ['remark', 'textarea', false],
    ]);
    expect(specs[0].rules).toEqual([
      { required: true, message: '请输入参数名称', triggerType: 'onBlur' },
      { maxLength: 255, message: '参数名称长度不能超过255个字符', triggerType: 'onBlur' },
    ]);
    expect(specs.map((s) => s.rules[0].message).slice(0, 3)).toEqual(['请输入参数名称', '请输入参数键名', '请输入参数键值']);
  });

  it('English uses x-messages-en and English defaults', () => {
    const specs = formFieldSpecs(param, { mode: 'add', ...en });
    expect(specs[0].label).toBe('Parameter name');
    expect(specs[0].rules.map((r) => r.message)).toEqual(['Please enter the parameter name', 'Parameter name must be at most 255 characters']);
  });

  it('a dictionary parent leaves out the parent field and the child-only key', () => {
    const specs = formFieldSpecs(dict, { mode: 'add', ...zh, isRootLevel: true });
    expect(specs.map((s) => s.name)).toEqual(['code', 'dictValue', 'dictValueEn', 'sort', 'isSealed', 'remark']);
    expect(specs.find((s) => s.name === 'sort')).toMatchObject({ widget: 'number', isRequired: true });
    expect(specs.find((s) => s.name === 'isSealed')).toMatchObject({ widget: 'radio', isRequired: false });
    expect(initialValuesOf(dict, specs)).toEqual({ isSealed: 0 });
  });

  it('a dictionary child: parent and code fixed and disabled, key required and empty', () => {
    const fixed = childFixedValues(dict, { id: '42', code: 'level', dictValue: '等级', parentId: '0', dictKey: '-1' });
    expect(fixed).toEqual({ code: 'level', parentId: '42' });
    const specs = formFieldSpecs(dict, { mode: 'add', ...zh, fixed });
    expect(specs.filter((s) => s.isDisabled).map((s) => s.name)).toEqual(['parentId', 'code']);
    expect(specs.find((s) => s.name === 'dictKey')).toMatchObject({
      isRequired: true,
      rules: [expect.objectContaining({ required: true, message: '请输入字典键值' }), expect.anything()],
    });
    expect(initialValuesOf(dict, specs, fixed)).toEqual({ isSealed: 0, code: 'level', parentId: '42' });
  });

  it('editing disables set-once fields; a child being edited still needs its key', () => {
    const specs = formFieldSpecs(dict, { mode: 'edit', ...zh, record: { id: '7', parentId: '42', code: 'level', dictKey: '1' } });
    expect(specs.filter((s) => s.isDisabled).map((s) => s.name)).toEqual(['parentId', 'code']);
    expect(specs.find((s) => s.name === 'dictKey')?.isRequired).toBe(true);
  });

  it('a save sends the form’s fields, the fixed values, and on edit the id and version', () => {
    const specs = formFieldSpecs(param, { mode: 'edit', ...zh });
    const body = saveBodyOf(
      specs,
      { paramName: 'a', paramKey: 'b', paramValue: 'c', remark: undefined, createTime: 'x' },
      {},
      { id: '9', version: 3, tenantId: '100001' },
    );
    expect(body).toEqual({ paramName: 'a', paramKey: 'b', paramValue: 'c', remark: null, id: '9', version: 3 });
  });

  it('reads the server’s field errors of a refused save', () => {
    const refused = new RequestError({
      code: 400,
      message: '参数键名已存在',
      isNetwork: false,
      body: { data: { errors: [{ field: 'paramKey', message: '参数键名已存在' }, { bad: 1 }] } },
    });
    expect(fieldErrorsOf(refused)).toEqual([{ field: 'paramKey', message: '参数键名已存在' }]);
    expect(fieldErrorsOf(new Error('x'))).toEqual([]);
  });

  it('picks widgets from x-component, dictionaries, enums and types', () => {
    expect(widgetOf(dict.properties.parentId)).toBe('tree-select');
    expect(widgetOf({ type: 'integer', title: 't', 'x-en': 't', 'x-dict': 'sex' })).toBe('select');
    expect(widgetOf({ type: 'boolean', title: 't', 'x-en': 't' })).toBe('switch');
    expect(widgetOf({ type: 'string', format: 'date', title: 't', 'x-en': 't' })).toBe('date');
  });

  it('English labels inside sentences lose their capital, acronyms keep it', () => {
    expect(inlineLabel('Parameter name', 'en')).toBe('parameter name');
    expect(inlineLabel('ID', 'en')).toBe('ID');
    expect(inlineLabel('参数名称', 'zh')).toBe('参数名称');
  });

  it('sizes the label column to the longest label', () => {
    expect(labelWidthOf(['参数名称', '备注'])).toBe(96);
    expect(labelWidthOf(['Parameter value'])).toBeGreaterThan(140);
    expect(labelWidthOf(['x'.repeat(80)])).toBe(200);
  });
});

describe('tables and trees', () => {
  it('list columns: the schema’s x-list fields; a tree’s roots leave out child-only fields', () => {
    expect(listFields(param).map((f) => f.name)).toEqual(['paramName', 'paramKey', 'paramValue']);
    expect(listFields(dict, { isRootLevel: true }).map((f) => f.name)).toEqual(['code', 'dictValue', 'dictValueEn', 'sort', 'isSealed']);
    expect(listFields(dict).map((f) => f.name)).toEqual(['code', 'dictKey', 'dictValue', 'dictValueEn', 'sort', 'isSealed']);
  });

  it('a dictionary field shows its label', () => {
    const options = {
      dictionary: labelEntries(
        [
          { dictKey: '0', dictValue: '否' },
          { dictKey: '1', dictValue: '是' },
        ],
        'zh',
      ),
      yes: '是',
      no: '否',
    };
    expect(cellText(dict.properties.isSealed, 1, options)).toBe('是');
    expect(cellText(dict.properties.isSealed, 5, options)).toBe('5');
    expect(cellText(param.properties.paramName, null, options)).toBe('');
  });

  it('several dictionary keys, joined by commas or as a list, show each label', () => {
    const functions = { type: 'string' as const, pattern: '^[0-9]+(,[0-9]+)*$', 'x-dict': 'reservoir_function', title: '主要功能', 'x-en': 'Main functions' };
    const options = {
      dictionary: labelEntries(
        [
          { dictKey: '1', dictValue: '防洪' },
          { dictKey: '2', dictValue: '灌溉' },
        ],
        'zh',
      ),
      yes: '是',
      no: '否',
    };
    expect(isDictList(functions)).toBe(true);
    expect(isDictList({ ...functions, pattern: '^[0-9]+$' })).toBe(false);
    expect(cellText(functions, '1,2', options)).toBe('防洪, 灌溉');
    expect(cellText(functions, '1,9', options)).toBe('防洪, 9');
    expect(cellText({ type: 'array', items: { type: 'integer' }, 'x-dict': 'reservoir_function', title: '功能', 'x-en': 'Functions' }, [2, 1], options)).toBe(
      '灌溉, 防洪',
    );
  });

  it('a list of references (a plan’s reservoirs) shows each by its title', () => {
    const reservoirs = { type: 'array' as const, items: { type: 'string' as const }, title: '巡查水库', 'x-en': 'Reservoirs', 'x-ref': 'reservoir/reservoir' };
    const options = { references: { '1': '石门水库', '2': '后溪水库' }, yes: '是', no: '否' };
    expect(cellText(reservoirs, ['1', '2', '3'], options)).toBe('石门水库, 后溪水库, 3');
  });

  it('a reference shows the referenced row’s title; the root id 0 shows nothing', () => {
    const references = titlesById([
      { id: '42', parentId: '0', title: '等级', key: '42', value: '42', children: [{ id: '43', parentId: '42', title: '一级', key: '43', value: '43' }] },
    ]);
    expect(references).toEqual({ '42': '等级', '43': '一级' });
    const options = { references, yes: '是', no: '否' };
    expect(cellText(dict.properties.parentId, '43', options)).toBe('一级');
    expect(cellText(dict.properties.parentId, '0', options)).toBe('');
    expect(cellText(dict.properties.parentId, '99', options)).toBe('99');
  });

  it('every row with children starts expanded; empty children arrays are dropped', () => {
    const rows = [
      { id: '1', children: [{ id: '2', children: [{ id: '3', children: [] }] }] },
      { id: '4', children: [] },
    ];
    expect(expandableIds(rows)).toEqual(['1', '2']);
    expect(withoutEmptyChildren(rows)).toEqual([{ id: '1', children: [{ id: '2', children: [{ id: '3' }] }] }, { id: '4' }]);
  });
});

describe('references with a tree query', () => {
  const township = {
    type: 'string' as const,
    title: '所在乡镇',
    'x-en': 'Township',
    'x-ref': 'system/region',
    'x-ref-query': { parentCode: '{deptRegionCode}', maxLevel: '4' },
  };

  it('load their register with the query, one key per distinct tree', () => {
    expect(referenceKey(township)).toBe('system/region?parentCode=%7BdeptRegionCode%7D&maxLevel=4');
    expect(referenceKey({ ...township, 'x-ref-query': undefined })).toBe('system/region');
    expect(referenceKey({ type: 'string', title: 'x', 'x-en': 'x' })).toBeUndefined();
  });

  it('fill in the signed-in user’s values, and leave out a parameter that comes out empty', () => {
    const key = referenceKey(township)!;
    expect(resolveReference(key, { deptRegionCode: '350524' })).toEqual({ refId: 'system/region', query: { parentCode: '350524', maxLevel: '4' } });
    expect(resolveReference(key, {})).toEqual({ refId: 'system/region', query: { maxLevel: '4' } });
    expect(resolveReference('system/user', {})).toEqual({ refId: 'system/user', query: {} });
  });
});
