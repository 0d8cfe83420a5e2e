/**
 * Reading an app release from a multipart request: the .apk (field `file`)
 * and the version fields, in any order. The file must be an .apk — by name
 * and by content (an APK is a ZIP archive) — not empty and within the size
 * limit.
 */
import '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest } from '../../http/apiError.js';
import { extensionOf } from '../../storage/objectKeys.js';

/** The largest .apk accepted (the app is read into memory once to be stored). */
export const APK_MAX_BYTES = 200 * 1024 * 1024;
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const VERSION_FIELDS = new Set(['versionName', 'versionCode', 'forceUpdate', 'remark']);

export interface ApkRelease {
  fields: Record<string, string>;
  originalName: string;
  content: Buffer;
}

function uploadFailure(error: unknown): unknown {
  const code = (error as { code?: unknown })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new ApiError(413, {
      zh: `安装包不能超过 ${APK_MAX_BYTES / 1024 / 1024} MB`,
      en: `The package must not be larger than ${APK_MAX_BYTES / 1024 / 1024} MB`,
    });
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return badRequest('一次只能上传一个安装包', 'Upload one package at a time');
  if (code === 'FST_PROTO_VIOLATION' || code === 'FST_MP_PREMATURE_CLOSE')
    return badRequest('上传的数据不完整或格式不正确', 'The upload is incomplete or malformed');
  return error;
}

/** The client's file name as a label only: no control characters, no folders, at most 255 characters. */
function labelOf(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 32 && c !== '\u007f')
    .join('')
    .trim();
  return clean.length > 255 ? clean.slice(-255) : clean;
}

export async function readApkRelease(request: FastifyRequest): Promise<ApkRelease> {
  if (!request.isMultipart())
    throw badRequest('请以 multipart/form-data 上传安装包（file）及版本信息', 'Send the package (file) and the version as multipart/form-data');
  const fields: Record<string, string> = {};
  let file: { originalName: string; content: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: APK_MAX_BYTES, files: 1, fields: 10 } })) {
      if (part.type === 'file') {
        const originalName = labelOf(part.filename);
        if (extensionOf(originalName) !== 'apk') {
          part.file.resume();
          throw badRequest('只能上传 .apk 安装包', 'Only .apk packages can be uploaded');
        }
        file = { originalName, content: await part.toBuffer() };
      } else if (VERSION_FIELDS.has(part.fieldname) && typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw uploadFailure(error);
  }
  if (!file) throw badRequest('请选择要上传的 .apk 安装包', 'Choose the .apk package to upload');
  if (file.content.length === 0) throw badRequest('安装包是空的', 'The package is empty');
  if (!file.content.subarray(0, 4).equals(ZIP_SIGNATURE)) throw badRequest('文件不是有效的 APK 安装包', 'The file is not a valid APK package');
  return { fields, ...file };
}
