/**
 * The console's rules for registers listed on several pages whose rows move
 * through guarded transitions (issue 12's events), without a DOM: which row
 * actions a user is offered (state, button, actor / actorDept / notActor /
 * when), what an action's dialog asks for (required fields, a choice of
 * target, text areas, photo uploads), the buttons of each list page, and how
 * cells stand out (state and grade tags, overdue deadlines). The client
 * schema is built by the server's own pipeline from a hazard register
 * declared here, shaped like inspect/event.
 */
import { describe, expect, it } from 'vitest';
import type { EntitySchema } from '../../../src/shared/entitySchema';
import { buildEntityModel } from '../../../src/server/engine/entityModel.js';
import { toClientSchema } from '../../../src/server/system/clientSchemaRoutes.js';
import { actionDialogSpec, asksForValues, isBackward } from '../../../src/web/renderers/actionDialogLogic';
import { actionRequestOf, firstStep, rowTarget, type UiBinding } from '../../../src/web/renderers/actionLogic';
import { cellLook, finalStates } from '../../../src/web/renderers/cellTags';
import { stationToday } from '../../../src/web/config/stationClock';
import { pagePermissionsOf } from '../../../src/web/renderers/crudLogic';
import { isPhotoList, photoLimitOf, photoUrlsOf, uploadedLinkOf } from '../../../src/web/renderers/photoLogic';
import { allowedRowActions, bindingAllows, guardsAllow, transitionOf } from '../../../src/web/renderers/transitionRules';

const opinion = { type: 'string' as const, maxLength: 500, title: '意见', 'x-en': 'Opinion' };
const result = { type: 'string' as const, maxLength: 2000, title: '处理结果', 'x-en': 'Result' };
const afterPhotos = { type: 'array' as const, items: { type: 'string' as const }, maxItems: 9, title: '处理后照片', 'x-en': 'Photos after' };

