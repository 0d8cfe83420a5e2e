/**
 * 四全 screen (GET /api/v2/screen/matrix/siquan): 全覆盖、全要素、全天候、全周期, after the MWR guidance on the
 * reservoir-management matrix (推进"四全"管理) and the Wanjiazhai pilot's sensing system (domain.md §1):
 * - 全覆盖 coverage: reservoirs with a monitoring station, a water-level station, a rainfall station, a camera;
 * - 全要素 every monitored quantity: per family (water level, rainfall, seepage flow/pressure, deformation) the
 *   stations, the reservoirs they cover and the stations that reported in the last 24 h;
 * - 全天候 24×7: stations online (latest reading within twice the station's own report interval, see ONLINE_WITHIN),
 *   reported within 24 h, older, never; cameras online; the 日报率 of each of the last 7 days (stations that sent
 *   at least one reading that day: a different figure from online, so labelled differently);
 * - 全周期 lifecycle per reservoir: registration, safety appraisal, reinforcement, downgrade.
 */
import type { ActionContext } from '../../engine/actions.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import { MONITOR_FAMILIES } from '../../../shared/monitorElements.js';
import { lifecycleOf } from './matrixLifecycle.js';
import type { ReservoirLifecycle, SiquanData } from '../../../shared/screenAnswers.js';
import { databaseToday } from '../../db/databaseClock.js';
import { forReservoirs, visibleReservoirs } from './matrixShared.js';
import { percent } from './screenNumbers.js';

interface StationFacts {
  id: string;
  reservoirId: string | null;
  monitorType: number | null;
  /** Minutes since the station's latest reading (any element), null when it never reported. */
  minutesSince: number | null;
  /** The station's report interval in minutes (DEFAULT_INTERVAL_MINUTES when not set). */
  intervalMinutes: number;
}

/** Stations without a report interval are taken to report hourly (the usual telemetry interval). */
const DEFAULT_INTERVAL_MINUTES = 60;
/** Online: the latest reading is at most this many of the station's own intervals old (one report may be late). */
const ONLINE_WITHIN = 2;

/** The stations of the reservoirs with the age of their latest reading (from the daily rollup's last time). */
async function stationFacts(ctx: ActionContext, ids: string[]): Promise<StationFacts[]> {
  const q = scopedQuery(ctx);
  const s = await forReservoirs(q, 'info/station', 's', ids);
  const d = await q.from('monitor/readingDay', 'd', 'tenant');
  return q.rows<StationFacts>(
    `SELECT ${s.col('id')}::text AS "id", ${s.col('reservoirId')}::text AS "reservoirId", ${s.col('monitorType')}::int AS "monitorType",
       (SELECT floor(extract(epoch FROM LOCALTIMESTAMP - max(${d.col('lastTime')})) / 60)::int FROM ${d.table}
         WHERE ${d.scope} AND ${d.col('stationId')} = ${s.col('id')}) AS "minutesSince",
       coalesce(NULLIF(${s.col('reportInterval')}, 0), ${q.param(DEFAULT_INTERVAL_MINUTES)})::int AS "intervalMinutes"
     FROM ${s.table} WHERE ${s.rows}`,
  );
}

async function cameraFacts(ctx: ActionContext, ids: string[]): Promise<{ reservoirId: string; online: boolean }[]> {
  const q = scopedQuery(ctx);
  const c = await forReservoirs(q, 'camera/camera', 'c', ids);
  return q.rows(`SELECT ${c.col('reservoirId')}::text AS "reservoirId", coalesce(${c.col('onlineStatus')}, 0) = 1 AS "online" FROM ${c.table} WHERE ${c.rows}`);
}

