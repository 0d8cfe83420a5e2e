/**
 * The console's calls to the inbox (notices contract §1, /api/v1/inspect/notice):
 * every call touches only the signed-in user's own messages.
 */
import type { Envelope } from '../../../shared/envelope';
import { request } from '../../api/http';

export type NoticeKind = 'business' | 'announcement';

/** The announcement an announcement message carries live in its detail (null once the announcement was removed). */
export interface NoticeAnnouncement {
  id: string;
  title: string;
  category: string | number | null;
  releaseTime: string | null;
  content: string | null;
}

export interface NoticeMessage {
  id: string;
  kind: NoticeKind;
  title: string;
  content?: string | null;
  orderType: number | string | null;
  businessId: string | null;
  readStatus: number | string;
  readTime?: string | null;
  createTime: string;
  announcement?: NoticeAnnouncement | null;
}

export interface NoticePage {
  records: NoticeMessage[];
  total: number;
  current: number;
  size: number;
}

export interface NoticeQuery {
  kind: NoticeKind;
  /** 0 unread, 1 read; absent for every message. */
  readStatus?: 0 | 1;
  current: number;
  size: number;
}

const BASE = '/v1/inspect/notice';

export function isUnread(message: Pick<NoticeMessage, 'readStatus'>): boolean {
  return Number(message.readStatus) === 0;
}

export async function fetchNotices(query: NoticeQuery): Promise<NoticePage> {
  const params: Record<string, string | number> = { kind: query.kind, current: query.current, size: query.size };
  if (query.readStatus !== undefined) params.readStatus = query.readStatus;
  const page = (await request<Envelope<NoticePage>>({ url: `${BASE}/list`, params })).data.data;
  return {
    records: page?.records ?? [],
    total: Number(page?.total ?? 0),
    current: Number(page?.current ?? query.current),
    size: Number(page?.size ?? query.size),
  };
}

/** The message (marked read by the server as it answers). */
export async function fetchNotice(id: string): Promise<NoticeMessage> {
  return (await request<Envelope<NoticeMessage>>({ url: `${BASE}/detail/${encodeURIComponent(id)}`, meta: { isSilent: true } })).data.data;
}

async function post(path: string, params: Record<string, string>): Promise<number> {
  const data = (await request<Envelope<unknown>>({ url: `${BASE}/${path}`, method: 'POST', params })).data.data;
  return Number(data ?? 0) || 0;
}

export const readNotices = (ids: readonly string[]) => post('read', { ids: ids.join(',') });
export const readAllNotices = (kind: NoticeKind) => post('readAll', { kind });
export const removeNotices = (ids: readonly string[]) => post('remove', { ids: ids.join(',') });
/** Removes the caller's read messages of the kind; unread ones stay. */
export const removeReadNotices = (kind: NoticeKind) => post('removeAll', { kind });
