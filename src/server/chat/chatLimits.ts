/**
 * The AI assistant's limits in one place (platform-core §9 "constants"):
 * input size, history sent to a provider, per-user budgets and the
 * timeouts of a provider's answer. Read from the environment once; a test
 * replaces them with setChatLimits (short timeouts, loopback providers).
 */
export interface ChatLimits {
  /** Longest question, in characters, after trimming. */
  maxMessageChars: number;
  /** Earlier messages of the conversation handed to the provider with a question. */
  historyMessages: number;
  /** Questions one user may ask per minute. */
  perUserPerMinute: number;
  /** Time to the provider's first chunk. */
  firstChunkMs: number;
  /** Longest silence between two chunks. */
  idleMs: number;
  /** Longest whole answer. */
  totalMs: number;
  /** Longest stored answer, in characters: the rest of a runaway answer is cut. */
  maxAnswerChars: number;
  /** Conversations kept per user: starting one more removes the oldest (by their latest message) with their messages. */
  conversationsPerUser: number;
  /** Messages kept per conversation: storing one more removes the oldest. */
  messagesPerConversation: number;
  /** Pause between the built-in provider's chunks, so an answer appears as it is "typed". */
  builtinChunkDelayMs: number;
  /** Private or loopback networks (CIDR) an external provider's base URL may resolve to; none by default. */
  allowNetworks: string[];
  /** Plain http to a provider (https only by default). */
  allowHttp: boolean;
}

function numberFrom(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? NaN : Number(raw);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}

function listFrom(name: string): string[] {
  return (process.env[name] ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

export function loadChatLimits(): ChatLimits {
  return {
    maxMessageChars: 2000,
    historyMessages: 10,
    perUserPerMinute: numberFrom('CHAT_USER_PER_MINUTE', 20),
    firstChunkMs: numberFrom('CHAT_FIRST_CHUNK_SECONDS', 30) * 1000,
    idleMs: numberFrom('CHAT_IDLE_SECONDS', 30) * 1000,
    totalMs: numberFrom('CHAT_TOTAL_SECONDS', 120) * 1000,
    maxAnswerChars: 20_000,
    conversationsPerUser: 200,
    messagesPerConversation: 200,
    builtinChunkDelayMs: 20,
    allowNetworks: listFrom('CHAT_ALLOW_NETWORKS'),
    allowHttp: process.env.CHAT_ALLOW_HTTP === '1',
  };
}

let current: ChatLimits = loadChatLimits();

export function chatLimits(): ChatLimits {
  return current;
}

/** Replaces some limits (tests: short timeouts, a loopback stub provider). */
export function setChatLimits(overrides: Partial<ChatLimits>): void {
  current = { ...current, ...overrides };
}

export function resetChatLimits(): void {
  current = loadChatLimits();
}
