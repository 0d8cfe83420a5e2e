/** The shell's rules that need no browser: tabs, top-menu strip, screen classes, badge, themes, error log, paginator, user picker, banners. */
import { describe, expect, it } from 'vitest';
import { pageAfterSizeChange, pagerCount, PAGE_SIZES, DEFAULT_PAGE_SIZE, USER_PICKER_PAGE_SIZE } from '../../../src/web/components/paginatorRules';
import { canConfirm, toggleSelection, userPageParams } from '../../../src/web/components/UserPicker/userPickerRules';
import { addErrorLogEntry, errorLogEntry, formatTime, MAX_ERROR_LOG } from '../../../src/web/shell/errorLog';
import { badgeText, hidesSideMenu, screenClass, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH, UNREAD_REFRESH_MS, LOCK_DELAY_MS } from '../../../src/web/shell/screen';
import { closeAllTabs, closeOtherTabs, closeTab, initialTabs, isClosable, openTab, tabUrl, type Tab } from '../../../src/web/shell/tabRules';
import { bannerOf } from '../../../src/web/shell/tenantBanner';
import { isLightColor, resolveTheme, THEME_NAMES, withAlpha } from '../../../src/web/shell/themes';
import {
  HOME_TOP_MENU_ID,
  overflowCount,
  overflowStrip,
  pagedStrip,
  pageOf,
  stripMode,
  topMenuItems,
  TOP_MENU_PAGED_WIDTH,
} from '../../../src/web/shell/topMenuLayout';

const tab = (path: string, search = ''): Tab => ({ path, search, label: path });
const home = tab('/wel/index');

describe('tabs', () => {
  it('one tab per path; opening again refreshes its query', () => {
    let tabs = openTab([home], tab('/system/user'));
    tabs = openTab(tabs, tab('/system/param'));
    tabs = openTab(tabs, tab('/system/user', '?id=1'));
    expect(tabs.map(tabUrl)).toEqual(['/wel/index', '/system/user?id=1', '/system/param']);
  });

  it('the last tab cannot be closed, so neither can a lone welcome tab', () => {
    expect(isClosable([home])).toBe(false);
    expect(closeTab([home], '/wel/index', '/wel/index')).toEqual({ tabs: [home] });
    expect(isClosable([home, tab('/a')])).toBe(true);
  });

  it('closing the active tab moves to its left neighbour, closing another stays', () => {
    const tabs = [home, tab('/a'), tab('/b')];
    expect(closeTab(tabs, '/b', '/b')).toEqual({ tabs: [home, tab('/a')], next: tab('/a') });
    expect(closeTab(tabs, '/a', '/b')).toEqual({ tabs: [home, tab('/b')] });
    expect(closeTab(tabs, '/wel/index', '/wel/index')).toEqual({ tabs: [tab('/a'), tab('/b')], next: tab('/a') });
    expect(closeTab(tabs, '/missing', '/b')).toEqual({ tabs });
  });

  it('close others keeps the home tab and the active one; close all leaves the home tab', () => {
    const tabs = [home, tab('/a'), tab('/b'), tab('/c')];
    expect(closeOtherTabs(tabs, '/b', home).map((item) => item.path)).toEqual(['/wel/index', '/b']);
    expect(closeOtherTabs([tab('/a'), tab('/b')], '/b', home).map((item) => item.path)).toEqual(['/wel/index', '/b']);
    expect(closeAllTabs(tabs, home)).toEqual([home]);
    expect(closeAllTabs([tab('/a')], home)).toEqual([home]);
  });

  it('a session starts with the home tab; stored rubbish is ignored', () => {
    expect(initialTabs(undefined, home)).toEqual([home]);
    expect(initialTabs([{ path: 'bad' } as Tab], home)).toEqual([home]);
    expect(initialTabs([tab('/a')], home)).toEqual([tab('/a')]);
  });
});

