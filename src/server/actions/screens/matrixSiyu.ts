/**
 * 四预 screen (GET /api/v2/screen/matrix/siyu): 预报、预警、预演、预案 (MWR's smart-water "four pre-" measures).
 * This system holds observations, not a forecasting model, so:
 * - 预报 shows the rain that fell: per rain station the last 24 h (readings) and 7 days (daily rollup), and the
 *   mean of the stations per rainfall day (08:00 to 08:00) over the last 7 days;
 * - 预警 the active monitoring warnings by level (monitor/warningLog), those raised in the last 7 days, and the
 *   reservoirs whose latest level is at or above the flood-limit level;
 * - 预演 a flood-routing preview for the reservoir closest to its flood limit: its hourly level over the last 72 h
 *   against the flood-limit, normal and design flood levels, the rate over the last 6 h and, while rising below the
 *   limit, the hours to reach it at that rate (a straight-line extrapolation, labelled as such on the screen);
 * - 预案 the reservoirs with a 防汛抢险应急预案 on file, and for the reservoirs in warning (and the preview's) their
 *   plans and 三个责任人 with phones (the phones are public on the placard).
 */
import type { ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { HYDROLOGICAL_DAY_START_HOUR } from '../../../shared/monitorElements.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import { countByReservoir, forReservoirs, queryReservoirs, visibleReservoirs, type MatrixReservoir } from './matrixShared.js';
import { numberOrNull, percent } from './screenNumbers.js';
import type { SiyuData } from '../../../shared/screenAnswers.js';

const LEVEL = 1;
const RAIN = 2;
const FILE_EMERGENCY_PLAN = 5;
const ACTIVE = 1;
const CONTACT_RESERVOIRS = 6;
/** The rainfall day in progress: day D runs from D-1 08:00 to D 08:00 (monitorElements.ts), so after 08:00 it is tomorrow. */
const RAIN_TODAY = `((LOCALTIMESTAMP - interval '${HYDROLOGICAL_DAY_START_HOUR} hours')::date + 1)`;

async function rainfall(ctx: ActionContext, ids: string[]) {
  const q = scopedQuery(ctx);
  const s = await forReservoirs(q, 'info/station', 's', ids);
  const r = await q.from('monitor/reading', 'r', 'tenant');
  const d = await q.from('monitor/readingDay', 'd', 'tenant');
  const stations = await q.rows<{ id: string; name: string; reservoirId: string; last24h: number; last7d: number }>(
    `SELECT ${s.col('id')}::text AS "id", ${s.col('stationName')} AS "name", ${s.col('reservoirId')}::text AS "reservoirId",
       coalesce((SELECT sum(${r.col('value')}) FROM ${r.table} WHERE ${r.scope} AND ${r.col('stationId')} = ${s.col('id')}
         AND ${r.col('element')} = ${q.param(RAIN)} AND ${r.col('observeTime')} > LOCALTIMESTAMP - interval '24 hours'), 0)::float AS "last24h",
       coalesce((SELECT sum(${d.col('total')}) FROM ${d.table} WHERE ${d.scope} AND ${d.col('stationId')} = ${s.col('id')}
         AND ${d.col('element')} = ${q.param(RAIN)} AND ${d.col('day')} > ${RAIN_TODAY} - 7 AND ${d.col('day')} <= ${RAIN_TODAY}), 0)::float AS "last7d"
     FROM ${s.table} WHERE ${s.rows} AND ${s.col('monitorType')} = 2 ORDER BY "last24h" DESC, "name"`,
  );
  const q2 = scopedQuery(ctx);
  const d2 = await q2.from('monitor/readingDay', 'd', 'tenant');
  const daily = await q2.rows<{ day: string; mean: number }>(
    `SELECT to_char(g.day, 'YYYY-MM-DD') AS "day",
       coalesce((SELECT sum(${d2.col('total')}) FROM ${d2.table} WHERE ${d2.scope} AND ${d2.col('element')} = ${q2.param(RAIN)}
         AND ${d2.col('day')} = g.day::date AND ${d2.col('stationId')} = ANY(${q2.param(stations.map((x) => x.id))}::bigint[])), 0)::float AS "mean"
     FROM generate_series(${RAIN_TODAY} - 6, ${RAIN_TODAY}, interval '1 day') AS g(day) ORDER BY 1`,
  );
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    stations: stations.map((x) => ({ ...x, last24h: round(x.last24h), last7d: round(x.last7d) })),
    // Each day named as the monitoring day reports name it (day D: D-1 08:00 to D 08:00); the last one is still running.
    daily: daily.map((x, i) => ({ day: x.day, mean: stations.length ? round(x.mean / stations.length) : 0, running: i === daily.length - 1 })),
  };
}