const hazardSchema: EntitySchema = {
  $id: 'test/hazard',
  title: '隐患',
  'x-title-en': 'Hazard',
  type: 'object',
  'x-table': 'test_hazard',
  'x-menu': 'param',
  'x-api': {
    acceptPage: { op: 'list', route: 'GET /api/v1/test/hazard/acceptPage', where: { status: 1 } },
    processPage: { op: 'list', route: 'GET /api/v1/test/hazard/processPage' },
    detail: 'GET /api/v1/test/hazard/detail/{id}',
    save: 'POST /api/v1/test/hazard/save',
    remove: 'POST /api/v1/test/hazard/remove?ids',
    export: 'POST /api/v1/test/hazard/export',
    accept: {
      op: 'transition',
      route: 'POST /api/v1/test/hazard/accept',
      transition: 'accept',
      button: 'hazard_accept',
      ui: { placement: 'row', label: '签收', 'label-en': 'Accept', confirm: '确定签收?', 'confirm-en': 'Accept it?' },
    },
    assign: {
      op: 'transition',
      route: 'POST /api/v1/test/hazard/assign',
      transition: 'assign',
      button: 'hazard_assign',
      ui: {
        placement: 'row',
        label: '交办',
        'label-en': 'Assign',
        fields: {
          handlerId: { type: 'string', 'x-id': true, title: '处理人', 'x-en': 'Handler', 'x-ref': 'system/user' },
          deadline: { type: 'string', format: 'date', title: '处理期限', 'x-en': 'Deadline' },
          opinion,
        },
      },
    },
    process: {
      op: 'transition',
      route: 'POST /api/v1/test/hazard/process',
      transition: 'process',
      button: 'hazard_process',
      ui: { placement: 'row', label: '处理', 'label-en': 'Process', fields: { result, afterPhotos, opinion } },
    },
    deptProcess: {
      op: 'transition',
      route: 'POST /api/v1/test/hazard/deptProcess',
      transition: 'deptProcess',
      button: 'hazard_dept_process',
      ui: { placement: 'row', label: '职能部门处理', 'label-en': 'Department process', fields: { result } },
    },
    audit: {
      op: 'transition',
      route: 'POST /api/v1/test/hazard/audit',
      transition: 'audit',
      button: 'hazard_audit',
      ui: {
        placement: 'row',
        label: '复核',
        'label-en': 'Review',
        // As inspect/event declares it: the states' dictionary, which must not offer every state.
        fields: { auditStatus: { type: 'integer', enum: [4, 2], title: '复核结果', 'x-en': 'Result', 'x-dict': 'event_status' }, opinion },
      },
    },
    aiCorrect: {
      op: 'transition',
      route: 'POST /api/v1/test/hazard/aiCorrect',
      transition: 'aiCorrect',
      button: 'hazard_correct',
      ui: { placement: 'selection', label: 'AI纠错', 'label-en': 'AI correction' },
    },
    withdrawl: {
      op: 'transition',
      route: 'POST /api/v1/test/hazard/withdrawl',
      transition: 'withdrawl',
      button: 'hazard_withdraw',
      ui: { placement: 'row', label: '撤回', 'label-en': 'Withdraw', confirm: '确定撤回?' },
    },
  },
  'x-permissions': { add: 'hazard_add', view: 'hazard_view', export: 'hazard_export', delete: 'hazard_delete' },
  'x-states': {
    field: 'status',
    transitions: [
      { name: 'accept', from: [1], to: [2], set: { handlerId: '$caller', handlerDeptId: '$callerDept' } },
      { name: 'assign', from: [1, 2], to: [2], fields: ['handlerId', 'deadline', 'opinion'], required: ['handlerId'] },
      { name: 'process', from: [2], to: [3], fields: ['result', 'afterPhotos', 'opinion'], required: ['result'], actor: 'handlerId' },
      { name: 'deptProcess', from: [2], to: [3], fields: ['result'], required: ['result'], actorDept: 'handlerDeptId' },
      { name: 'audit', from: [3], to: [4, 2], toParam: 'auditStatus', fields: ['opinion'], notActor: 'handlerId' },
      { name: 'aiCorrect', from: [1, 2], to: [4], when: { source: [2] } },
      { name: 'withdrawl', from: [1], to: [6], actor: 'createUser' },
    ],
    removableIn: [6],
  },
  required: ['title'],
  properties: {
    title: { type: 'string', maxLength: 100, title: '标题', 'x-en': 'Title', 'x-list': true },
    status: { type: 'integer', readOnly: true, default: 1, title: '状态', 'x-en': 'Status', 'x-dict': 'event_status', 'x-list': true },
    level: { type: 'integer', default: 1, title: '等级', 'x-en': 'Level', 'x-dict': 'event_level', 'x-list': true },
    source: { type: 'integer', default: 1, title: '来源', 'x-en': 'Source' },
    handlerId: { type: 'string', 'x-id': true, readOnly: true, title: '处理人', 'x-en': 'Handler', 'x-ref': 'system/user' },
    handlerDeptId: { type: 'string', 'x-id': true, readOnly: true, title: '处理部门', 'x-en': 'Handling department', 'x-ref': 'system/dept' },
    deadline: { type: 'string', format: 'date', title: '处理期限', 'x-en': 'Deadline', 'x-list': true },
    opinion,
    result,
    afterPhotos,
  },
};

const hazard = toClientSchema(buildEntityModel(hazardSchema));
const binding = (name: string) => hazard['x-api'][name] as UiBinding;
const allButtons = Object.fromEntries(
  ['hazard_accept', 'hazard_assign', 'hazard_process', 'hazard_dept_process', 'hazard_audit', 'hazard_correct', 'hazard_withdraw'].map((code) => [code, true]),
);
const reporter = { userId: '10', deptId: '100' };
const handler = { userId: '20', deptId: '200' };
const colleague = { userId: '21', deptId: '300,200' };
const manager = { userId: '30', deptId: '100' };
const row = (values: Record<string, unknown>) => ({ id: '1', createUser: '10', source: 1, ...values });
const offered = (values: Record<string, unknown>, user: typeof reporter | undefined, granted = allButtons) =>
  allowedRowActions(hazard, row(values), granted, user).map((b) => b.name);

