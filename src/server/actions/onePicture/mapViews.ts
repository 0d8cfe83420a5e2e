/**
 * The map supervision views (menu map): counts per county for the province view (getRegionCount), the open
 * events of a region with their place for the county view (getEventList); and the monitoring map's stations with
 * their newest reading and active warnings (getStationList, menu map_monitor). Reservoirs come through the data
 * scope of the binding's menu, every other register through its own.
 */
import type { ActionContext } from '../../engine/actions.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import { regionName } from '../reservoir/regionCodes.js';
import { ACTIVE_WARNING, OPEN_EVENT_STATUSES, reservoirFigures } from './figures.js';
import { onlyParams, regionCodeParam } from './params.js';
import { mapReservoirs } from './reservoirs.js';
import type { MapEvent, MapStation, RegionCount } from '../../../shared/onePictureAnswers.js';

/** Per county (6-digit code) of the reservoirs in the region asked for (default all the caller sees). */
export async function getRegionCount(ctx: ActionContext): Promise<RegionCount[]> {
  onlyParams(ctx.query, ['regionCode']);
  const reservoirs = await mapReservoirs(ctx, { regionCode: regionCodeParam(ctx.query) });
  const figures = await reservoirFigures(
    ctx,
    reservoirs.map((r) => r.id),
  );
  const counties = new Map<string, RegionCount>();
  for (const reservoir of reservoirs) {
    const code = reservoir.regionCode.slice(0, 6);
    const entry = counties.get(code) ?? { regionCode: code, regionName: regionName(code), reservoirCount: 0, openEvents: 0, activeWarnings: 0 };
    const figure = figures.get(reservoir.id)!;
    entry.reservoirCount += 1;
    entry.openEvents += figure.openEvents;
    entry.activeWarnings += figure.activeWarnings;
    counties.set(code, entry);
  }
  return [...counties.values()];
}

/** An answer lists at most this many events or stations. */
export const MAX_MAP_ROWS = 500;

/** Open events (待签收, 处理中, 待审核) of the region's reservoirs, newest first, placed where reported or else at their reservoir. */
export async function getEventList(ctx: ActionContext): Promise<MapEvent[]> {
  onlyParams(ctx.query, ['regionCode']);
  const reservoirs = await mapReservoirs(ctx, { regionCode: regionCodeParam(ctx.query) });
  const byId = new Map(reservoirs.map((r) => [r.id, r]));
  const q = scopedQuery(ctx);
  const e = await q.from('inspect/event', 'e');
  const rows = await q.rows<Omit<MapEvent, 'reservoirName'>>(
    `SELECT ${e.col('id')}::text AS id, ${e.col('eventNo')} AS "eventNo", ${e.col('title')} AS title, ${e.col('reservoirId')}::text AS "reservoirId",
            ${e.col('status')} AS status, ${e.col('level')} AS level, ${e.col('createTime')} AS "createTime",
            ${e.col('longitude')} AS longitude, ${e.col('latitude')} AS latitude
       FROM ${e.table}
      WHERE ${e.scope} AND ${e.col('reservoirId')} = ANY(${q.param([...byId.keys()])}::bigint[]) AND ${e.col('status')} = ANY(${q.param(OPEN_EVENT_STATUSES)}::int[])
      ORDER BY ${e.col('createTime')} DESC LIMIT ${MAX_MAP_ROWS}`,
  );
  return rows.map((row) => {
    const reservoir = byId.get(row.reservoirId)!;
    const placed = row.longitude !== null && row.latitude !== null;
    return {
      ...row,
      reservoirName: reservoir.name,
      longitude: placed ? row.longitude : reservoir.longitude,
      latitude: placed ? row.latitude : reservoir.latitude,
    };
  });
}

async function latestReadings(ctx: ActionContext, ids: string[]): Promise<Map<string, MapStation['latest']>> {
  const q = scopedQuery(ctx);
  const d = await q.from('monitor/readingDay', 'd');
  const rows = await q.rows<{ stationId: string; element: number; value: number; time: string }>(
    `SELECT DISTINCT ON (${d.col('stationId')}) ${d.col('stationId')}::text AS "stationId", ${d.col('element')} AS element,
            ${d.col('lastValue')} AS value, ${d.col('lastTime')} AS time
       FROM ${d.table}
      WHERE ${d.scope} AND ${d.col('stationId')} = ANY(${q.param(ids)}::bigint[]) AND ${d.col('readings')} > 0 AND ${d.col('day')} >= CURRENT_DATE - 60
      ORDER BY ${d.col('stationId')}, ${d.col('lastTime')} DESC`,
  );
  return new Map(rows.map((row) => [row.stationId, { element: row.element, value: Number(row.value), time: row.time }]));
}

async function stationWarnings(ctx: ActionContext, ids: string[]): Promise<Map<string, { n: number; level: number | null }>> {
  const q = scopedQuery(ctx);
  const w = await q.from('monitor/warningLog', 'w');
  const rows = await q.rows<{ stationId: string; n: number; level: number | null }>(
    `SELECT ${w.col('stationId')}::text AS "stationId", count(*)::int AS n, max(${w.col('warningLevel')}) AS level FROM ${w.table}
      WHERE ${w.scope} AND ${w.col('stationId')} = ANY(${q.param(ids)}::bigint[]) AND ${w.col('warningState')} = ${ACTIVE_WARNING} GROUP BY 1`,
  );
  return new Map(rows.map((row) => [row.stationId, { n: row.n, level: row.level === null ? null : Number(row.level) }]));
}

/** The stations of the caller's reservoirs, each placed where installed or else at its reservoir. */
export async function getStationList(ctx: ActionContext): Promise<MapStation[]> {
  onlyParams(ctx.query, ['regionCode']);
  const reservoirs = await mapReservoirs(ctx, { regionCode: regionCodeParam(ctx.query) });
  const byId = new Map(reservoirs.map((r) => [r.id, r]));
  const q = scopedQuery(ctx);
  const s = await q.from('info/station', 's');
  const stations = await q.rows<{
    id: string;
    stationCode: string;
    stationName: string;
    monitorType: number | null;
    reservoirId: string;
    longitude: number | null;
    latitude: number | null;
  }>(
    `SELECT ${s.col('id')}::text AS id, ${s.col('stationCode')} AS "stationCode", ${s.col('stationName')} AS "stationName",
            ${s.col('monitorType')} AS "monitorType", ${s.col('reservoirId')}::text AS "reservoirId",
            ${s.col('longitude')} AS longitude, ${s.col('latitude')} AS latitude
       FROM ${s.table} WHERE ${s.scope} AND ${s.col('reservoirId')} = ANY(${q.param([...byId.keys()])}::bigint[])
      ORDER BY ${s.col('reservoirId')}, ${s.col('stationCode')} LIMIT ${MAX_MAP_ROWS}`,
  );
  const ids = stations.map((station) => station.id);
  const [latest, warnings] = await Promise.all([latestReadings(ctx, ids), stationWarnings(ctx, ids)]);
  return stations.map((station) => {
    const reservoir = byId.get(station.reservoirId)!;
    const placed = station.longitude !== null && station.latitude !== null;
    const warning = warnings.get(station.id);
    return {
      ...station,
      reservoirName: reservoir.name,
      longitude: placed ? station.longitude : reservoir.longitude,
      latitude: placed ? station.latitude : reservoir.latitude,
      latest: latest.get(station.id) ?? null,
      activeWarnings: warning?.n ?? 0,
      warningLevel: warning?.level ?? null,
    };
  });
}
