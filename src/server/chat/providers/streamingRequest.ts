/**
 * A POST whose answer is read as it arrives (server-sent events of an AI
 * provider), through the same rules as the outbound guard
 * (auth/outboundGuard.ts, security rule 5): the URL is checked there
 * (scheme, no credentials, every resolved address public unless the policy
 * lists its network), the connection goes to the checked address (pinned
 * lookup), no redirect is followed and the answer has a size limit. The
 * guard's guardedRequest buffers the whole body, which a streamed answer
 * cannot wait for; this is its streaming sibling, not a second policy.
 */
import type http from 'node:http';
import { checkOutboundUrl, openPinnedRequest, type CheckedTarget, type OutboundPolicy } from '../../auth/outboundGuard.js';
import { ProviderError } from './chatProvider.js';

/** Largest streamed answer accepted from a provider (bytes on the wire). */
export const MAX_STREAM_BYTES = 4 * 1024 * 1024;
/** How much of an error answer is read to log its reason. */
const ERROR_BODY_BYTES = 2048;

export interface StreamingPost {
  url: string;
  headers: Record<string, string>;
  body: string;
  policy: OutboundPolicy;
  signal: AbortSignal;
}

function open(post: StreamingPost, target: CheckedTarget): Promise<http.IncomingMessage> {
  const headers = { 'accept-encoding': 'identity', 'content-length': String(Buffer.byteLength(post.body)), ...post.headers };
  return new Promise((resolve, reject) => {
    const outgoing = openPinnedRequest(target, { method: 'POST', headers, signal: post.signal }, resolve);
    outgoing.on('error', reject);
    outgoing.end(post.body);
  });
}

async function errorReason(response: http.IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of response) {
    text += String(chunk);
    if (text.length >= ERROR_BODY_BYTES) break;
  }
  response.destroy();
  return text.slice(0, ERROR_BODY_BYTES).replace(/\s+/g, ' ');
}

/** The answer's body as text pieces; throws ProviderError when refused, on an HTTP error or when too large. */
export async function* streamingPost(post: StreamingPost): AsyncGenerator<string> {
  let target;
  try {
    target = await checkOutboundUrl(post.url, post.policy);
  } catch (error) {
    throw new ProviderError(`the provider URL was refused: ${(error as Error).message}`);
  }
  let response: http.IncomingMessage;
  try {
    response = await open(post, target);
  } catch (error) {
    if (post.signal.aborted) return;
    throw new ProviderError(`the request to ${target.url.host} failed: ${(error as Error).message}`);
  }
  const status = response.statusCode ?? 0;
  if (status < 200 || status >= 300) throw new ProviderError(`${target.url.host} answered HTTP ${status}: ${await errorReason(response)}`);
  response.setEncoding('utf8');
  let received = 0;
  try {
    for await (const piece of response) {
      received += Buffer.byteLength(piece as string);
      if (received > MAX_STREAM_BYTES) throw new ProviderError(`the answer of ${target.url.host} is larger than ${MAX_STREAM_BYTES} bytes`);
      yield piece as string;
    }
  } catch (error) {
    if (post.signal.aborted) return;
    if (error instanceof ProviderError) throw error;
    throw new ProviderError(`the answer of ${target.url.host} broke off: ${(error as Error).message}`);
  } finally {
    response.destroy();
  }
}