describe('which transitions a row offers the signed-in user', () => {
  it('the client schema carries each transition with its guards', () => {
    expect(transitionOf(hazard, binding('process'))).toMatchObject({ actor: 'handlerId', required: ['result'] });
    expect(transitionOf(hazard, binding('audit'))).toMatchObject({ notActor: 'handlerId', toParam: 'auditStatus', to: [4, 2] });
  });

  it('a 待签收 row offers a manager 签收 and 交办, and its reporter also 撤回', () => {
    expect(offered({ status: 1 }, manager)).toEqual(['accept', 'assign']);
    expect(offered({ status: 1 }, reporter)).toEqual(['accept', 'assign', 'withdrawl']);
  });

  it('without the buttons (an inspector) a 待签收 row offers only what the user holds', () => {
    expect(offered({ status: 1 }, reporter, { hazard_withdraw: true, hazard_process: true })).toEqual(['withdrawl']);
    expect(offered({ status: 1 }, manager, { hazard_process: true })).toEqual([]);
  });

  it('处理 only for the current handler; 职能部门处理 for users of the handling department', () => {
    const inProgress = { status: 2, handlerId: '20', handlerDeptId: '200' };
    expect(offered(inProgress, handler)).toEqual(['assign', 'process', 'deptProcess']);
    // A user of several departments, one of them the handling one.
    expect(offered(inProgress, colleague)).toEqual(['assign', 'deptProcess']);
    expect(offered(inProgress, manager)).toEqual(['assign']);
  });

  it('复核 never for the one who did the work (four eyes), whatever buttons they hold', () => {
    const done = { status: 3, handlerId: '20' };
    expect(offered(done, handler)).toEqual([]);
    expect(offered(done, manager)).toEqual(['audit']);
  });

  it('a row condition (AI纠错: source 2 only) decides the selection action too', () => {
    expect(bindingAllows(hazard, binding('aiCorrect'), row({ status: 1, source: 2 }), manager)).toBe(true);
    expect(bindingAllows(hazard, binding('aiCorrect'), row({ status: 1, source: '2' }), manager)).toBe(true);
    expect(bindingAllows(hazard, binding('aiCorrect'), row({ status: 1, source: 1 }), manager)).toBe(false);
  });

  it('nobody signed in: no action that names its user', () => {
    expect(offered({ status: 1 }, undefined)).toEqual(['accept', 'assign']);
    expect(guardsAllow({ name: 'x', from: [1], to: [2], actor: 'handlerId' }, row({ handlerId: null }), handler)).toBe(false);
  });
});

describe('what an action dialog asks for', () => {
  const labels = { approve: '通过', sendBack: '退回重办', outcome: '复核结果' };

  it('交办: a user picker (required), a date and a text area for the opinion', () => {
    const { schema } = actionDialogSpec(hazard, binding('assign'), labels);
    expect(Object.keys(schema.properties)).toEqual(['handlerId', 'deadline', 'opinion']);
    expect(schema.required).toEqual(['handlerId']);
    expect(schema.properties.handlerId['x-ref']).toBe('system/user');
    expect(schema.properties.deadline.format).toBe('date');
    expect(schema.properties.opinion['x-component']).toBe('textarea');
  });

  it('处理: the result required, the photos after as an upload of at most 9', () => {
    const spec = actionDialogSpec(hazard, binding('process'), labels);
    expect(spec.schema.required).toEqual(['result']);
    // The form renders a photo list as the upload (EntityForm), at most 9.
    expect(isPhotoList('afterPhotos', spec.schema.properties.afterPhotos)).toBe(true);
    expect(photoLimitOf(spec.schema.properties.afterPhotos)).toBe(9);
    expect(spec.schema.properties.result['x-component']).toBe('textarea');
  });

  it('复核: the outcome first, as required radio buttons 通过 (→ 4) / 退回重办 (→ 2)', () => {
    const spec = actionDialogSpec(hazard, binding('audit'), labels);
    expect(Object.keys(spec.schema.properties)).toEqual(['auditStatus', 'opinion']);
    expect(spec.schema.properties.auditStatus).toMatchObject({ 'x-component': 'radio', type: 'integer', title: '复核结果', 'x-en': 'Result' });
    expect(spec.schema.properties.auditStatus['x-dict']).toBeUndefined();
    expect(spec.schema.required).toContain('auditStatus');
    expect(spec.choices.auditStatus).toEqual([
      { value: 4, label: '通过' },
      { value: 2, label: '退回重办' },
    ]);
    expect(isBackward(2, transitionOf(hazard, binding('audit'))!)).toBe(true);
    expect(isBackward(4, transitionOf(hazard, binding('audit'))!)).toBe(false);
  });

  it('the targets are named by the dictionary the action declares for its choice, when there is one (审核: 已通过 / 已驳回)', () => {
    const targets = new Map([
      ['4', '已办结'],
      ['2', '重新处理'],
    ]);
    const spec = actionDialogSpec(hazard, binding('audit'), { ...labels, targets });
    expect(spec.choices.auditStatus).toEqual([
      { value: 4, label: '已办结' },
      { value: 2, label: '重新处理' },
    ]);
  });

  it('a transition that chooses its target or requires a value opens the dialog even without ui.fields', () => {
    const bare = { ...binding('audit'), ui: { ...binding('audit').ui, fields: undefined } } as UiBinding;
    expect(asksForValues(hazard, bare)).toBe(true);
    expect(actionDialogSpec(hazard, bare, labels).schema.properties.auditStatus).toMatchObject({ type: 'integer', title: '复核结果', enum: [4, 2] });
    expect(firstStep(bare, rowTarget(row({ status: 3 })), asksForValues(hazard, bare))).toBe('fields');
    expect(asksForValues(hazard, binding('accept'))).toBe(false);
    expect(firstStep(binding('accept'), rowTarget(row({ status: 1 })), asksForValues(hazard, binding('accept')))).toBe('confirm');
  });

  it('posts the id with the values the dialog asked for', () => {
    const request = actionRequestOf(binding('audit'), rowTarget(row({ status: 3 })), { auditStatus: 2, opinion: '照片不清楚', result: '' });
    expect(request).toMatchObject({ url: '/api/v1/test/hazard/audit', method: 'POST', data: { auditStatus: 2, opinion: '照片不清楚' } });
  });
});

