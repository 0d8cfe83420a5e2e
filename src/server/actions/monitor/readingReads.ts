/**
 * Reads of the reading families (contract §D) beside the generic list:
 *
 * - `GET /api/v1/monitor/<family>/listAll?stationId&startTime&endTime[&element]` → `[{ element, observeTime, value }]`
 *   of one station, oldest first (the console's charts). The range may span up to 366 days; at most
 *   40,000 readings come back, more is a 400 asking for a shorter range.
 * - `GET /api/v1/monitor/<family>/listNew[?reservoirId]` → one entry per station of the family the caller
 *   sees: `{ stationId, stationCode, stationName, reservoirId, reservoirName, latestTime,
 *   latest: { <elementCode>: { value, time } }, activeWarnings }`, plus for rainfall `today` (since the
 *   last 08:00), `h1`, `h3`, `h24` (totals up to now; null when the station reported nothing in the
 *   window) and for water level the reservoir's `deadWaterLevel, floodLimitWaterLevel, normalWaterLevel,
 *   designFloodLevel, checkFloodLevel` and `change24h` (latest level minus the last level at or before
 *   24 h earlier, null without one).
 *
 * Both are declared anyUser in the schema: the family's menu is checked here (listNew also opens to
 * the water_situation page's menu). Everything is read through scopedQuery, the readings in the data
 * scope of the family's menu. The station checks (`familyStation`) serve the reports too.
 */
import { isIdString } from '../../db/ids.js';
import { defineActions, type ActionContext, type ActionHandler } from '../../engine/actions.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import type { RowScope } from '../../engine/sqlBuilder.js';
import { ApiError, badRequest } from '../../http/apiError.js';
import { elementByCode, elementByKey, type MonitorElement, type MonitorFamily, type MonitorFamilyInfo } from '../../../shared/monitorElements.js';
import { assertFamilyRead, FAMILY_NAMES, familyElementKeys, familyOfBinding, familyScope } from './readingFamilies.js';
import { timeMs } from './reportTables.js';

type Row = Record<string, unknown>;

export const LIST_ALL_MAX_ROWS = 40_000;
export const LIST_ALL_MAX_DAYS = 366;
const LIST_NEW_MAX_STATIONS = 2_000;

export const FAMILY_NAME: Record<MonitorFamily, { zh: string; en: string }> = {
  waterLevel: { zh: '水位', en: 'water level' },
  rainfall: { zh: '雨量', en: 'rainfall' },
  seepageFlow: { zh: '渗流量', en: 'seepage flow' },
  seepagePressure: { zh: '渗压', en: 'seepage pressure' },
  transshape: { zh: '变形', en: 'deformation' },
};

export interface FamilyStation {
  id: string;
  code: string;
  name: string;
  reservoirId: string;
  reservoirName: string | null;
}

