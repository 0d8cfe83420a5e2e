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
function claimsOf(token: string | undefined): { tenant_id?: unknown; user_id?: unknown } {
  try {
    const payload = atob((token?.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(payload, (char) => char.charCodeAt(0)))) as { tenant_id?: unknown; user_id?: unknown };
  } catch {
    return {};
  }
}

/** A big screen's access: its token, read anew for every call (the screen renews it). */
export function screenAccess(token: () => string | undefined): ChatAccess {
  // The screen token names the user who opened the screen (server/screens/screenTokens.ts): their lists are shown.
  const claims = claimsOf(token());
  return { credentials: { token, language }, owner: `${String(claims.tenant_id ?? '')}:${String(claims.user_id ?? '')}` };
}
