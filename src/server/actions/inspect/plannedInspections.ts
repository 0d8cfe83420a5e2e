/**
 * The one definition of "inspections planned" and of the completion rate, used by the dashboard (weeks) and the
 * inspection big screen (this week and this month so far).
 *
 * Which plans count: those in force during the span, within the caller's data scope on the plan register —
 * published plans, and stopped plans for the part of the span before they were stopped (their last update);
 * drafts never asked for inspections. A plan counts for its reservoirs, or only for those among `reservoirIds`
 * when the caller shows a set of reservoirs (the big screen).
 *
 * How many: each reservoir times the inspections the plan's frequency (dictionary inspect_frequency) asks per day,
 * over the days of the span the plan runs, rounded to whole inspections. 汛前汛后各一次 (7) and 不定期 (8) are due
 * on no calendar day: they ask for none.
 *
 * Spans: a week is Monday..Sunday (`weekSpan`); "so far" is from the span's first day to today (`soFar`), the span
 * to compare with the inspections done until now.
 */
import type { ActionContext } from '../../engine/actions.js';
import { scopedQuery } from '../../engine/scopedQuery.js';

/** Inspections per reservoir and day, by frequency. */
const PER_DAY: Record<number, number> = { 1: 1, 2: 2, 3: 1 / 7, 4: 1 / 15, 5: 1 / 30, 6: 1 / 91 };
const DAY_MS = 86_400_000;
/** Published (2) and stopped (3) plans asked for inspections. */
const IN_FORCE_STATES = [2, 3];
/** A county has tens of plans; more than this in one span is not a county's plan register. */
const MAX_PLANS = 2000;

export interface PlanSpan {
  frequency: number | null;
  reservoirCount: number;
  /** yyyy-MM-dd, inclusive; open-ended when absent. A stopped plan ends on the day it was stopped. */
  startDate: string | null;
  endDate: string | null;
}

/** A span of days, both inclusive, yyyy-MM-dd. */
export interface DaySpan {
  from: string;
  to: string;
}

const dayNumber = (day: string) => Math.floor(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) / DAY_MS);

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The week (Monday..Sunday) starting on `monday`. */
export function weekSpan(monday: string): DaySpan {
  return { from: monday, to: addDays(monday, 6) };
}

/** The part of a span up to today: the span to compare with the inspections done until now. */
export function soFar(span: DaySpan, today: string): DaySpan {
  return { from: span.from, to: span.to < today ? span.to : today };
}

/** The days of the span on which the plan runs. */
export function overlapDays(plan: Pick<PlanSpan, 'startDate' | 'endDate'>, span: DaySpan): number {
  const start = Math.max(plan.startDate ? dayNumber(plan.startDate) : -Infinity, dayNumber(span.from));
  const end = Math.min(plan.endDate ? dayNumber(plan.endDate) : Infinity, dayNumber(span.to));
  return Math.max(0, end - start + 1);
}

/** The inspections the plans ask for in the span, rounded to whole inspections. */
export function plannedInspections(plans: readonly PlanSpan[], span: DaySpan): number {
  const exact = plans.reduce((sum, plan) => sum + (PER_DAY[plan.frequency ?? 0] ?? 0) * plan.reservoirCount * overlapDays(plan, span), 0);
  return Math.round(exact);
}

/**
 * Done against planned in per cent, one decimal, not capped: more than 100 means more inspections than planned.
 * Null when nothing was planned (no rate to show).
 */
export function completionRate(done: number, planned: number): number | null {
  return planned > 0 ? Math.round((done / planned) * 1000) / 10 : null;
}

export interface PlansInForce {
  spans: PlanSpan[];
  /** The inspectors the counted plans name. */
  inspectorIds: Set<string>;
}

interface PlanRow {
  frequency: number | null;
  reservoirIds: unknown;
  inspectorIds: unknown;
  start: string | null;
  end: string | null;
}

const idsOf = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** The plans in force at some time of the span (see the file comment), counted at `reservoirIds` when given. */
export async function plansInForce(ctx: ActionContext, span: DaySpan, reservoirIds?: readonly string[]): Promise<PlansInForce> {
  const q = scopedQuery(ctx);
  const p = await q.from('inspect/plan', 'p');
  const rows = await q.rows<PlanRow>(
    `SELECT ${p.col('frequency')} AS "frequency", ${p.col('reservoirIds')} AS "reservoirIds", ${p.col('inspectorIds')} AS "inspectorIds",
            to_char(${p.col('startDate')}, 'YYYY-MM-DD') AS "start",
            to_char(CASE WHEN ${p.col('planStatus')} = 3 THEN LEAST(${p.col('endDate')}, ${p.col('updateTime')}::date) ELSE ${p.col('endDate')} END, 'YYYY-MM-DD') AS "end"
       FROM ${p.table}
      WHERE ${p.scope} AND ${p.col('planStatus')} = ANY(${q.param(IN_FORCE_STATES)}::int[])
            AND (${p.col('endDate')} IS NULL OR ${p.col('endDate')} >= ${q.param(span.from)}::date)
            AND (${p.col('startDate')} IS NULL OR ${p.col('startDate')} <= ${q.param(span.to)}::date)
      LIMIT ${MAX_PLANS}`,
  );
  const shown = reservoirIds ? new Set(reservoirIds) : undefined;
  const inspectorIds = new Set<string>();
  const spans = rows.flatMap((row) => {
    const reservoirs = idsOf(row.reservoirIds).filter((id) => !shown || shown.has(id));
    if (reservoirs.length === 0) return [];
    for (const id of idsOf(row.inspectorIds)) inspectorIds.add(id);
    return [{ frequency: row.frequency === null ? null : Number(row.frequency), reservoirCount: reservoirs.length, startDate: row.start, endDate: row.end }];
  });
  return { spans, inspectorIds };
}
