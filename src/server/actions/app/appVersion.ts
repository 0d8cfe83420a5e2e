/**
 * Uploading a release: the version fields are validated and the row written
 * first (a bad version stores no file), then the .apk goes to the platform's
 * object storage under a generated key, and the row learns where it is. A
 * failed store undoes the row (the action's transaction); a failed row
 * update removes the stored file.
 */
import type { DbClient } from '../../db/pool.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { insertRow } from '../../engine/operations/writeOperations.js';
import { PLATFORM_TENANT_ID } from '../../auth/permissions.js';
import { withStorage } from '../../resource/attachments.js';
import { tenantStorageOf } from '../../resource/tenantStorageOf.js';
import { contentTypeOf, newObjectKey } from '../../storage/objectKeys.js';
import { readApkRelease } from './apkUpload.js';

// Stays as an action: a multipart upload (an .apk with the version fields) is not the engine's JSON save.
async function upload(ctx: ActionContext): Promise<Record<string, unknown>> {
  const release = await readApkRelease(ctx.request);
  const tx = ctx.tx as DbClient;
  const row = await insertRow(ctx, tx, ctx.model, release.fields);
  const { store, ossId } = await withStorage(() => tenantStorageOf(ctx.request).enabledStore(tx, PLATFORM_TENANT_ID));
  const key = newObjectKey('apk');
  await withStorage(() => store.put(key, release.content, contentTypeOf('apk')));
  try {
    await localApi(ctx, tx).update('app/appVersion', String(row.id), {
      fileName: release.originalName,
      fileSize: release.content.length,
      fileKey: key,
      ossId: ossId ?? undefined,
    });
  } catch (error) {
    await store.remove(key).catch(() => undefined);
    throw error;
  }
  return { ...row, fileName: release.originalName, fileSize: release.content.length };
}

defineActions('app/appVersion', { upload });