describe('photos', () => {
  it('a photo list is an array of texts named as photos; its limit at most 9', () => {
    expect(isPhotoList('afterPhotos', hazard.properties.afterPhotos)).toBe(true);
    expect(isPhotoList('handlerId', hazard.properties.handlerId)).toBe(false);
    expect(photoLimitOf({ ...afterPhotos, maxItems: 3 })).toBe(3);
    expect(photoLimitOf({ ...afterPhotos, maxItems: 20 })).toBe(9);
  });

  it('the field keeps the uploaded attachment’s link', () => {
    expect(uploadedLinkOf({ attachId: '5', link: '/api/blade-resource/attach/download?id=5' })).toBe('/api/blade-resource/attach/download?id=5');
    expect(uploadedLinkOf({})).toBeUndefined();
    expect(photoUrlsOf('a.png,b.png')).toEqual(['a.png', 'b.png']);
    expect(photoUrlsOf(undefined)).toEqual([]);
  });
});

describe('the buttons of each list page', () => {
  it('a view’s own codes; a key the page leaves out is no button there', () => {
    const granted = { hazard_view: true, hazard_export: true, hazard_add: true, hazard_delete: true, p_view: true, p_export: true };
    expect(pagePermissionsOf(hazard, granted, undefined)).toMatchObject({ canAdd: true, canView: true, canExport: true, canDelete: true });
    const view = pagePermissionsOf(hazard, granted, { view: 'p_view', export: 'p_export' });
    expect(view).toEqual({ canAdd: false, canEdit: false, canDelete: false, canView: true, canExport: true });
    expect(pagePermissionsOf(hazard, granted, { export: 'p_export' }).canView).toBe(false);
  });
});

describe('how cells stand out', () => {
  const field = (name: string) => ({ name, schema: hazard.properties[name] });

  it('finished states are those no transition starts from', () => {
    expect([...finalStates(hazard)!].sort()).toEqual(['4', '6']);
  });

  it('a 重大 grade is a red tag, a state a coloured tag', () => {
    expect(cellLook(field('level'), 2, row({}), hazard, '2026-11-26')).toEqual({ kind: 'tag', colour: 'red' });
    expect(cellLook(field('status'), 4, row({}), hazard, '2026-11-26')).toEqual({ kind: 'tag', colour: 'success' });
    expect(cellLook(field('title'), 'x', row({}), hazard, '2026-11-26')).toEqual({ kind: 'plain' });
  });

  it('a deadline before today is overdue while the row is open, not once it is finished', () => {
    const deadline = field('deadline');
    expect(cellLook(deadline, '2026-11-25', row({ status: 2 }), hazard, '2026-11-26')).toEqual({ kind: 'overdue' });
    expect(cellLook(deadline, '2026-11-26', row({ status: 2 }), hazard, '2026-11-26')).toEqual({ kind: 'plain' });
    expect(cellLook(deadline, '2026-11-25', row({ status: 4 }), hazard, '2026-11-26')).toEqual({ kind: 'plain' });
    expect(cellLook(deadline, null, row({ status: 2 }), hazard, '2026-11-26')).toEqual({ kind: 'plain' });
  });

  it('today is the stations’ date (Asia/Shanghai), whatever zone the browser runs in', () => {
    expect(stationToday(new Date('2026-01-05T15:30:00Z'))).toBe('2026-01-05');
    expect(stationToday(new Date('2026-01-05T16:30:00Z'))).toBe('2026-01-06');
  });
});
