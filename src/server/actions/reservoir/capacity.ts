/**
 * Capacity curve actions: writes check the reservoir belongs to the tenant;
 * export-template answers the .xlsx the import reads (with the reservoir's
 * current points when reservoirId is given), and import reads it back.
 */
import { isIdString } from '../../db/ids.js';
import { defineActions, type ActionContext, type FileAnswer } from '../../engine/actions.js';
import { XLSX_TYPE } from '../../engine/operations/exportOperation.js';
import { badRequest, notFound } from '../../http/apiError.js';
import { checkedWrites } from './checkedWrites.js';
import { importCurves } from './capacityImport.js';
import { capacityWorkbook, CURVE_SHEET, type CurveOwner, type CurvePoint } from './capacityTemplate.js';
import { RESERVOIR_REF } from './references.js';

async function reservoirOf(ctx: ActionContext, id: string): Promise<CurveOwner> {
  const found = await ctx.db.query<CurveOwner>('SELECT code, name FROM rsc_reservoir WHERE tenant_id = $1 AND id = $2 AND is_deleted = 0', [ctx.caller.tenantId, id]);
  if (!found.rows[0]) throw notFound('水库不存在或已被删除', 'The reservoir does not exist or was deleted');
  return found.rows[0];
}

export async function curveOf(ctx: ActionContext, reservoirId: string): Promise<CurvePoint[]> {
  const result = await ctx.db.query<CurvePoint>(
    `SELECT water_level AS "waterLevel", capacity AS "capacity", area AS "area" FROM rsc_reservoir_capacity
      WHERE tenant_id = $1 AND reservoir_id = $2 AND is_deleted = 0 ORDER BY water_level`,
    [ctx.caller.tenantId, reservoirId],
  );
  return result.rows;
}

async function exportTemplate(ctx: ActionContext): Promise<FileAnswer> {
  const { reservoirId, ...rest } = ctx.query;
  const unknown = Object.keys(rest).find((key) => key !== '_t');
  if (unknown) throw badRequest(`不支持的查询参数“${unknown.slice(0, 64)}”`, `Unsupported query parameter "${unknown.slice(0, 64)}"`);
  let owner: CurveOwner | undefined;
  let points: CurvePoint[] = [];
  if (reservoirId !== undefined && reservoirId !== '') {
    if (!isIdString(reservoirId)) throw badRequest('参数 reservoirId 不正确', 'The parameter reservoirId is not a valid id');
    owner = await reservoirOf(ctx, reservoirId);
    points = await curveOf(ctx, reservoirId);
  }
  const content = await capacityWorkbook(ctx.language, owner, points);
  const fileName = `${owner ? `${owner.name}-` : ''}${CURVE_SHEET[ctx.language]}${ctx.language === 'zh' ? '模板' : ' template'}.xlsx`;
  return { file: { fileName, content, contentType: XLSX_TYPE } };
}

defineActions('reservoir/capacity', {
  ...checkedWrites([RESERVOIR_REF]),
  exportTemplate,
  importCurve: importCurves,
});
