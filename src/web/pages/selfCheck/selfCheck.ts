/**
 * What the self-check page concludes from one round trip to the server (pure, unit-tested):
 * each check is ok, warning or error with the figures that decided it.
 */

export interface ServerReport {
  serverTime: number;
  uptimeSeconds: number;
  appVersion: string;
  releaseDate: string;
  nodeVersion: string;
  environment: string;
  accessTokenSeconds: number;
  database: { version: string; latencyMs: number; embedded: boolean; pool: { total: number; idle: number; waiting: number } };
}

export type CheckStatus = 'ok' | 'warning' | 'error';

export interface CheckResult {
  key: 'api' | 'database' | 'clock' | 'token' | 'browser' | 'versions';
  status: CheckStatus;
  /** i18n key of the verdict, and the values it interpolates. */
  verdict: string;
  values: Record<string, string | number>;
}

/** Above these the console still works, but users will feel it (or tokens will expire early). */
export const LIMITS = {
  apiWarnMs: 1000,
  databaseWarnMs: 200,
  clockWarnSeconds: 60,
  clockErrorSeconds: 300,
  tokenWarnSeconds: 300,
};

export interface Observation {
  /** Browser clock when the request left and when the answer arrived (ms). */
  sentAt: number;
  receivedAt: number;
  report: ServerReport;
  /** The access token's expiry (seconds since the epoch), when it can be read. */
  tokenExpiresAt?: number;
  browser: { cookies: boolean; storage: boolean; language: string; width: number };
}

function apiCheck({ sentAt, receivedAt }: Observation): CheckResult {
  const roundTripMs = Math.round(receivedAt - sentAt);
  return {
    key: 'api',
    status: roundTripMs > LIMITS.apiWarnMs ? 'warning' : 'ok',
    verdict: roundTripMs > LIMITS.apiWarnMs ? 'slow' : 'fine',
    values: { roundTripMs },
  };
}

function databaseCheck({ report }: Observation): CheckResult {
  const { latencyMs, version, embedded } = report.database;
  const isSlow = latencyMs > LIMITS.databaseWarnMs;
  return {
    key: 'database',
    status: isSlow ? 'warning' : 'ok',
    verdict: isSlow ? 'slow' : 'fine',
    values: { latencyMs, version, kind: embedded ? 'embedded' : 'external' },
  };
}

/** The server's clock against the browser's, read at the middle of the round trip. */
export function clockSkewSeconds({ sentAt, receivedAt, report }: Pick<Observation, 'sentAt' | 'receivedAt' | 'report'>): number {
  const browserAtServerReading = (sentAt + receivedAt) / 2;
  return Math.round((browserAtServerReading - report.serverTime) / 1000);
}

function clockCheck(observation: Observation): CheckResult {
  const skewSeconds = clockSkewSeconds(observation);
  const size = Math.abs(skewSeconds);
  const status: CheckStatus = size > LIMITS.clockErrorSeconds ? 'error' : size > LIMITS.clockWarnSeconds ? 'warning' : 'ok';
  return { key: 'clock', status, verdict: status === 'ok' ? 'fine' : 'skewed', values: { skewSeconds } };
}

function tokenCheck({ tokenExpiresAt, report }: Observation): CheckResult {
  if (tokenExpiresAt === undefined) return { key: 'token', status: 'warning', verdict: 'unreadable', values: {} };
  // Judged by the server's clock: that is the one which refuses an expired token.
  const secondsLeft = Math.round(tokenExpiresAt - report.serverTime / 1000);
  return {
    key: 'token',
    status: secondsLeft < LIMITS.tokenWarnSeconds ? 'warning' : 'ok',
    verdict: secondsLeft < LIMITS.tokenWarnSeconds ? 'expiring' : 'fine',
    values: { secondsLeft, lifetime: report.accessTokenSeconds },
  };
}

function browserCheck({ browser }: Observation): CheckResult {
  const isUsable = browser.cookies && browser.storage;
  return {
    key: 'browser',
    status: isUsable ? 'ok' : 'error',
    verdict: isUsable ? 'fine' : 'blocked',
    values: { language: browser.language, width: browser.width },
  };
}

function versionsCheck({ report }: Observation): CheckResult {
  return {
    key: 'versions',
    status: 'ok',
    verdict: 'fine',
    values: { app: report.appVersion, node: report.nodeVersion, environment: report.environment, uptimeSeconds: report.uptimeSeconds },
  };
}

export function evaluate(observation: Observation): CheckResult[] {
  return [apiCheck, databaseCheck, clockCheck, tokenCheck, browserCheck, versionsCheck].map((check) => check(observation));
}

/** The `exp` claim of a JWT access token, without verifying it (the server does that); undefined when unreadable. */
export function tokenExpiry(token: string | undefined): number | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp : undefined;
  } catch {
    return undefined;
  }
}
