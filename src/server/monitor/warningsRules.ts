/**
 * The comparison rules of the index limits (contract §C), pure: what figure a
 * limit looks at, when it is outside, what the evaluator does with an active
 * warning, and the notice text. src/server/monitor/warnings.ts reads the
 * readings and writes the warnings; tests/unit/warningRules.test.ts checks
 * these rules on their own.
 *
 * limit_kind: 1 the latest reading ≥ threshold, 2 the latest reading ≤
 * threshold, 3 / 4 / 5 the rainfall total of the 1 / 3 / 24 hours up to the
 * latest reading (observeTime in (latest − window, latest]) ≥ threshold.
 * "Back inside" is the opposite comparison (< for ≥ kinds, > for ≤): a level
 * exactly at the flood limit is a warning, one just below it is not.
 */
import { elementByKey, familyInfo } from '../../shared/monitorElements.js';

export const LIMIT_KIND = { atOrAbove: 1, atOrBelow: 2, total1h: 3, total3h: 4, total24h: 5 } as const;

/** warning_state: 1 active, 2 cleared. */
export const WARNING_STATE = { active: 1, cleared: 2 } as const;

/** The window of a total kind in hours (3 → 1 h, 4 → 3 h, 5 → 24 h), undefined for the kinds on the latest reading. */
export function windowHoursOf(limitKind: number): number | undefined {
  return ({ 3: 1, 4: 3, 5: 24 } as Record<number, number | undefined>)[limitKind];
}

export function isKnownLimitKind(limitKind: number): boolean {
  return Number.isInteger(limitKind) && limitKind >= LIMIT_KIND.atOrAbove && limitKind <= LIMIT_KIND.total24h;
}

/** Totals over a window make sense for rainfall only: kinds 3–5 need a rainfall element, 1–2 any element. */
export function limitKindFitsElement(limitKind: number, element: number): boolean {
  if (!isKnownLimitKind(limitKind)) return false;
  if (windowHoursOf(limitKind) === undefined) return true;
  return elementByKey(element)?.family === 'rainfall';
}

/** Whether an element belongs to the family a station of this monitorType measures. */
export function elementFitsStation(element: number, stationMonitorType: number | null | undefined): boolean {
  const known = elementByKey(element);
  return known !== undefined && stationMonitorType !== null && stationMonitorType !== undefined && familyInfo(known.family).monitorType === stationMonitorType;
}

/** Whether the figure is outside the limit (a warning stands). */
export function isOutside(limitKind: number, figure: number, threshold: number): boolean {
  return limitKind === LIMIT_KIND.atOrBelow ? figure <= threshold : figure >= threshold;
}

/** The figure further outside of two: the lower for a ≤ limit, else the higher. */
export function furthestOf(limitKind: number, a: number, b: number): number {
  return limitKind === LIMIT_KIND.atOrBelow ? Math.min(a, b) : Math.max(a, b);
}

export type Decision =
  /** No active warning and the figure is inside: nothing to do. */
  | { action: 'none' }
  /** No active warning and the figure is outside: raise one. */
  | { action: 'raise' }
  /** Active and still outside: keep it, with the latest and the furthest figure. */
  | { action: 'keep'; lastValue: number; peakValue: number }
  /** Active and back inside: clear it. */
  | { action: 'clear' };

/** What one limit's evaluation does, given the current figure and the limit's active warning (if any). */
export function decide(limitKind: number, threshold: number, figure: number, active?: { peakValue: number | null }): Decision {
  const outside = isOutside(limitKind, figure, threshold);
  if (!active) return outside ? { action: 'raise' } : { action: 'none' };
  if (!outside) return { action: 'clear' };
  const peak = active.peakValue === null || !Number.isFinite(active.peakValue) ? figure : furthestOf(limitKind, active.peakValue, figure);
  return { action: 'keep', lastValue: figure, peakValue: peak };
}

/** The current figure of a limit from the latest reading and the window totals (null: no reading yet). */
export function figureOf(limitKind: number, latest: number | null, totals: { h1: number; h3: number; h24: number }): number | null {
  if (latest === null) return null;
  switch (windowHoursOf(limitKind)) {
    case 1:
      return totals.h1;
    case 3:
      return totals.h3;
    case 24:
      return totals.h24;
    default:
      return latest;
  }
}

/** One reading of a pair in time order, with the rainfall totals of the windows ending at it. */
export interface Step {
  time: string;
  value: number;
  totals: { h1: number; h3: number; h24: number };
}

