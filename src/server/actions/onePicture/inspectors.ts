/**
 * getInsUserCount and getInsUserVO: who inspected the caller's reservoirs in a period (startDate–endDate inclusive,
 * default this month) and how much — from the inspection records (inspect/record, through its own data scope).
 * patrolPersonCount is the reservoirs' 巡查责任人 on file (reservoir/staff, duty 3), the people meant to patrol.
 */
import type { ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import { onlyParams, periodParams, type Period } from './params.js';
import { mapReservoirs } from './reservoirs.js';
import type { InspectorCount, InspectorFigures } from '../../../shared/onePictureAnswers.js';

/** An answer lists at most this many inspectors (the busiest first). */
export const MAX_INSPECTORS = 200;

async function perInspector(ctx: ActionContext, ids: string[], period: Period): Promise<Omit<InspectorFigures, 'inspectorName'>[]> {
  const q = scopedQuery(ctx);
  const r = await q.from('inspect/record', 'r');
  const t = r.col('startTime');
  return q.rows(
    `SELECT ${r.col('inspectorId')}::text AS "inspectorId", count(*)::int AS "recordCount",
            coalesce(sum(${r.col('problemCount')}), 0)::int AS "problemCount",
            count(DISTINCT ${r.col('reservoirId')})::int AS "reservoirCount", max(${t}) AS "lastTime"
       FROM ${r.table}
      WHERE ${r.scope} AND ${r.col('reservoirId')} = ANY(${q.param(ids)}::bigint[]) AND ${r.col('inspectorId')} IS NOT NULL
        AND ${t} >= ${q.param(period.startDate)}::date AND ${t} < ${q.param(period.endDate)}::date + 1
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${MAX_INSPECTORS}`,
  );
}

async function withNames(ctx: ActionContext, rows: Omit<InspectorFigures, 'inspectorName'>[]): Promise<InspectorFigures[]> {
  if (rows.length === 0) return [];
  // Names of any user of the tenant who inspected, also one since removed from a department the caller sees.
  const users = await localApi(ctx)
    .tenantWide()
    .find('system/user', { where: { id: rows.map((row) => row.inspectorId) } });
  const names = new Map(users.map((user) => [String(user.id), String(user.realName || user.name || user.account)]));
  return rows.map((row) => ({ ...row, inspectorName: names.get(row.inspectorId) ?? '' }));
}

export async function getInsUserVO(ctx: ActionContext): Promise<InspectorFigures[]> {
  onlyParams(ctx.query, ['startDate', 'endDate']);
  const period = periodParams(ctx.query);
  const ids = (await mapReservoirs(ctx)).map((r) => r.id);
  return withNames(ctx, await perInspector(ctx, ids, period));
}

export async function getInsUserCount(ctx: ActionContext): Promise<InspectorCount> {
  onlyParams(ctx.query, ['startDate', 'endDate']);
  const period = periodParams(ctx.query);
  const ids = (await mapReservoirs(ctx)).map((r) => r.id);
  const q = scopedQuery(ctx);
  const r = await q.from('inspect/record', 'r');
  const t = r.col('startTime');
  const [totals] = await q.rows<{ inspectors: number; records: number; problems: number; reservoirs: number }>(
    `SELECT count(DISTINCT ${r.col('inspectorId')})::int AS inspectors, count(*)::int AS records,
            coalesce(sum(${r.col('problemCount')}), 0)::int AS problems, count(DISTINCT ${r.col('reservoirId')})::int AS reservoirs
       FROM ${r.table}
      WHERE ${r.scope} AND ${r.col('reservoirId')} = ANY(${q.param(ids)}::bigint[])
        AND ${t} >= ${q.param(period.startDate)}::date AND ${t} < ${q.param(period.endDate)}::date + 1`,
  );
  const patrolPersonCount = ids.length ? await localApi(ctx).tenantWide().count('reservoir/staff', { reservoirId: ids, duty: 3 }) : 0;
  return {
    ...period,
    inspectorCount: totals.inspectors,
    recordCount: totals.records,
    problemCount: totals.problems,
    inspectedReservoirCount: totals.reservoirs,
    reservoirCount: ids.length,
    patrolPersonCount,
  };
}
