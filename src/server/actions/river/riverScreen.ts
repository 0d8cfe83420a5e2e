/**
 * The river chief big screen's calls (business-domain §7, /api/v2/river/screen/*), answered from the
 * tenant's patrol registers as the user who opened the screen may see them (scopedQuery: tenant, data
 * scope, soft delete): statistics, the latest problems and the cameras along the rivers.
 */
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { dictionaryLabels } from '../../engine/dictionaryLabels.js';
import { localApi } from '../../engine/localApi.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import { badRequest } from '../../http/apiError.js';
import { tenantLevelRules } from './levelRules.js';
import { periodStart, ruleOfLevel, type PatrolPeriod } from './patrolRules.js';
import { databaseToday } from '../../db/databaseClock.js';

type Row = Record<string, unknown>;

const DAYS_OF_TREND = 30;
const PROBLEM_LIST_DEFAULT = 20;
const PROBLEM_LIST_MAX = 50;

/** Patrols, length and duration since a day (local), over the caller's patrols. */
async function patrolTotals(ctx: ActionContext, since: string): Promise<{ patrols: number; lengthMetres: number; durationMinutes: number; chiefs: number }> {
  const q = scopedQuery(ctx);
  const p = await q.from('river/patrol', 'p');
  const [row] = await q.rows<{ patrols: number; length: string; duration: string; chiefs: number }>(
    `SELECT count(*)::int AS patrols, COALESCE(sum(${p.col('lengthMetres')}), 0)::text AS length,
            COALESCE(sum(${p.col('durationMinutes')}), 0)::text AS duration, count(DISTINCT ${p.col('chiefId')})::int AS chiefs
       FROM ${p.table} WHERE ${p.scope} AND ${p.col('startTime')} >= ${q.param(`${since} 00:00:00`)}::timestamp`,
  );
  return { patrols: row.patrols, lengthMetres: Number(row.length), durationMinutes: Number(row.duration), chiefs: row.chiefs };
}

/** Per river: its level and its patrols since each period start its level could need. */
async function riversWithPatrols(ctx: ActionContext, since: string): Promise<{ id: string; level: number; starts: string[] }[]> {
  const q = scopedQuery(ctx);
  const r = await q.from('river/river', 'r');
  const p = await q.from('river/patrol', 'p');
  const rows = await q.rows<{ id: string; level: number; starts: string[] | null }>(
    `SELECT ${r.col('id')}::text AS id, ${r.col('level')} AS level,
            array_agg(to_char(${p.col('startTime')}, 'YYYY-MM-DD')) FILTER (WHERE ${p.col('id')} IS NOT NULL) AS starts
       FROM ${r.table} LEFT JOIN ${p.table} ON ${p.col('riverId')} = ${r.col('id')} AND ${p.scope}
            AND ${p.col('startTime')} >= ${q.param(`${since} 00:00:00`)}::timestamp
      WHERE ${r.scope} GROUP BY 1, 2`,
  );
  return rows.map((row) => ({ id: row.id, level: Number(row.level), starts: row.starts ?? [] }));
}

/** Each level's rivers, the period its frequency counts in, and how many rivers were patrolled in the current one. */
async function frequencyByLevel(ctx: ActionContext, today: string, language: ActionContext['language']): Promise<Row[]> {
  const earliest = (['quarter', 'month', 'week'] as PatrolPeriod[]).map((period) => periodStart(period, today)).sort()[0];
  const rivers = await riversWithPatrols(ctx, earliest);
  const labels = (await dictionaryLabels(ctx.db, ctx.caller.tenantId, ['river_level'], language)).get('river_level');
  const rules = await tenantLevelRules(ctx);
  const levels = [...new Set(rivers.map((river) => river.level))].sort();
  return levels.map((level) => {
    const rule = ruleOfLevel(level, rules);
    const start = periodStart(rule.period, today);
    const ofLevel = rivers.filter((river) => river.level === level);
    const done = ofLevel.filter((river) => river.starts.some((day) => day >= start)).length;
    const patrols = ofLevel.reduce((sum, river) => sum + river.starts.filter((day) => day >= start).length, 0);
    return {
      level,
      label: labels?.get(String(level)) ?? String(level),
      period: rule.period,
      periodStart: start,
      rivers: ofLevel.length,
      required: ofLevel.length,
      done,
      patrols,
    };
  });
}

