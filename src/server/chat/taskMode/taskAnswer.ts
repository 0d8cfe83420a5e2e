/**
 * The built-in quick-task answer: finds the reservoir a question names among
 * the caller's reservoirs and writes its rain and water for the period as
 * Markdown, with real figures only (rainfallAndWaterFigures.ts); a question
 * that names no known reservoir gets a few of the caller's reservoirs as
 * examples, and anything else what the helper can do.
 */
import type { Language } from '../../http/apiError.js';
import type { LocalContext } from '../../engine/localApi.js';
import { round } from '../../actions/monitor/reportTables.js';
import { databaseNow } from '../../db/databaseClock.js';
import { periodDays, type PeriodDays } from './periodDays.js';
import { elementByKey } from '../../../shared/monitorElements.js';
import { LEVEL, RAIN, rainAndWaterFigures, visibleReservoirs, type ActiveWarning, type RainAndWaterFigures, type StationLevel } from './rainAndWaterFigures.js';
import { MAX_PERIOD_DAYS, parseTaskQuery, type TaskPeriod } from './taskQuery.js';

type ReservoirChoice = Awaited<ReturnType<typeof visibleReservoirs>>[number];

const EXAMPLES = 3;

/** The reservoir whose name the question holds (the longest such name), else one whose name holds the question's leftover text. */
export function findReservoir<R extends { name: string }>(reservoirs: R[], message: string, nameText: string): R | undefined {
  const byLength = [...reservoirs].sort((a, b) => b.name.length - a.name.length);
  const lowered = message.toLowerCase();
  const named = byLength.find((r) => r.name && lowered.includes(r.name.toLowerCase()));
  if (named) return named;
  // "爱溪的雨水情": the name without its 水库 suffix.
  const short = byLength.find((r) => r.name.endsWith('水库') && r.name.length > 3 && message.includes(r.name.slice(0, -2)));
  if (short) return short;
  return nameText.length >= 2 ? byLength.find((r) => r.name.includes(nameText)) : undefined;
}

const fixed = (value: number, decimals: number) => round(value, decimals).toFixed(decimals);
const shortTime = (time: string) => time.slice(5, 16);

function periodName(period: TaskPeriod, zh: boolean): string {
  if (period.kind === 'today') return zh ? '今日' : 'Today';
  if (period.kind === 'yesterday') return zh ? '昨日' : 'Yesterday';
  if (period.kind === 'week') return zh ? '本周' : 'This week';
  return zh ? `近 ${period.days} 天` : `Last ${period.days} days`;
}

function rainLines(figures: RainAndWaterFigures, days: PeriodDays, zh: boolean): string[] {
  const window = zh ? `${days.rainStart} 起，按 08:00 分日` : `since ${days.rainStart}, days from 08:00 to 08:00`;
  if (figures.rain.length === 0) return [zh ? `- 降雨：该时段没有雨量站上报（${window}）` : `- Rainfall: no rain gauge reported in this period (${window})`];
  return figures.rain.map((station) =>
    zh
      ? `- 降雨：${station.stationName} 累计雨量 **${fixed(station.total, RAIN.decimals)} mm**（${window}，${station.reportedDays} 天有数据）`
      : `- Rainfall: ${station.stationName} total **${fixed(station.total, RAIN.decimals)} mm** (${window}; data on ${station.reportedDays} days)`,
  );
}

function levelLines(station: StationLevel, floodLimit: number | null | undefined, zh: boolean): string[] {
  const lines: string[] = [];
  const d = LEVEL.decimals;
  if (station.latest) {
    lines.push(
      zh
        ? `- 最新水位：${station.stationName} **${fixed(station.latest.value, d)} m**（${station.latest.time.slice(0, 16)}）`
        : `- Latest level: ${station.stationName} **${fixed(station.latest.value, d)} m** (${station.latest.time.slice(0, 16)})`,
    );
  }
  if (station.highest && station.lowest) {
    lines.push(
      zh
        ? `- 时段最高水位 ${fixed(station.highest.value, d)} m（${shortTime(station.highest.time)}），最低水位 ${fixed(station.lowest.value, d)} m（${shortTime(station.lowest.time)}）`
        : `- Highest in the period ${fixed(station.highest.value, d)} m (${shortTime(station.highest.time)}), lowest ${fixed(station.lowest.value, d)} m (${shortTime(station.lowest.time)})`,
    );
  } else {
    lines.push(zh ? `- 该时段没有水位数据` : `- No water level data in this period`);
  }
  if (floodLimit !== null && floodLimit !== undefined && station.latest) {
    const margin = round(floodLimit - station.latest.value, d);
    lines.push(
      margin >= 0
        ? zh
          ? `- 汛限水位 ${fixed(floodLimit, d)} m，当前低于汛限 **${fixed(margin, d)} m**`
          : `- Flood-limit level ${fixed(floodLimit, d)} m; the level is **${fixed(margin, d)} m** below it`
        : zh
          ? `- 汛限水位 ${fixed(floodLimit, d)} m，当前**超汛限 ${fixed(-margin, d)} m**`
          : `- Flood-limit level ${fixed(floodLimit, d)} m; the level is **${fixed(-margin, d)} m above it**`,
    );
  }
  return lines;
}

