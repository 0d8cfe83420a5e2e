/**
 * getInfoCount (the counts across the top of the map), getStatisticList (one row per reservoir: levels, live
 * figures and map state) and screen/statistics (the chosen reservoir's panel).
 */
import type { ActionContext } from '../../engine/actions.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import { ACTIVE_WARNING, mapState, OPEN_EVENT_STATUSES, reservoirFigures } from './figures.js';
import { nameParam, onlyParams, regionCodeParam, requiredReservoirId, reservoirIdParam } from './params.js';
import { mapReservoirs, visibleReservoir } from './reservoirs.js';
import type { InfoCount, MapReservoir, ReservoirFigures, StatisticRow } from '../../../shared/onePictureAnswers.js';

function statisticRow(reservoir: MapReservoir, figures: ReservoirFigures): StatisticRow {
  const { latestLevel } = figures;
  const limit = reservoir.floodLimitWaterLevel;
  const aboveFloodLimit = latestLevel !== null && limit !== null ? Math.round((latestLevel - Number(limit)) * 1000) / 1000 : null;
  return { ...reservoir, ...figures, aboveFloodLimit, state: mapState(figures) };
}

async function statisticRows(ctx: ActionContext, reservoirs: MapReservoir[]): Promise<StatisticRow[]> {
  const figures = await reservoirFigures(
    ctx,
    reservoirs.map((r) => r.id),
  );
  return reservoirs.map((reservoir) => statisticRow(reservoir, figures.get(reservoir.id)!));
}

export async function getStatisticList(ctx: ActionContext): Promise<StatisticRow[]> {
  onlyParams(ctx.query, ['name', 'regionCode', 'reservoirId']);
  const reservoirs = await mapReservoirs(ctx, { name: nameParam(ctx.query), regionCode: regionCodeParam(ctx.query), reservoirId: reservoirIdParam(ctx.query) });
  return statisticRows(ctx, reservoirs);
}

export async function screenStatistics(ctx: ActionContext): Promise<StatisticRow> {
  onlyParams(ctx.query, ['reservoirId']);
  const reservoir = await visibleReservoir(ctx, requiredReservoirId(ctx.query));
  const [row] = await statisticRows(ctx, [reservoir]);
  return row;
}

async function countIn(
  ctx: ActionContext,
  schemaId: 'info/station' | 'camera/camera' | 'inspect/event' | 'monitor/warningLog',
  ids: string[],
): Promise<number> {
  const q = scopedQuery(ctx);
  const x = await q.from(schemaId, 'x');
  const extra =
    schemaId === 'inspect/event'
      ? `AND ${x.col('status')} = ANY(${q.param(OPEN_EVENT_STATUSES)}::int[])`
      : schemaId === 'monitor/warningLog'
        ? `AND ${x.col('warningState')} = ${ACTIVE_WARNING}`
        : '';
  const [row] = await q.rows<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${x.table} WHERE ${x.scope} AND ${x.col('reservoirId')} = ANY(${q.param(ids)}::bigint[]) ${extra}`,
  );
  return row.n;
}

/** Counts over the reservoirs the caller may see (each register also through its own data scope). */
export async function getInfoCount(ctx: ActionContext): Promise<InfoCount> {
  onlyParams(ctx.query, ['regionCode']);
  const ids = (await mapReservoirs(ctx, { regionCode: regionCodeParam(ctx.query) })).map((r) => r.id);
  const [stationCount, cameraCount, openEventCount, activeWarningCount] = await Promise.all(
    (['info/station', 'camera/camera', 'inspect/event', 'monitor/warningLog'] as const).map((id) => countIn(ctx, id, ids)),
  );
  return { reservoirCount: ids.length, stationCount, cameraCount, openEventCount, activeWarningCount };
}