/** Problems by type, and by the state of the event each raised (a problem whose event the caller cannot see counts as state 0). */
async function problemCounts(ctx: ActionContext, language: ActionContext['language']): Promise<{ byType: Row[]; byState: Row[] }> {
  const q = scopedQuery(ctx);
  const p = await q.from('river/patrol', 'p');
  const x = await q.from('river/patrolProblem', 'x', 'tenant');
  const e = await q.from('inspect/event', 'e');
  const rows = await q.rows<{ type: number; state: number; n: number }>(
    `SELECT ${x.col('problemType')} AS type, COALESCE(${e.col('status')}, 0) AS state, count(*)::int AS n
       FROM ${p.table} JOIN ${x.table} ON ${x.col('patrolId')} = ${p.col('id')} AND ${x.scope}
            LEFT JOIN ${e.table} ON ${e.col('id')} = ${x.col('eventId')} AND ${e.scope}
      WHERE ${p.scope} GROUP BY 1, 2`,
  );
  const labels = await dictionaryLabels(ctx.db, ctx.caller.tenantId, ['river_problem_type', 'event_status'], language);
  const sum = (key: 'type' | 'state') => {
    const totals = new Map<number, number>();
    for (const row of rows) totals.set(Number(row[key]), (totals.get(Number(row[key])) ?? 0) + row.n);
    return [...totals].sort(([a], [b]) => a - b);
  };
  return {
    byType: sum('type').map(([type, count]) => ({ type, label: labels.get('river_problem_type')?.get(String(type)) ?? String(type), count })),
    byState: sum('state').map(([state, count]) => ({ state, label: labels.get('event_status')?.get(String(state)) ?? '-', count })),
  };
}

/** Patrols and length per day over the last 30 days (days without a patrol included). */
async function dailyTrend(ctx: ActionContext, today: string): Promise<Row[]> {
  const q = scopedQuery(ctx);
  const p = await q.from('river/patrol', 'p');
  const rows = await q.rows<{ day: string; patrols: number; length: string }>(
    `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(${p.col('id')})::int AS patrols, COALESCE(sum(${p.col('lengthMetres')}), 0)::text AS length
       FROM generate_series(${q.param(today)}::date - ${DAYS_OF_TREND - 1}, ${q.param(today)}::date, interval '1 day') AS d(day)
       LEFT JOIN ${p.table} ON ${p.scope} AND ${p.col('startTime')} >= d.day AND ${p.col('startTime')} < d.day + interval '1 day'
      GROUP BY 1 ORDER BY 1`,
  );
  return rows.map((row) => ({ day: row.day, patrols: row.patrols, lengthMetres: Number(row.length) }));
}

/** The caller's rivers with their level and centre line, for the screen's map. */
async function riverLines(ctx: ActionContext): Promise<Row[]> {
  const rivers = await localApi(ctx).find('river/river', { limit: 1000 });
  return rivers.map((river) => ({
    id: river.id,
    name: river.name,
    level: river.level,
    regionCode: river.regionCode ?? null,
    centreLine: river.centreLine ?? [],
  }));
}

async function statistics(ctx: ActionContext): Promise<Row> {
  const today = await databaseToday(ctx.db);
  const month = await patrolTotals(ctx, periodStart('month', today));
  const rivers = await riverLines(ctx);
  const byLevel = await frequencyByLevel(ctx, today, ctx.language);
  const problems = await problemCounts(ctx, ctx.language);
  return {
    today,
    rivers: rivers.length,
    riverLines: rivers,
    month,
    onTarget: byLevel.reduce((sum, level) => sum + Number(level.done), 0),
    byLevel,
    problemsByType: problems.byType,
    problemsByState: problems.byState,
    daily: await dailyTrend(ctx, today),
  };
}

