/**
 * x-page views (issue 12): one register listed on several pages, each through its own list binding with its own
 * buttons. Codegen carries them into the page registry, refuses a view on a path another page answers, and refuses
 * page button codes that are no buttons.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkMenusAndDictionaries } from '../../codegen/checkMenusAndDictionaries.js';
import { generatePages } from '../../codegen/generateFiles.js';
import { loadSchemaFiles } from '../../codegen/loadSchemaFiles.js';
import type { EntitySchema } from '../../src/shared/entitySchema.js';

const root = path.resolve(import.meta.dirname, '../..');
const files = loadSchemaFiles(root);

function withPage(file: string, change: (page: NonNullable<EntitySchema['x-page']>) => void) {
  return files.map((f) => {
    if (f.file !== file) return f;
    const schema = structuredClone(f.schema);
    change(schema['x-page']!);
    return { ...f, schema };
  });
}

const PLAN = 'schemas/inspect/plan.json';

describe('x-page views', () => {
  it('are carried into the page registry with their list binding and buttons', () => {
    const changed = withPage(PLAN, (page) => {
      page.list = 'page';
      page.permissions = { view: 'inspect_plan_view' };
      page.views = [
        { path: '/inspect-plan/published', list: 'page', permissions: { delete: 'inspect_plan_delete' } },
        { path: '/inspect-plan/all', list: 'page' },
      ];
    });
    const source = generatePages(changed);
    expect(source).toContain('"list": "page"');
    expect(source).toContain('"path": "/inspect-plan/published"');
    expect(source).toMatch(/"path": "\/inspect-plan\/all",\s+"list": "page",\s+"permissions": \{\}/);
  });

  it('refuse a view on a path another register already answers', () => {
    const changed = withPage(PLAN, (page) => {
      page.views = [{ path: '/appVersion/index', list: 'page' }];
    });
    expect(() => generatePages(changed)).toThrow(
      /inspect\/plan.json: property \/x-page\/views\/0\/path: "\/appVersion\/index" is already a page of schemas\/app\/appVersion.json/,
    );
  });

  it('refuse page button codes that are no buttons', () => {
    const changed = withPage(PLAN, (page) => {
      page.views = [{ path: '/inspect-plan/published', list: 'page', permissions: { export: 'inspect_plan_no_such' } }];
    });
    expect(() => checkMenusAndDictionaries(root, changed)).toThrow(`${PLAN}: property /x-page/views/0/permissions/export: "inspect_plan_no_such" is no button`);
    const menuCode = withPage(PLAN, (page) => {
      page.permissions = { view: 'inspect_plan' };
    });
    expect(() => checkMenusAndDictionaries(root, menuCode)).toThrow(/\/x-page\/permissions\/view: "inspect_plan" is no button/);
  });
});
