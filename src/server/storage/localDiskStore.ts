/**
 * The local disk: objects are files under DATA_DIR/files/<tenantId>/<key>.
 * The key is checked (objectStore.ts) and the resolved path must stay under
 * the tenant's folder, so nothing can be read or written outside it.
 * Files are written to a temporary name and renamed, so a reader never sees
 * half a file.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, StorageError, type ObjectStore } from './objectStore.js';

const TENANT_FOLDER = /^[A-Za-z0-9_-]{1,32}$/;

export function tenantFilesRoot(dataDir: string, tenantId: string): string {
  if (!TENANT_FOLDER.test(tenantId)) throw new Error(`unusable tenant id for a folder: "${tenantId.slice(0, 40)}"`);
  return path.join(path.resolve(dataDir), 'files', tenantId);
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === 'ENOENT';
}

export class LocalDiskStore implements ObjectStore {
  readonly kind = 'local' as const;
  readonly domain = 'local';

  constructor(private readonly root: string) {}

  /** The file of a key, refused when it would leave the root. */
  pathOf(key: string): string {
    assertSafeKey(key);
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error('the key leaves the storage root');
    return file;
  }

  async put(key: string, content: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${crypto.randomBytes(6).toString('hex')}.part`;
    try {
      await fs.writeFile(temporary, content, { flag: 'wx' });
      await fs.rename(temporary, file);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw new StorageError('unavailable', `writing ${key} failed: ${(error as Error).message}`);
    }
  }

  async get(key: string): Promise<Buffer> {
    try {
      return await fs.readFile(this.pathOf(key));
    } catch (error) {
      if (error instanceof StorageError) throw error;
      if (isMissing(error)) throw new StorageError('missing', `${key} is not on disk`);
      throw new StorageError('unavailable', `reading ${key} failed: ${(error as Error).message}`);
    }
  }

  async remove(key: string): Promise<void> {
    try {
      await fs.unlink(this.pathOf(key));
    } catch (error) {
      if (error instanceof StorageError) throw error;
      if (isMissing(error)) return;
      throw new StorageError('unavailable', `removing ${key} failed: ${(error as Error).message}`);
    }
  }
}
