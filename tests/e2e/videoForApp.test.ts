/**
 * /video-for-app, the mobile client's live video page, in Chromium at a
 * phone's 375×812: opened with the app's token it lists the reservoir's
 * cameras and plays the chosen one from its viewLife address, while the
 * token leaves the address bar and is stored nowhere (the browser is not
 * signed in); without a token, or with a refused one, the whole page says to
 * reopen it from the app instead of offering the sign-in page.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../api/testServer.js';
import { type BrowserSuite, screenshot, signedInPage, startBrowserSuite } from './browser.js';

let t: TestServer;
let browser: Browser;
let suite: BrowserSuite | undefined;
let token: string;
let shimen: string;
let dam: string;
let outlet: string;
/** A direct camera the test adds without a stream address (the seeded ones play the demo platform's clips). */
let bare: string;
const OUTLET_URL = 'https://video.example.cn/record/shimen-outlet.mp4';

async function phonePage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN' });
  return context.newPage();
}

/** Everything the page left in the browser: both storages and the cookies. */
async function leftBehind(page: Page): Promise<string> {
  const storages = await page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }));
  const cookies = JSON.stringify(await page.context().cookies());
  return storages + cookies;
}

/** No animation still running (fade-ins, transitions): the screenshot shows the page at rest. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

async function liveUrlOf(cameraId: string): Promise<string | null> {
  return (await t.api(`/api/v2/inspect/camera/viewLife?id=${cameraId}`, { token })).body.data.url;
}

beforeAll(async () => {
  suite = await startBrowserSuite();
  ({ server: t, browser } = suite);
  token = await t.signIn('100001', 'admin');
  shimen = (await t.api('/api/v1/reservoir/listAll', { token })).body.data.find((r: { name: string }) => r.name === '石门水库').id;
  const cameras = (await t.api(`/api/v2/inspect/camera/listByReservoir?reservoirId=${shimen}`, { token })).body.data as { id: string; name: string }[];
  dam = cameras.find((c) => c.name === '石门水库坝顶全景')!.id;
  const saved = await t.api('/api/v2/inspect/camera/save', {
    token,
    body: { reservoirId: shimen, name: '石门水库放水涵', position: 5, liveUrl: OUTLET_URL, sort: 3 },
  });
  outlet = saved.body.data.id;
  const unconnected = await t.api('/api/v2/inspect/camera/save', { token, body: { reservoirId: shimen, name: '石门水库管理房', position: 7, sort: 4 } });
  bare = unconnected.body.data.id;
});
afterAll(async () => {
  await suite?.close();
});

describe('opened from the app with a token', () => {
  it("lists the reservoir's cameras with position and online state, and the token is neither in the address bar nor stored", async () => {
    const page = await phonePage();
    await page.goto(`${t.url}/video-for-app?token=${encodeURIComponent(token)}&reservoirId=${shimen}`);
    await page.getByTestId('video-for-app').waitFor();
    expect(page.url()).not.toContain('token');
    expect(new URL(page.url()).searchParams.get('reservoirId')).toBe(shimen);
    expect(await page.getByTestId('vfa-reservoir').innerText()).toBe('石门水库');
    const cameras = page.getByTestId('vfa-camera');
    await expect.poll(() => cameras.count()).toBe(4);
    const texts = await cameras.allInnerTexts();
    expect(texts[0]).toMatch(/石门水库坝顶全景[\s\S]*坝顶[\s\S]*在线/);
    expect(texts.join('\n')).toMatch(/石门水库溢洪道[\s\S]*溢洪道/);
    expect(texts.join('\n')).toMatch(/石门水库放水涵[\s\S]*放水设施/);
    // The first online camera plays at once: an HLS address, through hls.js in Chromium.
    await expect.poll(() => page.getByTestId('vfa-video').getAttribute('data-live-url')).toBe(await liveUrlOf(dam));
    expect(await page.getByTestId('vfa-video').getAttribute('data-protocol')).toBe('hls');
    const stored = await leftBehind(page);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain('saber3-access-token');
    await settled(page);
    await screenshot(page, 'video-for-app-list');
    await page.context().close();
  });

  it('choosing a camera plays its viewLife address; one without an address says so', async () => {
    const page = await phonePage();
    await page.goto(`${t.url}/video-for-app?token=${encodeURIComponent(token)}&reservoirId=${shimen}`);
    await page.getByTestId('video-for-app').waitFor();
    await page.locator(`[data-camera-id="${outlet}"]`).click();
    const video = page.getByTestId('vfa-video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.getAttribute('src'))).toBe(OUTLET_URL);
    expect(OUTLET_URL).toBe(await liveUrlOf(outlet));
    expect(await page.locator(`[data-camera-id="${outlet}"]`).getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'video-for-app-playing');

    await page.locator(`[data-camera-id="${bare}"]`).click();
    await expect.poll(() => page.getByTestId('vfa-overlay').innerText()).toBe('暂无直播地址');
    expect(await video.isHidden()).toBe(true);
    await screenshot(page, 'video-for-app-no-address');
    await page.context().close();
  });

  it("cameraId chooses the camera to start with; lang=en shows the page in English without changing the console's language", async () => {
    const page = await phonePage();
    await page.goto(`${t.url}/video-for-app?token=${encodeURIComponent(token)}&reservoirId=${shimen}&cameraId=${bare}&lang=en`);
    await page.getByTestId('video-for-app').waitFor();
    expect(await page.locator(`[data-camera-id="${bare}"]`).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByTestId('vfa-overlay').innerText()).toBe('No live address yet');
    expect(await page.getByTestId('vfa-camera').first().innerText()).toMatch(/Dam crest[\s\S]*Online/);
    expect(await page.locator('.vfa-subtitle').innerText()).toBe('4 cameras, 4 online');
    expect(page.url()).toContain('lang=en');
    expect(page.url()).not.toContain('token');
    expect(await leftBehind(page)).not.toContain('language');
    await screenshot(page, 'video-for-app-english');
    await page.context().close();
  });
});

describe('without a usable token', () => {
  it('without a token the page asks to open it from the app, stores nothing and never shows the sign-in page', async () => {
    const page = await phonePage();
    await page.goto(`${t.url}/video-for-app?reservoirId=${shimen}`);
    const message = page.getByTestId('vfa-message');
    await message.waitFor();
    expect(await message.innerText()).toContain('请从App打开');
    expect(new URL(page.url()).pathname).toBe('/video-for-app');
    expect(await page.getByPlaceholder('请输入账号').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
    expect(await page.context().cookies()).toEqual([]);
    await screenshot(page, 'video-for-app-no-token');
    await page.context().close();
  });

  it('a refused token shows the expired message, and leaves the address bar too', async () => {
    const page = await phonePage();
    await page.goto(`${t.url}/video-for-app?token=not-a-valid-token&reservoirId=${shimen}`);
    const message = page.getByTestId('vfa-message');
    await message.waitFor();
    expect(await message.getAttribute('data-stop')).toBe('expired');
    expect(await message.innerText()).toContain('登录已过期，请在App中重新打开');
    expect(page.url()).not.toContain('token');
    expect(new URL(page.url()).pathname).toBe('/video-for-app');
    expect(await leftBehind(page)).not.toContain('not-a-valid-token');
    await screenshot(page, 'video-for-app-expired');
    await page.context().close();
  });
});

describe('a user whose roles do not open the cameras', () => {
  it("an inspector's valid token shows the no-permission message, not the expired one", async () => {
    const inspector = await t.signIn('100001', 'inspector');
    const page = await phonePage();
    await page.goto(`${t.url}/video-for-app?token=${encodeURIComponent(inspector)}&reservoirId=${shimen}`);
    const message = page.getByTestId('vfa-message');
    await message.waitFor();
    expect(await message.getAttribute('data-stop')).toBe('forbidden');
    expect(await message.innerText()).toContain('没有查看权限');
    expect(page.url()).not.toContain('token');
    await screenshot(page, 'video-for-app-forbidden');
    await page.context().close();
  });
});

describe("the console's camera registers (schema pages)", () => {
  it("摄像头管理 lists the cameras beside the reservoir tree, filters on a reservoir and opens a camera's detail page", async () => {
    const page = await signedInPage(browser, t.url, { tenantId: '100001', account: 'admin' });
    await page.goto(`${t.url}/skvideo/camera/index`);
    const crud = page.getByTestId('crud-page-camera/camera');
    await crud.getByTestId('crud-table').waitFor();
    await expect.poll(() => crud.locator('tbody tr.ant-table-row').count()).toBe(6);
    expect(await crud.innerText()).toContain('石门水库坝顶全景');
    await page.getByTestId('filter-tree').locator('input').first().fill('后溪');
    await page.getByTestId('filter-tree').getByTitle('后溪水库', { exact: true }).click();
    await expect.poll(() => crud.locator('tbody tr.ant-table-row').count()).toBe(1);
    expect(await crud.locator('tbody tr.ant-table-row').innerText()).toMatch(/后溪水库坝顶[\s\S]*坝顶[\s\S]*在线/);
    await screenshot(page, 'camera-register');

    await page.goto(`${t.url}/skvideo/camera/detail?id=${dam}`);
    await page.getByText('石门水库坝顶全景').first().waitFor();
    await expect.poll(() => page.locator('body').innerText()).toContain('安溪县视频平台（内置演示）');
    await screenshot(page, 'camera-detail');

    await page.goto(`${t.url}/skvideo/camera-account`);
    const accounts = page.getByTestId('crud-page-camera/cameraAccount');
    await accounts.getByTestId('crud-table').waitFor();
    await expect.poll(() => accounts.innerText()).toContain('内置演示');
    await settled(page); // the page's fade-in, for the screenshot
    await screenshot(page, 'camera-accounts');
    await page.context().close();
  });
});
