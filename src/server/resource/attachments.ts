/**
 * Storing, reading and removing attachments: the object goes to the
 * tenant's enabled storage under a generated key, the row (resource/attach)
 * remembers the key, the storage configuration and the original name.
 */
import { nextId } from '../db/ids.js';
import type { Queryable } from '../db/pool.js';
import { entityModel } from '../engine/entityRegistry.js';
import { actorOf } from '../engine/operations/context.js';
import { buildInsert } from '../engine/sqlBuilder.js';
import type { Caller } from '../http/caller.js';
import { contentTypeOf, newObjectKey } from '../storage/objectKeys.js';
import { StorageError, type ObjectStore } from '../storage/objectStore.js';
import { storageApiError } from '../storage/storageErrors.js';
import type { TenantStorage } from '../storage/tenantStorage.js';

export interface Upload {
  originalName: string;
  extension: string;
  content: Buffer;
}

/** What the upload answers (Blade's BladeFile). */
export interface StoredAttachment {
  attachId: string;
  link: string;
  domain: string;
  name: string;
  originalName: string;
  extension: string;
  attachSize: number;
}

/** Runs a storage operation; its failure becomes the user's message (details kept as the cause). */
export async function withStorage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof StorageError ? storageApiError(error) : error;
  }
}

export function downloadLink(id: string): string {
  return `/api/blade-resource/attach/download?id=${id}`;
}

export async function storeAttachment(db: Queryable, storage: TenantStorage, caller: Caller, upload: Upload): Promise<StoredAttachment> {
  const { store, ossId } = await withStorage(() => storage.enabledStore(db, caller.tenantId));
  const key = newObjectKey(upload.extension);
  await withStorage(() => store.put(key, upload.content, contentTypeOf(upload.extension)));
  const id = nextId();
  const row = {
    originalName: upload.originalName,
    extension: upload.extension,
    attachSize: upload.content.length,
    name: key,
    domain: store.domain,
    link: downloadLink(id),
    ossId,
  };
  try {
    const sql = buildInsert(entityModel('resource/attach'), actorOf(caller), id, row);
    await db.query(sql.text, sql.values);
  } catch (error) {
    // No row, no file: an object nobody can find would only take space.
    await store.remove(key).catch(() => undefined);
    throw error;
  }
  return { attachId: id, link: row.link, domain: row.domain, name: key, originalName: row.originalName, extension: row.extension, attachSize: row.attachSize };
}

export interface AttachmentRow {
  name: string;
  ossId: string | null;
}

export async function storeOfAttachment(db: Queryable, storage: TenantStorage, tenantId: string, row: AttachmentRow): Promise<ObjectStore> {
  return withStorage(() => storage.storeFor(db, tenantId, row.ossId));
}
