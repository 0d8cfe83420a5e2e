/**
 * Reads over a record register beyond the generic list: counts per
 * reservoir (getRecordCountVO) and the records that found a problem
 * (getRiskRecord). Both obey the caller's tenant and data scope.
 */
import { badRequest } from '../../http/apiError.js';
import type { ActionContext } from '../../engine/actions.js';
import { entityModel } from '../../engine/entityRegistry.js';
import { quoteIdent } from '../../engine/naming.js';
import { Params, scopeConditions } from '../../engine/sqlBuilder.js';
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
  const params = new Params();
  const where = scopeConditions(ctx.model, ctx.scope, params, 'r');
  if (reservoirIds.length > 0) where.push(`r.reservoir_id = ANY(${params.add(reservoirIds)}::bigint[])`);
  const found = await ctx.db.query(
    `SELECT r.reservoir_id::text AS "reservoirId", MAX(v.name) AS "reservoirName", COUNT(*)::int AS total,
            COUNT(*) FILTER (WHERE r.audit_status = 0)::int AS pending, COUNT(*) FILTER (WHERE r.audit_status = 1)::int AS passed,
            COUNT(*) FILTER (WHERE r.audit_status = 2)::int AS rejected, COUNT(*) FILTER (WHERE r.problem_count > 0)::int AS "problemRecords"
       FROM ${quoteIdent(ctx.model.table)} r
       LEFT JOIN ${quoteIdent(entityModel('reservoir/reservoir').table)} v ON v.id = r.reservoir_id AND v.tenant_id = r.tenant_id
      WHERE ${where.join(' AND ')} GROUP BY r.reservoir_id ORDER BY "reservoirName"`,
    params.values,
  );
  return found.rows;
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
  const params = new Params();
  const where = scopeConditions(ctx.model, ctx.scope, params, 'r');
  where.push('(r.problem_count > 0 OR r.risk_level IS NOT NULL)');
  if (reservoirIds.length > 0) where.push(`r.reservoir_id = ANY(${params.add(reservoirIds)}::bigint[])`);
  const table = quoteIdent(ctx.model.table);
  const total = (await ctx.db.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM ${table} r WHERE ${where.join(' AND ')}`, params.values)).rows[0].n;
  const records = await ctx.db.query(
    `SELECT r.id::text AS id, r.plan_id::text AS "planId", r.reservoir_id::text AS "reservoirId", r.inspector_id::text AS "inspectorId",
            to_char(r.start_time, 'YYYY-MM-DD HH24:MI:SS') AS "startTime", r.problem_count AS "problemCount", r.risk_level AS "riskLevel",
            r.risk_description AS "riskDescription", r.audit_status AS "auditStatus"
       FROM ${table} r WHERE ${where.join(' AND ')} ORDER BY r.start_time DESC, r.id DESC
      LIMIT ${params.add(size)} OFFSET ${params.add((current - 1) * size)}`,
    params.values,
  );
  return { records: records.rows, total, size, current, pages: Math.ceil(total / size) };
}
