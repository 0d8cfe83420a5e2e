/**
 * Idempotent writes (security rule 8): a write sent with an `Idempotency-Key`
 * header is done once; sending it again (a retry after a lost answer, a double
 * click) replays the first answer instead of writing twice. The key is
 * reserved before the write, so two concurrent copies cannot both write.
 * Failed writes release the key so they can be retried. Values answered only
 * once (a generated password or client secret, src/shared/shownOnce.ts) are
 * left out of the kept answer: they are never stored in clear, and a replay
 * does not show them again. A key names one request: sent again with another
 * route, query or body it is refused (422), never answered with the first
 * request's answer. Only a hash of the request is kept, not the request.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/pool.js';
import { withoutShownOnce } from '../../shared/shownOnce.js';
import { ApiError, badRequest } from './apiError.js';

export const IDEMPOTENCY_HOURS = 24;

function keyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!/^[A-Za-z0-9_.:-]{8,128}$/.test(key)) {
    throw badRequest('Idempotency-Key 须为 8 到 128 个字母、数字或 _.:- 字符', 'Idempotency-Key must be 8 to 128 letters, digits or _.:- characters');
  }
  return key;
}

/** What makes two requests on one route the same request: the query string and the body. */
function requestHash(request: FastifyRequest): string {
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([query, request.body ?? null]))
    .digest('hex');
}

const otherRequest = () =>
  new ApiError(422, {
    zh: '该 Idempotency-Key 已用于另一个请求（地址、参数或内容不同）：新的请求请使用新的 Idempotency-Key',
    en: 'This Idempotency-Key was used for a different request (another route, query or body): use a new key for a new request',
  });

/** Runs a write at most once per (tenant, user, key); returns the first answer on a repeat. */
export async function onceForKey<T>(db: Db, request: FastifyRequest, write: () => Promise<T>): Promise<T> {
  const key = keyOf(request);
  const caller = request.caller;
  if (!key || !caller) return write();
  const route = `${request.method} ${request.url.split('?')[0]}`;
  const hash = requestHash(request);
  const reserved = await db.query(
    `INSERT INTO rsc_idempotency (tenant_id, user_id, idempotency_key, route, request_hash) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
    [caller.tenantId, caller.userId, key, route, hash],
  );
  if (reserved.rowCount === 0) {
    const first = await db.query(`SELECT route, request_hash, response FROM rsc_idempotency WHERE tenant_id = $1 AND user_id = $2 AND idempotency_key = $3`, [
      caller.tenantId,
      caller.userId,
      key,
    ]);
    const row = first.rows[0];
    // A row kept before hashes were (request_hash null) is compared by route only: it expires within IDEMPOTENCY_HOURS.
    if (row && (row.route !== route || (row.request_hash !== null && row.request_hash !== hash))) throw otherRequest();
    if (!row || row.response === null) throw new ApiError(409, { zh: '相同的请求正在处理中', en: 'The same request is still being processed' });
    return row.response as T;
  }
  try {
    const answer = await write();
    await db.query(`UPDATE rsc_idempotency SET response = $4 WHERE tenant_id = $1 AND user_id = $2 AND idempotency_key = $3`, [
      caller.tenantId,
      caller.userId,
      key,
      JSON.stringify(withoutShownOnce(answer)),
    ]);
    return answer;
  } catch (error) {
    await db.query(`DELETE FROM rsc_idempotency WHERE tenant_id = $1 AND user_id = $2 AND idempotency_key = $3`, [caller.tenantId, caller.userId, key]);
    throw error;
  }
}
