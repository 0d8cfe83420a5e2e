/**
 * The four figures at the top of 水雨情监测, pure: how many stations reported
 * within the last 24 hours out of all, the active warnings, the highest
 * rainfall since 08:00 (and where), and how many reservoirs have a level
 * station above its flood limit.
 */
import type { StationLatest } from './monitorApi';
import { isAboveFloodLimit, wallMs } from './monitorChartData';

export interface SituationSummary {
  stations: number;
  reporting: number;
  activeWarnings: number;
  maxRain?: { value: number; stationName: string };
  reservoirsAboveFloodLimit: number;
}

const DAY = 24 * 3_600_000;

function latestTime(row: StationLatest): number {
  const times = Object.values(row.latest ?? {})
    .map((figure) => (figure?.time ? wallMs(figure.time) : Number.NaN))
    .filter((ms) => Number.isFinite(ms));
  return times.length ? Math.max(...times) : Number.NaN;
}

export function situationSummary(
  levels: readonly StationLatest[],
  rains: readonly StationLatest[],
  warningTotal: number | undefined,
  now: string,
): SituationSummary {
  const all = [...levels, ...rains];
  const since = wallMs(now) - DAY;
  const reporting = all.filter((row) => latestTime(row) > since).length;
  let maxRain: SituationSummary['maxRain'];
  for (const row of rains) {
    // A dry day names no station.
    if (typeof row.today === 'number' && row.today > 0 && (!maxRain || row.today > maxRain.value)) maxRain = { value: row.today, stationName: row.stationName };
  }
  const above = new Set(levels.filter((row) => isAboveFloodLimit(row.latest?.ZU?.value, row)).map((row) => row.reservoirId));
  // The warning log's count when it answers; else the stations' own counts.
  const activeWarnings = warningTotal ?? all.reduce((sum, row) => sum + (row.activeWarnings ?? 0), 0);
  return { stations: all.length, reporting, activeWarnings, maxRain, reservoirsAboveFloodLimit: above.size };
}

/** Rows needing attention first, then stations that reported before those that did not, newest report first (stable otherwise). */
export function situationOrder(rows: readonly StationLatest[], needsAttention: (row: StationLatest) => boolean): StationLatest[] {
  return rows
    .map((row, index) => ({ row, index, alert: needsAttention(row) ? 0 : 1, time: latestTime(row) }))
    .sort((a, b) => a.alert - b.alert || (Number.isFinite(b.time) ? b.time : -Infinity) - (Number.isFinite(a.time) ? a.time : -Infinity) || a.index - b.index)
    .map((entry) => entry.row);
}
