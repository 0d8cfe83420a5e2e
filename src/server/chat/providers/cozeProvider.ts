/**
 * Coze (扣子) v3 chat API, streamed: POST <baseUrl>/v3/chat with
 * `stream: true`, the bot id, the user and the question as
 * `additional_messages`. The answer is server-sent events: the text comes in
 * `conversation.message.delta` events whose data is a message with
 * `type: "answer"` and a `content` piece; `conversation.chat.failed` and
 * `error` end it with an error, `done` ends it.
 */
import { chatLimits } from '../chatLimits.js';
import { type AnswerRequest, type ChatProvider, ProviderError } from './chatProvider.js';
import { outboundPolicy } from './providerSupport.js';
import { streamingPost } from './streamingRequest.js';
import { upstreamEvents } from './upstreamEvents.js';

export const COZE_DEFAULT_BASE_URL = 'https://api.coze.cn';

export interface CozeSettings {
  baseUrl: string;
  token: string;
  botId: string;
}

interface CozeData {
  type?: string;
  role?: string;
  content?: string;
  msg?: string;
  code?: number;
  last_error?: { code?: number; msg?: string };
}

function dataOf(data: string): CozeData {
  try {
    const value = JSON.parse(data) as unknown;
    return typeof value === 'object' && value !== null ? (value as CozeData) : {};
  } catch {
    return {};
  }
}

export function cozeProvider(settings: CozeSettings): ChatProvider {
  return {
    kind: 'coze',
    async *answer(request: AnswerRequest) {
      const history = request.history.map((entry) => ({
        role: entry.role,
        content: entry.content,
        content_type: 'text',
        type: entry.role === 'user' ? 'question' : 'answer',
      }));
      const pieces = streamingPost({
        url: `${(settings.baseUrl || COZE_DEFAULT_BASE_URL).replace(/\/+$/, '')}/v3/chat`,
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${settings.token}` },
        body: JSON.stringify({
          bot_id: settings.botId,
          // Coze keeps its own memory per user: the tenant and user ids name the caller without any personal data.
          user_id: `${request.caller.tenantId}-${request.caller.userId}`,
          stream: true,
          auto_save_history: true,
          additional_messages: [...history, { role: 'user', content: request.message, content_type: 'text', type: 'question' }],
        }),
        policy: outboundPolicy(chatLimits()),
        signal: request.signal,
      });
      for await (const upstream of upstreamEvents(pieces)) {
        const name = upstream.event ?? '';
        if (name === 'done') return;
        if (name === 'error') throw new ProviderError(`Coze reported an error: ${dataOf(upstream.data).msg ?? upstream.data.slice(0, 200)}`);
        if (name === 'conversation.chat.failed')
          throw new ProviderError(`Coze could not answer: ${dataOf(upstream.data).last_error?.msg ?? 'no reason given'}`);
        if (name !== 'conversation.message.delta') continue;
        const data = dataOf(upstream.data);
        if (data.type === 'answer' && data.content) yield data.content;
      }
    },
  };
}
