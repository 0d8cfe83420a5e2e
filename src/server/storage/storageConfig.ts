/**
 * Settings of file storage, read once from the environment:
 * - UPLOAD_MAX_MB (default 20): the largest file an upload may carry;
 * - OSS_ALLOW_NETWORKS (comma-separated CIDR, none by default): private or
 *   loopback networks an S3-compatible endpoint may live in (an on-premises
 *   MinIO); public addresses need no entry (outbound guard, security rule 5);
 * - OSS_ALLOW_HTTP=1: plain http to an endpoint (https only by default; the
 *   signature protects the secret, not the file contents).
 */
import { parseNetwork } from '../auth/outboundGuard.js';

export interface StorageConfig {
  uploadMaxBytes: number;
  allowNetworks: string[];
  allowHttp: boolean;
  /** Deadline of one request to an S3-compatible endpoint. */
  timeoutMs: number;
}

function networks(raw: string | undefined): string[] {
  const list = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of list) {
    try {
      parseNetwork(entry);
    } catch {
      throw new Error(`OSS_ALLOW_NETWORKS must list networks in CIDR notation (e.g. 10.20.0.0/16), got "${entry}"`);
    }
  }
  return list;
}

export function loadStorageConfig(env: NodeJS.ProcessEnv = process.env): StorageConfig {
  const megabytes = env.UPLOAD_MAX_MB === undefined || env.UPLOAD_MAX_MB === '' ? 20 : Number(env.UPLOAD_MAX_MB);
  if (!Number.isInteger(megabytes) || megabytes < 1 || megabytes > 1024)
    throw new Error(`UPLOAD_MAX_MB must be an integer from 1 to 1024, got "${env.UPLOAD_MAX_MB}"`);
  return {
    uploadMaxBytes: megabytes * 1024 * 1024,
    allowNetworks: networks(env.OSS_ALLOW_NETWORKS),
    allowHttp: env.OSS_ALLOW_HTTP === '1',
    timeoutMs: 60_000,
  };
}
