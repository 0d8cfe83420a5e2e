/**
 * The AI assistant in the console (platform-core §2, §4, §8, §9), in Chromium against a real server (tenant
 * 316979, its administrator signed in through the API): the pet floats on console pages and not on /login; it is
 * dragged and stays where it was dropped; its menu opens the 1224 px dialog (help warns 敬请期待！); a preset
 * question of the built-in provider streams its answer in visibly, piece by piece, citing its source; stop aborts
 * the server's provider; regenerate asks again; new dialog clears and starts a new conversation; a provider failure
 * shows 服务器繁忙，请稍后再试！; raw HTML in an answer stays text; the history drawer lists the conversation and
 * reopening it shows its messages. The server's provider is a test one in front of the built-in provider (the API
 * tests' override) for the slow, failing and HTML answers. Screenshots: test-results/screenshots/chat-*.png.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetChatLimits, setChatLimits } from '../../src/server/chat/chatLimits.js';
import { builtinProvider } from '../../src/server/chat/providers/builtinProvider.js';
import { ProviderError, type AnswerRequest, type ChatProvider } from '../../src/server/chat/providers/chatProvider.js';
import { useProviderOverride } from '../../src/server/chat/providers/providerRegistry.js';
import { PET_SIZE } from '../../src/web/chat/petPosition.js';
import type { TestServer } from '../api/testServer.js';
import { openedDialog, screenshot, signedInThroughApi, startBrowserSuite, type BrowserSuite } from './browser.js';

const TENANT = '316979';
const SLOW = '慢速回答测试';
const FAILING = '出错回答测试';
const HTML = 'HTML回答测试';

let suite: BrowserSuite | undefined;
let t: TestServer;
let token: string;
let page: Page;
let reservoirName: string;

/** What the test provider was asked, and which answers saw their signal fire (the client went away). */
const asked: { message: string; conversationId: string }[] = [];
const aborted: string[] = [];

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** Slow, failing and HTML answers on cue; any other question goes to the built-in provider. */
const testProvider: ChatProvider = {
  kind: 'e2e',
  async *answer(request: AnswerRequest) {
    asked.push({ message: request.message, conversationId: request.conversationId });
    if (request.message.includes(SLOW)) {
      request.signal.addEventListener('abort', () => aborted.push(request.message), { once: true });
      for (let index = 1; index <= 300 && !request.signal.aborted; index += 1) {
        await wait(200, request.signal);
        if (!request.signal.aborted) yield `第${index}段。`;
      }
      return;
    }
    if (request.message.includes(FAILING)) {
      yield '半句回答';
      throw new ProviderError('the e2e provider fails on cue');
    }
    if (request.message.includes(HTML)) {
      yield '<img src="x" onerror="window.__chatInjected = 1"><b id="chat-injected">粗</b>';
      yield '\n\n**真正的粗体**';
      return;
    }
    yield* builtinProvider.answer(request);
  },
};

const dialog = () => page.locator('.chat-dialog');
const body = () => page.getByTestId('chat-body');
const answer = () => page.getByTestId('chat-answer');

async function openAssistant(mode: 'flowChat' | 'assistant'): Promise<void> {
  await page.getByTestId('chat-pet').click();
  await page.getByTestId(`chat-menu-${mode}`).click();
  await openedDialog(page);
}

/** Types a question and sends it with Enter. */
async function askByKeyboard(question: string): Promise<void> {
  await page.getByTestId('chat-input').fill(question);
  await page.getByTestId('chat-input').press('Enter');
}

async function waitIdle(): Promise<void> {
  await expect.poll(() => body().getAttribute('data-status'), { timeout: 60_000 }).toBe('idle');
}

