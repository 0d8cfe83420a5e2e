/**
 * Conversations and messages of the assistant, stored per user through the
 * engine's local API (chat/conversation and chat/message are owned by their
 * user: x-owner userId, so every read and write here touches only the
 * caller's rows; another user's conversation is simply not found).
 */
import { localApi, type LocalApi, type LocalContext } from '../engine/localApi.js';
import { notFound } from '../http/apiError.js';
import { chatLimits } from './chatLimits.js';
import { databaseNow } from '../db/databaseClock.js';
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
    await dropOldConversations(api, chatLimits().conversationsPerUser);
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

/** Removes conversations and their messages (the caller's only: the api is the caller's). */
export async function removeConversations(api: LocalApi, conversationIds: string[]): Promise<number> {
  if (conversationIds.length === 0) return 0;
  const inside = await api.find('chat/message', { where: { conversationId: conversationIds } });
  if (inside.length > 0)
    await api.remove(
      'chat/message',
      inside.map((row) => String(row.id)),
    );
  return api.remove('chat/conversation', conversationIds);
}

/** Keeps the caller's newest `keep` conversations (by their latest message), so the history cannot grow without end. */
async function dropOldConversations(api: LocalApi, keep: number): Promise<void> {
  // One is added at a time, so a few beyond the cap are all there can be; the margin covers parallel starts.
  const newest = await api.find('chat/conversation', { sort: ['lastTime desc', 'id desc'], limit: keep + 100 });
  await removeConversations(
    api,
    newest.slice(keep).map((row) => String(row.id)),
  );
}

/** Keeps a conversation's newest `keep` messages; returns how many it has. */
async function dropOldMessages(api: LocalApi, conversationId: string, keep: number): Promise<number> {
  const count = await api.count('chat/message', { conversationId });
  if (count <= keep) return count;
  const oldest = await api.find('chat/message', { where: { conversationId }, sort: ['createTime asc', 'id asc'], limit: count - keep });
  await api.remove(
    'chat/message',
    oldest.map((row) => String(row.id)),
  );
  return count - oldest.length;
}

/** Adds a message (the oldest go beyond the per-conversation cap) and updates the conversation's count and time. */
export async function storeMessage(ctx: LocalContext, conversationId: string, message: StoredMessage): Promise<void> {
  const api = localApi(ctx);
  await api.create('chat/message', {
    conversationId,
    content: message.content,
    self: message.self ? 1 : 0,
    from: message.from,
    complete: message.complete === false ? 0 : 1,
  });
  const msgs = await dropOldMessages(api, conversationId, chatLimits().messagesPerConversation);
  await api.update('chat/conversation', conversationId, { msgs, lastTime: await databaseNow(ctx.db) });
}
