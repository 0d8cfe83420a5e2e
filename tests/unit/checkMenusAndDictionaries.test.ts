/** Codegen refuses a schema set whose menus, buttons or dictionaries do not add up, naming the file and property. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkMenusAndDictionaries } from '../../codegen/checkMenusAndDictionaries.js';
import { loadSchemaFiles } from '../../codegen/loadSchemaFiles.js';
import type { EntitySchema } from '../../src/shared/entitySchema.js';

const root = path.resolve(import.meta.dirname, '../..');
const files = loadSchemaFiles(root).map(({ file, schema }) => ({ file, schema }));

function withChanged(file: string, change: (schema: EntitySchema) => void) {
  return files.map((f) => {
    if (f.file !== file) return f;
    const schema = structuredClone(f.schema);
    change(schema);
    return { file, schema };
  });
}

const DEPOSITORY = 'schemas/urgent/depository.json';
const menuOf = (schema: EntitySchema) => schema['x-menu'] as Exclude<EntitySchema['x-menu'], string | undefined>;

describe('codegen menu and dictionary checks', () => {
  it('pass on the repository', () => {
    expect(() => checkMenusAndDictionaries(root, files)).not.toThrow();
  });

  it('refuse an x-dict code no dictionary file defines', () => {
    const changed = withChanged(DEPOSITORY, (s) => {
      s.properties.name['x-dict'] = 'no_such_dict';
    });
    expect(() => checkMenusAndDictionaries(root, changed)).toThrow(
      `${DEPOSITORY}: property /properties/name/x-dict: dictionary "no_such_dict" is defined by no dictionary file`,
    );
  });

  it('refuse an unknown menu parent', () => {
    const changed = withChanged(DEPOSITORY, (s) => {
      menuOf(s).parent = 'nosuch';
    });
    expect(() => checkMenusAndDictionaries(root, changed)).toThrow(`${DEPOSITORY}: property /x-menu/parent: "nosuch" is not a menu code`);
  });

  it('refuse a duplicate menu code and a duplicate button code', () => {
    const menu = withChanged(DEPOSITORY, (s) => {
      menuOf(s).code = 'urgent_goods';
    });
    expect(() => checkMenusAndDictionaries(root, menu)).toThrow(
      'schemas/urgent/goods.json: property /x-menu/code: menu or button code "urgent_goods" is already defined by schemas/urgent/depository.json',
    );
    const button = withChanged(DEPOSITORY, (s) => {
      menuOf(s).buttons = { urgent_depository_import: { name: '导入', 'name-en': 'Import' }, urgent_goods_import: { name: '导入', 'name-en': 'Import' } };
    });
    expect(() => checkMenusAndDictionaries(root, button)).toThrow(
      /property \/x-menu\/buttons\/urgent_goods_import: menu or button code "urgent_goods_import" is already defined/,
    );
  });

  it('refuse a binding button that is no button, and an x-menu code that names no menu', () => {
    const binding = withChanged(DEPOSITORY, (s) => {
      s['x-api']!.stocktake = { op: 'action', route: 'POST /api/v1/urgent/depository/stocktake', button: 'stocktake_run' };
    });
    expect(() => checkMenusAndDictionaries(root, binding)).toThrow(`${DEPOSITORY}: property /x-api/stocktake/button: "stocktake_run" is no button`);
    const menu = withChanged('schemas/inspect/trail.json', (s) => {
      s['x-menu'] = 'inspect_nosuch';
    });
    expect(() => checkMenusAndDictionaries(root, menu)).toThrow('schemas/inspect/trail.json: property /x-menu: "inspect_nosuch" is not a menu code');
  });
});
