/**
 * The console's dashboard (/wel/dashboard, menu dashboard): three charts of
 * the tenant's work, each a GET action bound on schemas/inspect/plan.json
 * (/api/v2/screen/dashboard/*), computed from the registers as the caller
 * may see them (scopedQuery: tenant, data scope, soft delete). Days and
 * weeks are the database's local calendar (weeks start on Monday).
 */
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { dictionaryLabels } from '../../engine/dictionaryLabels.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import { badRequest } from '../../http/apiError.js';
import { AGE_BUCKETS, ageBucketOf } from './eventAges.js';
import { plannedInspections, type PlanSpan } from './plannedInspections.js';

const DEFAULT_WEEKS = 8;
const MAX_WEEKS = 26;
/** Plans that may run in the span read at most this many (a county has tens). */
const MAX_PLANS = 2000;
/** Published (2) and stopped (3) plans asked for inspections; drafts never did. */
const ACTIVE_PLAN_STATES = [2, 3];
/** Events still to be handled: 待签收, 处理中, 待复核. */
const OPEN_EVENT_STATES = [1, 2, 3];

type Label = Map<string, string> | undefined;

function weeksOf(ctx: ActionContext): number {
  const raw = ctx.query.weeks;
  if (raw === undefined || raw === '') return DEFAULT_WEEKS;
  const weeks = Number(raw);
  if (!Number.isInteger(weeks) || weeks < 1 || weeks > MAX_WEEKS)
    throw badRequest(`周数应为 1–${MAX_WEEKS} 的整数`, `weeks must be a whole number from 1 to ${MAX_WEEKS}`);
  return weeks;
}

