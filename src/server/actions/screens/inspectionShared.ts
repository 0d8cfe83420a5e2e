/**
 * What the reservoir inspection big screen's calls share (menu screen_inspection, GET /api/v2/screen/inspection/*).
 *
 * Data scope: the screen shows the reservoirs the user who opened it may see in the reservoir archive (the
 * archive's data scope, as its list applies it); every other register (plans, records, events, warnings) is read
 * tenant-wide but only for those reservoirs, so every panel counts the same reservoirs.
 */
import type { ActionContext } from '../../engine/actions.js';
import { dictionaryLabels } from '../../engine/dictionaryLabels.js';
import { localApi } from '../../engine/localApi.js';
import { scopedQuery, type ScopedQuery, type ScopedTable } from '../../engine/scopedQuery.js';
import type { SchemaId } from '../../../shared/generated/entityTypes.js';

export interface ScreenReservoir {
  id: string;
  name: string;
  regionCode: string | null;
  scale: number | null;
  damType: number | null;
  isImportant: boolean;
  lat: number | null;
  lng: number | null;
}

/** The reservoirs of the caller's tenant and archive data scope. */
export async function screenReservoirs(ctx: ActionContext): Promise<ScreenReservoir[]> {
  const rows = await localApi(ctx).find('reservoir/reservoir', {});
  return rows.map((r) => ({
    id: String(r.id),
    name: r.name,
    regionCode: r.regionCode ?? null,
    scale: r.scale ?? null,
    damType: r.damType ?? null,
    isImportant: r.isImportant === 1,
    lat: numberOrNull(r.latitude),
    lng: numberOrNull(r.longitude),
  }));
}

export function numberOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** A share in per cent with one decimal; 0 when there is nothing to share. */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

export interface ReservoirRows extends ScopedTable {
  /** The register's scope and the reservoir condition, joined with AND. */
  rows: string;
}

/**
 * One statement over one register's rows at the given reservoirs (tenant-wide otherwise, see the file comment);
 * a scoped query's parameters belong to a single statement.
 */
export async function queryAtReservoirs<R>(
  ctx: ActionContext,
  id: SchemaId,
  reservoirIds: string[],
  text: (t: ReservoirRows, q: ScopedQuery) => string,
): Promise<R[]> {
  if (reservoirIds.length === 0) return [];
  const q = scopedQuery(ctx);
  const table = await q.from(id, 't', 'tenant');
  const t = { ...table, rows: `${table.scope} AND ${table.col('reservoirId')} = ANY(${q.param(reservoirIds)}::bigint[])` };
  return q.rows<R>(text(t, q));
}

/** Counts per dictionary key as `{ key, label, count }` in key order, labelled in the caller's language. */
export async function labelledCounts(
  ctx: ActionContext,
  dictCode: string,
  counts: Map<number, number>,
): Promise<{ key: number; label: string; count: number }[]> {
  const labels = (await dictionaryLabels(ctx.db, ctx.caller.tenantId, [dictCode], ctx.language)).get(dictCode) ?? new Map<string, string>();
  return [...counts.entries()].sort(([a], [b]) => a - b).map(([key, count]) => ({ key, label: labels.get(String(key)) ?? String(key), count }));
}

/** Counts of values (null left out). */
export function countValues(values: (number | null)[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const value of values) if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

export interface ScreenDays {
  /** yyyy-MM-dd of the database's today (Asia/Shanghai, as every date of the registers). */
  today: string;
  /** Monday of this week. */
  weekStart: string;
  monthStart: string;
  /** The first of the 30 days of the trend (today included). */
  trendStart: string;
}

export async function screenDays(ctx: ActionContext): Promise<ScreenDays> {
  const result = await ctx.db.query<ScreenDays>(
    `SELECT to_char(d, 'YYYY-MM-DD') AS "today", to_char(date_trunc('week', d), 'YYYY-MM-DD') AS "weekStart",
            to_char(date_trunc('month', d), 'YYYY-MM-DD') AS "monthStart", to_char(d - 29, 'YYYY-MM-DD') AS "trendStart"
       FROM (SELECT LOCALTIMESTAMP::date AS d) now`,
  );
  return result.rows[0];
}
