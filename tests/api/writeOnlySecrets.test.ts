/**
 * Write-only secrets (x-secret fields the caller sets, e.g. a camera account's
 * app secret and alarm ingestion key): a save stores them sealed, no answer
 * ever carries them, rows say only whether one is stored (`<name>Set`, what
 * the generated form's "set — leave blank to keep" reads), an update that
 * leaves them empty or out keeps the stored one and a value replaces it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldSecretsOf } from '../../src/server/engine/fieldSecrets.js';
import { startTestServer, type TestServer } from './testServer.js';

let t: TestServer;
let admin: string;
const accounts = '/api/v2/inspect/cameraAccount';
const INGEST_KEY = 'k'.repeat(32);

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn('100001', 'admin');
});
afterAll(() => t?.close());

async function storedSecrets(id: string): Promise<{ appSecret: string | null; ingestKey: string | null }> {
  const row = (await t.db.query('SELECT app_secret, ingest_key FROM sk_camera_account WHERE id = $1', [id])).rows[0];
  return { appSecret: row.app_secret, ingestKey: row.ingest_key };
}

const open = (column: string, sealed: string) => fieldSecretsOf(t.db).cipher('sk_camera_account', column).open(sealed);

describe('a write-only secret', () => {
  let id: string;

  it('is stored sealed by a save, and the answer says only that it is set', async () => {
    const saved = await t.api(`${accounts}/save`, {
      token: admin,
      body: { name: '密钥测试账号', platform: 1, apiUrl: 'https://open.ys7.com', appKey: 'ak-1', appSecret: 'first-secret', ingestKey: INGEST_KEY },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    id = String(saved.body.data.id);
    expect(saved.body.data).toMatchObject({ appSecretSet: true, ingestKeySet: true });
    expect(saved.body.data).not.toHaveProperty('appSecret');
    expect(JSON.stringify(saved.body)).not.toContain('first-secret');
    const stored = await storedSecrets(id);
    expect(stored.appSecret).not.toContain('first-secret');
    expect(open('app_secret', stored.appSecret!)).toBe('first-secret');
  });

  it('is never listed, only flagged', async () => {
    const list = await t.api(`${accounts}/list?size=100`, { token: admin });
    const row = list.body.data.records.find((record: { id: string }) => String(record.id) === id);
    expect(row).toMatchObject({ appSecretSet: true, ingestKeySet: true });
    expect(row).not.toHaveProperty('appSecret');
    expect(row).not.toHaveProperty('ingestKey');
    expect(JSON.stringify(list.body)).not.toContain('first-secret');
  });

  it('is kept by an update that sends it empty, null or not at all', async () => {
    const before = await storedSecrets(id);
    for (const body of [
      { id, remark: '空值保留', appSecret: '', ingestKey: '' },
      { id, remark: 'null 保留', appSecret: null, ingestKey: null },
      { id, remark: '不传保留' },
    ]) {
      const updated = await t.api(`${accounts}/update`, { token: admin, body });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect(updated.body.data).toMatchObject({ remark: body.remark, appSecretSet: true, ingestKeySet: true });
      expect(await storedSecrets(id)).toEqual(before);
    }
  });

  it('is replaced by an update with a value, checked by the field rules first', async () => {
    const short = await t.api(`${accounts}/update`, { token: admin, body: { id, ingestKey: 'too-short' } });
    expect(short.status).toBe(400);
    expect(short.body.data.errors[0].field).toBe('ingestKey');
    const updated = await t.api(`${accounts}/update`, { token: admin, body: { id, appSecret: 'second-secret' } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(JSON.stringify(updated.body)).not.toContain('second-secret');
    expect(open('app_secret', (await storedSecrets(id)).appSecret!)).toBe('second-secret');
  });

  it('reads as not set on a row without one', async () => {
    const saved = await t.api(`${accounts}/save`, { token: admin, body: { name: '无密钥账号', platform: 3, appSecret: '' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ appSecretSet: false, ingestKeySet: false });
    expect(await storedSecrets(String(saved.body.data.id))).toEqual({ appSecret: null, ingestKey: null });
  });
});
