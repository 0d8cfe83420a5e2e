/**
 * Object-storage configurations (/api/blade-resource/oss/*): one enabled per
 * tenant, the secret key write-only, and the S3-compatible kind for real —
 * signed uploads, downloads and deletions against an s3rver on loopback
 * (allowed for this test server through OSS_ALLOW_NETWORKS), and the
 * outbound guard refusing private endpoints by default.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityModels } from '../../src/server/engine/entityRegistry.js';
import { fieldSecretsOf, sealStoredPlainSecrets } from '../../src/server/engine/fieldSecrets.js';
import { StorageError } from '../../src/server/storage/objectStore.js';
import { loadStorageConfig } from '../../src/server/storage/storageConfig.js';
import { TenantStorage } from '../../src/server/storage/tenantStorage.js';
import { startTestServer, type TestServer } from './testServer.js';
import { download, uploadFile } from './uploadSupport.js';

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: object) => S3rverInstance;

const TENANT = '100001';
const BUCKET = 'rsc-files';

let t: TestServer;
let s3: S3rverInstance;
let endpoint: string;
let dataDir: string;
let s3Dir: string;
let admin: string;
let otherAdmin: string;
let inspector: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsc-oss-'));
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsc-s3rver-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET }] });
  endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
  t = await startTestServer({ dataDir, storage: { ...loadStorageConfig({}), allowNetworks: ['127.0.0.1/32'], allowHttp: true } });
  admin = await t.signIn(TENANT, 'admin');
  otherAdmin = await t.signIn('316979', 'admin');
  inspector = await t.signIn(TENANT, 'inspector');
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  for (const dir of [dataDir, s3Dir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const s3Client = () => new AwsClient({ accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', service: 's3', region: 'us-east-1' });
const objectUrl = (key: string) => `${endpoint}/${BUCKET}/${key}`;

async function submitOss(body: Record<string, unknown>, token = admin) {
  return t.api('/api/blade-resource/oss/submit', { token, body });
}
async function enable(id: string, token = admin) {
  return t.api(`/api/blade-resource/oss/enable?id=${id}`, { method: 'POST', token });
}
async function enabledIds(tenantId = TENANT): Promise<string[]> {
  const result = await t.db.query(`SELECT id::text AS id FROM blade_oss WHERE tenant_id = $1 AND is_enabled = 1 AND is_deleted = 0`, [tenantId]);
  return result.rows.map((r) => r.id);
}

const s3Config = (code: string, extra: Record<string, unknown> = {}) => ({
  ossCode: code,
  category: 2,
  endpoint,
  bucketName: BUCKET,
  accessKey: 'S3RVER',
  secretKey: 'S3RVER',
  region: 'us-east-1',
  ...extra,
});

describe('configurations', () => {
  it('validate an S3-compatible one: endpoint, bucket and access key are required, the endpoint must be a URL', async () => {
    const missing = await submitOss({ ossCode: 'incomplete', category: 2 });
    expect(missing.status).toBe(400);
    expect(missing.body.data.errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['endpoint']));
    const badUrl = await submitOss({ ...s3Config('bad-url'), endpoint: 'ftp://files.example.com' });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.msg).toBe('资源地址须为 http(s)://主机[:端口] 形式');
    const local = await submitOss({ ossCode: 'disk', category: 1 });
    expect(local.status).toBe(200);
    expect(local.body.data).toMatchObject({ ossCode: 'disk', category: 1, isEnabled: 0 });
  });

  it('never return the secret key, and keep it when an edit leaves it out', async () => {
    const created = (await submitOss(s3Config('keeps-secret', { secretKey: 'very-secret-key-1' }))).body.data;
    expect(JSON.stringify(created)).not.toContain('very-secret-key-1');
    const detail = await t.api(`/api/blade-resource/oss/detail?id=${created.id}`, { token: admin });
    expect(detail.body.data.secretKey).toBeUndefined();
    expect(detail.body.data.accessKey).toBe('S3RVER');
    await submitOss({ id: created.id, remark: 'edited', version: created.version });
    const stored = (await t.db.query('SELECT secret_key FROM blade_oss WHERE id = $1', [created.id])).rows[0].secret_key;
    // Stored sealed (x-encrypted): the table alone does not give the key away, the deployment's key opens it.
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain('very-secret-key-1');
    expect(fieldSecretsOf(t.db).cipher('blade_oss', 'secret_key').open(stored)).toBe('very-secret-key-1');
    const listed = await t.api('/api/blade-resource/oss/list?ossCode=keeps-secret', { token: admin });
    expect(JSON.stringify(listed.body)).not.toContain('very-secret-key-1');
  });

  it('enable switches: exactly one enabled configuration per tenant, even when two enables race', async () => {
    const a = (await submitOss({ ossCode: 'switch-a', category: 1 })).body.data;
    const b = (await submitOss({ ossCode: 'switch-b', category: 1 })).body.data;
    const otherTenant = (await submitOss({ ossCode: 'elsewhere', category: 1 }, otherAdmin)).body.data;
    expect((await enable(otherTenant.id, otherAdmin)).status).toBe(200);
    const enabledA = await enable(a.id);
    expect(enabledA.status).toBe(200);
    expect(enabledA.body.data).toMatchObject({ id: a.id, isEnabled: 1 });
    expect(await enabledIds()).toEqual([a.id]);
    expect((await enable(b.id)).status).toBe(200);
    expect(await enabledIds()).toEqual([b.id]);
    const raced = await Promise.all([enable(a.id), enable(b.id), enable(a.id)]);
    expect(raced.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await enabledIds()).toHaveLength(1);
    expect(await enabledIds('316979')).toEqual([otherTenant.id]);
  });

  it('enable needs the button and a row of the caller tenant', async () => {
    const mine = (await submitOss({ ossCode: 'guarded', category: 1 })).body.data;
    expect((await enable(mine.id, inspector)).status).toBe(403);
    expect((await enable(mine.id, otherAdmin)).status).toBe(404);
    expect((await enable('123')).status).toBe(404);
    expect((await enable('abc')).status).toBe(400);
  });
});

describe('the S3-compatible kind, against s3rver', () => {
  let s3Id: string;
  let attachId: string;
  let key: string;
  const content = crypto.randomBytes(200_000);

  beforeAll(async () => {
    s3Id = (await submitOss(s3Config('s3rver'))).body.data.id;
    expect((await enable(s3Id)).status).toBe(200);
  });

  it('uploads into the bucket with a signed PUT, and downloads the same bytes', async () => {
    const response = await uploadFile(t.url, admin, '../../etc/report.zip', content);
    expect(response.status).toBe(200);
    const data = response.json().data;
    ({ attachId, name: key } = data);
    expect(data.domain).toBe(`${endpoint}/${BUCKET}`);
    expect(key).toMatch(/^upload\/\d{8}\/[0-9a-f]{32}\.zip$/);
    const inBucket = await s3Client().fetch(objectUrl(key));
    expect(inBucket.status).toBe(200);
    expect(Buffer.from(await inBucket.arrayBuffer())).toEqual(content);
    expect(fs.existsSync(path.join(dataDir, 'files'))).toBe(false);

    const file = await download(t.url, admin, attachId);
    expect(file.status).toBe(200);
    expect(file.bytes).toEqual(content);
    expect(file.headers.get('content-type')).toBe('application/zip');
    expect(file.headers.get('content-disposition')).toContain(encodeURIComponent('../../etc/report.zip'));
  });

  it('keeps serving an attachment from the storage it was put in after another configuration is enabled', async () => {
    const disk = (await submitOss({ ossCode: 'back-to-disk', category: 1 })).body.data;
    expect((await enable(disk.id)).status).toBe(200);
    const local = (await uploadFile(t.url, admin, 'local.txt', Buffer.from('on disk'))).json().data;
    expect(local.domain).toBe('local');
    expect(fs.readFileSync(path.join(dataDir, 'files', TENANT, local.name), 'utf8')).toBe('on disk');
    expect((await download(t.url, admin, attachId)).bytes).toEqual(content);
    expect((await enable(s3Id)).status).toBe(200);
  });

  it('remove-oss-attach deletes the object from the bucket', async () => {
    const removed = await t.api(`/api/blade-resource/attach/remove-oss-attach?ids=${attachId}`, { method: 'POST', token: admin });
    expect(removed.status).toBe(200);
    expect((await s3Client().fetch(objectUrl(key))).status).toBe(404);
  });

  // s3rver checks the access key id of a SigV4 request (not yet its signature).
  it('a wrong access key is refused by the service: the user is told to check the keys, nothing is recorded', async () => {
    const wrong = (await submitOss(s3Config('wrong-key', { accessKey: 'NOT-A-KEY' }))).body.data;
    expect((await enable(wrong.id)).status).toBe(200);
    const before = (await t.db.query('SELECT count(*)::int AS n FROM blade_attach')).rows[0].n;
    const response = await uploadFile(t.url, admin, 'refused.txt', Buffer.from('x'));
    expect(response.status).toBe(400);
    expect(response.json().msg).toBe('对象存储拒绝了请求，请检查 accessKey、secretKey 和空间名');
    expect((await t.db.query('SELECT count(*)::int AS n FROM blade_attach')).rows[0].n).toBe(before);
    expect((await enable(s3Id)).status).toBe(200);
  });

  it('an endpoint in a private network not listed in OSS_ALLOW_NETWORKS is refused by the outbound guard', async () => {
    const privateOne = (await submitOss(s3Config('private', { endpoint: 'http://10.20.30.40:9000' }))).body.data;
    expect((await enable(privateOne.id)).status).toBe(200);
    const response = await uploadFile(t.url, admin, 'private.txt', Buffer.from('x'));
    expect(response.status).toBe(400);
    expect(response.json().msg).toMatch(/^对象存储地址不被允许/);
    expect((await enable(s3Id)).status).toBe(200);
  });

  it('a key stored in plain (before keys were sealed) is sealed once at start, and still works', async () => {
    await t.db.query(`UPDATE blade_oss SET secret_key = 'S3RVER' WHERE id = $1`, [s3Id]);
    expect(await sealStoredPlainSecrets(t.db, entityModels(), fieldSecretsOf(t.db))).toBeGreaterThanOrEqual(1);
    const stored = (await t.db.query('SELECT secret_key FROM blade_oss WHERE id = $1', [s3Id])).rows[0].secret_key;
    expect(stored).toMatch(/^v1:/);
    expect(fieldSecretsOf(t.db).cipher('blade_oss', 'secret_key').open(stored)).toBe('S3RVER');
    expect(await sealStoredPlainSecrets(t.db, entityModels(), fieldSecretsOf(t.db))).toBe(0);
    expect((await uploadFile(t.url, admin, 'after-sealing.txt', Buffer.from('x'))).status).toBe(200);
  });

  it('a sealed key altered in the database does not open: the configuration is unusable, nothing is recorded', async () => {
    const stored: string = (await t.db.query('SELECT secret_key FROM blade_oss WHERE id = $1', [s3Id])).rows[0].secret_key;
    const altered = `${stored.slice(0, -4)}${stored.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    await t.db.query('UPDATE blade_oss SET secret_key = $1 WHERE id = $2', [altered, s3Id]);
    const before = (await t.db.query('SELECT count(*)::int AS n FROM blade_attach')).rows[0].n;
    const response = await uploadFile(t.url, admin, 'altered.txt', Buffer.from('x'));
    expect(response.status).toBe(400);
    expect(response.json().msg).toMatch(/^对象存储配置不完整或已被删除/);
    expect((await t.db.query('SELECT count(*)::int AS n FROM blade_attach')).rows[0].n).toBe(before);
    await t.db.query('UPDATE blade_oss SET secret_key = $1 WHERE id = $2', [stored, s3Id]);
  });
});

describe('the outbound guard with the default settings', () => {
  it('refuses the loopback s3rver itself: private and loopback endpoints need OSS_ALLOW_NETWORKS', async () => {
    const storage = new TenantStorage(dataDir, loadStorageConfig({ OSS_ALLOW_HTTP: '1' }), fieldSecretsOf(t.db));
    const { store } = await storage.enabledStore(t.db, TENANT);
    expect(store.kind).toBe('s3');
    const refused = await store.put('upload/20260501/0123456789abcdef0123456789abcdef.txt', Buffer.from('x'), 'text/plain').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StorageError);
    expect((refused as StorageError).reason).toBe('address');
  });

  it('refuses plain http unless OSS_ALLOW_HTTP=1', async () => {
    const storage = new TenantStorage(dataDir, loadStorageConfig({ OSS_ALLOW_NETWORKS: '127.0.0.1/32' }), fieldSecretsOf(t.db));
    const { store } = await storage.enabledStore(t.db, TENANT);
    const refused = await store.get('upload/20260501/0123456789abcdef0123456789abcdef.txt').catch((error: unknown) => error);
    expect((refused as StorageError).reason).toBe('address');
  });

  it('reads OSS_ALLOW_NETWORKS and refuses a malformed one at start', () => {
    expect(loadStorageConfig({ OSS_ALLOW_NETWORKS: '10.0.0.0/8, 127.0.0.1/32' }).allowNetworks).toEqual(['10.0.0.0/8', '127.0.0.1/32']);
    expect(() => loadStorageConfig({ OSS_ALLOW_NETWORKS: 'intranet' })).toThrow(/CIDR/);
    expect(() => loadStorageConfig({ UPLOAD_MAX_MB: '0' })).toThrow(/UPLOAD_MAX_MB/);
  });
});
