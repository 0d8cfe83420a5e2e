/**
 * What one event of the chat's answer stream means (h7 contract): the first event's data is
 * `[START]:<conversationId>`, then each event's data is a piece of Markdown, then `[DONE]`; an event named `error`
 * carries the server's busy text and ends the answer. Pure, unit tested.
 */
export const START_MARKER = '[START]';
export const DONE_MARKER = '[DONE]';

export type StreamSignal = { kind: 'start'; conversationId: string } | { kind: 'chunk'; text: string } | { kind: 'done' } | { kind: 'error'; message: string };

export function streamSignal(event: { event?: string; data: string }): StreamSignal | undefined {
  if (event.event === 'error') return { kind: 'error', message: event.data };
  // Named events the answer does not know (a future heartbeat, say) are not text.
  if (event.event !== undefined && event.event !== '' && event.event !== 'message') return undefined;
  if (event.data.trim() === DONE_MARKER) return { kind: 'done' };
  if (event.data.startsWith(`${START_MARKER}:`)) {
    const conversationId = event.data.slice(START_MARKER.length + 1).trim();
    return conversationId ? { kind: 'start', conversationId } : undefined;
  }
  // An empty data line is a keep-alive, not text.
  return event.data === '' ? undefined : { kind: 'chunk', text: event.data };
}
