/** Embedded mode (/appView, the mini-program's web view): which page may open, and where an ended session goes. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from './memoryStorage';
import { embeddedTarget, isEmbedded, resetEmbeddedMemory, sessionEndPath, startEmbedded } from '../../../src/web/shell/embeddedMode';
import { clearStore } from '../../../src/web/api/storage';

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetEmbeddedMemory();
});

describe('the page a web view asks for', () => {
  it('opens a path of this console, with its query', () => {
    expect(embeddedTarget('/statistics/index', '/wel/index')).toBe('/statistics/index');
    expect(embeddedTarget('/inspect/inspectRecord/detail?id=12', '/wel/index')).toBe('/inspect/inspectRecord/detail?id=12');
  });

  it('falls back to the landing page for anything that could leave the console or loop', () => {
    for (const page of [
      null,
      '',
      'statistics',
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/appView',
      '/appView?token=x',
      '/login',
      '/lock',
      '/a b',
    ]) {
      expect(embeddedTarget(page, '/wel/index')).toBe('/wel/index');
    }
  });
});

describe('where an ended session goes', () => {
  it('is the sign-in page outside a web view', () => {
    expect(isEmbedded()).toBe(false);
    expect(sessionEndPath('/login?user=jz')).toBe('/login?user=jz');
  });

  it('is /appView, marked expired, inside one — also for requests refused after the first one cleared the session', () => {
    startEmbedded();
    expect(isEmbedded()).toBe(true);
    expect(sessionEndPath('/login')).toBe('/appView?expired=1');
    clearStore({ type: 'session' });
    expect(sessionEndPath('/login')).toBe('/appView?expired=1');
  });

  it('is known after a reload of the web view from the mark in sessionStorage', () => {
    startEmbedded();
    resetEmbeddedMemory();
    expect(isEmbedded()).toBe(true);
  });
});
