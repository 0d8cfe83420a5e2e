/**
 * Which reverse proxies are believed, and the address the deployment is
 * reached at. X-Forwarded-For / -Host / -Proto are headers anyone can send:
 * they are honoured only from the proxies listed in TRUSTED_PROXIES
 * (comma-separated addresses or CIDR networks, e.g. `127.0.0.1,10.0.0.0/8`);
 * none by default, so a client's address is the socket's and its host the
 * Host header. PUBLIC_URL (e.g. https://water.example.gov.cn), when set, is
 * the base of links the server writes into answers that outlive the request
 * (the app-update download URL), so no request header can steer them.
 */
import { parseNetwork } from '../auth/outboundGuard.js';

export interface ProxyConfig {
  /** Addresses or CIDR networks whose X-Forwarded-* headers are honoured; empty: none. */
  trustedProxies: string[];
  /** Scheme, host and optional path prefix, without a trailing slash. */
  publicUrl?: string;
}

function trustedProxiesFromEnv(raw: string | undefined): string[] {
  const entries = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    try {
      parseNetwork(entry);
    } catch {
      throw new Error(`TRUSTED_PROXIES must list addresses or CIDR networks (e.g. 127.0.0.1,10.0.0.0/8), got "${entry}"`);
    }
  }
  return entries;
}

function publicUrlFromEnv(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL (e.g. https://water.example.gov.cn), got "${raw}"`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.search || url.hash || url.username) {
    throw new Error(`PUBLIC_URL must be a plain http(s) URL without query, fragment or credentials, got "${raw}"`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

export function loadProxyConfig(env: NodeJS.ProcessEnv = process.env): ProxyConfig {
  return { trustedProxies: trustedProxiesFromEnv(env.TRUSTED_PROXIES), publicUrl: publicUrlFromEnv(env.PUBLIC_URL) };
}

/** Fastify's trustProxy: false (the socket is the client) unless proxies are listed. */
export function trustProxyOption(config: ProxyConfig): false | string[] {
  return config.trustedProxies.length > 0 ? config.trustedProxies : false;
}
