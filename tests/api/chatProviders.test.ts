/**
 * The assistant's external providers, chosen per tenant in the register
 * chat/provider: an OpenAI-compatible endpoint and Coze v3, each against a
 * local stub server that streams its events; the outbound guard refuses the
 * loopback stub unless the chat limits allow its network (as an on-premises
 * model server would be allowed with CHAT_ALLOW_NETWORKS).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetChatLimits, setChatLimits } from '../../src/server/chat/chatLimits.js';
import { ask } from './chatSupport.js';
import { startTestServer, type TestServer } from './testServer.js';

const TENANT = '100001';
let t: TestServer;
let admin: string;

interface Seen {
  path: string;
  headers: http.IncomingHttpHeaders;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** A stub provider: answers each POST with `events` (raw SSE blocks), 20 ms apart; remembers the requests. */
function stubServer(answer: (seen: Seen) => { status?: number; events: string[] }) {
  const seen: Seen[] = [];
  const server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', async () => {
      const entry = { path: request.url ?? '', headers: request.headers, body: JSON.parse(text || '{}') };
      seen.push(entry);
      const { status = 200, events } = answer(entry);
      response.writeHead(status, { 'content-type': status === 200 ? 'text/event-stream' : 'application/json' });
      for (const event of events) {
        response.write(event);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      response.end();
    });
  });
  return {
    seen,
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const openAiChunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\n\n`;
const openAi = stubServer((seen) =>
  seen.body.messages?.at(-1)?.content === 'fail please'
    ? { status: 500, events: ['{"error":{"message":"boom"}}'] }
    : {
        events: [
          `data: ${JSON.stringify({ choices: [{ delta: { role: 'assistant' } }] })}\n\n`,
          openAiChunk('汛限'),
          openAiChunk('水位是'),
          openAiChunk('**上限**。'),
          'data: [DONE]\n\n',
        ],
      },
);

const cozeEvent = (event: string, data: unknown) => `event: ${event}\ndata: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
const coze = stubServer(() => ({
  events: [
    cozeEvent('conversation.chat.created', { id: 'chat1', conversation_id: 'cv1', status: 'created' }),
    cozeEvent('conversation.message.delta', { role: 'assistant', type: 'answer', content: '四预是', content_type: 'text' }),
    cozeEvent('conversation.message.delta', { role: 'assistant', type: 'answer', content: '预报、预警、', content_type: 'text' }),
    cozeEvent('conversation.message.delta', { role: 'assistant', type: 'answer', content: '预演、预案。', content_type: 'text' }),
    cozeEvent('conversation.message.completed', { role: 'assistant', type: 'answer', content: '四预是预报、预警、预演、预案。', content_type: 'text' }),
    cozeEvent('conversation.message.completed', { role: 'assistant', type: 'follow_up', content: '还想了解四管吗？', content_type: 'text' }),
    cozeEvent('conversation.chat.completed', { id: 'chat1', status: 'completed' }),
    cozeEvent('done', '"[DONE]"'),
  ],
}));

let openAiUrl: string;
let cozeUrl: string;
let providerId: string;

beforeAll(async () => {
  [openAiUrl, cozeUrl] = await Promise.all([openAi.start(), coze.start()]);
  t = await startTestServer();
  admin = await t.signIn(TENANT, 'admin');
});

afterAll(async () => {
  await t?.close();
  await Promise.all([openAi.stop(), coze.stop()]);
});

const allowLoopback = () => setChatLimits({ allowNetworks: ['127.0.0.1/32'], allowHttp: true, perUserPerMinute: 1000 });

afterEach(() => resetChatLimits());

describe('the provider register', () => {
  it('keeps one row per tenant, needs what each kind needs, and never returns the key', async () => {
    const missingModel = await t.api('/api/v1/coze/provider/save', {
      token: admin,
      body: { name: '模型', kind: 3, baseUrl: `${openAiUrl}/v1`, apiKey: 'sk-x' },
    });
    expect(missingModel.status).toBe(400);
    expect(missingModel.body.msg).toBe('OpenAI 兼容接口需要填写模型');
    const noKey = await t.api('/api/v1/coze/provider/save', { token: admin, body: { name: '无密钥', kind: 2, botId: 'b1' } });
    expect(noKey.status).toBe(400);
    expect(noKey.body.msg).toBe('请填写令牌 / API Key');
    const saved = await t.api('/api/v1/coze/provider/save', {
      token: admin,
      // As the console's form sends it: the key in apiKey, the engine's write-only field, stored sealed.
      body: { name: '本地模型', kind: 3, baseUrl: `${openAiUrl}/v1`, model: 'test-model', apiKey: 'sk-test-secret-1' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    providerId = String(saved.body.data.id);
    const second = await t.api('/api/v1/coze/provider/save', { token: admin, body: { name: '第二条', kind: 1 } });
    expect(second.status).toBe(400);
    expect(second.body.msg).toBe('本租户已有智能助手设置，请修改已有的一条');
    const list = await t.api('/api/v1/coze/provider/list', { token: admin });
    expect(list.body.data.records).toHaveLength(1);
    expect(JSON.stringify(list.body.data)).not.toContain('sk-test-secret-1');
    expect(list.body.data.records[0].apiKey).toBeUndefined();
    // Rows say only that a key is stored, so the form can offer "set — leave blank to keep".
    expect(list.body.data.records[0].apiKeySet).toBe(true);
    const detail = await t.api(`/api/v1/coze/provider/detail?id=${providerId}`, { token: admin });
    expect(detail.body.data).toMatchObject({ apiKeySet: true });
    expect(JSON.stringify(detail.body.data)).not.toContain('sk-test-secret-1');
    const stored = await t.db.query<{ api_key: string }>('SELECT api_key FROM ai_chat_provider WHERE id = $1', [providerId]);
    expect(stored.rows[0].api_key).toMatch(/^v1:/);
    const inspector = await t.signIn(TENANT, 'inspector');
    expect((await t.api('/api/v1/coze/provider/list', { token: inspector })).status).toBe(403);
  });

  it('holds one live row per tenant in the database itself (a unique index on the tenant), not only in the save rule', async () => {
    expect(providerId, 'the previous test saves the row').toBeDefined();
    // A copy of the row under another id, written past the engine as two racing saves would reach the table.
    const copy = t.db.query(
      `INSERT INTO ai_chat_provider
         SELECT (jsonb_populate_record(NULL::ai_chat_provider, to_jsonb(p) || jsonb_build_object('id', (p.id::text::numeric + 1)::text))).*
           FROM ai_chat_provider p WHERE p.id::text = $1`,
      [providerId],
    );
    await expect(copy).rejects.toMatchObject({ code: '23505' });
  });
});

describe('an OpenAI-compatible endpoint', () => {
  it('streams its chat.completion.chunk pieces through, with the key, model, instruction, history and question', async () => {
    allowLoopback();
    const first = await ask(t, 'flowChat', '汛限水位是什么？', { token: admin });
    expect(first.isDone, JSON.stringify(first.events)).toBe(true);
    expect(first.text).toBe('汛限水位是**上限**。');
    expect(new Set(first.events.filter((e) => e.data !== '[DONE]').map((e) => e.read)).size).toBeGreaterThanOrEqual(2);
    const request = openAi.seen.at(-1)!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-test-secret-1');
    expect(request.body).toMatchObject({ model: 'test-model', stream: true });
    expect(request.body.messages[0].role).toBe('system');
    expect(request.body.messages.at(-1)).toEqual({ role: 'user', content: '汛限水位是什么？' });

    await ask(t, 'flowChat', '再说一遍', { token: admin, conversationId: first.conversationId });
    expect(openAi.seen.at(-1)!.body.messages.slice(1)).toEqual([
      { role: 'user', content: '汛限水位是什么？' },
      { role: 'assistant', content: '汛限水位是**上限**。' },
      { role: 'user', content: '再说一遍' },
    ]);
    const messages = await t.api(`/api/v1/coze/chatbot/messages?conversationId=${first.conversationId}`, { token: admin });
    expect(messages.body.data[1]).toMatchObject({ from: 'openai', content: '汛限水位是**上限**。' });
  });

  it('ends with the busy error when the endpoint fails', async () => {
    allowLoopback();
    const answer = await ask(t, 'flowChat', 'fail please', { token: admin });
    expect(answer.events.slice(1).map((e) => [e.event, e.data])).toEqual([['error', '服务器繁忙，请稍后再试！']]);
  });

  it('is refused by the outbound guard on a loopback address unless the network is allowed: no request leaves', async () => {
    setChatLimits({ allowHttp: true, perUserPerMinute: 1000 });
    const before = openAi.seen.length;
    const answer = await ask(t, 'flowChat', '汛限水位是什么？', { token: admin });
    expect(answer.events.at(-1)).toMatchObject({ event: 'error', data: '服务器繁忙，请稍后再试！' });
    expect(openAi.seen.length).toBe(before);
    // Plain http is refused too unless allowed, even where the network is.
    setChatLimits({ allowHttp: false, allowNetworks: ['127.0.0.1/32'] });
    expect((await ask(t, 'flowChat', '汛限水位是什么？', { token: admin })).events.at(-1)?.event).toBe('error');
    expect(openAi.seen.length).toBe(before);
  });
});

describe('Coze', () => {
  it('streams the answer deltas of the v3 chat stream (not the completed copies or follow-ups) with the bot, user and question', async () => {
    const updated = await t.api('/api/v1/coze/provider/update', {
      token: admin,
      // The form sends the key's box empty when it is left alone.
      body: { id: providerId, kind: 2, baseUrl: cozeUrl, botId: '7350000000000000001', apiKey: '' },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    allowLoopback();
    const answer = await ask(t, 'assistant', '四预是什么？', { token: admin });
    expect(answer.isDone, JSON.stringify(answer.events)).toBe(true);
    expect(answer.text).toBe('四预是预报、预警、预演、预案。');
    const request = coze.seen.at(-1)!;
    expect(request.path).toBe('/v3/chat');
    // The key kept from the first save (left empty in the update).
    expect(request.headers.authorization).toBe('Bearer sk-test-secret-1');
    expect(request.body).toMatchObject({ bot_id: '7350000000000000001', stream: true });
    expect(request.body.user_id).toMatch(/^100001-\d+$/);
    expect(request.body.additional_messages.at(-1)).toMatchObject({ role: 'user', content: '四预是什么？', content_type: 'text' });
  });
});
