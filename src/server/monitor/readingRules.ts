/**
 * The rules of monitor/reading, as hooks: a reading names a station of the
 * caller's tenant (the engine checks the reference), takes the station's
 * reservoir (reservoirId, server-set), must be an element of the station's
 * family (monitorType), within the element's plausible range
 * (src/shared/monitorElements.ts) and not later than now + 5 minutes. One
 * function decides (readingRefusal), used by the single-row hooks (save and
 * update refuse with its message), by beforeInsertMany (the row is set aside)
 * and by the ingestion core (which counts the reason).
 *
 * The daily rollup (monitor/readingDay) is kept here too: afterInsertMany adds
 * exactly the inserted rows in one aggregated upsert (a duplicate is never
 * inserted, so never counted twice); a save, update or remove recomputes the
 * affected (station, element, day) from the raw rows.
 *
 * Every write of a station's readings first takes the station's transaction
 * lock (lockStations): manual entries, removals and ingestion of one station
 * then run one after another, so a day's rollup is never recomputed by two
 * at once and concurrent deliveries never lock rollup or limit rows crosswise.
 */
import type { DbClient, Queryable } from '../db/pool.js';
import { nextId } from '../db/ids.js';
import { lockNames } from '../db/transactionLocks.js';
import { badRequest, type Language } from '../http/apiError.js';
import { defineHooks } from '../engine/hooks.js';
import { localApi, type LocalContext } from '../engine/localApi.js';
import { elementByKey, HYDROLOGICAL_DAY_START_HOUR, MONITOR_FAMILIES, type MonitorElement } from '../../shared/monitorElements.js';
import type { RejectReason } from './rejectReasons.js';

type Row = Record<string, unknown>;

/** reading_source */
export const SOURCE_HTTP = 1;
export const SOURCE_MQTT = 2;
export const SOURCE_MANUAL = 3;
export const SOURCE_DEMO = 4;

/** A reading may be stamped at most this far after the server's clock (device clocks drift). */
export const FUTURE_TOLERANCE_MINUTES = 5;

const ELEMENT_NAMES: Record<number, { zh: string; en: string }> = {
  1: { zh: '库水位', en: 'reservoir level' },
  2: { zh: '降水量', en: 'rainfall' },
  3: { zh: '渗流量', en: 'seepage flow' },
  4: { zh: '渗压', en: 'seepage pressure' },
  5: { zh: '水平位移X', en: 'horizontal displacement X' },
  6: { zh: '水平位移Y', en: 'horizontal displacement Y' },
  7: { zh: '垂直位移', en: 'vertical displacement' },
};

const FAMILY_NAMES: Record<number, { zh: string; en: string }> = {
  1: { zh: '水位', en: 'water level' },
  2: { zh: '雨量', en: 'rainfall' },
  3: { zh: '渗流量', en: 'seepage flow' },
  4: { zh: '渗压', en: 'seepage pressure' },
  5: { zh: '变形', en: 'deformation' },
};

/** What the rule needs to know of a station. */
export interface StationFacts {
  id: string;
  stationCode?: string;
  stationName?: string;
  reservoirId: string | null;
  monitorType: number | null;
}

export interface Refusal {
  reason: RejectReason;
  field: 'stationId' | 'element' | 'observeTime' | 'value';
  zh: string;
  en: string;
}

export interface ReadingCandidate {
  element?: unknown;
  observeTime?: unknown;
  value?: unknown;
}

const DATETIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;

/** 'yyyy-MM-dd HH:mm:ss' (a T is accepted in place of the blank) of a real calendar time, or undefined. */
export function canonicalTime(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = DATETIME.exec(value);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return undefined;
  return `${match[1]}-${match[2]}-${match[3]} ${match[4]}:${match[5]}:${match[6]}`;
}

