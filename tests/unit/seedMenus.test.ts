/**
 * The menus and dictionaries the seed writes did not change when they moved from TypeScript seed
 * files to the schemas (x-menu) and dictionaries/*.json: compared with snapshots taken from the
 * seed before the move.
 */
import { describe, expect, it } from 'vitest';
import menuSnapshot from './fixtures/seedMenus.snapshot.json' with { type: 'json' };
import dictSnapshot from './fixtures/seedDictionaries.snapshot.json' with { type: 'json' };
import { demoDictionaries } from '../../src/server/seed/dictionaries.js';
import { demoTopMenus } from '../../src/server/seed/menus.js';
import { platformOnlyMenuCodes } from '../../src/server/seed/platformMenus.js';
import { seededMenus } from '../../src/server/seed/seedDatabase.js';

describe('seeded menus', () => {
  const flat = seededMenus();
  const rows = flat.map((menu) => ({ ...menu, roles: [...menu.roles].sort() }));
  const byCode = (list: { code: string }[]) => Object.fromEntries(list.map((row) => [row.code, row]));

  it('are the menus and buttons seeded before the move, with the same fields and demo-role grants', () => {
    expect(rows.length).toBe(menuSnapshot.menus.length);
    expect(byCode(rows)).toEqual(byCode(menuSnapshot.menus));
  });

  it('list every parent before its children', () => {
    const seen = new Set<string>();
    for (const row of flat) {
      if (row.parentCode) expect(seen.has(row.parentCode), `${row.code} after its parent ${row.parentCode}`).toBe(true);
      seen.add(row.code);
    }
  });

  it('keep the platform-only menus and the top menus', () => {
    expect([...platformOnlyMenuCodes(flat)].sort()).toEqual(menuSnapshot.platformOnly);
    expect(JSON.parse(JSON.stringify(demoTopMenus))).toEqual(menuSnapshot.topMenus);
  });
});

describe('seeded dictionaries', () => {
  it('are the dictionaries seeded before the move, in the same order with the same sorts', () => {
    const seeded = demoDictionaries.map((dict, index) => ({
      sort: dict.sort ?? index + 1,
      code: dict.code,
      name: dict.name,
      nameEn: dict.nameEn,
      isSealed: !!dict.isSealed,
      remark: dict.remark ?? null,
      items: dict.items.map((item, itemIndex) => ({
        key: item.key,
        value: item.value,
        valueEn: item.valueEn,
        remark: item.remark ?? null,
        sort: item.sort ?? itemIndex + 1,
      })),
    }));
    expect(seeded).toEqual(dictSnapshot);
  });
});
