/**
 * The shell in a real browser against the built console and a real server:
 * lock and unlock, the tab rules, menu search, language, the error log,
 * themes, the top menu, the bell, map and role rules, personal info.
 * Screenshots of every shell state land in test-results/screenshots/shell-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../api/testServer.js';
import { type BrowserSuite, newDesktopPage, openedDialog, screenshot, signIn as signInAt, startBrowserSuite } from './browser.js';

let t: TestServer;
let browser: Browser;
let suite: BrowserSuite | undefined;
beforeAll(async () => {
  suite = await startBrowserSuite({ environment: 'pre' });
  ({ server: t, browser } = suite);
});
afterAll(() => suite?.close());

let lastPage: Page | undefined;
async function newPage(width = 1440): Promise<Page> {
  lastPage = await newDesktopPage(browser, { width });
  return lastPage;
}

// A failed test leaves a picture of where the page was.
afterEach(async (context) => {
  if (context.task.result?.state === 'fail' && lastPage && !lastPage.isClosed()) {
    await screenshot(lastPage, `shell-failed-${context.task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(() => undefined);
    console.log(`failed test "${context.task.name}" left the page at ${lastPage.url()}`);
  }
  await lastPage
    ?.context()
    .close()
    .catch(() => undefined);
  lastPage = undefined;
});

/** Logging out tells the server first and clears the browser after: wait for the token to go. */
async function sessionCleared(page: Page): Promise<void> {
  await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'saber3-access-token' && cookie.value)).toBe(false);
}

async function signIn(page: Page, tenantId = '100001', account = 'admin'): Promise<void> {
  await signInAt(page, t.url, { tenantId, account });
  await page.getByTestId('top-bar').waitFor();
}

