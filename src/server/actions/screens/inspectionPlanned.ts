/**
 * How many inspections the published plans ask for in a span of days: for each plan, its reservoirs (those the
 * screen shows) times the inspections its frequency (dictionary inspect_frequency) asks per day, over the days
 * the plan runs within the span. 汛前汛后各一次 (7) and 不定期 (8) are due on no calendar day: they ask for none.
 */
const PER_DAY: Record<number, number> = { 1: 1, 2: 2, 3: 1 / 7, 4: 1 / 15, 5: 1 / 30, 6: 1 / 91 };
const DAY_MS = 86_400_000;

export interface PlanSpan {
  frequency: number | null;
  reservoirCount: number;
  /** yyyy-MM-dd, inclusive; open-ended when absent. */
  startDate: string | null;
  endDate: string | null;
}

const dayNumber = (day: string) => Math.floor(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) / DAY_MS);

/** The days of [from, to] (inclusive, yyyy-MM-dd) on which the plan runs. */
export function overlapDays(plan: Pick<PlanSpan, 'startDate' | 'endDate'>, from: string, to: string): number {
  const start = Math.max(plan.startDate ? dayNumber(plan.startDate) : -Infinity, dayNumber(from));
  const end = Math.min(plan.endDate ? dayNumber(plan.endDate) : Infinity, dayNumber(to));
  return Math.max(0, end - start + 1);
}

/** The inspections the plans ask for in [from, to], rounded to whole inspections. */
export function plannedInspections(plans: readonly PlanSpan[], from: string, to: string): number {
  const exact = plans.reduce((sum, plan) => sum + (PER_DAY[plan.frequency ?? 0] ?? 0) * plan.reservoirCount * overlapDays(plan, from, to), 0);
  return Math.round(exact);
}
