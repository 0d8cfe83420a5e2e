/**
 * The one guard for every request the server makes to a URL it was given
 * (security rule 5): OpenID Connect providers and S3-compatible object
 * storage (PUT/DELETE with binary bodies) now; SMS gateways, AI providers and
 * webhooks later.
 *
 * - Only the allowed schemes (https by default; http only when a policy says so).
 * - No credentials in the URL.
 * - The host is resolved and every address must be public: loopback,
 *   private, link-local (cloud metadata at 169.254.169.254), carrier-grade
 *   NAT, multicast, reserved and the IPv6 equivalents are refused unless the
 *   policy lists the network explicitly in `allowNetworks` (an on-premises
 *   identity provider, or the loopback provider of the tests). Nothing is
 *   allowed by default.
 * - The connection goes to the address that was checked (the lookup is
 *   pinned), so a DNS answer cannot change between check and connect.
 * - Redirects are followed by hand, each hop checked again like the first.
 * - The whole exchange, redirects included, has a deadline, and the body a
 *   size limit; exceeding either aborts the request.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

export type OutboundScheme = 'https:' | 'http:';

export interface OutboundPolicy {
  /** Allowed schemes; https only when absent. */
  schemes?: readonly OutboundScheme[];
  /** CIDR networks reachable although not public, e.g. `10.20.0.0/16` or `127.0.0.1/32`. Explicit only. */
  allowNetworks?: readonly string[];
  /** Deadline of the whole exchange, redirects included (default 10 s). */
  timeoutMs?: number;
  /** Largest body accepted (default 1 MiB). */
  maxBytes?: number;
  /** Redirects followed (default 3; 0 refuses any redirect). */
  maxRedirects?: number;
}

/** Resolves a host name to its addresses; replaceable in tests so no real DNS is asked. */
export type Resolver = (hostname: string) => Promise<string[]>;

export type RefusalReason = 'url' | 'scheme' | 'credentials' | 'address' | 'dns' | 'redirect' | 'size' | 'timeout' | 'network';

export class OutboundRequestError extends Error {
  readonly reason: RefusalReason;

  constructor(reason: RefusalReason, message: string) {
    super(message);
    this.name = 'OutboundRequestError';
    this.reason = reason;
  }
}

export interface OutboundRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface OutboundResponse {
  status: number;
  headers: Record<string, string>;
  /** The URL that answered, after redirects. */
  url: string;
  body: Buffer;
  text(): string;
  /** The body parsed as JSON; a body that is not JSON throws an OutboundRequestError. */
  json(): unknown;
}

const DEFAULTS = { timeoutMs: 10_000, maxBytes: 1024 * 1024, maxRedirects: 3 };

// ---------------------------------------------------------------------------
// Addresses and networks

type Bytes = number[];

function parseIPv4(text: string): Bytes | null {
  if (!net.isIPv4(text)) return null;
  return text.split('.').map(Number);
}

