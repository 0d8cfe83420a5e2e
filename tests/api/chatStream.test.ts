/**
 * The AI assistant's streaming routes (platform-core §7 "AI chat", issue 16):
 * POST /api/v1/coze/chatbot/{flowChat,assistant} answer as an event stream —
 * [START]:<conversationId>, Markdown pieces one by one, [DONE] — store the
 * conversation per user, stop the provider when the client goes, time out a
 * hung provider with the spec's error, and answer quick tasks with the
 * figures the monitoring API gives.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetChatLimits, setChatLimits } from '../../src/server/chat/chatLimits.js';
import type { AnswerRequest, ChatProvider } from '../../src/server/chat/providers/chatProvider.js';
import { useProviderOverride } from '../../src/server/chat/providers/providerRegistry.js';
import { ask } from './chatSupport.js';
import { startTestServer, type TestServer } from './testServer.js';

const TENANT = '316979';
let t: TestServer;
let admin: string;
let inspector: string;
/** This file asks dozens of questions a minute as one user; the per-user budget has its own test. */
const GENEROUS = { perUserPerMinute: 1000 };

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn(TENANT, 'admin');
  inspector = await t.signIn(TENANT, 'inspector');
  setChatLimits(GENEROUS);
});

afterAll(async () => {
  await t?.close();
});

afterEach(() => {
  useProviderOverride(undefined);
  resetChatLimits();
  setChatLimits(GENEROUS);
});

