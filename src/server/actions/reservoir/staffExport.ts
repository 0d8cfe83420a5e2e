/**
 * The responsible-person export: the filtered staff list as .xlsx, with the
 * reservoir's name and code and the bound account instead of raw ids, and
 * duty labels from the tenant's staff_duty dictionary (English names in English).
 */
import ExcelJS from 'exceljs';
import type { ActionContext } from '../../engine/actions.js';
import { dictionaryLabels } from '../../engine/dictionaryLabels.js';
import { parseListParams } from '../../engine/listParams.js';
import { XLSX_TYPE, type ExportFile } from '../../engine/operations/exportOperation.js';
import { EXACT_COUNT_LIMIT, orderClause, Params, whereClause } from '../../engine/sqlBuilder.js';
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

export async function exportStaff(ctx: ActionContext): Promise<ExportFile> {
  const { current: _current, size: _size, ...query } = ctx.query;
  const list = parseListParams(ctx.model, ctx.binding, query);
  const params = new Params();
  const where = whereClause(ctx.model, ctx.scope, list.filters, params);
  const limit = params.add(EXACT_COUNT_LIMIT + 1);
  const rows = (
    await ctx.db.query(
      `SELECT r.name AS "reservoirName", r.code AS "reservoirCode", s.duty::text AS "duty", s.name AS "name", s.phone AS "phone",
              s.post AS "post", s.unit AS "unit", u.account AS "account"
         FROM (SELECT * FROM rsc_reservoir_staff ${where} ${orderClause(list.sort)} LIMIT ${limit}) s
         LEFT JOIN rsc_reservoir r ON r.id = s.reservoir_id AND r.tenant_id = s.tenant_id AND r.is_deleted = 0
         LEFT JOIN blade_user u ON u.id = s.user_id AND u.tenant_id = s.tenant_id AND u.is_deleted = 0
        ORDER BY r.region_code, r.code, s.duty`,
      params.values,
    )
  ).rows as Record<string, string | null>[];
  if (rows.length > EXACT_COUNT_LIMIT) throw badRequest(`导出数据超过 ${EXACT_COUNT_LIMIT} 条，请缩小查询范围`, `More than ${EXACT_COUNT_LIMIT} rows match; narrow the search to export`);
  const duties = (await dictionaryLabels(ctx.db, ctx.caller.tenantId, ['staff_duty'], ctx.language)).get('staff_duty') ?? new Map<string, string>();
  const title = ctx.language === 'zh' ? '水库责任人' : 'Responsible persons';
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(title);
  sheet.columns = COLUMNS.map((column) => ({ header: column[ctx.language], key: column.key, width: column.width }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow({ ...row, duty: duties.get(String(row.duty)) ?? row.duty });
  return { fileName: `${title}.xlsx`, content: Buffer.from(await workbook.xlsx.writeBuffer()), contentType: XLSX_TYPE };
}
