/**
 * One chat dialog's life outside React: the state machine (chatMachine.ts) fed by the answer stream of the
 * current question, the stream's abort controller (stop, new dialog and closing abort the fetch, which the server
 * sees as the request closing), and the local history written once an answer ends. A question's stream that was
 * aborted or replaced cannot touch a later answer: every signal is checked against the turn it was asked in.
 */
import { chatReducer, initialChat, type ChatEvent, type ChatMessage, type ChatMode, type ChatState } from './chatMachine';
import type { AnswerEnd, AnswerRequest } from './chatApi';
import type { StreamSignal } from './streamSignals';

export interface ChatSessionDeps {
  stream: (request: AnswerRequest) => Promise<AnswerEnd>;
  /** The busy text in the shown language (platform-core §8): what a failed answer becomes. */
  busyText: () => string;
  now: () => string;
  /** Called when an answer of a known conversation ended (done, stopped or failed): keep it in the history. */
  onAnswered?: (mode: ChatMode, conversationId: string, messages: ChatMessage[]) => void;
}

export class ChatSession {
  private state: ChatState;
  private listeners = new Set<() => void>();
  private controller: AbortController | undefined;
  private turn = 0;

  constructor(
    mode: ChatMode,
    private readonly deps: ChatSessionDeps,
  ) {
    this.state = initialChat(mode);
  }

  getState = (): ChatState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private dispatch(event: ChatEvent): boolean {
    const next = chatReducer(this.state, event);
    if (next === this.state) return false;
    this.state = next;
    this.listeners.forEach((listener) => listener());
    return true;
  }

  send(question: string): boolean {
    return this.dispatch({ type: 'send', question, date: this.deps.now() }) && this.ask();
  }

  regenerate(): boolean {
    return this.dispatch({ type: 'regenerate', date: this.deps.now() }) && this.ask();
  }

  stop(): void {
    this.abort();
    if (this.dispatch({ type: 'stop' })) this.remember();
  }

  /** New dialog (or another mode): aborts the answer, clears the messages and the conversation id. */
  reset(mode?: ChatMode): void {
    this.abort();
    this.dispatch({ type: 'reset', mode });
  }

  /** Shows a conversation of the history to continue it; refused (false) while an answer is on its way. */
  load(conversationId: string | undefined, messages: ChatMessage[]): boolean {
    return this.dispatch({ type: 'load', conversationId, messages });
  }

  /** The dialog is gone: its answer is aborted. */
  dispose(): void {
    this.abort();
  }

  private abort(): void {
    this.turn += 1;
    this.controller?.abort();
    this.controller = undefined;
  }

  private ask(): boolean {
    this.abort();
    const turn = this.turn;
    const controller = new AbortController();
    this.controller = controller;
    const { mode, conversationId, lastQuestion } = this.state;
    const current = () => turn === this.turn;
    void this.deps
      .stream({
        mode,
        message: lastQuestion ?? '',
        conversationId,
        signal: controller.signal,
        onSignal: (signal) => current() && this.onSignal(signal),
      })
      .then((end) => current() && this.onEnd(end));
    return true;
  }

  private onSignal(signal: StreamSignal): void {
    if (signal.kind === 'start') this.dispatch({ type: 'start', conversationId: signal.conversationId });
    if (signal.kind === 'chunk') this.dispatch({ type: 'chunk', text: signal.text });
  }

  private onEnd(end: AnswerEnd): void {
    this.controller = undefined;
    if (end.kind === 'aborted') return;
    this.dispatch(end.kind === 'done' ? { type: 'done' } : { type: 'fail', message: this.deps.busyText() });
    this.remember();
  }

  private remember(): void {
    const { mode, conversationId, messages } = this.state;
    if (conversationId) this.deps.onAnswered?.(mode, conversationId, messages);
  }
}
