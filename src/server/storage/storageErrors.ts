/**
 * What the user is told when storage fails. The StorageError (endpoint,
 * S3 error code) stays on the ApiError as its cause, for the error log.
 */
import { ApiError, badRequest } from '../http/apiError.js';
import type { StorageError } from './objectStore.js';

const TEXTS = {
  missing: { zh: '文件不存在或已被删除', en: 'The file does not exist or has been deleted' },
  address: {
    zh: '对象存储地址不被允许：须为 https 地址（http 需设置 OSS_ALLOW_HTTP=1），内网或本机地址须在 OSS_ALLOW_NETWORKS 中放行',
    en: 'The storage endpoint is not allowed: it must be https (http needs OSS_ALLOW_HTTP=1), and private or loopback addresses must be listed in OSS_ALLOW_NETWORKS',
  },
  denied: {
    zh: '对象存储拒绝了请求，请检查 accessKey、secretKey 和空间名',
    en: 'The storage service refused the request; check the access key, secret key and bucket',
  },
  misconfigured: {
    zh: '对象存储配置不完整或已被删除：S3 兼容存储须填写资源地址、空间名、accessKey 和 secretKey',
    en: 'The storage configuration is incomplete or was removed: an S3-compatible one needs the endpoint, bucket, access key and secret key',
  },
  unavailable: { zh: '对象存储暂时不可用，请稍后再试', en: 'The storage service is unavailable; please try again later' },
} as const;

export function storageApiError(error: StorageError): ApiError {
  const text = TEXTS[error.reason];
  const answer = error.reason === 'missing' ? new ApiError(404, text) : error.reason === 'unavailable' ? new ApiError(502, text) : badRequest(text.zh, text.en);
  answer.cause = error;
  return answer;
}
