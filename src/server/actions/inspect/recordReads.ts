/**
 * Reads over a record register beyond the generic list: counts per
 * reservoir (getRecordCountVO) and the records that found a problem
 * (getRiskRecord). Both obey the caller's tenant and data scope.
 */
import { badRequest } from '../../http/apiError.js';
import type { ActionContext } from '../../engine/actions.js';
import { scopedQuery, type ScopedQuery } from '../../engine/scopedQuery.js';
import type { SchemaId } from '../../../shared/generated/entityTypes.js';
import { idList, type Row } from './setupRules.js';

function bodyRow(ctx: ActionContext): Row {
  const body = ctx.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Row) : {};
}

function reservoirFilter(raw: unknown): string[] {
  if (raw === undefined || raw === null || raw === '') return [];
  const list = idList(raw);
  if (!list.isValid) throw badRequest('参数 reservoirIds 不正确', 'The parameter reservoirIds is not valid');
  return list.ids;
}

/** Per reservoir: all records and those pending, passed, rejected and with problems (reservoirIds limits it). */
export async function recordCounts(ctx: ActionContext): Promise<Row[]> {
  const reservoirIds = reservoirFilter(bodyRow(ctx).reservoirIds ?? ctx.query.reservoirIds);
  const q = scopedQuery(ctx);
  const r = await q.from(ctx.model.id as SchemaId, 'r');
  const v = await q.from('reservoir/reservoir', 'v', 'tenant');
  const where = [r.scope];
  if (reservoirIds.length > 0) where.push(`${r.col('reservoirId')} = ANY(${q.param(reservoirIds)}::bigint[])`);
  const status = r.col('auditStatus');
  return q.rows(
    `SELECT ${r.col('reservoirId')}::text AS "reservoirId", MAX(${v.col('name')}) AS "reservoirName", COUNT(*)::int AS total,
            COUNT(*) FILTER (WHERE ${status} = 0)::int AS pending, COUNT(*) FILTER (WHERE ${status} = 1)::int AS passed,
            COUNT(*) FILTER (WHERE ${status} = 2)::int AS rejected, COUNT(*) FILTER (WHERE ${r.col('problemCount')} > 0)::int AS "problemRecords"
       FROM ${r.table}
       LEFT JOIN ${v.table} ON ${v.col('id')} = ${r.col('reservoirId')} AND ${v.scope}
      WHERE ${where.join(' AND ')} GROUP BY ${r.col('reservoirId')} ORDER BY "reservoirName"`,
  );
}

function pageNumber(raw: unknown, fallback: number, max: number): number {
  const value = Number(raw ?? fallback);
  return Number.isInteger(value) && value >= 1 ? Math.min(value, max) : fallback;
}

/** Records with problems (abnormal items or a risk), newest first, paged like a list. */
export async function riskRecords(ctx: ActionContext): Promise<Row> {
  const input = { ...ctx.query, ...bodyRow(ctx) };
  const current = pageNumber(input.current, 1, 100_000);
  const size = pageNumber(input.size, 10, 500);
  const reservoirIds = reservoirFilter(input.reservoirIds ?? input.reservoirId);
  const filtered = async (q: ScopedQuery) => {
    const r = await q.from(ctx.model.id as SchemaId, 'r');
    const where = [r.scope, `(${r.col('problemCount')} > 0 OR ${r.col('riskLevel')} IS NOT NULL)`];
    if (reservoirIds.length > 0) where.push(`${r.col('reservoirId')} = ANY(${q.param(reservoirIds)}::bigint[])`);
    return { r, where: where.join(' AND ') };
  };
  const counting = scopedQuery(ctx);
  const c = await filtered(counting);
  const total = (await counting.rows<{ n: number }>(`SELECT COUNT(*)::int AS n FROM ${c.r.table} WHERE ${c.where}`))[0].n;
  const q = scopedQuery(ctx);
  const { r, where } = await filtered(q);
  const records = await q.rows(
    `SELECT ${r.col('id')}::text AS id, ${r.col('planId')}::text AS "planId", ${r.col('reservoirId')}::text AS "reservoirId", ${r.col('inspectorId')}::text AS "inspectorId",
            to_char(${r.col('startTime')}, 'YYYY-MM-DD HH24:MI:SS') AS "startTime", ${r.col('problemCount')} AS "problemCount", ${r.col('riskLevel')} AS "riskLevel",
            ${r.col('riskDescription')} AS "riskDescription", ${r.col('auditStatus')} AS "auditStatus"
       FROM ${r.table} WHERE ${where} ORDER BY ${r.col('startTime')} DESC, ${r.col('id')} DESC
      LIMIT ${q.param(size)} OFFSET ${q.param((current - 1) * size)}`,
  );
  return { records, total, size, current, pages: Math.ceil(total / size) };
}
