/**
 * The renderers' rules for a register's actions, sealed rows and trees,
 * without a DOM. The client schemas are built by the server's own pipeline
 * (schema → model → client schema) from a register declared here, so the
 * tests read the shape the console really receives.
 */
import { describe, expect, it } from 'vitest';
import type { EntitySchema } from '../../../src/shared/entitySchema';
import { buildEntityModel } from '../../../src/server/engine/entityModel.js';
import { toClientSchema } from '../../../src/server/system/clientSchemaRoutes.js';
import { RequestError } from '../../../src/web/api/request';
import {
  actionConfirmText,
  actionFieldsSchema,
  actionInitialValues,
  actionLabel,
  actionRequestOf,
  actionsAt,
  firstStep,
  initialPasswordsOf,
  isOfferedFor,
  rowTarget,
  selectionTarget,
  stepAfterConfirm,
  type UiBinding,
} from '../../../src/web/renderers/actionLogic';
import { cellText } from '../../../src/web/renderers/cellText';
import { isPlatformAdministrator, isSealedRow, permissionsOf, rowPermissionsOf } from '../../../src/web/renderers/crudLogic';
import { actionsColumnWidth, splitRowActions } from '../../../src/web/renderers/CrudTable';
import { importErrorsOf, templateBindingOf } from '../../../src/web/renderers/importLogic';
import { isIdList, joinIds, splitIds } from '../../../src/web/renderers/schemaFields';
import { attachLoadedChildren, filterTreeNodes, flattenTree, isTreeListing } from '../../../src/web/renderers/treeLogic';

const gateSchema: EntitySchema = {
  $id: 'test/gate',
  title: '闸门',
  'x-title-en': 'Gate',
  type: 'object',
  'x-table': 'test_gate',
  'x-menu': 'param',
  'x-api': {
    list: { op: 'tree', route: 'GET /api/v1/test/gate/list', shape: 'records' },
    lazyList: { op: 'lazyTree', route: 'GET /api/v1/test/gate/lazy-list' },
    submit: 'POST /api/v1/test/gate/submit',
    remove: 'POST /api/v1/test/gate/remove?ids',
    exportTemplate: { op: 'action', route: 'GET /api/v1/test/gate/export-template', button: 'gate_import' },
    importGates: {
      op: 'action',
      route: 'POST /api/v1/test/gate/import',
      button: 'gate_import',
      ui: { placement: 'toolbar', label: '导入', 'label-en': 'Import', component: 'ExcelImport' },
    },
    open: {
      op: 'action',
      route: 'POST /api/v1/test/gate/open?gateIds',
      button: 'gate_open',
      ui: {
        placement: 'selection',
        label: '开启',
        'label-en': 'Open',
        confirm: '确定开启选择的闸门?',
        'confirm-en': 'Open the selected gates?',
        fields: {
          opening: { type: 'number', minimum: 0, maximum: 10, title: '开度', 'x-en': 'Opening', 'x-messages': { required: '请输入开度' } },
          remark: { type: 'string', maxLength: 100, title: '备注', 'x-en': 'Remark' },
          operatorIds: { type: 'array', items: { type: 'string' }, title: '操作人', 'x-en': 'Operators', 'x-ref': 'system/user' },
        },
      },
    },
    repair: {
      op: 'action',
      route: 'POST /api/v1/test/gate/repair',
      button: 'gate_repair',
      ui: { placement: 'row', label: '报修', 'label-en': 'Report repair', when: { state: [1, 2] } },
    },
    history: {
      op: 'action',
      route: 'GET /api/v1/test/gate/{id}/history',
      ui: { placement: 'row', label: '历史', 'label-en': 'History', download: true },
    },
    clear: {
      op: 'action',
      route: 'POST /api/v1/test/gate/clear',
      button: 'gate_clear',
      ui: { placement: 'toolbar', label: '清空', 'label-en': 'Clear', confirm: '确定清空?' },
    },
  },
  'x-permissions': { add: 'gate_add', edit: 'gate_edit', delete: 'gate_delete' },
  'x-tree': { titleField: 'name', parentField: 'parentId' },
  'x-sealed': { field: 'isSealed', value: 1, message: '已封存', 'message-en': 'Sealed' },
  required: ['name'],
  properties: {
    parentId: { type: 'string', 'x-id': true, default: '0', title: '上级', 'x-en': 'Parent', 'x-ref': 'test/gate' },
    name: { type: 'string', maxLength: 64, title: '名称', 'x-en': 'Name', 'x-list': true },
    state: { type: 'integer', enum: [1, 2, 3], default: 1, title: '状态', 'x-en': 'State' },
    isSealed: { type: 'integer', enum: [0, 1], default: 0, title: '封存', 'x-en': 'Sealed' },
    operatorId: { type: 'string', maxLength: 1000, title: '操作人', 'x-en': 'Operators', 'x-ref': 'system/user', 'x-list': true },
    remark: { type: 'string', maxLength: 100, title: '备注', 'x-en': 'Remark' },
  },
};

