/**
 * Keeps the sign-in tables small: expired captchas, long-dead refresh
 * tokens and stale failure counts are deleted every ten minutes (any
 * instance may do it; the statements are idempotent). Log rows older than
 * LOG_RETENTION_DAYS go too (logging/logPruning.ts).
 */
import { IDEMPOTENCY_HOURS } from '../http/idempotency.js';
import { pruneOldLogs } from '../logging/logPruning.js';
import type { Db } from './pool.js';

const PRUNE_EVERY_MS = 10 * 60 * 1000;

export async function pruneExpired(db: Db): Promise<void> {
  await db.query('DELETE FROM rsc_captcha WHERE expires_at < now()');
  await db.query('DELETE FROM rsc_captcha_spent WHERE expires_at < now()');
  await db.query('DELETE FROM rsc_login_address_failure WHERE window_ends_at < now()');
  await db.query(`DELETE FROM rsc_rate_counter WHERE window_ends_at < now() - interval '1 minute'`);
  await db.query(`DELETE FROM rsc_refresh_token WHERE expires_at < now() - interval '1 day'`);
  await db.query(`DELETE FROM rsc_session WHERE expires_at < now() - interval '1 day'`);
  await db.query(`DELETE FROM rsc_login_failure WHERE coalesce(locked_until, first_failure_at) < now() - interval '1 day'`);
  await db.query('DELETE FROM rsc_auth_secret WHERE expires_at < now()');
  await db.query(`DELETE FROM rsc_idempotency WHERE created_at < now() - make_interval(hours => ${IDEMPOTENCY_HOURS})`);
  await pruneOldLogs(db);
}

export function schedulePruning(db: Db): () => void {
  const timer = setInterval(() => void pruneExpired(db).catch(() => undefined), PRUNE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
