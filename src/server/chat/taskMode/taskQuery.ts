/**
 * Understands a quick-task question about rain and water: "<水库名> 今天/昨天/本周/近N天 的雨水情"
 * and "rain and water of <reservoir> today / yesterday / this week / in the last N days". Pure:
 * what was asked (the period, whether it is a rain-and-water question) and the text left once the
 * period and the query words are taken out (where the reservoir's name is); finding the reservoir
 * is rainAndWater.ts's.
 */

export type TaskPeriod = { kind: 'today' } | { kind: 'yesterday' } | { kind: 'week' } | { kind: 'days'; days: number };

/** Longest "last N days" answered (a month: the daily rollups of a month are a cheap read). */
export const MAX_PERIOD_DAYS = 31;

export interface TaskQuery {
  /** The question is about rain and/or water (else the task helper explains what it can do). */
  isRainAndWater: boolean;
  period: TaskPeriod;
  /** Days asked for beyond MAX_PERIOD_DAYS (the answer says it was shortened). */
  wasShortened: boolean;
  /** What is left of the question: the reservoir's name, usually. */
  nameText: string;
}

const CHINESE_DIGITS: Record<string, number> = { 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10 };

/** 3, 三, 十, 十五, 二十, 三十一 → the number; undefined when it is not one. */
export function numberOf(text: string): number | undefined {
  if (/^\d{1,4}$/.test(text)) return Number(text);
  if (!/^[一二两三四五六七八九十]{1,3}$/.test(text)) return undefined;
  const tenAt = text.indexOf('十');
  if (tenAt === -1) return text.length === 1 ? CHINESE_DIGITS[text] : undefined;
  const tens = tenAt === 0 ? 1 : CHINESE_DIGITS[text[0]];
  const units = tenAt === text.length - 1 ? 0 : CHINESE_DIGITS[text[tenAt + 1]];
  return tens * 10 + units;
}

interface PeriodRule {
  pattern: RegExp;
  period: (match: RegExpExecArray) => TaskPeriod | undefined;
}

const NUMBER = '(\\d{1,4}|[一二两三四五六七八九十]{1,3})';
const PERIOD_RULES: PeriodRule[] = [
  { pattern: new RegExp(`(?:近|最近|过去|前)\\s*${NUMBER}\\s*(?:天|日)`), period: (m) => daysPeriod(m[1]) },
  { pattern: new RegExp(`(?:in\\s+)?(?:the\\s+)?(?:last|past)\\s+${NUMBER}\\s+days?`, 'i'), period: (m) => daysPeriod(m[1]) },
  { pattern: /本周|这周|这一周|本星期|this\s+week/i, period: () => ({ kind: 'week' }) },
  { pattern: /昨天|昨日|yesterday/i, period: () => ({ kind: 'yesterday' }) },
  { pattern: /今天|今日|当天|today/i, period: () => ({ kind: 'today' }) },
];

function daysPeriod(text: string): TaskPeriod | undefined {
  const days = numberOf(text);
  return days === undefined || days < 1 ? undefined : { kind: 'days', days };
}

const RAIN_AND_WATER = /雨水情|雨情|水情|雨量|降雨|降水|水位|汛限|rain|water|level/i;
/** Query words around the name, removed so that only the name is left. */
const FILLER =
  /雨水情|雨情|水情|雨量|降雨量|降雨|降水|水位|情况|数据|信息|查询|查看|查一下|查|帮我|请问|请|一下|怎么样|如何|多少|的|了|吗|呢|what\s+(?:is|are|was|were)|show(?:\s+me)?|tell\s+me|the|rain(?:fall)?|water(?:\s+level)?|levels?|and|of|at|for|in|data|situation|how\s+(?:much|is)|please/gi;

export function parseTaskQuery(message: string): TaskQuery {
  let period: TaskPeriod = { kind: 'today' };
  let rest = message;
  for (const rule of PERIOD_RULES) {
    const match = rule.pattern.exec(rest);
    if (!match) continue;
    const found = rule.period(match);
    if (!found) continue;
    period = found;
    rest = rest.slice(0, match.index) + ' ' + rest.slice(match.index + match[0].length);
    break;
  }
  let wasShortened = false;
  if (period.kind === 'days' && period.days > MAX_PERIOD_DAYS) {
    period = { kind: 'days', days: MAX_PERIOD_DAYS };
    wasShortened = true;
  }
  const nameText = rest
    .replace(FILLER, ' ')
    .replace(/[\s\p{P}\p{S}]+/gu, ' ')
    .trim();
  return { isRainAndWater: RAIN_AND_WATER.test(message), period, wasShortened, nameText };
}
