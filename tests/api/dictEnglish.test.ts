/**
 * English dictionary names (dictValueEn): every seeded entry has one, the
 * dictionary lookups the console reads carry it, seeding fills it into rows
 * that lack it without touching one an administrator typed, and exports made
 * for an English console label by it (falling back to the Chinese name).
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDictionaries } from '../../src/server/seed/dictionaries.js';
import { seedDatabase } from '../../src/server/seed/seedDatabase.js';
import { startTestServer, type TestServer } from './testServer.js';

let t: TestServer;
let admin: string;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn('316979', 'admin');
});
afterAll(() => t?.close());

interface Entry {
  dictKey: string;
  dictValue: string;
  dictValueEn?: string | null;
}

async function dictionary(code: string, path = '/api/blade-system/dict/dictionary'): Promise<Entry[]> {
  const response = await t.api(`${path}?code=${code}`, { token: admin });
  expect(response.status).toBe(200);
  return response.body.data;
}

const pairs = (entries: Entry[]) => entries.map((e) => [e.dictKey, e.dictValue, e.dictValueEn]);

async function xlsxRows(path: string, language: 'zh' | 'en', init: { method?: string; body?: unknown } = {}): Promise<string[][]> {
  const response = await fetch(`${t.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'Blade-Auth': `bearer ${admin}`, 'Accept-Language': language, ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  expect(response.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await response.arrayBuffer()) as never);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}

/** The values of the column with this header. */
const column = (rows: string[][], header: string) => rows.slice(1).map((row) => row[rows[0].indexOf(header)]);

describe('seeded English names', () => {
  it('every seeded dictionary and entry has an English name, unique within its dictionary', () => {
    for (const dict of demoDictionaries) {
      expect(dict.nameEn.trim(), dict.code).not.toBe('');
      const names = dict.items.map((item) => item.valueEn.trim());
      expect(
        names.every((name) => name !== ''),
        dict.code,
      ).toBe(true);
      expect(new Set(names).size, dict.code).toBe(names.length);
    }
  });

  it('the dictionary lookup answers dictValueEn: review status and dam type in reservoir-engineering English', async () => {
    expect(pairs(await dictionary('audit_status'))).toEqual([
      ['0', '待审核', 'Pending review'],
      ['1', '已通过', 'Approved'],
      ['2', '已驳回', 'Rejected'],
    ]);
    const damTypes = pairs(await dictionary('dam_type'));
    expect(damTypes).toContainEqual(['1', '均质土坝', 'Homogeneous earth dam']);
    expect(damTypes).toContainEqual(['8', '混凝土重力坝', 'Concrete gravity dam']);
    expect(pairs(await dictionary('dam_part')).slice(0, 3)).toEqual([
      ['1', '坝顶', 'Dam crest'],
      ['2', '迎水坡', 'Upstream slope'],
      ['3', '背水坡', 'Downstream slope'],
    ]);
    expect(pairs(await dictionary('inspect_result'))).toEqual([
      ['1', '正常', 'Normal'],
      ['2', '异常', 'Abnormal'],
    ]);
  });

  it('an administrator types an English name in the form; the business dictionary lookup answers it too', async () => {
    const submit = (body: unknown) => t.api('/api/blade-system/dict-biz/submit', { token: admin, body });
    const parent = (await submit({ code: 'sluice_kind', dictValue: '水闸类型', dictValueEn: 'Sluice type', sort: 1 })).body.data;
    expect(parent).toMatchObject({ dictValueEn: 'Sluice type' });
    await submit({ parentId: parent.id, code: 'sluice_kind', dictKey: '1', dictValue: '节制闸', dictValueEn: 'Regulating sluice', sort: 1 });
    await submit({ parentId: parent.id, code: 'sluice_kind', dictKey: '2', dictValue: '分洪闸', sort: 2 });
    expect(pairs(await dictionary('sluice_kind', '/api/blade-system/dict-biz/dictionary'))).toEqual([
      ['1', '节制闸', 'Regulating sluice'],
      ['2', '分洪闸', null],
    ]);
    const tooLong = await submit({ parentId: parent.id, code: 'sluice_kind', dictKey: '3', dictValue: '泄洪闸', dictValueEn: 'x'.repeat(256), sort: 3 });
    expect(tooLong.status).toBe(400);
  });
});

