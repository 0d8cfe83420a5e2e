/** Saber-style keyed storage and the token cookies (platform-core §9), on in-memory fakes of the browser objects. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from './memoryStorage';
import {
  clearStore,
  getRefreshToken,
  getStore,
  getToken,
  removeRefreshToken,
  removeStore,
  removeToken,
  setRefreshToken,
  setStore,
  setToken,
} from '../../../src/web/api/storage';

/** A cookie jar with the browser's `document.cookie` semantics: writes one cookie, reads `a=1; b=2`. */
class FakeDocument {
  readonly writes: string[] = [];
  private jar = new Map<string, string>();
  get cookie() {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  set cookie(text: string) {
    this.writes.push(text);
    const [pair, ...attributes] = text.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    const name = pair.slice(0, at);
    if (attributes.some((attribute) => /^max-age=0$/i.test(attribute))) this.jar.delete(name);
    else this.jar.set(name, pair.slice(at + 1));
  }
}

let local: MemoryStorage;
let session: MemoryStorage;
let fakeDocument: FakeDocument;

beforeEach(() => {
  local = new MemoryStorage();
  session = new MemoryStorage();
  fakeDocument = new FakeDocument();
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', session);
  vi.stubGlobal('document', fakeDocument);
  vi.useFakeTimers();
  vi.setSystemTime(1_700_000_000_000);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('keyed storage', () => {
  it('writes {dataType, content, type, datetime} under saber-<name> in localStorage', () => {
    setStore({ name: 'userInfo', content: { account: 'admin' } });

    expect(JSON.parse(local.getItem('saber-userInfo')!)).toEqual({ dataType: 'object', content: { account: 'admin' }, datetime: 1_700_000_000_000 });
    expect(session.length).toBe(0);
  });

  it('writes to sessionStorage when the type is session', () => {
    setStore({ name: 'isLock', content: true, type: 'session' });

    expect(JSON.parse(session.getItem('saber-isLock')!)).toEqual({ dataType: 'boolean', content: true, type: 'session', datetime: 1_700_000_000_000 });
    expect(local.length).toBe(0);
  });

  it('reads back the content with its type', () => {
    setStore({ name: 'token', content: 'abc' });
    setStore({ name: 'count', content: 3 });
    setStore({ name: 'isLock', content: false, type: 'session' });

    expect(getStore({ name: 'token' })).toBe('abc');
    expect(getStore({ name: 'count' })).toBe(3);
    expect(getStore({ name: 'isLock' })).toBe(false);
    expect(getStore({ name: 'missing' })).toBeUndefined();
  });

  it('returns the whole entry with debug (the refresher reads its datetime)', () => {
    setStore({ name: 'token', content: 'abc' });

    expect(getStore({ name: 'token', debug: true })).toEqual({ dataType: 'string', content: 'abc', datetime: 1_700_000_000_000 });
  });

  it('prefers sessionStorage over localStorage, like Saber', () => {
    setStore({ name: 'menu', content: 'local' });
    setStore({ name: 'menu', content: 'session', type: 'session' });

    expect(getStore({ name: 'menu' })).toBe('session');
  });

  it('hands back text that is not a stored entry as it is', () => {
    local.setItem('saber-legacy', 'plain text');

    expect(getStore({ name: 'legacy' })).toBe('plain text');
  });

  it('removes one entry from the storage its type names', () => {
    setStore({ name: 'isLock', content: true, type: 'session' });
    setStore({ name: 'isLock', content: true });

    removeStore({ name: 'isLock', type: 'session' });

    expect(session.getItem('saber-isLock')).toBeNull();
    expect(local.getItem('saber-isLock')).not.toBeNull();
  });

  it('clears the saber- entries of one storage and leaves other keys alone', () => {
    setStore({ name: 'token', content: 'a' });
    setStore({ name: 'menu', content: [] });
    setStore({ name: 'permission', content: {}, type: 'session' });
    local.setItem('other-app', 'keep');

    clearStore({});

    expect(local.getItem('saber-token')).toBeNull();
    expect(local.getItem('saber-menu')).toBeNull();
    expect(local.getItem('other-app')).toBe('keep');
    expect(session.getItem('saber-permission')).not.toBeNull();

    clearStore({ type: 'session' });
    expect(session.length).toBe(0);
  });
});

describe('token cookies', () => {
  it('sets, reads and removes the access and refresh token cookies', () => {
    setToken('access.jwt');
    setRefreshToken('refresh.jwt');

    expect(getToken()).toBe('access.jwt');
    expect(getRefreshToken()).toBe('refresh.jwt');
    expect(fakeDocument.cookie).toContain('saber3-access-token=access.jwt');
    expect(fakeDocument.cookie).toContain('saber3-refresh-token=refresh.jwt');

    removeToken();
    expect(getToken()).toBeUndefined();
    expect(getRefreshToken()).toBe('refresh.jwt');
    removeRefreshToken();
    expect(getRefreshToken()).toBeUndefined();
  });

  it('writes host-only cookies on path / with SameSite=Lax', () => {
    setToken('t');

    expect(fakeDocument.writes[0]).toBe('saber3-access-token=t; path=/; SameSite=Lax');
    expect(fakeDocument.writes[0]).not.toMatch(/domain=/i);
  });

  it('adds Secure on https pages', () => {
    vi.stubGlobal('location', { protocol: 'https:' });

    setToken('t');

    expect(fakeDocument.writes[0]).toBe('saber3-access-token=t; path=/; SameSite=Lax; Secure');
  });

  it('encodes values that cookies cannot hold raw', () => {
    setToken('a;b =c');

    expect(fakeDocument.writes[0]).toMatch(/^saber3-access-token=a%3Bb%20%3Dc;/);
    expect(getToken()).toBe('a;b =c');
  });

  it('does not mistake a cookie whose name merely ends the same way', () => {
    fakeDocument.cookie = 'old-saber3-access-token=x';

    expect(getToken()).toBeUndefined();
  });
});
