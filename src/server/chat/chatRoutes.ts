/**
 * The AI assistant's streaming routes (platform-core §7 "AI chat"):
 *
 *   POST /api/v1/coze/chatbot/flowChat?message=<text>[&conversationId=<id>]   professional Q&A
 *   POST /api/v1/coze/chatbot/assistant?message=<text>[&conversationId=<id>]  quick task
 *
 * answered as text/event-stream: first `[START]:<conversationId>`, then the
 * answer's Markdown pieces one event each, then `[DONE]`; a provider error or
 * timeout sends `event: error` with 服务器繁忙，请稍后再试！ (English for an
 * English request) and ends the stream. Refusals come before any stream, as
 * the usual JSON envelope: 400 for an empty or too long message, 404 for a
 * conversation that is not the caller's, 429 for a second answer while one
 * is in flight or beyond the per-user budget.
 *
 * Hand-written rather than x-api bindings: the engine has no streaming
 * operation. The conversation and its messages still go through the engine
 * (conversationStore.ts). Any signed-in user may ask (the assistant is on
 * every page of the console, and on the big screens with their screen token).
 * The client closing the request aborts the provider's call.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isIdString } from '../db/ids.js';
import type { Db } from '../db/pool.js';
import { ApiError, badRequest, type Language } from '../http/apiError.js';
import type { Caller } from '../http/caller.js';
import type { EventStreams } from '../http/eventStreams.js';
import { sendTooManyRequests } from '../http/rateLimits.js';
import { SCREEN_CODES } from '../screens/screenCodes.js';
import { chatLimits } from './chatLimits.js';
import { openConversation, storeMessage } from './conversationStore.js';
import './historyActions.js';
import { knowledgeIndex } from './knowledge/knowledgeIndex.js';
import type { ChatMode, ChatProvider } from './providers/chatProvider.js';
import { providerFor } from './providers/providerRegistry.js';
import './providers/providerRules.js';
import { AnswerTimeout, timedAnswer } from './timedAnswer.js';

export const CHAT_PATHS: Record<ChatMode, string> = {
  flowChat: '/api/v1/coze/chatbot/flowChat',
  assistant: '/api/v1/coze/chatbot/assistant',
};
export const START_MARKER = '[START]';
export const DONE_MARKER = '[DONE]';
export const BUSY: Record<Language, string> = { zh: '服务器繁忙，请稍后再试！', en: 'The server is busy; please try again later!' };
/** Ends an answer cut at maxAnswerChars (the provider is stopped there, not drained). */
export const CUT_NOTE: Record<Language, string> = { zh: '\n\n（回答过长，已截断）', en: '\n\n(The answer was too long and has been cut.)' };

interface ChatQuery {
  message?: unknown;
  conversationId?: unknown;
}

function messageOf(query: ChatQuery): string {
  const raw = typeof query.message === 'string' ? query.message.trim() : '';
  if (raw === '') throw badRequest('请输入问题', 'Please enter a question', { field: 'message' });
  const max = chatLimits().maxMessageChars;
  if ([...raw].length > max) throw badRequest(`问题最多 ${max} 个字符`, `A question may have at most ${max} characters`, { field: 'message' });
  return raw;
}

function conversationIdOf(query: ChatQuery): string | undefined {
  const raw = typeof query.conversationId === 'string' ? query.conversationId.trim() : '';
  if (raw === '') return undefined;
  if (!isIdString(raw)) throw badRequest('会话编号无效', 'The conversation id is not valid', { field: 'conversationId' });
  return raw;
}

interface Answering {
  request: FastifyRequest;
  reply: FastifyReply;
  caller: Caller;
  mode: ChatMode;
  message: string;
}