function parseIPv6(text: string): Bytes | null {
  if (!net.isIPv6(text) || text.includes('%')) return null;
  let normalized = text;
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    // A dotted IPv4 tail (::ffff:127.0.0.1) becomes its two hex groups.
    const v4 = parseIPv4(last);
    if (!v4) return null;
    normalized = `${text.slice(0, lastColon + 1)}${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const [left, right] = normalized.includes('::') ? normalized.split('::') : [normalized, undefined];
  const leftGroups = left ? left.split(':') : [];
  const rightGroups = right ? right.split(':') : [];
  const missing = 8 - leftGroups.length - rightGroups.length;
  if (missing < 0 || (right === undefined && missing !== 0)) return null;
  const bytes: Bytes = [];
  for (const group of [...leftGroups, ...Array<string>(missing).fill('0'), ...rightGroups]) {
    const value = parseInt(group, 16);
    bytes.push(value >> 8, value & 0xff);
  }
  return bytes;
}

/** An address as bytes (4 or 16), or null when the text is not an IP address. */
export function parseAddress(text: string): Bytes | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  return parseIPv4(bare) ?? parseIPv6(bare);
}

interface Network {
  bytes: Bytes;
  prefix: number;
}

export function parseNetwork(cidr: string): Network {
  const [address, prefixText] = cidr.split('/');
  const bytes = parseAddress(address ?? '');
  const prefix = prefixText === undefined ? (bytes?.length ?? 0) * 8 : Number(prefixText);
  if (!bytes || !Number.isInteger(prefix) || prefix < 0 || prefix > bytes.length * 8 || (prefixText !== undefined && !/^\d+$/.test(prefixText))) {
    throw new Error(`not a network in CIDR notation: "${cidr}"`);
  }
  return { bytes, prefix };
}

function inNetwork(address: Bytes, network: Network): boolean {
  if (address.length !== network.bytes.length) return false;
  for (let bit = 0; bit < network.prefix; bit++) {
    const mask = 0x80 >> (bit % 8);
    if ((address[bit >> 3] & mask) !== (network.bytes[bit >> 3] & mask)) return false;
  }
  return true;
}

/** Not reachable from the internet, or not meant to be: refused unless allowed explicitly. */
const NON_PUBLIC = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '::/96',
  '100::/64',
  '2001::/23',
  '2001:db8::/32',
  '2002::/16',
  'fc00::/7',
  'fe80::/10',
  'fec0::/10',
  'ff00::/8',
].map(parseNetwork);

/** IPv6 forms that carry an IPv4 address: mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) are judged by that address. */
const MAPPED = parseNetwork('::ffff:0:0/96');
const NAT64 = parseNetwork('64:ff9b::/96');

function embeddedIPv4(address: Bytes): Bytes | null {
  return address.length === 16 && (inNetwork(address, MAPPED) || inNetwork(address, NAT64)) ? address.slice(12) : null;
}

/** Whether the policy lets the server connect to this address. */
export function isAddressAllowed(text: string, allowNetworks: readonly Network[] = []): boolean {
  const address = parseAddress(text);
  if (!address) return false;
  const forms = [address, embeddedIPv4(address)].filter((a): a is Bytes => a !== null);
  if (forms.some((form) => allowNetworks.some((network) => inNetwork(form, network)))) return true;
  const judged = forms[forms.length - 1];
  return !NON_PUBLIC.some((network) => inNetwork(judged, network));
}

// ---------------------------------------------------------------------------
// URL checks

const systemResolver: Resolver = async (hostname) => (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

export interface CheckedTarget {
  url: URL;
  /** Addresses the connection may use, all of them checked. */
  addresses: string[];
}

/** Checks scheme, credentials and every address the host resolves to; throws OutboundRequestError when refused. */
export async function checkOutboundUrl(input: string | URL, policy: OutboundPolicy = {}, resolve: Resolver = systemResolver): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(String(input));
  } catch {
    throw new OutboundRequestError('url', 'not a valid URL');
  }
  const schemes = policy.schemes ?? ['https:'];
  if (!(schemes as readonly string[]).includes(url.protocol)) throw new OutboundRequestError('scheme', `the scheme ${url.protocol} is not allowed`);
  if (url.username || url.password) throw new OutboundRequestError('credentials', 'credentials in the URL are not allowed');
  const networks = (policy.allowNetworks ?? []).map(parseNetwork);
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  let addresses: string[];
  if (parseAddress(host)) {
    addresses = [host];
  } else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new OutboundRequestError('dns', `the host ${host} could not be resolved`);
    }
    if (addresses.length === 0) throw new OutboundRequestError('dns', `the host ${host} has no address`);
  }
  // Every answer must pass: a name resolving to one public and one private address is refused.
  const refused = addresses.find((address) => !isAddressAllowed(address, networks));
  if (refused !== undefined) throw new OutboundRequestError('address', `the address ${refused} of ${host} is not public and not allowed`);
  return { url, addresses };
}

// ---------------------------------------------------------------------------
// Requests

function pinnedLookup(addresses: string[]): net.LookupFunction {
  const entries = addresses.map((address) => ({ address, family: net.isIPv6(address) ? 6 : 4 }));
  return ((_hostname: string, options: dns.LookupOptions, callback: (error: Error | null, address: string | dns.LookupAddress[], family?: number) => void) => {
    if (options?.all) callback(null, entries);
    else callback(null, entries[0].address, entries[0].family);
  }) as unknown as net.LookupFunction;
}

/** What a request to a checked target sends besides its body. */
export interface PinnedRequestOptions {
  method: string;
  headers: Record<string, string>;
  signal: AbortSignal;
}

/**
 * Opens a request to a target checkOutboundUrl let through. The connection goes to the addresses that were checked
 * (pinned lookup, so a second DNS answer cannot swap in a private address), with no shared agent; TLS still checks
 * the host name. The caller ends the request and reads the answer (buffered here, streamed by the chat providers).
 */
export function openPinnedRequest(
  target: CheckedTarget,
  options: PinnedRequestOptions,
  onResponse: (response: http.IncomingMessage) => void,
): http.ClientRequest {
  const { url } = target;
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const isIp = parseAddress(host) !== null;
  const transport = url.protocol === 'https:' ? https : http;
  return transport.request(
    {
      protocol: url.protocol,
      host: isIp ? host : undefined,
      hostname: isIp ? undefined : host,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: options.method,
      headers: options.headers,
      agent: false,
      lookup: isIp ? undefined : pinnedLookup(target.addresses),
      servername: isIp ? undefined : host,
      signal: options.signal,
    },
    onResponse,
  );
}

function oneHop(
  target: CheckedTarget,
  request: OutboundRequest,
  maxBytes: number,
  signal: AbortSignal,
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'accept-encoding': 'identity', ...request.headers };
    if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
    const outgoing = openPinnedRequest(target, { method: request.method ?? 'GET', headers, signal }, (response) => {
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        response.destroy();
        reject(new OutboundRequestError('size', `the response is larger than ${maxBytes} bytes`));
        return;
      }
      const chunks: Buffer[] = [];
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > maxBytes) {
          response.destroy();
          reject(new OutboundRequestError('size', `the response is larger than ${maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => {
        const flat: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
        resolve({ status: response.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks) });
      });
      response.on('error', (error) => reject(error));
    });
    outgoing.on('error', (error) => reject(error));
    if (request.body !== undefined) outgoing.write(request.body);
    outgoing.end();
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Makes a request through the guard. Refusals and failures are
 * OutboundRequestErrors whose message names the rule, never the body or
 * any credential; callers log it and show the user their own text.
 */
