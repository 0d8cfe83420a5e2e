/**
 * The live figures of a set of reservoirs, each register read through its own scope (scopedQuery: tenant, the
 * caller's data scope on that register, soft delete) and limited to the reservoirs asked about:
 * the newest water level (the daily rollup's last value of the newest day with readings), rainfall since 08:00
 * (the wettest rain station of the reservoir), inspections this month, open events (status 1 待签收, 2 处理中,
 * 3 待审核) and active warnings (warningState 1) with their highest level.
 */
import type { ActionContext } from '../../engine/actions.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import type { MapState, ReservoirFigures } from '../../../shared/onePictureAnswers.js';

export const WATER_LEVEL_ELEMENT = 1;
export const RAINFALL_ELEMENT = 2;
export const OPEN_EVENT_STATUSES = [1, 2, 3];
export const ACTIVE_WARNING = 1;
/** A level older than this leaves the reservoir without live data (grey on the map). */
export const FRESH_LEVEL_HOURS = 48;

/** Registers' times are wall-clock times of Asia/Shanghai; the database session runs in it. */
const NOW = 'LOCALTIMESTAMP(0)';
const SINCE_8 = `(date_trunc('day', ${NOW} - interval '8 hours') + interval '8 hours')`;
const MONTH_START = `date_trunc('month', ${NOW})`;

const empty = (): ReservoirFigures => ({
  latestLevel: null,
  latestLevelTime: null,
  todayRainfall: null,
  inspectionsThisMonth: 0,
  openEvents: 0,
  activeWarnings: 0,
  warningLevel: null,
  stationCount: 0,
  cameraCount: 0,
});

type Figures = Map<string, ReservoirFigures>;

async function latestLevels(ctx: ActionContext, ids: string[], figures: Figures): Promise<void> {
  const q = scopedQuery(ctx);
  const d = await q.from('monitor/readingDay', 'd');
  const rows = await q.rows<{ reservoirId: string; value: number; time: string }>(
    `SELECT DISTINCT ON (${d.col('reservoirId')}) ${d.col('reservoirId')}::text AS "reservoirId", ${d.col('lastValue')} AS value, ${d.col('lastTime')} AS time
       FROM ${d.table}
      WHERE ${d.scope} AND ${d.col('reservoirId')} = ANY(${q.param(ids)}::bigint[]) AND ${d.col('element')} = ${WATER_LEVEL_ELEMENT}
        AND ${d.col('readings')} > 0 AND ${d.col('day')} >= CURRENT_DATE - 60
      ORDER BY ${d.col('reservoirId')}, ${d.col('lastTime')} DESC`,
  );
  for (const row of rows) Object.assign(figures.get(row.reservoirId)!, { latestLevel: Number(row.value), latestLevelTime: row.time });
}

async function todayRainfall(ctx: ActionContext, ids: string[], figures: Figures): Promise<void> {
  const q = scopedQuery(ctx);
  const r = await q.from('monitor/reading', 'r');
  const t = r.col('observeTime');
  const rows = await q.rows<{ reservoirId: string; total: number }>(
    `SELECT "reservoirId", max(total) AS total FROM (
       SELECT ${r.col('reservoirId')}::text AS "reservoirId", ${r.col('stationId')}, sum(${r.col('value')}) AS total
         FROM ${r.table}
        WHERE ${r.scope} AND ${r.col('reservoirId')} = ANY(${q.param(ids)}::bigint[]) AND ${r.col('element')} = ${RAINFALL_ELEMENT}
          AND ${t} > ${SINCE_8} AND ${t} <= ${NOW}
        GROUP BY 1, 2) AS station GROUP BY 1`,
  );
  for (const row of rows) figures.get(row.reservoirId)!.todayRainfall = Math.round(Number(row.total) * 10) / 10;
}

async function countBy(
  ctx: ActionContext,
  ids: string[],
  figures: Figures,
  schemaId: 'inspect/record' | 'inspect/event' | 'info/station' | 'camera/camera',
  key: 'inspectionsThisMonth' | 'openEvents' | 'stationCount' | 'cameraCount',
): Promise<void> {
  const q = scopedQuery(ctx);
  const x = await q.from(schemaId, 'x');
  const extra =
    schemaId === 'inspect/record'
      ? `AND ${x.col('startTime')} >= ${MONTH_START}`
      : schemaId === 'inspect/event'
        ? `AND ${x.col('status')} = ANY(${q.param(OPEN_EVENT_STATUSES)}::int[])`
        : '';
  const rows = await q.rows<{ reservoirId: string; n: number }>(
    `SELECT ${x.col('reservoirId')}::text AS "reservoirId", count(*)::int AS n FROM ${x.table}
      WHERE ${x.scope} AND ${x.col('reservoirId')} = ANY(${q.param(ids)}::bigint[]) ${extra} GROUP BY 1`,
  );
  for (const row of rows) figures.get(row.reservoirId)![key] = row.n;
}

async function activeWarnings(ctx: ActionContext, ids: string[], figures: Figures): Promise<void> {
  const q = scopedQuery(ctx);
  const w = await q.from('monitor/warningLog', 'w');
  const rows = await q.rows<{ reservoirId: string; n: number; level: number | null }>(
    `SELECT ${w.col('reservoirId')}::text AS "reservoirId", count(*)::int AS n, max(${w.col('warningLevel')}) AS level FROM ${w.table}
      WHERE ${w.scope} AND ${w.col('reservoirId')} = ANY(${q.param(ids)}::bigint[]) AND ${w.col('warningState')} = ${ACTIVE_WARNING} GROUP BY 1`,
  );
  for (const row of rows) Object.assign(figures.get(row.reservoirId)!, { activeWarnings: row.n, warningLevel: row.level === null ? null : Number(row.level) });
}

export async function reservoirFigures(ctx: ActionContext, reservoirIds: string[]): Promise<Figures> {
  const figures: Figures = new Map(reservoirIds.map((id) => [id, empty()]));
  if (reservoirIds.length === 0) return figures;
  await Promise.all([
    latestLevels(ctx, reservoirIds, figures),
    todayRainfall(ctx, reservoirIds, figures),
    countBy(ctx, reservoirIds, figures, 'inspect/record', 'inspectionsThisMonth'),
    countBy(ctx, reservoirIds, figures, 'inspect/event', 'openEvents'),
    countBy(ctx, reservoirIds, figures, 'info/station', 'stationCount'),
    countBy(ctx, reservoirIds, figures, 'camera/camera', 'cameraCount'),
    activeWarnings(ctx, reservoirIds, figures),
  ]);
  return figures;
}

/** The map colour of a reservoir: an active warning first, then an open event, then live data or none. */
export function mapState(figures: ReservoirFigures, now = Date.now()): MapState {
  if (figures.activeWarnings > 0) return 'warning';
  if (figures.openEvents > 0) return 'event';
  if (!figures.latestLevelTime) return 'offline';
  const levelMs = Date.parse(`${figures.latestLevelTime.replace(' ', 'T')}+08:00`);
  return now - levelMs <= FRESH_LEVEL_HOURS * 3600_000 ? 'normal' : 'offline';
}
