/**
 * A server-sent event stream read with fetch (@microsoft/fetch-event-source),
 * so it carries the session's headers (Blade-Auth, Authorization, language),
 * which a browser EventSource cannot send. Used by the live monitoring
 * warnings (GET /api/v1/monitor/warningLog/stream) and written so a streamed
 * answer (the AI chat: POST with a body, no reconnect) can use it too.
 *
 * Each connection is one fetchEventSource call that never retries by itself:
 * this module owns the reconnect loop, so every attempt reads the current
 * token (a refreshed one after the token checker ran), waits an exponential
 * backoff with jitter after a failure (reset once a connection opened), and
 * stops for good when the session is gone (no token, a 401 while signed
 * out), the server refuses the stream (403, 404, a wrong content type) or the
 * caller closes it (sign-out, page left). The decisions are pure functions
 * below, unit tested in tests/unit/eventStream.test.ts.
 */
import { fetchEventSource, type EventSourceMessage } from '@microsoft/fetch-event-source';
import { website } from '../config/website';
import { buildUrl, type ParamValue } from './request';

export const EVENT_STREAM_TYPE = 'text/event-stream';

export interface BackoffOptions {
  /** Delay after the first failure (ms). */
  initialMs: number;
  /** Longest delay (ms). */
  maxMs: number;
  /** Growth per failed attempt. */
  factor: number;
  /** Share of the delay drawn at random (0 … 1), so many consoles do not reconnect in step after a restart. */
  jitter: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 1000, maxMs: 30_000, factor: 2, jitter: 0.3 };

/**
 * The wait before reconnect attempt `failures` (1 = after the first failure): initial × factor^(failures−1), capped at
 * max, less a random share of at most `jitter` (random() in [0, 1)).
 */
export function backoffDelay(failures: number, options: BackoffOptions = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const attempt = Math.max(1, Math.floor(failures));
  const base = Math.min(options.maxMs, options.initialMs * options.factor ** (attempt - 1));
  const jitter = Math.min(1, Math.max(0, options.jitter));
  return Math.round(base * (1 - jitter * random()));
}

/** What a connection's answer means: read it, try again later, or stop for good. */
export type OpenVerdict = { kind: 'open' } | { kind: 'retry'; reason: string } | { kind: 'stop'; reason: string; status: number };

/**
 * 200 with text/event-stream opens; 401 retries (the token may just have been refreshed — the loop stops when no token
 * is left); 403, 404 and other 4xx stop (the user may not read it, the server has no such stream, the request is
 * wrong); 5xx, 429 and proxies' errors retry.
 */
export function openVerdict(status: number, contentType: string | null): OpenVerdict {
  if (status === 200) {
    return contentType?.toLowerCase().startsWith(EVENT_STREAM_TYPE)
      ? { kind: 'open' }
      : { kind: 'stop', reason: `expected ${EVENT_STREAM_TYPE}, got ${contentType ?? 'no content type'}`, status };
  }
  if (status === 401 || status === 408 || status === 429 || status >= 500) return { kind: 'retry', reason: `HTTP ${status}` };
  return { kind: 'stop', reason: `HTTP ${status}`, status };
}

/** One message of the stream: its event name ('message' when the server named none), its data text and id. */
export interface StreamEvent {
  event: string;
  data: string;
  id: string;
}

/**
 * The message as handed to listeners (an unnamed event is a 'message'), or undefined for one without data: the
 * parser of fetch-event-source dispatches one for every blank line, so a comment heartbeat (`: ping` + blank line)
 * would arrive as an empty message, which the SSE standard says is never dispatched.
 */
export function toStreamEvent(message: EventSourceMessage): StreamEvent | undefined {
  if (message.data === '') return undefined;
  return { event: message.event || 'message', data: message.data, id: message.id };
}

/** The data of an event as JSON, or undefined when it is not JSON (a listener ignores what it cannot read). */
export function parseEventData<T>(event: StreamEvent): T | undefined {
  try {
    return JSON.parse(event.data) as T;
  } catch {
    return undefined;
  }
}

export type StreamStatus = 'connecting' | 'open' | 'waiting' | 'closed';

export interface EventStreamOptions {
  /** Relative to /api like the request layer's urls (or absolute). */
  url: string;
  params?: Record<string, ParamValue>;
  method?: 'GET' | 'POST';
  /** A JSON body (a POSTed chat question). */
  body?: unknown;
  /** Read before every attempt; no token = signed out = the stream stops. */
  getToken: () => string | undefined;
  getLanguage?: () => 'zh' | 'en';
  onEvent: (event: StreamEvent) => void;
  /** Told of every change: connecting, open, waiting (before a reconnect), closed. */
  onStatus?: (status: StreamStatus, detail?: { delayMs?: number; reason?: string }) => void;
  /** Reconnect after a failure or when the server ends the stream (default true; false for a one-shot answer). */
  reconnect?: boolean;
  backoff?: BackoffOptions;
  baseUrl?: string;
  /** For tests: the fetch and the timer the loop uses. */
  fetch?: typeof fetch;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
}

export interface EventStream {
  /** Stops the stream: the open connection is aborted and no reconnect follows. */
  close: () => void;
  /** Settles when the stream has stopped for good: why (closed by the caller, signed out, refused, ended). */
  done: Promise<StopReason>;
}

