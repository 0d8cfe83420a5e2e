/**
 * Demo index limits (contract §E): the limits a county sets on its demo
 * stations before their readings arrive, created through the local API (so
 * the register's rules set the reservoir and check the element against the
 * station's family) as the tenant's administrator.
 *
 * - water level: 汛限水位 ≥ (blue), 正常蓄水位 ≥ (yellow, where it lies above
 *   the flood-limit level), 设计洪水位 ≥ (orange), 校核洪水位 ≥ (red),
 *   死水位 ≤ (blue, below dead level);
 * - rainfall: 1 h ≥ 20 mm (yellow, the CMA short-duration heavy rain), 3 h ≥
 *   50 mm (orange, as the CMA orange rainstorm signal), 24 h ≥ 50 mm (blue,
 *   暴雨) and ≥ 100 mm (yellow, 大暴雨);
 * - seepage flow: 2× (yellow) and 3× (orange) the station's mean.
 * A station that has any limit already gets none (an administrator's edits stay).
 */
import type { Db } from '../db/pool.js';
import { withTransaction } from '../db/pool.js';
import { localApi } from '../engine/localApi.js';
import type { Caller } from '../http/caller.js';

/** warning_level */
const BLUE = 1;
const YELLOW = 2;
const ORANGE = 3;
const RED = 4;
/** warning_type */
const ABOVE_FLOOD_LIMIT = 1;
const BELOW_DEAD_LEVEL = 2;
const RAINFALL = 3;
const SEEPAGE_FLOW = 4;
/** limit_kind */
const AT_LEAST = 1;
const AT_MOST = 2;
const HOUR_1 = 3;
const HOURS_3 = 4;
const HOURS_24 = 5;

export interface LimitPlan {
  element: number;
  limitKind: number;
  threshold: number;
  warningLevel: number;
  warningType: number;
  name: string;
}

export interface StationLevels {
  deadWaterLevel: number;
  floodLimitWaterLevel: number;
  normalWaterLevel: number;
  designFloodLevel: number;
  checkFloodLevel: number;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The limits of a station of the given monitorType (seepageMean: the station's mean seepage flow, L/s). */
export function demoLimitsOf(monitorType: number, levels: StationLevels, seepageMean?: number): LimitPlan[] {
  if (monitorType === 1) {
    const limits: LimitPlan[] = [
      { element: 1, limitKind: AT_LEAST, threshold: levels.floodLimitWaterLevel, warningLevel: BLUE, warningType: ABOVE_FLOOD_LIMIT, name: '超汛限水位' },
    ];
    if (levels.normalWaterLevel > levels.floodLimitWaterLevel) {
      limits.push({
        element: 1,
        limitKind: AT_LEAST,
        threshold: levels.normalWaterLevel,
        warningLevel: YELLOW,
        warningType: ABOVE_FLOOD_LIMIT,
        name: '超正常蓄水位',
      });
    }
    limits.push(
      { element: 1, limitKind: AT_LEAST, threshold: levels.designFloodLevel, warningLevel: ORANGE, warningType: ABOVE_FLOOD_LIMIT, name: '超设计洪水位' },
      { element: 1, limitKind: AT_LEAST, threshold: levels.checkFloodLevel, warningLevel: RED, warningType: ABOVE_FLOOD_LIMIT, name: '超校核洪水位' },
      { element: 1, limitKind: AT_MOST, threshold: levels.deadWaterLevel, warningLevel: BLUE, warningType: BELOW_DEAD_LEVEL, name: '低于死水位' },
    );
    return limits;
  }
  if (monitorType === 2) {
    return [
      { element: 2, limitKind: HOUR_1, threshold: 20, warningLevel: YELLOW, warningType: RAINFALL, name: '1小时短时强降水' },
      { element: 2, limitKind: HOURS_3, threshold: 50, warningLevel: ORANGE, warningType: RAINFALL, name: '3小时暴雨' },
      { element: 2, limitKind: HOURS_24, threshold: 50, warningLevel: BLUE, warningType: RAINFALL, name: '24小时暴雨' },
      { element: 2, limitKind: HOURS_24, threshold: 100, warningLevel: YELLOW, warningType: RAINFALL, name: '24小时大暴雨' },
    ];
  }
  if (monitorType === 3 && seepageMean !== undefined && seepageMean > 0) {
    return [
      { element: 3, limitKind: AT_LEAST, threshold: round(2 * seepageMean, 3), warningLevel: YELLOW, warningType: SEEPAGE_FLOW, name: '渗流量超均值2倍' },
      { element: 3, limitKind: AT_LEAST, threshold: round(3 * seepageMean, 3), warningLevel: ORANGE, warningType: SEEPAGE_FLOW, name: '渗流量超均值3倍' },
    ];
  }
  return [];
}

export interface LimitedStation {
  stationId: string;
  limits: LimitPlan[];
}

/** Creates the planned limits of the stations that have none yet, as `caller`; answers how many were created. */
export async function seedDemoIndexLimits(db: Db, caller: Caller, stations: LimitedStation[]): Promise<number> {
  const wanted = stations.filter((station) => station.limits.length > 0);
  if (wanted.length === 0) return 0;
  return withTransaction(db, async (tx) => {
    const api = localApi({ db: tx as unknown as Db, caller, language: 'zh' }, tx).tenantWide();
    const present = await api.find('monitor/indexLimit', { where: { stationId: wanted.map((s) => s.stationId) }, limit: 100_000 });
    const limited = new Set(present.map((row) => String(row.stationId)));
    let created = 0;
    for (const station of wanted) {
      if (limited.has(station.stationId)) continue;
      for (const limit of station.limits) {
        await api.create('monitor/indexLimit', { stationId: station.stationId, ...limit, enabled: 1 });
        created++;
      }
    }
    return created;
  });
}