export async function guardedRequest(
  input: string | URL,
  request: OutboundRequest = {},
  policy: OutboundPolicy = {},
  resolve: Resolver = systemResolver,
): Promise<OutboundResponse> {
  const timeoutMs = policy.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxBytes = policy.maxBytes ?? DEFAULTS.maxBytes;
  const maxRedirects = policy.maxRedirects ?? DEFAULTS.maxRedirects;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let current: string | URL = input;
  let hopRequest = request;
  try {
    for (let hop = 0; ; hop++) {
      const target = await checkOutboundUrl(current, policy, resolve);
      if (controller.signal.aborted) throw new OutboundRequestError('timeout', `no answer within ${timeoutMs} ms`);
      let answer;
      try {
        answer = await oneHop(target, hopRequest, maxBytes, controller.signal);
      } catch (error) {
        if (error instanceof OutboundRequestError) throw error;
        if (controller.signal.aborted) throw new OutboundRequestError('timeout', `no answer within ${timeoutMs} ms`);
        throw new OutboundRequestError('network', `the request to ${target.url.host} failed: ${(error as Error).message}`);
      }
      if (REDIRECTS.has(answer.status) && answer.headers.location !== undefined) {
        if (hop >= maxRedirects) throw new OutboundRequestError('redirect', `more than ${maxRedirects} redirects`);
        const next = new URL(answer.headers.location, target.url);
        // 303, and 301/302 after a POST, continue as GET without the body (as browsers do).
        const keepsMethod = answer.status === 307 || answer.status === 308 || (hopRequest.method ?? 'GET') === 'GET';
        const headers = { ...hopRequest.headers };
        // Credentials are for the origin they were given to.
        if (next.origin !== target.url.origin) for (const name of Object.keys(headers)) if (/^(authorization|cookie)$/i.test(name)) delete headers[name];
        hopRequest = keepsMethod ? { ...hopRequest, headers } : { method: 'GET', headers };
        current = next;
        continue;
      }
      const body = answer.body;
      const url = target.url.toString();
      return {
        status: answer.status,
        headers: answer.headers,
        url,
        body,
        text: () => body.toString('utf8'),
        json: () => {
          try {
            return JSON.parse(body.toString('utf8')) as unknown;
          } catch {
            throw new OutboundRequestError('network', `the answer of ${target.url.host} is not JSON`);
          }
        },
      };
    }
  } finally {
    clearTimeout(timer);
  }
}
