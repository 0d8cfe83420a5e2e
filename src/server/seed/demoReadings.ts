/**
 * Demo monitoring data (issue 13, contract §E): for every demo county's
 * stations, the index limits (demoIndexLimits.ts) and then a year of
 * readings ending now (demoReadingsSeries.ts), sent through the ingestion
 * core as the 'demo' channel — so the daily rollups and the warnings are
 * computed exactly as for live data. Readings go in chronological calls
 * (a month of daily readings, a day of hourly ones, then 3 hours and, in
 * the last day, one hour of 5-minute ones), each evaluated for warnings at
 * its end; only the last day's calls notify (older crossings leave their
 * warningLog rows and no inbox notice).
 *
 * Idempotent and quick on a restart: stations that have demo readings
 * already are skipped (a repeated reading would be ignored as a duplicate
 * anyway), limits are created only for stations without any. Counties run
 * side by side; one seeding at a time across server instances (advisory
 * lock on a session of its own).
 */
// The index-limit and warning rules must be installed when the seed creates limits and readings (as in a running server).
import '../actions/monitor/warningLog.js';
import { findUserByAccount } from '../auth/sessionUser.js';
import type { Db } from '../db/pool.js';
import type { Caller } from '../http/caller.js';
import { ingestReadings, type IngestBatch } from '../monitor/ingest.js';
import { demoLimitsOf, seedDemoIndexLimits } from './demoIndexLimits.js';
import { countySeries, DAY, formatLocal, HOUR, seriesEnd, timeline, type DemoReservoirInput, type ElementSeries } from './demoReadingsSeries.js';
import { demoCounties, type CountySeed } from './reservoirCatalog.js';

const DEMO_LOCK = 7245301120;
/** reading_source demo */
const DEMO_SOURCE = 4;
/** What one ingestion call carries at most (the HTTP endpoint's limits). */
const MAX_BATCHES = 200;
const MAX_READINGS = 20_000;

export interface DemoReadingsResult {
  readings: number;
  duplicates: number;
  rejected: number;
  limits: number;
}

interface StationRow {
  id: string;
  code: string;
  monitorType: number;
  reservoirId: string;
}

interface ReservoirRow extends Omit<DemoReservoirInput, 'stations'> {
  id: string;
}

/** Register codes of the county's demo reservoirs (seed/reservoirs.ts). */
const demoReservoirCodes = (county: CountySeed) => county.reservoirs.map((_, index) => `${county.countyCode}${String(index + 1).padStart(4, '0')}`);

/** Codes the demo stations of a demo reservoir may have (seed/reservoirFacilities.ts: county, reservoir number, 01–05). */
const demoStationCodes = (reservoirCode: string) =>
  ['01', '02', '03', '04', '05'].map((suffix) => `${reservoirCode.slice(0, 6)}${reservoirCode.slice(-2)}${suffix}`);

/** The county's demo reservoirs (by register code: reservoirs an administrator added get no made-up readings). */
async function reservoirsOf(db: Db, county: CountySeed): Promise<ReservoirRow[]> {
  const found = await db.query(
    `SELECT id::text AS id, code AS key, dead_water_level::float8 AS "deadWaterLevel", flood_limit_water_level::float8 AS "floodLimitWaterLevel",
            normal_water_level::float8 AS "normalWaterLevel", design_flood_level::float8 AS "designFloodLevel", check_flood_level::float8 AS "checkFloodLevel",
            total_capacity::float8 AS "totalCapacity", catchment_area::float8 AS "catchmentArea"
       FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 AND code = ANY($2::text[]) ORDER BY code, id`,
    [county.tenantId, demoReservoirCodes(county)],
  );
  // A reservoir whose characteristic levels are incomplete or out of order gets no demo series.
  return (found.rows as ReservoirRow[]).filter(
    (r) =>
      r.key &&
      [r.deadWaterLevel, r.floodLimitWaterLevel, r.normalWaterLevel, r.designFloodLevel, r.checkFloodLevel].every(Number.isFinite) &&
      r.deadWaterLevel < r.floodLimitWaterLevel &&
      r.floodLimitWaterLevel <= r.normalWaterLevel &&
      r.normalWaterLevel < r.designFloodLevel &&
      r.designFloodLevel < r.checkFloodLevel,
  );
}

