/**
 * The token signing key. Taken from TOKEN_SIGNING_KEY when set (checked for
 * strength), otherwise generated at the deployment's first start and stored in
 * the database, so every instance sharing the database signs alike. There is
 * no default key anywhere.
 */
import crypto from 'node:crypto';
import type { Queryable } from '../db/pool.js';

const MIN_KEY_BYTES = 32;

export async function loadSigningKey(db: Queryable, fromEnvironment?: string): Promise<Uint8Array> {
  if (fromEnvironment !== undefined) {
    const bytes = new TextEncoder().encode(fromEnvironment);
    if (bytes.length < MIN_KEY_BYTES || new Set(fromEnvironment).size < 10) {
      throw new Error(`TOKEN_SIGNING_KEY is too weak: use at least ${MIN_KEY_BYTES} random characters (e.g. \`openssl rand -base64 48\`).`);
    }
    return bytes;
  }
  const generated = crypto.randomBytes(64).toString('base64url');
  await db.query(`INSERT INTO rsc_deployment_secret (name, value) VALUES ('token_signing_key', $1) ON CONFLICT (name) DO NOTHING`, [generated]);
  const stored = await db.query<{ value: string }>(`SELECT value FROM rsc_deployment_secret WHERE name = 'token_signing_key'`);
  return new Uint8Array(Buffer.from(stored.rows[0].value, 'base64url'));
}