describe('seeding an existing database', () => {
  it('fills an English name where a row has none and keeps one an administrator typed', async () => {
    const where = `tenant_id = '316979' AND code = 'plan_status'`;
    await t.db.query(`UPDATE blade_dict SET dict_value_en = NULL WHERE ${where} AND dict_key IN ('1', '-1')`);
    await t.db.query(`UPDATE blade_dict SET dict_value_en = '' WHERE ${where} AND dict_key = '2'`);
    await t.db.query(`UPDATE blade_dict SET dict_value_en = 'Halted' WHERE ${where} AND dict_key = '3'`);
    await seedDatabase(t.db, { demo: true });
    const rows = await t.db.query<{ dict_key: string; dict_value_en: string }>(
      `SELECT dict_key, dict_value_en FROM blade_dict WHERE ${where} AND is_deleted = 0 ORDER BY sort, dict_key`,
    );
    expect(Object.fromEntries(rows.rows.map((r) => [r.dict_key, r.dict_value_en]))).toEqual({
      '-1': 'Plan status',
      '1': 'Draft',
      '2': 'Published',
      '3': 'Halted',
    });
  });
});

describe('exports', () => {
  it('an inspection record export labels the audit status in English for an English caller, in Chinese otherwise', async () => {
    const body = { auditStatus: 1, startTime_dategt: '2000-01-01 00:00:00' };
    const english = await xlsxRows('/api/v1/inspect/record/export', 'en', { method: 'POST', body });
    expect(english.length).toBeGreaterThan(1);
    expect(new Set(column(english, 'Audit status'))).toEqual(new Set(['Approved']));
    const chinese = await xlsxRows('/api/v1/inspect/record/export', 'zh', { method: 'POST', body });
    expect(new Set(column(chinese, '审核状态'))).toEqual(new Set(['已通过']));
  });

  it('an entry without an English name exports by its Chinese name in English too', async () => {
    await t.db.query(`UPDATE blade_dict SET dict_value_en = NULL WHERE tenant_id = '316979' AND code = 'audit_status' AND dict_key = '1'`);
    try {
      const english = await xlsxRows('/api/v1/inspect/record/export', 'en', { method: 'POST', body: { auditStatus: 1 } });
      expect(new Set(column(english, 'Audit status'))).toEqual(new Set(['已通过']));
    } finally {
      await t.db.query(`UPDATE blade_dict SET dict_value_en = 'Approved' WHERE tenant_id = '316979' AND code = 'audit_status' AND dict_key = '1'`);
    }
  });

  it('the hand-written exports label in English too: users (sex, platform) and responsible persons (duty)', async () => {
    const users = await xlsxRows('/api/blade-system/user/export-user', 'en');
    expect(column(users, 'User platform')).toContain('Web');
    const staff = await xlsxRows('/api/v1/reservoir/staff/export', 'en');
    expect(new Set(column(staff, 'Duty'))).toEqual(new Set(['Administrative responsible person', 'Technical responsible person', 'Patrol responsible person']));
  });

  it('a user sheet in English imports again: sex and platform are read by their English names too', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Users');
    sheet.addRow(['Account', 'Nickname', 'Full name', 'Sex', 'User platform']);
    sheet.addRow(['english_sheet', 'Lin', 'Lin Hai', 'Female', 'Mobile app']);
    const form = new FormData();
    form.append('isCovered', '0');
    form.append('file', new Blob([new Uint8Array(Buffer.from(await workbook.xlsx.writeBuffer()))]), 'users.xlsx');
    const response = await fetch(`${t.url}/api/blade-system/user/import-user`, {
      method: 'POST',
      headers: { 'Blade-Auth': `bearer ${admin}`, 'Accept-Language': 'en' },
      body: form,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const user = await t.db.query(`SELECT sex, user_type FROM blade_user WHERE tenant_id = '316979' AND account = 'english_sheet' AND is_deleted = 0`);
    expect(user.rows).toEqual([{ sex: 2, user_type: 2 }]);
  });
});
