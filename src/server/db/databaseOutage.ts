/**
 * Whether an error means "the database cannot serve right now" (it is down,
 * restarting, out of disk or connections, or the pool waited too long for a
 * connection) rather than "this request is wrong". Such failures answer 503
 * with Retry-After: the caller should try again, and a load balancer should
 * send traffic elsewhere (the readiness endpoint says the same).
 */

/** SQLSTATE classes and codes of an unavailable database (PostgreSQL appendix A). */
const OUTAGE_CLASSES = ['08', '53', '58']; // connection exception, insufficient resources (disk full, out of memory, too many connections), system error
const OUTAGE_CODES = ['57P01', '57P02', '57P03', '57P04', '57P05', '55000']; // shutdowns, cannot connect now, idle-session timeout; database not accepting connections

/** Network failures of the driver's socket (no SQLSTATE). */
const NETWORK_CODES = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'];

/** Messages pg and pg-pool use for a lost or unobtainable connection. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error/,
  /^Cannot use a pool after calling end/,
];

export function isDatabaseOutage(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (/^[0-9A-Z]{5}$/.test(code)) return OUTAGE_CLASSES.includes(code.slice(0, 2)) || OUTAGE_CODES.includes(code);
    if (NETWORK_CODES.includes(code)) return true;
  }
  return typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message));
}

/** Seconds a caller should wait before trying again after an outage answer. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;
