/**
 * How many inspections a plan asks for in a span of days: its reservoirs
 * times the inspections its frequency (dictionary inspect_frequency) asks per
 * day, over the days the plan runs in that span. 汛前汛后各一次 and 不定期
 * ask for none on a given day (they are not due on a calendar).
 */

/** Inspections per reservoir and day, by frequency. */
const PER_DAY: Record<number, number> = { 1: 1, 2: 2, 3: 1 / 7, 4: 1 / 15, 5: 1 / 30, 6: 1 / 91 };

export interface PlanSpan {
  frequency: number;
  reservoirCount: number;
  /** yyyy-MM-dd, inclusive. */
  startDate: string;
  endDate: string;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

/** The days [from, to] (inclusive, yyyy-MM-dd) that the plan runs. */
export function overlapDays(plan: Pick<PlanSpan, 'startDate' | 'endDate'>, from: string, to: string): number {
  const start = Math.max(dayNumber(plan.startDate), dayNumber(from));
  const end = Math.min(dayNumber(plan.endDate), dayNumber(to));
  return Math.max(0, end - start + 1);
}

/** The inspections the plans ask for in [from, to], rounded to whole inspections. */
export function plannedInspections(plans: readonly PlanSpan[], from: string, to: string): number {
  const exact = plans.reduce((sum, plan) => sum + (PER_DAY[plan.frequency] ?? 0) * plan.reservoirCount * overlapDays(plan, from, to), 0);
  return Math.round(exact);
}
