/**
 * The chat's answer stream (h7 contract): the start marker carries the conversation id after a colon, each
 * event's data is a piece of Markdown (blank lines kept), [DONE] ends it, an `error` event fails it — read from a
 * response body that arrives in arbitrary pieces. Also the local history lists, their merge with the server's,
 * the pet's position and the safe Markdown rendering.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { streamAnswer, type ChatCredentials } from '../../../src/web/chat/chatApi';
import { mergeHistory, readHistory, saveConversation, MAX_CONVERSATIONS } from '../../../src/web/chat/chatHistory';
import { renderAnswer } from '../../../src/web/chat/chatMarkdown';
import { clampPetPoint, defaultPetPoint, isDrag, PET_MARGIN, PET_SIZE, readPetPoint, savePetPoint } from '../../../src/web/chat/petPosition';
import { streamSignal, type StreamSignal } from '../../../src/web/chat/streamSignals';
import { MemoryStorage } from './memoryStorage';

describe('stream signals', () => {
  it('reads the start marker, chunks, [DONE] and the error event', () => {
    expect(streamSignal({ data: '[START]:1865432' })).toEqual({ kind: 'start', conversationId: '1865432' });
    expect(streamSignal({ data: '## 标题\n\n正文' })).toEqual({ kind: 'chunk', text: '## 标题\n\n正文' });
    expect(streamSignal({ data: '[DONE]' })).toEqual({ kind: 'done' });
    expect(streamSignal({ event: 'error', data: '服务器繁忙，请稍后再试！' })).toEqual({ kind: 'error', message: '服务器繁忙，请稍后再试！' });
  });

  it('ignores empty data and events of other names', () => {
    expect(streamSignal({ data: '' })).toBeUndefined();
    expect(streamSignal({ event: 'ping', data: 'x' })).toBeUndefined();
    expect(streamSignal({ data: '[START]:' })).toBeUndefined();
  });
});

const credentials: ChatCredentials = { token: () => 'tkn', language: () => 'zh' };

/** A fetch answering an event stream whose body arrives in the given pieces. */
function streamingFetch(pieces: string[], status = 200, type = 'text/event-stream') {
  return vi.fn(async (_url: string, init: RequestInit) => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
        controller.close();
      },
    });
    expect(init.signal).toBeDefined();
    return new Response(body, { status, headers: { 'content-type': type } });
  });
}

async function answer(pieces: string[], status?: number, type?: string) {
  const fetch = streamingFetch(pieces, status, type);
  vi.stubGlobal('fetch', fetch);
  const signals: StreamSignal[] = [];
  const end = await streamAnswer(credentials, {
    mode: 'assistant',
    message: '仙游水库今天的雨水情',
    conversationId: 'c1',
    signal: new AbortController().signal,
    onSignal: (s) => signals.push(s),
  });
  return { end, signals, fetch };
}

describe('streamAnswer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the question and the conversation id, and hands over each piece as it is parsed', async () => {
    const { end, signals, fetch } = await answer(['data: [START]:c1\n\ndata: 今天', '降雨\n\ndata: \ndata: **12.5 mm**\n\n', 'data: [DONE]\n\n']);
    expect(end).toEqual({ kind: 'done' });
    expect(signals).toEqual([
      { kind: 'start', conversationId: 'c1' },
      { kind: 'chunk', text: '今天降雨' },
      // An event that starts with an empty data line keeps its line break (Markdown paragraphs).
      { kind: 'chunk', text: '\n**12.5 mm**' },
      { kind: 'done' },
    ]);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe(`/api/v1/coze/chatbot/assistant?message=${encodeURIComponent('仙游水库今天的雨水情')}&conversationId=c1`);
    expect(init).toMatchObject({ method: 'POST' });
    expect((init.headers as Record<string, string>)['Blade-Auth']).toBe('bearer tkn');
  });

  it('fails on the error event, on a refusal and on a stream cut before [DONE]', async () => {
    expect((await answer(['data: [START]:c1\n\n', 'event: error\ndata: 服务器繁忙，请稍后再试！\n\n'])).end).toEqual({
      kind: 'failed',
      reason: '服务器繁忙，请稍后再试！',
    });
    expect((await answer(['{"code":429,"msg":"busy"}'], 429, 'application/json')).end.kind).toBe('failed');
    expect((await answer(['data: [START]:c1\n\ndata: 半'])).end).toEqual({ kind: 'failed', reason: 'the stream ended before [DONE]' });
  });

  it('ends as aborted when the caller aborts', async () => {
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const controller = new AbortController();
    const pending = streamAnswer(credentials, { mode: 'flowChat', message: 'x', signal: controller.signal, onSignal: () => undefined });
    controller.abort();
    expect(await pending).toEqual({ kind: 'aborted' });
  });
});

