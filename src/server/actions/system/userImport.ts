/**
 * user/import-user: a multipart upload (`file`, an .xlsx in the layout of
 * export-template) and `isCovered` (1: rows whose account exists update that
 * user; otherwise they are errors). All rows are checked first; if any is
 * bad, the answer lists every bad row (its sheet row number and what is
 * wrong) and nothing is written. New accounts get the tenant's initial
 * password. Needs user_import, and user_add for new accounts, user_edit for
 * covered ones.
 */
import '@fastify/multipart';
import ExcelJS from 'exceljs';
import { hasButton } from '../../auth/permissions.js';
import { nextId } from '../../db/ids.js';
import type { DbClient } from '../../db/pool.js';
import type { ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { dictionaryRows, type DictionaryRow } from '../../engine/dictionaryLabels.js';
import { actorOf } from '../../engine/operations/context.js';
import { buildInsert, buildUpdate } from '../../engine/sqlBuilder.js';
import { ApiError, badRequest, forbidden } from '../../http/apiError.js';
import { assertMayAddAccount } from '../../system/tenantQuota.js';
import { initialPasswordRule } from './initialPassword.js';
import { isBlank, splitIds } from './actionParams.js';
import { rolesWithinReach } from './roleReach.js';
import { assertDepartmentsInScope, assertValidUser, normalizedUserBody } from './userInput.js';
import { usersByIds } from './userQueries.js';
import { SHEET_DICTIONARIES, splitNames, USER_COLUMNS } from './userSheet.js';
import { readSpreadsheetUpload } from '../../http/spreadsheetUpload.js';

type Row = Record<string, unknown>;

const MAX_ROWS = 2000;

export interface RowError {
  row: number;
  field?: string;
  message: string;
}

interface SheetRow {
  row: number;
  cells: Record<string, string>;
}

interface Upload {
  workbook: ExcelJS.Workbook;
  isCovered: boolean;
}

function localized(ctx: ActionContext, zh: string, en: string): string {
  return ctx.language === 'zh' ? zh : en;
}

async function readUpload(ctx: ActionContext): Promise<Upload> {
  const { workbook, fields } = await readSpreadsheetUpload(ctx.request, { zh: '请上传 Excel (.xlsx) 文件', en: 'Please upload an Excel (.xlsx) file' });
  const raw = fields.isCovered ?? ctx.query.isCovered;
  return { workbook, isCovered: raw === '1' || raw === 'true' };
}

/** The text a cell shows (rich text, hyperlinks, formulas, dates). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((part) => part.text)
        .join('')
        .trim();
    if ('text' in value) return String(value.text).trim();
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    return '';
  }
  return String(value).trim();
}

async function readSheet(workbook: ExcelJS.Workbook): Promise<SheetRow[]> {
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest('文件中没有工作表', 'The file holds no worksheet');
  const keyAt = new Map<number, string>();
  sheet.getRow(1).eachCell((cell, column) => {
    const header = cellText(cell.value).toLowerCase();
    const match = USER_COLUMNS.find((c) => c.zh === header || c.en.toLowerCase() === header || c.key.toLowerCase() === header);
    if (match) keyAt.set(column, match.key);
  });
  for (const required of USER_COLUMNS.slice(0, 3)) {
    if (![...keyAt.values()].includes(required.key)) {
      throw badRequest(`导入模板不正确：缺少“${required.zh}”列`, `The sheet does not follow the template: the column "${required.en}" is missing`);
    }
  }
  const rows: SheetRow[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const cells: Record<string, string> = {};
    for (const [column, key] of keyAt) cells[key] = cellText(row.getCell(column).value);
    if (Object.values(cells).some((text) => text !== '')) rows.push({ row: number, cells });
  });
  if (rows.length === 0) throw badRequest('文件中没有要导入的数据', 'The sheet holds no rows to import');
  if (rows.length > MAX_ROWS) throw badRequest(`一次最多导入 ${MAX_ROWS} 行`, `At most ${MAX_ROWS} rows can be imported at once`);
  return rows;
}

/** Name (and code or alias) → id, for roles, departments and posts of the tenant (the first in the registers' order wins). */
async function nameLookups(ctx: ActionContext, tx: DbClient): Promise<Record<'role' | 'dept' | 'post', Map<string, string>>> {
  const api = localApi(ctx, tx).tenantWide();
  const lookup = (rows: { id: string; names: (string | undefined)[] }[]) => {
    const map = new Map<string, string>();
    for (const row of rows) for (const name of row.names) if (name !== undefined && name !== null && !map.has(name)) map.set(name, row.id);
    return map;
  };
  const order: ['sort asc', 'id asc'] = ['sort asc', 'id asc'];
  return {
    role: lookup((await api.find('system/role', { sort: order })).map((r) => ({ id: r.id, names: [r.roleName, r.roleAlias] }))),
    dept: lookup((await api.find('system/dept', { sort: order })).map((d) => ({ id: d.id, names: [d.deptName] }))),
    post: lookup((await api.find('system/post', { sort: order })).map((p) => ({ id: p.id, names: [p.postName, p.postCode] }))),
  };
}

interface Prepared {
  row: number;
  body: Row;
  existingId?: string;
}

/** A sheet row as a user body, or the reasons it cannot be one. */
function rowBody(
  ctx: ActionContext,
  sheetRow: SheetRow,
  lookups: Awaited<ReturnType<typeof nameLookups>>,
  entries: DictionaryRow[],
): { body?: Row; errors: RowError[] } {
  const errors: RowError[] = [];
  const body: Row = {};
  for (const column of USER_COLUMNS) {
    const text = sheetRow.cells[column.key] ?? '';
    if (column.key === 'roleName' || column.key === 'deptName' || column.key === 'postName') {
      const kind = column.key.slice(0, 4) as 'role' | 'dept' | 'post';
      const ids: string[] = [];
      for (const name of splitNames(text)) {
        const id = lookups[kind].get(name);
        if (id) ids.push(id);
        else
          errors.push({
            row: sheetRow.row,
            field: `${kind}Id`,
            message: localized(ctx, `${column.zh}“${name}”不存在`, `${column.en}: "${name}" does not exist`),
          });
      }
      if (ids.length > 0) body[`${kind}Id`] = ids.join(',');
      continue;
    }
    if (text === '') continue;
    if (column.dict) {
      // The Chinese name, the English name (a sheet exported in English) or the key.
      const key = entries.find(
        (entry) => entry.code === column.dict && (entry.dictValue === text || entry.dictValueEn === text || entry.dictKey === text),
      )?.dictKey;
      if (key === undefined)
        errors.push({
          row: sheetRow.row,
          field: column.key,
          message: localized(ctx, `${column.zh}“${text}”不在可选范围内`, `${column.en}: "${text}" is not one of the allowed values`),
        });
      else body[column.key] = key;
      continue;
    }
    body[column.key] = text;
  }
  return { body: errors.length === 0 ? normalizedUserBody(body) : undefined, errors };
}

function validationErrors(ctx: ActionContext, row: number, body: Row, isCreate: boolean): RowError[] {
  try {
    assertValidUser(ctx, body, isCreate);
    return [];
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const fieldErrors = (error.data as { errors?: { field: string; message: string }[] } | null)?.errors;
    if (fieldErrors?.length) return fieldErrors.map((e) => ({ row, field: e.field, message: e.message }));
    return [{ row, message: ctx.language === 'zh' ? error.text.zh : error.text.en }];
  }
}

async function prepareRows(ctx: ActionContext, tx: DbClient, sheetRows: SheetRow[], isCovered: boolean): Promise<{ prepared: Prepared[]; errors: RowError[] }> {
  const lookups = await nameLookups(ctx, tx);
  const entries = await dictionaryRows(tx, ctx.caller.tenantId, SHEET_DICTIONARIES);
  const accounts = sheetRows.map((r) => r.cells.account).filter((a): a is string => !!a);
  const existing = await localApi(ctx, tx)
    .tenantWide()
    .find('system/user', { where: { account: accounts } });
  const existingIdOf = new Map(existing.map((r) => [r.account, r.id]));
  const visible = new Map((await usersByIds(tx, ctx.model, ctx.scope, [...existingIdOf.values()])).map((u) => [String(u.id), u]));
  const reach = await rolesWithinReach(tx, ctx.caller);
  const seen = new Map<string, number>();
  const prepared: Prepared[] = [];
  const errors: RowError[] = [];
  for (const sheetRow of sheetRows) {
    const { body, errors: cellErrors } = rowBody(ctx, sheetRow, lookups, entries);
    errors.push(...cellErrors);
    if (!body) continue;
    const account = String(body.account ?? '');
    const existingId = existingIdOf.get(account);
    const rowErrors = validationErrors(ctx, sheetRow.row, body, !existingId);
    if (account && seen.has(account)) {
      rowErrors.push({
        row: sheetRow.row,
        field: 'account',
        message: localized(ctx, `登录账号“${account}”与第 ${seen.get(account)} 行重复`, `The account "${account}" repeats row ${seen.get(account)}`),
      });
    }
    if (account) seen.set(account, sheetRow.row);
    if (existingId && !isCovered) {
      rowErrors.push({ row: sheetRow.row, field: 'account', message: localized(ctx, `登录账号“${account}”已存在`, `The account "${account}" already exists`) });
    }
    const current = existingId ? visible.get(existingId) : undefined;
    if (existingId && isCovered && !current) {
      rowErrors.push({
        row: sheetRow.row,
        field: 'account',
        message: localized(ctx, `无权修改账号“${account}”`, `You may not change the account "${account}"`),
      });
    }
    const before = current ? splitIds(current.roleId) : [];
    const after = body.roleId === undefined ? before : splitIds(body.roleId);
    const touched = current ? [...before, ...after.filter((id) => !before.includes(id))] : after;
    if (touched.some((id) => !reach.has(id))) {
      rowErrors.push({ row: sheetRow.row, field: 'roleId', message: localized(ctx, '角色超出了您的权限范围', 'A role goes beyond your own permissions') });
    }
    try {
      assertDepartmentsInScope(ctx.scope, existingId ? body : { ...body, deptId: body.deptId ?? '' });
    } catch {
      rowErrors.push({
        row: sheetRow.row,
        field: 'deptId',
        message: localized(ctx, '所属部门超出了您的数据权限范围', 'The department is outside your data scope'),
      });
    }
    errors.push(...rowErrors);
    if (rowErrors.length === 0) prepared.push({ row: sheetRow.row, body, existingId });
  }
  return { prepared, errors };
}

/** Only the fields of the sheet, typed as the schema says (coerced by validation). */
function writableData(ctx: ActionContext, body: Row, isCreate: boolean): Row {
  const data: Row = {};
  for (const [name, value] of Object.entries(body)) {
    const field = ctx.model.field.get(name);
    if (!field || field.isReadOnly || field.isBase || (!isCreate && field.isImmutable) || isBlank(value)) continue;
    data[name] = field.kind === 'integer' ? Number(value) : value;
  }
  return data;
}

async function assertImportButtons(ctx: ActionContext, tx: DbClient, prepared: Prepared[]): Promise<void> {
  if (prepared.some((p) => !p.existingId) && !(await hasButton(tx, ctx.caller, ctx.model.permissions.add!))) throw forbidden();
  if (prepared.some((p) => p.existingId) && !(await hasButton(tx, ctx.caller, ctx.model.permissions.edit!))) throw forbidden();
}

export interface ImportAnswer {
  created: number;
  updated: number;
  initialPasswords?: { account: string; initial: string }[];
}

export async function importUsers(ctx: ActionContext): Promise<ImportAnswer> {
  const upload = await readUpload(ctx);
  const tx = ctx.tx as DbClient;
  const sheetRows = await readSheet(upload.workbook);
  const { prepared, errors } = await prepareRows(ctx, tx, sheetRows, upload.isCovered);
  if (errors.length > 0) {
    const rows = new Set(errors.map((e) => e.row)).size;
    throw badRequest(`导入失败：${rows} 行数据有误，未导入任何数据`, `Import failed: ${rows} rows are invalid; nothing was imported`, { errors });
  }
  await assertImportButtons(ctx, tx, prepared);
  const rule = await initialPasswordRule(ctx, tx);
  // A known initial password needs one hash for the whole batch; random ones one each.
  const shared = rule.isRandom ? undefined : await rule.make();
  const actor = actorOf(ctx.caller);
  const answer: ImportAnswer = { created: 0, updated: 0 };
  const generated: NonNullable<ImportAnswer['initialPasswords']> = [];
  for (const item of prepared) {
    if (item.existingId) {
      const sql = buildUpdate(ctx.model, ctx.scope, actor, item.existingId, writableData(ctx, item.body, false));
      await tx.query(sql.text, sql.values);
      answer.updated++;
      continue;
    }
    // The tenant's account quota counts every new row (the whole import is undone when it runs out).
    await assertMayAddAccount(tx, ctx.caller.tenantId);
    const id = nextId();
    const insert = buildInsert(ctx.model, actor, id, writableData(ctx, item.body, true));
    await tx.query(insert.text, insert.values);
    const password = shared ?? (await rule.make());
    // tenant-sql: the password hash is no field of the register (never an input or output), so only SQL writes it.
    await tx.query('UPDATE blade_user SET password = $3 WHERE tenant_id = $1 AND id = $2', [ctx.caller.tenantId, id, password.hash]);
    if (password.generated) generated.push({ account: String(item.body.account), initial: password.generated });
    answer.created++;
  }
  return generated.length > 0 ? { ...answer, initialPasswords: generated } : answer;
}
