/**
 * Who is chatting and with what token: the console's session (the pet) or a big screen's token (the screens'
 * icons). The owner names the user's local history lists (chatHistory.ts).
 */
import i18next from 'i18next';
import { getToken } from '../api/storage';
import { sessionStore } from '../stores/sessionStore';
import type { ChatCredentials } from './chatApi';

export interface ChatAccess {
  credentials: ChatCredentials;
  owner: string;
}

const language = (): 'zh' | 'en' => (i18next.language === 'en' ? 'en' : 'zh');

export function consoleAccess(): ChatAccess {
  const user = sessionStore.userInfo;
  return { credentials: { token: () => getToken() ?? undefined, language }, owner: `${user?.tenant_id ?? ''}:${user?.user_id ?? ''}` };
}

/** The claims of a token, read without checking it (the server does): only to name the local history's owner. */
function claimsOf(token: string | undefined): Record<string, unknown> {
  try {
    const payload = token?.split('.')[1] ?? '';
    return JSON.parse(decodeURIComponent(escape(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))))) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** A big screen's access: its token, read anew for every call (the screen renews it). */
export function screenAccess(token: () => string | undefined): ChatAccess {
  const claims = claimsOf(token());
  const tenant = claims.tenant_id ?? claims.tenantId ?? '';
  const user = claims.user_id ?? claims.userId ?? claims.sub ?? '';
  return { credentials: { token, language }, owner: `${String(tenant)}:${String(user)}` };
}