/** Opens a page inside the layout and waits until the shell has loaded its menus. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${t.url}${path}`);
  try {
    await page.getByTestId('tab-bar').waitFor({ timeout: 15_000 });
  } catch (error) {
    await screenshot(page, `shell-failed-open-${path.replace(/\W+/g, '-')}`);
    throw new Error(`${path} did not show the layout; the page is at ${page.url()}`, { cause: error });
  }
  await page.locator('.shell-loading').waitFor({ state: 'detached' });
}

const tabLabels = (page: Page) => page.getByTestId('tab').allInnerTexts();
const pathOf = (page: Page) => new URL(page.url()).pathname;

async function confirmDialog(page: Page): Promise<void> {
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s?定|OK/ })
    .click();
}

describe('the shell layout', () => {
  it('shows the logo with the trial tag, the tenant banner, top menus, tools and the side menu', async () => {
    const page = await newPage();
    await signIn(page);
    await open(page, '/system/param');
    await expect.poll(() => page.getByTestId('trial-tag').innerText()).toBe('试用版');
    expect(await page.getByTestId('tenant-banner').innerText()).toBe('小型水库安全运行监管');
    // The home item labelled workbench comes first; 1440 px fits one page of three with arrows.
    await expect.poll(() => page.getByTestId('top-menu-item').count()).toBe(3);
    expect(await page.getByTestId('top-menu-item').first().getAttribute('data-home')).toBe('true');
    expect(await page.getByTestId('top-menu-item').first().innerText()).toBe('工作台');
    expect(await page.getByTestId('top-menu-next').isEnabled()).toBe(true);
    const sideWidth = await page.getByTestId('side-bar').evaluate((element) => element.getBoundingClientRect().width);
    expect(sideWidth).toBe(208);
    await screenshot(page, 'shell-default');

    await page.getByTestId('collapse-toggle').click();
    await expect.poll(() => page.getByTestId('side-bar').evaluate((element) => element.getBoundingClientRect().width)).toBe(60);
    await page.mouse.move(700, 500);
    await screenshot(page, 'shell-collapsed');
    await page.context().close();
  });

  it('hides the side menu on the workbench, and a special tenant has no home item', async () => {
    const page = await newPage();
    await signIn(page, '316979');
    await open(page, '/wel/index');
    expect(await page.getByTestId('side-bar').count()).toBe(0);
    expect(await page.getByTestId('tenant-banner').innerText()).toBe('水库版');
    await expect.poll(() => page.getByTestId('top-menu-item').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-testid=top-menu-item][data-home]').count()).toBe(0);
    await page.context().close();
  });

  it('narrow screens put the top menus that do not fit under "more": (width − 182) / 170', async () => {
    const page = await newPage(1100);
    await signIn(page);
    await open(page, '/system/param');
    const stripWidth = await page.getByTestId('top-menu').evaluate((element) => element.getBoundingClientRect().width);
    const expected = Math.max(0, Math.floor((stripWidth - 182) / 170));
    await expect.poll(() => page.getByTestId('top-menu-item').count()).toBe(expected);
    await page.getByTestId('top-menu-more').hover();
    await page.locator('.ant-dropdown-menu-item').first().waitFor();
    expect(await page.locator('.ant-dropdown-menu-item').count()).toBe(5 - expected);
    await screenshot(page, 'shell-narrow');
    await page.context().close();
  });

  it('clicking a top menu reloads the routes with ?topMenuId and opens its first page', async () => {
    const page = await newPage();
    await signIn(page);
    await open(page, '/wel/index');
    await page.getByTestId('top-menu-next').click();
    const routes = page.waitForRequest((request) => /\/menu\/routes\?topMenuId=\d+/.test(request.url()));
    await page.getByTestId('top-menu-item').filter({ hasText: '系统管理' }).click();
    await routes;
    // Its first page: the top menu holds 流程管理 (sort 80) before 系统管理 (sort 90).
    await page.waitForURL((url) => url.pathname === '/workflow/design/model');
    await page.getByTestId('side-menu').waitFor();
    const labels = await page.getByTestId('side-menu').locator(':scope > li').allInnerTexts();
    expect(labels.join('|')).toContain('系统管理');
    expect(labels.join('|')).not.toContain('巡查管理');
    await page.context().close();
  });
});

describe('lock screen', () => {
  it('needs a lock password, locks after the delay, keeps every route on /lock, and unlocks with the password', async () => {
    const page = await newPage();
    await signIn(page);
    await open(page, '/system/param');
    await page.getByTestId('tool-lock').click();
    const dialog = await openedDialog(page);
    await dialog.getByRole('button', { name: /锁\s?屏/ }).click();
    await dialog.getByText('锁屏密码不能为空').waitFor();
    expect(await dialog.getByPlaceholder('请输入锁屏密码').count()).toBe(1);
    await screenshot(page, 'shell-lock-dialog');
    await dialog.getByPlaceholder('请输入锁屏密码').fill('s3cret');
    await dialog.getByRole('button', { name: /锁\s?屏/ }).click();
    await page.waitForURL('**/lock');
    await page.getByTestId('lock-page').waitFor();
    await screenshot(page, 'shell-lock');

    // Guard step 2: a locked session goes to /lock wherever it navigates, also after a reload.
    await page.goto(`${t.url}/system/param`);
    await page.waitForURL('**/lock');

    await page.getByTestId('unlock-password').fill('wrong');
    await page.getByTestId('unlock-submit').click();
    await page.getByText('解锁密码错误,请重新输入').waitFor();
    await page.getByTestId('unlock-password').fill('s3cret');
    await page.getByTestId('unlock-submit').click();
    await page.waitForURL('**/system/param');
    expect(pathOf(page)).toBe('/system/param');
    await page.context().close();
  });

  it('signs out from the lock page', async () => {
    const page = await newPage();
    await signIn(page);
    await open(page, '/wel/index');
    await page.getByTestId('tool-lock').click();
    const dialog = await openedDialog(page);
    await dialog.getByPlaceholder('请输入锁屏密码').fill('x');
    await dialog.getByRole('button', { name: /锁\s?屏/ }).click();
    await page.getByTestId('lock-page').waitFor();
    await page.getByTestId('lock-logout').click();
    await confirmDialog(page);
    await page.waitForURL((url) => url.pathname === '/login');
    await sessionCleared(page);
    await page.goto(`${t.url}/wel/index`);
    await page.waitForURL('**/login');
    await page.context().close();
  });
});

