/**
 * Counting a leave's days (whole days, at least half a day), shared by the
 * server, which stores the count, and the leave form, which shows it as the
 * dates are chosen. Times are wall-clock `yyyy-MM-dd HH:mm:ss` (Asia/Shanghai,
 * as every time on the wire), compared as wall-clock values — UTC arithmetic
 * on the digits, exact because China has no daylight saving.
 *
 * A leave within one day is half a day up to 4 hours, else one day; a leave
 * over several days counts every calendar day it touches, less half a day
 * when it starts in the afternoon (12:00 or later) and half a day when it
 * ends by noon.
 */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** Milliseconds of a wall-clock time read as UTC, or undefined when it is not a real time of that format. */
export function wallTimeMs(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const match = WALL_TIME.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC rolls 2026-02-30 over into March: such a date is not a date.
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59)
    return undefined;
  return ms;
}

/** Days of a leave from start to end (both valid wall times, end after start). */
export function leaveDays(startMs: number, endMs: number): number {
  const startDay = Math.floor(startMs / DAY);
  const endDay = Math.floor(endMs / DAY);
  if (startDay === endDay) return endMs - startMs <= 4 * HOUR ? 0.5 : 1;
  let days = endDay - startDay + 1;
  if (startMs - startDay * DAY >= 12 * HOUR) days -= 0.5;
  if (endMs - endDay * DAY <= 12 * HOUR) days -= 0.5;
  return Math.max(days, 0.5);
}

/** The days of a leave given as wire times, or undefined while either time is missing or the end is not after the start. */
export function leaveDaysOf(startTime: unknown, endTime: unknown): number | undefined {
  const start = wallTimeMs(startTime);
  const end = wallTimeMs(endTime);
  return start !== undefined && end !== undefined && end > start ? leaveDays(start, end) : undefined;
}