describe('local chat history', () => {
  const msgs = (question: string) => [
    { date: '2026-11-26 09:00:00', content: question, self: true, from: 'user' },
    { date: '2026-11-26 09:00:01', content: '答', self: false, from: 'assistant' },
  ];

  it('keeps two lists per user, newest first, one entry per conversation, at most MAX_CONVERSATIONS', () => {
    const storage = new MemoryStorage();
    saveConversation(storage, '316979:1', 'flowChat', 'a', msgs('问A'));
    saveConversation(storage, '316979:1', 'flowChat', 'b', msgs('问B'));
    saveConversation(storage, '316979:1', 'flowChat', 'a', [...msgs('问A'), ...msgs('追问')]);
    saveConversation(storage, '316979:1', 'assistant', 't', msgs('任务'));
    expect(readHistory(storage, '316979:1', 'flowChat').map((e) => [e.conversationId, e.content, e.msgs.length])).toEqual([
      ['a', '问A', 4],
      ['b', '问B', 2],
    ]);
    expect(readHistory(storage, '316979:1', 'assistant').map((e) => e.conversationId)).toEqual(['t']);
    expect(readHistory(storage, '316979:2', 'flowChat')).toEqual([]);
    for (let i = 0; i < MAX_CONVERSATIONS + 5; i += 1) saveConversation(storage, 'u', 'flowChat', `c${i}`, msgs(`q${i}`));
    expect(readHistory(storage, 'u', 'flowChat')).toHaveLength(MAX_CONVERSATIONS);
  });

  it('merges with the server by conversationId, the server winning, newest first', () => {
    const local = [{ conversationId: 'a', date: '2026-11-25 08:00:00', content: '本地A', msgs: msgs('本地A') }];
    const merged = mergeHistory(local, [
      { conversationId: 'a', date: '2026-11-25 08:00:00', content: '服务器A', msgs: 6 },
      { conversationId: 'b', date: '2026-11-26 08:00:00', content: '服务器B', msgs: 2 },
    ]);
    expect(merged.map((item) => [item.conversationId, item.content, item.msgs, item.onServer, !!item.local])).toEqual([
      ['b', '服务器B', 2, true, false],
      ['a', '服务器A', 6, true, true],
    ]);
  });
});

describe('pet position', () => {
  const viewport = { width: 1440, height: 900 };
  it('starts at the bottom right and stays inside the window', () => {
    expect(defaultPetPoint(viewport)).toEqual({ x: 1440 - PET_SIZE - PET_MARGIN, y: 900 - PET_SIZE - PET_MARGIN });
    expect(clampPetPoint({ x: 1400, y: -20 }, viewport)).toEqual({ x: 1440 - PET_SIZE, y: 0 });
    expect(clampPetPoint({ x: 1300, y: 800 }, { width: 800, height: 600 })).toEqual({ x: 800 - PET_SIZE, y: 600 - PET_SIZE });
  });
  it('remembers where it was dropped, clamped to a smaller window', () => {
    const storage = new MemoryStorage();
    savePetPoint(storage, { x: 1200, y: 700 });
    expect(readPetPoint(storage, viewport)).toEqual({ x: 1200, y: 700 });
    expect(readPetPoint(storage, { width: 1000, height: 600 })).toEqual({ x: 1000 - PET_SIZE, y: 600 - PET_SIZE });
  });
  it('tells a click from a drag', () => {
    expect(isDrag({ x: 0, y: 0 }, { x: 2, y: 2 })).toBe(false);
    expect(isDrag({ x: 0, y: 0 }, { x: 10, y: 0 })).toBe(true);
  });
});

describe('answer Markdown', () => {
  it('shows raw HTML as text, keeps only http(s) links (noopener) and loads no image', () => {
    const html = renderAnswer(
      '**粗体** <img src=x onerror=alert(1)><script>alert(1)</script>\n[坏](javascript:alert(1)) [好](https://www.mwr.gov.cn) ![图](https://evil.example/x.png)',
    );
    expect(html).toContain('<strong>粗体</strong>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;');
    expect(html).not.toMatch(/<img|<script|href="javascript/);
    expect(html).toContain('<a href="https://www.mwr.gov.cn" target="_blank" rel="noopener noreferrer">好</a>');
  });
});
