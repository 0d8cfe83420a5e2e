/**
 * Which choices of the index-limit form fit together, pure (the server's
 * rules in src/server/actions/monitor/indexLimit.ts say the same): a
 * station's elements are those of its family (by its monitorType), and the
 * rainfall totals (limit kinds 3–5) apply to rainfall only.
 */
import { MONITOR_ELEMENTS, MONITOR_FAMILIES, type MonitorElement } from '../../../../shared/monitorElements';

export interface LimitStation {
  id: string;
  stationName: string;
  stationCode: string;
  monitorType?: number | null;
  reservoirId?: string | null;
  reservoirName?: string | null;
}

const RAINFALL = MONITOR_ELEMENTS.find((element) => element.family === 'rainfall')!.key;
const LEVEL_KINDS = [1, 2];
const RAINFALL_KINDS = [1, 2, 3, 4, 5];

/** The elements a limit of this station may watch; every element until a station is chosen. */
export function allowedElements(station: LimitStation | undefined): readonly MonitorElement[] {
  if (!station) return MONITOR_ELEMENTS;
  return MONITOR_FAMILIES.find((family) => family.monitorType === Number(station.monitorType))?.elements ?? [];
}

/** The limit kinds an element allows: ≥ and ≤ for all, the 1 h / 3 h / 24 h totals for rainfall. */
export function allowedLimitKinds(element: number | undefined | null): number[] {
  return Number(element) === RAINFALL ? RAINFALL_KINDS : LEVEL_KINDS;
}
