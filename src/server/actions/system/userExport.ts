/**
 * user/export-user: every user the list's filters match (not just a page),
 * within the caller's tenant and data scope, as a real .xlsx in the import
 * layout; no password column exists. user/export-template: the same sheet
 * empty, with one example row, for import-user.
 */
import type { ActionContext } from '../../engine/actions.js';
import { EXACT_COUNT_LIMIT } from '../../engine/sqlBuilder.js';
import { badRequest } from '../../http/apiError.js';
import { allUsers } from './userQueries.js';
import { sheetLabels, userWorkbook, XLSX_CONTENT_TYPE } from './userSheet.js';

export interface SheetFile {
  fileName: string;
  content: Buffer;
  contentType: string;
}

export async function exportUsers(ctx: ActionContext): Promise<SheetFile> {
  const rows = await allUsers(ctx, EXACT_COUNT_LIMIT);
  if (rows.length > EXACT_COUNT_LIMIT) {
    throw badRequest(`导出数据超过 ${EXACT_COUNT_LIMIT} 条，请缩小查询范围`, `More than ${EXACT_COUNT_LIMIT} rows match; narrow the search to export`);
  }
  const title = ctx.language === 'zh' ? '用户数据' : 'Users';
  const content = await userWorkbook(title, ctx.language, rows, await sheetLabels(ctx.tx, ctx.caller.tenantId, ctx.language));
  return { fileName: `${title}.xlsx`, content, contentType: XLSX_CONTENT_TYPE };
}

export async function exportTemplate(ctx: ActionContext): Promise<{ file: SheetFile }> {
  const title = ctx.language === 'zh' ? '用户数据模板' : 'User import template';
  const example = { account: 'zhangsan', name: '张三', realName: '张三', phone: '13800000000', sex: '1', userType: '1' };
  const content = await userWorkbook(title, ctx.language, [example], await sheetLabels(ctx.tx, ctx.caller.tenantId, ctx.language));
  return { file: { fileName: `${title}.xlsx`, content, contentType: XLSX_CONTENT_TYPE } };
}
