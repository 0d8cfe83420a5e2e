/**
 * POST /api/blade-resource/oss/endpoint/put-file-attach: one file, sent as
 * multipart/form-data (Blade's field is `file`; the first file part is
 * taken), button attach_add (any allowed file) or wel_photos (pictures only:
 * photoAccess.ts). The extension must be on the allow-list
 * (storage/objectKeys.ts) and the size within UPLOAD_MAX_MB; the object is
 * stored under a generated key, so the client's file name is only ever the
 * original name shown and sent back on download. A hand-written route because
 * the engine's bindings take JSON, and because a slow upload must not hold
 * a database transaction open. Multipart parsing is registered for this
 * route's scope only.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../shared/envelope.js';
import type { Db } from '../db/pool.js';
import { fieldSecretsOf } from '../engine/fieldSecrets.js';
import { ApiError, badRequest } from '../http/apiError.js';
import { ALLOWED_EXTENSIONS, extensionOf, isAllowedExtension } from '../storage/objectKeys.js';
import type { StorageConfig } from '../storage/storageConfig.js';
import { TenantStorage } from '../storage/tenantStorage.js';
import { storeAttachment, type Upload } from './attachments.js';
import { assertUploadAllowed, uploadAllowance } from './photoAccess.js';
import './tenantStorageOf.js';

export interface ResourceRouteOptions {
  db: Db;
  dataDir: string;
  storage: StorageConfig;
}

function multipartFailure(error: unknown, maxBytes: number): unknown {
  const code = (error as { code?: unknown })?.code;
  const megabytes = Math.round(maxBytes / 1024 / 1024);
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ApiError(413, { zh: `文件大小不能超过 ${megabytes} MB`, en: `The file must not be larger than ${megabytes} MB` });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest('请以 multipart/form-data 上传文件', 'Send the file as multipart/form-data');
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest('一次只能上传一个文件', 'Upload one file at a time');
    case 'FST_PROTO_VIOLATION':
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest('上传的数据不完整或格式不正确', 'The upload is incomplete or malformed');
    default:
      return error;
  }
}

/** The client's name for the file, kept only as a label: control characters out, at most 255 characters (the end, with the extension). */
function originalNameOf(raw: string | undefined): string {
  const name = [...(raw ?? '')]
    .filter((character) => character.charCodeAt(0) >= 32 && character !== '\u007f')
    .join('')
    .trim();
  return name.length > 255 ? name.slice(-255) : name;
}

async function receiveUpload(request: FastifyRequest, maxBytes: number, allowance: 'any' | 'images'): Promise<Upload> {
  let part;
  try {
    part = await request.file();
  } catch (error) {
    throw multipartFailure(error, maxBytes);
  }
  if (!part) throw badRequest('请选择要上传的文件', 'Choose a file to upload');
  const originalName = originalNameOf(part.filename);
  const extension = extensionOf(originalName);
  if (!isAllowedExtension(extension)) {
    part.file.resume(); // let the rest of the body pass; the answer is already decided
    throw badRequest(
      `不支持的文件类型${extension ? `「${extension}」` : ''}：只能上传 ${ALLOWED_EXTENSIONS.join('、')} 文件`,
      `Files of type ${extension ? `"${extension}"` : 'without an extension'} cannot be uploaded; allowed: ${ALLOWED_EXTENSIONS.join(', ')}`,
    );
  }
  try {
    assertUploadAllowed(allowance, extension);
  } catch (error) {
    part.file.resume();
    throw error;
  }
  let content: Buffer;
  try {
    content = await part.toBuffer();
  } catch (error) {
    throw multipartFailure(error, maxBytes);
  }
  if (content.length === 0) throw badRequest('文件是空的', 'The file is empty');
  return { originalName, extension, content };
}

export function registerResourceRoutes(app: FastifyInstance, options: ResourceRouteOptions): void {
  const storage = new TenantStorage(options.dataDir, options.storage, fieldSecretsOf(options.db));
  app.decorate('tenantStorage', storage);
  app.register(async (scope) => {
    // preservePath: the client's name is kept whole as a label; safety never depends on the parser trimming it.
    await scope.register(multipart, {
      preservePath: true,
      limits: { fileSize: storage.uploadMaxBytes, files: 1, fields: 10, parts: 11, fieldSize: 4096, headerPairs: 100 },
    });
    scope.post('/api/blade-resource/oss/endpoint/put-file-attach', { config: { access: 'user' } }, async (request) => {
      const caller = request.caller!;
      const allowance = await uploadAllowance(options.db, caller);
      const upload = await receiveUpload(request, storage.uploadMaxBytes, allowance);
      return ok(await storeAttachment(options.db, storage, caller, upload));
    });
  });
}
