/**
 * The console's one request instance: the request layer wired to the
 * session (token, tenant, language), the error popup and the 401 logout.
 * Headless: the shell registers how an error is shown (antd's message).
 */
import i18next from 'i18next';
import { website } from '../config/website';
import { createRequest } from './request';
import { getToken } from './storage';

let onUnauthorized: () => void = () => {};
let presentError: (text: string) => void = () => {};

/** The shell registers how a request error is shown to the user. */
export function setErrorPresenter(present: (text: string) => void): void {
  presentError = present;
}

/** The session store registers what a 401 does (log out, go to /login). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export const request = createRequest({
  clientId: website.clientId,
  clientSecret: website.clientSecret,
  getToken: () => getToken() ?? undefined,
  getLanguage: () => (i18next.language === 'en' ? 'en' : 'zh'),
  showError: (text: string) => presentError(text),
  onUnauthorized: () => onUnauthorized(),
});
