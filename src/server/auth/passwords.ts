/**
 * Passwords arrive as md5 hex from the console (spark-md5). They are stored as
 * argon2id of that md5, with a per-user salt inside the encoded hash, and never
 * returned by any endpoint.
 */
import { hash, verify } from '@node-rs/argon2';
import crypto from 'node:crypto';

// argon2id, 19 MiB, 2 passes: OWASP's baseline; about 30-60 ms here.
const OPTIONS = { algorithm: 2 as const, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function md5Hex(plain: string): string {
  return crypto.createHash('md5').update(plain, 'utf8').digest('hex');
}

export function isMd5Hex(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{32}$/i.test(value);
}

export function hashPassword(passwordMd5: string): Promise<string> {
  return hash(passwordMd5.toLowerCase(), OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/** Verifies; with no stored hash it still spends the same time, so unknown accounts cannot be told apart by timing. */
export async function verifyPassword(storedHash: string | undefined, passwordMd5: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword(md5Hex(crypto.randomUUID()));
    await verify(await dummyHash, passwordMd5.toLowerCase()).catch(() => false);
    return false;
  }
  return verify(storedHash, passwordMd5.toLowerCase()).catch(() => false);
}
