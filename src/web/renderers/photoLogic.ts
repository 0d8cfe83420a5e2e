/**
 * The rules of a photo list field (an event's photos before, afterPhotos
 * after), pure: which fields are photo lists, how many photos they take,
 * where a photo is uploaded and what the field keeps (the attachment's link).
 */
import type { ClientFieldSchema } from '../../shared/clientSchema';

/** The attachment upload every photo goes through (multipart `file`; answers the stored attachment with its link). */
export const PHOTO_UPLOAD_URL = '/blade-resource/oss/endpoint/put-file-attach';
/** Attachment links are served to a signed-in caller only: shown through an authorised request, not a bare <img src>. */
const SIGNED_IN_LINK = /^\/api\//;

/** At most 9 photos a field, unless the schema allows fewer. */
export const MAX_PHOTOS = 9;

/** A list of photo addresses: an array of texts named as photos (photos, afterPhotos, images) or asking for the upload widget. */
export function isPhotoList(name: string, field: ClientFieldSchema): boolean {
  if (field.type !== 'array' || field['x-ref'] || field['x-dict']) return false;
  if ((field['x-component'] as string | undefined) === 'upload') return true;
  return (field.items?.type ?? 'string') === 'string' && /(photos|images|pictures)$/i.test(name);
}

export function photoLimitOf(field: ClientFieldSchema): number {
  return Math.min(MAX_PHOTOS, field.maxItems ?? MAX_PHOTOS);
}

/** The photo addresses a field holds (a list, or SpringBlade's comma-joined text). */
export function photoUrlsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter((url) => url.trim() !== '');
  if (typeof value === 'string') return value.split(',').filter((url) => url.trim() !== '');
  return [];
}

/** The link of a stored attachment in the upload's answer (BladeFile.link). */
export function uploadedLinkOf(answer: unknown): string | undefined {
  const link = (answer as { link?: unknown } | null)?.link;
  return typeof link === 'string' && link !== '' ? link : undefined;
}

export function needsSignedInFetch(url: string): boolean {
  return SIGNED_IN_LINK.test(url);
}

const PICTURE_TYPE = /^image\//;
const PICTURE_NAME = /\.(png|jpe?g|gif|webp|bmp)$/i;

export function isPictureFile(file: { type?: string; name: string }): boolean {
  return (!!file.type && PICTURE_TYPE.test(file.type)) || PICTURE_NAME.test(file.name);
}
