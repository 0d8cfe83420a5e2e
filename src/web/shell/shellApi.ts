/** The calls the shell makes (platform-core §7): top menus, unread count, cache, local error log upload. */
import type { Envelope } from '../../shared/envelope';
import { request } from '../api/http';
import type { MenuItem } from '../router/menuRoutes';
import type { ErrorLogEntry } from './errorLog';
import type { TopMenu } from './topMenuLayout';

export async function fetchTopMenus(): Promise<TopMenu[]> {
  return (await request<Envelope<TopMenu[]>>({ url: '/blade-system/menu/top-menu' })).data.data ?? [];
}

/** Every route the user's roles grant, whatever top menu is chosen (the route table and the search use it). */
export async function fetchAllRoutes(): Promise<MenuItem[]> {
  return (await request<Envelope<MenuItem[]>>({ url: '/blade-system/menu/routes' })).data.data ?? [];
}

/** The bell's count; polled in the background, so it never pops an error up (the endpoint may be missing). */
export async function fetchUnreadCount(): Promise<number> {
  const body = (await request<Envelope<unknown>>({ url: '/v1/inspect/notice/countUnread', meta: { isSilent: true } })).data.data;
  if (typeof body === 'number') return body;
  if (typeof body === 'string' && /^\d+$/.test(body)) return Number(body);
  if (body && typeof body === 'object') {
    const value = (body as { count?: unknown; total?: unknown }).count ?? (body as { total?: unknown }).total;
    if (typeof value === 'number') return value;
  }
  return 0;
}

export async function clearServerCache(): Promise<void> {
  await request({ url: '/blade-auth/oauth/clear-cache' });
}

/** Sends the local error log; silent, because the endpoint may not exist on every server. */
export async function uploadErrorLog(entries: ErrorLogEntry[]): Promise<void> {
  await request({ url: '/blade-log/error/local', method: 'POST', data: entries, meta: { isSilent: true } });
}
