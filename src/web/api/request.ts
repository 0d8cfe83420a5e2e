/**
 * The console's HTTP layer: Saber's axios instance (blade-contract §7.2)
 * rebuilt on `fetch`, with the response rule of platform-core §8.
 *
 * Everything the UI owns (the token, the tenant, the language, the error
 * popup, what a 401 does) is injected, so this file has no React or antd
 * dependency and is tested against a real HTTP server.
 */
import { website } from '../config/website';

export type ParamValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

export interface RequestConfig {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Query parameters; undefined, null and '' are dropped, arrays are joined with commas (Blade's `ids=a,b`). */
  params?: Record<string, ParamValue>;
  /** A JSON body; FormData, Blob and URLSearchParams are sent as they are (uploads). */
  data?: unknown;
  responseType?: 'json' | 'blob';
  headers?: Record<string, string>;
  /** isToken false: no Blade-Auth header; isSilent: never pop an error up (background polling), the call still rejects. */
  meta?: { isToken?: boolean; isSilent?: boolean };
  signal?: AbortSignal;
}

/** What a call resolves with; like Saber's axios response, callers read `.data.data` for envelopes. */
export interface RequestResponse<T> {
  status: number;
  data: T;
  headers: Headers;
}

export interface RequestOptions {
  /** Prefix for relative urls. */
  baseUrl?: string;
  clientId?: string;
  clientSecret?: string;
  timeoutMs?: number;
  /** Codes rejected without any popup, for the caller to handle. */
  statusWhiteList?: readonly number[];
  getToken?: () => string | null | undefined;
  getTenantId?: () => string | null | undefined;
  getLanguage?: () => 'zh' | 'en';
  showError?: (message: string) => void;
  onUnauthorized?: () => void;
}

export class RequestError extends Error {
  /** The business code (body code, else HTTP status); 0 when no response arrived. */
  readonly code: number;
  /** True when no usable response arrived: fetch failed, timed out, was aborted or the status was outside 200..500. */
  readonly isNetwork: boolean;
  readonly body: unknown;
  /** The raw response, kept for whitelisted codes whose caller handles them. */
  readonly response?: RequestResponse<unknown>;

  constructor(fields: { code: number; message: string; isNetwork: boolean; body?: unknown; response?: RequestResponse<unknown> }) {
    super(fields.message);
    this.name = 'RequestError';
    this.code = fields.code;
    this.isNetwork = fields.isNetwork;
    this.body = fields.body;
    this.response = fields.response;
  }
}

export const DEFAULT_TIMEOUT_MS = 100_000;
export const UNKNOWN_ERROR_MESSAGE = '未知错误';
export const EMPTY_EXPORT_MESSAGE = '未查询到数据';

export function buildUrl(baseUrl: string, url: string, params?: Record<string, ParamValue>): string {
  const isAbsolute = /^https?:\/\//i.test(url);
  const alreadyPrefixed = baseUrl !== '' && (url === baseUrl || url.startsWith(`${baseUrl}/`));
  let full = url;
  if (!isAbsolute && !alreadyPrefixed) full = `${baseUrl}${url.startsWith('/') ? '' : '/'}${url}`;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) query.append(key, value.join(','));
    } else {
      query.append(key, String(value));
    }
  }
  const search = query.toString();
  if (!search) return full;
  return `${full}${full.includes('?') ? '&' : '?'}${search}`;
}

function isPassThroughBody(data: unknown): data is BodyInit {
  return data instanceof FormData || data instanceof Blob || data instanceof URLSearchParams;
}

function messageOf(body: unknown): string {
  if (body && typeof body === 'object') {
    const { msg, error_description: description } = body as { msg?: unknown; error_description?: unknown };
    if (typeof msg === 'string' && msg) return msg;
    if (typeof description === 'string' && description) return description;
  }
  return UNKNOWN_ERROR_MESSAGE;
}

function codeOf(body: unknown, status: number): number {
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  return typeof code === 'number' ? code : status;
}