export type StopReason = { kind: 'closed' } | { kind: 'signedOut' } | { kind: 'refused'; status: number; reason: string } | { kind: 'ended' };

class StreamRefused extends Error {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    super(reason);
  }
}
class StreamRetry extends Error {}
class StreamEnded extends Error {}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

/** Opens the stream and keeps it open (reconnecting with backoff) until closed, signed out or refused. */
export function openEventStream(options: EventStreamOptions): EventStream {
  const controller = new AbortController();
  const reconnect = options.reconnect ?? true;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const sleep = options.sleep ?? abortableSleep;
  const url = buildUrl(options.baseUrl ?? '/api', options.url, options.params);
  const basic = `Basic ${btoa(`${website.clientId}:${website.clientSecret}`)}`;

  function headers(token: string): Record<string, string> {
    const result: Record<string, string> = { Authorization: basic, 'Blade-Auth': `bearer ${token}`, accept: EVENT_STREAM_TYPE };
    const language = options.getLanguage?.();
    if (language) result['Accept-Language'] = language;
    if (options.body !== undefined) result['Content-Type'] = 'application/json;charset=UTF-8';
    return result;
  }

  /** One connection: resolves when the caller closed it, rejects with why it ended otherwise. */
  async function connectOnce(token: string, opened: () => void): Promise<void> {
    const attempt = new AbortController();
    const abort = () => attempt.abort();
    controller.signal.addEventListener('abort', abort);
    try {
      await fetchEventSource(url, {
        method: options.method ?? 'GET',
        headers: headers(token),
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        credentials: 'include',
        signal: attempt.signal,
        // A warning must reach a console in a background tab too.
        openWhenHidden: true,
        fetch: options.fetch,
        onopen: async (response) => {
          const verdict = openVerdict(response.status, response.headers.get('content-type'));
          if (verdict.kind === 'stop') throw new StreamRefused(verdict.status, verdict.reason);
          if (verdict.kind === 'retry') throw new StreamRetry(verdict.reason);
          opened();
        },
        onmessage: (message) => {
          const event = toStreamEvent(message);
          if (event) options.onEvent(event);
        },
        // The server ended the stream: thrown so fetchEventSource hands it to onerror, which ends this attempt.
        onclose: () => {
          throw new StreamEnded('the server ended the stream');
        },
        // Never let fetchEventSource retry by itself: the loop below does, with a fresh token.
        onerror: (error: unknown) => {
          throw error;
        },
      });
    } finally {
      controller.signal.removeEventListener('abort', abort);
    }
  }

  async function run(): Promise<StopReason> {
    // Nothing is called back before openEventStream has returned: a caller's onStatus may name the handle it returns.
    await Promise.resolve();
    let failures = 0;
    for (;;) {
      if (controller.signal.aborted) return { kind: 'closed' };
      const token = options.getToken();
      if (!token) return { kind: 'signedOut' };
      options.onStatus?.('connecting');
      let reason: string;
      try {
        await connectOnce(token, () => {
          failures = 0;
          options.onStatus?.('open');
        });
        return { kind: 'closed' };
      } catch (error) {
        if (controller.signal.aborted) return { kind: 'closed' };
        if (error instanceof StreamRefused) return { kind: 'refused', status: error.status, reason: error.message };
        if (!reconnect) return error instanceof StreamEnded ? { kind: 'ended' } : { kind: 'refused', status: 0, reason: String(error) };
        reason = error instanceof Error ? error.message : String(error);
      }
      // A stream the server ended after it was open waits the shortest delay (failures was reset on open); failures back off.
      failures += 1;
      const delayMs = backoffDelay(failures, backoff, options.random);
      options.onStatus?.('waiting', { delayMs, reason });
      await sleep(delayMs, controller.signal);
    }
  }

  const done = run().then(
    (stop) => {
      options.onStatus?.('closed', { reason: stop.kind });
      return stop;
    },
    (error: unknown) => {
      options.onStatus?.('closed', { reason: String(error) });
      return { kind: 'refused', status: 0, reason: String(error) } as StopReason;
    },
  );
  return { close: () => controller.abort(), done };
}

/**
 * Resolves once the page has loaded and then finished no request for `quietMs` (at the latest `maxMs` after the
 * call). A stream that stays open is a request that never ends: opened while the page is still loading, it would
 * keep the page from ever being "network idle" (what browser automation and some monitoring wait for), so a
 * background stream waits for the page to settle first. Requests are seen as they finish (resource timing).
 */
export function whenPageSettled(quietMs = 1500, maxMs = 15_000): Promise<void> {
  return new Promise((resolve) => {
    let quietTimer: ReturnType<typeof setTimeout> | undefined;
    let observer: PerformanceObserver | undefined;
    const finish = () => {
      clearTimeout(quietTimer);
      clearTimeout(maxTimer);
      observer?.disconnect();
      window.removeEventListener('load', restart);
      resolve();
    };
    const maxTimer = setTimeout(finish, maxMs);
    function restart() {
      clearTimeout(quietTimer);
      if (document.readyState === 'complete') quietTimer = setTimeout(finish, quietMs);
    }
    if (typeof PerformanceObserver !== 'undefined') {
      observer = new PerformanceObserver(restart);
      observer.observe({ type: 'resource' });
    }
    window.addEventListener('load', restart);
    restart();
  });
}