/** The latest water level of each reservoir (from the daily rollup's last value). */
async function latestLevels(ctx: ActionContext, ids: string[]): Promise<Map<string, { value: number; time: string }>> {
  const q = scopedQuery(ctx);
  const d = await forReservoirs(q, 'monitor/readingDay', 'd', ids);
  const rows = await q.rows<{ reservoirId: string; value: number; time: string }>(
    `SELECT DISTINCT ON (${d.col('reservoirId')}) ${d.col('reservoirId')}::text AS "reservoirId", ${d.col('lastValue')}::float AS "value", ${d.col('lastTime')} AS "time"
       FROM ${d.table} WHERE ${d.rows} AND ${d.col('element')} = ${q.param(LEVEL)} AND ${d.col('lastTime')} IS NOT NULL
      ORDER BY ${d.col('reservoirId')}, ${d.col('lastTime')} DESC`,
  );
  return new Map(rows.map((row) => [row.reservoirId, { value: row.value, time: row.time }]));
}

async function warnings(ctx: ActionContext, ids: string[], names: Map<string, string>) {
  const byLevel = await queryReservoirs<{ level: number; count: number }>(
    ctx,
    'monitor/warningLog',
    ids,
    (w, q) => `SELECT ${w.col('warningLevel')}::int AS "level", count(*)::int AS "count" FROM ${w.table}
      WHERE ${w.rows} AND ${w.col('warningState')} = ${q.param(ACTIVE)} GROUP BY 1 ORDER BY 1`,
  );
  const [week] = await queryReservoirs<{ n: number }>(
    ctx,
    'monitor/warningLog',
    ids,
    (w) => `SELECT count(*)::int AS "n" FROM ${w.table} WHERE ${w.rows} AND ${w.col('startTime')} > LOCALTIMESTAMP - interval '7 days'`,
  );
  const api = localApi(ctx).tenantWide();
  const active = await api.find('monitor/warningLog', { where: { reservoirId: ids, warningState: ACTIVE }, sort: ['startTime desc'], limit: 10 });
  return {
    active: byLevel.reduce((sum, x) => sum + x.count, 0),
    byLevel,
    lastWeek: week.n,
    latest: active.map((x) => ({
      id: String(x.id),
      reservoirId: x.reservoirId ? String(x.reservoirId) : null,
      reservoirName: x.reservoirId ? (names.get(String(x.reservoirId)) ?? null) : null,
      limitName: x.limitName ?? null,
      level: x.warningLevel ?? null,
      value: numberOrNull(x.lastValue),
      threshold: numberOrNull(x.threshold),
      startTime: x.startTime,
    })),
  };
}

/** The hourly mean level of one reservoir over the last 72 h. */
async function levelTrend(ctx: ActionContext, reservoirId: string) {
  const q = scopedQuery(ctx);
  const r = await forReservoirs(q, 'monitor/reading', 'r', [reservoirId]);
  return q.rows<{ time: string; value: number }>(
    `SELECT to_char(date_trunc('hour', ${r.col('observeTime')}), 'YYYY-MM-DD HH24:00') AS "time", round(avg(${r.col('value')})::numeric, 3)::float AS "value"
       FROM ${r.table} WHERE ${r.rows} AND ${r.col('element')} = ${q.param(LEVEL)} AND ${r.col('observeTime')} > LOCALTIMESTAMP - interval '72 hours'
      GROUP BY 1 ORDER BY 1`,
  );
}

