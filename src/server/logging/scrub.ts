/**
 * What a log may keep of a request. Values whose key names a secret
 * (passwords, tokens, secrets, captcha codes, authorization codes, keys,
 * signatures) are replaced by a mask wherever they appear: query string,
 * path parameters, JSON bodies at any depth. Values that look like bearer
 * tokens or JWTs are masked whatever their key.
 */
export const MASK = '******';

const SECRET_NAME =
  /pass(word)?|passwd|pwd|secret|token|captcha|credential|authori[sz]ation|signature|^sign$|accesskey|secretkey|^code$|^key$|^otp$|cookie|session/i;
const SECRET_VALUE = /^(bearer\s+\S+|basic\s+\S+|eyJ[\w-]{5,}\.[\w-]{5,}\.)/i;

const MAX_DEPTH = 6;
const MAX_ENTRIES = 200;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

function scrubLeaf(value: unknown): unknown {
  return typeof value === 'string' && SECRET_VALUE.test(value.trim()) ? MASK : value;
}

/** A copy of a value with every secret masked (objects and arrays to a bounded depth and size). */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return scrubLeaf(value);
  if (Buffer.isBuffer(value)) return `<${value.length} bytes>`;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) return value.slice(0, MAX_ENTRIES).map((item) => scrubValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value).slice(0, MAX_ENTRIES)) out[name] = isSecretName(name) ? MASK : scrubValue(inner, depth + 1);
  return out;
}

/** A query string with secret parameters masked. */
export function scrubQuery(search: string): string {
  if (!search) return '';
  const params = new URLSearchParams(search);
  const kept = [...params].map(([name, value]) => `${encodeURIComponent(name)}=${isSecretName(name) ? MASK : encodeURIComponent(String(scrubLeaf(value)))}`);
  return kept.length > 0 ? `?${kept.join('&')}` : '';
}

/**
 * The path of a request as its route declares it, with path parameters
 * filled in (secret ones masked, e.g. /authBySecret/:secret), plus the
 * scrubbed query string.
 */
export function scrubbedUri(rawUrl: string, route: string | undefined, params: unknown): string {
  const [path, search = ''] = rawUrl.split(/\?(.*)/s, 2);
  let shownPath = path;
  if (route && route.includes(':') && params && typeof params === 'object') {
    const values = params as Record<string, unknown>;
    shownPath = route.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => (isSecretName(name) ? MASK : encodeURIComponent(String(values[name] ?? ''))));
  }
  return `${shownPath}${scrubQuery(search)}`;
}

/** A body as scrubbed JSON text (empty when there is none). */
export function scrubbedBody(body: unknown): string {
  if (body === undefined || body === null || body === '') return '';
  if (typeof body === 'string') return String(scrubLeaf(body));
  try {
    return JSON.stringify(scrubValue(body)) ?? '';
  } catch {
    return '';
  }
}