function addSeconds(time: string, seconds: number): string {
  const date = new Date(`${time.replace(' ', 'T')}Z`);
  return new Date(date.getTime() + seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function isSummed(element: MonitorElement | number): boolean {
  const info = typeof element === 'number' ? elementByKey(element) : element;
  return info?.aggregate === 'sum';
}

/**
 * The day a reading counts in: rainfall's hydrological day is named by the 08:00 it ends at (readings in
 * (D-1 08:00, D 08:00] belong to D, so 08:00 closes D and 08:05 opens D+1); other elements: the calendar date.
 */
export function readingDay(element: number, observeTime: string): string {
  if (!isSummed(element)) return observeTime.slice(0, 10);
  return addSeconds(observeTime, (24 - HYDROLOGICAL_DAY_START_HOUR) * 3600 - 1).slice(0, 10);
}

/** The readings of a day: observeTime in (after, upTo] (local times). */
export function dayRange(element: number, day: string): { after: string; upTo: string } {
  if (!isSummed(element)) return { after: `${addDays(day, -1)} 23:59:59`, upTo: `${day} 23:59:59` };
  const hour = String(HYDROLOGICAL_DAY_START_HOUR).padStart(2, '0');
  return { after: `${addDays(day, -1)} ${hour}:00:00`, upTo: `${day} ${hour}:00:00` };
}

function stationLabel(station: StationFacts): string {
  return station.stationName ?? station.stationCode ?? station.id;
}

/**
 * The rule, for one reading at one station: undefined when acceptable, else why not. `latest` is the
 * latest acceptable observeTime (now + FUTURE_TOLERANCE_MINUTES, local time, 'yyyy-MM-dd HH:mm:ss').
 */
export function readingRefusal(reading: ReadingCandidate, station: StationFacts | undefined, latest: string): Refusal | undefined {
  if (!station) return { reason: 'unknown_station', field: 'stationId', zh: '测站不存在或已被删除', en: 'The station does not exist or was deleted' };
  const element = typeof reading.element === 'number' || typeof reading.element === 'string' ? elementByKey(Number(reading.element)) : undefined;
  if (!element) {
    return {
      reason: 'unknown_element',
      field: 'element',
      zh: `监测要素 ${String(reading.element)} 不存在`,
      en: `There is no element ${String(reading.element)}`,
    };
  }
  const elementName = ELEMENT_NAMES[element.key];
  const family = MONITOR_FAMILIES.find((info) => info.family === element.family)!;
  if (station.monitorType !== family.monitorType) {
    const kind = station.monitorType ? FAMILY_NAMES[station.monitorType] : undefined;
    return {
      reason: 'wrong_family',
      field: 'element',
      zh: kind
        ? `测站「${stationLabel(station)}」为${kind.zh}测站，不接收${elementName.zh}（${element.code}）数据`
        : `测站「${stationLabel(station)}」未设置监测类型，不接收${elementName.zh}（${element.code}）数据`,
      en: kind
        ? `Station ${stationLabel(station)} measures ${kind.en}, not ${elementName.en} (${element.code})`
        : `Station ${stationLabel(station)} has no monitoring type, so it takes no ${elementName.en} (${element.code})`,
    };
  }
  const time = canonicalTime(reading.observeTime);
  if (!time)
    return { reason: 'bad_time', field: 'observeTime', zh: '观测时间应为 yyyy-MM-dd HH:mm:ss', en: 'The observation time must be yyyy-MM-dd HH:mm:ss' };
  if (time > latest) return { reason: 'future_time', field: 'observeTime', zh: '观测时间晚于当前时间', en: 'The observation time is later than now' };
  const value = reading.value;
  if (typeof value !== 'number' || !Number.isFinite(value))
    return { reason: 'bad_value', field: 'value', zh: '测值应为数字', en: 'The value must be a number' };
  if (value < element.min || value > element.max) {
    return {
      reason: 'out_of_range',
      field: 'value',
      zh: `${elementName.zh}测值 ${value} 超出合理范围 ${element.min}～${element.max} ${element.unit}`,
      en: `The ${elementName.en} value ${value} is outside the plausible range ${element.min} to ${element.max} ${element.unit}`,
    };
  }
  return undefined;
}

export function refusalText(refusal: Refusal, language: Language): string {
  return language === 'en' ? refusal.en : refusal.zh;
}

/** The latest acceptable observation time: the database's local clock + FUTURE_TOLERANCE_MINUTES. */
export async function latestAcceptableTime(db: Queryable): Promise<string> {
  const result = await db.query<{ latest: string }>(`SELECT LOCALTIMESTAMP(0) + make_interval(mins => $1) AS "latest"`, [FUTURE_TOLERANCE_MINUTES]);
  return result.rows[0].latest;
}

/** The stations (of the caller's tenant, live) by id. */
export async function stationFacts(ctx: LocalContext, tx: DbClient, ids: string[]): Promise<Map<string, StationFacts>> {
  const unique = [...new Set(ids.filter(Boolean))];
  if (unique.length === 0) return new Map();
  const rows = await localApi(ctx, tx)
    .tenantWide()
    .find('info/station', { where: { id: unique } });
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        stationCode: row.stationCode,
        stationName: row.stationName,
        reservoirId: row.reservoirId ?? null,
        monitorType: row.monitorType === undefined || row.monitorType === null ? null : Number(row.monitorType),
      },
    ]),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The daily rollup.