/**
 * Right-clicks a tab and chooses an item of its context menu. The menu closes when anything scrolls or resizes the
 * window (a page still loading, the assistant's pet arriving): under load it has closed before the click, so the
 * menu is opened again, at most three times.
 */
async function chooseFromTabMenu(page: Page, tab: string, item: string): Promise<void> {
  // Under a loaded machine the menu has closed again before the click (a late scroll, the tab still fading in): the
  // menu is opened afresh, after the pointer has settled on the tab, until the item is clicked.
  for (let attempt = 1; ; attempt++) {
    const target = page.getByTestId('tab').filter({ hasText: tab });
    await target.hover();
    await target.click({ button: 'right' });
    try {
      await page.getByRole('menuitem', { name: item }).click({ timeout: 5000 });
      return;
    } catch (error) {
      if (attempt === 5) throw error;
      await page.keyboard.press('Escape');
      await page.waitForTimeout(500);
    }
  }
}

describe('tabs', () => {
  it('opens a tab per page; close others, close all, the last tab cannot be closed', async () => {
    const page = await newPage();
    await signIn(page);
    await open(page, '/wel/index');
    expect(await tabLabels(page)).toEqual(['首页']);
    expect(await page.locator('.shell-tabs .ant-tabs-tab-remove').count()).toBe(0);

    await open(page, '/system/param');
    await open(page, '/system/user');
    await expect.poll(() => tabLabels(page)).toEqual(['首页', '参数管理', '用户管理']);
    await page.locator('.ant-table-row').first().waitFor();
    await page.waitForTimeout(300); // a new tab fades in
    await screenshot(page, 'shell-tabs');

    // Right-click: close others keeps the home tab and the current one.
    await chooseFromTabMenu(page, '用户管理', '关闭其他');
    await expect.poll(() => tabLabels(page)).toEqual(['首页', '用户管理']);

    // Closing the active tab shows its neighbour.
    await page.locator('.shell-tabs .ant-tabs-tab').filter({ hasText: '用户管理' }).locator('.ant-tabs-tab-remove').click();
    await page.waitForURL('**/wel/index');
    expect(await tabLabels(page)).toEqual(['首页']);
    expect(await page.locator('.shell-tabs .ant-tabs-tab-remove').count()).toBe(0);

    // Close all goes back to the home tab alone.
    await open(page, '/system/param');
    await expect.poll(() => tabLabels(page)).toEqual(['首页', '参数管理']);
    // A context menu closes when the window scrolls; let the page load (and restore its scroll) first.
    await page.locator('.ant-table-row').first().waitFor();
    await chooseFromTabMenu(page, '参数管理', '关闭全部');
    await page.waitForURL('**/wel/index');
    expect(await tabLabels(page)).toEqual(['首页']);
    expect(await page.locator('.shell-tabs .ant-tabs-tab-remove').count()).toBe(0);
    await page.context().close();
  });

  it("restores each route's scroll position when its tab is shown again", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 480 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await signIn(page);
    await open(page, '/system/param');
    await page.locator('.ant-table-row').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 260));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(260);
    await page.getByTestId('tab').filter({ hasText: '首页' }).click();
    await page.waitForURL('**/wel/index');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByTestId('tab').filter({ hasText: '参数管理' }).click();
    await page.waitForURL('**/system/param');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(260);
    await context.close();
  });

  it('clears the cache after confirming "clear cache?"', async () => {
    const page = await newPage();
    await signIn(page);
    await open(page, '/system/param');
    await page.getByTestId('tab-actions').hover();
    await page.getByRole('menuitem', { name: '清除缓存' }).click();
    await page.locator('.ant-modal-confirm').getByText('清除缓存?').waitFor();
    await confirmDialog(page);
    await page.getByText('清除缓存成功').waitFor();
    await page.context().close();
  });
});

