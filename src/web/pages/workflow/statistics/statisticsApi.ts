/**
 * The statistics page's calls (GET /api/blade-workflow/design/statistics/index and /bar) and the shapes the page
 * draws: figure cards, and per process and per month the instances started, completed and running. The answers
 * are read leniently (a figure that is not a number is 0; a row without a name is named by its key), so a figure
 * the server adds later does not break the page.
 */
import { DESIGN, get } from '../forms/formsApi';

/** The figures of statistics/index by name (counts). */
export type StatisticsFigures = Record<string, number>;

export interface ProcessFigures {
  processKey: string;
  name: string;
  started: number;
  completed: number;
  running: number;
}

export interface MonthFigures {
  month: string;
  started: number;
  completed: number;
}

export interface BarStatistics {
  processes: ProcessFigures[];
  months: MonthFigures[];
}

export interface StatisticsRange {
  startTime?: string;
  endTime?: string;
}

type Row = Record<string, unknown>;

function count(value: unknown): number {
  const number = Number(value);
  return Number.isFinite(number) ? number : 0;
}

function firstOf(row: Row, ...keys: string[]): unknown {
  for (const key of keys) if (row[key] !== undefined && row[key] !== null) return row[key];
  return undefined;
}

function rowsOf(value: unknown): Row[] {
  return Array.isArray(value) ? value.filter((row): row is Row => !!row && typeof row === 'object') : [];
}

export function figuresOf(answer: unknown): StatisticsFigures {
  if (!answer || typeof answer !== 'object') return {};
  return Object.fromEntries(
    Object.entries(answer as Row)
      .filter(([, value]) => typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))))
      .map(([key, value]) => [key, count(value)]),
  );
}

export function barOf(answer: unknown): BarStatistics {
  const data = (answer && typeof answer === 'object' ? answer : {}) as Row;
  const processes = rowsOf(firstOf(data, 'processes', 'byProcess', 'process')).map((row) => {
    const processKey = String(firstOf(row, 'processKey', 'key') ?? '');
    return {
      processKey,
      name: String(firstOf(row, 'processName', 'name') ?? processKey),
      started: count(firstOf(row, 'started', 'startCount', 'total')),
      completed: count(firstOf(row, 'completed', 'completeCount', 'finished')),
      running: count(firstOf(row, 'running', 'runningCount')),
    };
  });
  const months = rowsOf(firstOf(data, 'months', 'byMonth', 'month')).map((row) => ({
    month: String(firstOf(row, 'month', 'name') ?? ''),
    started: count(firstOf(row, 'started', 'startCount', 'total')),
    completed: count(firstOf(row, 'completed', 'completeCount', 'finished')),
  }));
  return { processes, months };
}

export const fetchFigures = (range: StatisticsRange) => get<unknown>(`${DESIGN}/statistics/index`, { ...range }).then(figuresOf);

export const fetchBars = (range: StatisticsRange) => get<unknown>(`${DESIGN}/statistics/bar`, { ...range }).then(barOf);
