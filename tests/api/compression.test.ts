/**
 * Compressed API answers: JSON of 1 KB or more goes out brotli- or
 * gzip-encoded, as the client's Accept-Encoding allows, with
 * `Vary: Accept-Encoding`; event streams are never compressed (an SSE client
 * must see each event as it is written). Requests are made with node:http, so
 * the encoding on the wire is seen as it is, not decoded by fetch.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installCompression } from '../../src/server/http/compression.js';
import { startTestServer, type TestServer } from './testServer.js';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function rawGet(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

let t: TestServer;
let admin: string;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn('100001', 'admin');
});
afterAll(() => t?.close());

// The signed-in administrator's menu tree: several kilobytes of JSON.
const menuRoutes = (acceptEncoding?: string) =>
  rawGet(`${t.url}/api/blade-system/menu/routes`, { 'Blade-Auth': `bearer ${admin}`, ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}) });

describe('a large JSON answer', () => {
  it('is brotli-encoded for a client that accepts br, marked Vary: Accept-Encoding, and inflates to the same JSON', async () => {
    const plain = await menuRoutes();
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(4096);
    const answer = await menuRoutes('gzip, deflate, br');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary?.toLowerCase()).toContain('accept-encoding');
    expect(answer.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(answer.body).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
  });

  it('is gzip-encoded for a client that accepts only gzip', async () => {
    const answer = await menuRoutes('gzip');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(answer.body).toString('utf8')).code).toBe(200);
  });

  it('is sent as it is to a client that accepts no encoding', async () => {
    const answer = await menuRoutes();
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(answer.body.toString('utf8')).code).toBe(200);
  });
});

describe('an event stream', () => {
  it('is never compressed, however large, so each event reaches the client as it is written', async () => {
    const app = Fastify();
    await installCompression(app);
    const events = Array.from({ length: 200 }, (_, n) => `data: {"n":${n}}\n\n`).join('');
    app.get('/events', (_request, reply) => reply.type('text/event-stream').send(events));
    app.get('/json', (_request, reply) => reply.send({ events }));
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const stream = await rawGet(`${address}/events`, { 'Accept-Encoding': 'br, gzip' });
      expect(stream.headers['content-encoding']).toBeUndefined();
      expect(stream.body.toString('utf8')).toBe(events);
      // The same bytes as JSON are compressed: the stream is left alone for its type, not its size.
      expect((await rawGet(`${address}/json`, { 'Accept-Encoding': 'br, gzip' })).headers['content-encoding']).toBe('br');
    } finally {
      await app.close();
    }
  });
});
