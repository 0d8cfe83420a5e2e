/**
 * The monitored elements (dictionary monitor_element) and the families the
 * console and the API group them in (business-domain §7: waterLevel,
 * rainfall, seepageFlow, seepagePressure, transshape). One table of facts
 * both sides read: codes on the wire, units, decimals, plausible ranges (a
 * reading outside is refused, never stored) and where a day starts.
 *
 * Codes on the wire follow SL 651-2014 where it has the element: ZU (3BH,
 * reservoir level) and PJ (20H, rainfall since the previous report). SL 651
 * has no dam-safety elements, so seepage and deformation use this system's
 * own codes (SQ, SP, DX, DY, DZ).
 */

export type MonitorFamily = 'waterLevel' | 'rainfall' | 'seepageFlow' | 'seepagePressure' | 'transshape';

export interface MonitorElement {
  /** dict_key of monitor_element, stored in the readings. */
  key: number;
  /** The code on the wire (HTTP and MQTT ingestion). */
  code: string;
  family: MonitorFamily;
  unit: string;
  decimals: number;
  /** Plausible range: a reading outside it is refused with a reason. */
  min: number;
  max: number;
  /**
   * How a day's figure is counted: rainfall is summed over the hydrological day (08:00 to
   * the next 08:00, named by the day it ends on); the other elements are instantaneous and
   * averaged over the calendar day.
   */
  aggregate: 'sum' | 'mean';
}

export const MONITOR_ELEMENTS: readonly MonitorElement[] = [
  { key: 1, code: 'ZU', family: 'waterLevel', unit: 'm', decimals: 3, min: -50, max: 6000, aggregate: 'mean' },
  { key: 2, code: 'PJ', family: 'rainfall', unit: 'mm', decimals: 1, min: 0, max: 300, aggregate: 'sum' },
  { key: 3, code: 'SQ', family: 'seepageFlow', unit: 'L/s', decimals: 3, min: 0, max: 10000, aggregate: 'mean' },
  { key: 4, code: 'SP', family: 'seepagePressure', unit: 'kPa', decimals: 2, min: -100, max: 5000, aggregate: 'mean' },
  { key: 5, code: 'DX', family: 'transshape', unit: 'mm', decimals: 2, min: -2000, max: 2000, aggregate: 'mean' },
  { key: 6, code: 'DY', family: 'transshape', unit: 'mm', decimals: 2, min: -2000, max: 2000, aggregate: 'mean' },
  { key: 7, code: 'DZ', family: 'transshape', unit: 'mm', decimals: 2, min: -2000, max: 2000, aggregate: 'mean' },
];

export interface MonitorFamilyInfo {
  family: MonitorFamily;
  /** The station register's monitorType (dictionary monitor_type) of this family's stations. */
  monitorType: number;
  /** Menu code: buttons are `<menu>_add`, `_edit`, `_delete`, `_view`, `_export`, `_report`. */
  menu: string;
  /** The console page. */
  path: string;
  elements: readonly MonitorElement[];
}

const FAMILY_FACTS: { family: MonitorFamily; monitorType: number; menu: string; path: string }[] = [
  { family: 'waterLevel', monitorType: 1, menu: 'monitor_water_level', path: '/monitor/water-level' },
  { family: 'rainfall', monitorType: 2, menu: 'monitor_rainfall', path: '/monitor/rainfall' },
  { family: 'seepageFlow', monitorType: 3, menu: 'monitor_seepage_flow', path: '/monitor/seepage-flow' },
  { family: 'seepagePressure', monitorType: 4, menu: 'monitor_seepage_pressure', path: '/monitor/seepage-pressure' },
  { family: 'transshape', monitorType: 5, menu: 'monitor_transshape', path: '/monitor/transshape' },
];

export const MONITOR_FAMILIES: readonly MonitorFamilyInfo[] = FAMILY_FACTS.map((facts) => ({
  ...facts,
  elements: MONITOR_ELEMENTS.filter((element) => element.family === facts.family),
}));

/** The hour (local time) at which a hydrological day starts: rainfall day D runs from D-1 08:00 to D 08:00. */
export const HYDROLOGICAL_DAY_START_HOUR = 8;

export function elementByCode(code: string): MonitorElement | undefined {
  return MONITOR_ELEMENTS.find((element) => element.code === code);
}

export function elementByKey(key: number): MonitorElement | undefined {
  return MONITOR_ELEMENTS.find((element) => element.key === key);
}

export function familyInfo(family: MonitorFamily): MonitorFamilyInfo {
  return MONITOR_FAMILIES.find((info) => info.family === family)!;
}
