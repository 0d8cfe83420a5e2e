/**
 * The AI chat's states (platform-core §4): idle → loading → answering → idle; sending and choosing history only
 * when idle; empty input ignored; the start marker's conversation id kept for the dialog; stop, error, regenerate
 * and new dialog — on the pure reducer and on the session that feeds it a (fake) answer stream.
 */
import { describe, expect, it } from 'vitest';
import { chatReducer, initialChat, type ChatEvent, type ChatState } from '../../../src/web/chat/chatMachine';
import type { AnswerEnd, AnswerRequest } from '../../../src/web/chat/chatApi';
import { ChatSession } from '../../../src/web/chat/chatSession';

const DATE = '2026-11-26 10:00:00';
const run = (events: ChatEvent[], state: ChatState = initialChat('flowChat')) => events.reduce(chatReducer, state);
const send = (question: string): ChatEvent => ({ type: 'send', question, date: DATE });

describe('chat state machine', () => {
  it('goes idle → loading on a question, answering on the start marker and chunks, idle at the end', () => {
    const loading = run([send('  大坝安全监测包括什么？  ')]);
    expect(loading.status).toBe('loading');
    expect(loading.messages.map((m) => [m.self, m.content])).toEqual([
      [true, '大坝安全监测包括什么？'],
      [false, ''],
    ]);
    const answering = run(
      [
        { type: 'start', conversationId: 'c1' },
        { type: 'chunk', text: '包括' },
        { type: 'chunk', text: '变形、渗流。' },
      ],
      loading,
    );
    expect(answering).toMatchObject({ status: 'answering', conversationId: 'c1' });
    expect(answering.messages[1].content).toBe('包括变形、渗流。');
    expect(run([{ type: 'done' }], answering).status).toBe('idle');
  });

  it('ignores an empty or blank question', () => {
    const state = initialChat('assistant');
    expect(run([send('')], state)).toBe(state);
    expect(run([send(' \n\t ')], state)).toBe(state);
  });

  it('blocks sending and choosing history while loading or answering', () => {
    const loading = run([send('一')]);
    expect(run([send('二')], loading)).toBe(loading);
    expect(run([{ type: 'load', conversationId: 'old', messages: [] }], loading)).toBe(loading);
    const answering = run([{ type: 'chunk', text: 'x' }], loading);
    expect(run([send('二')], answering)).toBe(answering);
    expect(run([{ type: 'load', conversationId: 'old', messages: [] }], answering)).toBe(answering);
  });

  it('keeps the conversation id for the next question of the dialog', () => {
    const state = run([send('一'), { type: 'start', conversationId: 'c9' }, { type: 'done' }, send('二')]);
    expect(state.conversationId).toBe('c9');
    expect(state.lastQuestion).toBe('二');
  });

  it('turns the last answer into the busy text on an error and goes idle', () => {
    const state = run([send('一'), { type: 'chunk', text: '半句' }, { type: 'fail', message: '服务器繁忙，请稍后再试！' }]);
    expect(state.status).toBe('idle');
    expect(state.messages[1]).toMatchObject({ content: '服务器繁忙，请稍后再试！', failed: true });
  });

  it('stops: idle with the answer so far', () => {
    const state = run([send('一'), { type: 'chunk', text: '半句' }, { type: 'stop' }]);
    expect(state.status).toBe('idle');
    expect(state.messages[1].content).toBe('半句');
  });

  it('regenerates: the last question asked again in place of its answer', () => {
    const state = run([
      send('一'),
      { type: 'chunk', text: 'A' },
      { type: 'done' },
      send('二'),
      { type: 'chunk', text: 'B' },
      { type: 'done' },
      { type: 'regenerate', date: DATE },
    ]);
    expect(state.status).toBe('loading');
    expect(state.messages.map((m) => m.content)).toEqual(['一', 'A', '二', '']);
  });

  it('new dialog clears the messages and forgets the conversation id', () => {
    const state = run([send('一'), { type: 'start', conversationId: 'c1' }, { type: 'chunk', text: 'A' }, { type: 'reset' }]);
    expect(state).toEqual(initialChat('flowChat'));
  });

  it('a history entry shows its messages and continues its conversation', () => {
    const messages = [
      { date: DATE, content: '旧问题', self: true, from: 'user' },
      { date: DATE, content: '旧回答', self: false, from: 'assistant' },
    ];
    const state = run([{ type: 'load', conversationId: 'old', messages }, send('接着问')]);
    expect(state.conversationId).toBe('old');
    expect(state.messages.map((m) => m.content)).toEqual(['旧问题', '旧回答', '接着问', '']);
  });
});

