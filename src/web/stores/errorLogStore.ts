/**
 * The local error log (platform-core §2, §8): uncaught errors, unhandled
 * rejections and React render errors, kept in local storage under logsList,
 * shown in a full-screen dialog, uploaded to the server or cleared.
 */
import { makeAutoObservable } from 'mobx';
import { getStore, removeStore, setStore } from '../api/storage';
import { addErrorLogEntry, errorLogEntry, type ErrorLogEntry, type ErrorLogType } from '../shell/errorLog';

const STORE_NAME = 'logsList';

export class ErrorLogStore {
  entries: ErrorLogEntry[];
  private isInstalled = false;

  constructor() {
    const stored = getStore<ErrorLogEntry[]>({ name: STORE_NAME });
    this.entries = Array.isArray(stored) ? stored : [];
    makeAutoObservable<ErrorLogStore, 'isInstalled'>(this, { isInstalled: false });
  }

  get count(): number {
    return this.entries.length;
  }

  add(type: ErrorLogType, reason: unknown, info = ''): void {
    const url = typeof window === 'undefined' ? '' : window.location.href;
    this.entries = addErrorLogEntry(this.entries, errorLogEntry(type, reason, { url, info }));
    setStore({ name: STORE_NAME, content: this.entries });
  }

  clear(): void {
    this.entries = [];
    removeStore({ name: STORE_NAME });
  }

  /** Listens for uncaught errors and unhandled rejections once per page. */
  install(target: Window): void {
    if (this.isInstalled) return;
    this.isInstalled = true;
    target.addEventListener('error', (event: ErrorEvent) => {
      // Resource load failures (img, script) have no error object and no message worth keeping.
      if (!event.error && !event.message) return;
      this.add('error', event.error ?? event.message, event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : '');
    });
    target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
      this.add('unhandledrejection', event.reason);
    });
  }
}

export const errorLogStore = new ErrorLogStore();
