/**
 * How a dictionary entry reads: its English name in English when it has
 * one, else — and always in Chinese — its name. One rule (entryLabel) for
 * the console's tables, selects and search forms and the server's exports.
 */
import { describe, expect, it } from 'vitest';
import { entryLabel } from '../../../src/shared/dictionaryLabel';
import { entityModel } from '../../../src/server/engine/entityRegistry.js';
import { labelsOf } from '../../../src/server/engine/dictionaryLabels.js';
import { toClientSchema } from '../../../src/server/system/clientSchemaRoutes.js';
import { cellText, dictionaryLabel, labelEntries } from '../../../src/web/renderers/cellText';

const draft = { dictKey: '1', dictValue: '草稿', dictValueEn: 'Draft' };
const published = { dictKey: '2', dictValue: '已发布', dictValueEn: 'Published' };
const stopped = { dictKey: '3', dictValue: '已停止' };

describe('entryLabel', () => {
  it('English reads the English name, Chinese the name', () => {
    expect(entryLabel(draft, 'en')).toBe('Draft');
    expect(entryLabel(draft, 'zh')).toBe('草稿');
  });

  it('any English tag counts as English; an unknown or missing language reads Chinese', () => {
    expect(entryLabel(draft, 'en-US')).toBe('Draft');
    expect(entryLabel(draft, 'EN')).toBe('Draft');
    expect(entryLabel(draft, 'zh-CN')).toBe('草稿');
    expect(entryLabel(draft, undefined)).toBe('草稿');
    expect(entryLabel(draft, 'english-ish')).toBe('草稿');
  });

  it('an entry without an English name (missing, null, empty or blank) reads its name in English too', () => {
    expect(entryLabel(stopped, 'en')).toBe('已停止');
    expect(entryLabel({ dictValue: '已停止', dictValueEn: null }, 'en')).toBe('已停止');
    expect(entryLabel({ dictValue: '已停止', dictValueEn: '' }, 'en')).toBe('已停止');
    expect(entryLabel({ dictValue: '已停止', dictValueEn: '  ' }, 'en')).toBe('已停止');
    expect(entryLabel({ dictValue: '已停止', dictValueEn: ' Stopped ' }, 'en')).toBe('Stopped');
  });
});

describe('the console’s labels', () => {
  const field = toClientSchema(entityModel('inspect/plan')).properties.planStatus;

  it('labelEntries gives every entry its label in the language, keeping the entry', () => {
    expect(labelEntries([draft, stopped], 'en')).toEqual([
      { ...draft, label: 'Draft' },
      { ...stopped, label: '已停止' },
    ]);
    expect(labelEntries([draft, stopped], 'zh').map((e) => e.label)).toEqual(['草稿', '已停止']);
  });

  it('a dictionary cell reads the label of its language; an unknown key reads as it is', () => {
    expect(field['x-dict']).toBe('plan_status');
    const english = { dictionary: labelEntries([draft, published, stopped], 'en'), yes: 'Yes', no: 'No' };
    expect(dictionaryLabel(english.dictionary, 2)).toBe('Published');
    expect(cellText(field, 1, english)).toBe('Draft');
    expect(cellText(field, 3, english)).toBe('已停止');
    expect(cellText(field, 9, english)).toBe('9');
    expect(cellText(field, 2, { ...english, dictionary: labelEntries([draft, published, stopped], 'zh') })).toBe('已发布');
  });
});

describe('the exports’ labels', () => {
  it('labelsOf maps code → key → label by the same rule', () => {
    const rows = [
      { code: 'plan_status', ...draft },
      { code: 'plan_status', ...stopped, dictValueEn: null },
      { code: 'dam_type', dictKey: '1', dictValue: '均质土坝', dictValueEn: 'Homogeneous earth dam' },
    ];
    const english = labelsOf(rows, 'en');
    expect(english.get('plan_status')).toEqual(
      new Map([
        ['1', 'Draft'],
        ['3', '已停止'],
      ]),
    );
    expect(english.get('dam_type')?.get('1')).toBe('Homogeneous earth dam');
    expect(labelsOf(rows, 'zh').get('dam_type')?.get('1')).toBe('均质土坝');
  });
});
