/**
 * POST /api/v1/monitor/reading/ingest: where telemetry (an RTU gateway, a
 * vendor platform) posts readings. No console session: the tenant is the
 * Tenant-Id header and each batch's station is authenticated by its device
 * key (ingestStations.ts). Bounded: at most 4 MB of JSON after decompression
 * (gzip, deflate and br request bodies are inflated for this route only, and
 * Fastify's body limit counts the inflated bytes), 200 batches and 20,000
 * readings per request. The answer is the IngestResult (ingest.ts).
 */
import type { FastifyInstance } from 'fastify';
import { ok } from '../../shared/envelope.js';
import type { Db } from '../db/pool.js';
import { badRequest } from '../http/apiError.js';
import { ingestReadings, type IngestBatch } from './ingest.js';

export const READING_INGEST_PATH = '/api/v1/monitor/reading/ingest';
export const MAX_INGEST_BODY_BYTES = 4 * 1024 * 1024;
export const MAX_INGEST_BATCHES = 200;
export const MAX_INGEST_READINGS = 20_000;

type Row = Record<string, unknown>;

/** The batches of a body {batches: [...]} within the request limits (400 otherwise; nothing is stored). */
export function batchesOf(body: unknown, limits = { batches: MAX_INGEST_BATCHES, readings: MAX_INGEST_READINGS }): IngestBatch[] {
  const batches = body && typeof body === 'object' && !Array.isArray(body) ? (body as Row).batches : undefined;
  if (!Array.isArray(batches) || batches.length === 0) {
    throw badRequest('请求体应为 {batches: [...]}，且至少包含一批测值', 'The body must be {batches: [...]} with at least one batch');
  }
  if (batches.length > limits.batches) {
    throw badRequest(`一次最多上报 ${limits.batches} 批测值`, `At most ${limits.batches} batches per request`);
  }
  let readings = 0;
  batches.forEach((batch, index) => {
    if (!batch || typeof batch !== 'object' || Array.isArray(batch) || !Array.isArray((batch as Row).readings)) {
      throw badRequest(
        `第 ${index + 1} 批应为 {stationCode, deviceKey, readings: [...]}`,
        `Batch ${index + 1} must be {stationCode, deviceKey, readings: [...]}`,
      );
    }
    readings += ((batch as Row).readings as unknown[]).length;
  });
  if (readings > limits.readings) {
    throw badRequest(
      `一次最多上报 ${limits.readings} 条测值（本次 ${readings} 条）`,
      `At most ${limits.readings} readings per request (this one has ${readings})`,
    );
  }
  return batches as IngestBatch[];
}

function tenantOf(header: string | string[] | undefined): string {
  const tenantId = Array.isArray(header) ? header[0] : header;
  if (!tenantId || !/^[0-9A-Za-z_-]{1,12}$/.test(tenantId)) {
    throw badRequest('请在请求头 Tenant-Id 中提供租户编号', 'Send the tenant id in the Tenant-Id header');
  }
  return tenantId;
}

export function registerReadingIngestRoutes(app: FastifyInstance, db: Db): void {
  app.post(
    READING_INGEST_PATH,
    { config: { access: 'public' }, bodyLimit: MAX_INGEST_BODY_BYTES, decompress: { requestEncodings: ['gzip', 'deflate', 'br'] } },
    async (request) => {
      const tenantId = tenantOf(request.headers['tenant-id']);
      return ok(await ingestReadings(db, tenantId, batchesOf(request.body), 'http', request.language));
    },
  );
}
