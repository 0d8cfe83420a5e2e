/**
 * The console's calls for one event (contract 12 §B, /api/v2/inspect/event):
 * its detail with the log, the log groups of the work-order view, and the
 * AI-annotated photos of a camera alarm (§C). The detail is read silently:
 * a missing or foreign id is shown as a "not found" state by the page, not
 * as a popup.
 */
import type { Envelope } from '../../../shared/envelope';
import { request } from '../../api/http';
import { RequestError } from '../../api/request';
import type { EntityRecord } from '../../renderers/entityApi';

const BASE = '/v2/inspect/event';

/** One step of the event's history, as the server wrote it with the step (output names of inspect/eventLog). */
export interface EventLog {
  id: string;
  /** The event_action code (its label beside it as actionLabel). */
  action: number | string;
  actionLabel?: string | null;
  fromStatus: number | string | null;
  toStatus: number | string | null;
  fromStatusLabel?: string | null;
  toStatusLabel?: string | null;
  operatorId?: string | null;
  operatorName?: string | null;
  targetUserId?: string | null;
  targetUserName?: string | null;
  opinion?: string | null;
  result?: string | null;
  photos?: string[] | string | null;
  createTime: string;
}

/** The event with the titles of what it references (reservoirName, reporterName …) and its log, oldest first. */
export type EventDetail = EntityRecord & {
  id: string;
  eventNo: string;
  title: string;
  status: number | string;
  logs?: EventLog[];
};

/** An original photo and what the AI drew on it. */
export interface AiPhoto {
  originalUrl: string;
  annotatedUrl?: string | null;
  labels?: unknown;
  confidence?: number | string | null;
}

export type DetailAnswer = { kind: 'found'; event: EventDetail } | { kind: 'notFound'; message?: string };

/** The event, or "not found" when the server knows no such event in the caller's reach (404, 400, 403, or no data). */
export async function fetchEventDetail(id: string): Promise<DetailAnswer> {
  try {
    const response = await request<Envelope<EventDetail | null>>({ url: `${BASE}/detail/${encodeURIComponent(id)}`, meta: { isSilent: true } });
    const event = response.data.data;
    return event && event.id ? { kind: 'found', event } : { kind: 'notFound' };
  } catch (error) {
    if (error instanceof RequestError && !error.isNetwork && [400, 403, 404].includes(error.code)) return { kind: 'notFound', message: error.message };
    throw error;
  }
}

export type LogGroup = 'assign' | 'process' | 'close' | 'approve';

const LOG_GROUP_PATH: Record<LogGroup, string> = {
  assign: 'listAssignLog',
  process: 'listProcessLog',
  close: 'listCloseLog',
  approve: 'listApproveLog',
};

/** A list answer may be the rows or a page of them. */
function rowsOf<T>(data: T[] | { records?: T[] } | null | undefined): T[] {
  if (Array.isArray(data)) return data;
  return data?.records ?? [];
}

/** One group of the event's log (§B: assign = 派单, process = 承办, close = 办结, approve = 复核). */
export async function fetchLogGroup(eventId: string, group: LogGroup): Promise<EventLog[]> {
  const response = await request<Envelope<EventLog[] | { records?: EventLog[] }>>({ url: `${BASE}/${LOG_GROUP_PATH[group]}`, params: { eventId } });
  return rowsOf(response.data.data);
}

/** The AI-annotated photos of the event's photos (a camera alarm's). None when the AI service has none. */
export async function fetchAiPhotos(eventId: string): Promise<AiPhoto[]> {
  const response = await request<Envelope<AiPhoto[] | { records?: AiPhoto[] }>>({
    url: '/v2/inspect/aiPhoto/aiPhoto/list',
    method: 'POST',
    data: { eventId },
    meta: { isSilent: true },
  });
  return rowsOf(response.data.data);
}
