/**
 * A provider's answer under the chat timeouts (chatLimits.ts): the first
 * piece within firstChunkMs, no silence longer than idleMs between pieces,
 * the whole answer within totalMs. When a limit passes, the provider's
 * signal fires (its HTTP request is aborted) and the answer ends with an
 * AnswerTimeout — even when the provider ignores its signal and hangs: the
 * wait is raced, never trusted to end.
 */
import type { ChatLimits } from './chatLimits.js';

export class AnswerTimeout extends Error {
  constructor(readonly limit: 'first' | 'idle' | 'total') {
    super(`the provider's answer timed out (${limit})`);
    this.name = 'AnswerTimeout';
  }
}

function timeoutAfter(ms: number, limit: AnswerTimeout['limit']): { promise: Promise<never>; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new AnswerTimeout(limit)), ms);
  });
  // Nobody may be listening when it fires after the race was won.
  promise.catch(() => undefined);
  return { promise, cancel: () => clearTimeout(timer) };
}

export async function* timedAnswer(
  pieces: AsyncIterable<string>,
  controller: AbortController,
  limits: Pick<ChatLimits, 'firstChunkMs' | 'idleMs' | 'totalMs'>,
): AsyncGenerator<string> {
  const iterator = pieces[Symbol.asyncIterator]();
  const total = timeoutAfter(limits.totalMs, 'total');
  let isFirst = true;
  try {
    for (;;) {
      const gap = timeoutAfter(isFirst ? limits.firstChunkMs : limits.idleMs, isFirst ? 'first' : 'idle');
      let step: IteratorResult<string>;
      try {
        step = await Promise.race([iterator.next(), gap.promise, total.promise]);
      } finally {
        gap.cancel();
      }
      if (step.done) return;
      isFirst = false;
      yield step.value;
    }
  } catch (error) {
    if (error instanceof AnswerTimeout) controller.abort(error);
    throw error;
  } finally {
    total.cancel();
    // Ends the provider (closes its request); not awaited: a hung provider would hang us too.
    if (controller.signal.aborted) void iterator.return?.(undefined)?.catch(() => undefined);
  }
}