/** Bodies are parsed when they are JSON and kept as text otherwise (an HTML error page, an empty 200). */
async function readJsonBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export type Request = <T = unknown>(config: RequestConfig) => Promise<RequestResponse<T>>;

export function createRequest(options: RequestOptions = {}): Request {
  const baseUrl = options.baseUrl ?? '/api';
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const whiteList = options.statusWhiteList ?? [];
  const basic = `Basic ${btoa(`${options.clientId ?? website.clientId}:${options.clientSecret ?? website.clientSecret}`)}`;
  const showError = (text: string, config: RequestConfig) => {
    if (config.meta?.isSilent !== true) options.showError?.(text);
  };

  function headersFor(config: RequestConfig): Record<string, string> {
    const headers: Record<string, string> = { Authorization: basic };
    const token = options.getToken?.();
    if (token && config.meta?.isToken !== false) headers['Blade-Auth'] = `bearer ${token}`;
    const tenantId = options.getTenantId?.();
    if (tenantId) headers['Tenant-Id'] = tenantId;
    const language = options.getLanguage?.();
    if (language) headers['Accept-Language'] = language;
    if (config.data !== undefined && !isPassThroughBody(config.data)) headers['Content-Type'] = 'application/json;charset=UTF-8';
    // Per-call headers win: sign-in sends the Tenant-Id typed in the form.
    return { ...headers, ...config.headers };
  }

  return async function request<T>(config: RequestConfig): Promise<RequestResponse<T>> {
    const isBlob = config.responseType === 'blob';
    const controller = new AbortController();
    let isTimedOut = false;
    const timer = setTimeout(() => {
      isTimedOut = true;
      controller.abort();
    }, timeoutMs);
    const abortFromCaller = () => controller.abort();
    if (config.signal?.aborted) controller.abort();
    config.signal?.addEventListener('abort', abortFromCaller);

    let response: Response;
    let body: unknown;
    try {
      response = await fetch(buildUrl(baseUrl, config.url, config.params), {
        method: config.method ?? 'GET',
        headers: headersFor(config),
        body: config.data === undefined ? undefined : isPassThroughBody(config.data) ? config.data : JSON.stringify(config.data),
        credentials: 'include',
        signal: controller.signal,
      });
      // A blob answered 200 is the file; any other answer is read as JSON so its code and msg still apply.
      body = isBlob && response.status === 200 ? await response.blob() : await readJsonBody(response);
    } catch (error) {
      // No usable answer: no popup, the caller decides (Saber rejects network errors silently too).
      const reason = isTimedOut ? `timeout of ${timeoutMs}ms exceeded` : error instanceof Error ? error.message : String(error);
      throw new RequestError({ code: 0, message: reason, isNetwork: true });
    } finally {
      clearTimeout(timer);
      config.signal?.removeEventListener('abort', abortFromCaller);
    }

    const raw: RequestResponse<unknown> = { status: response.status, data: body, headers: response.headers };
    // Saber's validateStatus: only 200..500 count as answers; a 502 from a proxy is treated like a network failure.
    if (response.status < 200 || response.status > 500) {
      throw new RequestError({ code: response.status, message: messageOf(body), isNetwork: true, body, response: raw });
    }

    const code = isBlob && body instanceof Blob ? response.status : codeOf(body, response.status);
    const message = messageOf(body);
    if (whiteList.includes(code)) {
      throw new RequestError({ code, message, isNetwork: false, body, response: raw });
    }
    if (code === 401) {
      // The app logs out and goes to /login; a popup on top of that would only repeat the obvious.
      options.onUnauthorized?.();
      throw new RequestError({ code, message, isNetwork: false, body });
    }
    if (isBlob && code === 500) {
      showError(EMPTY_EXPORT_MESSAGE, config);
      throw new RequestError({ code, message: EMPTY_EXPORT_MESSAGE, isNetwork: false, body });
    }
    if (code !== 200) {
      showError(message, config);
      throw new RequestError({ code, message, isNetwork: false, body });
    }
    return raw as RequestResponse<T>;
  };
}