const gate = toClientSchema(buildEntityModel(gateSchema));
const binding = (name: string) => gate['x-api'][name] as UiBinding;
const everything = { gate_add: true, gate_edit: true, gate_delete: true, gate_import: true, gate_open: true, gate_repair: true, gate_clear: true };

describe('which actions a caller is offered', () => {
  it('by placement, each only with its button code', () => {
    expect(actionsAt(gate, 'selection', everything).map((b) => b.name)).toEqual(['open']);
    expect(actionsAt(gate, 'toolbar', everything).map((b) => b.name)).toEqual(['importGates', 'clear']);
    expect(actionsAt(gate, 'row', everything).map((b) => b.name)).toEqual(['repair', 'history']);
    expect(actionsAt(gate, 'toolbar', { gate_clear: true }).map((b) => b.name)).toEqual(['clear']);
    expect(actionsAt(gate, 'selection', {}).map((b) => b.name)).toEqual([]);
  });

  it('an action without a button code is offered to whoever opens the page', () => {
    expect(actionsAt(gate, 'row', {}).map((b) => b.name)).toEqual(['history']);
  });

  it('a binding without ui is never a button (the template download is reached from the import dialog)', () => {
    const names = ['toolbar', 'selection', 'row'].flatMap((placement) => actionsAt(gate, placement as 'row', everything).map((b) => b.name));
    expect(names).not.toContain('exportTemplate');
    expect(templateBindingOf(gate)?.url).toBe('/api/v1/test/gate/export-template');
  });

  it('a row action with `when` only on rows holding one of the values', () => {
    expect(isOfferedFor(binding('repair'), { id: '1', state: 1 })).toBe(true);
    expect(isOfferedFor(binding('repair'), { id: '1', state: '2' })).toBe(true);
    expect(isOfferedFor(binding('repair'), { id: '1', state: 3 })).toBe(false);
    expect(isOfferedFor(binding('repair'), { id: '1' })).toBe(false);
    expect(isOfferedFor(binding('history'), { id: '1' })).toBe(true);
  });

  it('labels and confirmations in the console’s language', () => {
    expect(actionLabel(binding('open').ui, 'zh')).toBe('开启');
    expect(actionLabel(binding('open').ui, 'en')).toBe('Open');
    expect(actionConfirmText(binding('open').ui, 'en')).toBe('Open the selected gates?');
    // No English confirmation: the question is still asked, in Chinese.
    expect(actionConfirmText(binding('clear').ui, 'en')).toBe('确定清空?');
    expect(actionConfirmText(binding('repair').ui, 'zh')).toBeUndefined();
  });
});

describe('what starting an action does first', () => {
  it('a selection action with nothing selected only warns', () => {
    expect(firstStep(binding('open'), selectionTarget([]))).toBe('empty');
    expect(firstStep(binding('open'), selectionTarget(['', '']))).toBe('empty');
  });

  it('confirmation, then the values, then the call', () => {
    expect(firstStep(binding('open'), selectionTarget(['1']))).toBe('confirm');
    expect(stepAfterConfirm(binding('open'))).toBe('fields');
    expect(stepAfterConfirm(binding('clear'))).toBe('run');
    expect(firstStep(binding('repair'), rowTarget({ id: '7', state: 1 }))).toBe('run');
  });

  it('a hand-written dialog takes over', () => {
    expect(firstStep(binding('importGates'), { ids: [] })).toBe('component');
  });
});