describe('menu search', () => {
  it('finds a leaf menu by the start of its name, ignoring case, opens it, and Esc closes the overlay', async () => {
    const page = await newPage();
    await signIn(page);
    await open(page, '/wel/index');
    await page.getByTestId('tool-search').click();
    const input = page.getByTestId('menu-search-input');
    await input.fill('参数');
    await expect.poll(() => page.getByTestId('menu-search-result').allInnerTexts()).toEqual([expect.stringContaining('参数管理')]);
    await screenshot(page, 'shell-search');
    // Prefix only: the middle of a name does not match; English names match in any case.
    await input.fill('数管理');
    await page.getByText('没有匹配的菜单').waitFor();
    await input.fill('PARAM');
    await expect.poll(() => page.getByTestId('menu-search-result').count()).toBe(1);
    await page.getByTestId('menu-search-result').click();
    await page.waitForURL('**/system/param');
    expect(await page.getByTestId('menu-search').count()).toBe(0);

    await page.getByTestId('tool-search').click();
    await page.getByTestId('menu-search-input').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('menu-search').count()).toBe(0);
    await page.context().close();
  });

  it('the top autocomplete offers the same matches on wide screens', async () => {
    const page = await newPage(1720);
    await signIn(page);
    await open(page, '/wel/index');
    await page.getByTestId('menu-autocomplete').locator('input').fill('用户');
    await page.locator('.ant-select-item-option').filter({ hasText: '用户管理' }).click();
    await page.waitForURL('**/system/user');
    await page.context().close();
  });
});

describe('language', () => {
  it('switching to English changes the shell', async () => {
    const page = await newPage();
    await signIn(page);
    await open(page, '/system/param');
    await page.getByTestId('language-switch').first().hover();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => tabLabels(page)).toEqual(['Home', 'Parameters']);
    expect(await page.getByTestId('tool-lock').getAttribute('aria-label')).toBe('Lock screen');
    expect(await page.getByTestId('top-menu-item').first().innerText()).toBe('Workbench');
    expect(await page.getByTestId('side-menu').innerText()).toContain('System');
    expect(await page.getByTestId('tenant-banner').innerText()).toBe('Small reservoir safety supervision');
    await page.mouse.move(700, 500);
    await page
      .locator('.ant-dropdown')
      .filter({ visible: true })
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await page.waitForTimeout(300);
    await screenshot(page, 'shell-en');
    await page.context().close();
  });
});

describe('error log', () => {
  it('captures an uncaught error and an unhandled rejection, shows them, uploads and clears with confirmations', async () => {
    const page = await newPage();
    await signIn(page);
    await open(page, '/system/param');
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('boom');
      });
    });
    await page.evaluate(() => {
      void Promise.reject(new Error('async boom'));
    });
    await expect.poll(() => page.getByTestId('error-log-badge').innerText()).toBe('2');

    await page.getByTestId('tool-error-log').click();
    const table = page.getByTestId('error-log-table');
    await table.getByText('boom', { exact: true }).waitFor();
    await table.getByText('async boom', { exact: true }).waitFor();
    expect(await table.innerText()).toContain('/system/param');
    await page.waitForTimeout(400); // the dialog's opening animation
    await screenshot(page, 'shell-error-log');

    // A server that does not take the upload: silent (no error popup), and the logs stay.
    await page.route('**/api/blade-log/error/local', (route) =>
      route.fulfill({ status: 404, json: { code: 404, success: false, data: null, msg: '接口不存在' } }),
    );
    await page.getByTestId('error-log-upload').click();
    await page.locator('.ant-modal-confirm').getByText('确定上传本地日志到服务器?').waitFor();
    await confirmDialog(page);
    await page.getByText('服务器暂未接收本地日志，日志仍保留在本地').waitFor();
    expect(await page.locator('.ant-message-error').count()).toBe(0);
    await table.getByText('boom', { exact: true }).waitFor();

    // Our server takes it: 发送成功!, the local log is emptied and the entries are in the server's error log.
    await page.unroute('**/api/blade-log/error/local');
    await page.getByTestId('error-log-upload').click();
    await confirmDialog(page);
    await page.getByText('发送成功!').waitFor();
    await table.getByText('暂无错误日志').waitFor();
    const stored = await t.db.query(`SELECT message, request_uri FROM blade_log_error WHERE tenant_id = '100001' AND message IN ('boom', 'async boom')`);
    expect(stored.rows.map((row) => row.message).sort()).toEqual(['async boom', 'boom']);
    expect(stored.rows[0].request_uri).toContain('/system/param');

    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('again');
      });
    });
    await table.getByText('again', { exact: true }).waitFor();
    await page.getByTestId('error-log-clear').click();
    await page.locator('.ant-modal-confirm').getByText('确定清空本地日志记录?').waitFor();
    await confirmDialog(page);
    await page.getByText('清空成功!').waitFor();
    await table.getByText('暂无错误日志').waitFor();
    await page.context().close();
  });
});

