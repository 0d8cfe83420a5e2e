/**
 * Upstream server-sent events as an async iterable: the text pieces of a
 * streamed HTTP answer are fed to eventsource-parser, and each complete
 * event (name and data) comes out as soon as it is parsed.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface UpstreamEvent {
  /** The event name; undefined for the default `message` events. */
  event: string | undefined;
  data: string;
}

export async function* upstreamEvents(pieces: AsyncIterable<string>): AsyncGenerator<UpstreamEvent> {
  const ready: UpstreamEvent[] = [];
  const parser = createParser({ onEvent: (message: EventSourceMessage) => ready.push({ event: message.event, data: message.data }) });
  for await (const piece of pieces) {
    parser.feed(piece);
    while (ready.length > 0) yield ready.shift()!;
  }
  // A last event without its closing blank line still counts.
  parser.feed('\n\n');
  while (ready.length > 0) yield ready.shift()!;
}