/** An answer stream the test drives by hand: signals pushed, then ended, or aborted by the session. */
function fakeStream() {
  const requests: AnswerRequest[] = [];
  const ends: ((end: AnswerEnd) => void)[] = [];
  const stream = (request: AnswerRequest) =>
    new Promise<AnswerEnd>((resolve) => {
      requests.push(request);
      ends.push(resolve);
      request.signal.addEventListener('abort', () => resolve({ kind: 'aborted' }));
    });
  return { stream, requests, end: (index: number, end: AnswerEnd) => ends[index](end) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('chat session', () => {
  function session() {
    const fake = fakeStream();
    const saved: string[] = [];
    const chat = new ChatSession('flowChat', {
      stream: fake.stream,
      busyText: () => '服务器繁忙，请稍后再试！',
      now: () => DATE,
      onAnswered: (_mode, id) => saved.push(id),
    });
    return { chat, fake, saved };
  }

  it('asks with the question and the kept conversation id, and remembers the finished conversation', async () => {
    const { chat, fake, saved } = session();
    expect(chat.send('一')).toBe(true);
    expect(fake.requests[0]).toMatchObject({ mode: 'flowChat', message: '一', conversationId: undefined });
    fake.requests[0].onSignal({ kind: 'start', conversationId: 'c1' });
    fake.requests[0].onSignal({ kind: 'chunk', text: '答' });
    fake.end(0, { kind: 'done' });
    await settle();
    expect(chat.getState().status).toBe('idle');
    expect(saved).toEqual(['c1']);
    chat.send('二');
    expect(fake.requests[1]).toMatchObject({ message: '二', conversationId: 'c1' });
  });

  it('stop aborts the request; what the aborted stream still sends is ignored', async () => {
    const { chat, fake } = session();
    chat.send('一');
    fake.requests[0].onSignal({ kind: 'chunk', text: '前半' });
    chat.stop();
    expect(fake.requests[0].signal.aborted).toBe(true);
    fake.requests[0].onSignal({ kind: 'chunk', text: '后半' });
    await settle();
    expect(chat.getState()).toMatchObject({ status: 'idle' });
    expect(chat.getState().messages[1].content).toBe('前半');
  });

  it('new dialog aborts the answer on its way', () => {
    const { chat, fake } = session();
    chat.send('一');
    chat.reset();
    expect(fake.requests[0].signal.aborted).toBe(true);
    expect(chat.getState().messages).toEqual([]);
  });

  it('a failed answer becomes the busy text', async () => {
    const { chat, fake } = session();
    chat.send('一');
    fake.end(0, { kind: 'failed', reason: 'HTTP 502' });
    await settle();
    expect(chat.getState().messages[1]).toMatchObject({ content: '服务器繁忙，请稍后再试！', failed: true });
    expect(chat.getState().status).toBe('idle');
  });

  it('regenerate sends the last question again', () => {
    const { chat, fake } = session();
    chat.send('一');
    fake.requests[0].onSignal({ kind: 'chunk', text: 'A' });
    chat.stop();
    expect(chat.regenerate()).toBe(true);
    expect(fake.requests[1].message).toBe('一');
  });

  it('refuses a second question while answering (no second request)', () => {
    const { chat, fake } = session();
    chat.send('一');
    expect(chat.send('二')).toBe(false);
    expect(fake.requests).toHaveLength(1);
  });
});
