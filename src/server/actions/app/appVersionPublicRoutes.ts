/**
 * What the mobile app asks without signing in (it updates itself before
 * anyone signs in): the latest release — version name and code, where to
 * download it, whether the update is forced, the release notes, nothing
 * else — and the latest .apk itself. Only the latest release is ever served.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { PLATFORM_TENANT_ID } from '../../auth/permissions.js';
import type { Db } from '../../db/pool.js';
import { entityModel } from '../../engine/entityRegistry.js';
import { quoteIdent } from '../../engine/naming.js';
import { notFound } from '../../http/apiError.js';
import { withStorage } from '../../resource/attachments.js';
import { tenantStorageOf } from '../../resource/tenantStorageOf.js';
import { contentTypeOf } from '../../storage/objectKeys.js';

export const LATEST_PATH = '/api/v1/appVersion/latest';
export const DOWNLOAD_PATH = '/api/v1/appVersion/download';

interface LatestRow {
  version_name: string;
  version_code: number;
  force_update: number;
  remark: string | null;
  file_name: string | null;
  file_key: string | null;
  oss_id: string | null;
}

async function latestRelease(db: Db): Promise<LatestRow | undefined> {
  // No session here (the app asks before anyone signs in), so no caller for the local API: the platform register's table, read directly.
  const result = await db.query<LatestRow>(
    `SELECT version_name, version_code, force_update, remark, file_name, file_key, oss_id::text AS oss_id
       FROM ${quoteIdent(entityModel('app/appVersion').table)} WHERE is_deleted = 0 AND file_key IS NOT NULL ORDER BY version_code DESC LIMIT 1`,
  );
  return result.rows[0];
}

/**
 * PUBLIC_URL when configured; otherwise the address the app used to reach us (the Host header, or X-Forwarded-Host and
 * -Proto from a trusted proxy only: http/proxyConfig.ts), so an untrusted forwarded header cannot point the app elsewhere.
 */
function downloadUrl(request: FastifyRequest, publicUrl: string | undefined): string {
  return `${publicUrl ?? `${request.protocol}://${request.host}`}${DOWNLOAD_PATH}`;
}

export function registerAppVersionPublicRoutes(app: FastifyInstance, db: Db, publicUrl?: string): void {
  app.get(LATEST_PATH, { config: { access: 'public' } }, async (request) => {
    const latest = await latestRelease(db);
    if (!latest) return ok(null);
    return ok({
      versionName: latest.version_name,
      versionCode: latest.version_code,
      downloadUrl: downloadUrl(request, publicUrl),
      forceUpdate: latest.force_update === 1,
      remark: latest.remark ?? '',
    });
  });

  app.get(DOWNLOAD_PATH, { config: { access: 'public' } }, async (request, reply) => {
    const latest = await latestRelease(db);
    if (!latest?.file_key) throw notFound('暂无可下载的安装包', 'No package to download yet');
    const key = latest.file_key;
    const store = await withStorage(() => tenantStorageOf(request).storeFor(db, PLATFORM_TENANT_ID, latest.oss_id));
    const content = await withStorage(() => store.get(key));
    const name = latest.file_name || `app-${latest.version_name}.apk`;
    return reply
      .header('content-type', contentTypeOf('apk'))
      .header('content-disposition', `attachment; filename="app.apk"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('cache-control', 'no-store')
      .send(content);
  });
}
