/**
 * Compressed answers (br, else gzip) for the API: JSON and text of 1 KB or
 * more, negotiated on Accept-Encoding and marked `Vary: Accept-Encoding`.
 * Brotli runs at quality 4 (the plugin's default): quality 11 costs far more
 * CPU than it saves bytes on answers made per request. Event streams are never
 * compressed (a compressor buffers, and an SSE client must see each event as it
 * is written); neither are files that are compressed already (uploads and
 * downloads travel as octet-stream, spreadsheets and images are zips or
 * compressed formats). The console's own files are compressed at build time
 * (scripts/vite/precompress.ts) and served as they are (http/staticConsole.ts).
 * Request bodies are not inflated: only answers are compressed.
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** JSON, XML and text other than text/event-stream. */
export const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|(?:\+|\/)(?:json|xml)(?:;|$)|^application\/javascript/;

export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: COMPRESSIBLE_TYPES,
    globalDecompression: false,
  });
}