export interface RollupKey {
  stationId: string;
  element: number;
  day: string;
}

interface RollupRow extends RollupKey {
  reservoirId: string | null;
  createUser: string | null;
  createDept: string | null;
  readings: number;
  total: number;
  minimum: number;
  minimumTime: string;
  maximum: number;
  maximumTime: string;
  lastValue: number;
  lastTime: string;
}

const keyOf = (key: RollupKey) => `${key.stationId}|${key.element}|${key.day}`;

function compareKeys(a: RollupKey, b: RollupKey): number {
  if (a.stationId !== b.stationId) return BigInt(a.stationId) < BigInt(b.stationId) ? -1 : 1;
  if (a.element !== b.element) return a.element - b.element;
  return a.day < b.day ? -1 : a.day > b.day ? 1 : 0;
}

/** Groups readings (output rows of monitor/reading) into day figures. */
export function rollupOf(readings: Row[]): RollupRow[] {
  const groups = new Map<string, RollupRow>();
  for (const reading of readings) {
    const element = Number(reading.element);
    const time = String(reading.observeTime);
    const value = Number(reading.value);
    const key = { stationId: String(reading.stationId), element, day: readingDay(element, time) };
    const group = groups.get(keyOf(key));
    if (!group) {
      groups.set(keyOf(key), {
        ...key,
        reservoirId: (reading.reservoirId as string | null) ?? null,
        createUser: (reading.createUser as string | null) ?? null,
        createDept: (reading.createDept as string | null) ?? null,
        readings: 1,
        total: value,
        minimum: value,
        minimumTime: time,
        maximum: value,
        maximumTime: time,
        lastValue: value,
        lastTime: time,
      });
      continue;
    }
    group.readings += 1;
    group.total += value;
    if (value < group.minimum || (value === group.minimum && time < group.minimumTime)) [group.minimum, group.minimumTime] = [value, time];
    if (value > group.maximum || (value === group.maximum && time < group.maximumTime)) [group.maximum, group.maximumTime] = [value, time];
    if (time > group.lastTime) [group.lastValue, group.lastTime] = [value, time];
  }
  return [...groups.values()].sort(compareKeys);
}

const ROLLUP_COLUMNS = `"id", "tenant_id", "create_user", "create_dept", "update_user", "station_id", "reservoir_id", "element", "day",
  "readings", "total", "minimum", "minimum_time", "maximum", "maximum_time", "last_value", "last_time"`;

function rollupArrays(rows: RollupRow[]): unknown[][] {
  return [
    rows.map(() => nextId()),
    rows.map((r) => r.createUser),
    rows.map((r) => r.createDept),
    rows.map((r) => r.stationId),
    rows.map((r) => r.reservoirId),
    rows.map((r) => r.element),
    rows.map((r) => r.day),
    rows.map((r) => r.readings),
    rows.map((r) => r.total),
    rows.map((r) => r.minimum),
    rows.map((r) => r.minimumTime),
    rows.map((r) => r.maximum),
    rows.map((r) => r.maximumTime),
    rows.map((r) => r.lastValue),
    rows.map((r) => r.lastTime),
  ];
}