describe('top-menu strip', () => {
  const server = [1, 2, 3, 4].map((n) => ({ id: String(n), name: `菜单${n}` }));

  it('puts the workbench home item first unless the tenant is special', () => {
    expect(topMenuItems(server, true).map((item) => item.id)).toEqual([HOME_TOP_MENU_ID, '1', '2', '3', '4']);
    expect(topMenuItems(server, true)[0].name).toBe('工作台');
    expect(topMenuItems(server, false).map((item) => item.id)).toEqual(['1', '2', '3', '4']);
  });

  it('pages three items at a time with arrows', () => {
    const items = topMenuItems(server, true);
    expect(pagedStrip(items, 0)).toMatchObject({ page: 0, pageCount: 2, hasPrevious: false, hasNext: true });
    expect(pagedStrip(items, 0).visible.map((item) => item.id)).toEqual([HOME_TOP_MENU_ID, '1', '2']);
    expect(pagedStrip(items, 1).visible.map((item) => item.id)).toEqual(['3', '4']);
    expect(pagedStrip(items, 9)).toMatchObject({ page: 1, hasNext: false, hasPrevious: true });
    expect(pagedStrip([], 0)).toMatchObject({ pageCount: 1, visible: [] });
    expect(pageOf(4)).toBe(1);
    expect(pageOf(-1)).toBe(0);
  });

  it('overflow shows (width − 182) / 170 items and the rest under more', () => {
    expect(overflowCount(182)).toBe(0);
    expect(overflowCount(351)).toBe(0);
    expect(overflowCount(352)).toBe(1);
    expect(overflowCount(1040)).toBe(5);
    expect(overflowCount(100)).toBe(0);
    const items = topMenuItems(server, true);
    expect(overflowStrip(items, 600)).toEqual({ visible: items.slice(0, 2), more: items.slice(2) });
    expect(overflowStrip(items, 2000)).toEqual({ visible: items, more: [] });
  });

  it('is paged when a whole page of 150 px items and the arrows fit', () => {
    expect(TOP_MENU_PAGED_WIDTH).toBe(3 * 150 + 56);
    expect(stripMode(TOP_MENU_PAGED_WIDTH)).toBe('paged');
    expect(stripMode(TOP_MENU_PAGED_WIDTH - 1)).toBe('overflow');
  });
});

describe('layout numbers', () => {
  it('screen classes: ≥1200 → 3, ≥992 → 2, ≥768 → 1, else 0', () => {
    expect([1920, 1200, 1199, 992, 991, 768, 767, 320].map(screenClass)).toEqual([3, 3, 2, 2, 1, 1, 0, 0]);
  });

  it('side bar 208 / 60 px (wider than the spec’s 124 so labels are not cut), unread refresh 600000 ms, lock delay 100 ms', () => {
    expect([SIDEBAR_WIDTH, SIDEBAR_COLLAPSED_WIDTH, UNREAD_REFRESH_MS, LOCK_DELAY_MS]).toEqual([208, 60, 600000, 100]);
  });

  it('the bell badge caps at 99', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(-3)).toBe('');
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('the side menu is hidden on wel, statistics, message and one-picture pages', () => {
    for (const path of ['/wel/index', '/wel/dashboard', '/statistics/index', '/message/index', '/message', '/one-picture/index'])
      expect(hidesSideMenu(path), path).toBe(true);
    for (const path of ['/welcome', '/system/user', '/messages', '/info/index']) expect(hidesSideMenu(path), path).toBe(false);
  });

  it('the three special tenants have their own banner', () => {
    expect(['316979', '003189', '173509', '100001', undefined].map(bannerOf)).toEqual(['reservoir', 'matrix', 'river', 'default', 'default']);
  });
});

