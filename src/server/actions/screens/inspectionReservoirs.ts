/**
 * GET /api/v2/screen/inspection/reservoirs: the screen's reservoirs — how many, how many important, by scale and by
 * dam type, the counties they lie in, and each with its position and state for the map: 'warning' with an active monitoring
 * warning or an unhandled camera alarm, else 'event' with an open event (待签收, 处理中, 待复核), else 'normal' — warnings
 * outrank events, as on every reservoir map (src/web/map/reservoirState.ts).
 */
import type { ActionContext } from '../../engine/actions.js';
import { countValues, labelledCounts, queryAtReservoirs, screenReservoirs } from './inspectionShared.js';
import type { ReservoirsData } from '../../../shared/screenAnswers.js';

async function reservoirsWith(
  ctx: ActionContext,
  ids: string[],
  id: 'inspect/event' | 'monitor/warningLog' | 'camera/cameraWarning',
  field: string,
  values: number[],
) {
  const rows = await queryAtReservoirs<{ reservoirId: string }>(
    ctx,
    id,
    ids,
    (t, q) => `SELECT DISTINCT ${t.col('reservoirId')}::text AS "reservoirId" FROM ${t.table}
                WHERE ${t.rows} AND ${t.col(field)} = ANY(${q.param(values)}::int[])`,
  );
  return new Set(rows.map((row) => row.reservoirId));
}

export async function inspectionReservoirs(ctx: ActionContext): Promise<ReservoirsData> {
  const reservoirs = await screenReservoirs(ctx);
  const ids = reservoirs.map((r) => r.id);
  const [withEvents, withWarnings, withAlarms] = await Promise.all([
    reservoirsWith(ctx, ids, 'inspect/event', 'status', [1, 2, 3]),
    reservoirsWith(ctx, ids, 'monitor/warningLog', 'warningState', [1]),
    reservoirsWith(ctx, ids, 'camera/cameraWarning', 'handleStatus', [0]),
  ]);
  const stateOf = (id: string) => (withWarnings.has(id) || withAlarms.has(id) ? 'warning' : withEvents.has(id) ? 'event' : 'normal');
  return {
    total: reservoirs.length,
    important: reservoirs.filter((r) => r.isImportant).length,
    byScale: await labelledCounts(ctx, 'reservoir_scale', countValues(reservoirs.map((r) => r.scale))),
    byDamType: await labelledCounts(ctx, 'dam_type', countValues(reservoirs.map((r) => r.damType))),
    // The counties the reservoirs lie in, for the map's outlines.
    regionCodes: [...new Set(reservoirs.flatMap((r) => (r.regionCode && r.regionCode.length >= 6 ? [r.regionCode.slice(0, 6)] : [])))],
    points: reservoirs.map((r) => ({ id: r.id, name: r.name, lat: r.lat, lng: r.lng, scale: r.scale, state: stateOf(r.id) })),
  };
}
