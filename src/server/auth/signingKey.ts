/**
 * The token signing key. Taken from TOKEN_SIGNING_KEY when set (checked for
 * strength, and refused when it is a key published with BladeX/SpringBlade),
 * otherwise generated at the deployment's first start and stored in the
 * database, so every instance sharing the database signs alike. There is no
 * default key anywhere.
 */
import crypto from 'node:crypto';
import type { Queryable } from '../db/pool.js';

const MIN_KEY_BYTES = 32;

/**
 * Signing keys shipped in BladeX/SpringBlade sources and configuration templates. Anyone can sign
 * tokens with them (public write-ups show forged `Blade-Auth` tokens), so a deployment migrated from
 * BladeX that copied its key must choose a new one. BladeX signs with the key's base64 form, so that
 * form is refused too.
 */
const PUBLISHED_KEYS = ['bladexisapowerfulmicroservicearchitectureupgradedandoptimizedfromacommercialproject', '请配置32位签名提高安全性'];

export function isPublishedKey(key: string): boolean {
  const candidate = key.trim();
  return PUBLISHED_KEYS.some((known) => candidate === known || candidate === Buffer.from(known, 'utf8').toString('base64'));
}

/** Why a key from the environment cannot sign tokens, or undefined when it can. */
export function weaknessOf(key: string): string | undefined {
  if (isPublishedKey(key)) {
    return 'TOKEN_SIGNING_KEY is a key published with BladeX/SpringBlade: anyone could forge tokens with it. Set a new random key (e.g. `openssl rand -base64 48`); every user signs in again.';
  }
  if (new TextEncoder().encode(key).length < MIN_KEY_BYTES || new Set(key).size < 10) {
    return `TOKEN_SIGNING_KEY is too weak: use at least ${MIN_KEY_BYTES} random characters (e.g. \`openssl rand -base64 48\`).`;
  }
  return undefined;
}

export async function loadSigningKey(db: Queryable, fromEnvironment?: string): Promise<Uint8Array> {
  if (fromEnvironment !== undefined) {
    const weakness = weaknessOf(fromEnvironment);
    if (weakness) throw new Error(weakness);
    return new TextEncoder().encode(fromEnvironment);
  }
  const generated = crypto.randomBytes(64).toString('base64url');
  await db.query(`INSERT INTO rsc_deployment_secret (name, value) VALUES ('token_signing_key', $1) ON CONFLICT (name) DO NOTHING`, [generated]);
  const stored = await db.query<{ value: string }>(`SELECT value FROM rsc_deployment_secret WHERE name = 'token_signing_key'`);
  return new Uint8Array(Buffer.from(stored.rows[0].value, 'base64url'));
}
