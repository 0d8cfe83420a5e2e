/**
 * POST /api/v2/inspect/cameraWarning/ingest: where a camera platform posts
 * its AI alarms. No console session: the camera account's ingestion key
 * authenticates (ingestCredential.ts), the body is bounded (256 KB, 100
 * alarms) and photos are URLs that are stored, never fetched. The design is
 * documented in schemas/camera/cameraWarning.json.
 */
import type { FastifyInstance } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import type { Db } from '../../db/pool.js';
import { ingestAlarms, MAX_INGEST_BODY_BYTES } from './ingestAlarms.js';
import { ingestAccountOf } from './ingestCredential.js';

export const INGEST_PATH = '/api/v2/inspect/cameraWarning/ingest';

export function registerCameraIngestRoutes(app: FastifyInstance, db: Db): void {
  app.post(INGEST_PATH, { config: { access: 'public' }, bodyLimit: MAX_INGEST_BODY_BYTES }, async (request) => {
    const account = await ingestAccountOf(db, request);
    return ok(await ingestAlarms(db, account, request.body, request.language));
  });
}