async function preview(ctx: ActionContext, reservoirs: MatrixReservoir[], levels: Map<string, { value: number; time: string }>) {
  const candidates = reservoirs
    .filter((r) => r.floodLimitWaterLevel !== null && levels.has(r.id))
    .map((r) => ({ reservoir: r, margin: r.floodLimitWaterLevel! - levels.get(r.id)!.value }))
    .sort((a, b) => a.margin - b.margin);
  if (candidates.length === 0) return null;
  const { reservoir, margin } = candidates[0];
  const trend = await levelTrend(ctx, reservoir.id);
  const recent = trend.slice(-7);
  const ratePerHour = recent.length >= 2 ? Math.round(((recent[recent.length - 1].value - recent[0].value) / (recent.length - 1)) * 1000) / 1000 : 0;
  return {
    reservoirId: reservoir.id,
    reservoirName: reservoir.name,
    level: levels.get(reservoir.id)!,
    floodLimitLevel: reservoir.floodLimitWaterLevel!,
    normalLevel: reservoir.normalWaterLevel,
    designFloodLevel: reservoir.designFloodLevel,
    margin: Math.round(margin * 1000) / 1000,
    ratePerHour,
    hoursToLimit: margin > 0 && ratePerHour > 0 ? Math.round((margin / ratePerHour) * 10) / 10 : null,
    trend,
  };
}

async function contacts(ctx: ActionContext, ids: string[], names: Map<string, string>) {
  if (ids.length === 0) return [];
  const api = localApi(ctx).tenantWide();
  const staff = await api.find('reservoir/staff', { where: { reservoirId: ids }, sort: ['duty asc'] });
  const plans = await api.find('reservoir/file', { where: { reservoirId: ids, fileType: FILE_EMERGENCY_PLAN }, sort: ['issueDate desc'] });
  return ids.map((id) => ({
    reservoirId: id,
    reservoirName: names.get(id) ?? null,
    persons: staff.filter((s) => String(s.reservoirId) === id).map((s) => ({ duty: s.duty, name: s.name, phone: s.phone })),
    plans: plans.filter((p) => String(p.reservoirId) === id).map((p) => ({ id: String(p.id), name: p.fileName, issueDate: p.issueDate ?? null })),
  }));
}

export async function siyu(ctx: ActionContext): Promise<SiyuData> {
  const reservoirs = await visibleReservoirs(ctx);
  const ids = reservoirs.map((r) => r.id);
  const names = new Map(reservoirs.map((r) => [r.id, r.name]));
  if (ids.length === 0) {
    return {
      forecast: { stations: [], daily: [] },
      warning: { active: 0, byLevel: [], lastWeek: 0, latest: [], overFloodLimit: [] },
      rehearsal: null,
      plan: { withPlan: 0, planRate: 0, contacts: [] },
    };
  }
  const levels = await latestLevels(ctx, ids);
  const over = reservoirs.filter((r) => r.floodLimitWaterLevel !== null && levels.has(r.id) && levels.get(r.id)!.value >= r.floodLimitWaterLevel);
  const warning = await warnings(ctx, ids, names);
  const rehearsal = await preview(ctx, reservoirs, levels);
  const withPlan = await countByReservoir(ctx, 'reservoir/file', ids, (t, q) => `${t.col('fileType')} = ${q.param(FILE_EMERGENCY_PLAN)}`);
  const focus = [
    ...new Set([
      ...(rehearsal ? [rehearsal.reservoirId] : []),
      ...over.map((r) => r.id),
      ...warning.latest.flatMap((w) => (w.reservoirId ? [w.reservoirId] : [])),
    ]),
  ];
  return {
    forecast: await rainfall(ctx, ids),
    warning: {
      ...warning,
      overFloodLimit: over.map((r) => ({ id: r.id, name: r.name, level: levels.get(r.id)!.value, floodLimitLevel: r.floodLimitWaterLevel! })),
    },
    rehearsal,
    plan: {
      withPlan: withPlan.size,
      planRate: percent(withPlan.size, ids.length),
      contacts: await contacts(ctx, focus.slice(0, CONTACT_RESERVOIRS), names),
    },
  };
}
