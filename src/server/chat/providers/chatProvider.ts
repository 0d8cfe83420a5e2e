/**
 * The one interface every answerer of the AI assistant implements: the
 * built-in provider (knowledge base and the tenant's monitoring registers,
 * no network), Coze and any OpenAI-compatible endpoint. An answer is an
 * async iterable of Markdown pieces; the provider stops when `signal` fires
 * (the client went away, or a timeout of chatLimits.ts).
 */
import type { Db } from '../../db/pool.js';
import type { Language } from '../../http/apiError.js';
import type { Caller } from '../../http/caller.js';

/** flowChat: professional reservoir Q&A; assistant: quick task (rain and water data). */
export type ChatMode = 'flowChat' | 'assistant';

export const CHAT_MODES: readonly ChatMode[] = ['flowChat', 'assistant'];

export interface HistoryMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface AnswerRequest {
  mode: ChatMode;
  message: string;
  history: HistoryMessage[];
  conversationId: string;
  caller: Caller;
  language: Language;
  db: Db;
  signal: AbortSignal;
}

export interface ChatProvider {
  /** What answered, stored with the answer: builtin, coze, openai (or a test's name). */
  readonly kind: string;
  answer(request: AnswerRequest): AsyncIterable<string>;
}

/** A provider failed (refused URL, HTTP error, malformed stream): logged; the user sees the spec's busy message. */
export class ProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderError';
  }
}
