/**
 * The responsible-person export: the filtered staff list as .xlsx, with the
 * reservoir's name and code and the bound account instead of raw ids, and
 * duty labels from the tenant's staff_duty dictionary (English names in English).
 */
import ExcelJS from 'exceljs';
import type { EntityTypeMap } from '../../../shared/generated/entityTypes.js';
import type { ActionContext } from '../../engine/actions.js';
import { dictionaryLabels } from '../../engine/dictionaryLabels.js';
import { parseListParams } from '../../engine/listParams.js';
import { localApi, MAX_LOCAL_ROWS } from '../../engine/localApi.js';
import { XLSX_TYPE, type ExportFile } from '../../engine/operations/exportOperation.js';
import { buildSelectAll, EXACT_COUNT_LIMIT } from '../../engine/sqlBuilder.js';
import { badRequest } from '../../http/apiError.js';

const COLUMNS = [
  { key: 'reservoirName', zh: '水库名称', en: 'Reservoir', width: 24 },
  { key: 'reservoirCode', zh: '水库代码', en: 'Register code', width: 16 },
  { key: 'duty', zh: '责任人类型', en: 'Duty', width: 14 },
  { key: 'name', zh: '姓名', en: 'Name', width: 12 },
  { key: 'phone', zh: '手机号码', en: 'Mobile phone', width: 16 },
  { key: 'post', zh: '职务', en: 'Position', width: 20 },
  { key: 'unit', zh: '工作单位', en: 'Employer', width: 26 },
  { key: 'account', zh: '绑定账号', en: 'Bound account', width: 16 },
] as const;

type ExportRow = Record<(typeof COLUMNS)[number]['key'], string | null>;

/** Rows of one register by id, across the tenant, in reads of at most MAX_LOCAL_ROWS ids. */
async function byId<K extends 'reservoir/reservoir' | 'system/user'>(ctx: ActionContext, id: K, ids: string[]) {
  const api = localApi(ctx).tenantWide();
  const found = new Map<string, EntityTypeMap[K]>();
  for (let start = 0; start < ids.length; start += MAX_LOCAL_ROWS) {
    for (const row of await api.find(id, { where: { id: ids.slice(start, start + MAX_LOCAL_ROWS) } as never })) found.set(String(row.id), row);
  }
  return found;
}

/** Ascending, nulls last (as ORDER BY puts them). */
function compareNullsLast(a: string | number | null | undefined, b: string | number | null | undefined): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  return a < b ? -1 : 1;
}

// Stays (replaces the generic export): its columns are not the register's — the reservoir's name and code, the bound account's sign-in name.
export async function exportStaff(ctx: ActionContext): Promise<ExportFile> {
  const { current: _current, size: _size, ...query } = ctx.query;
  const list = parseListParams(ctx.model, ctx.binding, query);
  const select = buildSelectAll(ctx.model, ctx.scope, list.filters, list.sort, EXACT_COUNT_LIMIT + 1);
  const staff = (await ctx.db.query(select.text, select.values)).rows as EntityTypeMap['reservoir/staff'][];
  if (staff.length > EXACT_COUNT_LIMIT)
    throw badRequest(`导出数据超过 ${EXACT_COUNT_LIMIT} 条，请缩小查询范围`, `More than ${EXACT_COUNT_LIMIT} rows match; narrow the search to export`);
  const reservoirs = await byId(ctx, 'reservoir/reservoir', [...new Set(staff.map((person) => String(person.reservoirId)))]);
  const users = await byId(ctx, 'system/user', [...new Set(staff.flatMap((person) => (person.userId ? [String(person.userId)] : [])))]);
  const sorted = staff
    .map((person) => ({ person, reservoir: reservoirs.get(String(person.reservoirId)) }))
    .sort(
      (a, b) =>
        compareNullsLast(a.reservoir?.regionCode, b.reservoir?.regionCode) ||
        compareNullsLast(a.reservoir?.code, b.reservoir?.code) ||
        compareNullsLast(a.person.duty, b.person.duty),
    );
  const rows: ExportRow[] = sorted.map(({ person, reservoir }) => ({
    reservoirName: reservoir?.name ?? null,
    reservoirCode: reservoir?.code ?? null,
    duty: String(person.duty),
    name: person.name,
    phone: person.phone,
    post: person.post ?? null,
    unit: person.unit ?? null,
    account: (person.userId && users.get(String(person.userId))?.account) || null,
  }));
  const duties = (await dictionaryLabels(ctx.db, ctx.caller.tenantId, ['staff_duty'], ctx.language)).get('staff_duty') ?? new Map<string, string>();
  const title = ctx.language === 'zh' ? '水库责任人' : 'Responsible persons';
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(title);
  sheet.columns = COLUMNS.map((column) => ({ header: column[ctx.language], key: column.key, width: column.width }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow({ ...row, duty: duties.get(String(row.duty)) ?? row.duty });
  return { fileName: `${title}.xlsx`, content: Buffer.from(await workbook.xlsx.writeBuffer()), contentType: XLSX_TYPE };
}
