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
import { databaseDays } from '../../db/databaseClock.js';
import { addDays, completionRate, plannedInspections, plansInForce, soFar, weekSpan } from '../inspect/plannedInspections.js';
import { AGE_BUCKETS, ageBucketOf, ageDaysSql } from '../inspect/eventAges.js';

const DEFAULT_WEEKS = 8;
const MAX_WEEKS = 26;
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

async function recordsPerWeek(ctx: ActionContext, from: string): Promise<Map<string, number>> {
  const q = scopedQuery(ctx);
  const r = await q.from('inspect/record', 'r');
  const rows = await q.rows<{ week: string; n: number }>(
    `SELECT to_char(date_trunc('week', ${r.col('startTime')}), 'YYYY-MM-DD') AS week, count(*)::int AS n
       FROM ${r.table} WHERE ${r.scope} AND ${r.col('startTime')} >= ${q.param(`${from} 00:00:00`)}::timestamp GROUP BY 1`,
  );
  return new Map(rows.map((row) => [row.week, row.n]));
}

/**
 * GET inspections?weeks: per week (Monday first) the inspections the plans in force asked for and those done, the
 * current week last and counted so far (Monday..today, `soFar`), as the inspection screen counts this week.
 */
async function inspections(ctx: ActionContext) {
  const weeks = weeksOf(ctx);
  const days = await databaseDays(ctx.db);
  const from = addDays(days.weekStart, -7 * (weeks - 1));
  const [{ spans }, done] = await Promise.all([plansInForce(ctx, { from, to: days.today }), recordsPerWeek(ctx, from)]);
  const rows = Array.from({ length: weeks }, (_, i) => {
    const weekStart = addDays(from, 7 * i);
    const span = soFar(weekSpan(weekStart), days.today);
    return { weekStart, countedTo: span.to, planned: plannedInspections(spans, span), done: done.get(weekStart) ?? 0 };
  });
  const planned = rows.reduce((sum, row) => sum + row.planned, 0);
  const doneTotal = rows.reduce((sum, row) => sum + row.done, 0);
  return { weeks: rows, planned, done: doneTotal, rate: completionRate(doneTotal, planned) };
}

/** GET openEvents: the open events (待签收, 处理中, 待复核) by age since their report and by state. */
async function openEvents(ctx: ActionContext) {
  const q = scopedQuery(ctx);
  const e = await q.from('inspect/event', 'e');
  const rows = await q.rows<{ status: number; age: string; overdue: boolean }>(
    `SELECT ${e.col('status')} AS status, ${ageDaysSql(e.col('createTime'))}::text AS age,
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
  const monday = (await databaseDays(ctx.db)).weekStart;
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
