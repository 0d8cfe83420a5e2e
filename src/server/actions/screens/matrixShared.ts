/**
 * What the four matrix screens (四全 / 四制 / 四预 / 四管, menu screen_matrix) share: the reservoirs the caller may
 * see, and the way every other register is read for them.
 *
 * Data scope: a screen shows the reservoirs the user who opened it may see in the reservoir archive (the archive's
 * data scope, as its list applies it). Every other register (stations, readings, cameras, staff, files, engineering,
 * records, events …) is then read tenant-wide but only for those reservoirs, so all four screens count the same set
 * of reservoirs whatever scope each register's own menu grants.
 */
import type { ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { scopedQuery, type ScopedQuery, type ScopedTable } from '../../engine/scopedQuery.js';
import type { SchemaId } from '../../../shared/generated/entityTypes.js';
import { numberOrNull } from './screenNumbers.js';

export interface MatrixReservoir {
  id: string;
  name: string;
  scale: number | null;
  safetyClass: number | null;
  appraisalDate: string | null;
  reinforceYear: number | null;
  completedYear: number | null;
  floodLimitWaterLevel: number | null;
  normalWaterLevel: number | null;
  designFloodLevel: number | null;
  deptId: string | null;
  manageUnit: string | null;
  competentDept: string | null;
}

/** The reservoirs of the caller's tenant and data scope, in the archive's order. */
export async function visibleReservoirs(ctx: ActionContext): Promise<MatrixReservoir[]> {
  const rows = await localApi(ctx).find('reservoir/reservoir', {});
  return rows.map((r) => ({
    id: String(r.id),
    name: r.name,
    scale: r.scale ?? null,
    safetyClass: r.safetyClass ?? null,
    appraisalDate: r.appraisalDate ?? null,
    reinforceYear: r.reinforceYear ?? null,
    completedYear: r.completedYear ?? null,
    floodLimitWaterLevel: numberOrNull(r.floodLimitWaterLevel),
    normalWaterLevel: numberOrNull(r.normalWaterLevel),
    designFloodLevel: numberOrNull(r.designFloodLevel),
    deptId: r.deptId ? String(r.deptId) : null,
    manageUnit: r.manageUnit ?? null,
    competentDept: r.competentDept ?? null,
  }));
}

export interface ReservoirTable extends ScopedTable {
  /** The scope and the reservoir condition, joined with AND. */
  rows: string;
}

export async function forReservoirs(q: ScopedQuery, id: SchemaId, alias: string, reservoirIds: string[]): Promise<ReservoirTable> {
  const table = await q.from(id, alias, 'tenant');
  return { ...table, rows: `${table.scope} AND ${table.col('reservoirId')} = ANY(${q.param(reservoirIds)}::bigint[])` };
}

/** A further condition on a register's rows, written with its columns and parameters. */
export type RowFilter = (t: ScopedTable, q: ScopedQuery) => string;

/** Counts of a register's rows per reservoir (only rows matching `filter` when given). */
export async function countByReservoir(ctx: ActionContext, id: SchemaId, reservoirIds: string[], filter?: RowFilter): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (reservoirIds.length === 0) return counts;
  const q = scopedQuery(ctx);
  const t = await forReservoirs(q, id, 't', reservoirIds);
  const rows = await q.rows<{ reservoirId: string; n: number }>(
    `SELECT ${t.col('reservoirId')}::text AS "reservoirId", count(*)::int AS "n" FROM ${t.table} WHERE ${t.rows} AND (${filter ? filter(t, q) : 'TRUE'}) GROUP BY 1`,
  );
  for (const row of rows) counts.set(row.reservoirId, row.n);
  return counts;
}

/** Counts of rows per value of one field (e.g. per dictionary key), as `{ key, count }` in key order. */
export async function countByField(ctx: ActionContext, id: SchemaId, field: string, reservoirIds: string[]): Promise<{ key: number; count: number }[]> {
  if (reservoirIds.length === 0) return [];
  const q = scopedQuery(ctx);
  const t = await forReservoirs(q, id, 't', reservoirIds);
  return q.rows<{ key: number; count: number }>(
    `SELECT ${t.col(field)}::int AS "key", count(*)::int AS "count" FROM ${t.table} WHERE ${t.rows} AND ${t.col(field)} IS NOT NULL GROUP BY 1 ORDER BY 1`,
  );
}

/** One statement over one register of the reservoirs (a scoped query's parameters belong to a single statement). */
export async function queryReservoirs<R>(ctx: ActionContext, id: SchemaId, ids: string[], text: (t: ReservoirTable, q: ScopedQuery) => string): Promise<R[]> {
  const q = scopedQuery(ctx);
  const t = await forReservoirs(q, id, 't', ids);
  return q.rows<R>(text(t, q));
}