describe('the request an action sends', () => {
  it('selected ids under the query parameter the route names, values as the JSON body of a POST', () => {
    const request = actionRequestOf(binding('open'), selectionTarget(['11', '12', '11']), { opening: 3, remark: '', operatorIds: ['5'] });
    expect(request).toEqual({ url: '/api/v1/test/gate/open', method: 'POST', params: { gateIds: '11,12' }, data: { opening: 3, operatorIds: ['5'] } });
  });

  it('a row action without a named parameter sends the row id as id', () => {
    expect(actionRequestOf(binding('repair'), rowTarget({ id: '7' }))).toEqual({ url: '/api/v1/test/gate/repair', method: 'POST', params: { id: '7' } });
  });

  it('a path parameter takes the row id; a download asks for a file', () => {
    expect(actionRequestOf(binding('history'), rowTarget({ id: '9' }))).toEqual({
      url: '/api/v1/test/gate/9/history',
      method: 'GET',
      params: {},
      responseType: 'blob',
    });
  });

  it('a toolbar action sends no ids', () => {
    expect(actionRequestOf(binding('clear'), selectionTarget(['1']))).toEqual({ url: '/api/v1/test/gate/clear', method: 'POST', params: {} });
  });

  it('values of a GET action travel as query parameters', () => {
    const search = { ...binding('history'), ui: { ...binding('history').ui, download: false, fields: { year: gateSchema.properties.state } } } as UiBinding;
    expect(actionRequestOf(search, rowTarget({ id: '9' }), { year: 2024 }).params).toEqual({ year: 2024 });
  });
});

describe('the values dialog', () => {
  it('asks for the action’s fields; a field with a required message must be filled', () => {
    const fields = actionFieldsSchema(gate, binding('open'));
    expect(Object.keys(fields.properties)).toEqual(['opening', 'remark', 'operatorIds']);
    expect(fields.required).toEqual(['opening']);
    expect(fields.title).toBe('开启');
  });

  it('starts from what the row holds under the same names, comma lists split for list fields', () => {
    const values = actionInitialValues(binding('open'), { id: '1', opening: 4, operatorIds: '5,6' });
    expect(values).toEqual({ opening: 4, operatorIds: ['5', '6'] });
  });
});

describe('one-time initial passwords in an answer', () => {
  it('a reset or an import lists them by account', () => {
    expect(
      initialPasswordsOf({
        reset: 2,
        initialPasswords: [
          { userId: '1', account: 'a', initial: 'x1' },
          { account: 'b', initial: 'x2' },
        ],
      }),
    ).toEqual([
      { account: 'a', password: 'x1' },
      { account: 'b', password: 'x2' },
    ]);
  });

  it('a new account carries its own', () => {
    expect(initialPasswordsOf({ id: '1', account: 'li', initialPassword: 'Qx7' })).toEqual([{ account: 'li', password: 'Qx7' }]);
    expect(initialPasswordsOf({ id: '1', initialPassword: 'Qx7' }, 'wang')).toEqual([{ account: 'wang', password: 'Qx7' }]);
  });

  it('nothing to show otherwise', () => {
    expect(initialPasswordsOf({ reset: 2 })).toEqual([]);
    expect(initialPasswordsOf(null)).toEqual([]);
    expect(initialPasswordsOf('ok')).toEqual([]);
  });
});

describe('sealed rows', () => {
  const permissions = permissionsOf(gate, everything);

  it('the client schema names the sealing field', () => {
    expect(gate['x-sealed']).toEqual({ field: 'isSealed', value: 1 });
    expect(isSealedRow(gate, { id: '1', isSealed: 1 })).toBe(true);
    expect(isSealedRow(gate, { id: '1', isSealed: '1' })).toBe(true);
    expect(isSealedRow(gate, { id: '1', isSealed: 0 })).toBe(false);
  });

  it('lose edit and delete, unless the caller is the platform administrator', () => {
    expect(rowPermissionsOf(permissions, gate, { id: '1', isSealed: 1 }, false)).toMatchObject({
      canEdit: false,
      canDelete: false,
      canView: true,
      canAdd: true,
    });
    expect(rowPermissionsOf(permissions, gate, { id: '1', isSealed: 1 }, true)).toMatchObject({ canEdit: true, canDelete: true });
    expect(rowPermissionsOf(permissions, gate, { id: '1', isSealed: 0 }, false)).toMatchObject({ canEdit: true, canDelete: true });
  });

  it('the platform administrator is the administrator of tenant 000000', () => {
    expect(isPlatformAdministrator('000000', ['administrator'])).toBe(true);
    expect(isPlatformAdministrator('100001', ['administrator'])).toBe(false);
    expect(isPlatformAdministrator('000000', ['farm_admin'])).toBe(false);
    expect(isPlatformAdministrator(undefined, [])).toBe(false);
  });
});

