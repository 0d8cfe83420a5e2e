/**
 * The AI chat's calls (h7 contract): the streamed answer of either mode, the user's conversations and their
 * messages on the server, and their removal. Plain fetch with the given credentials instead of the console's
 * request instance: on a big screen the caller holds a screen token, and a refused call must neither pop an error
 * up nor log the console out (the chat shows its own busy text; a missing history is just empty).
 */
import { createParser } from 'eventsource-parser';
import { website } from '../config/website';
import { buildUrl } from '../api/request';
import { EVENT_STREAM_TYPE } from '../api/eventStream';
import type { ChatMessage, ChatMode } from './chatMachine';
import { streamSignal, type StreamSignal } from './streamSignals';

/** Who asks: the console's session token, or a big screen's token (ScreenAssistantIcons). */
export interface ChatCredentials {
  token: () => string | undefined;
  language: () => 'zh' | 'en';
}

const CHATBOT = '/api/v1/coze/chatbot';

function headersOf(credentials: ChatCredentials, accept: string): Record<string, string> {
  const headers: Record<string, string> = {
    Authorization: `Basic ${btoa(`${website.clientId}:${website.clientSecret}`)}`,
    'Accept-Language': credentials.language(),
    accept,
  };
  const token = credentials.token();
  if (token) headers['Blade-Auth'] = `bearer ${token}`;
  return headers;
}

export type AnswerEnd = { kind: 'done' } | { kind: 'aborted' } | { kind: 'failed'; reason: string };

export interface AnswerRequest {
  mode: ChatMode;
  message: string;
  conversationId?: string;
  signal: AbortSignal;
  onSignal: (signal: StreamSignal) => void;
}

/**
 * Streams one answer. Read with eventsource-parser rather than fetch-event-source (api/eventStream.ts): the latter
 * drops the empty data lines that open an event, i.e. the blank lines a Markdown chunk starts with, and this is a
 * one-shot request with no reconnect. Ends at [DONE] or the error event (the rest is not read), when aborted, or
 * failed: refused, not an event stream, cut off before [DONE].
 */
export async function streamAnswer(credentials: ChatCredentials, request: AnswerRequest): Promise<AnswerEnd> {
  const url = buildUrl('', `${CHATBOT}/${request.mode}`, { message: request.message, conversationId: request.conversationId });
  let finished: StreamSignal | undefined;
  const parser = createParser({
    onEvent: (event) => {
      if (finished) return;
      const signal = streamSignal(event);
      if (!signal) return;
      if (signal.kind === 'done' || signal.kind === 'error') finished = signal;
      request.onSignal(signal);
    },
  });
  try {
    const response = await fetch(url, { method: 'POST', headers: headersOf(credentials, EVENT_STREAM_TYPE), signal: request.signal, credentials: 'include' });
    const type = response.headers.get('content-type') ?? '';
    if (response.status !== 200 || !type.startsWith(EVENT_STREAM_TYPE) || !response.body) {
      return { kind: 'failed', reason: `HTTP ${response.status} ${(await response.text().catch(() => '')).slice(0, 200)}` };
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    while (!finished) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(value);
    }
    // Ending here closes the connection: the server's stream is over anyway.
    void reader.cancel().catch(() => undefined);
  } catch (error) {
    if (request.signal.aborted) return { kind: 'aborted' };
    return { kind: 'failed', reason: String(error) };
  }
  if (finished?.kind === 'done') return { kind: 'done' };
  if (finished?.kind === 'error') return { kind: 'failed', reason: finished.message };
  return { kind: 'failed', reason: 'the stream ended before [DONE]' };
}

/** A conversation of the server's history (GET conversations). */
export interface ServerConversation {
  conversationId: string;
  date: string;
  content: string;
  msgs: number;
}

async function getData<T>(credentials: ChatCredentials, path: string, params: Record<string, string | number>, method: 'GET' | 'POST' = 'GET'): Promise<T> {
  const response = await fetch(buildUrl('', `${CHATBOT}/${path}`, params), { method, headers: headersOf(credentials, 'application/json') });
  const body = (await response.json().catch(() => undefined)) as { data?: T; msg?: string } | undefined;
  if (response.status !== 200 || !body) throw new Error(body?.msg ?? `HTTP ${response.status}`);
  return body.data as T;
}

/** The records of a page, or the list itself when the server answers a plain list. */
const recordsOf = <T>(data: T[] | { records?: T[] } | undefined): T[] => (Array.isArray(data) ? data : (data?.records ?? []));

/** The caller's latest conversations of one mode (at most `size`). */
export async function fetchConversations(credentials: ChatCredentials, mode: ChatMode, size = 50): Promise<ServerConversation[]> {
  return recordsOf(await getData<ServerConversation[] | { records?: ServerConversation[] }>(credentials, 'conversations', { mode, current: 1, size }));
}

export async function fetchMessages(credentials: ChatCredentials, conversationId: string): Promise<ChatMessage[]> {
  return recordsOf(await getData<ChatMessage[] | { records?: ChatMessage[] }>(credentials, 'messages', { conversationId }));
}

export async function removeConversations(credentials: ChatCredentials, conversationIds: string[]): Promise<void> {
  await getData(credentials, 'conversations/remove', { conversationIds: conversationIds.join(',') }, 'POST');
}

/** A reservoir of the caller's tenant to name in the task presets (GET /api/v1/reservoir/listAll, any user). */
export async function fetchSampleReservoir(credentials: ChatCredentials): Promise<string | undefined> {
  const response = await fetch('/api/v1/reservoir/listAll', { headers: headersOf(credentials, 'application/json') });
  if (response.status !== 200) return undefined;
  const body = (await response.json().catch(() => undefined)) as { data?: { name?: string }[] } | undefined;
  return body?.data?.find((row) => row.name)?.name;
}