describe('error boundary', () => {
  it('a page that fails to render shows a retry and lands in the error log as a render error', async () => {
    const page = await newPage();
    // A menu whose name is not text makes its page fail to render (hidden from the menu, no tab).
    await page.route('**/api/blade-system/menu/routes**', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.data.push({
        id: '999',
        parentId: '0',
        code: 'broken',
        name: { not: 'text' },
        nameEn: null,
        alias: 'hideMenu',
        path: '/broken/page',
        source: null,
        sort: 999,
        category: 1,
        action: 0,
        isOpen: 1,
        remark: null,
        meta: { isTab: false },
      });
      await route.fulfill({ response, json: body });
    });
    await signIn(page);
    await open(page, '/broken/page');
    await page.getByText('页面出错了').waitFor();
    await expect.poll(() => page.getByTestId('error-log-badge').innerText()).toBe('1');
    await page.getByTestId('tool-error-log').click();
    await page.getByTestId('error-log-table').getByText('页面渲染错误').waitFor();
    await page.context().close();
  });
});

describe('themes', () => {
  const sideColour = (page: Page) =>
    page.getByTestId('side-bar').evaluate((element) => getComputedStyle(element).backgroundImage + getComputedStyle(element).backgroundColor);

  it('each theme repaints the side menu', async () => {
    const page = await newPage();
    await signIn(page);
    await open(page, '/system/param');
    const seen = new Set([await sideColour(page)]);
    for (const theme of ['white', 'dark', 'star', 'vip', 'lte', 'd2']) {
      await page.getByTestId('tool-theme').click();
      if (theme === 'white') await screenshot(page, 'shell-theme-dialog');
      await page.getByTestId(`theme-${theme}`).click();
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('.ant-modal-wrap').filter({ visible: true }).count()).toBe(0);
      // The repaint may land a frame later on a busy machine: wait for it, then check it is new.
      await expect.poll(async () => seen.has(await sideColour(page)), { message: `${theme} paints the side menu like an earlier theme` }).toBe(false);
      const colour = await sideColour(page);
      seen.add(colour);
      await page.mouse.move(700, 500);
      await screenshot(page, `shell-theme-${theme}`);
    }
    // The choice survives a reload.
    await page.reload();
    await page.getByTestId('side-bar').waitFor();
    expect(await page.locator('[data-theme]').first().getAttribute('data-theme')).toBe('d2');
    await page.context().close();
  });
});