export function registerChatRoutes(app: FastifyInstance, db: Db, streams: EventStreams): void {
  // Built at start, not at the first question: a broken note stops the server with its file name.
  knowledgeIndex();
  // One answer in flight per user: the slot holds the token of the request that took it, so only that request
  // frees it (an old request ending late must not free a newer one's slot).
  const slots = new Map<string, symbol>();

  /** Streams one answer; what arrived is stored even when it was stopped or cut. */
  async function answer(
    { request, reply, caller, mode, message }: Answering,
    conversation: { id: string; history: { role: 'user' | 'assistant'; content: string }[] },
  ) {
    const language = request.language;
    const ctx = { db, caller, language };
    const controller = new AbortController();
    const stop = () => controller.abort(new Error('the client closed the stream'));
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) stop();
    });
    reply.sse.onClose(stop);
    const limits = chatLimits();
    let provider: ChatProvider | undefined;
    let text = '';
    let isComplete = false;
    let isCut = false;
    try {
      await reply.sse.send(`${START_MARKER}:${conversation.id}`);
      provider = await providerFor(db, caller, mode);
      const pieces = provider.answer({
        mode,
        message,
        history: conversation.history,
        conversationId: conversation.id,
        caller,
        language,
        db,
        signal: controller.signal,
      });
      for await (const piece of timedAnswer(pieces, controller, limits)) {
        if (!reply.sse.isConnected || controller.signal.aborted) break;
        const part = piece.slice(0, Math.max(0, limits.maxAnswerChars - text.length));
        if (part !== '') {
          text += part;
          await reply.sse.send(part);
        }
        if (text.length >= limits.maxAnswerChars) {
          // Stop the provider now: otherwise a runaway answer keeps streaming (and costing) until the total timeout.
          isCut = true;
          controller.abort(new Error('the answer reached maxAnswerChars'));
          break;
        }
      }
      if (isCut && reply.sse.isConnected) {
        text += CUT_NOTE[language];
        await reply.sse.send(CUT_NOTE[language]);
        await reply.sse.send(DONE_MARKER);
      } else if (reply.sse.isConnected && !controller.signal.aborted) {
        isComplete = true;
        await reply.sse.send(DONE_MARKER);
      }
    } catch (error) {
      const wasStopped = controller.signal.aborted && !(error instanceof AnswerTimeout);
      if (!wasStopped) {
        request.log.warn({ err: error, provider: provider?.kind }, 'AI assistant: the provider failed');
        if (reply.sse.isConnected) await reply.sse.send({ event: 'error', data: BUSY[language] }).catch(() => undefined);
      }
    } finally {
      if (text !== '') {
        await storeMessage(ctx, conversation.id, { content: text, self: false, from: provider?.kind ?? 'builtin', complete: isComplete }).catch((error) =>
          request.log.warn({ err: error }, 'AI assistant: the answer could not be stored'),
        );
      }
    }
  }

  function route(mode: ChatMode) {
    app.post(CHAT_PATHS[mode], { config: { access: 'user', screens: SCREEN_CODES }, sse: { kind: 'only', serializer: String } }, async (request, reply) => {
      const caller = request.caller!;
      const query = (request.query ?? {}) as ChatQuery;
      const message = messageOf(query);
      const conversationId = conversationIdOf(query);
      const who = `${caller.tenantId}:${caller.userId}`;
      // Checked and taken before the first await, so two parallel requests cannot both pass.
      if (slots.has(who)) {
        throw new ApiError(429, { zh: '上一个回答尚未结束，请稍后再问', en: 'The previous answer has not finished yet; please wait for it' });
      }
      const token = Symbol(who);
      slots.set(who, token);
      const release = () => {
        if (slots.get(who) === token) slots.delete(who);
      };
      // Free as soon as the client is gone (stopped, then asked again at once), not only once the answer is stored.
      reply.raw.on('close', release);
      try {
        const verdict = await app.rateLimiter.consume([{ key: `chat:${who}`, windowSeconds: 60, max: chatLimits().perUserPerMinute }]);
        if (!verdict.isAllowed) return sendTooManyRequests(request, reply, verdict.retryAfter);
        const ctx = { db, caller, language: request.language };
        const conversation = await openConversation(ctx, mode, conversationId, message, chatLimits().historyMessages);
        await storeMessage(ctx, conversation.id, { content: message, self: true, from: 'user' });
        if (!reply.sse.isConnected) return;
        if (!streams.track(reply))
          throw new ApiError(503, { zh: '服务器连接已满或正在停止，请稍后重试', en: 'The server is full or stopping; try again shortly' });
        await answer({ request, reply, caller, mode, message }, conversation);
      } finally {
        release();
      }
    });
  }
  route('flowChat');
  route('assistant');
}
