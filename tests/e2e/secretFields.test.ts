/**
 * Write-only secrets in the generated forms, in a real browser: the camera
 * account's app secret and the AI assistant's key are password inputs that
 * are never filled in, say "已设置，留空则不修改" when the record has one,
 * keep the stored secret when saved empty and replace it when typed.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldSecretsOf } from '../../src/server/engine/fieldSecrets.js';
import type { TestServer } from '../api/testServer.js';
import { type BrowserSuite, clickRowAction, openedDialog, screenshot, signedInThroughApi, startBrowserSuite } from './browser.js';

let t: TestServer;
let browser: Browser;
let suite: BrowserSuite | undefined;
let page: Page;
let token: string;
beforeAll(async () => {
  suite = await startBrowserSuite();
  ({ server: t, browser } = suite);
  ({ page, token } = await signedInThroughApi(browser, t.url, { tenantId: '100001', account: 'admin' }));
});
afterAll(() => suite?.close());

const storedAppSecret = async (id: string) => {
  const sealed = (await t.db.query('SELECT app_secret FROM sk_camera_account WHERE id = $1', [id])).rows[0].app_secret as string;
  return fieldSecretsOf(t.db).cipher('sk_camera_account', 'app_secret').open(sealed);
};

async function editRow(path: string, text: string): Promise<Locator> {
  await page.goto(`${t.url}${path}`);
  const row = page.getByTestId('crud-table').locator('.ant-table-row', { hasText: text });
  await row.waitFor();
  await clickRowAction(row, 'edit');
  return openedDialog(page);
}

async function saveAndWait(dialog: Locator, url: string): Promise<void> {
  const answered = page.waitForResponse((response) => response.url().includes(url) && response.request().method() === 'POST');
  await dialog.getByTestId('entity-dialog-save').click();
  expect((await answered).status()).toBe(200);
  await dialog.waitFor({ state: 'hidden' });
}

describe('the camera account form', () => {
  let id: string;
  beforeAll(async () => {
    const saved = await t.api('/api/v2/inspect/cameraAccount/save', {
      token,
      body: { name: '萤石云测试账号', platform: 1, apiUrl: 'https://open.ys7.com', appKey: 'ak-1', appSecret: 'stored-secret' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    id = String(saved.body.data.id);
  });

  it('shows the stored secret as "set — leave blank to keep", never its value, and keeps it when saved empty', async () => {
    const dialog = await editRow('/skvideo/camera-account', '萤石云测试账号');
    const secret = dialog.locator('input[type="password"]').first();
    await secret.waitFor();
    expect(await dialog.getByPlaceholder('已设置，留空则不修改').count()).toBe(1); // the app secret is stored, the ingestion key is not
    expect(await dialog.getByPlaceholder('请输入告警接入密钥').count()).toBe(1);
    expect(await secret.inputValue()).toBe('');
    await screenshot(page, 'secret-camera-account-edit');
    await saveAndWait(dialog, '/cameraAccount/update');
    expect(await storedAppSecret(id)).toBe('stored-secret');
  });

  it('replaces the secret when one is typed', async () => {
    const dialog = await editRow('/skvideo/camera-account', '萤石云测试账号');
    await dialog.getByPlaceholder('已设置，留空则不修改').fill('typed-secret');
    await saveAndWait(dialog, '/cameraAccount/update');
    expect(await storedAppSecret(id)).toBe('typed-secret');
  });
});

describe('the AI assistant settings form', () => {
  it('offers the key as a password input: required-free and "set" on a row that has one', async () => {
    const saved = await t.api('/api/v1/coze/provider/save', {
      token,
      body: { name: '测试模型', kind: 3, baseUrl: 'https://api.example.cn/v1', model: 'qwen-plus', apiKey: 'sk-stored' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const dialog = await editRow('/system/chat-provider', '测试模型');
    const key = dialog.getByPlaceholder('已设置，留空则不修改');
    await key.waitFor();
    expect(await key.getAttribute('type')).toBe('password');
    expect(await key.inputValue()).toBe('');
    expect(await dialog.getByText('令牌（密文保存）').count()).toBe(1);
    await screenshot(page, 'secret-chat-provider-edit');
  });
});
