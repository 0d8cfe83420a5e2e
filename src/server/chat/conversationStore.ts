/**
 * Conversations and messages of the assistant, stored per user through the
 * engine's local API (chat/conversation and chat/message are owned by their
 * user: x-owner userId, so every read and write here touches only the
 * caller's rows; another user's conversation is simply not found).
 */
import { localApi, type LocalContext } from '../engine/localApi.js';
import { notFound } from '../http/apiError.js';
import { databaseNow } from './databaseTime.js';
import type { ChatMode, HistoryMessage } from './providers/chatProvider.js';

export interface OpenedConversation {
  id: string;
  /** Earlier messages, oldest first (at most `historyMessages`). */
  history: HistoryMessage[];
}

const notYours = () => notFound('会话不存在或已被删除', 'The conversation does not exist or has been deleted');

/** The caller's conversation of this mode (404 when it is not theirs or is of the other mode), or a new one. */
export async function openConversation(
  ctx: LocalContext,
  mode: ChatMode,
  conversationId: string | undefined,
  question: string,
  historyMessages: number,
): Promise<OpenedConversation> {
  const api = localApi(ctx);
  if (conversationId === undefined) {
    const created = await api.create('chat/conversation', { mode, content: question, msgs: 0, lastTime: await databaseNow(ctx.db) });
    return { id: String(created.id), history: [] };
  }
  const found = await api.findOne('chat/conversation', { id: conversationId, mode });
  if (!found) throw notYours();
  const earlier = await api.find('chat/message', { where: { conversationId }, sort: ['createTime desc', 'id desc'], limit: historyMessages });
  const history = earlier.reverse().map((row): HistoryMessage => ({ role: row.self === 1 ? 'user' : 'assistant', content: String(row.content) }));
  return { id: conversationId, history };
}

export interface StoredMessage {
  content: string;
  self: boolean;
  from: string;
  complete?: boolean;
}

/** Adds a message and updates the conversation's count and time. */
export async function storeMessage(ctx: LocalContext, conversationId: string, message: StoredMessage): Promise<void> {
  const api = localApi(ctx);
  await api.create('chat/message', {
    conversationId,
    content: message.content,
    self: message.self ? 1 : 0,
    from: message.from,
    complete: message.complete === false ? 0 : 1,
  });
  const msgs = await api.count('chat/message', { conversationId });
  await api.update('chat/conversation', conversationId, { msgs, lastTime: await databaseNow(ctx.db) });
}
