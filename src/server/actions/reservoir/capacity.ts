/**
 * Capacity curve actions (save and update are the engine's, which checks the
 * reservoir reference): export-template answers the .xlsx the import reads (with the reservoir's
 * current points when reservoirId is given), and import reads it back.
 */
import { isIdString } from '../../db/ids.js';
import { defineActions, type ActionContext, type FileAnswer } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { XLSX_TYPE } from '../../engine/operations/exportOperation.js';
import { badRequest, notFound } from '../../http/apiError.js';
import { importCurves } from './capacityImport.js';
import { capacityWorkbook, CURVE_SHEET, type CurveOwner, type CurvePoint } from './capacityTemplate.js';

/** The reservoir a template is filled for, anywhere in the tenant. */
async function reservoirOf(ctx: ActionContext, id: string): Promise<CurveOwner> {
  const found = await localApi(ctx).tenantWide().findById('reservoir/reservoir', id);
  if (!found) throw notFound('水库不存在或已被删除', 'The reservoir does not exist or was deleted');
  return { code: found.code, name: found.name };
}

/** A reservoir's curve, by rising water level. */
export async function curveOf(ctx: ActionContext, reservoirId: string): Promise<CurvePoint[]> {
  const points = await localApi(ctx)
    .tenantWide()
    .find('reservoir/capacity', { where: { reservoirId }, sort: ['waterLevel asc'] });
  return points.map(({ waterLevel, capacity, area }) => ({ waterLevel, capacity, area: area ?? null }));
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
  exportTemplate,
  importCurve: importCurves,
});
