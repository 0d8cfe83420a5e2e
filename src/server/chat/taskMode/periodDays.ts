/**
 * The days a quick-task period covers in the monitoring rollups
 * (monitor/readingDay): rainfall counts in hydrological days, named by the
 * 08:00 they end at (day D = D-1 08:00 → D 08:00, src/shared/monitorElements.ts);
 * the water level in calendar days. "Today" is the current hydrological day
 * (since the last 08:00) and the current calendar day; "yesterday" the one
 * before each; "this week" from Monday; "last N days" the N days ending with
 * the current one. Times are the server's local time, as the readings are.
 */
import { HYDROLOGICAL_DAY_START_HOUR } from '../../../shared/monitorElements.js';
import type { TaskPeriod } from './taskQuery.js';

const DAY_MS = 86_400_000;

export interface DayRange {
  /** First day, yyyy-MM-dd (inclusive). */
  from: string;
  /** Last day, yyyy-MM-dd (inclusive). */
  to: string;
}

export interface PeriodDays {
  rain: DayRange;
  level: DayRange;
  /** When the rain window starts: the 08:00 before the first rain day (yyyy-MM-dd HH:mm). */
  rainStart: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

function dayMs(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
}

export function addDays(day: string, days: number): string {
  return new Date(dayMs(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The hydrological day a local time counts in: its date up to 08:00 inclusive, the next date after. */
export function hydrologicalDayOf(time: string): string {
  const date = time.slice(0, 10);
  const clock = time.slice(11) || '00:00:00';
  return clock <= `${pad(HYDROLOGICAL_DAY_START_HOUR)}:00:00` ? date : addDays(date, 1);
}

/** Monday of the calendar week of a day. */
function mondayOf(day: string): string {
  const weekday = new Date(dayMs(day)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

export function periodDays(period: TaskPeriod, now: string): PeriodDays {
  const today = now.slice(0, 10);
  const rainToday = hydrologicalDayOf(now);
  let rain: DayRange;
  let level: DayRange;
  if (period.kind === 'today') {
    rain = { from: rainToday, to: rainToday };
    level = { from: today, to: today };
  } else if (period.kind === 'yesterday') {
    rain = { from: addDays(rainToday, -1), to: addDays(rainToday, -1) };
    level = { from: addDays(today, -1), to: addDays(today, -1) };
  } else if (period.kind === 'week') {
    const monday = mondayOf(today);
    const firstRain = hydrologicalDayOf(`${monday} ${pad(HYDROLOGICAL_DAY_START_HOUR)}:00:01`);
    rain = { from: firstRain <= rainToday ? firstRain : rainToday, to: rainToday };
    level = { from: monday, to: today };
  } else {
    rain = { from: addDays(rainToday, 1 - period.days), to: rainToday };
    level = { from: addDays(today, 1 - period.days), to: today };
  }
  return { rain, level, rainStart: `${addDays(rain.from, -1)} ${pad(HYDROLOGICAL_DAY_START_HOUR)}:00` };
}
