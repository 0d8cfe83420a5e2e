/**
 * The tenant's own patrol rules: frequencies and minimums differ by locality (domain.md §7), so a tenant may
 * set the system parameter river.patrol.rules to JSON such as {"4": {"minMinutes": 10, "minMetres": 500,
 * "period": "month"}}; levels it names replace the defaults of patrolRules.ts, the others keep them. A value
 * that does not parse, or a level entry out of range, is ignored (the defaults hold), never a reason to
 * refuse a chief's patrol.
 */
import type { DbClient } from '../../db/pool.js';
import { localApi, type LocalContext } from '../../engine/localApi.js';
import { LEVEL_RULES, type LevelRule, type PatrolPeriod } from './patrolRules.js';

export const RULES_PARAM_KEY = 'river.patrol.rules';
const PERIODS: PatrolPeriod[] = ['quarter', 'month', 'week'];

const isWhole = (value: unknown, max: number) => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= max;

function ruleOf(raw: unknown): LevelRule | undefined {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const { minMinutes, minMetres, period } = raw as Record<string, unknown>;
  if (!isWhole(minMinutes, 1440) || !isWhole(minMetres, 100_000) || !PERIODS.includes(period as PatrolPeriod)) return undefined;
  return { minMinutes: minMinutes as number, minMetres: minMetres as number, period: period as PatrolPeriod };
}

/** The defaults with the parameter's valid level entries over them. */
export function mergeRules(value: string | undefined | null): Record<number, LevelRule> {
  let parsed: unknown;
  try {
    parsed = value ? JSON.parse(value) : undefined;
  } catch {
    parsed = undefined;
  }
  const rules = { ...LEVEL_RULES };
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return rules;
  for (const [level, raw] of Object.entries(parsed as Record<string, unknown>)) {
    const rule = ruleOf(raw);
    if (rule && Number(level) in LEVEL_RULES) rules[Number(level)] = rule;
  }
  return rules;
}

export async function tenantLevelRules(ctx: LocalContext, tx?: DbClient): Promise<Record<number, LevelRule>> {
  const [found] = await localApi(ctx, tx)
    .tenantWide()
    .find('system/param', { where: { paramKey: RULES_PARAM_KEY }, sort: ['id desc'], limit: 1 });
  return mergeRules(found?.paramValue);
}
