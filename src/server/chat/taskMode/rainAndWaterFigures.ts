/**
 * The figures of a quick-task answer, read from the caller's registers
 * through the engine (tenant, data scope and soft delete applied): the
 * reservoir by name, rainfall totals of the period per rain station from the
 * daily rollups (monitor/readingDay — the same rows the monitoring month and
 * year reports sum, and whose day total the day report recomputes from the
 * raw readings), the latest water level and the period's highest and lowest
 * from the same rollups, and the reservoir's active warnings.
 */
import type { EntityTypeMap } from '../../../shared/generated/entityTypes.js';
import { elementByCode } from '../../../shared/monitorElements.js';
import { dictionaryLabels } from '../../engine/dictionaryLabels.js';
import { entityModel } from '../../engine/entityRegistry.js';
import { localApi, type LocalContext } from '../../engine/localApi.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import type { DayRange } from './periodDays.js';

type Reservoir = EntityTypeMap['reservoir/reservoir'];

export const RAIN = elementByCode('PJ')!;
export const LEVEL = elementByCode('ZU')!;
/** warning_state 1 预警中 (active). */
const WARNING_ACTIVE = 1;
/** Reservoirs a question's name is looked for among (a county has a few hundred). */
const MAX_RESERVOIRS = 5000;

export interface StationRain {
  stationName: string;
  total: number;
  /** Days of the period the station reported on. */
  reportedDays: number;
}

export interface StationLevel {
  stationName: string;
  latest: { value: number; time: string } | null;
  highest: { value: number; time: string } | null;
  lowest: { value: number; time: string } | null;
}

/** An active warning in parts (its stored content repeats the time and the reservoir's name, which the answer already shows). */
export interface ActiveWarning {
  startTime: string;
  stationName: string;
  /** warning_level's label in the caller's language ('' when the warning has none). */
  levelName: string;
  limitName: string;
  element: number;
  /** The latest value while the warning is active. */
  value: number;
  threshold: number;
}

export interface RainAndWaterFigures {
  rain: StationRain[];
  level: StationLevel[];
  warnings: ActiveWarning[];
  warningCount: number;
}

/** The reservoirs the caller may see: id, name and flood-limit level. */
export async function visibleReservoirs(ctx: LocalContext): Promise<Pick<Reservoir, 'id' | 'name' | 'floodLimitWaterLevel'>[]> {
  const rows = await localApi(ctx).find('reservoir/reservoir', { limit: MAX_RESERVOIRS });
  return rows.map((row) => ({ id: row.id, name: row.name, floodLimitWaterLevel: row.floodLimitWaterLevel }));
}

async function rainByStation(ctx: LocalContext, reservoirId: string, days: DayRange): Promise<StationRain[]> {
  const q = scopedQuery(ctx);
  const d = await q.from('monitor/readingDay', 'd');
  const s = await q.from('info/station', 's');
  const rows = await q.rows<{ stationName: string; total: string | null; reportedDays: number }>(
    `SELECT ${s.col('stationName')} AS "stationName", sum(${d.col('total')}) AS total, count(*)::int AS "reportedDays"
       FROM ${d.table} JOIN ${s.table} ON ${s.col('id')} = ${d.col('stationId')} AND ${s.scope}
      WHERE ${d.scope} AND ${d.col('reservoirId')} = ${q.param(reservoirId)} AND ${d.col('element')} = ${q.param(RAIN.key)}
        AND ${d.col('day')} BETWEEN ${q.param(days.from)}::date AND ${q.param(days.to)}::date AND ${d.col('readings')} > 0
      GROUP BY ${s.col('id')}, ${s.col('stationName')} ORDER BY ${s.col('stationName')} LIMIT 20`,
  );
  return rows.map((row) => ({ stationName: row.stationName, total: Number(row.total ?? 0), reportedDays: row.reportedDays }));
}

interface LevelDayRow {
  stationId: string;
  stationName: string;
  day: string;
  maximum: string;
  maximumTime: string;
  minimum: string;
  minimumTime: string;
  lastValue: string;
  lastTime: string;
}

