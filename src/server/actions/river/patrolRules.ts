/**
 * What a river patrol must amount to, per river chief level (river_level: 1 省级, 2 市级, 3 县级, 4 乡级,
 * 5 村级), from domain.md §7: 阿合奇县 asks county chiefs and above for a patrol each quarter, township
 * chiefs each month and village chiefs each week, each patrol ≥ 30 min and ≥ 2 km; 泗县 asks town and
 * village patrols of ≥ 5 min and ≥ 300 m. Township and village chiefs walk short village reaches, so they
 * get 泗县's minimum; county and above 阿合奇县's.
 */
import { badRequest } from '../../http/apiError.js';
import type { TrackFigures } from './patrolTrack.js';

export type PatrolPeriod = 'quarter' | 'month' | 'week';

export interface LevelRule {
  minMinutes: number;
  minMetres: number;
  /** At least one patrol per this period. */
  period: PatrolPeriod;
}

const COUNTY_AND_ABOVE: LevelRule = { minMinutes: 30, minMetres: 2000, period: 'quarter' };

export const LEVEL_RULES: Record<number, LevelRule> = {
  1: COUNTY_AND_ABOVE,
  2: COUNTY_AND_ABOVE,
  3: COUNTY_AND_ABOVE,
  4: { minMinutes: 5, minMetres: 300, period: 'month' },
  5: { minMinutes: 5, minMetres: 300, period: 'week' },
};

/** A level's rule among `rules` (the tenant's, levelRules.ts; the defaults above when not given). */
export const ruleOfLevel = (level: number, rules: Record<number, LevelRule> = LEVEL_RULES): LevelRule => rules[level] ?? COUNTY_AND_ABOVE;

/** Refuses a patrol shorter (in time or distance) than its level's minimum, naming both figures. */
export function assertPatrolLongEnough(level: number, figures: TrackFigures, rules: Record<number, LevelRule> = LEVEL_RULES): void {
  const rule = ruleOfLevel(level, rules);
  if (figures.durationMinutes >= rule.minMinutes && figures.lengthMetres >= rule.minMetres) return;
  throw badRequest(
    `巡河时长或里程不足：该级别河长每次巡河不少于${rule.minMinutes}分钟且不少于${rule.minMetres}米，本次轨迹${figures.durationMinutes}分钟、${figures.lengthMetres}米`,
    `The patrol is too short: at this level each patrol takes at least ${rule.minMinutes} minutes and ${rule.minMetres} metres; this track has ${figures.durationMinutes} minutes and ${figures.lengthMetres} metres`,
  );
}

/** The start (local yyyy-MM-dd) of the period holding the day `today`: quarter, month or ISO week (Monday). */
export function periodStart(period: PatrolPeriod, today: string): string {
  const [year, month, day] = today.split('-').map(Number);
  if (period === 'month') return `${year}-${String(month).padStart(2, '0')}-01`;
  if (period === 'quarter') return `${year}-${String(Math.floor((month - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}
