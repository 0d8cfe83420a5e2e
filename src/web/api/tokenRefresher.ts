/**
 * The token checker of platform-core §4: every 10 s, refresh the access token
 * once it is `tokenTime` seconds old, with at most one refresh in flight
 * (a slow refresh must not be started again by the next tick, or the
 * server would see the same refresh token twice and revoke the session).
 */
import { website } from '../config/website';

export interface RefresherTimers {
  setInterval: (callback: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

export interface TokenRefresherOptions {
  /** Epoch ms when the current token was stored; undefined when signed out. */
  getTokenSavedAt: () => number | undefined;
  /** Age in seconds at which the token is refreshed. */
  getTokenTime: () => number;
  refresh: () => Promise<void>;
  now?: () => number;
  intervalMs?: number;
  /** Told about a failed refresh; the checker itself keeps running. */
  onError?: (error: unknown) => void;
  timers?: RefresherTimers;
}

export interface TokenRefresher {
  start: () => void;
  stop: () => void;
  /** One check, as a tick runs it; exposed so tests and callers can await the refresh. */
  check: () => Promise<void>;
}

const globalTimers: RefresherTimers = {
  // Looked up on each call so fake timers installed after import still apply.
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof globalThis.setInterval>),
};

export function createTokenRefresher(options: TokenRefresherOptions): TokenRefresher {
  const now = options.now ?? (() => Date.now());
  const intervalMs = options.intervalMs ?? website.tokenCheckIntervalMs;
  const timers = options.timers ?? globalTimers;
  let handle: unknown;
  let isRefreshing = false;

  async function check(): Promise<void> {
    if (isRefreshing) return;
    const savedAt = options.getTokenSavedAt();
    if (savedAt === undefined) return;
    if ((now() - savedAt) / 1000 < options.getTokenTime()) return;
    isRefreshing = true;
    try {
      await options.refresh();
    } catch (error) {
      options.onError?.(error);
    } finally {
      isRefreshing = false;
    }
  }

  return {
    start() {
      if (handle !== undefined) return;
      handle = timers.setInterval(() => void check(), intervalMs);
    },
    stop() {
      if (handle === undefined) return;
      timers.clearInterval(handle);
      handle = undefined;
    },
    check,
  };
}
