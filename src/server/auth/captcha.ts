/**
 * Sign-in captchas: an SVG image of 5 characters (svg-captcha, no native
 * dependencies). Handing one out writes nothing: its key is the answer and
 * expiry sealed (AES-256-GCM) with a key derived from the deployment's
 * signing key, so any instance can read it back and nobody else can read or
 * forge it. Only redeeming a captcha writes a row (its id, until it expires),
 * which is what makes it single use.
 */
import crypto from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Queryable } from '../db/pool.js';

export const CAPTCHA_SECONDS = 300;

export interface CaptchaImage {
  key: string;
  image: string;
}

export interface CaptchaClaims {
  id: string;
  answer: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

/** The sealing key: derived, so that a captcha key can never serve as anything else signed with the signing key. */
export function captchaSecretOf(signingKey: Uint8Array): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', signingKey, Buffer.alloc(0), 'rsc sign-in captcha v1', 32));
}

export function sealCaptcha(secret: Buffer, claims: CaptchaClaims): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', secret, iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify({ i: claims.id, a: claims.answer, e: claims.expiresAt }), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

/** The claims of a key this deployment sealed; undefined for anything else. */
export function openCaptcha(secret: Buffer, key: unknown): CaptchaClaims | undefined {
  if (typeof key !== 'string' || key.length < 40 || key.length > 400 || !/^[\w-]+$/.test(key)) return undefined;
  const bytes = Buffer.from(key, 'base64url');
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', secret, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    const plain = Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString('utf8');
    const parsed = JSON.parse(plain) as { i: string; a: string; e: number };
    return { id: parsed.i, answer: parsed.a, expiresAt: parsed.e };
  } catch {
    return undefined;
  }
}

export function createCaptcha(signingKey: Uint8Array): CaptchaImage {
  const captcha = svgCaptcha.create({ size: 5, noise: 3, ignoreChars: '0oO1iIlL', width: 130, height: 48, background: '#f4f7fb' });
  const key = sealCaptcha(captchaSecretOf(signingKey), {
    id: crypto.randomUUID(),
    answer: captcha.text.toLowerCase(),
    expiresAt: Math.floor(Date.now() / 1000) + CAPTCHA_SECONDS,
  });
  return { key, image: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}` };
}

/** True when the code matches (case-insensitive). A genuine, unexpired captcha is spent afterwards either way. */
export async function consumeCaptcha(db: Queryable, signingKey: Uint8Array, key: unknown, code: unknown): Promise<boolean> {
  const claims = openCaptcha(captchaSecretOf(signingKey), key);
  if (!claims || claims.expiresAt <= Date.now() / 1000) return false;
  const spent = await db.query(
    'INSERT INTO rsc_captcha_spent (captcha_id, expires_at) VALUES ($1, to_timestamp($2)) ON CONFLICT (captcha_id) DO NOTHING RETURNING captcha_id',
    [claims.id, claims.expiresAt],
  );
  if (spent.rowCount !== 1 || typeof code !== 'string' || code.length > 16) return false;
  const given = Buffer.from(code.trim().toLowerCase());
  const expected = Buffer.from(claims.answer);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
