/**
 * Which store holds a tenant's files: the enabled object-storage
 * configuration (resource/oss), or the local disk when none is enabled.
 * An attachment remembers the configuration it was stored with, so it is
 * read and removed there even after another one is enabled.
 */
import type { OutboundPolicy } from '../auth/outboundGuard.js';
import type { Queryable } from '../db/pool.js';
import type { FieldSecrets } from '../engine/fieldSecrets.js';
import { LocalDiskStore, tenantFilesRoot } from './localDiskStore.js';
import { StorageError, type ObjectStore } from './objectStore.js';
import { S3Store } from './s3Store.js';
import type { StorageConfig } from './storageConfig.js';

export const OSS_CATEGORY = { local: 1, s3: 2 } as const;

interface OssRow {
  id: string;
  category: number;
  endpoint: string | null;
  bucket_name: string | null;
  access_key: string | null;
  secret_key: string | null;
  region: string | null;
}

const OSS_COLUMNS = 'id::text AS id, category, endpoint, bucket_name, access_key, secret_key, region';

export interface ChosenStore {
  store: ObjectStore;
  /** The configuration used; null for the default local disk. */
  ossId: string | null;
}

export class TenantStorage {
  constructor(
    private readonly dataDir: string,
    private readonly config: StorageConfig,
    /** The secret key is stored sealed (x-encrypted). */
    private readonly secrets: FieldSecrets,
  ) {}

  get uploadMaxBytes(): number {
    return this.config.uploadMaxBytes;
  }

  private policy(): OutboundPolicy {
    return {
      schemes: this.config.allowHttp ? ['https:', 'http:'] : ['https:'],
      allowNetworks: this.config.allowNetworks,
      timeoutMs: this.config.timeoutMs,
      // A download is at most an upload's size; the margin is for an error document.
      maxBytes: this.config.uploadMaxBytes + 64 * 1024,
      maxRedirects: 0,
    };
  }

  localStore(tenantId: string): ObjectStore {
    return new LocalDiskStore(tenantFilesRoot(this.dataDir, tenantId));
  }

  private storeOf(tenantId: string, row: OssRow): ObjectStore {
    if (row.category !== OSS_CATEGORY.s3) return this.localStore(tenantId);
    const { endpoint, bucket_name: bucket, access_key: accessKey } = row;
    // A key sealed under another signing key (or altered in the database) does not open: the configuration is unusable.
    const secretKey = row.secret_key ? this.secrets.cipher('blade_oss', 'secret_key').open(row.secret_key) : undefined;
    if (!endpoint || !bucket || !accessKey || !secretKey) throw new StorageError('misconfigured', `oss ${row.id} lacks endpoint, bucket or keys`);
    return new S3Store({ endpoint, bucket, accessKey, secretKey, region: row.region ?? '' }, this.policy());
  }

  /** Where a new upload goes: the tenant's enabled configuration, else the local disk. */
  async enabledStore(db: Queryable, tenantId: string): Promise<ChosenStore> {
    const result = await db.query<OssRow>(
      `SELECT ${OSS_COLUMNS} FROM blade_oss WHERE tenant_id = $1 AND is_enabled = 1 AND is_deleted = 0 ORDER BY update_time DESC LIMIT 1`,
      [tenantId],
    );
    const row = result.rows[0];
    return row ? { store: this.storeOf(tenantId, row), ossId: row.id } : { store: this.localStore(tenantId), ossId: null };
  }

  /** Where an attachment stored with this configuration lives (null: the default local disk). */
  async storeFor(db: Queryable, tenantId: string, ossId: string | null): Promise<ObjectStore> {
    if (ossId === null || ossId === '0') return this.localStore(tenantId);
    const result = await db.query<OssRow>(`SELECT ${OSS_COLUMNS} FROM blade_oss WHERE tenant_id = $1 AND id = $2 AND is_deleted = 0`, [tenantId, ossId]);
    const row = result.rows[0];
    if (!row) throw new StorageError('misconfigured', `oss ${ossId}, which holds the file, was removed`);
    return this.storeOf(tenantId, row);
  }
}