describe('professional Q&A (built-in provider)', () => {
  it('streams the answer in pieces after a start marker with the conversation id, ends with [DONE] and cites a note', async () => {
    const answer = await ask(t, 'flowChat', '大坝安全监测包括哪些内容？', { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/^text\/event-stream/);
    expect(answer.conversationId).toMatch(/^\d+$/);
    expect(answer.isDone).toBe(true);
    const pieces = answer.events.slice(1, -1);
    expect(pieces.length).toBeGreaterThan(5);
    // Chunk by chunk: the pieces before [DONE] came in more than one read of the body.
    const reads = new Set(answer.events.filter((e) => e.data !== '[DONE]').map((e) => e.read));
    expect(reads.size).toBeGreaterThanOrEqual(2);
    expect(answer.text).toContain('SL 551-2012');
    expect(answer.text).toMatch(/来源：SL 551-2012《土石坝安全监测技术规范》/);
    expect(answer.text).toContain('渗流');
  });

  it('says when the knowledge base has nothing and offers the preset topics', async () => {
    const answer = await ask(t, 'flowChat', '红烧肉怎么做', { token: admin });
    expect(answer.isDone).toBe(true);
    expect(answer.text).toContain('知识库中没有找到');
    expect(answer.text).toContain('水库运行管理矩阵');
  });

  it('answers in English for an English request', async () => {
    const answer = await ask(t, 'flowChat', 'What does the reservoir management matrix 四全 mean?', { token: admin, language: 'en' });
    expect(answer.isDone).toBe(true);
    expect(answer.text).toContain('From the built-in knowledge base');
    expect(answer.text).toContain('Source：');
  });
});

describe('conversations', () => {
  it('continues a conversation with its id and stores both sides; the history lists it with its first question', async () => {
    const first = await ask(t, 'flowChat', '三个责任人是指哪三个？', { token: inspector });
    expect(first.isDone).toBe(true);
    const second = await ask(t, 'flowChat', '巡视检查的频次是多少？', { token: inspector, conversationId: first.conversationId });
    expect(second.isDone).toBe(true);
    expect(second.conversationId).toBe(first.conversationId);

    const messages = await t.api(`/api/v1/coze/chatbot/messages?conversationId=${first.conversationId}`, { token: inspector });
    expect(messages.status).toBe(200);
    expect(messages.body.data.map((m: { self: boolean }) => m.self)).toEqual([true, false, true, false]);
    expect(messages.body.data[0]).toMatchObject({ content: '三个责任人是指哪三个？', from: 'user' });
    expect(messages.body.data[1]).toMatchObject({ content: first.text, from: 'builtin', complete: true });
    expect(messages.body.data[3].content).toBe(second.text);

    const list = await t.api('/api/v1/coze/chatbot/conversations?mode=flowChat&current=1&size=10', { token: inspector });
    expect(list.status).toBe(200);
    expect(list.body.data.records[0]).toMatchObject({ conversationId: first.conversationId, content: '三个责任人是指哪三个？', msgs: 4 });
    expect(list.body.data.records[0].date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const tasks = await t.api('/api/v1/coze/chatbot/conversations?mode=assistant', { token: inspector });
    expect(tasks.body.data.records.map((r: { conversationId: string }) => r.conversationId)).not.toContain(first.conversationId);
  });

  it('keeps the newest conversations of a user and the newest messages of a conversation; older ones go', async () => {
    setChatLimits({ conversationsPerUser: 3, messagesPerConversation: 4, builtinChunkDelayMs: 0 });
    // A user of its own, so the other tests' conversations do not count.
    const chief = await t.signIn(TENANT, 'river_chief');
    const started: string[] = [];
    for (const question of ['四全是什么', '四预是什么', '四管是什么', '四制是什么', '汛限水位是什么']) {
      const answer = await ask(t, 'flowChat', question, { token: chief });
      expect(answer.isDone).toBe(true);
      started.push(answer.conversationId!);
    }
    const list = await t.api('/api/v1/coze/chatbot/conversations?mode=flowChat&current=1&size=10', { token: chief });
    expect(list.body.data.records.map((r: { content: string }) => r.content)).toEqual(['汛限水位是什么', '四制是什么', '四管是什么']);
    expect((await t.api(`/api/v1/coze/chatbot/messages?conversationId=${started[0]}`, { token: chief })).status).toBe(404);
    const removed = await t.db.query('SELECT 1 FROM ai_chat_message WHERE conversation_id::text = $1 AND is_deleted = 0', [started[0]]);
    expect(removed.rowCount).toBe(0);

    const last = started[4];
    for (const question of ['防洪限制水位呢', '主汛期呢']) {
      expect((await ask(t, 'flowChat', question, { token: chief, conversationId: last })).isDone).toBe(true);
    }
    const contents = async () =>
      (await t.api(`/api/v1/coze/chatbot/messages?conversationId=${last}`, { token: chief })).body.data.map((m: { content: string }) => m.content);
    // The last answer is stored as the stream winds up: wait until the oldest kept message is the second question.
    await expect.poll(async () => (await contents())[0], { timeout: 10_000 }).toBe('防洪限制水位呢');
    const kept = await contents();
    expect(kept).toHaveLength(4);
    expect(kept).not.toContain('汛限水位是什么');
    expect(kept[2]).toBe('主汛期呢');
    const again = await t.api('/api/v1/coze/chatbot/conversations?mode=flowChat&current=1&size=10', { token: chief });
    expect(again.body.data.records[0]).toMatchObject({ conversationId: last, msgs: 4 });
  });

  it("refuses another user's conversation: its id does not continue, list or remove it", async () => {
    const mine = await ask(t, 'flowChat', '汛限水位是什么？', { token: admin });
    const theirs = await ask(t, 'flowChat', '还有呢？', { token: inspector, conversationId: mine.conversationId });
    expect(theirs.status).toBe(404);
    expect(theirs.envelope.msg).toBe('会话不存在或已被删除');
    expect((await t.api(`/api/v1/coze/chatbot/messages?conversationId=${mine.conversationId}`, { token: inspector })).status).toBe(404);
    const removed = await t.api(`/api/v1/coze/chatbot/conversations/remove?conversationIds=${mine.conversationId}`, { token: inspector, method: 'POST' });
    expect(removed.body.data).toBe(0);
    expect((await t.api(`/api/v1/coze/chatbot/messages?conversationId=${mine.conversationId}`, { token: admin })).body.data).toHaveLength(2);
    // A conversation id of the other mode does not continue it either.
    expect((await ask(t, 'assistant', '今天的雨水情', { token: admin, conversationId: mine.conversationId })).status).toBe(404);
  });

  it('removes the caller’s conversations with their messages', async () => {
    const one = await ask(t, 'flowChat', '四预是什么', { token: inspector });
    const removed = await t.api(`/api/v1/coze/chatbot/conversations/remove?conversationIds=${one.conversationId}`, { token: inspector, method: 'POST' });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toBe(1);
    expect((await t.api(`/api/v1/coze/chatbot/messages?conversationId=${one.conversationId}`, { token: inspector })).status).toBe(404);
    const after = await ask(t, 'flowChat', '继续', { token: inspector, conversationId: one.conversationId });
    expect(after.status).toBe(404);
  });
});

describe('big screens', () => {
  it("accept a screen token on the chat routes and the history reads: the screen's user asks and reads their own history", async () => {
    const issued = await t.api('/api/blade-screen/token?screen=screen_matrix', { method: 'POST', token: admin });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const screenToken = issued.body.data.token;
    const answer = await ask(t, 'flowChat', '四管指什么', { token: screenToken });
    expect(answer.isDone).toBe(true);
    expect(answer.text).toContain('除险加固');
    const list = await t.api('/api/v1/coze/chatbot/conversations?mode=flowChat&size=100', { token: screenToken });
    expect(list.status).toBe(200);
    expect(list.body.data.records.map((r: { conversationId: string }) => r.conversationId)).toContain(answer.conversationId);
    // The same user's console sees it too; the screen token opens nothing else that writes.
    expect((await t.api(`/api/v1/coze/chatbot/messages?conversationId=${answer.conversationId}`, { token: admin })).body.data).toHaveLength(2);
    const removal = await t.api(`/api/v1/coze/chatbot/conversations/remove?conversationIds=${answer.conversationId}`, { method: 'POST', token: screenToken });
    expect(removal.status).toBe(401);
  });
});

describe('input limits', () => {
  it('refuses an empty, blank or too long message before any stream starts, in the caller’s language', async () => {
    const blank = await ask(t, 'flowChat', '   ', { token: admin });
    expect(blank.status).toBe(400);
    expect(blank.envelope.msg).toBe('请输入问题');
    const long = await ask(t, 'assistant', '水'.repeat(2001), { token: admin, language: 'en' });
    expect(long.status).toBe(400);
    expect(long.envelope.msg).toBe('A question may have at most 2000 characters');
    const atLimit = await ask(t, 'flowChat', `${'水'.repeat(1999)}坝`, { token: admin });
    expect(atLimit.status).toBe(200);
    const badId = await ask(t, 'flowChat', '你好', { token: admin, conversationId: 'x1' });
    expect(badId.status).toBe(400);
    const noToken = await fetch(`${t.url}/api/v1/coze/chatbot/flowChat?message=hi`, { method: 'POST' });
    expect(noToken.status).toBe(401);
  });

  it('holds each user to the per-minute budget of questions (429 with Retry-After)', async () => {
    setChatLimits({ perUserPerMinute: 2 });
    const farmAdmin = await t.signIn(TENANT, 'farm_admin');
    expect((await ask(t, 'flowChat', '四全', { token: farmAdmin })).status).toBe(200);
    expect((await ask(t, 'flowChat', '四制', { token: farmAdmin })).status).toBe(200);
    const third = await fetch(`${t.url}/api/v1/coze/chatbot/flowChat?message=${encodeURIComponent('四预')}`, {
      method: 'POST',
      headers: { 'Blade-Auth': `bearer ${farmAdmin}`, Accept: 'text/event-stream' },
    });
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await third.json()).msg).toMatch(/^请求过于频繁/);
  });

  it('refuses a bad history page or mode', async () => {
    expect((await t.api('/api/v1/coze/chatbot/conversations?mode=other', { token: admin })).status).toBe(400);
    expect((await t.api('/api/v1/coze/chatbot/conversations?size=101', { token: admin })).status).toBe(400);
    expect((await t.api('/api/v1/coze/chatbot/conversations/remove?conversationIds=', { token: admin, method: 'POST' })).status).toBe(400);
  });
});

