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

function isPgError(error: unknown): error is PgError {
  return typeof error === 'object' && error !== null && typeof (error as PgError).code === 'string' && /^[0-9A-Z]{5}$/.test((error as PgError).code!);
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError | Error, request, reply) => {
    const language = request.language ?? 'zh';
    if (error instanceof ApiError) {
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