const ROLLUP_SOURCE = `SELECT u.id, $1, u.cu, u.cd, u.cu, u.station_id, u.reservoir_id, u.element, u.day, u.readings, u.total,
         u.minimum, u.minimum_time, u.maximum, u.maximum_time, u.last_value, u.last_time
    FROM unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[], $7::int[], $8::date[], $9::int[], $10::float8[],
                $11::float8[], $12::timestamp(0)[], $13::float8[], $14::timestamp(0)[], $15::float8[], $16::timestamp(0)[])
      AS u(id, cu, cd, station_id, reservoir_id, element, day, readings, total, minimum, minimum_time, maximum, maximum_time, last_value, last_time)`;

/**
 * Adds newly inserted readings to the rollup: one upsert for the batch, keys in a fixed order so two
 * concurrent batches lock the day rows in the same order (no deadlock).
 */
export async function addToRollup(tx: DbClient, tenantId: string, inserted: Row[]): Promise<void> {
  const rows = rollupOf(inserted);
  if (rows.length === 0) return;
  // tenant-sql: the rollup is derived data kept by the reading register's hook; an upsert has no engine operation.
  await tx.query(
    `INSERT INTO "monitor_reading_day" AS d (${ROLLUP_COLUMNS})
     ${ROLLUP_SOURCE}
     ON CONFLICT ("tenant_id", "station_id", "element", "day") WHERE "is_deleted" = 0 DO UPDATE SET
       "readings" = d."readings" + EXCLUDED."readings",
       "total" = COALESCE(d."total", 0) + EXCLUDED."total",
       "minimum" = LEAST(d."minimum", EXCLUDED."minimum"),
       "minimum_time" = CASE WHEN d."minimum" IS NULL OR EXCLUDED."minimum" < d."minimum"
                               OR (EXCLUDED."minimum" = d."minimum" AND EXCLUDED."minimum_time" < d."minimum_time")
                             THEN EXCLUDED."minimum_time" ELSE d."minimum_time" END,
       "maximum" = GREATEST(d."maximum", EXCLUDED."maximum"),
       "maximum_time" = CASE WHEN d."maximum" IS NULL OR EXCLUDED."maximum" > d."maximum"
                               OR (EXCLUDED."maximum" = d."maximum" AND EXCLUDED."maximum_time" < d."maximum_time")
                             THEN EXCLUDED."maximum_time" ELSE d."maximum_time" END,
       "last_value" = CASE WHEN d."last_time" IS NULL OR EXCLUDED."last_time" >= d."last_time" THEN EXCLUDED."last_value" ELSE d."last_value" END,
       "last_time" = GREATEST(d."last_time", EXCLUDED."last_time"),
       "reservoir_id" = EXCLUDED."reservoir_id",
       "update_time" = LOCALTIMESTAMP(0),
       "version" = d."version" + 1`,
    [tenantId, ...rollupArrays(rows)],
  );
}

/**
 * Recomputes the given days from the raw rows (leaving out `excludeIds`, rows about to be removed): the
 * day rows are deleted and written again from the live readings (a day without readings has no row).
 */
export async function recomputeRollup(tx: DbClient, tenantId: string, keys: RollupKey[], excludeIds: string[] = []): Promise<void> {
  const unique = [...new Map(keys.map((key) => [keyOf(key), key])).values()].sort(compareKeys);
  if (unique.length === 0) return;
  const keyArrays = [unique.map((k) => k.stationId), unique.map((k) => k.element), unique.map((k) => k.day)];
  // tenant-sql: the rollup is derived data kept by the reading register's hooks; its rows are replaced, not edited.
  await tx.query(
    `DELETE FROM "monitor_reading_day" d
      USING unnest($2::bigint[], $3::int[], $4::date[]) AS k(station_id, element, day)
      WHERE d."tenant_id" = $1 AND d."station_id" = k.station_id AND d."element" = k.element AND d."day" = k.day`,
    [tenantId, ...keyArrays],
  );
  const ranges = unique.map((key) => dayRange(key.element, key.day));
  // tenant-sql: reads the raw readings of the days being recomputed (this register's own rule).
  const readings = await tx.query(
    `SELECT r."station_id"::text AS "stationId", r."reservoir_id"::text AS "reservoirId", r."element", r."observe_time" AS "observeTime",
            r."value", r."create_user"::text AS "createUser", r."create_dept"::text AS "createDept"
       FROM unnest($2::bigint[], $3::int[], $4::timestamp(0)[], $5::timestamp(0)[]) AS k(station_id, element, after, up_to)
       JOIN "monitor_reading" r ON r."tenant_id" = $1 AND r."is_deleted" = 0 AND r."station_id" = k.station_id AND r."element" = k.element
        AND r."observe_time" > k.after AND r."observe_time" <= k.up_to
      WHERE NOT (r."id" = ANY($6::bigint[]))
      ORDER BY r."observe_time"`,
    [tenantId, keyArrays[0], keyArrays[1], ranges.map((r) => r.after), ranges.map((r) => r.upTo), excludeIds],
  );
  const rows = rollupOf(readings.rows as Row[]);
  if (rows.length === 0) return;
  // tenant-sql: as above.
  await tx.query(`INSERT INTO "monitor_reading_day" (${ROLLUP_COLUMNS}) ${ROLLUP_SOURCE}`, [tenantId, ...rollupArrays(rows)]);
}