/** A provider that sends a piece every `everyMs` until its signal fires; `aborted` resolves when it does. */
function slowProvider(everyMs = 40) {
  let resolveAborted!: () => void;
  const aborted = new Promise<void>((resolve) => (resolveAborted = resolve));
  const provider: ChatProvider = {
    kind: 'slow-test',
    async *answer(request: AnswerRequest) {
      request.signal.addEventListener('abort', () => resolveAborted(), { once: true });
      for (let i = 0; !request.signal.aborted; i++) {
        yield `piece ${i} `;
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
    },
  };
  return { provider, aborted };
}

describe('stopping and timing out', () => {
  it('stops the provider when the client aborts, and keeps what had arrived as an incomplete answer', async () => {
    const slow = slowProvider();
    useProviderOverride(() => slow.provider);
    const controller = new AbortController();
    const answer = await ask(t, 'flowChat', '慢慢回答', {
      token: admin,
      signal: controller.signal,
      onEvent: (event) => {
        if (event.data === 'piece 2 ') controller.abort();
      },
    });
    await slow.aborted;
    expect(answer.isDone).toBe(false);
    expect(answer.text).toContain('piece 0 ');
    // The answer is stored once the server has wound the stream up.
    await expect
      .poll(async () => (await t.api(`/api/v1/coze/chatbot/messages?conversationId=${answer.conversationId}`, { token: admin })).body.data.length, {
        timeout: 10_000,
      })
      .toBe(2);
    const messages = await t.api(`/api/v1/coze/chatbot/messages?conversationId=${answer.conversationId}`, { token: admin });
    expect(messages.body.data[1]).toMatchObject({ self: false, from: 'slow-test', complete: false });
    expect(messages.body.data[1].content).toMatch(/^piece 0 piece 1 /);
  });

  it('answers one question per user at a time: a second one while the first streams gets 429', async () => {
    const slow = slowProvider();
    useProviderOverride(() => slow.provider);
    const controller = new AbortController();
    let resolveFirstPiece!: () => void;
    const firstPiece = new Promise<void>((resolve) => (resolveFirstPiece = resolve));
    const running = ask(t, 'assistant', '第一个问题', {
      token: admin,
      signal: controller.signal,
      onEvent: (event) => event.data.startsWith('piece') && resolveFirstPiece(),
    });
    await firstPiece;
    const second = await ask(t, 'assistant', '第二个问题', { token: admin });
    expect(second.status).toBe(429);
    expect(second.envelope.msg).toBe('上一个回答尚未结束，请稍后再问');
    // Another user is not held up.
    useProviderOverride(undefined);
    expect((await ask(t, 'flowChat', '四全是什么', { token: inspector })).isDone).toBe(true);
    controller.abort();
    await running;
    await slow.aborted;
  });

  it('lets exactly one of several parallel questions of a user through; the others get 429', async () => {
    const slow = slowProvider();
    useProviderOverride(() => slow.provider);
    const controllers = Array.from({ length: 6 }, () => new AbortController());
    const answers = await Promise.all(
      controllers.map((controller, i) =>
        ask(t, 'assistant', `同时提问 ${i}`, {
          token: admin,
          signal: controller.signal,
          // The one let through is stopped once it streams, so every request ends.
          onEvent: (event) => event.data.startsWith('piece') && controller.abort(),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429, 429, 429, 429, 429]);
    await slow.aborted;
    // The slot is free again once the answer has ended: the next question is answered.
    useProviderOverride(undefined);
    await expect.poll(async () => (await ask(t, 'flowChat', '四全是什么', { token: admin })).isDone, { timeout: 10_000 }).toBe(true);
  });

  it('stops a provider that never ends at the answer size limit and closes the stream with a cut note', async () => {
    setChatLimits({ maxAnswerChars: 50, firstChunkMs: 5000, idleMs: 5000, totalMs: 600_000 });
    const endless = slowProvider(5);
    useProviderOverride(() => endless.provider);
    const answer = await ask(t, 'flowChat', '无穷无尽的回答', { token: admin });
    await endless.aborted;
    expect(answer.isDone).toBe(true);
    expect(answer.events.some((event) => event.event === 'error')).toBe(false);
    expect(answer.text).toBe(`${'piece 0 piece 1 piece 2 piece 3 piece 4 piece 5 piece 6 '.slice(0, 50)}\n\n（回答过长，已截断）`);
    const messages = await t.api(`/api/v1/coze/chatbot/messages?conversationId=${answer.conversationId}`, { token: admin });
    expect(messages.body.data[1]).toMatchObject({ self: false, from: 'slow-test', content: answer.text });
  });

  it('ends a hung provider with the busy error after the idle timeout, and aborts its signal', async () => {
    setChatLimits({ firstChunkMs: 2000, idleMs: 300, totalMs: 5000 });
    let sawAbort = false;
    useProviderOverride(() => ({
      kind: 'hung-test',
      async *answer(request: AnswerRequest) {
        request.signal.addEventListener('abort', () => (sawAbort = true));
        yield '第一段';
        // Hangs, ignoring its signal.
        await new Promise(() => undefined);
      },
    }));
    const answer = await ask(t, 'flowChat', '会卡住的问题', { token: admin });
    expect(answer.status, JSON.stringify(answer.envelope)).toBe(200);
    expect(answer.events.map((e) => [e.event, e.data])).toEqual([
      [undefined, `[START]:${answer.conversationId}`],
      [undefined, '第一段'],
      ['error', '服务器繁忙，请稍后再试！'],
    ]);
    expect(sawAbort).toBe(true);
    const english = await ask(t, 'flowChat', 'a hung question', { token: admin, language: 'en' });
    expect(english.events.at(-1)).toMatchObject({ event: 'error', data: 'The server is busy; please try again later!' });
  });

  it('ends with the busy error when the provider fails before its first piece or sends nothing in time', async () => {
    setChatLimits({ firstChunkMs: 300, idleMs: 300, totalMs: 5000 });
    useProviderOverride(() => ({
      kind: 'silent-test',
      // eslint-disable-next-line require-yield
      async *answer() {
        await new Promise(() => undefined);
      },
    }));
    const silent = await ask(t, 'assistant', '没有回音', { token: admin });
    expect(silent.status, JSON.stringify(silent.envelope)).toBe(200);
    expect(silent.events.slice(1).map((e) => [e.event, e.data])).toEqual([['error', '服务器繁忙，请稍后再试！']]);
    useProviderOverride(() => ({
      kind: 'broken-test',
      // eslint-disable-next-line require-yield
      async *answer() {
        throw new Error('upstream exploded');
      },
    }));
    const broken = await ask(t, 'assistant', '出错', { token: admin });
    expect(broken.events.slice(1).map((e) => [e.event, e.data])).toEqual([['error', '服务器繁忙，请稍后再试！']]);
    expect(JSON.stringify(broken.events)).not.toContain('exploded');
  });
});

describe('quick tasks (built-in provider): rain and water of a reservoir', () => {
  const ids: Record<string, string> = {};
  let now = '';
  const day = (text: string, days: number) => new Date(Date.parse(`${text}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  async function save(path: string, body: Record<string, unknown>): Promise<string> {
    const saved = await t.api(path, { token: admin, body });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return String(saved.body.data.id);
  }

  beforeAll(async () => {
    now = (await t.db.query<{ now: string }>(`SELECT to_char(LOCALTIMESTAMP(0), 'YYYY-MM-DD HH24:MI:SS') AS now`)).rows[0].now;
    const township = (
      await t.db.query<{ code: string }>('SELECT region_code AS code FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 LIMIT 1', [TENANT])
    ).rows[0].code;
    ids.reservoir = await save('/api/v1/reservoir/save', {
      name: '问答试验水库',
      code: `Q${Date.now()}`.slice(0, 14),
      regionCode: township,
      scale: 2,
      totalCapacity: 35.5,
      deadWaterLevel: 98,
      floodLimitWaterLevel: 102,
      normalWaterLevel: 102.5,
      designFloodLevel: 103.5,
      checkFloodLevel: 104,
      damCrestElevation: 105,
    });
    ids.rain = await save('/api/v1/info/station/save', {
      stationCode: `QR${Date.now()}`.slice(0, 10),
      stationName: '问答雨量站',
      stationType: 1,
      monitorType: 2,
      reservoirId: ids.reservoir,
    });
    ids.level = await save('/api/v1/info/station/save', {
      stationCode: `QL${Date.now()}`.slice(0, 10),
      stationName: '问答水位站',
      stationType: 3,
      monitorType: 1,
      reservoirId: ids.reservoir,
    });
  });

  it('answers "yesterday" with the rainfall total and the level extremes the monitoring day reports give, the latest level and the flood-limit margin', async () => {
    // Yesterday's hydrological day ends at the 08:00 before the current one (independently of the server's code:
    // the current hydrological day is today's date up to 08:00 and tomorrow's after it).
    const today = now.slice(0, 10);
    const rainDay = day(now.slice(11) <= '08:00:00' ? today : day(today, 1), -1);
    const levelDay = day(today, -1);
    const rain: [string, number][] = [
      [`${day(rainDay, -1)} 08:00:00`, 40], // closes the day before: not counted
      [`${day(rainDay, -1)} 09:00:00`, 2.5],
      [`${day(rainDay, -1)} 15:30:00`, 10],
      [`${rainDay} 07:00:00`, 1.2],
    ];
    for (const [observeTime, value] of rain) await save('/api/v1/monitor/rainfall/save', { stationId: ids.rain, element: 2, observeTime, value });
    const level: [string, number][] = [
      [`${levelDay} 01:00:00`, 100.2],
      [`${levelDay} 12:00:00`, 101.7],
      [`${levelDay} 20:00:00`, 100.9],
      [`${today} 00:00:00`, 101.15],
    ];
    for (const [observeTime, value] of level) await save('/api/v1/monitor/waterLevel/save', { stationId: ids.level, element: 1, observeTime, value });

    const answer = await ask(t, 'assistant', '问答试验水库昨天的雨水情', { token: admin });
    expect(answer.isDone).toBe(true);

    const rainReport = await t.api(`/api/v1/monitor/rainfall/day?stationId=${ids.rain}&date=${rainDay}`, { token: admin });
    expect(rainReport.status).toBe(200);
    const dayTotal = rainReport.body.data.summary.find((row: { label: string }) => row.label === '日雨量').cells.PJ;
    expect(dayTotal).toBe(13.7);
    expect(answer.text).toContain(`问答雨量站 累计雨量 **${dayTotal.toFixed(1)} mm**`);

    const levelReport = await t.api(`/api/v1/monitor/waterLevel/day?stationId=${ids.level}&date=${levelDay}`, { token: admin });
    const highest = levelReport.body.data.summary.find((row: { label: string }) => row.label === '最高');
    const lowest = levelReport.body.data.summary.find((row: { label: string }) => row.label === '最低');
    expect([highest.cells.ZU, lowest.cells.ZU]).toEqual([101.7, 100.2]);
    expect(answer.text).toContain(`最高水位 ${highest.cells.ZU.toFixed(3)} m（${highest.times.ZU.slice(5, 16)}）`);
    expect(answer.text).toContain(`最低水位 ${lowest.cells.ZU.toFixed(3)} m（${lowest.times.ZU.slice(5, 16)}）`);

    const latest = await t.api(`/api/v1/monitor/waterLevel/list?stationId=${ids.level}&current=1&size=1`, { token: admin });
    expect(latest.body.data.records[0].value).toBe(101.15);
    expect(answer.text).toContain(`最新水位：问答水位站 **101.150 m**（${today} 00:00）`);
    expect(answer.text).toContain('汛限水位 102.000 m，当前低于汛限 **0.850 m**');
    expect(answer.text).toContain('当前无生效预警');
  });

  it('understands English, this week and the last N days; names the caller’s reservoirs when it does not know the one asked for', async () => {
    const english = await ask(t, 'assistant', 'rain and water of 问答试验水库 this week', { token: admin, language: 'en' });
    expect(english.text).toContain('**问答试验水库**: rain and water, this week');
    expect(english.text).toContain('Latest level: 问答水位站 **101.150 m**');
    const lastDays = await ask(t, 'assistant', '问答试验 近三天的雨水情', { token: admin });
    expect(lastDays.text).toContain('**问答试验水库** 近 3 天雨水情');
    const unknown = await ask(t, 'assistant', '不存在水库今天的雨水情', { token: admin });
    expect(unknown.text).toContain('没有找到您说的水库');
    const names = (await t.api('/api/v1/reservoir/listAll', { token: admin })).body.data.map((r: { name: string }) => r.name);
    const listed = [...unknown.text.matchAll(/^- (.+)今天的雨水情$/gm)].map((m) => m[1]);
    expect(listed.length).toBeGreaterThan(0);
    for (const name of listed) expect(names).toContain(name);
  });
});
