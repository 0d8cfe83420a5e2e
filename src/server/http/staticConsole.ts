/**
 * Serves the built console (dist/web) with history-API fallback: unknown
 * non-API paths get index.html so client-side routes survive a reload.
 */
import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { fail } from '../../shared/envelope.js';

export async function installStaticConsole(app: FastifyInstance, webRoot: string): Promise<void> {
  const hasConsole = fs.existsSync(`${webRoot}/index.html`);
  if (hasConsole) await app.register(fastifyStatic, { root: webRoot, serve: false });
  // HEAD is safe here (files only), so it is exposed for this route alone (app.ts turns it off elsewhere).
  app.get('/*', { config: { access: 'public' }, exposeHeadRoute: true }, (request, reply) => {
    // Fastify has already decoded the wildcard; decoding again would choke on a literal %.
    const path = (request.params as { '*': string })['*'] ?? '';
    if (request.url.startsWith('/api/')) {
      return reply.code(404).send(fail(404, request.language === 'zh' ? '接口不存在' : 'No such endpoint'));
    }
    if (!hasConsole) {
      return reply.code(404).type('text/plain; charset=utf-8').send('The console is not built. Run `npm run build` (npm start does this).');
    }
    const isAsset = /^[\w./-]+\.[a-z0-9]+$/i.test(path) && !path.includes('..') && fs.existsSync(`${webRoot}/${path}`);
    if (isAsset) {
      const immutable = path.startsWith('assets/');
      return reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache').sendFile(path);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