async function centre(locator: Locator): Promise<{ x: number; y: number }> {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

beforeAll(async () => {
  suite = await startBrowserSuite();
  t = suite.server;
  // The built-in provider pauses between pieces long enough to see the answer grow.
  setChatLimits({ builtinChunkDelayMs: 150, perUserPerMinute: 100 });
  useProviderOverride(() => testProvider);
  token = await t.signIn(TENANT, 'admin');
  const reservoirs = await t.api('/api/v1/reservoir/listAll', { token });
  reservoirName = reservoirs.body.data[0].name;
  ({ page } = await signedInThroughApi(suite.browser, t.url, { tenantId: TENANT, account: 'admin' }));
  await page.goto(`${t.url}/system/param`);
  await page.getByTestId('chat-pet').waitFor();
});

afterAll(async () => {
  useProviderOverride(undefined);
  resetChatLimits();
  await suite?.close();
});

describe('the pet', () => {
  it('floats at the bottom right of a console page and is not on the sign-in page', async () => {
    const box = (await page.getByTestId('chat-pet').boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(1440 - 100);
    expect(box.y + box.height).toBeGreaterThan(900 - 100);
    const other = await page.context().newPage();
    await other.goto(`${t.url}/login`);
    await other.getByTestId('login-submit').waitFor();
    expect(await other.getByTestId('chat-pet').count()).toBe(0);
    await other.close();
  });

  it('is dragged with the pointer, stays where it was dropped after a reload, and inside a smaller window', async () => {
    const pet = page.getByTestId('chat-pet');
    const from = await centre(pet);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x - 150, from.y - 100, { steps: 8 });
    await page.mouse.move(from.x - 300, from.y - 200, { steps: 8 });
    await page.mouse.up();
    const moved = await centre(pet);
    expect(Math.round(moved.x)).toBe(Math.round(from.x - 300));
    expect(Math.round(moved.y)).toBe(Math.round(from.y - 200));
    // A drag is no click: the menu stays closed.
    expect(await page.getByTestId('chat-menu-flowChat').isVisible()).toBe(false);
    await page.reload();
    await pet.waitFor();
    expect(await centre(pet)).toEqual(moved);
    await page.setViewportSize({ width: 900, height: 500 });
    await expect.poll(async () => (await pet.boundingBox())!.y + PET_SIZE).toBeLessThanOrEqual(500);
    expect((await pet.boundingBox())!.x + PET_SIZE).toBeLessThanOrEqual(900);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('offers the two assistants and help, which is not there yet', async () => {
    await page.getByTestId('chat-pet').click();
    await page.getByTestId('chat-menu-assistant').waitFor();
    await screenshot(page, 'chat-pet-menu');
    await page.getByTestId('chat-menu-help').click();
    await page.locator('.ant-message').getByText('敬请期待！').waitFor();
  });
});

describe('the dialog', () => {
  it('opens 1224 px wide with the four professional presets, and three task presets naming a reservoir of the tenant', async () => {
    await openAssistant('assistant');
    expect((await dialog().boundingBox())!.width).toBe(1224);
    await expect
      .poll(() => page.getByTestId('chat-preset').allInnerTexts())
      .toEqual([`${reservoirName}今天的雨水情`, `${reservoirName}本周的雨水情`, `${reservoirName}昨天的雨水情`]);
    await page.getByTestId('chat-mode-flowChat').click();
    await expect.poll(() => page.getByTestId('chat-preset').count()).toBe(4);
    expect((await page.getByTestId('chat-preset').allInnerTexts())[0]).toContain('大坝安全监测');
    await screenshot(page, 'chat-presets-zh');
    // Shift+Enter adds a line; a blank question is not sent.
    await page.getByTestId('chat-input').fill('第一行');
    await page.getByTestId('chat-input').press('Shift+Enter');
    expect(await page.getByTestId('chat-input').inputValue()).toBe('第一行\n');
    await page.getByTestId('chat-input').fill('   ');
    await page.getByTestId('chat-input').press('Enter');
    expect(await page.getByTestId('chat-question').count()).toBe(0);
    expect(await body().getAttribute('data-status')).toBe('idle');
    await page.getByTestId('chat-input').fill('');
  });

  it('streams a preset answer in piece by piece, as Markdown, citing its source', async () => {
    await page.getByTestId('chat-preset').first().click();
    // The answer's text read every 100 ms until it is done: it must have been seen at several lengths on the way.
    const lengths = new Set<number>();
    await expect
      .poll(
        async () => {
          const status = await answer()
            .getAttribute('data-status', { timeout: 1_000 })
            .catch(() => 'none');
          if (status === 'answering') lengths.add((await answer().innerText()).length);
          return status;
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBe('done');
    expect(lengths.size).toBeGreaterThanOrEqual(3);
    const text = await answer().innerText();
    expect(text.length).toBeGreaterThan(Math.max(...lengths));
    expect(text).toContain('来源');
    expect(await body().getAttribute('data-status')).toBe('idle');
    expect(await body().getAttribute('data-conversation-id')).toMatch(/^\d+$/);
    await screenshot(page, 'chat-answer-zh');
  });

  it('stop aborts the answer on the server; regenerate asks the same question again', async () => {
    const conversationId = await body().getAttribute('data-conversation-id');
    await askByKeyboard(`${SLOW}：请慢慢说`);
    await expect
      .poll(async () =>
        (
          await answer()
            .innerText()
            .catch(() => '')
        ).includes('第2段'),
      )
      .toBe(true);
    // No second question while answering: Enter does nothing, the send button is the stop button.
    await askByKeyboard('不应发送');
    expect(await page.getByTestId('chat-send').count()).toBe(0);
    await page.getByTestId('chat-stop').click();
    await expect.poll(() => aborted.filter((message) => message.includes(SLOW)).length).toBe(1);
    await waitIdle();
    const stoppedAt = await answer().innerText();
    expect(asked.filter((entry) => entry.message === '不应发送')).toHaveLength(0);
    // The same conversation went on.
    expect(asked[asked.length - 1].conversationId).toBe(conversationId);

    await page.getByTestId('chat-regenerate').click();
    await expect.poll(() => asked.filter((entry) => entry.message.includes(SLOW)).length).toBe(2);
    await page.getByTestId('chat-stop').click();
    await expect.poll(() => aborted.filter((message) => message.includes(SLOW)).length).toBe(2);
    await waitIdle();
    // Regenerate replaced the stopped answer: one slow question and its answer shown, not two.
    expect(await page.getByTestId('chat-question').filter({ hasText: SLOW }).count()).toBe(1);
    expect(stoppedAt).toContain('第1段');
  });

  it('shows 服务器繁忙，请稍后再试！ when the provider fails', async () => {
    await askByKeyboard(FAILING);
    await waitIdle();
    expect(await answer().innerText()).toBe('服务器繁忙，请稍后再试！');
    expect(await answer().getAttribute('data-status')).toBe('failed');
  });

  it('shows raw HTML of an answer as text, no element injected', async () => {
    await askByKeyboard(HTML);
    await waitIdle();
    const text = await answer().innerText();
    expect(text).toContain('<img src="x" onerror="window.__chatInjected = 1"><b id="chat-injected">粗</b>');
    expect(await answer().locator('strong').innerText()).toBe('真正的粗体');
    expect(await page.locator('#chat-injected').count()).toBe(0);
    expect(await answer().locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __chatInjected?: number }).__chatInjected)).toBeUndefined();
  });

  it('new dialog clears the messages and the next question starts a new conversation', async () => {
    const before = await body().getAttribute('data-conversation-id');
    await page.getByTestId('chat-new').click();
    expect(await page.getByTestId('chat-question').count()).toBe(0);
    await expect.poll(() => page.getByTestId('chat-preset').count()).toBe(4);
    await askByKeyboard(HTML);
    await waitIdle();
    const after = await body().getAttribute('data-conversation-id');
    expect(after).toMatch(/^\d+$/);
    expect(after).not.toBe(before);
    expect(asked[asked.length - 1].conversationId).toBe(after);
  });

  it('lists the conversations in the history and reopens one with its messages, to continue it', async () => {
    const stored = await t.api('/api/v1/coze/chatbot/conversations?mode=flowChat&size=10', { token });
    const preset = stored.body.data.records.find((row: { content: string }) => row.content.includes('大坝安全监测'));
    expect(preset).toBeDefined();
    await page.getByTestId('chat-history-open').click();
    const item = page.locator(`[data-testid="chat-history-item"][data-conversation-id="${preset.conversationId}"]`);
    await item.waitFor();
    expect(await item.innerText()).toContain('大坝安全监测');
    // The browser's own list (local storage, one list per assistant) has it too, with its messages.
    const local = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith('chat-history:') && key.endsWith(':flowChat'))
        .flatMap((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as { conversationId: string; content: string; msgs: unknown[] }[]),
    );
    const kept = local.find((entry) => entry.conversationId === preset.conversationId);
    expect(kept?.content).toContain('大坝安全监测');
    expect(kept?.msgs.length).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'chat-history-zh');
    await item.click();
    await expect.poll(() => body().getAttribute('data-conversation-id')).toBe(preset.conversationId);
    await expect.poll(() => page.getByTestId('chat-question').first().innerText()).toContain('大坝安全监测');
    expect(await page.getByTestId('chat-question').filter({ hasText: SLOW }).count()).toBeGreaterThanOrEqual(1);
    await askByKeyboard(HTML);
    await waitIdle();
    expect(asked[asked.length - 1].conversationId).toBe(preset.conversationId);
  });

  it('answers a task preset with the figures of the named reservoir', async () => {
    await page.getByTestId('chat-new').click();
    await page.getByTestId('chat-mode-assistant').click();
    await expect.poll(() => page.getByTestId('chat-preset').count()).toBe(3);
    await page.getByTestId('chat-preset').first().click();
    await waitIdle();
    expect(await answer().getAttribute('data-status')).toBe('done');
    expect(await answer().innerText()).toContain(reservoirName);
    await screenshot(page, 'chat-task-zh');
  });

  it('shows two icons instead of the pet on a big screen, whose chat asks with the screen token', async () => {
    const issued = await t.api('/api/blade-screen/token?screen=screen_inspection', { token, method: 'POST' });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const screen = await page.context().newPage();
    await screen.goto(`${t.url}/big-screen/inspection#screenToken=${issued.body.data.token}`);
    await screen.getByTestId('chat-screen-icons').waitFor();
    expect(await screen.getByTestId('chat-pet').count()).toBe(0);
    await screen.getByTestId('chat-screen-flowChat').click();
    await screen.locator('.chat-dialog').waitFor();
    await screen.getByTestId('chat-preset').first().click();
    await expect.poll(() => screen.getByTestId('chat-body').getAttribute('data-status'), { timeout: 60_000 }).toBe('idle');
    expect(await screen.getByTestId('chat-answer').getAttribute('data-status')).toBe('done');
    expect(await screen.getByTestId('chat-answer').innerText()).toContain('来源');
    await screen.locator('.chat-dialog .ant-modal-close').click();
    await screen.locator('.chat-dialog').waitFor({ state: 'hidden' });
    await screenshot(screen, 'chat-screen-icons');
    await screen.close();
  });

  it('speaks English after a language switch', async () => {
    await page.locator('.chat-dialog .ant-modal-close').click();
    await dialog().waitFor({ state: 'hidden' });
    await page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content: 'en', datetime: Date.now() })));
    await page.reload();
    await openAssistant('flowChat');
    await page.getByTestId('chat-new').click();
    await expect.poll(() => page.getByTestId('chat-preset').count()).toBe(4);
    expect(await page.getByTestId('chat-input').getAttribute('placeholder')).toContain('Enter sends');
    await page.getByTestId('chat-preset').first().click();
    await waitIdle();
    // The English preset names its topic in Chinese as well: the built-in (Chinese) knowledge base finds and cites it.
    expect(await answer().innerText()).toMatch(/Source：SL 551/);
    await screenshot(page, 'chat-answer-en');
    await askByKeyboard(FAILING);
    await waitIdle();
    expect(await answer().innerText()).toBe('The server is busy, please try again later!');
  });
});
