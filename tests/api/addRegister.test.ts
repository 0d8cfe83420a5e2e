/**
 * Adding a register takes one schema file (and, for a dictionary of its own, a dictionary file):
 * the README's example, a flood-season duty roster, is added to a temporary copy of schemas/ and dictionaries/, passes the
 * codegen checks, and a server started with it seeds its menu and buttons, grants them where the
 * parent menu is granted, and answers list/save/detail/remove for a demo tenant's administrator.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMenusAndDictionaries } from '../../codegen/checkMenusAndDictionaries.js';
import { loadSchemaFiles } from '../../codegen/loadSchemaFiles.js';
import { buildEntityModel } from '../../src/server/engine/entityModel.js';
import { entityModels } from '../../src/server/engine/entityRegistry.js';
import type { EntitySchema } from '../../src/shared/entitySchema.js';
import { loadDictionaryFiles } from '../../src/server/seed/dictionaryFiles.js';
import { seedDatabase } from '../../src/server/seed/seedDatabase.js';
import { startTestServer, type TestServer } from './testServer.js';

const repo = path.resolve(import.meta.dirname, '../..');
const TENANT = '100001';

type ExampleSchema = Record<string, unknown> & { 'x-menu': Record<string, unknown>; 'x-api': Record<string, string> };

/** The README's "Adding a register" example: the schema, then its dictionary file. */
function readmeExample(): { dutyRoster: ExampleSchema; shiftDictionary: unknown } {
  const readme = fs.readFileSync(path.join(repo, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### Adding a register'), readme.indexOf('### Generating a register at run time'));
  const blocks = [...section.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]));
  return { dutyRoster: blocks[0], shiftDictionary: blocks[1] };
}
const { dutyRoster, shiftDictionary } = readmeExample();

