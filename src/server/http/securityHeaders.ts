/**
 * Security headers on every answer — API, console files, errors and 404s —
 * through @fastify/helmet. Installed before any other hook, so a request
 * refused early (401, 429) carries them too.
 *
 * The Content-Security-Policy allows what the console really loads and no
 * more: scripts only from this origin (the built console has no inline
 * script); inline styles, because antd's CSS-in-JS injects <style> tags;
 * images from here, data: (the captcha) and blob:. Three features reach
 * other hosts by design, each an address an administrator configured:
 * camera live streams (hls.js fetches the playlist and segments from the
 * camera's server and plays them through blob: media), external menu
 * pages embedded by /myiframe (any http(s) page may be such a menu item),
 * and the map's tile images from the tile server MAP_TILE_URL names (only
 * its origin, only when set: system/mapTiles.ts).
 * The console may be framed only by itself; plugins, <base> and foreign form
 * targets are refused.
 *
 * Left out on purpose: Strict-Transport-Security and upgrade-insecure-requests,
 * which would break a plain-HTTP intranet deployment and the cameras' HTTP
 * streams; HTTPS is the TLS terminator's to enforce.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { mapTileSource, mapTileUrlFromEnv } from '../system/mapTiles.js';

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  // Camera streams (hls.js): playlists and segments from the camera's server, played as blob: media; hls.js may run a blob: worker.
  connectSrc: ["'self'", 'http:', 'https:'],
  mediaSrc: ["'self'", 'blob:', 'http:', 'https:'],
  workerSrc: ["'self'", 'blob:'],
  // External menu pages (/myiframe).
  frameSrc: ["'self'", 'http:', 'https:'],
  frameAncestors: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  const tiles = mapTileUrlFromEnv();
  const directives = tiles ? { ...CONTENT_SECURITY_POLICY, imgSrc: [...CONTENT_SECURITY_POLICY.imgSrc, mapTileSource(tiles)] } : CONTENT_SECURITY_POLICY;
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'sameorigin' },
  });
}
