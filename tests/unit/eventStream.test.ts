/**
 * The console's event stream client (src/web/api/eventStream.ts): the backoff
 * between reconnects, what an answer's status means (open, retry, stop), and
 * the loop itself against a real HTTP server speaking text/event-stream —
 * headers with the current token on every attempt, events handed over with
 * heartbeats left out, a failure and a server-ended stream reconnected, a
 * refusal or a sign-out ending it, close() aborting the open connection.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backoffDelay,
  DEFAULT_BACKOFF,
  openEventStream,
  openVerdict,
  parseEventData,
  toStreamEvent,
  type EventStream,
  type StreamEvent,
} from '../../src/web/api/eventStream.js';

// fetch-event-source is written for a page: it reads window.fetch/setTimeout and document's visibility.
const globals = globalThis as unknown as Record<string, unknown>;
globals.window ??= globalThis;
globals.document ??= { hidden: false, addEventListener: () => undefined, removeEventListener: () => undefined };

describe('backoffDelay', () => {
  const noJitter = { ...DEFAULT_BACKOFF, jitter: 0 };
  it('doubles from one second up to the 30 s cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map((failures) => backoffDelay(failures, noJitter))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
  it('takes a random share of at most the jitter off, never more', () => {
    expect(backoffDelay(3, DEFAULT_BACKOFF, () => 0)).toBe(4000);
    expect(backoffDelay(3, DEFAULT_BACKOFF, () => 0.5)).toBe(3400);
    expect(backoffDelay(3, DEFAULT_BACKOFF, () => 0.999999)).toBeGreaterThanOrEqual(2800);
  });
  it('treats nonsense attempt numbers as the first', () => {
    expect(backoffDelay(0, noJitter)).toBe(1000);
    expect(backoffDelay(-3, noJitter)).toBe(1000);
  });
});

describe('openVerdict', () => {
  it('opens a 200 text/event-stream (with a charset too)', () => {
    expect(openVerdict(200, 'text/event-stream')).toEqual({ kind: 'open' });
    expect(openVerdict(200, 'text/event-stream; charset=utf-8')).toEqual({ kind: 'open' });
  });
  it('stops on a 200 that is not a stream (an HTML page of a proxy, a JSON error)', () => {
    expect(openVerdict(200, 'application/json').kind).toBe('stop');
    expect(openVerdict(200, null).kind).toBe('stop');
  });
  it('stops when the server refuses the reader or has no such stream', () => {
    expect(openVerdict(403, 'application/json')).toMatchObject({ kind: 'stop', status: 403 });
    expect(openVerdict(404, 'application/json')).toMatchObject({ kind: 'stop', status: 404 });
    expect(openVerdict(400, 'application/json')).toMatchObject({ kind: 'stop', status: 400 });
  });
  it('retries server errors, throttling and an expired token', () => {
    for (const status of [401, 408, 429, 500, 502, 503, 504]) expect(openVerdict(status, 'text/html').kind).toBe('retry');
  });
});

describe('events', () => {
  it('drops a message without data (what the parser makes of a comment heartbeat)', () => {
    expect(toStreamEvent({ id: '', event: '', data: '', retry: undefined })).toBeUndefined();
    expect(toStreamEvent({ id: '', event: 'warning', data: '', retry: undefined })).toBeUndefined();
  });
  it('names an unnamed event "message" and reads JSON data, ignoring what is not JSON', () => {
    const event = toStreamEvent({ id: '', event: '', data: '{"kind":"raised"}', retry: undefined });
    expect(event).toEqual({ event: 'message', data: '{"kind":"raised"}', id: '' });
    expect(parseEventData<{ kind: string }>(event!)).toEqual({ kind: 'raised' });
    expect(parseEventData({ event: 'warning', data: 'not json', id: '' })).toBeUndefined();
  });
});

describe('openEventStream against a real server', () => {
  let server: http.Server;
  let base: string;
  /** What each request to /stream answers, in order; the last one repeats. */
  let script: ((res: http.ServerResponse) => void)[] = [];
  let seen: { token: string | undefined; language: string | undefined; auth: string | undefined }[] = [];
  const open: http.ServerResponse[] = [];

  const answerWith =
    (status: number, body = '{}') =>
    (res: http.ServerResponse) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(body);
    };
  const streamOf = (chunks: string[], end: boolean) => (res: http.ServerResponse) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    res.flushHeaders();
    for (const chunk of chunks) res.write(chunk);
    if (end) res.end();
    else open.push(res);
  };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push({ token: req.headers['blade-auth'] as string, language: req.headers['accept-language'] as string, auth: req.headers.authorization });
      const step = script[Math.min(seen.length - 1, script.length - 1)];
      step(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const res of open) res.end();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  function start(tokens: () => string | undefined, events: StreamEvent[], delays: number[]) {
    return openEventStream({
      url: '/stream',
      baseUrl: base,
      getToken: tokens,
      getLanguage: () => 'en',
      onEvent: (event) => events.push(event),
      sleep: async (ms) => void delays.push(ms),
      random: () => 0,
    });
  }

  it('sends the current token each attempt, backs off after failures, reconnects a stream the server ended, and hands over events without heartbeats', async () => {
    seen = [];
    script = [
      answerWith(503),
      answerWith(502),
      streamOf([': heartbeat\n\n', 'event: warning\ndata: {"kind":"raised","warning":{"id":"1"}}\n\n'], true),
      streamOf(['event: warning\ndata: {"kind":"cleared","warning":{"id":"1"}}\n\n'], false),
    ];
    const events: StreamEvent[] = [];
    const delays: number[] = [];
    let attempt = 0;
    const stream = start(() => `token-${++attempt}`, events, delays);
    await expect.poll(() => events.length).toBe(2);
    expect(events.map((event) => [event.event, parseEventData<{ kind: string }>(event)?.kind])).toEqual([
      ['warning', 'raised'],
      ['warning', 'cleared'],
    ]);
    expect(seen.map((request) => request.token)).toEqual(['bearer token-1', 'bearer token-2', 'bearer token-3', 'bearer token-4']);
    expect(seen.every((request) => request.language === 'en' && request.auth?.startsWith('Basic '))).toBe(true);
    // Two failures back off (1 s, 2 s); the stream the server ended after opening starts over at 1 s.
    expect(delays).toEqual([1000, 2000, 1000]);
    stream.close();
    expect(await stream.done).toEqual({ kind: 'closed' });
  });

  it('stops for good when the server refuses the stream', async () => {
    seen = [];
    script = [answerWith(503), answerWith(403, '{"code":403,"msg":"no"}')];
    const delays: number[] = [];
    const stream = start(() => 'token', [], delays);
    expect(await stream.done).toEqual({ kind: 'refused', status: 403, reason: 'HTTP 403' });
    expect(seen).toHaveLength(2);
    expect(delays).toEqual([1000]);
  });

  it('stops when the session is gone: a 401 after sign-out does not reconnect', async () => {
    seen = [];
    script = [answerWith(401)];
    let token: string | undefined = 'expired';
    const stream = openEventStream({
      url: '/stream',
      baseUrl: base,
      getToken: () => token,
      onEvent: () => undefined,
      sleep: async () => {
        token = undefined;
      },
    });
    expect(await stream.done).toEqual({ kind: 'signedOut' });
    expect(seen).toHaveLength(1);
  });

  it('calls nothing back before it has returned its handle (a status listener may name the stream)', async () => {
    seen = [];
    script = [streamOf([], false)];
    const statuses: string[] = [];
    const stream: EventStream = openEventStream({
      url: '/stream',
      baseUrl: base,
      getToken: () => 't',
      onEvent: () => undefined,
      onStatus: (status) => statuses.push(`${status}:${stream !== undefined}`),
    });
    expect(statuses).toEqual([]);
    await expect.poll(() => statuses).toEqual(['connecting:true', 'open:true']);
    stream.close();
    expect(await stream.done).toEqual({ kind: 'closed' });
    expect(statuses.at(-1)).toBe('closed:true');
  });

  it('a one-shot stream (reconnect false) ends with the server', async () => {
    seen = [];
    script = [streamOf(['data: part 1\n\n', 'data: part 2\n\n'], true)];
    const events: StreamEvent[] = [];
    const stream = openEventStream({ url: '/stream', baseUrl: base, getToken: () => 't', onEvent: (event) => events.push(event), reconnect: false });
    expect(await stream.done).toEqual({ kind: 'ended' });
    expect(events.map((event) => event.data)).toEqual(['part 1', 'part 2']);
  });
});
