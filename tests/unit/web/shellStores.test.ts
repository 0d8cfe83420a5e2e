/** The settings and error-log stores on in-memory browser storage: what they keep, and what the global listeners record. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from './memoryStorage';

beforeEach(() => {
  vi.resetModules();
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
});

const stored = (name: string) => JSON.parse(localStorage.getItem(`saber-${name}`) ?? 'null')?.content;

describe('settings store', () => {
  it('starts with the default theme and the #409EFF accent, and keeps choices under themeName / colorName / isCollapse', async () => {
    const { SettingsStore } = await import('../../../src/web/stores/settingsStore');
    const settings = new SettingsStore();
    expect([settings.themeName, settings.accentColor, settings.isCollapse]).toEqual(['default', '#409EFF', false]);

    settings.setTheme('lte');
    settings.setAccentColor('#11A983');
    settings.setAccentColor('not a colour');
    settings.toggleCollapse();
    expect([stored('themeName'), stored('colorName'), stored('isCollapse')]).toEqual(['lte', '#11A983', true]);

    const again = new SettingsStore();
    expect([again.themeName, again.accentColor, again.isCollapse]).toEqual(['lte', '#11A983', true]);
  });

  it('ignores a stored theme it does not know', async () => {
    localStorage.setItem('saber-themeName', JSON.stringify({ content: 'neon' }));
    const { SettingsStore } = await import('../../../src/web/stores/settingsStore');
    expect(new SettingsStore().themeName).toBe('default');
  });

  it('follows the width into screen classes and collapses the side menu below 768 px', async () => {
    const { SettingsStore } = await import('../../../src/web/stores/settingsStore');
    const settings = new SettingsStore();
    settings.setWidth(1000);
    expect([settings.screen, settings.isCollapse]).toEqual([2, false]);
    settings.setWidth(700);
    expect([settings.screen, settings.isCollapse]).toEqual([0, true]);
  });
});

describe('error log store', () => {
  function fakeWindow() {
    const target = new EventTarget() as EventTarget & { location: { href: string } };
    target.location = { href: 'http://console/system/user' };
    return target;
  }

  it('records uncaught errors and unhandled rejections once installed, newest first, and keeps them under logsList', async () => {
    const win = fakeWindow();
    vi.stubGlobal('window', win);
    const { ErrorLogStore } = await import('../../../src/web/stores/errorLogStore');
    const store = new ErrorLogStore();
    store.install(win as unknown as Window);
    store.install(win as unknown as Window);

    win.dispatchEvent(Object.assign(new Event('error'), { error: new Error('boom'), message: 'boom', filename: 'app.js', lineno: 3, colno: 9 }));
    win.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('async boom') }));
    // A failed image or script load has neither: not an error of ours.
    win.dispatchEvent(Object.assign(new Event('error'), { error: null, message: '' }));

    expect(store.entries.map((entry) => [entry.type, entry.message, entry.url])).toEqual([
      ['unhandledrejection', 'async boom', 'http://console/system/user'],
      ['error', 'boom', 'http://console/system/user'],
    ]);
    expect(store.entries[1].info).toBe('app.js:3:9');
    expect(stored('logsList')).toHaveLength(2);
    expect(new ErrorLogStore().count).toBe(2);

    store.clear();
    expect(store.count).toBe(0);
    expect(localStorage.getItem('saber-logsList')).toBeNull();
  });
});