describe('themes', () => {
  it('has the eleven themes, each with its own side menu colours and token set', () => {
    expect(THEME_NAMES).toEqual(['default', 'white', 'dark', 'star', 'smart', 'iview', 'vip', 'cool', 'd2', 'hey', 'lte']);
    const themes = THEME_NAMES.map((name) => resolveTheme(name, '#409EFF'));
    const sides = new Set(themes.map((theme) => theme.cssVars['--shell-side-bg']));
    expect(sides.size).toBe(11);
    const tokenSets = new Set(themes.map((theme) => JSON.stringify(theme.antd)));
    expect(tokenSets.size).toBe(11);
  });

  it('carries the chosen accent into antd and the shell', () => {
    const theme = resolveTheme('default', '#11A983');
    expect(theme.antd.token?.colorPrimary).toBe('#11A983');
    expect(theme.cssVars['--shell-accent']).toBe('#11A983');
    expect(theme.cssVars['--shell-side-selected-bg']).toBe('#11A983');
    expect(resolveTheme('white', '#11A983').cssVars['--shell-side-selected-bg']).toBe(withAlpha('#11A983', 0.12));
  });

  it('marks the active top menu in the bar colour on dark bars, in the accent on light ones', () => {
    expect(isLightColor('#ffffff')).toBe(true);
    expect(isLightColor('#303133')).toBe(false);
    expect(resolveTheme('lte', '#409EFF').cssVars['--shell-top-active']).toBe('#ffffff');
    expect(resolveTheme('default', '#409EFF').cssVars['--shell-top-active']).toBe('#409EFF');
  });
});

describe('local error log', () => {
  it('records type, message, stack, info, url and time', () => {
    const error = new Error('boom');
    const entry = errorLogEntry('error', error, { url: 'http://x/system/user', info: 'a.js:1:2', now: new Date(2024, 0, 2, 3, 4, 5) });
    expect(entry).toEqual({ type: 'error', message: 'boom', stack: error.stack, info: 'a.js:1:2', url: 'http://x/system/user', time: '2024-01-02 03:04:05' });
    expect(errorLogEntry('unhandledrejection', 'plain', { url: '' })).toMatchObject({ message: 'plain', stack: '' });
    expect(errorLogEntry('unhandledrejection', { code: 1 }, { url: '' }).message).toBe('{"code":1}');
    expect(formatTime(new Date(2023, 1, 28, 9, 0, 0))).toBe('2023-02-28 09:00:00');
  });

  it('keeps the newest first and at most MAX_ERROR_LOG entries', () => {
    let entries = [errorLogEntry('error', 'first', { url: '' })];
    entries = addErrorLogEntry(entries, errorLogEntry('error', 'second', { url: '' }));
    expect(entries.map((entry) => entry.message)).toEqual(['second', 'first']);
    for (let i = 0; i < MAX_ERROR_LOG + 5; i += 1) entries = addErrorLogEntry(entries, errorLogEntry('error', String(i), { url: '' }));
    expect(entries).toHaveLength(MAX_ERROR_LOG);
    expect(entries[0].message).toBe(String(MAX_ERROR_LOG + 4));
  });
});

describe('paginator', () => {
  it('sizes 10/20/30/50 with 20 by default; 5 pager buttons under 992 px, else 7', () => {
    expect(PAGE_SIZES).toEqual([10, 20, 30, 50]);
    expect(DEFAULT_PAGE_SIZE).toBe(20);
    expect(pagerCount(991)).toBe(5);
    expect(pagerCount(992)).toBe(7);
  });

  it('keeps the page after a size change when it still exists', () => {
    expect(pageAfterSizeChange(3, 100, 20)).toBe(3);
    expect(pageAfterSizeChange(9, 100, 50)).toBe(2);
    expect(pageAfterSizeChange(1, 0, 20)).toBe(1);
  });
});

describe('user picker', () => {
  it('pages by 10 and sends only the filters that are filled in', () => {
    expect(USER_PICKER_PAGE_SIZE).toBe(10);
    expect(userPageParams(2, { name: ' 林 ', dept: '', post: undefined })).toEqual({ current: 2, size: 10, realName: '林' });
    expect(userPageParams(1, { name: 'a', dept: 'b', post: 'c' })).toEqual({ current: 1, size: 10, realName: 'a', deptName: 'b', postName: 'c' });
  });

  it('single mode keeps one row, multi mode toggles; confirming needs a row', () => {
    expect(toggleSelection(['1'], '2', false)).toEqual(['2']);
    expect(toggleSelection(['2'], '2', false)).toEqual([]);
    expect(toggleSelection(['1'], '2', true)).toEqual(['1', '2']);
    expect(toggleSelection(['1', '2'], '1', true)).toEqual(['2']);
    expect(canConfirm([])).toBe(false);
    expect(canConfirm([{ id: '1' }])).toBe(true);
  });
});