async function thisMonday(ctx: ActionContext): Promise<string> {
  return (await ctx.db.query<{ monday: string }>(`SELECT to_char(date_trunc('week', LOCALTIMESTAMP), 'YYYY-MM-DD') AS monday`)).rows[0].monday;
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Stopped plans asked for inspections only until they were stopped (their last update). */
async function plansFrom(ctx: ActionContext, from: string): Promise<PlanSpan[]> {
  const q = scopedQuery(ctx);
  const p = await q.from('inspect/plan', 'p');
  const rows = await q.rows<{ frequency: number; reservoirs: number; start: string; end_date: string }>(
    `SELECT ${p.col('frequency')} AS frequency, jsonb_array_length(COALESCE(${p.col('reservoirIds')}, '[]'::jsonb)) AS reservoirs,
            to_char(${p.col('startDate')}, 'YYYY-MM-DD') AS start,
            to_char(CASE WHEN ${p.col('planStatus')} = 3 THEN LEAST(${p.col('endDate')}, ${p.col('updateTime')}::date) ELSE ${p.col('endDate')} END, 'YYYY-MM-DD') AS end_date
       FROM ${p.table}
      WHERE ${p.scope} AND ${p.col('planStatus')} = ANY(${q.param(ACTIVE_PLAN_STATES)}::int[]) AND ${p.col('endDate')} >= ${q.param(from)}::date
      LIMIT ${MAX_PLANS}`,
  );
  return rows.map((row) => ({ frequency: Number(row.frequency), reservoirCount: Number(row.reservoirs), startDate: row.start, endDate: row.end_date }));
}

async function recordsPerWeek(ctx: ActionContext, from: string): Promise<Map<string, number>> {
  const q = scopedQuery(ctx);
  const r = await q.from('inspect/record', 'r');
  const rows = await q.rows<{ week: string; n: number }>(
    `SELECT to_char(date_trunc('week', ${r.col('startTime')}), 'YYYY-MM-DD') AS week, count(*)::int AS n
       FROM ${r.table} WHERE ${r.scope} AND ${r.col('startTime')} >= ${q.param(`${from} 00:00:00`)}::timestamp GROUP BY 1`,
  );
  return new Map(rows.map((row) => [row.week, row.n]));
}

/** GET inspections?weeks: per week (Monday first) the inspections the plans asked for and those done, the current week last. */
async function inspections(ctx: ActionContext) {
  const weeks = weeksOf(ctx);
  const monday = await thisMonday(ctx);
  const from = addDays(monday, -7 * (weeks - 1));
  const [plans, done] = await Promise.all([plansFrom(ctx, from), recordsPerWeek(ctx, from)]);
  const rows = Array.from({ length: weeks }, (_, i) => {
    const weekStart = addDays(from, 7 * i);
    return { weekStart, planned: plannedInspections(plans, weekStart, addDays(weekStart, 6)), done: done.get(weekStart) ?? 0 };
  });
  const planned = rows.reduce((sum, row) => sum + row.planned, 0);
  const doneTotal = rows.reduce((sum, row) => sum + row.done, 0);
  return { weeks: rows, planned, done: doneTotal, rate: planned > 0 ? Math.round((doneTotal / planned) * 1000) / 10 : null };
}

/** GET openEvents: the open events (待签收, 处理中, 待复核) by age since their report and by state. */
async function openEvents(ctx: ActionContext) {
  const q = scopedQuery(ctx);
  const e = await q.from('inspect/event', 'e');
  const rows = await q.rows<{ status: number; age: string; overdue: boolean }>(
    `SELECT ${e.col('status')} AS status, (extract(epoch FROM (LOCALTIMESTAMP - ${e.col('createTime')})) / 86400)::text AS age,
            COALESCE(${e.col('deadline')} < LOCALTIMESTAMP, false) AS overdue
       FROM ${e.table} WHERE ${e.scope} AND ${e.col('status')} = ANY(${q.param(OPEN_EVENT_STATES)}::int[])`,
  );
  const labels: Label = (await dictionaryLabels(ctx.db, ctx.caller.tenantId, ['event_status'], ctx.language)).get('event_status');
  const count = new Map<string, number>();
  for (const row of rows) {
    const key = `${ageBucketOf(Number(row.age))}|${row.status}`;
    count.set(key, (count.get(key) ?? 0) + 1);
  }
  const buckets = AGE_BUCKETS.flatMap(({ key }) =>
    OPEN_EVENT_STATES.map((status) => ({
      bucket: key,
      status,
      statusLabel: labels?.get(String(status)) ?? String(status),
      count: count.get(`${key}|${status}`) ?? 0,
    })),
  );
  return {
    buckets,
    total: rows.length,
    olderThanWeek: rows.filter((row) => Number(row.age) >= 7).length,
    overdue: rows.filter((row) => row.overdue).length,
  };
}

/** GET warnings: the monitoring warnings raised each day of the current week (Monday–Sunday) by level. */
async function warnings(ctx: ActionContext) {
  const monday = await thisMonday(ctx);
  const q = scopedQuery(ctx);
  const w = await q.from('monitor/warningLog', 'w');
  const rows = await q.rows<{ day: string; level: number; n: number; active: number }>(
    `SELECT to_char(${w.col('startTime')}, 'YYYY-MM-DD') AS day, ${w.col('warningLevel')} AS level, count(*)::int AS n,
            count(*) FILTER (WHERE ${w.col('warningState')} = 1)::int AS active
       FROM ${w.table}
      WHERE ${w.scope} AND ${w.col('startTime')} >= ${q.param(`${monday} 00:00:00`)}::timestamp
            AND ${w.col('startTime')} < ${q.param(`${addDays(monday, 7)} 00:00:00`)}::timestamp
      GROUP BY 1, 2`,
  );
  const labels: Label = (await dictionaryLabels(ctx.db, ctx.caller.tenantId, ['warning_level'], ctx.language)).get('warning_level');
  const levels = [...(labels?.keys() ?? [])].map(Number).sort((a, b) => a - b);
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const series = days.flatMap((day) =>
    levels.map((level) => ({
      day,
      level,
      levelLabel: labels?.get(String(level)) ?? String(level),
      count: rows.filter((row) => row.day === day && Number(row.level) === level).reduce((sum, row) => sum + row.n, 0),
    })),
  );
  return { weekStart: monday, days: series, total: rows.reduce((sum, row) => sum + row.n, 0), active: rows.reduce((sum, row) => sum + row.active, 0) };
}

defineActions('inspect/plan', { dashboardInspections: inspections, dashboardOpenEvents: openEvents, dashboardWarnings: warnings });
