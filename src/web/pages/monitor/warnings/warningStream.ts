/**
 * The live monitoring warnings of the signed-in user: one stream per console
 * (GET /api/v1/monitor/warningLog/stream, contract §C: `event: warning`,
 * data `{ kind: 'raised' | 'cleared', warning: <the warning log row with
 * titles> }`), shared by whoever listens — the shell's notification and the
 * warning log page. Opened with the first listener, closed with the last,
 * and at once when the session ends or another user signs in (then opened
 * again for the new session if anyone still listens). It opens once the
 * page has settled (no request finished for 1.5 s after load): an endless
 * request opened while the page loads would keep it from ever being
 * network-idle, which browser automation and monitoring wait for.
 */
import i18next from 'i18next';
import { reaction } from 'mobx';
import { useSyncExternalStore } from 'react';
import { openEventStream, parseEventData, whenPageSettled, type EventStream, type StreamEvent, type StreamStatus } from '../../../api/eventStream';
import { getToken } from '../../../api/storage';
import { sessionKey } from '../../../shell/navigationStore';

export const WARNING_STREAM_URL = '/v1/monitor/warningLog/stream';

/** A warning log row as the list answers it (with the references' titles). */
export interface WarningRow {
  id: string;
  stationId: string;
  stationName?: string | null;
  reservoirId?: string | null;
  reservoirName?: string | null;
  element: number;
  indexLimitId?: string | null;
  warningType: number;
  warningLevel: number;
  limitName: string;
  limitKind: number;
  threshold: number;
  startValue: number;
  peakValue?: number | null;
  lastValue?: number | null;
  startTime: string;
  endTime?: string | null;
  warningState: number;
  content?: string | null;
}

export type WarningChangeKind = 'raised' | 'cleared';

export interface WarningChange {
  kind: WarningChangeKind;
  warning: WarningRow;
}

/** The change an event carries, or undefined for anything else (another event name, data that is not a warning). */
export function readWarningChange(event: StreamEvent): WarningChange | undefined {
  if (event.event !== 'warning') return undefined;
  const data = parseEventData<Partial<WarningChange>>(event);
  if (!data || (data.kind !== 'raised' && data.kind !== 'cleared')) return undefined;
  const warning = data.warning;
  if (!warning || typeof warning !== 'object' || warning.id === undefined || warning.id === null) return undefined;
  return { kind: data.kind, warning: { ...warning, id: String(warning.id) } };
}

type Listener = (change: WarningChange) => void;

const listeners = new Set<Listener>();
let stream: EventStream | undefined;
let status: StreamStatus = 'closed';
const statusListeners = new Set<() => void>();

function setStatus(next: StreamStatus): void {
  if (next === status) return;
  status = next;
  for (const listener of [...statusListeners]) listener();
}

/** Whether the stream is open now (connecting, open, waiting to reconnect, closed): the page's 实时 mark reads it. */
export function useWarningStreamStatus(): StreamStatus {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => status,
  );
}

let isWaiting = false;
/** Bumped by close(): a start still waiting for the page to settle is called off. */
let generation = 0;

/** Opens the stream once the page has settled (whenPageSettled), if anyone still listens then. */
function open(): void {
  if (stream || isWaiting || listeners.size === 0 || !getToken()) return;
  isWaiting = true;
  const started = generation;
  setStatus('connecting');
  void whenPageSettled().then(() => {
    if (started !== generation) return;
    isWaiting = false;
    start();
  });
}

function start(): void {
  if (stream || listeners.size === 0 || !getToken()) {
    setStatus('closed');
    return;
  }
  const current = openEventStream({
    url: WARNING_STREAM_URL,
    getToken: () => getToken() ?? undefined,
    getLanguage: () => (i18next.language === 'en' ? 'en' : 'zh'),
    onStatus: (next) => {
      if (stream === current) setStatus(next);
    },
    onEvent: (event) => {
      const change = readWarningChange(event);
      if (!change) return;
      for (const listener of [...listeners]) {
        try {
          listener(change);
        } catch {
          // One listener's failure must not keep the others from hearing of the warning.
        }
      }
    },
  });
  stream = current;
  setStatus('connecting');
  // Stopped for good (signed out, refused): the next listener to arrive tries again.
  void current.done.then(() => {
    if (stream !== current) return;
    stream = undefined;
    setStatus('closed');
  });
}

function close(): void {
  generation += 1;
  isWaiting = false;
  stream?.close();
  stream = undefined;
  setStatus('closed');
}

/** Listens to the warnings while the returned function is not called; the stream opens with the first listener. */
export function subscribeWarnings(listener: Listener): () => void {
  listeners.add(listener);
  open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) close();
  };
}

// Sign-out, forced logout or another user: the stream of the old session ends now, a new session gets its own.
reaction(
  () => sessionKey(),
  () => {
    close();
    open();
  },
);
