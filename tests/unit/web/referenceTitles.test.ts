/**
 * References in tables and records read the titles the server gives beside
 * their ids (row[x-ref-title]: reservoirId → reservoirName, inspectorIds →
 * inspectorNames, user.deptId "1,2" → deptName "A,B"); a referenced
 * register's tree is downloaded to label them only for a reference without a
 * title, or for rows that came without theirs. The client schemas are the
 * ones the server serves.
 */
import { describe, expect, it } from 'vitest';
import { entityModel } from '../../../src/server/engine/entityRegistry.js';
import { toClientSchema } from '../../../src/server/system/clientSchemaRoutes.js';
import type { ClientFieldSchema } from '../../../src/shared/clientSchema';
import { cellText, labelReferenceKeys, referenceTitleOf } from '../../../src/web/renderers/cellText';
import { listFields } from '../../../src/web/renderers/schemaFields';

const record = toClientSchema(entityModel('inspect/record'));
const user = toClientSchema(entityModel('system/user'));
const words = { yes: '是', no: '否' };

describe('a reference with a title on the server', () => {
  it('the client schema names the row property that carries it', () => {
    expect(record.properties.reservoirId['x-ref-title']).toBe('reservoirName');
    expect(record.properties.inspectorId['x-ref-title']).toBe('inspectorName');
    expect(user.properties.deptId['x-ref-title']).toBe('deptName');
  });

  it('reads as the row’s title, not its id, without any downloaded tree', () => {
    const row = { reservoirId: '9135', reservoirName: '后溪水库' };
    const field = record.properties.reservoirId;
    expect(cellText(field, row.reservoirId, { ...words, title: referenceTitleOf(field, row) })).toBe('后溪水库');
  });

  it('the row’s title wins over a downloaded label', () => {
    const field = record.properties.reservoirId;
    expect(cellText(field, '1', { ...words, title: '新名字', references: { '1': '旧名字' } })).toBe('新名字');
  });

  it('several ids joined by commas read as each title; an id whose row is gone reads as it is', () => {
    const field = user.properties.deptId;
    expect(cellText(field, '1,2', { ...words, title: '城关站,水利局' })).toBe('城关站, 水利局');
    expect(cellText(field, '1,2', { ...words, title: '城关站,' })).toBe('城关站, 2');
  });

  it('a list of ids reads as its list of titles', () => {
    const field: ClientFieldSchema = {
      type: 'array',
      items: { type: 'string' },
      title: '巡查人员',
      'x-en': 'Inspectors',
      'x-ref': 'system/user',
      'x-ref-title': 'inspectorNames',
    };
    const row = { inspectorIds: ['1', '2', '3'], inspectorNames: ['黄永福', '林小红', ''] };
    expect(cellText(field, row.inspectorIds, { ...words, title: referenceTitleOf(field, row) })).toBe('黄永福, 林小红, 3');
  });

  it('a single id whose row is gone, and the root id 0, read as before', () => {
    const field = record.properties.reservoirId;
    expect(cellText(field, '77', { ...words, title: '' })).toBe('77');
    expect(cellText(field, '0', { ...words, title: '' })).toBe('');
  });
});

describe('which trees a table downloads to label its references', () => {
  const columns = listFields(record);

  it('none while the rows load, none when every row carries its titles', () => {
    expect(labelReferenceKeys(columns, undefined)).toEqual([]);
    expect(
      labelReferenceKeys(columns, [
        { id: '1', planId: '2', planName: '计划', reservoirId: '3', reservoirName: '后溪水库', inspectorId: '4', inspectorName: '黄永福' },
      ]),
    ).toEqual([]);
    expect(labelReferenceKeys(columns, [])).toEqual([]);
  });

  it('a titled reference only for rows that came without their titles (an empty value needs none)', () => {
    expect(labelReferenceKeys(columns, [{ id: '1', reservoirId: '3', planId: '0', inspectorId: null }])).toEqual(['reservoir/reservoir']);
    expect(labelReferenceKeys(columns, [{ id: '1', children: [{ id: '2', inspectorId: '4' }] }])).toEqual(['system/user']);
  });

  it('a reference without a title on the server, as before', () => {
    const untitled = [{ name: 'parentId', schema: { type: 'string' as const, title: '上级', 'x-en': 'Parent', 'x-ref': 'system/dict' } }];
    expect(labelReferenceKeys(untitled, undefined)).toEqual(['system/dict']);
  });

  it('a row property read from the record', () => {
    expect(referenceTitleOf(record.properties.reservoirId, { reservoirName: '后溪水库' })).toBe('后溪水库');
    expect(referenceTitleOf(record.properties.reservoirId, undefined)).toBeUndefined();
    expect(referenceTitleOf({ type: 'string', title: 'x', 'x-en': 'x' }, { reservoirName: '后溪水库' })).toBeUndefined();
  });
});
