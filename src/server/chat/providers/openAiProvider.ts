/**
 * An OpenAI-compatible endpoint (OpenAI, and the many services that copy its
 * API: Qwen/DashScope, DeepSeek, a local vLLM …): POST <baseUrl>/chat/completions
 * with `stream: true`; the answer is server-sent events whose data is a
 * chat.completion.chunk JSON (`choices[0].delta.content` carries the text)
 * and, last, `[DONE]`.
 */
import { chatLimits } from '../chatLimits.js';
import { type AnswerRequest, type ChatProvider, ProviderError } from './chatProvider.js';
import { outboundPolicy, systemPrompt } from './providerSupport.js';
import { streamingPost } from './streamingRequest.js';
import { upstreamEvents } from './upstreamEvents.js';

export interface OpenAiSettings {
  baseUrl: string;
  apiKey: string;
  model: string;
}

interface CompletionChunk {
  choices?: { delta?: { content?: string | null } }[];
  error?: { message?: string };
}

function chunkOf(data: string): CompletionChunk {
  try {
    return JSON.parse(data) as CompletionChunk;
  } catch {
    throw new ProviderError('the OpenAI-compatible stream carried an event that is not JSON');
  }
}

export function openAiProvider(settings: OpenAiSettings): ChatProvider {
  return {
    kind: 'openai',
    async *answer(request: AnswerRequest) {
      const messages = [
        { role: 'system', content: systemPrompt(request.mode, request.language) },
        ...request.history.map((entry) => ({ role: entry.role, content: entry.content })),
        { role: 'user', content: request.message },
      ];
      const pieces = streamingPost({
        url: `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`,
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${settings.apiKey}` },
        body: JSON.stringify({ model: settings.model, stream: true, messages }),
        policy: outboundPolicy(chatLimits()),
        signal: request.signal,
      });
      for await (const upstream of upstreamEvents(pieces)) {
        if (upstream.data.trim() === '[DONE]') return;
        const chunk = chunkOf(upstream.data);
        if (chunk.error) throw new ProviderError(`the OpenAI-compatible endpoint reported: ${chunk.error.message ?? 'an error'}`);
        const text = chunk.choices?.[0]?.delta?.content;
        if (text) yield text;
      }
    },
  };
}
