/**
 * Console polish (issue 11, item 12), in a real browser against the built console: the goods picker stays in its
 * cell, the side menu shows whole labels, list columns fit their headers and cut long values, a top menu lands on a
 * page with its side menu, only the current route is highlighted, the workbench lists the caller's real to-dos,
 * 关闭其他 keeps the right-clicked tab, the dictionary tree view is a tree and the speech bubble opens the messages.
 * One server, one browser and one signed-in session for the file; screenshots in test-results/screenshots/polish-*.png.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSuite, newDesktopPage, screenshot, signIn, startBrowserSuite } from './browser.js';

let suite: BrowserSuite;
let context: BrowserContext;
let page: Page;
let token: string;
const TENANT = '100001';
/** Each test visits a page in two languages or several pages: on a busy shared machine that takes longer than the default minute. */
const TWO_PAGES_TIMEOUT = 180_000;

beforeAll(async () => {
  suite = await startBrowserSuite();
  token = await suite.server.signIn(TENANT, 'admin');
  page = await newDesktopPage(suite.browser);
  context = page.context();
  await signIn(page, suite.server.url, { tenantId: TENANT, account: 'admin' });
});
afterAll(() => suite?.close());

afterEach(async (test) => {
  if (test.task.result?.state === 'fail') await screenshot(page, `polish-failed-${test.task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(() => undefined);
  await setLanguage('zh');
});

/** The stored language the console starts with (the language switch writes the same entry). */
async function setLanguage(language: 'zh' | 'en'): Promise<void> {
  await context.addInitScript(
    (value) => localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content: value, datetime: Date.now() })),
    language,
  );
  await page.evaluate(
    (value) => localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content: value, datetime: Date.now() })),
    language,
  );
}

/** Opens a page of the layout and waits for the menus. */
async function open(path: string): Promise<void> {
  await page.goto(`${suite.server.url}${path}`);
  await page.getByTestId('tab-bar').waitFor();
  await page.locator('.shell-loading').waitFor({ state: 'detached' });
}

const pathname = () => new URL(page.url()).pathname;

describe(
  'the goods picker of the emergency stock forms',
  () => {
    it('stays inside its cell once a long goods name is chosen, in purchase-in and in scrap', async () => {
      for (const path of ['/urgent/purchase', '/urgent/removal']) {
        await open(path);
        await page.getByTestId('crud-add').click();
        const dialog = page.locator('.ant-modal').last();
        const picker = dialog.locator('.ant-select').first();
        await picker.click();
        await page.locator('.ant-select-dropdown:visible .ant-select-tree-title').first().click();
        await expect.poll(() => picker.locator('.ant-select-selection-item').count()).toBe(1);
        const pickerBox = (await picker.boundingBox())!;
        const cellBox = (await picker.locator('xpath=ancestor::div[contains(@class,"ant-col")][1]').boundingBox())!;
        // The picker ends inside its own column, not under the next field.
        expect(pickerBox.x + pickerBox.width).toBeLessThanOrEqual(cellBox.x + cellBox.width + 1);
        await screenshot(page, `polish-goods-picker${path.replace(/\W+/g, '-')}`);
        await dialog.getByRole('button', { name: /取\s?消|Cancel/ }).click();
        await dialog.waitFor({ state: 'hidden' });
      }
    });
  },
  TWO_PAGES_TIMEOUT,
);

describe(
  'the side menu',
  () => {
    it('is wide enough for its labels and never cuts one, in Chinese and in English', async () => {
      for (const language of ['zh', 'en'] as const) {
        await setLanguage(language);
        await open('/system/param');
        expect(await page.getByTestId('side-bar').evaluate((element) => element.getBoundingClientRect().width)).toBeGreaterThanOrEqual(200);
        const cut = await page
          .locator('.shell-side .shell-menu-label')
          .evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth + 1).map((label) => label.textContent));
        expect(cut).toEqual([]);
        await screenshot(page, `polish-side-menu-${language}`);
      }
    });
  },
  TWO_PAGES_TIMEOUT,
);

describe(
  'list columns',
  () => {
    it('fit their headers on one line and cut a long value with an ellipsis that shows it whole on hover, in English', async () => {
      const title = 'A very long announcement title that no list column should stretch to show in one piece on the page';
      const created = await suite.server.api('/api/blade-desk/notice/submit', { token, body: { title, category: 1, content: 'polish' } });
      expect(created.status).toBe(200);
      for (const language of ['en', 'zh'] as const) {
        await setLanguage(language);
        await open('/desk/notice');
        const cell = page.locator('[data-testid=crud-table] td', { hasText: title.slice(0, 30) }).first();
        await cell.waitFor();
        expect(await cell.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
        expect(await cell.getAttribute('title')).toBe(title);
        const headers = await page.locator('[data-testid=crud-table] thead th').evaluateAll((cells) =>
          cells.map((cell) => {
            const range = document.createRange();
            range.selectNodeContents(cell);
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
            return { text: cell.textContent, isWhole: cell.scrollWidth <= cell.clientWidth + 1 && lines <= 1 };
          }),
        );
        expect(headers.filter((header) => header.text && !header.isWhole)).toEqual([]);
        await screenshot(page, `polish-table-${language}`);
      }
    });
  },
  TWO_PAGES_TIMEOUT,
);

describe(
  'the top menus',
  () => {
    it('open on a page that shows their side menu (业务管理 does not land on the full-width ledger)', async () => {
      await open('/wel/index');
      const business = page.getByTestId('top-menu-item').filter({ hasText: '业务管理' });
      await business.click();
      await page.waitForURL((url) => url.pathname !== '/wel/index');
      await page.getByTestId('side-bar').waitFor();
      expect(await page.getByTestId('side-menu').locator('.ant-menu-submenu').count()).toBeGreaterThan(1);
      await screenshot(page, 'polish-business-landing');
    });

    it('highlight the current route only: the workbench item on the workbench, not on other pages', async () => {
      await open('/wel/index');
      await page.getByTestId('top-menu-item').first().click();
      await page.waitForURL((url) => url.pathname === '/wel/index');
      await expect.poll(() => page.locator('[data-testid=top-menu-item][data-home].is-active').count()).toBe(1);
      await open('/system/param');
      await expect.poll(() => page.locator('[data-testid=top-menu-item].is-active').count()).toBe(0);
      expect(await page.getByTestId('side-menu').locator('.ant-menu-item-selected').innerText()).toBe('参数管理');
    });
  },
  TWO_PAGES_TIMEOUT,
);

describe(
  'the workbench',
  () => {
    it('lists the caller’s pending reviews whatever top menu is chosen, and a to-do opens them', async () => {
      const pending = await suite.server.api('/api/v2/inspect/record/list', { token, body: { auditStatus: 0, current: 1, size: 1 } });
      const total = pending.body.data.total as number;
      expect(total).toBeGreaterThan(0);
      await open('/wel/index');
      await page.getByTestId('top-menu-item').filter({ hasText: '日常办公' }).click();
      await page.waitForURL((url) => url.pathname !== '/wel/index');
      await page.locator('[data-testid=tab][data-path="/wel/index"]').click();
      const tile = page.getByTestId('todo-inspectPending');
      await expect.poll(() => tile.locator('.ant-statistic-content').innerText()).toBe(String(total));
      await screenshot(page, 'polish-workbench-zh');
      await tile.click();
      await page.waitForURL((url) => url.pathname === '/inspect/inspectRecord/index' && url.searchParams.get('auditStatus') === '0');
      await setLanguage('en');
      await open('/wel/index');
      await page.getByText('Inspections to review').waitFor();
      await screenshot(page, 'polish-workbench-en');
    });
  },
  TWO_PAGES_TIMEOUT,
);

describe(
  'the tab bar',
  () => {
    it('关闭其他 keeps the right-clicked tab, not the active one, and shows it', async () => {
      await open('/system/param');
      // From the home tab alone: the tabs of the other tests would push these out of sight.
      await page.getByTestId('tab-actions').click();
      await page.locator('.ant-dropdown:visible').getByText('关闭全部').click();
      await page.waitForURL((url) => url.pathname === '/wel/index');
      await open('/system/param');
      await open('/system/user');
      await open('/desk/notice');
      await page.locator('.ant-tabs-tab', { has: page.locator('[data-path="/system/user"]') }).click({ button: 'right' });
      await page.locator('.ant-dropdown:visible').getByText('关闭其他').click();
      await expect
        .poll(() => page.getByTestId('tab').evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('data-path'))))
        .toEqual(['/wel/index', '/system/user']);
      await page.waitForURL((url) => url.pathname === '/system/user');
    });
  },
  TWO_PAGES_TIMEOUT,
);

describe(
  'the dictionary tree view',
  () => {
    it('shows the dictionaries as a tree whose branches open onto their entries, in Chinese and in English', async () => {
      for (const [language, names] of [
        ['zh', ['性别', '男', '女']],
        ['en', ['Sex', 'Male', 'Female']],
      ] as const) {
        await setLanguage(language);
        await open('/dict-vertical/index');
        const tree = page.getByTestId('tree-parents').locator('.ant-tree');
        const sex = tree.locator('.ant-tree-treenode', { hasText: names[0] }).first();
        await sex.locator('.ant-tree-switcher').click();
        await tree.locator('.ant-tree-title').getByText(names[1], { exact: true }).waitFor();
        await tree.locator('.ant-tree-title').getByText(names[2], { exact: true }).waitFor();
        await sex.locator('.ant-tree-title').click();
        await page.getByTestId('tree-children').locator('.ant-table-row').first().waitFor();
        await screenshot(page, `polish-dict-tree-${language}`);
      }
    });
  },
  TWO_PAGES_TIMEOUT,
);

describe('the top bar', () => {
  it('the speech bubble opens the user’s messages', async () => {
    await open('/system/param');
    await page.locator('.shell-tools').locator('.anticon-message, .anticon-comment').first().click();
    await page.waitForURL((url) => url.pathname === '/message/index');
    expect(pathname()).toBe('/message/index');
    await screenshot(page, 'polish-messages');
  });
});
