/** Settings the console reads before sign-in (captcha mode, tenant mode, version) and the map's tile server (mapTiles.ts). */
import type { FastifyInstance } from 'fastify';
import { ok } from '../../shared/envelope.js';
import { APP_VERSION } from '../../shared/constants.js';
import type { ServerConfig } from '../config.js';
import { mapTileUrlFromEnv } from './mapTiles.js';

export function registerPublicSettings(app: FastifyInstance, config: ServerConfig): void {
  const mapTileUrl = mapTileUrlFromEnv() ?? null;
  app.get('/api/blade-system/public/settings', { config: { access: 'public' } }, async () =>
    ok({
      captchaMode: config.captchaEnabled,
      tenantMode: true,
      switchMode: false,
      environment: config.environment,
      tokenTime: config.accessTokenSeconds,
      version: APP_VERSION.version,
      releaseDate: APP_VERSION.releaseDate,
      mapTileUrl,
    }),
  );
}
