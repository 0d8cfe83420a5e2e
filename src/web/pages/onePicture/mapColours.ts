/**
 * How a reservoir's state shows on the map and in the list: an active warning red (orange or red level, 3–4) or
 * orange (blue or yellow, 1–2), an open event amber, live data with no trouble green, no live data grey.
 */
import type { StatisticRow } from './onePictureApi';

export const STATE_COLOURS = {
  warningHigh: '#f5222d',
  warning: '#fa8c16',
  event: '#fadb14',
  normal: '#52c41a',
  offline: '#8c8c8c',
} as const;

export type LegendKey = keyof typeof STATE_COLOURS;

/** warning_level 3 橙色 and 4 红色 are the serious ones. */
const HIGH_WARNING_LEVEL = 3;

export function legendKeyOf(row: Pick<StatisticRow, 'state' | 'warningLevel'>): LegendKey {
  if (row.state === 'warning') return (row.warningLevel ?? 0) >= HIGH_WARNING_LEVEL ? 'warningHigh' : 'warning';
  return row.state;
}

export function stateColour(row: Pick<StatisticRow, 'state' | 'warningLevel'>): string {
  return STATE_COLOURS[legendKeyOf(row)];
}

export const LEGEND_ORDER: LegendKey[] = ['warningHigh', 'warning', 'event', 'normal', 'offline'];