/** The demo stations of the demo reservoirs (stations added since get no made-up readings), and which have demo readings already. */
async function stationsOf(db: Db, tenantId: string, reservoirs: ReservoirRow[]): Promise<{ stations: StationRow[]; done: Set<string> }> {
  const found = await db.query(
    `SELECT s.id::text AS id, s.station_code AS code, s.monitor_type AS "monitorType", s.reservoir_id::text AS "reservoirId",
            EXISTS (SELECT 1 FROM monitor_reading r WHERE r.station_id = s.id AND r.source = $3 AND r.is_deleted = 0) AS done
       FROM info_station s WHERE s.tenant_id = $1 AND s.is_deleted = 0 AND s.reservoir_id = ANY($2::bigint[]) AND s.monitor_type BETWEEN 1 AND 5
        AND s.station_code = ANY($4::text[])
      ORDER BY s.station_code, s.id`,
    [tenantId, reservoirs.map((r) => r.id), DEMO_SOURCE, reservoirs.flatMap((r) => demoStationCodes(r.key))],
  );
  const rows = found.rows as (StationRow & { done: boolean })[];
  return { stations: rows, done: new Set(rows.filter((row) => row.done).map((row) => row.id)) };
}

/** How many of the year's storm days end an ingestion call of their own (their warnings are raised, then cleared). */
const STORM_CALLS = 4;

/**
 * The county's heaviest rain days of the hourly part before the last 3 days (hydrological days with ≥ 50 mm at
 * some gauge, at most STORM_CALLS, heaviest first): the 08:00 each ends at, so that a call ends there and the
 * warnings evaluated at its end see the storm, and 08:00 three days later, when the next call finds most of them
 * back inside. Not in the daily part: there a reading holds a whole day's rain, which the 1 h and 3 h totals
 * ending at it would count as an hour's.
 */
export function stormBreakpoints(series: ElementSeries[], end: number): number[] {
  const { hourlyFrom, fiveMinuteFrom } = timeline(end, 'telemetry');
  const days = new Map<number, number>();
  for (const rain of series.filter((s) => s.element === 'PJ')) {
    const totals = new Map<number, number>();
    rain.times.forEach((t, i) => {
      if (t <= hourlyFrom || t > fiveMinuteFrom - 3 * DAY) return;
      // The 08:00 closing the hydrological day of t (a reading at 08:00 closes its own day).
      const eight = Math.ceil((t - 8 * HOUR) / DAY) * DAY + 8 * HOUR;
      totals.set(eight, (totals.get(eight) ?? 0) + rain.values[i]);
    });
    for (const [eight, total] of totals) if (total >= 50) days.set(eight, Math.max(days.get(eight) ?? 0, total));
  }
  const heaviest = [...days].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, STORM_CALLS);
  return heaviest.flatMap(([eight]) => [eight, eight + 3 * DAY]);
}

/**
 * Time windows of the ingestion calls, oldest first ([from, to)), and whether the call notifies. Each call ends
 * with one evaluation of the warnings at its latest readings, so the windows set how finely history raises and
 * clears them: the daily year in one go, the hourly part a week at a time, the older 5-minute part a day at a
 * time and the last day every 3 hours (a warning starts at most 3 hours after its crossing), plus a call ending
 * at each breakpoint before the last day (stormBreakpoints). Few, large calls keep the seed quick: each call's
 * evaluation reads every evaluated station's latest figures.
 */
export function ingestWindows(end: number, breakpoints: number[] = []): { from: number; to: number; notify: boolean }[] {
  const { hourlyFrom, fiveMinuteFrom } = timeline(end, 'telemetry');
  const lastDay = end - DAY + 1;
  const bounds = new Set<number>([end - 400 * DAY, hourlyFrom + 1, end + 1]);
  const add = (from: number, to: number, step: number) => {
    for (let at = from; at < to; at += step) bounds.add(at);
  };
  add(hourlyFrom + 1, fiveMinuteFrom + 1, 7 * DAY);
  add(fiveMinuteFrom + 1, lastDay, DAY);
  add(lastDay, end + 1, 3 * HOUR);
  for (const at of breakpoints) if (at > end - 400 * DAY && at < lastDay - 1) bounds.add(at + 1);
  const sorted = [...bounds].sort((a, b) => a - b);
  return sorted.slice(1).map((to, index) => ({ from: sorted[index], to, notify: sorted[index] >= lastDay }));
}

/** The batches (one per station) of the readings within [from, to), split to the ingestion's limits. */
function callsOf(series: ElementSeries[], cursors: number[], to: number): IngestBatch[][] {
  const byStation = new Map<string, IngestBatch>();
  series.forEach((s, index) => {
    let cursor = cursors[index];
    const readings: IngestBatch['readings'] = [];
    while (cursor < s.times.length && s.times[cursor] < to) {
      readings.push({ element: s.element, time: formatLocal(s.times[cursor]), value: s.values[cursor] });
      cursor++;
    }
    cursors[index] = cursor;
    if (readings.length === 0) return;
    const batch = byStation.get(s.stationCode) ?? { stationCode: s.stationCode, readings: [] };
    batch.readings.push(...readings);
    byStation.set(s.stationCode, batch);
  });
  const calls: IngestBatch[][] = [];
  let call: IngestBatch[] = [];
  let count = 0;
  for (const batch of byStation.values()) {
    if (call.length > 0 && (call.length >= MAX_BATCHES || count + batch.readings.length > MAX_READINGS)) {
      calls.push(call);
      call = [];
      count = 0;
    }
    call.push(batch);
    count += batch.readings.length;
  }
  if (call.length > 0) calls.push(call);
  return calls;
}

