/**
 * The big screens' request layer: GETs with the window's screen token (screenSession.ts), renewed a few
 * minutes before it expires (POST /api/blade-screen/token/renew, the server bounds renewals to 12 hours).
 * A 401 ends the screen session (the frame then shows the "open it from the console" page). Errors never
 * pop up on a wall display: the caller (useScreenData) keeps the last numbers.
 */
import i18next from 'i18next';
import { createRequest, type ParamValue } from '../api/request';
import { endScreenSession, screenToken, storeScreenToken } from './screenSession';

const RENEW_BEFORE_MS = 5 * 60 * 1000;

const request = createRequest({
  getToken: () => screenToken()?.token,
  getLanguage: () => (i18next.language === 'en' ? 'en' : 'zh'),
  onUnauthorized: () => endScreenSession(),
});

let renewing: Promise<void> | undefined;

async function renew(): Promise<void> {
  const answer = await request<{ data: { token: string } }>({ url: '/blade-screen/token/renew', method: 'POST', meta: { isSilent: true } });
  storeScreenToken(answer.data.data.token);
}

/** Renews the token once (shared by concurrent calls) when it is about to expire. */
async function freshToken(): Promise<void> {
  const current = screenToken();
  if (!current) {
    endScreenSession();
    return;
  }
  if (current.expiresAt - Date.now() > RENEW_BEFORE_MS) return;
  renewing ??= renew().finally(() => (renewing = undefined));
  await renewing;
}

export const screenApi = {
  /** GET of an envelope endpoint; resolves with its `data`. */
  async get<T>(url: string, params?: Record<string, ParamValue>): Promise<T> {
    await freshToken();
    const answer = await request<{ data: T }>({ url, params, meta: { isSilent: true } });
    return answer.data.data;
  },
};