function limitOf(raw: unknown): number {
  if (raw === undefined || raw === null || raw === '') return PROBLEM_LIST_DEFAULT;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > PROBLEM_LIST_MAX)
    throw badRequest(`条数须为1到${PROBLEM_LIST_MAX}之间的整数`, `limit must be a whole number from 1 to ${PROBLEM_LIST_MAX}`);
  return limit;
}

/** The latest problems found on patrols, with their river, chief, position, photos and event. */
async function problemList(ctx: ActionContext): Promise<Row[]> {
  const limit = limitOf(ctx.query.limit);
  const q = scopedQuery(ctx);
  const p = await q.from('river/patrol', 'p');
  const x = await q.from('river/patrolProblem', 'x', 'tenant');
  const r = await q.from('river/river', 'r', 'tenant');
  const u = await q.from('system/user', 'u', 'tenant');
  const e = await q.from('inspect/event', 'e');
  const rows = await q.rows<Row>(
    `SELECT ${x.col('id')}::text AS id, ${x.col('problemType')} AS "problemType", ${x.col('description')} AS description,
            ${x.col('lng')} AS lng, ${x.col('lat')} AS lat, ${x.col('photos')} AS photos,
            ${p.col('id')}::text AS "patrolId", to_char(${p.col('startTime')}, 'YYYY-MM-DD HH24:MI:SS') AS "foundTime", ${p.col('section')} AS section,
            ${r.col('name')} AS "riverName", ${u.col('realName')} AS "chiefName",
            ${e.col('id')}::text AS "eventId", ${e.col('eventNo')} AS "eventNo", ${e.col('status')} AS "eventStatus"
       FROM ${p.table} JOIN ${x.table} ON ${x.col('patrolId')} = ${p.col('id')} AND ${x.scope}
            LEFT JOIN ${r.table} ON ${r.col('id')} = ${p.col('riverId')} AND ${r.scope}
            LEFT JOIN ${u.table} ON ${u.col('id')} = ${p.col('chiefId')} AND ${u.scope}
            LEFT JOIN ${e.table} ON ${e.col('id')} = ${x.col('eventId')} AND ${e.scope}
      WHERE ${p.scope} ORDER BY ${p.col('startTime')} DESC, ${x.col('sort')} ASC LIMIT ${limit}`,
  );
  const labels = await dictionaryLabels(ctx.db, ctx.caller.tenantId, ['river_problem_type', 'event_status'], ctx.language);
  return rows.map((row) => ({
    ...row,
    lng: row.lng === null ? null : Number(row.lng),
    lat: row.lat === null ? null : Number(row.lat),
    typeLabel: labels.get('river_problem_type')?.get(String(row.problemType)) ?? null,
    statusLabel: row.eventStatus === null ? null : (labels.get('event_status')?.get(String(row.eventStatus)) ?? null),
  }));
}

/** The cameras of the reservoirs the tenant's rivers feed (the caller's rivers and cameras). */
async function cameras(ctx: ActionContext): Promise<Row[]> {
  const api = localApi(ctx);
  const rivers = await api.find('river/river', { limit: 1000 });
  const reservoirIds = [...new Set(rivers.map((river) => String(river.reservoirId)))];
  if (reservoirIds.length === 0) return [];
  const found = await api.find('camera/camera', { where: { reservoirId: reservoirIds }, withTitles: true, limit: 200 });
  return found.map((camera) => {
    const row = camera as unknown as Row;
    return {
      id: row.id,
      name: row.name,
      reservoirId: row.reservoirId,
      reservoirName: row.reservoirName ?? null,
      rivers: rivers.filter((river) => String(river.reservoirId) === String(row.reservoirId)).map((river) => river.name),
      onlineStatus: row.onlineStatus ?? null,
      longitude: row.longitude ?? null,
      latitude: row.latitude ?? null,
    };
  });
}

defineActions('river/patrol', { statistics, problemList, cameras });
