/**
 * Errors a handler throws to answer the caller with a clear message in the
 * caller's language. The error handler turns them into the `{code, success,
 * data, msg}` envelope; anything else becomes a 500 whose details stay in the
 * server's error log.
 */
export interface Localized {
  zh: string;
  en: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly text: Localized,
    readonly data: unknown = null,
  ) {
    super(text.en);
  }
}

export const badRequest = (zh: string, en: string, data: unknown = null) => new ApiError(400, { zh, en }, data);
export const unauthorized = (zh = '请求未授权', en = 'Not signed in or the session has expired') => new ApiError(401, { zh, en });
export const forbidden = (zh = '请求被拒绝：没有此操作的权限', en = 'Request refused: you do not have permission for this action') =>
  new ApiError(403, { zh, en });
export const notFound = (zh = '数据不存在或已被删除', en = 'The record does not exist or has been deleted') => new ApiError(404, { zh, en });

export type Language = 'zh' | 'en';

/** The caller's language: English when the request says so, Chinese (the default) otherwise. */
export function languageOf(headers: Record<string, string | string[] | undefined>): Language {
  const raw = headers['accept-language'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && /^en\b/i.test(value.trim()) ? 'en' : 'zh';
}
