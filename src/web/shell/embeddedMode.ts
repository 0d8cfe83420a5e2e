/**
 * Embedded mode: the console inside a mini-program's web view (/appView).
 * The page is shown without the shell's chrome (top bar, side menu, tabs),
 * because the host app draws its own; a session that ends there goes back to
 * /appView (which asks to reopen from the app), never to the sign-in page the
 * user cannot use inside a web view. The flag lives in sessionStorage, so it
 * ends with the web view and is cleared with the session.
 */
import { getStore, setStore } from '../api/storage';

const EMBEDDED_KEY = 'embedded';

export const APP_VIEW_PATH = '/appView';

/**
 * Also remembered for the page's life: several requests refused at once each end the session, and the
 * first one clears sessionStorage — the later ones must still know they are in a web view.
 */
let isEmbeddedPage = false;

export function isEmbedded(): boolean {
  if (getStore({ name: EMBEDDED_KEY }) === true) isEmbeddedPage = true;
  return isEmbeddedPage;
}

export function startEmbedded(): void {
  isEmbeddedPage = true;
  setStore({ name: EMBEDDED_KEY, content: true, type: 'session' });
}

/** For tests: forget the page-life memory. */
export function resetEmbeddedMemory(): void {
  isEmbeddedPage = false;
}

/** Where a session that has ended goes: /appView (marked expired) in embedded mode, else the tenant's sign-in page. */
export function sessionEndPath(signInPath: string): string {
  return isEmbedded() ? `${APP_VIEW_PATH}?expired=1` : signInPath;
}

/**
 * The console page a web view asks for: a path of this console ("/x/y?z"),
 * never another origin ("//host", "https://…") nor the sign-in pages; else the fallback.
 */
export function embeddedTarget(page: string | null, fallback: string): string {
  if (!page || !/^\/(?![/\\])[^\s\\]*$/.test(page)) return fallback;
  const pathname = page.split(/[?#]/)[0];
  if ([APP_VIEW_PATH, '/login', '/lock'].includes(pathname)) return fallback;
  return page;
}
