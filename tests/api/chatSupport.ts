/**
 * Reading the AI assistant's event streams in tests: the events as they
 * arrive (eventsource-parser, the parser the server uses for upstream
 * providers) and how many separate reads of the body brought them.
 */
import { createParser } from 'eventsource-parser';
import type { TestServer } from './testServer.js';

export interface ChatEvent {
  event: string | undefined;
  data: string;
  /** The body read (1-based) that completed this event. */
  read: number;
}

export interface ChatAnswer {
  status: number;
  contentType: string | null;
  /** The JSON envelope of a refusal (status ≠ 200). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  envelope?: any;
  events: ChatEvent[];
  /** The conversation id of the start marker. */
  conversationId?: string;
  /** The answer's text: the events between the start marker and [DONE]. */
  text: string;
  isDone: boolean;
}

export interface AskOptions {
  conversationId?: string;
  language?: string;
  signal?: AbortSignal;
  /** Called with each event as it arrives (e.g. to abort after the first piece). */
  onEvent?: (event: ChatEvent) => void;
  token: string;
}

export async function ask(server: TestServer, mode: 'flowChat' | 'assistant', message: string, options: AskOptions): Promise<ChatAnswer> {
  const query = new URLSearchParams({ message });
  if (options.conversationId) query.set('conversationId', options.conversationId);
  const headers: Record<string, string> = { 'Blade-Auth': `bearer ${options.token}`, Accept: 'text/event-stream' };
  if (options.language) headers['Accept-Language'] = options.language;
  const response = await fetch(`${server.url}/api/v1/coze/chatbot/${mode}?${query}`, { method: 'POST', headers, signal: options.signal });
  const contentType = response.headers.get('content-type');
  if (!contentType?.startsWith('text/event-stream')) {
    return { status: response.status, contentType, envelope: await response.json(), events: [], text: '', isDone: false };
  }
  const events: ChatEvent[] = [];
  let read = 0;
  const parser = createParser({
    onEvent: (message) => {
      const event = { event: message.event, data: message.data, read };
      events.push(event);
      options.onEvent?.(event);
    },
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      read += 1;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } catch (error) {
    if (!options.signal?.aborted) throw error;
  }
  const start = events[0]?.data.match(/^\[START\]:(\d+)$/);
  const doneAt = events.findIndex((event) => event.data === '[DONE]');
  const body = events.slice(1, doneAt === -1 ? undefined : doneAt).filter((event) => event.event === undefined);
  return {
    status: response.status,
    contentType,
    events,
    conversationId: start?.[1],
    text: body.map((event) => event.data).join(''),
    isDone: doneAt !== -1,
  };
}
