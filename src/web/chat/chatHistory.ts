/**
 * The chat history kept in the browser (platform-core §9): two lists in local storage, professional and task, each
 * entry a conversation with its date, content (the first question), conversationId and msgs (its messages). The
 * lists belong to one user of one tenant (one browser may serve several). Merged with the server's conversations
 * by conversationId for the history drawer. Pure apart from the Storage handed in; unit tested.
 */
import type { ChatMessage, ChatMode } from './chatMachine';
import type { ServerConversation } from './chatApi';

export interface LocalConversation {
  date: string;
  content: string;
  conversationId: string;
  msgs: ChatMessage[];
}

/** Kept per list and per conversation, so the lists stay far below the storage quota. */
export const MAX_CONVERSATIONS = 30;
export const MAX_MESSAGES = 60;

export const historyKey = (owner: string, mode: ChatMode) => `chat-history:${owner}:${mode}`;

export function readHistory(storage: Storage, owner: string, mode: ChatMode): LocalConversation[] {
  try {
    const parsed = JSON.parse(storage.getItem(historyKey(owner, mode)) ?? '[]') as unknown;
    return Array.isArray(parsed)
      ? (parsed as LocalConversation[]).filter((entry) => typeof entry?.conversationId === 'string' && Array.isArray(entry.msgs))
      : [];
  } catch {
    return [];
  }
}

/** The list with this conversation first (added, or replaced with its latest messages), cut to the limits. */
export function withConversation(list: LocalConversation[], conversationId: string, messages: ChatMessage[]): LocalConversation[] {
  const first = messages.find((message) => message.self);
  if (!first) return list;
  const entry: LocalConversation = { date: first.date, content: first.content, conversationId, msgs: messages.slice(-MAX_MESSAGES) };
  return [entry, ...list.filter((other) => other.conversationId !== conversationId)].slice(0, MAX_CONVERSATIONS);
}

export function saveConversation(storage: Storage, owner: string, mode: ChatMode, conversationId: string, messages: ChatMessage[]): void {
  const list = withConversation(readHistory(storage, owner, mode), conversationId, messages);
  try {
    storage.setItem(historyKey(owner, mode), JSON.stringify(list));
  } catch {
    // A full storage keeps the older list: the server has the conversation too.
  }
}

export function forgetConversation(storage: Storage, owner: string, mode: ChatMode, conversationId: string): void {
  const list = readHistory(storage, owner, mode).filter((entry) => entry.conversationId !== conversationId);
  storage.setItem(historyKey(owner, mode), JSON.stringify(list));
}

/** One row of the history drawer: a conversation known locally, on the server, or both. */
export interface HistoryItem {
  conversationId: string;
  date: string;
  content: string;
  /** Messages counted: the server's count when it has the conversation, else the local list's. */
  msgs: number;
  onServer: boolean;
  local?: LocalConversation;
}

/** Both lists merged by conversationId (the server's date, question and count win), newest first. */
export function mergeHistory(local: LocalConversation[], server: ServerConversation[]): HistoryItem[] {
  const items = new Map<string, HistoryItem>();
  for (const entry of local) {
    items.set(entry.conversationId, {
      conversationId: entry.conversationId,
      date: entry.date,
      content: entry.content,
      msgs: entry.msgs.length,
      onServer: false,
      local: entry,
    });
  }
  for (const entry of server) {
    const known = items.get(entry.conversationId);
    items.set(entry.conversationId, { ...entry, msgs: Number(entry.msgs) || 0, onServer: true, local: known?.local });
  }
  return [...items.values()].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}
