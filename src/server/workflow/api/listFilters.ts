/**
 * The filters of the task-centre lists (contract 14 §6 and H2's brief): the
 * page (current, size), processDefinitionName and title (matched literally,
 * % and _ included), category (a category id), beginDate / endDate (the
 * creation time range, a date or a date-time). Query parameters and a JSON
 * body are both accepted (the body wins; startDate is taken for beginDate, as
 * the console sends it); every value is checked before it
 * reaches SQL, with a 400 naming the parameter.
 */
import { isIdString } from '../../db/ids.js';
import { badRequest } from '../../http/apiError.js';

type Params = Record<string, unknown>;

export interface ListFilters {
  current: number;
  size: number;
  processDefinitionName?: string;
  title?: string;
  categoryId?: string;
  /** Inclusive lower bound, `yyyy-MM-dd HH:mm:ss`. */
  createdFrom?: string;
  /** Exclusive upper bound, `yyyy-MM-dd HH:mm:ss` (a date means the whole day). */
  createdBefore?: string;
}

export const MAX_LIST_PAGE_SIZE = 500;
const MAX_PAGE = 100_000;
const MAX_TEXT = 100;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;

const blank = (value: unknown) => value === undefined || value === null || value === '';

function pageNumber(raw: unknown, name: string, fallback: number, max: number): number {
  if (blank(raw)) return fallback;
  const text = String(raw);
  const value = Number(text);
  if (!/^[0-9]+$/.test(text) || value < 1 || value > max) {
    throw badRequest(`参数 ${name} 必须是 1 到 ${max} 之间的整数`, `The parameter ${name} must be an integer from 1 to ${max}`);
  }
  return value;
}

function text(raw: unknown, name: string): string | undefined {
  if (blank(raw)) return undefined;
  if (typeof raw !== 'string' || raw.length > MAX_TEXT) {
    throw badRequest(`参数 ${name} 必须是不超过 ${MAX_TEXT} 个字符的文字`, `The parameter ${name} must be text of at most ${MAX_TEXT} characters`);
  }
  return raw.trim() || undefined;
}

function isRealDate(year: string, month: string, day: string): boolean {
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return date.getUTCFullYear() === Number(year) && date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
}

/** A date or date-time bound; a date alone is the start of that day, or (`isEnd`) the start of the next. */
function timeBound(raw: unknown, name: string, isEnd: boolean): string | undefined {
  if (blank(raw)) return undefined;
  const value = typeof raw === 'string' ? raw.trim() : '';
  const date = DATE.exec(value);
  const dateTime = DATE_TIME.exec(value);
  const parts = date ?? dateTime;
  if (!parts || !isRealDate(parts[1], parts[2], parts[3]) || (dateTime && (Number(dateTime[4]) > 23 || Number(dateTime[5]) > 59 || Number(dateTime[6]) > 59))) {
    throw badRequest(
      `参数 ${name} 必须是 yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss 格式的时间`,
      `The parameter ${name} must be a time as yyyy-MM-dd or yyyy-MM-dd HH:mm:ss`,
    );
  }
  if (dateTime) return `${parts[1]}-${parts[2]}-${parts[3]} ${dateTime[4]}:${dateTime[5]}:${dateTime[6]}`;
  if (!isEnd) return `${value} 00:00:00`;
  const next = new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]) + 1));
  return `${next.toISOString().slice(0, 10)} 00:00:00`;
}

function categoryId(raw: unknown): string | undefined {
  if (blank(raw)) return undefined;
  const value = String(raw).trim();
  if (!isIdString(value)) throw badRequest('参数 category 不正确', 'The parameter category is not valid');
  return value;
}

/** The filters of a list request (query and body merged, body winning). */
export function listFiltersOf(params: Params): ListFilters {
  const filters: ListFilters = {
    current: pageNumber(params.current, 'current', 1, MAX_PAGE),
    size: pageNumber(params.size, 'size', 10, MAX_LIST_PAGE_SIZE),
    processDefinitionName: text(params.processDefinitionName ?? params.name, 'processDefinitionName'),
    title: text(params.title, 'title'),
    categoryId: categoryId(params.category ?? params.categoryId),
    createdFrom: timeBound(params.beginDate ?? params.startDate, 'beginDate', false),
    createdBefore: timeBound(params.endDate, 'endDate', true),
  };
  if (filters.createdFrom && filters.createdBefore && filters.createdFrom >= filters.createdBefore) {
    throw badRequest('开始日期必须早于结束日期', 'beginDate must be before endDate');
  }
  return filters;
}

/** A literal ILIKE pattern: the text matched anywhere, with % _ and \ taken as themselves. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The engine's page shape. */
export function pageOf<R>(records: R[], total: number, filters: Pick<ListFilters, 'current' | 'size'>) {
  return { records, total, size: filters.size, current: filters.current, pages: Math.ceil(total / filters.size) };
}
