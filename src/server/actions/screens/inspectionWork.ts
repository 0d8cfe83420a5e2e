/**
 * GET /api/v2/screen/inspection/work: the inspection work of the screen's reservoirs — inspections today, done
 * against planned this week and this month so far (Monday/the first..today; plans in force, see
 * inspect/plannedInspections.ts, the dashboard's definition), inspections per day over 30 days, inspectors active
 * today among those the plans in force this month name, and the latest ten records.
 */
import type { ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { completionRate, plannedInspections, plansInForce, soFar, weekSpan } from '../inspect/plannedInspections.js';
import { queryAtReservoirs, screenDays, screenReservoirs, type ScreenDays } from './inspectionShared.js';
import type { WorkData } from '../../../shared/screenAnswers.js';

const LATEST_RECORDS = 10;

interface DayCount {
  day: string;
  count: number;
  inspectors: string[];
}

/** Records per day from the trend's first day to today, with who inspected. */
async function recordsPerDay(ctx: ActionContext, ids: string[], days: ScreenDays): Promise<DayCount[]> {
  return queryAtReservoirs<DayCount>(
    ctx,
    'inspect/record',
    ids,
    (t, q) => `SELECT to_char(${t.col('startTime')}::date, 'YYYY-MM-DD') AS "day", count(*)::int AS "count",
                      array_agg(DISTINCT ${t.col('inspectorId')}::text) AS "inspectors"
                 FROM ${t.table}
                WHERE ${t.rows} AND ${t.col('startTime')} >= ${q.param(days.trendStart)}::date AND ${t.col('startTime')} < ${q.param(days.today)}::date + 1
                GROUP BY 1`,
  );
}

async function doneSince(ctx: ActionContext, ids: string[], from: string, today: string): Promise<number> {
  const rows = await queryAtReservoirs<{ n: number }>(
    ctx,
    'inspect/record',
    ids,
    (t, q) => `SELECT count(*)::int AS "n" FROM ${t.table}
                WHERE ${t.rows} AND ${t.col('startTime')} >= ${q.param(from)}::date AND ${t.col('startTime')} < ${q.param(today)}::date + 1`,
  );
  return rows[0]?.n ?? 0;
}

type LatestRecord = WorkData['latest'][number];

async function latestRecords(ctx: ActionContext, ids: string[]): Promise<LatestRecord[]> {
  const records = await localApi(ctx)
    .tenantWide()
    .find('inspect/record', { where: { reservoirId: ids }, sort: ['startTime desc'], limit: LATEST_RECORDS, withTitles: true });
  return records.map((record) => {
    const titled = record as typeof record & { reservoirName?: string; inspectorName?: string };
    return {
      id: String(record.id),
      reservoirName: titled.reservoirName ?? null,
      inspectorName: titled.inspectorName ?? null,
      inspectType: record.inspectType ?? null,
      startTime: record.startTime ?? null,
      problemCount: Number(record.problemCount ?? 0),
    };
  });
}

/** The 30 days of the trend, each with its count (0 on a day without records). */
function trendOf(perDay: DayCount[], days: ScreenDays): { date: string; count: number }[] {
  const counts = new Map(perDay.map((row) => [row.day, row.count]));
  const first = Date.parse(`${days.trendStart}T00:00:00Z`);
  return Array.from({ length: 30 }, (_, i) => {
    const date = new Date(first + i * 86_400_000).toISOString().slice(0, 10);
    return { date, count: counts.get(date) ?? 0 };
  });
}

/** Planned, done and the rate (uncapped: more than 100 means more inspections than planned). */
const figures = (planned: number, done: number) => ({ planned, done, rate: completionRate(done, planned) });

export async function inspectionWork(ctx: ActionContext): Promise<WorkData> {
  const reservoirs = await screenReservoirs(ctx);
  const ids = reservoirs.map((r) => r.id);
  const days = await screenDays(ctx);
  const week = soFar(weekSpan(days.weekStart), days.today);
  const month = { from: days.monthStart, to: days.today };
  const [{ spans, inspectorIds }, perDay, weekDone, monthDone, latest] = await Promise.all([
    plansInForce(ctx, { from: week.from < month.from ? week.from : month.from, to: days.today }, ids),
    recordsPerDay(ctx, ids, days),
    doneSince(ctx, ids, days.weekStart, days.today),
    doneSince(ctx, ids, days.monthStart, days.today),
    latestRecords(ctx, ids),
  ]);
  const today = perDay.find((row) => row.day === days.today);
  return {
    today: today?.count ?? 0,
    week: figures(plannedInspections(spans, week), weekDone),
    month: figures(plannedInspections(spans, month), monthDone),
    trend: trendOf(perDay, days),
    inspectors: { activeToday: today?.inspectors.length ?? 0, planned: inspectorIds.size },
    latest,
  };
}
