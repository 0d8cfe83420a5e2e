/**
 * The video wall and a camera's detail page in Chromium with the network to
 * the outside cut (every request off the console's origin is refused and
 * remembered): at 16 pictures the wall plays the demo platform's shipped clip
 * (a <video> whose time advances); a picture's 详情 opens the detail page,
 * which plays too, sends a PTZ click to the server (the demo platform records
 * it) and shows a snapshot. No console error on either page.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../api/testServer.js';
import { type BrowserSuite, screenshot, signedInThroughApi, startBrowserSuite } from './browser.js';

let t: TestServer;
let browser: Browser;
let suite: BrowserSuite | undefined;
let token: string;
let dam: string;

interface Watched {
  page: Page;
  outside: string[];
  errors: string[];
}

/** A signed-in page whose requests to anywhere but the console are aborted, and whose console errors are collected. */
async function offlinePage(): Promise<Watched> {
  const { page } = await signedInThroughApi(browser, t.url, { tenantId: '100001', account: 'admin' });
  const origin = new URL(t.url).origin;
  const outside: string[] = [];
  const errors: string[] = [];
  await page.context().route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    outside.push(url);
    return route.abort('internetdisconnected');
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, outside, errors };
}

/** The playing time of a <video>, once it has advanced past `seconds`. */
async function playsPast(video: ReturnType<Page['locator']>, seconds: number): Promise<void> {
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(seconds);
}

beforeAll(async () => {
  suite = await startBrowserSuite();
  ({ server: t, browser } = suite);
  token = await t.signIn('100001', 'admin');
  const cameras = (await t.api('/api/v2/inspect/camera/list?size=100', { token })).body.data.records as { id: string; name: string }[];
  dam = cameras.find((c) => c.name === '石门水库坝顶全景')!.id;
});
afterAll(async () => {
  await suite?.close();
});

describe('the video wall', () => {
  it('at 16 pictures plays the shipped demo clip with no network beyond the console', async () => {
    const { page, outside, errors } = await offlinePage();
    await page.goto(`${t.url}/monitor/video/index`);
    await page.getByTestId('video-wall-page').waitFor();
    await page.getByTestId('wall-split').getByText('16 画面').click();
    await expect.poll(() => page.getByTestId('wall-cell').count()).toBe(16);
    // The wall fills itself with the tenant's cameras (4) before any is chosen; the other pictures stay empty.
    await expect.poll(() => page.locator('[data-testid="wall-cell"][data-camera-id]').count()).toBe(4);
    const damVideo = page.locator(`[data-testid="wall-cell"][data-camera-id="${dam}"] video`);
    await expect.poll(() => damVideo.getAttribute('data-live-url')).toMatch(/^\/video\/demo\/\w+\/index\.m3u8$/);
    await playsPast(damVideo, 1);
    const playing = await page
      .locator('[data-testid="wall-cell"] video')
      .evaluateAll((videos) => videos.filter((v) => (v as HTMLVideoElement).currentTime > 0).length);
    expect(playing).toBeGreaterThanOrEqual(3);
    await screenshot(page, 'video-wall-16');
    await page.screenshot({ path: '/tmp/shots-video/video-wall-16.png' });
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the camera detail page', () => {
  it('opens from a picture, plays, sends a PTZ click to the server and shows a snapshot', async () => {
    const { page, outside, errors } = await offlinePage();
    await page.goto(`${t.url}/monitor/video/index`);
    const cell = page.locator(`[data-testid="wall-cell"][data-camera-id="${dam}"]`);
    await cell.hover();
    await cell.getByTestId('wall-cell-detail').click();
    await page.waitForURL((url) => url.pathname === '/monitor/video/detail');
    expect(new URL(page.url()).searchParams.get('id')).toBe(dam);
    const detail = page.getByTestId('video-detail-page');
    await detail.getByText('石门水库坝顶全景').first().waitFor();
    await playsPast(detail.locator('video'), 1);
    await expect.poll(() => page.getByTestId('camera-info').innerText()).toMatch(/石门水库[\s\S]*坝顶[\s\S]*在线[\s\S]*内置演示/);

    const before = (await t.api(`/api/v2/inspect/camera/ptzState?id=${dam}`, { token })).body.data;
    await page.getByTestId('ptz-left').click();
    await expect.poll(async () => (await t.api(`/api/v2/inspect/camera/ptzState?id=${dam}`, { token })).body.data.recent.length).toBe(before.recent.length + 1);
    const after = (await t.api(`/api/v2/inspect/camera/ptzState?id=${dam}`, { token })).body.data;
    expect(after.recent[0]).toMatchObject({ command: 'left', speed: 4 });
    await expect.poll(() => page.getByTestId('ptz-position').innerText()).toContain(`水平 ${after.position.pan}°`);
    await page.getByTestId('ptz-zoomIn').click();
    await expect.poll(() => page.getByTestId('ptz-position').innerText()).toContain(`变倍 ${after.position.zoom + 4}×`);

    await page.getByTestId('snapshot-take').click();
    const image = page.getByTestId('snapshot-panel').locator('img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
    expect(await image.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
    expect(await page.getByTestId('snapshot-download').getAttribute('download')).toMatch(/^石门水库坝顶全景-\d{8}-\d{6}\.jpg$/);
    await screenshot(page, 'video-detail');
    await page.screenshot({ path: '/tmp/shots-video/video-detail.png' });
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
