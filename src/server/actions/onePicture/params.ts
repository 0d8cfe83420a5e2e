/**
 * Query parameters of the one-picture calls: each call names the parameters it takes and refuses any other
 * (a typo should not silently widen an answer); values are checked for shape and size.
 */
import { badRequest } from '../../http/apiError.js';

type Query = Record<string, unknown>;

/** Longest period the inspector statistics cover. */
export const MAX_PERIOD_DAYS = 366;

export function onlyParams(query: Query, allowed: string[]): void {
  for (const key of Object.keys(query)) {
    if (!allowed.includes(key) && key !== '_t' && key !== 'tenantId') {
      throw badRequest(`不支持的查询参数“${key.slice(0, 64)}”`, `Unsupported query parameter "${key.slice(0, 64)}"`);
    }
  }
}

function text(query: Query, name: string): string | undefined {
  const raw = query[name];
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string') throw badRequest(`参数 ${name} 只能给出一次`, `Give the parameter ${name} once`);
  return raw;
}

export function reservoirIdParam(query: Query): string | undefined {
  const raw = text(query, 'reservoirId');
  if (raw !== undefined && !/^[0-9]{1,19}$/.test(raw)) throw badRequest('水库编号格式不正确', 'The reservoir id is not valid');
  return raw;
}

/** The reservoir a call is about, when it must name one. */
export function requiredReservoirId(query: Query): string {
  const id = reservoirIdParam(query);
  if (!id) throw badRequest('请选择水库', 'Please choose the reservoir');
  return id;
}

export function regionCodeParam(query: Query): string | undefined {
  const raw = text(query, 'regionCode');
  if (raw !== undefined && !/^[0-9]{2,12}$/.test(raw)) throw badRequest('行政区划代码为2至12位数字', 'A region code is 2 to 12 digits');
  return raw;
}

export function nameParam(query: Query): string | undefined {
  const raw = text(query, 'name')?.trim();
  if (raw !== undefined && raw.length > 64) throw badRequest('水库名称不能超过64个字符', 'A reservoir name has at most 64 characters');
  return raw || undefined;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function dateParam(query: Query, name: string, zh: string, en: string): string | undefined {
  const raw = text(query, name);
  if (raw === undefined) return undefined;
  const match = DATE.exec(raw);
  const date = match ? new Date(Date.UTC(+match[1], +match[2] - 1, +match[3])) : undefined;
  if (!date || date.toISOString().slice(0, 10) !== raw) throw badRequest(`${zh}应为 yyyy-MM-dd 格式的日期`, `${en} must be a date (yyyy-MM-dd)`);
  return raw;
}

/** Today in Asia/Shanghai (the registers' clock), yyyy-MM-dd. */
export function localToday(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

export interface Period {
  /** First day, inclusive. */
  startDate: string;
  /** Last day, inclusive. */
  endDate: string;
}

/** startDate/endDate (inclusive), by default the current month up to today; at most MAX_PERIOD_DAYS days. */
export function periodParams(query: Query, now = new Date()): Period {
  const today = localToday(now);
  const startDate = dateParam(query, 'startDate', '开始日期', 'The start date') ?? `${today.slice(0, 8)}01`;
  const endDate = dateParam(query, 'endDate', '结束日期', 'The end date') ?? today;
  if (endDate < startDate) throw badRequest('结束日期不能早于开始日期', 'The end date cannot be before the start date');
  const days = (Date.parse(endDate) - Date.parse(startDate)) / 86_400_000 + 1;
  if (days > MAX_PERIOD_DAYS) throw badRequest(`统计时段不能超过${MAX_PERIOD_DAYS}天`, `The period may cover at most ${MAX_PERIOD_DAYS} days`);
  return { startDate, endDate };
}
