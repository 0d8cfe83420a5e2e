/**
 * Who may upload and open which attachments. The attachment register's own
 * buttons (attach_add, attach_download, under 资源管理) are the
 * administrators': any file type. Field staff — inspectors, river chiefs,
 * the handlers of an event — need photos for their work (an event's before
 * and after photos, an inspection item's evidence) without the file
 * administration, so the workbench button wel_photos lets its holders upload
 * and open images only. Both checks live here so the upload route and the
 * download action apply the same rule.
 */
import { hasButton } from '../auth/permissions.js';
import type { Queryable } from '../db/pool.js';
import { badRequest, forbidden } from '../http/apiError.js';
import type { Caller } from '../http/caller.js';
import { CONTENT_TYPES } from '../storage/objectKeys.js';

export const PHOTO_BUTTON = 'wel_photos';
const UPLOAD_BUTTON = 'attach_add';
const DOWNLOAD_BUTTON = 'attach_download';

export function isImageExtension(extension: string): boolean {
  return Object.hasOwn(CONTENT_TYPES, extension) && CONTENT_TYPES[extension].startsWith('image/');
}

/** What the caller may upload: any allowed file, images only, or nothing (403 before the body is read). */
export async function uploadAllowance(db: Queryable, caller: Caller): Promise<'any' | 'images'> {
  if (await hasButton(db, caller, UPLOAD_BUTTON)) return 'any';
  if (await hasButton(db, caller, PHOTO_BUTTON)) return 'images';
  throw forbidden();
}

export function assertUploadAllowed(allowance: 'any' | 'images', extension: string): void {
  if (allowance === 'images' && !isImageExtension(extension)) {
    throw badRequest('只能上传图片（jpg、png、gif、bmp、webp）', 'Only pictures may be uploaded (jpg, png, gif, bmp, webp)');
  }
}

/** Opening a stored file: the download button for any file, the photo button for pictures. */
export async function assertDownloadAllowed(db: Queryable, caller: Caller, extension: string): Promise<void> {
  if (await hasButton(db, caller, DOWNLOAD_BUTTON)) return;
  if (isImageExtension(extension) && (await hasButton(db, caller, PHOTO_BUTTON))) return;
  throw forbidden();
}
