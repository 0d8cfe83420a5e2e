/**
 * The GPS trail of a work record (inspect, maintain and clean records: the
 * registers <module>/trail of schemas/templates/track/trail.json). It
 * arrives in the record's save and update body as `trail` [{lng, lat, time?}],
 * is checked as a whole here (a bad point refuses the record: nothing is
 * stored) and replaces the stored trail in the record's transaction; left
 * out, the stored trail stays.
 */
import type { DbClient } from '../../db/pool.js';
import type { ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import type { FieldErrors, Row } from '../inspect/setupRules.js';

/** Most points one trail may hold: a day's walk at one point a second is ~ 30 000; phones record every 5–10 s. */
export const MAX_TRAIL_POINTS = 20_000;

export type TrailSchemaId = 'inspect/trail' | 'maintain/trail' | 'clean/trail';

export interface TrailPoint {
  lng: number;
  lat: number;
  time: string | null;
}

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

function trailPointOf(raw: unknown): TrailPoint | undefined {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const { lng, lat, time } = raw as Row;
  if (typeof lng !== 'number' || typeof lat !== 'number' || !Number.isFinite(lng) || !Number.isFinite(lat)) return undefined;
  if (Math.abs(lng) > 180 || Math.abs(lat) > 90) return undefined;
  if (time !== undefined && time !== null && !(typeof time === 'string' && DATETIME.test(time))) return undefined;
  return { lng, lat, time: (time as string | undefined) ?? null };
}

/** The body's trail, checked: undefined when left out (an update keeps the stored one); errors name the field trail. */
export function trailOf(body: Row, errors: FieldErrors): TrailPoint[] | undefined {
  if (body.trail === undefined || body.trail === null) return undefined;
  const raw = body.trail;
  if (!Array.isArray(raw)) {
    errors.add('trail', '轨迹应为点的列表 [{lng, lat, time}]', 'The trail must be a list of points [{lng, lat, time}]');
    return [];
  }
  if (raw.length > MAX_TRAIL_POINTS) {
    errors.add('trail', `轨迹最多 ${MAX_TRAIL_POINTS} 个点，收到 ${raw.length} 个`, `A trail has at most ${MAX_TRAIL_POINTS} points; got ${raw.length}`);
    return [];
  }
  const points = raw.map(trailPointOf);
  const bad = points.findIndex((point) => point === undefined);
  if (bad >= 0) {
    errors.add(
      'trail',
      `轨迹第 ${bad + 1} 个点不正确：每个点需要经度（-180 至 180）和纬度（-90 至 90）的数值，时间格式为 yyyy-MM-dd HH:mm:ss`,
      `Point ${bad + 1} of the trail is not valid: every point needs a numeric lng (-180 to 180) and lat (-90 to 90), and a time as yyyy-MM-dd HH:mm:ss`,
    );
    return [];
  }
  return points as TrailPoint[];
}

/**
 * Replaces the record's trail: the stored points are removed (soft delete) and the new ones inserted
 * in order (seq 1…n) through the engine's bulk insert, all in the caller's transaction.
 */
export async function replaceTrail(ctx: ActionContext, schemaId: TrailSchemaId, recordId: string, points: TrailPoint[]): Promise<void> {
  const api = localApi(ctx, ctx.tx as DbClient).tenantWide();
  const stored = await api.find(schemaId, { where: { recordId } });
  await api.remove(
    schemaId,
    stored.map((point) => String(point.id)),
  );
  if (points.length === 0) return;
  const rows = points.map((point, index) => ({ recordId, seq: index + 1, lng: point.lng, lat: point.lat, ...(point.time ? { time: point.time } : {}) }));
  const { rejected } = await api.insertMany(schemaId, rows);
  // Checked above as a whole; a rejection here is a server fault, and the transaction undoes the record too.
  if (rejected.length > 0) throw new Error(`${schemaId}: trail point ${rejected[0].index + 1} rejected: ${rejected[0].message}`);
}
