/**
 * The spreadsheet form of a user, shared by export, the import template and
 * import, so that an exported sheet can be imported again. Roles,
 * departments and posts appear by name; sex and platform by their
 * dictionary labels (English names in English; import takes either). There is no password column: imported accounts get the
 * tenant's initial password.
 */
import ExcelJS from 'exceljs';
import type { Queryable } from '../../db/pool.js';
import { dictionaryLabels, type DictionaryLabels } from '../../engine/dictionaryLabels.js';
import type { Language } from '../../http/apiError.js';

export interface UserColumn {
  key: string;
  zh: string;
  en: string;
  width: number;
  /** Labelled by this dictionary (the cell holds the label; the key is accepted too). */
  dict?: string;
}

export const USER_COLUMNS: UserColumn[] = [
  { key: 'account', zh: '登录账号', en: 'Account', width: 18 },
  { key: 'name', zh: '用户昵称', en: 'Nickname', width: 16 },
  { key: 'realName', zh: '用户姓名', en: 'Full name', width: 16 },
  { key: 'phone', zh: '手机号码', en: 'Mobile phone', width: 16 },
  { key: 'email', zh: '邮箱', en: 'Email', width: 24 },
  { key: 'sex', zh: '性别', en: 'Sex', width: 8, dict: 'sex' },
  { key: 'birthday', zh: '生日', en: 'Birthday', width: 14 },
  { key: 'roleName', zh: '所属角色', en: 'Roles', width: 24 },
  { key: 'deptName', zh: '所属部门', en: 'Departments', width: 24 },
  { key: 'postName', zh: '所属岗位', en: 'Posts', width: 20 },
  { key: 'code', zh: '用户编号', en: 'User number', width: 14 },
  { key: 'userType', zh: '用户平台', en: 'User platform', width: 12, dict: 'user_type' },
];

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Several names in one cell: commas (either width) or 、. */
export function splitNames(cell: string): string[] {
  return cell
    .split(/[,，、]/)
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** The dictionaries the sheet labels by (sex, user_type). */
export const SHEET_DICTIONARIES = [...new Set(USER_COLUMNS.map((column) => column.dict).filter((code): code is string => !!code))];

/** key → label in the caller's language, per dictionary code, for the caller's tenant. */
export async function sheetLabels(db: Queryable, tenantId: string, language: Language): Promise<DictionaryLabels> {
  return dictionaryLabels(db, tenantId, SHEET_DICTIONARIES, language);
}

export async function userWorkbook(title: string, language: Language, rows: Record<string, unknown>[], labels: DictionaryLabels): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(title.slice(0, 31));
  sheet.columns = USER_COLUMNS.map((column) => ({ header: language === 'zh' ? column.zh : column.en, key: column.key, width: column.width }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(
      Object.fromEntries(
        USER_COLUMNS.map((column) => {
          const value = row[column.key];
          if (value === null || value === undefined) return [column.key, null];
          return [column.key, column.dict ? (labels.get(column.dict)?.get(String(value)) ?? String(value)) : String(value)];
        }),
      ),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