/** A query parameter as one string (a repeated parameter is refused as malformed). */
export function param(ctx: ActionContext, name: string): string | undefined {
  const value = ctx.query[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') throw badRequest(`参数 ${name} 格式不正确`, `The parameter ${name} is malformed`);
  return String(value).trim();
}

/** Whether a reading-scope restriction lets the caller see rows written as the station's creator. */
function creatorInScope(scope: RowScope, row: Row): boolean {
  if (!scope.restriction) return true;
  return scope.restriction.userIds.includes(String(row.createUser)) || scope.restriction.deptIds.includes(String(row.createDept));
}

/**
 * The station of a read: given, a live station of the caller's tenant whose reservoir the caller sees and
 * whose readings the family menu's data scope covers (else 404), and of the family (else 400).
 */
export async function familyStation(ctx: ActionContext, info: MonitorFamilyInfo, scope: RowScope): Promise<FamilyStation> {
  const id = param(ctx, 'stationId');
  if (id === undefined) throw badRequest('请选择测站', 'Please choose the station', { field: 'stationId' });
  if (!isIdString(id)) throw badRequest('测站编号格式不正确', 'The station id is malformed', { field: 'stationId' });
  const q = scopedQuery(ctx);
  const s = await q.from('info/station', 's');
  const v = await q.from('reservoir/reservoir', 'v');
  const [row] = await q.rows(
    `SELECT ${s.col('id')}::text AS id, ${s.col('stationCode')} AS code, ${s.col('stationName')} AS name, ${s.col('monitorType')} AS "monitorType",
            ${s.col('reservoirId')}::text AS "reservoirId", ${v.col('name')} AS "reservoirName",
            ${s.col('createUser')}::text AS "createUser", ${s.col('createDept')}::text AS "createDept"
       FROM ${s.table} JOIN ${v.table} ON ${v.col('id')} = ${s.col('reservoirId')} AND ${v.scope}
      WHERE ${s.scope} AND ${s.col('id')} = ${q.param(id)}`,
  );
  if (!row || !creatorInScope(scope, row)) throw new ApiError(404, { zh: '测站不存在或无权查看', en: 'The station does not exist or is not yours to see' });
  if (Number(row.monitorType) !== info.monitorType) {
    const name = FAMILY_NAME[info.family];
    throw badRequest(`测站 ${row.name} 不是${name.zh}测站`, `The station ${row.name} is not a ${name.en} station`, { field: 'stationId' });
  }
  return {
    id: String(row.id),
    code: String(row.code),
    name: String(row.name),
    reservoirId: String(row.reservoirId),
    reservoirName: (row.reservoirName as string) ?? null,
  };
}

/** The family's element named by `element` (its key or wire code), or all of the family's when not given. */
export function familyElements(ctx: ActionContext, info: MonitorFamilyInfo): MonitorElement[] {
  const raw = param(ctx, 'element');
  if (raw === undefined) return [...info.elements];
  const element = /^\d+$/.test(raw) ? elementByKey(Number(raw)) : elementByCode(raw.toUpperCase());
  if (!element || !familyElementKeys(info).includes(element.key)) {
    const allowed = info.elements.map((e) => `${e.key} (${e.code})`).join(', ');
    throw badRequest(
      `监测要素 ${raw} 不属于${FAMILY_NAME[info.family].zh}（可选：${allowed}）`,
      `The element ${raw} is not one of ${FAMILY_NAME[info.family].en} (allowed: ${allowed})`,
      {
        field: 'element',
      },
    );
  }
  return [element];
}

const DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

/** A `yyyy-MM-dd HH:mm:ss` (or `yyyy-MM-dd`, meaning its 00:00:00) parameter, a real calendar time. */
export function timeParam(ctx: ActionContext, name: string, zh: string, en: string): string {
  const raw = param(ctx, name);
  if (raw === undefined) throw badRequest(`请选择${zh}`, `Please give the ${en}`, { field: name });
  const m = DATETIME.exec(raw);
  const text = m && !m[4] ? `${raw} 00:00:00` : raw;
  if (!m || Number(m[1]) < 1900 || Number(m[1]) > 2200 || new Date(timeMs(text)).toISOString().slice(0, 19).replace('T', ' ') !== text) {
    throw badRequest(`${zh}格式应为 yyyy-MM-dd HH:mm:ss`, `The ${en} must be yyyy-MM-dd HH:mm:ss`, { field: name });
  }
  return text;
}

const listAll: ActionHandler = async (ctx) => {
  const info = familyOfBinding(ctx.binding);
  await assertFamilyRead(ctx, info);
  const elements = familyElements(ctx, info);
  const start = timeParam(ctx, 'startTime', '开始时间', 'start time');
  const end = timeParam(ctx, 'endTime', '结束时间', 'end time');
  if (timeMs(end) < timeMs(start)) throw badRequest('结束时间不能早于开始时间', 'The end time may not be before the start time', { field: 'endTime' });
  if (timeMs(end) - timeMs(start) > LIST_ALL_MAX_DAYS * 86_400_000) {
    throw badRequest(`时间范围不能超过 ${LIST_ALL_MAX_DAYS} 天`, `The time range may span at most ${LIST_ALL_MAX_DAYS} days`, { field: 'endTime' });
  }
  const scope = await familyScope(ctx, info);
  const station = await familyStation(ctx, info, scope);
  const q = scopedQuery(ctx);
  const r = await q.from('monitor/reading', 'r', scope);
  // One element (every family but deformation): the unique index's order, no sort of the range.
  const element =
    elements.length === 1 ? `${r.col('element')} = ${q.param(elements[0].key)}` : `${r.col('element')} = ANY(${q.param(elements.map((e) => e.key))}::int[])`;
  const order = elements.length === 1 ? r.col('observeTime') : `${r.col('observeTime')}, ${r.col('element')}`;
  const rows = await q.rows(
    `SELECT ${r.col('element')} AS element, ${r.col('observeTime')} AS "observeTime", ${r.col('value')} AS value
       FROM ${r.table}
      WHERE ${r.scope} AND ${r.col('stationId')} = ${q.param(station.id)} AND ${element}
        AND ${r.col('observeTime')} BETWEEN ${q.param(start)}::timestamp AND ${q.param(end)}::timestamp
      ORDER BY ${order}
      LIMIT ${LIST_ALL_MAX_ROWS + 1}`,
  );
  if (rows.length > LIST_ALL_MAX_ROWS) {
    throw badRequest('所选时间段数据过多，请缩小时间范围', `More than ${LIST_ALL_MAX_ROWS} readings in this range; choose a shorter range`);
  }
  return rows;
};

const RESERVOIR_LEVELS = ['deadWaterLevel', 'floodLimitWaterLevel', 'normalWaterLevel', 'designFloodLevel', 'checkFloodLevel'] as const;

const listNew: ActionHandler = async (ctx) => {
  const info = familyOfBinding(ctx.binding);
  await assertFamilyRead(ctx, info, ['water_situation']);
  const reservoirId = param(ctx, 'reservoirId');
  if (reservoirId !== undefined && !isIdString(reservoirId)) throw badRequest('水库编号格式不正确', 'The reservoir id is malformed', { field: 'reservoirId' });
  const scope = await familyScope(ctx, info);
  const keys = familyElementKeys(info);
  const q = scopedQuery(ctx);
  const s = await q.from('info/station', 's');
  const v = await q.from('reservoir/reservoir', 'v');
  const levels = info.family === 'waterLevel' ? RESERVOIR_LEVELS.map((field) => `, ${v.col(field)} AS "${field}"`).join('') : '';
  const stations = (
    await q.rows(
      `SELECT ${s.col('id')}::text AS "stationId", ${s.col('stationCode')} AS "stationCode", ${s.col('stationName')} AS "stationName",
              ${s.col('reservoirId')}::text AS "reservoirId", ${v.col('name')} AS "reservoirName",
              ${s.col('createUser')}::text AS "createUser", ${s.col('createDept')}::text AS "createDept"${levels}
         FROM ${s.table} JOIN ${v.table} ON ${v.col('id')} = ${s.col('reservoirId')} AND ${v.scope}
        WHERE ${s.scope} AND ${s.col('monitorType')} = ${q.param(info.monitorType)}
              ${reservoirId ? `AND ${s.col('reservoirId')} = ${q.param(reservoirId)}` : ''}
        ORDER BY ${v.col('name')}, ${s.col('stationCode')}
        LIMIT ${LIST_NEW_MAX_STATIONS}`,
    )
  ).filter((row) => creatorInScope(scope, row));
  if (stations.length === 0) return [];
  const ids = stations.map((row) => String(row.stationId));

  // The latest reading per station and element: the newest day of the rollup names it (one index probe each).
  const latest = scopedQuery(ctx);
  const d = await latest.from('monitor/readingDay', 'd');
  const lastRows = await latest.rows<{ stationId: string; element: number; value: number; time: string }>(
    `SELECT sid::text AS "stationId", el AS element, last.value, last.time
       FROM unnest(${latest.param(ids)}::bigint[]) AS sid CROSS JOIN unnest(${latest.param(keys)}::int[]) AS el
       CROSS JOIN LATERAL (
         SELECT ${d.col('lastValue')} AS value, ${d.col('lastTime')} AS time FROM ${d.table}
          WHERE ${d.scope} AND ${d.col('stationId')} = sid AND ${d.col('element')} = el AND ${d.col('readings')} > 0
          ORDER BY ${d.col('day')} DESC LIMIT 1) AS last`,
  );
  const byStation = new Map<string, Row>(stations.map((row) => [String(row.stationId), { latest: {} as Row, latestTime: null as string | null }]));
  for (const row of lastRows) {
    const entry = byStation.get(row.stationId)!;
    (entry.latest as Row)[elementByKey(row.element)!.code] = { value: row.value, time: row.time };
    if (row.time && (!entry.latestTime || row.time > (entry.latestTime as string))) entry.latestTime = row.time;
  }

  if (info.family === 'rainfall') {
    const rain = scopedQuery(ctx);
    const r = await rain.from('monitor/reading', 'r', scope);
    const t = r.col('observeTime');
    const now = 'LOCALTIMESTAMP(0)';
    const since8 = `(date_trunc('day', ${now} - interval '8 hours') + interval '8 hours')`;
    const totals = await rain.rows(
      `SELECT ${r.col('stationId')}::text AS "stationId",
              sum(${r.col('value')}) FILTER (WHERE ${t} > ${since8}) AS today,
              sum(${r.col('value')}) FILTER (WHERE ${t} > ${now} - interval '1 hour') AS h1,
              sum(${r.col('value')}) FILTER (WHERE ${t} > ${now} - interval '3 hours') AS h3,
              sum(${r.col('value')}) AS h24
         FROM ${r.table}
        WHERE ${r.scope} AND ${r.col('stationId')} = ANY(${rain.param(ids)}::bigint[]) AND ${r.col('element')} = ANY(${rain.param(keys)}::int[])
          AND ${t} > ${now} - interval '24 hours' AND ${t} <= ${now}
        GROUP BY 1`,
    );
    const found = new Map(totals.map((row) => [String(row.stationId), row]));
    for (const [id, entry] of byStation) {
      const row = found.get(id);
      for (const key of ['today', 'h1', 'h3', 'h24'])
        entry[key] = row?.[key] === null || row?.[key] === undefined ? null : Math.round(Number(row[key]) * 10) / 10;
    }
  }

  if (info.family === 'waterLevel') {
    const level = scopedQuery(ctx);
    const r = await level.from('monitor/reading', 'r', scope);
    const withLatest = lastRows.filter((row) => row.time);
    const before = withLatest.length
      ? await level.rows<{ stationId: string; value: number }>(
          `SELECT l.sid::text AS "stationId", prior.value
             FROM unnest(${level.param(withLatest.map((row) => row.stationId))}::bigint[], ${level.param(withLatest.map((row) => row.element))}::int[],
                         ${level.param(withLatest.map((row) => row.time))}::timestamp[]) AS l(sid, el, at)
             CROSS JOIN LATERAL (
               SELECT ${r.col('value')} AS value FROM ${r.table}
                WHERE ${r.scope} AND ${r.col('stationId')} = l.sid AND ${r.col('element')} = l.el
                  AND ${r.col('observeTime')} <= l.at - interval '24 hours' AND ${r.col('observeTime')} > l.at - interval '48 hours'
                ORDER BY ${r.col('observeTime')} DESC LIMIT 1) AS prior`,
        )
      : [];
    const prior = new Map(before.map((row) => [row.stationId, Number(row.value)]));
    const decimals = info.elements[0].decimals;
    for (const [id, entry] of byStation) {
      const now = (entry.latest as Record<string, { value: number } | undefined>)[info.elements[0].code];
      entry.change24h = now && prior.has(id) ? Math.round((Number(now.value) - prior.get(id)!) * 10 ** decimals) / 10 ** decimals : null;
    }
  }

  const w = scopedQuery(ctx);
  const log = await w.from('monitor/warningLog', 'w');
  const warnings = await w.rows<{ stationId: string; n: number }>(
    `SELECT ${log.col('stationId')}::text AS "stationId", count(*)::int AS n FROM ${log.table}
      WHERE ${log.scope} AND ${log.col('stationId')} = ANY(${w.param(ids)}::bigint[]) AND ${log.col('warningState')} = 1
      GROUP BY 1`,
  );
  const active = new Map(warnings.map((row) => [row.stationId, row.n]));

  return stations.map((station) => {
    const { createUser: _user, createDept: _dept, ...visible } = station;
    return { ...visible, ...byStation.get(String(station.stationId)), activeWarnings: active.get(String(station.stationId)) ?? 0 };
  });
};

defineActions(
  'monitor/reading',
  Object.fromEntries(
    FAMILY_NAMES.flatMap((family) => [
      [`${family}ListAll`, listAll],
      [`${family}ListNew`, listNew],
    ]),
  ),
);