/** Per day of the last 7 (today included), how many of the stations sent at least one reading. */
async function dailyReporting(ctx: ActionContext, stationIds: string[], today: string): Promise<{ day: string; stations: number; rate: number }[]> {
  const q = scopedQuery(ctx);
  const d = await q.from('monitor/readingDay', 'd', 'tenant');
  const rows = await q.rows<{ day: string; stations: number }>(
    `SELECT to_char(g.day, 'YYYY-MM-DD') AS "day",
       (SELECT count(DISTINCT ${d.col('stationId')})::int FROM ${d.table}
         WHERE ${d.scope} AND ${d.col('day')} = g.day::date AND ${d.col('stationId')} = ANY(${q.param(stationIds)}::bigint[])) AS "stations"
     FROM generate_series(${q.param(today)}::date - 6, ${q.param(today)}::date, interval '1 day') AS g(day) ORDER BY 1`,
  );
  return rows.map((row) => ({ ...row, rate: percent(row.stations, stationIds.length) }));
}

function coverage(reservoirIds: string[], stations: StationFacts[], cameras: { reservoirId: string }[]) {
  const covered = (list: { reservoirId: string | null }[]) => reservoirIds.filter((id) => list.some((x) => x.reservoirId === id)).length;
  const ofType = (type: number) => stations.filter((s) => s.monitorType === type);
  const total = reservoirIds.length;
  const withStations = covered(stations);
  const withLevel = covered(ofType(1));
  const withRain = covered(ofType(2));
  const withCameras = covered(cameras);
  return {
    reservoirs: total,
    stations: stations.length,
    cameras: cameras.length,
    withStations,
    withLevelStation: withLevel,
    withRainStation: withRain,
    withCameras,
    stationRate: percent(withStations, total),
    levelRate: percent(withLevel, total),
    rainRate: percent(withRain, total),
    cameraRate: percent(withCameras, total),
  };
}

function elements(stations: StationFacts[]) {
  return MONITOR_FAMILIES.map(({ family, monitorType }) => {
    const own = stations.filter((s) => s.monitorType === monitorType);
    return {
      family,
      monitorType,
      stations: own.length,
      reservoirs: new Set(own.map((s) => s.reservoirId)).size,
      reporting24h: own.filter((s) => s.minutesSince !== null && s.minutesSince < 24 * 60).length,
    };
  });
}

function freshness(stations: StationFacts[]) {
  const isOnline = (s: StationFacts) => s.minutesSince !== null && s.minutesSince <= ONLINE_WITHIN * s.intervalMinutes;
  const offline = stations.filter((s) => !isOnline(s));
  const online = stations.length - offline.length;
  const within24h = offline.filter((s) => s.minutesSince !== null && s.minutesSince < 24 * 60).length;
  const never = offline.filter((s) => s.minutesSince === null).length;
  return { online, within24h, stale: offline.length - within24h - never, never, onlineRate: percent(online, stations.length) };
}

function lifecycleSummary(rows: ReservoirLifecycle[], today: string) {
  return {
    registered: rows.filter((r) => r.registered).length,
    appraised: rows.filter((r) => r.appraisalDate !== null).length,
    appraisalOverdue: rows.filter((r) => r.appraisalDate === null || (r.nextAppraisalDate !== null && r.nextAppraisalDate < today)).length,
    reinforcing: rows.filter((r) => r.reinforceProgress !== null && r.reinforceProgress < 5).length,
    reinforced: rows.filter((r) => r.reinforceProgress === 5).length,
    downgraded: rows.filter((r) => r.downgradeType !== null).length,
  };
}

export async function siquan(ctx: ActionContext): Promise<SiquanData> {
  const reservoirs = await visibleReservoirs(ctx);
  const ids = reservoirs.map((r) => r.id);
  const today = await databaseToday(ctx.db);
  const stations = ids.length ? await stationFacts(ctx, ids) : [];
  const cameras = ids.length ? await cameraFacts(ctx, ids) : [];
  const lifecycle = await lifecycleOf(ctx, reservoirs);
  const camerasOnline = cameras.filter((c) => c.online).length;
  return {
    today,
    coverage: coverage(ids, stations, cameras),
    elements: elements(stations),
    allWeather: {
      stations: stations.length,
      ...freshness(stations),
      cameras: cameras.length,
      camerasOnline,
      cameraOnlineRate: percent(camerasOnline, cameras.length),
      daily: await dailyReporting(
        ctx,
        stations.map((s) => s.id),
        today,
      ),
    },
    lifecycle: { ...lifecycleSummary(lifecycle, today), reservoirs: lifecycle },
  };
}