async function seedCounty(db: Db, county: CountySeed, now: string, result: DemoReadingsResult): Promise<void> {
  const tenantId = county.tenantId;
  const admin = await findUserByAccount(db, tenantId, 'admin');
  if (!admin) return;
  const caller: Caller = { tenantId, userId: admin.id, deptId: admin.deptId, roleIds: admin.roleIds, account: admin.account, clientId: 'saber' };
  const reservoirs = await reservoirsOf(db, county);
  if (reservoirs.length === 0) return;
  const { stations, done } = await stationsOf(db, tenantId, reservoirs);
  if (stations.every((station) => done.has(station.id))) return;
  const inputs: DemoReservoirInput[] = reservoirs.map(({ id, ...reservoir }) => ({
    ...reservoir,
    stations: stations.filter((s) => s.reservoirId === id).map((s) => ({ code: s.code, monitorType: s.monitorType })),
  }));
  const end = seriesEnd(now);
  const { series: all } = countySeries({ key: tenantId, reservoirs: inputs }, end);
  const todo = new Set(stations.filter((s) => !done.has(s.id)).map((s) => s.code));
  const series = all.filter((s) => todo.has(s.stationCode));
  // Limits first, so the readings raise their warnings.
  const limited = stations
    .filter((s) => todo.has(s.code))
    .map((station) => {
      const reservoir = reservoirs.find((r) => r.id === station.reservoirId)!;
      const flow = series.find((s) => s.stationCode === station.code && s.element === 'SQ');
      const mean = flow && flow.values.length > 0 ? flow.values.reduce((a, b) => a + b, 0) / flow.values.length : undefined;
      return { stationId: station.id, limits: demoLimitsOf(station.monitorType, reservoir, mean) };
    });
  const created = await seedDemoIndexLimits(db, caller, limited);
  result.limits += created;
  const cursors = series.map(() => 0);
  let analyzed = false;
  for (const window of ingestWindows(end, stormBreakpoints(series, end))) {
    if (!analyzed && window.from > end - 300 * DAY) {
      // The tables were filled moments ago: without statistics the evaluator's window queries are planned blind.
      await db.query('ANALYZE monitor_reading');
      analyzed = true;
    }
    // Readings before the first window's start (none by construction) are skipped with it.
    series.forEach((s, index) => {
      while (cursors[index] < s.times.length && s.times[cursors[index]] < window.from) cursors[index]++;
    });
    for (const batches of callsOf(series, cursors, window.to)) {
      const answer = await ingestReadings(db, tenantId, batches, 'demo', 'zh', { notify: window.notify });
      result.readings += answer.accepted;
      result.duplicates += answer.duplicates;
      result.rejected += answer.rejected;
      if (answer.rejected > 0 && result.rejected === answer.rejected) {
        // One line for the first refusal: the demo series are meant to pass every rule.
        console.warn(`demo readings of ${tenantId}: ${answer.rejected} refused, e.g. ${JSON.stringify(answer.reasons[0])}`);
      }
    }
  }
}

/**
 * Seeds the demo readings of every demo county (reservoirCatalog.ts) whose stations have none yet, ending at the
 * database's local now (or `now`, 'yyyy-MM-dd HH:mm:ss', for tests).
 */
export async function seedDemoReadings(db: Db, options: { now?: string; tenantIds?: string[] } = {}): Promise<DemoReadingsResult> {
  const result: DemoReadingsResult = { readings: 0, duplicates: 0, rejected: 0, limits: 0 };
  const lock = await db.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [DEMO_LOCK]);
    const now = options.now ?? (await lock.query<{ now: string }>(`SELECT to_char(LOCALTIMESTAMP(0), 'YYYY-MM-DD HH24:MI:SS') AS now`)).rows[0].now;
    const counties = demoCounties.filter((county) => !options.tenantIds || options.tenantIds.includes(county.tenantId));
    await Promise.all(counties.map((county) => seedCounty(db, county, now, result)));
    return result;
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [DEMO_LOCK]).catch(() => {});
    lock.release();
  }
}
