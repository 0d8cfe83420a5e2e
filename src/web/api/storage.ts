/**
 * Saber's keyed browser storage (SA:src/utils/store.js, SA:src/utils/auth.js):
 * values are wrapped as `{dataType, content, type, datetime}` under
 * `saber-<name>`, in sessionStorage when a type is given; the token pair also
 * lives in host-only cookies (platform-core §9).
 *
 * The browser objects are read from globalThis on every call so tests can
 * swap in fakes.
 */
import { website } from '../config/website';

export type StoreType = 'session';

/** The wrapper each value is stored in; `datetime` (epoch ms) dates the token for the refresh checker. */
export interface StoreEntry<T = unknown> {
  dataType: string;
  content: T;
  type?: StoreType;
  datetime: number;
}

export const ACCESS_TOKEN_COOKIE = 'saber3-access-token';
export const REFRESH_TOKEN_COOKIE = 'saber3-refresh-token';

const keyPrefix = `${website.storagePrefix}-`;

function storageOf(type: StoreType | undefined): Storage {
  return type === 'session' ? globalThis.sessionStorage : globalThis.localStorage;
}

export function setStore(params: { name: string; content: unknown; type?: StoreType }): void {
  const entry: StoreEntry = { dataType: typeof params.content, content: params.content, type: params.type, datetime: Date.now() };
  storageOf(params.type).setItem(keyPrefix + params.name, JSON.stringify(entry));
}

/**
 * The stored content (sessionStorage first, like Saber), or the whole entry with `debug`.
 * The type parameter is the caller's promise about what was stored; nothing checks it.
 */
export function getStore<T = unknown>(params: { name: string; debug?: false }): T | undefined;
export function getStore<T = unknown>(params: { name: string; debug: true }): StoreEntry<T> | undefined;
export function getStore<T>(params: { name: string; debug?: boolean }): T | StoreEntry<T> | undefined {
  const key = keyPrefix + params.name;
  const raw = globalThis.sessionStorage.getItem(key) ?? globalThis.localStorage.getItem(key);
  if (raw === null || raw === '') return undefined;
  let entry: StoreEntry<T>;
  try {
    entry = JSON.parse(raw) as StoreEntry<T>;
  } catch {
    // Written by something else than setStore: hand back the raw text as Saber does.
    return raw as T;
  }
  return params.debug ? entry : entry?.content;
}

export function removeStore(params: { name: string; type?: StoreType }): void {
  storageOf(params.type).removeItem(keyPrefix + params.name);
}

/** Removes every `saber-` entry of one storage; other keys of the origin are not ours to delete. */
export function clearStore(params: { type?: StoreType } = {}): void {
  const storage = storageOf(params.type);
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(keyPrefix)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of globalThis.document.cookie.split(';')) {
    const cookie = part.trim();
    if (cookie.startsWith(prefix)) return decodeURIComponent(cookie.slice(prefix.length));
  }
  return undefined;
}

/** Host-only session cookies: no Domain attribute, so each host keeps its own token. */
function writeCookie(name: string, value: string, extra: string[] = []): void {
  const attributes = ['path=/', 'SameSite=Lax', ...extra];
  if (globalThis.location?.protocol === 'https:') attributes.push('Secure');
  globalThis.document.cookie = [`${name}=${encodeURIComponent(value)}`, ...attributes].join('; ');
}

function deleteCookie(name: string): void {
  writeCookie(name, '', ['Max-Age=0']);
}

export const getToken = (): string | undefined => readCookie(ACCESS_TOKEN_COOKIE);
export const setToken = (token: string): void => writeCookie(ACCESS_TOKEN_COOKIE, token);
export const removeToken = (): void => deleteCookie(ACCESS_TOKEN_COOKIE);
export const getRefreshToken = (): string | undefined => readCookie(REFRESH_TOKEN_COOKIE);
export const setRefreshToken = (token: string): void => writeCookie(REFRESH_TOKEN_COOKIE, token);
export const removeRefreshToken = (): void => deleteCookie(REFRESH_TOKEN_COOKIE);
