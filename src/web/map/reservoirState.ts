/**
 * One reading of a reservoir's state for every map that colours reservoirs (the one-picture maps and
 * the inspection screen): an active warning outranks an open event — red for an orange or red warning
 * (level 3–4), orange for a blue or yellow one (1–2) — then an open event yellow, live data with no
 * trouble green, no live data grey.
 */
export type ReservoirState = 'warningHigh' | 'warning' | 'event' | 'normal' | 'offline';

export const RESERVOIR_STATE_COLOURS: Record<ReservoirState, string> = {
  warningHigh: '#f5222d',
  warning: '#fa8c16',
  event: '#fadb14',
  normal: '#52c41a',
  offline: '#8c8c8c',
};

/** Most serious first, as legends list them. */
export const RESERVOIR_STATE_ORDER: ReservoirState[] = ['warningHigh', 'warning', 'event', 'normal', 'offline'];

/** warning_level 3 橙色 and 4 红色 are the serious ones. */
const HIGH_WARNING_LEVEL = 3;

export interface ReservoirFacts {
  /** An active warning (monitoring warning, or an unhandled camera alarm). */
  warning: boolean;
  /** The highest active warning_level, when known. */
  warningLevel?: number | null;
  /** An open event (待签收, 处理中, 待复核). */
  event: boolean;
  /** Live data arrives; a screen that does not tell counts the reservoir live. */
  live?: boolean;
}

export function reservoirStateOf(facts: ReservoirFacts): ReservoirState {
  if (facts.warning) return (facts.warningLevel ?? 0) >= HIGH_WARNING_LEVEL ? 'warningHigh' : 'warning';
  if (facts.event) return 'event';
  return facts.live === false ? 'offline' : 'normal';
}
