/**
 * An S3-compatible service (AWS S3, MinIO, 阿里云 OSS, 腾讯云 COS, 华为云
 * OBS …): path-style requests `<endpoint>/<bucket>/<key>` signed with AWS
 * Signature V4 (aws4fetch's AwsV4Signer, payload hash included) and sent
 * through the outbound guard, so an endpoint in a private or loopback
 * network is refused unless OSS_ALLOW_NETWORKS lists it.
 */
import crypto from 'node:crypto';
import { AwsV4Signer } from 'aws4fetch';
import { guardedRequest, OutboundRequestError, type OutboundPolicy, type OutboundResponse } from '../auth/outboundGuard.js';
import { assertSafeKey, StorageError, type ObjectStore } from './objectStore.js';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
}

type Method = 'GET' | 'PUT' | 'DELETE';

const EMPTY = Buffer.alloc(0);

/** The S3 error code of an XML error answer (`<Code>NoSuchKey</Code>`), for the server log. */
function errorCodeOf(response: OutboundResponse): string {
  return /<Code>([^<]{1,64})<\/Code>/.exec(response.text())?.[1] ?? `HTTP ${response.status}`;
}

export class S3Store implements ObjectStore {
  readonly kind = 's3' as const;
  readonly domain: string;
  private readonly base: string;

  constructor(
    private readonly settings: S3Settings,
    private readonly policy: OutboundPolicy,
  ) {
    this.base = `${settings.endpoint.replace(/\/+$/, '')}/${settings.bucket}`;
    this.domain = this.base;
  }

  private async send(method: Method, key: string, body?: Buffer, contentType?: string): Promise<OutboundResponse> {
    assertSafeKey(key);
    const url = `${this.base}/${key}`;
    const headers: Record<string, string> = {
      'x-amz-content-sha256': crypto
        .createHash('sha256')
        .update(body ?? EMPTY)
        .digest('hex'),
    };
    if (contentType) headers['content-type'] = contentType;
    const signer = new AwsV4Signer({
      method,
      url,
      headers,
      accessKeyId: this.settings.accessKey,
      secretAccessKey: this.settings.secretKey,
      service: 's3',
      region: this.settings.region || 'us-east-1',
    });
    const signed = await signer.sign();
    const sent: Record<string, string> = {};
    signed.headers.forEach((value, name) => (sent[name] = value));
    try {
      return await guardedRequest(url, { method, headers: sent, body }, this.policy);
    } catch (error) {
      if (!(error instanceof OutboundRequestError)) throw error;
      const isPolicy = ['url', 'scheme', 'credentials', 'address'].includes(error.reason);
      throw new StorageError(isPolicy ? 'address' : 'unavailable', `${method} ${key}: ${error.message}`);
    }
  }

  private failure(method: Method, key: string, response: OutboundResponse): StorageError {
    const code = errorCodeOf(response);
    if (response.status === 404 && code !== 'NoSuchBucket') return new StorageError('missing', `${method} ${key}: ${code}`);
    const isDenied = response.status === 403 || response.status === 401 || code === 'NoSuchBucket';
    return new StorageError(isDenied ? 'denied' : 'unavailable', `${method} ${key}: ${code}`);
  }

  async put(key: string, content: Buffer, contentType: string): Promise<void> {
    const response = await this.send('PUT', key, content, contentType);
    if (response.status !== 200) throw this.failure('PUT', key, response);
  }

  async get(key: string): Promise<Buffer> {
    const response = await this.send('GET', key);
    if (response.status !== 200) throw this.failure('GET', key, response);
    return response.body;
  }

  async remove(key: string): Promise<void> {
    const response = await this.send('DELETE', key);
    if (response.status !== 204 && response.status !== 200 && response.status !== 404) throw this.failure('DELETE', key, response);
  }
}
