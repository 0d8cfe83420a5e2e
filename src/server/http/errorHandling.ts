/**
 * Turns every failure into the envelope, in the caller's language. Known
 * errors say what is wrong; anything unexpected is a 500 whose stack, SQL and
 * paths stay in the server log (security rule 10).
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { fail } from '../../shared/envelope.js';
import { isDatabaseOutage, OUTAGE_RETRY_AFTER_SECONDS } from '../db/databaseOutage.js';
import { ApiError } from './apiError.js';

interface PgError {
  code?: string;
}

const MULTIPART_LIMITS = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);
/** What the multipart parser (busboy) throws on a body it cannot read: plain errors, no status. */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data|Malformed part header|Unexpected end of form|Missing Content-Type-header\.|Unsupported Content-Type\.)$/;

/**
 * A multipart body the parser refused (too many parts, bad boundary, cut short): the client's fault, a 4xx on every
 * upload route, whichever reads the parts. Undefined for any other error.
 */
function multipartRefusal(error: Error): ApiError | undefined {
  const code = (error as FastifyError).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new ApiError(413, { zh: '上传的文件过大', en: 'The uploaded file is too large' });
  if (code && MULTIPART_LIMITS.has(code)) return new ApiError(413, { zh: '上传的文件或字段过多', en: 'The upload has too many files or fields' });
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new ApiError(406, { zh: '请以 multipart/form-data 上传', en: 'Send the upload as multipart/form-data' });
  if (code === 'FST_PROTO_VIOLATION' || code === 'FST_MP_PREMATURE_CLOSE' || code === 'FST_INVALID_JSON_FIELD_ERROR' || MALFORMED_MULTIPART.test(error.message))
    return new ApiError(400, { zh: '上传的数据不完整或格式不正确', en: 'The upload is incomplete or malformed' });
  return undefined;
}

function isPgError(error: unknown): error is PgError {
  return typeof error === 'object' && error !== null && typeof (error as PgError).code === 'string' && /^[0-9A-Z]{5}$/.test((error as PgError).code!);
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError | Error, request, reply) => {
    const language = request.language ?? 'zh';
    if (!(error instanceof ApiError)) error = multipartRefusal(error) ?? error;
    if (error instanceof ApiError) {
      const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return reply.code(error.status).send(fail(error.status, error.text[language], error.data));
    }
    const fastifyError = error as FastifyError;
    if (
      fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      (error instanceof SyntaxError && fastifyError.statusCode === 400)
    ) {
      return reply.code(400).send(fail(400, language === 'zh' ? '请求体不是合法的 JSON' : 'The request body is not valid JSON'));
    }
    if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send(fail(413, language === 'zh' ? '请求体过大' : 'The request body is too large'));
    }
    if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send(fail(415, language === 'zh' ? '不支持的请求内容类型' : 'Unsupported content type'));
    }
    if (isDatabaseOutage(error)) {
      request.log.warn({ err: error, route: request.routeOptions?.url }, 'database unavailable');
      reply.header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS));
      return reply.code(503).send(fail(503, language === 'zh' ? '数据库暂不可用，请稍后再试' : 'The database is unavailable; please try again shortly'));
    }
    if (isPgError(error) && error.code === '23505') {
      return reply.code(400).send(fail(400, language === 'zh' ? '数据已存在，不能重复' : 'This record already exists'));
    }
    if (isPgError(error) && error.code!.startsWith('22')) {
      return reply.code(400).send(fail(400, language === 'zh' ? '数据格式不正确' : 'A value has the wrong format'));
    }
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      return reply.code(fastifyError.statusCode).send(fail(fastifyError.statusCode, language === 'zh' ? '请求不正确' : 'Bad request'));
    }
    request.log.error({ err: error, route: request.routeOptions?.url ?? request.url.split('?')[0], method: request.method }, 'unhandled error');
    return reply.code(500).send(fail(500, language === 'zh' ? '服务器异常，请稍后再试' : 'Server error; please try again later'));
  });
}
