/**
 * How a reservoir's state shows on the one-picture maps and in the list: the shared reading and palette of
 * src/web/map/reservoirState.ts (warnings outrank events), from the state the server gives and its warning level.
 */
import { RESERVOIR_STATE_COLOURS, RESERVOIR_STATE_ORDER, reservoirStateOf, type ReservoirState } from '../../map/reservoirState';
import type { StatisticRow } from './onePictureApi';

export const STATE_COLOURS = RESERVOIR_STATE_COLOURS;

export type LegendKey = ReservoirState;

export function legendKeyOf(row: Pick<StatisticRow, 'state' | 'warningLevel'>): LegendKey {
  return reservoirStateOf({ warning: row.state === 'warning', warningLevel: row.warningLevel, event: row.state === 'event', live: row.state !== 'offline' });
}

export function stateColour(row: Pick<StatisticRow, 'state' | 'warningLevel'>): string {
  return STATE_COLOURS[legendKeyOf(row)];
}

export const LEGEND_ORDER: LegendKey[] = RESERVOIR_STATE_ORDER;
