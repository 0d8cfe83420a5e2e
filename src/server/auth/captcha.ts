/**
 * Sign-in captchas: an SVG image of 5 characters (svg-captcha, no native
 * dependencies), kept in the database for 5 minutes and usable once, so any
 * server instance can check it.
 */
import crypto from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Queryable } from '../db/pool.js';

export const CAPTCHA_SECONDS = 300;

export interface CaptchaImage {
  key: string;
  image: string;
}

export async function createCaptcha(db: Queryable): Promise<CaptchaImage> {
  const captcha = svgCaptcha.create({ size: 5, noise: 3, ignoreChars: '0oO1iIlL', width: 130, height: 48, background: '#f4f7fb' });
  const key = crypto.randomUUID();
  await db.query('DELETE FROM rsc_captcha WHERE expires_at < now()');
  await db.query(`INSERT INTO rsc_captcha (captcha_key, code, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [
    key,
    captcha.text.toLowerCase(),
    CAPTCHA_SECONDS,
  ]);
  return { key, image: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}` };
}

/** True when the code matches (case-insensitive). The captcha is gone afterwards either way. */
export async function consumeCaptcha(db: Queryable, key: unknown, code: unknown): Promise<boolean> {
  if (typeof key !== 'string' || !/^[0-9a-f-]{36}$/i.test(key) || typeof code !== 'string' || code.length > 16) return false;
  const result = await db.query<{ code: string; expired: boolean }>(
    'DELETE FROM rsc_captcha WHERE captcha_key = $1 RETURNING code, expires_at < now() AS expired',
    [key],
  );
  const row = result.rows[0];
  return !!row && !row.expired && row.code === code.trim().toLowerCase();
}
