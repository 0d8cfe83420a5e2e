/**
 * The dates of a leave: checked and counted by the server, never taken from
 * the client. Times are wall-clock `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai, as
 * every time on the wire; they are compared as wall-clock values (UTC
 * arithmetic on the digits), which is exact because China has no daylight
 * saving.
 *
 * Counting (whole days, at least half a day): a leave within one day is half
 * a day up to 4 hours, else one day; a leave over several days counts every
 * calendar day it touches, less half a day when it starts in the afternoon
 * (12:00 or later) and half a day when it ends by noon.
 */
import { ApiError, badRequest, type Language } from '../../http/apiError.js';

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How far from today a leave may start or end. */
export const LEAVE_WINDOW_DAYS = 366;
/** Asia/Shanghai is UTC+8 all year. */
const SHANGHAI_OFFSET = 8 * HOUR;

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

export interface LeaveDates {
  startTime: string;
  endTime: string;
  days: number;
}

/** A 400 naming the field, with the field's message in the caller's language (as the engine's validation answers). */
function refuse(field: string, zh: string, en: string, language: Language): ApiError {
  return badRequest(zh, en, { errors: [{ field, message: language === 'en' ? en : zh }] });
}

/**
 * Checks a leave's start and end (format, end after start, both within a year of today) and counts its days.
 * `nowMs`: the current instant (tests pass their own).
 */
export function checkLeaveDates(startTime: unknown, endTime: unknown, language: Language, nowMs = Date.now()): LeaveDates {
  const start = wallTimeMs(startTime);
  if (start === undefined)
    throw refuse('startTime', '开始时间格式不正确，应为 yyyy-MM-dd HH:mm:ss', 'The start must be a time written yyyy-MM-dd HH:mm:ss', language);
  const end = wallTimeMs(endTime);
  if (end === undefined)
    throw refuse('endTime', '结束时间格式不正确，应为 yyyy-MM-dd HH:mm:ss', 'The end must be a time written yyyy-MM-dd HH:mm:ss', language);
  if (end <= start) throw refuse('endTime', '结束时间必须晚于开始时间', 'The end must be after the start', language);
  const today = nowMs + SHANGHAI_OFFSET;
  const limit = LEAVE_WINDOW_DAYS * DAY;
  if (Math.abs(start - today) > limit) throw refuse('startTime', '开始时间须在今天前后一年之内', 'The start must be within a year of today', language);
  if (Math.abs(end - today) > limit) throw refuse('endTime', '结束时间须在今天前后一年之内', 'The end must be within a year of today', language);
  return { startTime: startTime as string, endTime: endTime as string, days: leaveDays(start, end) };
}
