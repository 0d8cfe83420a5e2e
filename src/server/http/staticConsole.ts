/**
 * Serves the built console (dist/web) with history-API fallback: unknown
 * non-API paths get index.html so client-side routes survive a reload.
 *
 * Delivery: files under /assets/ carry a content hash in their names, so they
 * are cached for a year and never revalidated (`immutable`); index.html and
 * the other files are revalidated on every use (`no-cache`, with ETag and
 * Last-Modified). Compressed copies written at build time (x.js.br, x.js.gz,
 * scripts/vite/precompress.ts) are sent to clients that accept them, so no
 * request spends CPU on compression; the compressor of the API stays off here.
 */
import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { fail } from '../../shared/envelope.js';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export async function installStaticConsole(app: FastifyInstance, webRoot: string): Promise<void> {
  const hasConsole = fs.existsSync(`${webRoot}/index.html`);
  // cacheControl false: the plugin would otherwise overwrite the header set below with `public, max-age=0`.
  if (hasConsole) await app.register(fastifyStatic, { root: webRoot, serve: false, cacheControl: false, preCompressed: true });
  // HEAD is safe here (files only), so it is exposed for this route alone (app.ts turns it off elsewhere).
  app.get('/*', { config: { access: 'public' }, compress: false, exposeHeadRoute: true }, (request, reply) => {
    // Fastify has already decoded the wildcard; decoding again would choke on a literal %.
    const path = (request.params as { '*': string })['*'] ?? '';
    if (request.url.startsWith('/api/')) {
      return reply.code(404).send(fail(404, request.language === 'zh' ? '接口不存在' : 'No such endpoint'));
    }
    if (!hasConsole) {
      return reply.code(404).type('text/plain; charset=utf-8').send('The console is not built. Run `npm run build` (npm start does this).');
    }
    const isAsset = /^[\w./-]+\.[a-z0-9]+$/i.test(path) && !path.includes('..') && fs.existsSync(`${webRoot}/${path}`);
    if (isAsset) return reply.header('cache-control', path.startsWith('assets/') ? IMMUTABLE : REVALIDATE).sendFile(path);
    return reply.header('cache-control', REVALIDATE).sendFile('index.html');
  });
}
