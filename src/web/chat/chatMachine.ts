/**
 * The AI chat's state machine (platform-core §4 "AI chat"), pure so it is unit tested without a browser:
 * idle → loading (question sent, nothing heard yet) → answering (the answer streams in) → idle again when the
 * answer is done, stopped or failed. Sending and choosing a history entry are refused unless idle; an empty (or
 * blank) question is ignored. The start marker's conversation id is kept for the next questions of the dialog;
 * a new dialog clears the messages and forgets it; regenerate asks the last question again in place of its answer.
 */
export type ChatMode = 'flowChat' | 'assistant';
export type ChatStatus = 'idle' | 'loading' | 'answering';

/** One message as the spec keeps it (platform-core §3 "AI chat history"): date, content, self (the user's), from. */
export interface ChatMessage {
  date: string;
  content: string;
  self: boolean;
  from: string;
  avatarUrl?: string;
  /** The answer failed: its content is the busy text. */
  failed?: boolean;
}

export interface ChatState {
  mode: ChatMode;
  status: ChatStatus;
  messages: ChatMessage[];
  conversationId?: string;
  /** The question the last answer belongs to: what regenerate asks again. */
  lastQuestion?: string;
}

export type ChatEvent =
  | { type: 'send'; question: string; date: string }
  | { type: 'regenerate'; date: string }
  | { type: 'start'; conversationId: string }
  | { type: 'chunk'; text: string }
  | { type: 'done' }
  | { type: 'fail'; message: string }
  | { type: 'stop' }
  | { type: 'reset'; mode?: ChatMode }
  | { type: 'load'; conversationId?: string; messages: ChatMessage[] };

export const USER_FROM = 'user';
export const ASSISTANT_FROM = 'assistant';
/** The server refuses longer questions (h7 contract); the input stops there too. */
export const MAX_QUESTION_LENGTH = 2000;

export function initialChat(mode: ChatMode): ChatState {
  return { mode, status: 'idle', messages: [] };
}

export const isBusy = (state: ChatState): boolean => state.status !== 'idle';

/** The question as sent: trimmed; undefined when nothing is left (ignored). */
export function questionOf(input: string): string | undefined {
  const trimmed = input.trim();
  return trimmed === '' ? undefined : trimmed;
}

function ask(state: ChatState, question: string, date: string, messages: ChatMessage[]): ChatState {
  return {
    ...state,
    status: 'loading',
    lastQuestion: question,
    messages: [...messages, { date, content: question, self: true, from: USER_FROM }, { date, content: '', self: false, from: ASSISTANT_FROM }],
  };
}

/** The answer being written (the last message, not the user's), changed by `change`. */
function withAnswer(state: ChatState, change: (answer: ChatMessage) => ChatMessage): ChatMessage[] {
  const last = state.messages[state.messages.length - 1];
  if (!last || last.self) return state.messages;
  return [...state.messages.slice(0, -1), change(last)];
}

/** The messages without the last question and its answer (regenerate replaces them). */
function withoutLastTurn(messages: ChatMessage[]): ChatMessage[] {
  const lastQuestion = messages.map((message) => message.self).lastIndexOf(true);
  return lastQuestion < 0 ? messages : messages.slice(0, lastQuestion);
}

export function chatReducer(state: ChatState, event: ChatEvent): ChatState {
  switch (event.type) {
    case 'send': {
      const question = questionOf(event.question);
      if (isBusy(state) || question === undefined) return state;
      return ask(state, question.slice(0, MAX_QUESTION_LENGTH), event.date, state.messages);
    }
    case 'regenerate':
      if (isBusy(state) || state.lastQuestion === undefined) return state;
      return ask(state, state.lastQuestion, event.date, withoutLastTurn(state.messages));
    case 'start':
      if (!isBusy(state)) return state;
      return { ...state, status: 'answering', conversationId: event.conversationId };
    case 'chunk':
      if (!isBusy(state)) return state;
      return { ...state, status: 'answering', messages: withAnswer(state, (answer) => ({ ...answer, content: answer.content + event.text })) };
    case 'done':
    case 'stop':
      return isBusy(state) ? { ...state, status: 'idle' } : state;
    case 'fail':
      if (!isBusy(state)) return state;
      return { ...state, status: 'idle', messages: withAnswer(state, (answer) => ({ ...answer, content: event.message, failed: true })) };
    case 'reset':
      return initialChat(event.mode ?? state.mode);
    case 'load':
      if (isBusy(state)) return state;
      return {
        ...state,
        conversationId: event.conversationId,
        messages: event.messages,
        lastQuestion: [...event.messages].reverse().find((m) => m.self)?.content,
      };
  }
}
