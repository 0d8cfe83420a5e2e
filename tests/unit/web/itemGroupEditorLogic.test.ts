/**
 * The item-group editor's rules: one page for three kinds, new rows created
 * and changed ones updated before the group is saved with their ids in row
 * order, repeated names caught before the server refuses them.
 */
import { describe, expect, it } from 'vitest';
import {
  duplicateRowIndexes,
  editorPath,
  fieldErrorsOf,
  groupBody,
  KIND_CONFIG,
  kindOfSchema,
  rowOf,
  rowWrites,
  type ItemRow,
} from '../../../src/web/pages/inspect/itemGroupEditorLogic';

describe('the item-group editor', () => {
  it('serves the add and edit routes of inspection, maintenance and cleaning', () => {
    expect(editorPath('inspect')).toBe('/inspect/inspectMgr/add-inspect-items');
    expect(editorPath('maintain', '42')).toBe('/maintain/maintainMgr/edit-maintain-items?groupId=42');
    expect(editorPath('clean', '7')).toBe('/clean/cleanMgr/edit-clean-items?groupId=7');
    expect(KIND_CONFIG.clean.listPath).toBe('/clean/cleanMgr/index');
    expect(kindOfSchema('maintain/itemGroup')).toBe('maintain');
    expect(kindOfSchema('system/user')).toBeUndefined();
  });

  it('creates new rows, updates changed catalogue items and leaves the others alone', () => {
    const loaded = rowOf({ id: '1', version: 3, damPart: 1, itemName: '坝顶路面', content: '平整', method: '目视', needPhoto: 0 });
    const untouched = rowOf({ id: '2', damPart: 2, itemName: '迎水坡护坡', needPhoto: 1 });
    const originals = new Map([
      ['1', loaded],
      ['2', untouched],
    ]);
    const rows: ItemRow[] = [{ ...loaded, content: '平整，无坑洼' }, untouched, { damPart: 5, itemName: '溢洪道清障' }];
    expect(rowWrites(rows, originals).map((w) => [w.index, w.kind])).toEqual([
      [0, 'update'],
      [2, 'save'],
    ]);
  });

  it('saves the group with its item ids in row order, and its type field by kind', () => {
    const values = { name: ' 日常巡查 ', inspectType: 1, items: [{ id: '9' }, { id: '3' }] };
    expect(groupBody(values, KIND_CONFIG.inspect)).toMatchObject({ name: '日常巡查', inspectType: 1, ids: ['9', '3'], reservoirIds: [] });
    expect(groupBody(values, KIND_CONFIG.clean)).not.toHaveProperty('inspectType');
    expect(groupBody(values, KIND_CONFIG.inspect, { id: '5', version: 2 })).toMatchObject({ id: '5', version: 2 });
  });

  it('finds two rows of one part with the same name', () => {
    expect(
      duplicateRowIndexes([
        { damPart: 1, itemName: '路面' },
        { damPart: 2, itemName: '路面' },
        { damPart: 1, itemName: ' 路面 ' },
      ]),
    ).toEqual([2]);
  });

  it('reads the server’s field errors from a refused call', () => {
    expect(fieldErrorsOf({ body: { data: { errors: [{ field: 'ids', message: '所选巡查项目不存在或已被删除' }] } } })).toEqual([
      { field: 'ids', message: '所选巡查项目不存在或已被删除' },
    ]);
    expect(fieldErrorsOf(new Error('network'))).toEqual([]);
  });
});
