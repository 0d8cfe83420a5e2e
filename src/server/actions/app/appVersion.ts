/**
 * Uploading a release: the version fields are validated and the row written
 * first (a bad version stores no file), then the .apk goes to the platform's
 * object storage under a generated key, and the row learns where it is. A
 * failed store undoes the row (the action's transaction); a failed row
 * update removes the stored file.
 */
import type { DbClient } from '../../db/pool.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { insertRow } from '../../engine/operations/writeOperations.js';
import { PLATFORM_TENANT_ID } from '../../auth/permissions.js';
import { withStorage } from '../../resource/attachments.js';
import { tenantStorageOf } from '../../resource/tenantStorageOf.js';
import { contentTypeOf, newObjectKey } from '../../storage/objectKeys.js';
import { readApkRelease } from './apkUpload.js';

async function upload(ctx: ActionContext): Promise<Record<string, unknown>> {
  const release = await readApkRelease(ctx.request);
  const tx = ctx.tx as DbClient;
  const row = await insertRow(ctx, tx, ctx.model, release.fields);
  const { store, ossId } = await withStorage(() => tenantStorageOf(ctx.request).enabledStore(tx, PLATFORM_TENANT_ID));
  const key = newObjectKey('apk');
  await withStorage(() => store.put(key, release.content, contentTypeOf('apk')));
  try {
    await tx.query(`UPDATE rsc_app_version SET file_name = $2, file_size = $3, file_key = $4, oss_id = $5 WHERE id = $1`, [row.id, release.originalName, release.content.length, key, ossId]);
  } catch (error) {
    await store.remove(key).catch(() => undefined);
    throw error;
  }
  return { ...row, fileName: release.originalName, fileSize: release.content.length };
}

defineActions('app/appVersion', { upload });