function rollupKeyOf(row: Row): RollupKey | undefined {
  const time = canonicalTime(row.observeTime);
  const element = Number(row.element);
  if (!time || !row.stationId || !Number.isInteger(element)) return undefined;
  return { stationId: String(row.stationId), element, day: readingDay(element, time) };
}

/** Holds the stations' reading locks until the transaction ends (see the file's comment). */
export async function lockStations(tx: Queryable, tenantId: string, stationIds: readonly unknown[]): Promise<void> {
  const ids = stationIds.filter((id) => id !== undefined && id !== null && id !== '').map(String);
  await lockNames(
    tx,
    ids.map((id) => `monitor_station_readings:${tenantId}:${id}`),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The hooks.

defineHooks('monitor/reading', {
  beforeChange: async ({ ctx, tx, operation, data, merged, existing }) => {
    await lockStations(tx, ctx.caller.tenantId, [merged.stationId, existing?.stationId]);
    const stationId = String(merged.stationId ?? '');
    const station = (await stationFacts(ctx, tx, [stationId])).get(stationId);
    const refusal = readingRefusal(merged, station, await latestAcceptableTime(tx));
    if (refusal) throw badRequest(refusal.zh, refusal.en, { field: refusal.field, reason: refusal.reason });
    data.reservoirId = station!.reservoirId;
    if (operation === 'create' && (merged.source === undefined || merged.source === null)) data.source = SOURCE_MANUAL;
  },
  afterChange: async ({ ctx, tx, row, existing }) => {
    const keys = [rollupKeyOf(row), existing ? rollupKeyOf(existing) : undefined].filter((key): key is RollupKey => !!key);
    await recomputeRollup(tx, ctx.caller.tenantId, keys);
  },
  beforeRemove: async ({ ctx, tx, rows }) => {
    await lockStations(
      tx,
      ctx.caller.tenantId,
      rows.map((row) => row.station_id),
    );
    const keys = rows
      .map((row) => rollupKeyOf({ stationId: row.station_id, element: row.element, observeTime: row.observe_time }))
      .filter((key): key is RollupKey => !!key);
    await recomputeRollup(
      tx,
      ctx.caller.tenantId,
      keys,
      rows.map((row) => String(row.id)),
    );
  },
  beforeInsertMany: async ({ ctx, tx, rows, reject }) => {
    const stations = await stationFacts(
      ctx,
      tx,
      rows.map((row) => String(row.data.stationId ?? '')),
    );
    const latest = await latestAcceptableTime(tx);
    for (const row of rows) {
      const station = stations.get(String(row.data.stationId ?? ''));
      const refusal = readingRefusal(row.data, station, latest);
      if (refusal) {
        reject(row.index, refusalText(refusal, ctx.language), refusal.field);
        continue;
      }
      row.data.reservoirId = station!.reservoirId;
      if (row.data.source === undefined || row.data.source === null) row.data.source = SOURCE_MANUAL;
    }
  },
  afterInsertMany: async ({ ctx, tx, inserted }) => {
    await addToRollup(tx, ctx.caller.tenantId, inserted);
  },
});