describe('bell', () => {
  it('polls the unread count silently, caps the badge at 99, and opens the newest messages', async () => {
    const page = await newPage();
    // A failing count is polled in the background: no popup.
    await page.route('**/api/v1/inspect/notice/countUnread', (route) => route.fulfill({ status: 500, json: { code: 500, success: false, msg: '服务器异常' } }));
    await signIn(page);
    await open(page, '/system/param');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.ant-message-error').count()).toBe(0);

    await page.unroute('**/api/v1/inspect/notice/countUnread');
    await page.route('**/api/v1/inspect/notice/countUnread', (route) => route.fulfill({ json: { code: 200, success: true, data: 150, msg: '' } }));
    await open(page, '/system/param');
    await expect.poll(() => page.getByTestId('unread-badge').innerText()).toBe('99+');
    // The menus must have loaded before a menu route can be resolved.
    await page.waitForLoadState('networkidle');
    await page.getByTestId('tool-bell').click();
    await page.getByTestId('bell-popover').waitFor();
    await page.getByTestId('bell-view-all-business').click();
    await page.waitForURL('**/message/index');
  });
});

describe('menu routes and roles', () => {
  it('unknown paths go to /404; /map goes to the province view for an administrator', async () => {
    const page = await newPage();
    await signIn(page);
    await page.goto(`${t.url}/no/such/page`);
    await page.waitForURL('**/404');
    await open(page, '/map');
    await page.waitForURL('**/map/province');
    expect(await page.getByTestId('tool-sentiment').count()).toBe(1);
    await page.context().close();
  });

  it('farm_admin of a county (6-character region code) gets the county view of public sentiment', async () => {
    const page = await newPage();
    await signIn(page, '100001', 'farm_admin');
    await open(page, '/wel/index');
    await page.getByTestId('tool-sentiment').click();
    await page.waitForURL('**/map/county');
    await page.context().close();
  });

  it('river_chief sees 待签收 as 问题台账 and no public-sentiment shortcut', async () => {
    const page = await newPage();
    await signIn(page, '100001', 'river_chief');
    await open(page, '/event/received/index');
    await expect.poll(() => tabLabels(page)).toContain('问题台账');
    expect(await page.getByTestId('side-menu').innerText()).not.toContain('待签收');
    expect(await page.getByTestId('tool-sentiment').count()).toBe(0);
    await page.context().close();
  });

  it('someone else signing in on the same page gets their own menus and tabs', async () => {
    const page = await newPage();
    await signIn(page);
    await open(page, '/system/param');
    await expect.poll(() => tabLabels(page)).toEqual(['首页', '参数管理']);
    await signIn(page, '100001', 'river_chief');
    await open(page, '/event/received/index');
    await expect.poll(() => tabLabels(page)).toEqual(['首页', '问题台账']);
    expect(await page.getByTestId('side-menu').innerText()).not.toContain('系统管理');
    await page.context().close();
  });

  it('the root path needs a session', async () => {
    const page = await newPage();
    await page.goto(`${t.url}/`);
    await page.waitForURL('**/login');
    await page.context().close();
  });
});

describe('personal info', () => {
  it('shows the profile and checks the password fields on blur', async () => {
    const page = await newPage();
    await signIn(page);
    await open(page, '/wel/index');
    // The hover menu may close before the click lands on a busy machine: hover and click again until the page opens.
    await expect
      .poll(async () => {
        if (!page.url().endsWith('/info/index')) {
          await page.getByTestId('user-menu').hover();
          await page
            .getByRole('menuitem', { name: '个人信息' })
            .click({ timeout: 5_000 })
            .catch(() => undefined);
        }
        return page.url().endsWith('/info/index');
      })
      .toBe(true);
    await expect.poll(() => page.getByTestId('profile-form').locator('input[disabled]').first().inputValue()).toBe('admin');
    await expect.poll(() => tabLabels(page)).toContain('个人信息');
    await screenshot(page, 'shell-info');

    await page.getByRole('tab', { name: '修改密码' }).click();
    for (const testId of ['old-password', 'new-password', 'new-password1']) {
      await page.getByTestId(testId).focus();
      await page.getByTestId(testId).blur();
    }
    await page.getByText('请输入原密码').waitFor();
    await page.getByText('请输入新密码').waitFor();
    await page.getByText('请输入确认密码').waitFor();
    await page.getByTestId('new-password').fill('abc123');
    await page.getByTestId('new-password1').fill('abc124');
    await page.getByTestId('new-password1').blur();
    await page.getByText('两次输入的密码不一致').waitFor();
    await screenshot(page, 'shell-info-password');
    await page.context().close();
  });
});