let tmp: string;
let t: TestServer;
let admin: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rsc-add-register-'));
  fs.cpSync(path.join(repo, 'schemas'), path.join(tmp, 'schemas'), { recursive: true });
  fs.cpSync(path.join(repo, 'dictionaries'), path.join(tmp, 'dictionaries'), { recursive: true });
  fs.writeFileSync(path.join(tmp, 'schemas/urgent/dutyRoster.json'), JSON.stringify(dutyRoster, null, 2));
  fs.writeFileSync(path.join(tmp, 'dictionaries/duty.json'), JSON.stringify(shiftDictionary, null, 2));
  const files = loadSchemaFiles(tmp);
  checkMenusAndDictionaries(tmp, files);
  const added = files.find((f) => f.file === 'schemas/urgent/dutyRoster.json')!;
  const dictionaries = loadDictionaryFiles(tmp).filter((d) => d.code === 'flood_duty_shift');
  t = await startTestServer({}, { extraModels: [added.model], extraDictionaries: dictionaries });
  admin = await t.signIn(TENANT, 'admin');
});
afterAll(async () => {
  await t?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('a register added as one schema file', () => {
  it('passes the codegen checks, and they name the file when its dictionary is missing', () => {
    const files = loadSchemaFiles(tmp);
    expect(files.some((f) => f.file === 'schemas/urgent/dutyRoster.json')).toBe(true);
    fs.renameSync(path.join(tmp, 'dictionaries/duty.json'), path.join(tmp, 'duty.json.off'));
    try {
      expect(() => checkMenusAndDictionaries(tmp, files)).toThrow(
        'schemas/urgent/dutyRoster.json: property /properties/shift/x-dict: dictionary "flood_duty_shift"',
      );
    } finally {
      fs.renameSync(path.join(tmp, 'duty.json.off'), path.join(tmp, 'dictionaries/duty.json'));
    }
  });

  it('has its menu under its parent and its buttons, granted where the parent is granted', async () => {
    const menus = await t.db.query<{
      code: string;
      parent: string;
      name: string;
      name_en: string;
      path: string;
      source: string;
      category: number;
      alias: string;
    }>(
      `SELECT m.code, p.code AS parent, m.name, m.name_en, m.path, m.source, m.category, m.alias
         FROM blade_menu m JOIN blade_menu p ON p.id = m.parent_id
        WHERE m.is_deleted = 0 AND (m.code = 'urgent_duty_roster' OR p.code = 'urgent_duty_roster') ORDER BY m.category, m.sort`,
    );
    expect(menus.rows).toEqual([
      {
        code: 'urgent_duty_roster',
        parent: 'urgent',
        name: '汛期值班表',
        name_en: 'Duty roster',
        path: '/urgent/duty-roster',
        source: 'ScheduleOutlined',
        category: 1,
        alias: 'menu',
      },
      {
        code: 'urgent_duty_roster_add',
        parent: 'urgent_duty_roster',
        name: '新增',
        name_en: 'Add',
        path: '/urgent/duty-roster/add',
        source: null,
        category: 2,
        alias: 'add',
      },
      {
        code: 'urgent_duty_roster_edit',
        parent: 'urgent_duty_roster',
        name: '修改',
        name_en: 'Edit',
        path: '/urgent/duty-roster/edit',
        source: null,
        category: 2,
        alias: 'edit',
      },
      {
        code: 'urgent_duty_roster_delete',
        parent: 'urgent_duty_roster',
        name: '删除',
        name_en: 'Delete',
        path: '/urgent/duty-roster/delete',
        source: null,
        category: 2,
        alias: 'delete',
      },
      {
        code: 'urgent_duty_roster_view',
        parent: 'urgent_duty_roster',
        name: '查看',
        name_en: 'View',
        path: '/urgent/duty-roster/view',
        source: null,
        category: 2,
        alias: 'view',
      },
    ]);
    const granted = async (code: string) =>
      (
        await t.db.query<{ role_alias: string }>(
          `SELECT r.role_alias FROM blade_role_menu rm JOIN blade_role r ON r.id = rm.role_id JOIN blade_menu m ON m.id = rm.menu_id
            WHERE rm.tenant_id = $1 AND rm.is_deleted = 0 AND m.code = $2 ORDER BY r.role_alias`,
          [TENANT, code],
        )
      ).rows.map((row) => row.role_alias);
    expect(await granted('urgent_duty_roster')).toEqual(await granted('urgent'));
    expect(await granted('urgent_duty_roster')).toContain('administrator');
    for (const button of ['add', 'edit', 'delete', 'view']) expect(await granted(`urgent_duty_roster_${button}`)).toContain('administrator');
  });

  it('answers list, save, detail and remove for the tenant administrator', async () => {
    const reservoir = (await t.db.query<{ id: string }>('SELECT id::text AS id FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 LIMIT 1', [TENANT]))
      .rows[0];
    const person = (
      await t.db.query<{ id: string }>(`SELECT id::text AS id FROM blade_user WHERE tenant_id = $1 AND account = 'admin' AND is_deleted = 0`, [TENANT])
    ).rows[0];
    const shift = await t.db.query(
      `SELECT dict_value FROM blade_dict WHERE tenant_id = $1 AND code = 'flood_duty_shift' AND dict_key = '2' AND is_deleted = 0`,
      [TENANT],
    );
    expect(shift.rows).toEqual([{ dict_value: '夜班' }]);

    const saved = await t.api('/api/v1/urgent/duty-roster/save', {
      token: admin,
      body: { reservoirId: reservoir.id, personId: person.id, dutyDate: '2026-06-01', shift: 2 },
    });
    expect(saved.status).toBe(200);
    const id = saved.body.data.id;
    const listed = await t.api(`/api/v1/urgent/duty-roster/list?reservoirId=${reservoir.id}`, { token: admin });
    expect(listed.status).toBe(200);
    expect(listed.body.data.records.map((r: { id: string }) => r.id)).toContain(id);
    const detail = await t.api(`/api/v1/urgent/duty-roster/detail?id=${id}`, { token: admin });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ id, reservoirId: reservoir.id, personId: person.id, dutyDate: '2026-06-01', shift: 2 });
    const removed = await t.api(`/api/v1/urgent/duty-roster/remove?ids=${id}`, { token: admin, method: 'POST' });
    expect(removed.status).toBe(200);
    expect((await t.api(`/api/v1/urgent/duty-roster/list`, { token: admin })).body.data.records).toEqual([]);
  });

  it('on an existing database, a register added later gets its menu rows at start and no grants (an administrator grants it)', async () => {
    const later = {
      ...dutyRoster,
      $id: 'urgent/dutyRosterLater',
      'x-table': 'urgent_duty_roster_later',
      'x-menu': { ...dutyRoster['x-menu'], code: 'urgent_duty_later' },
      'x-permissions': { add: 'urgent_duty_later_add', edit: 'urgent_duty_later_edit', delete: 'urgent_duty_later_delete', view: 'urgent_duty_later_view' },
      'x-api': Object.fromEntries(Object.entries(dutyRoster['x-api']).map(([name, route]) => [name, route.replace('duty-roster', 'duty-later')])),
    };
    await seedDatabase(t.db, { demo: true, models: [...entityModels(), buildEntityModel(later as unknown as EntitySchema)] });
    const rows = await t.db.query(`SELECT code FROM blade_menu WHERE is_deleted = 0 AND code LIKE 'urgent_duty_later%' ORDER BY sort, code`);
    expect(rows.rows.map((r) => r.code).sort()).toEqual([
      'urgent_duty_later',
      'urgent_duty_later_add',
      'urgent_duty_later_delete',
      'urgent_duty_later_edit',
      'urgent_duty_later_view',
    ]);
    const grants = await t.db.query(
      `SELECT 1 FROM blade_role_menu rm JOIN blade_menu m ON m.id = rm.menu_id WHERE rm.is_deleted = 0 AND m.code LIKE 'urgent_duty_later%'`,
    );
    expect(grants.rowCount).toBe(0);
  });
});
