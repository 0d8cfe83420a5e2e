/**
 * The default provider, which needs no network: professional questions are
 * answered from the knowledge base shipped in knowledge/*.md, quick tasks
 * from the caller's own monitoring registers. The answer is written whole,
 * then streamed in short pieces (a pause between them, as a model types), so
 * the console renders it the same way as an external provider's.
 */
import { chatLimits } from '../chatLimits.js';
import { knowledgeIndex } from '../knowledge/knowledgeIndex.js';
import { professionalAnswer } from '../knowledge/professionalAnswer.js';
import { taskAnswer } from '../taskMode/taskAnswer.js';
import type { AnswerRequest, ChatProvider } from './chatProvider.js';

/** Characters per streamed piece; cut at line ends where one is near, so Markdown lines mostly arrive whole. */
const PIECE_CHARS = 24;

export function pieces(text: string): string[] {
  const result: string[] = [];
  let rest = text;
  while (rest.length > 0) {
    const newline = rest.indexOf('\n');
    const end = newline >= 0 && newline < PIECE_CHARS ? newline + 1 : Math.min(PIECE_CHARS, rest.length);
    result.push(rest.slice(0, end));
    rest = rest.slice(end);
  }
  return result;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export const builtinProvider: ChatProvider = {
  kind: 'builtin',
  async *answer(request: AnswerRequest) {
    const text =
      request.mode === 'flowChat'
        ? professionalAnswer(knowledgeIndex(), request.message, request.language)
        : await taskAnswer({ db: request.db, caller: request.caller, language: request.language }, request.message, request.language);
    for (const [index, piece] of pieces(text).entries()) {
      if (request.signal.aborted) return;
      if (index > 0) await pause(chatLimits().builtinChunkDelayMs, request.signal);
      yield piece;
    }
  },
};