describe('trees of records', () => {
  it('a register whose list answers a tree is listed as one', () => {
    expect(isTreeListing(gate, gate['x-api'].list)).toBe(true);
    expect(isTreeListing(gate, gate['x-api'].lazyList)).toBe(true);
    expect(isTreeListing(gate, gate['x-api'].submit)).toBe(false);
    expect(isTreeListing({ ...gate, 'x-tree': undefined }, gate['x-api'].list)).toBe(false);
  });

  it('a lazy tree attaches the children loaded so far; an unopened row with children can still open', () => {
    const rows = [
      { id: '1', hasChildren: true },
      { id: '2', hasChildren: false },
      { id: '3', hasChildren: true },
    ];
    const loaded = { '1': [{ id: '11', hasChildren: true }], '11': [{ id: '111' }] };
    expect(attachLoadedChildren(rows, loaded)).toEqual([
      { id: '1', hasChildren: true, children: [{ id: '11', hasChildren: true, children: [{ id: '111' }] }] },
      { id: '2', hasChildren: false },
      { id: '3', hasChildren: true, children: [] },
    ]);
  });

  it('every row of a tree, depth first', () => {
    expect(flattenTree([{ id: '1', children: [{ id: '2', children: [{ id: '3' }] }] }, { id: '4' }]).map((r) => r.id)).toEqual(['1', '2', '3', '4']);
  });

  it('the side tree’s search keeps matching nodes and the path to them', () => {
    const works = { id: '2', parentId: '1', title: '工程科', key: '2', value: '2' };
    const office = { id: '3', parentId: '1', title: '办公室', key: '3', value: '3' };
    const bureau = { id: '1', parentId: '0', title: '水利局', key: '1', value: '1', children: [works, office] };
    const nodes = [bureau, { id: '4', parentId: '0', title: 'River office', key: '4', value: '4' }];
    expect(filterTreeNodes(nodes, '工程')).toEqual([{ ...bureau, children: [works] }]);
    expect(filterTreeNodes(nodes, 'river').map((n) => n.id)).toEqual(['4']);
    expect(filterTreeNodes(nodes, '  ')).toEqual(nodes);
    expect(filterTreeNodes(nodes, '水文')).toEqual([]);
  });
});

describe('ids joined by commas', () => {
  it('a reference that is not a single id holds several', () => {
    expect(isIdList(gate.properties.operatorId)).toBe(true);
    expect(isIdList(gate.properties.parentId)).toBe(false);
    expect(isIdList(gate.properties.name)).toBe(false);
    expect(splitIds('1, 2,,3')).toEqual(['1', '2', '3']);
    expect(splitIds(null)).toEqual([]);
    expect(joinIds(['1', '2', '1'])).toBe('1,2');
  });

  it('read as the referenced titles in a cell', () => {
    const references = { '5': '张三', '6': '李四' };
    expect(cellText(gate.properties.operatorId, '5,6,9', { references, yes: '是', no: '否' })).toBe('张三, 李四, 9');
  });
});

describe('the operation column', () => {
  it('keeps four buttons in the row; with more, three stay and the rest go under 更多', () => {
    expect(splitRowActions(['view', 'edit', 'delete', 'grant'])).toEqual({ inline: ['view', 'edit', 'delete', 'grant'], more: [] });
    expect(splitRowActions(['view', 'edit', 'delete', 'source', 'package'])).toEqual({ inline: ['view', 'edit', 'delete'], more: ['source', 'package'] });
  });

  it('fits the widest row’s buttons and never narrows below its title', () => {
    expect(actionsColumnWidth([['查看', '修改', '删除'], ['查看']], false)).toBeGreaterThan(actionsColumnWidth([['查看']], false));
    expect(actionsColumnWidth([], false)).toBe(88);
    expect(actionsColumnWidth([['View', 'Edit']], true)).toBe(88);
  });
});

describe('a refused import', () => {
  it('reads the per-row report', () => {
    const error = new RequestError({
      code: 400,
      message: '导入失败',
      isNetwork: false,
      body: { code: 400, data: { errors: [{ row: 3, field: 'account', message: '当前账号已被使用!' }, { row: 5, message: '行格式不正确' }, 'junk'] } },
    });
    expect(importErrorsOf(error)).toEqual([
      { row: 3, field: 'account', message: '当前账号已被使用!' },
      { row: 5, field: undefined, message: '行格式不正确' },
    ]);
    expect(importErrorsOf(new Error('x'))).toEqual([]);
  });
});
