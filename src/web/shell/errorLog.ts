/**
 * The local error log's entries (platform-core §3 "Local log entry", §8):
 * type, message, stack, info, url, time; the newest first, at most
 * MAX_ERROR_LOG entries kept in the browser.
 */
export type ErrorLogType = 'error' | 'unhandledrejection' | 'react';

export interface ErrorLogEntry {
  type: ErrorLogType;
  message: string;
  stack: string;
  info: string;
  url: string;
  time: string;
}

export const MAX_ERROR_LOG = 100;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** yyyy-MM-dd HH:mm:ss in local time, as the contract writes dates. */
export function formatTime(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export function describeError(reason: unknown): { message: string; stack: string } {
  if (reason instanceof Error) return { message: reason.message || reason.name, stack: reason.stack ?? '' };
  if (typeof reason === 'string') return { message: reason, stack: '' };
  try {
    return { message: JSON.stringify(reason) ?? String(reason), stack: '' };
  } catch {
    return { message: String(reason), stack: '' };
  }
}

export function errorLogEntry(type: ErrorLogType, reason: unknown, context: { url: string; info?: string; now?: Date }): ErrorLogEntry {
  const { message, stack } = describeError(reason);
  return { type, message, stack, info: context.info ?? '', url: context.url, time: formatTime(context.now ?? new Date()) };
}

export function addErrorLogEntry(entries: ErrorLogEntry[], entry: ErrorLogEntry): ErrorLogEntry[] {
  return [entry, ...entries].slice(0, MAX_ERROR_LOG);
}