/** A figure with its element's decimals and unit, e.g. "52.0 mm". */
function withUnit(element: number, value: number): string {
  const facts = elementByKey(element);
  return `${fixed(value, facts?.decimals ?? 3)} ${facts?.unit ?? ''}`.trim();
}

/** One active warning built from its parts: time once, the station, the level, the value against its limit. */
export function warningLine(warning: ActiveWarning, zh: boolean): string {
  const level = warning.levelName ? ` ${warning.levelName}` : '';
  const value = withUnit(warning.element, warning.value);
  const limit = withUnit(warning.element, warning.threshold);
  return zh
    ? `  - ${warning.startTime.slice(0, 16)} ${warning.stationName}${level}：${warning.limitName} ${value}（阈值 ${limit}）`
    : `  - ${warning.startTime.slice(0, 16)} ${warning.stationName}${level}: ${warning.limitName} ${value} (limit ${limit})`;
}

function warningLines(figures: RainAndWaterFigures, zh: boolean): string[] {
  if (figures.warningCount === 0) return [zh ? '- 预警：当前无生效预警' : '- Warnings: none active'];
  const head = zh ? `- 预警：**${figures.warningCount} 条生效中**` : `- Warnings: **${figures.warningCount} active**`;
  return [head, ...figures.warnings.map((warning) => warningLine(warning, zh))];
}

function examplesAnswer(reservoirs: ReservoirChoice[], zh: boolean): string {
  const names = reservoirs.slice(0, EXAMPLES).map((r) => r.name);
  if (names.length === 0)
    return zh ? '您的数据范围内还没有水库，无法查询雨水情。' : 'There are no reservoirs in your data scope, so there is no rain and water to show.';
  const list = names.map((name) => (zh ? `- ${name}今天的雨水情` : `- rain and water of ${name} today`)).join('\n');
  return zh
    ? `没有找到您说的水库。请说出您数据范围内的水库名称，例如：\n\n${list}\n\n也可以问“昨天”“本周”“近 7 天”。`
    : `I could not find that reservoir. Name one of the reservoirs in your data scope, for example:\n\n${list}\n\nYou can also ask about "yesterday", "this week" or "the last 7 days".`;
}

function helpAnswer(zh: boolean): string {
  return zh
    ? '我是快捷任务助手，可以查询水库的雨水情。请这样问：“爱溪水库今天的雨水情”“××水库本周雨水情”“××水库近 7 天雨水情”。'
    : 'I am the quick task helper: I show the rain and water of a reservoir. Ask for example "rain and water of <reservoir> today", "… this week" or "… in the last 7 days".';
}

export async function taskAnswer(ctx: LocalContext, message: string, language: Language): Promise<string> {
  const zh = language === 'zh';
  const query = parseTaskQuery(message);
  if (!query.isRainAndWater) return helpAnswer(zh);
  const reservoirs = await visibleReservoirs(ctx);
  const reservoir = findReservoir(reservoirs, message, query.nameText);
  if (!reservoir) return examplesAnswer(reservoirs, zh);
  const asOf = await databaseNow(ctx.db);
  const days = periodDays(query.period, asOf);
  const figures = await rainAndWaterFigures(ctx, reservoir.id, days.rain, days.level);
  const title = zh
    ? `**${reservoir.name}** ${periodName(query.period, zh)}雨水情（截至 ${asOf.slice(0, 16)}）`
    : `**${reservoir.name}**: rain and water, ${periodName(query.period, zh).toLowerCase()} (as of ${asOf.slice(0, 16)})`;
  const shortened = query.wasShortened ? [zh ? `（最多统计近 ${MAX_PERIOD_DAYS} 天）` : `(at most the last ${MAX_PERIOD_DAYS} days are shown)`] : [];
  const levels =
    figures.level.length > 0
      ? figures.level.flatMap((station) => levelLines(station, reservoir.floodLimitWaterLevel, zh))
      : [zh ? '- 水位：该水库没有水位站数据' : '- Water level: this reservoir has no level station data'];
  return [title, ...shortened, '', ...rainLines(figures, days, zh), ...levels, ...warningLines(figures, zh)].join('\n');
}
