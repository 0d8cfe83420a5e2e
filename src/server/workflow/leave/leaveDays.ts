/**
 * The dates of a leave, checked and counted by the server (never taken from
 * the client): both real times of the wire format, the end after the start,
 * both within a year of today; the days by the shared rule
 * (src/shared/leaveDays.ts).
 */
import { DAY, HOUR, leaveDays, wallTimeMs } from '../../../shared/leaveDays.js';
import { ApiError, badRequest, type Language } from '../../http/apiError.js';

/** How far from today a leave may start or end. */
export const LEAVE_WINDOW_DAYS = 366;
/** Asia/Shanghai is UTC+8 all year. */
const SHANGHAI_OFFSET = 8 * HOUR;

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