describe('self-check', () => {
  it('the platform administrator’s /test/index checks server, database, clock, token, browser and versions', async () => {
    const page = await newPage();
    await signIn(page, '000000', 'admin');
    await open(page, '/test/index');
    await expect.poll(() => page.getByTestId('self-check-summary').textContent()).toContain('各项检查均正常');
    for (const key of ['api', 'database', 'clock', 'token', 'browser', 'versions']) {
      expect(await page.getByTestId(`self-check-${key}`).textContent()).toContain('正常');
    }
    const { rows } = await t.db.query<{ server_version: string }>('SHOW server_version');
    expect(await page.getByTestId('self-check-database').textContent()).toContain(`PostgreSQL ${rows[0].server_version}`);
    await screenshot(page, 'shell-self-check');
  });

  it('a tenant’s administrator has no self-check page', async () => {
    const page = await newPage();
    await signIn(page, '100001', 'admin');
    await page.goto(`${t.url}/test/index`);
    await page.waitForURL('**/404');
  });
});

describe('embedded external pages (/myiframe)', () => {
  /** An external menu item pointing at a page this server serves (no network needed), granted to the 100001 administrator. */
  async function externalMenu(code: string, path: string): Promise<void> {
    const id = BigInt(Date.now()) * 1000n + BigInt(Math.floor(Math.random() * 1000));
    await t.db.query(
      `INSERT INTO blade_menu (id, tenant_id, parent_id, code, name, path, sort, category) SELECT $1, '000000', id, $2, '外部手册', $3, 99, 1 FROM blade_menu WHERE code = 'system'`,
      [id, code, path],
    );
    await t.db.query(
      `INSERT INTO blade_role_menu (id, tenant_id, role_id, menu_id) SELECT $1, '100001', r.id, $2 FROM blade_role r WHERE r.tenant_id = '100001' AND r.role_alias = 'administrator' AND r.is_deleted = 0`,
      [id + 1n, id],
    );
  }

  it('signed in, a menu item’s address is embedded in the layout with the token filled in', async () => {
    await externalMenu('ext_manual', `${t.url}/404?t=\${token}`);
    const page = await newPage();
    await signIn(page);
    await open(page, '/myiframe/ext_manual');
    const src = await page.getByTestId('menu-iframe').getAttribute('src');
    const token = (await page.context().cookies()).find((c) => c.name === 'saber3-access-token')!.value;
    expect(src).toBe(`${t.url}/404?t=${token}`);
    expect(await tabLabels(page)).toContain('外部手册');
  });

  it('without a session, a link embeds a menu item’s address alone, and nothing else', async () => {
    await externalMenu('ext_public', `${t.url}/403`);
    const page = await newPage();
    await page.goto(`${t.url}/myiframe/ext_public?src=${encodeURIComponent(`${t.url}/403`)}&name=${encodeURIComponent('外部手册')}`);
    await expect.poll(() => page.getByTestId('menu-iframe').getAttribute('src')).toBe(`${t.url}/403`);
    expect(pathOf(page)).toBe('/myiframe/ext_public');
    expect(await page.getByTestId('top-bar').count()).toBe(0);
    await screenshot(page, 'shell-iframe-public');

    await page.goto(`${t.url}/myiframe/x?src=${encodeURIComponent('https://evil.example/phish')}`);
    await page.getByTestId('iframe-missing').waitFor();
    expect(await page.getByTestId('menu-iframe').count()).toBe(0);
    await page
      .getByRole('button', { name: '登 录' })
      .or(page.getByRole('button', { name: '登录' }))
      .click();
    await page.waitForURL('**/login');
  });
});