/** What a limit's walk over a delivery's readings does, in order (warnings.ts writes it). */
export type WalkEvent =
  /** A crossing with no active warning: a warning starting at this reading. */
  | { action: 'raise'; time: string; figure: number }
  /** The warning stays outside to the end of the walk: its latest and furthest figures. */
  | { action: 'keep'; time: string; lastValue: number; peakValue: number }
  /** Back inside: the warning ends at this reading (never before it started), with the furthest figure it reached. */
  | { action: 'clear'; time: string; figure: number; peakValue: number };

/**
 * One limit walked over the readings of a pair, oldest first (decide() step by step): a crossing with no active
 * warning raises (start = the first reading outside), staying outside moves the latest/furthest figures, coming
 * back inside clears (end = the first reading back inside) — so one delivery may raise and clear.
 *
 * The rule for late readings: readings at or before `boundary` — the start of the limit's active warning, or the
 * end of its newest cleared one — are history already decided and are not walked (a late reading older than a
 * clearing never re-raises it). When that leaves nothing, the latest reading alone is evaluated, as an evaluation
 * of the current state (a limit just changed, a reading edited or removed).
 */
export function walkLimit(
  limitKind: number,
  threshold: number,
  element: number,
  steps: readonly Step[],
  active?: { startTime: string; peakValue: number | null },
  boundary?: string,
): WalkEvent[] {
  if (steps.length === 0) return [];
  const after = boundary === undefined ? steps : steps.filter((step) => step.time > boundary);
  const walked = after.length > 0 ? after : [steps[steps.length - 1]];
  const events: WalkEvent[] = [];
  let state = active
    ? { startTime: active.startTime, peakValue: active.peakValue, kept: undefined as { time: string; lastValue: number } | undefined }
    : undefined;
  for (const step of walked) {
    const raw = figureOf(limitKind, step.value, step.totals);
    if (raw === null) continue;
    const figure = roundFigure(element, raw);
    const decision = decide(limitKind, threshold, figure, state ? { peakValue: state.peakValue } : undefined);
    if (decision.action === 'raise') {
      events.push({ action: 'raise', time: step.time, figure });
      state = { startTime: step.time, peakValue: figure, kept: undefined };
    } else if (decision.action === 'keep' && state) {
      state.peakValue = decision.peakValue;
      state.kept = { time: step.time, lastValue: decision.lastValue };
    } else if (decision.action === 'clear' && state) {
      const peakValue = state.peakValue ?? figure;
      events.push({ action: 'clear', time: state.startTime > step.time ? state.startTime : step.time, figure, peakValue });
      state = undefined;
    }
  }
  if (state?.kept) events.push({ action: 'keep', time: state.kept.time, lastValue: state.kept.lastValue, peakValue: state.peakValue ?? state.kept.lastValue });
  return events;
}

/** Rounds a figure to the element's decimals (sums of decimals drift: 0.1 + 0.2). */
export function roundFigure(element: number, figure: number): number {
  const decimals = elementByKey(element)?.decimals ?? 3;
  const factor = 10 ** decimals;
  return Math.round(figure * factor) / factor;
}

function formatFigure(element: number, figure: number): string {
  return roundFigure(element, figure).toFixed(elementByKey(element)?.decimals ?? 3);
}

export interface NoticeFacts {
  reservoirName: string;
  stationName: string;
  elementName: string;
  levelName: string;
  limitName: string;
  limitKind: number;
  element: number;
  threshold: number;
  figure: number;
  time: string;
}

/** The title and text (Chinese, as the notices are) of a raised warning. */
export function warningText(facts: NoticeFacts): { title: string; content: string } {
  const unit = elementByKey(facts.element)?.unit ?? '';
  const value = `${formatFigure(facts.element, facts.figure)} ${unit}`.trim();
  const threshold = `${formatFigure(facts.element, facts.threshold)} ${unit}`.trim();
  const hours = windowHoursOf(facts.limitKind);
  const what = hours === undefined ? `${facts.elementName} ${value}` : `${hours}小时累计${facts.elementName} ${value}`;
  const relation = facts.limitKind === LIMIT_KIND.atOrBelow ? '达到或低于' : '达到或超过';
  const where = `${facts.reservoirName}${facts.stationName}`;
  const level = facts.levelName ? `【${facts.levelName}】` : '';
  return {
    title: `${level}${facts.stationName}${facts.limitName}预警`,
    content: `${facts.time} ${where} ${what}，${relation}${facts.limitName} ${threshold}。`,
  };
}