async function levelDays(ctx: LocalContext, reservoirId: string, days: DayRange): Promise<LevelDayRow[]> {
  const q = scopedQuery(ctx);
  const d = await q.from('monitor/readingDay', 'd');
  const s = await q.from('info/station', 's');
  const time = (field: string) => `to_char(${d.col(field)}, 'YYYY-MM-DD HH24:MI:SS')`;
  return q.rows<LevelDayRow>(
    `SELECT ${d.col('stationId')}::text AS "stationId", ${s.col('stationName')} AS "stationName", ${d.col('day')}::text AS day,
            ${d.col('maximum')} AS maximum, ${time('maximumTime')} AS "maximumTime", ${d.col('minimum')} AS minimum, ${time('minimumTime')} AS "minimumTime",
            ${d.col('lastValue')} AS "lastValue", ${time('lastTime')} AS "lastTime"
       FROM ${d.table} JOIN ${s.table} ON ${s.col('id')} = ${d.col('stationId')} AND ${s.scope}
      WHERE ${d.scope} AND ${d.col('reservoirId')} = ${q.param(reservoirId)} AND ${d.col('element')} = ${q.param(LEVEL.key)}
        AND ${d.col('day')} BETWEEN ${q.param(days.from)}::date AND ${q.param(days.to)}::date AND ${d.col('readings')} > 0
      ORDER BY ${d.col('day')} LIMIT 1000`,
  );
}

/** The newest rollup per level station, whatever its day: the latest level even when the period has none. */
async function latestLevels(ctx: LocalContext, reservoirId: string): Promise<LevelDayRow[]> {
  const q = scopedQuery(ctx);
  const d = await q.from('monitor/readingDay', 'd');
  const s = await q.from('info/station', 's');
  return q.rows<LevelDayRow>(
    `SELECT DISTINCT ON (${d.col('stationId')}) ${d.col('stationId')}::text AS "stationId", ${s.col('stationName')} AS "stationName",
            ${d.col('lastValue')} AS "lastValue", to_char(${d.col('lastTime')}, 'YYYY-MM-DD HH24:MI:SS') AS "lastTime"
       FROM ${d.table} JOIN ${s.table} ON ${s.col('id')} = ${d.col('stationId')} AND ${s.scope}
      WHERE ${d.scope} AND ${d.col('reservoirId')} = ${q.param(reservoirId)} AND ${d.col('element')} = ${q.param(LEVEL.key)} AND ${d.col('readings')} > 0
      ORDER BY ${d.col('stationId')}, ${d.col('day')} DESC LIMIT 20`,
  );
}

function stationLevels(period: LevelDayRow[], latest: LevelDayRow[]): StationLevel[] {
  const byStation = new Map<string, StationLevel>();
  const entry = (row: LevelDayRow) => {
    let found = byStation.get(row.stationId);
    if (!found) byStation.set(row.stationId, (found = { stationName: row.stationName, latest: null, highest: null, lowest: null }));
    return found;
  };
  for (const row of latest) entry(row).latest = { value: Number(row.lastValue), time: row.lastTime };
  for (const row of period) {
    const station = entry(row);
    const max = Number(row.maximum);
    const min = Number(row.minimum);
    if (!station.highest || max > station.highest.value) station.highest = { value: max, time: row.maximumTime };
    if (!station.lowest || min < station.lowest.value) station.lowest = { value: min, time: row.minimumTime };
  }
  return [...byStation.values()];
}

async function activeWarnings(ctx: LocalContext, reservoirId: string): Promise<ActiveWarning[]> {
  const rows = await localApi(ctx).find('monitor/warningLog', {
    where: { reservoirId, warningState: WARNING_ACTIVE },
    sort: ['startTime desc'],
    limit: 5,
    withTitles: true,
  });
  const stationTitle = entityModel('monitor/warningLog').field.get('stationId')?.ref?.titleName ?? 'stationName';
  const levels = (await dictionaryLabels(ctx.db, ctx.caller.tenantId, ['warning_level'], ctx.language)).get('warning_level');
  return rows.map((row) => ({
    startTime: String(row.startTime ?? ''),
    stationName: String((row as unknown as Record<string, unknown>)[stationTitle] ?? ''),
    levelName: levels?.get(String(row.warningLevel)) ?? '',
    limitName: String(row.limitName ?? ''),
    element: Number(row.element),
    value: Number(row.lastValue ?? row.startValue),
    threshold: Number(row.threshold),
  }));
}

export async function rainAndWaterFigures(ctx: LocalContext, reservoirId: string, rainDays: DayRange, levelRange: DayRange): Promise<RainAndWaterFigures> {
  const api = localApi(ctx);
  const [rain, period, latest, warnings, warningCount] = await Promise.all([
    rainByStation(ctx, reservoirId, rainDays),
    levelDays(ctx, reservoirId, levelRange),
    latestLevels(ctx, reservoirId),
    activeWarnings(ctx, reservoirId),
    api.count('monitor/warningLog', { reservoirId, warningState: WARNING_ACTIVE }),
  ]);
  return {
    rain,
    level: stationLevels(period, latest),
    warnings,
    warningCount,
  };
}
