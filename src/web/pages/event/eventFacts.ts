/**
 * Pure readings of an event for its pages (no React): its photos as a list,
 * whether it is past its deadline, a public reporter's masked phone, the
 * colour of its state, and the label of a log step.
 */
import { eventActionName } from '../../../shared/eventActions';
import { stationToday } from '../../config/stationClock';

/** Event states (dictionary event_status). */
export const EVENT_STATUS = { pending: 1, handling: 2, reviewing: 3, done: 4, returned: 5, withdrawn: 6 } as const;

/** Event sources (dictionary event_source): 2 a camera AI alarm, 5 a public report. */
export const EVENT_SOURCE = { inspection: 1, aiAlarm: 2, publicReport: 5 } as const;

const FINISHED = new Set<number>([EVENT_STATUS.done, EVENT_STATUS.returned, EVENT_STATUS.withdrawn]);

/** Photos may come as an array of URLs or as SpringBlade's comma-joined string. */
export function photoList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  if (typeof value === 'string')
    return value
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean);
  return [];
}

export function isFinished(status: unknown): boolean {
  return FINISHED.has(Number(status));
}

/** An unfinished event whose deadline (a date, yyyy-MM-dd…) is before today (the stations' day, config/stationClock). */
export function isOverdue(deadline: unknown, status: unknown, now: Date = new Date()): boolean {
  if (typeof deadline !== 'string' || deadline.length < 10 || isFinished(status)) return false;
  return deadline.slice(0, 10) < stationToday(now);
}

/** A phone shown on screen keeps its first three and last four digits (13812345678 → 138****5678). */
export function maskPhone(phone: unknown): string {
  const text = typeof phone === 'string' ? phone.trim() : '';
  if (text.length < 7) return text ? '*'.repeat(text.length) : '';
  return `${text.slice(0, 3)}${'*'.repeat(text.length - 7)}${text.slice(-4)}`;
}

const STATUS_COLOURS: Record<number, string> = { 1: 'gold', 2: 'processing', 3: 'purple', 4: 'success', 5: 'error', 6: 'default' };

export function statusColour(status: unknown): string {
  return STATUS_COLOURS[Number(status)] ?? 'default';
}

const LEVEL_COLOURS: Record<number, string> = { 1: 'blue', 2: 'red', 3: 'default' };

export function levelColour(level: unknown): string {
  return LEVEL_COLOURS[Number(level)] ?? 'default';
}

/** A log step's action by name (report, accept, assign …), whether stored as its code (1…15) or its name. */
export const actionName = eventActionName;

/** The timeline dot of a step: red when it sent the event back or ended it undone, green when it completed it. */
export function stepColour(action: unknown, toStatus: unknown): string {
  const name = actionName(action);
  const to = Number(toStatus);
  if (to === EVENT_STATUS.returned || to === EVENT_STATUS.withdrawn || (to === EVENT_STATUS.handling && /audit|approve/i.test(name))) return 'red';
  if (to === EVENT_STATUS.done) return 'green';
  return 'blue';
}
