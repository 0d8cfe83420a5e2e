/**
 * The screen token of this window (src/server/screens/): taken once from the address fragment
 * (`#screenToken=…`, written by openScreen) into sessionStorage and removed from the address at once, so it is
 * neither bookmarked nor left in history. A reload keeps it (sessionStorage is the window's own); a copied
 * address carries nothing. The state tells the frame whether to show the screen or the "open it from the
 * console" page.
 */
const STORAGE_KEY = 'rsc-screen-token';
const FRAGMENT_KEY = 'screenToken';

export type ScreenSessionState = 'open' | 'none' | 'ended';

interface StoredToken {
  token: string;
  /** Epoch milliseconds, from the token's exp. */
  expiresAt: number;
}

let ended = false;
const listeners = new Set<() => void>();

/** The exp claim of a JWT in milliseconds (read, not verified: the server verifies). */
function expiryOf(token: string): number {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : 0;
  } catch {
    return 0;
  }
}

function readStored(): StoredToken | undefined {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as StoredToken | null;
    return stored && typeof stored.token === 'string' ? stored : undefined;
  } catch {
    return undefined;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function storeScreenToken(token: string): void {
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ token, expiresAt: expiryOf(token) } satisfies StoredToken));
  ended = false;
  notify();
}

/** Moves a token from the address fragment into this window's storage and takes it out of the address. */
export function takeScreenTokenFromAddress(): void {
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const token = fragment.get(FRAGMENT_KEY);
  if (!token) return;
  fragment.delete(FRAGMENT_KEY);
  const rest = fragment.toString();
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${rest ? `#${rest}` : ''}`);
  storeScreenToken(token);
}

export function screenToken(): StoredToken | undefined {
  const stored = readStored();
  return stored && stored.expiresAt > Date.now() ? stored : undefined;
}

/** The server refused the token (expired, signed out, menu taken away): the frame shows the cold-open page. */
export function endScreenSession(): void {
  sessionStorage.removeItem(STORAGE_KEY);
  ended = true;
  notify();
}

export function screenSessionState(): ScreenSessionState {
  if (screenToken()) return 'open';
  return ended || readStored() ? 'ended' : 'none';
}

export function subscribeScreenSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
