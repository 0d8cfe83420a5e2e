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
import { numberOrNull } from './screenNumbers.js';
import { databaseDays, type DatabaseDays } from '../../db/databaseClock.js';
import { addDays } from '../inspect/plannedInspections.js';

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

export interface ScreenDays extends DatabaseDays {
  /** The first of the 30 days of the trend (today included). */
  trendStart: string;
}

export async function screenDays(ctx: ActionContext): Promise<ScreenDays> {
  const days = await databaseDays(ctx.db);
  return { ...days, trendStart: addDays(days.today, -29) };
}
