/**
 * Attachments on the default storage, the local disk (no object-storage
 * configuration enabled): upload (multipart, allow-listed extensions, size
 * limit, generated keys), download with the original name, editing the
 * original name, remove (row only) and remove-oss-attach (row and file),
 * permissions and tenant isolation.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStorageConfig } from '../../src/server/storage/storageConfig.js';
import { eventually } from './logSupport.js';
import { startTestServer, type TestServer } from './testServer.js';
import { download, rawFetch, uploadFile } from './uploadSupport.js';

const TENANT = '100001';
const MAX_BYTES = 64 * 1024;

let t: TestServer;
let dataDir: string;
let admin: string;
let otherAdmin: string;
let inspector: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsc-attach-'));
  t = await startTestServer({ dataDir, storage: { ...loadStorageConfig({}), uploadMaxBytes: MAX_BYTES } });
  admin = await t.signIn(TENANT, 'admin');
  otherAdmin = await t.signIn('316979', 'admin');
  inspector = await t.signIn(TENANT, 'inspector');
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const tenantRoot = () => path.join(dataDir, 'files', TENANT);

/** Every file under the data directory, relative to it. */
function filesOnDisk(): string[] {
  if (!fs.existsSync(dataDir)) return [];
  return (fs.readdirSync(dataDir, { recursive: true }) as string[]).filter((entry) => fs.statSync(path.join(dataDir, entry)).isFile()).sort();
}

async function attachCount(): Promise<number> {
  return (await t.db.query('SELECT count(*)::int AS n FROM blade_attach')).rows[0].n;
}

const upload = (name: string, content: Buffer, token = admin) => uploadFile(t.url, token, name, content);

describe('uploading', () => {
  it('stores a file named ../../etc/passwd.txt under the storage root with a generated key; the name is only a label', async () => {
    const content = Buffer.from('root:x:0:0:not really\n');
    const response = await upload('../../etc/passwd.txt', content);
    expect(response.status).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ originalName: '../../etc/passwd.txt', extension: 'txt', attachSize: content.length, domain: 'local' });
    expect(data.name).toMatch(/^upload\/\d{8}\/[0-9a-f]{32}\.txt$/);
    expect(data.link).toBe(`/api/blade-resource/attach/download?id=${data.attachId}`);
    const stored = path.join(tenantRoot(), data.name);
    expect(fs.readFileSync(stored)).toEqual(content);
    expect(filesOnDisk()).toEqual([path.join('files', TENANT, data.name)]);
    expect(fs.existsSync(path.join(dataDir, '..', 'etc', 'passwd.txt'))).toBe(false);

    const file = await download(t.url, admin, data.attachId);
    expect(file.status).toBe(200);
    expect(file.bytes).toEqual(content);
    expect(file.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(file.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('../../etc/passwd.txt')}`);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('keeps Chinese and Windows-style names as labels too', async () => {
    const response = await upload('..\\..\\Windows\\巡查报告 2026.PDF', Buffer.from('%PDF-1.4 test'));
    expect(response.status).toBe(200);
    const data = response.json().data;
    expect(data.name).toMatch(/\.pdf$/);
    const file = await download(t.url, admin, data.attachId);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toContain(encodeURIComponent('..\\..\\Windows\\巡查报告 2026.PDF'));
  });

  it('refuses names without an allowed extension, and stores nothing', async () => {
    const before = { rows: await attachCount(), files: filesOnDisk() };
    for (const name of ['../../etc/passwd', 'setup.exe', 'page.html', 'icon.svg', 'script.js', 'archive.tar.gz', 'noextension.']) {
      const response = await upload(name, Buffer.from('x'));
      expect(response.status, name).toBe(400);
      expect(response.json().msg, name).toMatch(/^不支持的文件类型/);
    }
    expect(await attachCount()).toBe(before.rows);
    expect(filesOnDisk()).toEqual(before.files);
  });

  it('refuses a file over the size limit, and stores nothing', async () => {
    const before = { rows: await attachCount(), files: filesOnDisk() };
    const response = await upload('big.zip', Buffer.alloc(MAX_BYTES + 1, 7));
    expect(response.status).toBe(413);
    expect(response.json().msg).toBe('文件大小不能超过 0 MB'.replace('0', String(Math.round(MAX_BYTES / 1024 / 1024))));
    expect(await attachCount()).toBe(before.rows);
    expect(filesOnDisk()).toEqual(before.files);
    expect((await upload('exact.zip', Buffer.alloc(MAX_BYTES, 7))).status).toBe(200);
  });

  it('refuses an empty file, a request without a file and a JSON body', async () => {
    expect((await upload('empty.txt', Buffer.alloc(0))).json().msg).toBe('文件是空的');
    const boundary = '----nofile';
    const noFile = await rawFetch(`${t.url}/api/blade-resource/oss/endpoint/put-file-attach`, {
      method: 'POST',
      headers: { 'Blade-Auth': `bearer ${admin}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    expect(noFile.status).toBe(400);
    expect(noFile.json().msg).toBe('请选择要上传的文件');
    const json = await t.api('/api/blade-resource/oss/endpoint/put-file-attach', { token: admin, body: { file: 'x' } });
    expect(json.status).toBe(400);
    expect(json.body.msg).toBe('请以 multipart/form-data 上传文件');
  });

  it('is in the API log, without the file', async () => {
    const rows = await eventually(() =>
      t.db.query(`SELECT * FROM blade_log_api WHERE title = '附件 上传' AND http_status = 200 ORDER BY id`).then((r) => r.rows.length > 0 && r.rows),
    );
    expect(rows[0]).toMatchObject({
      tenant_id: TENANT,
      method: 'POST',
      request_uri: '/api/blade-resource/oss/endpoint/put-file-attach',
      create_by: 'admin',
      params: null,
    });
  });

  it('needs a signed-in user holding the upload button, or the photo button for pictures', async () => {
    expect((await rawFetch(`${t.url}/api/blade-resource/oss/endpoint/put-file-attach`, { method: 'POST' })).status).toBe(401);
    const before = await attachCount();
    // The inspector holds wel_photos (field photos), not attach_add: pictures only.
    const refused = await upload('a.txt', Buffer.from('a'), inspector);
    expect(refused.status).toBe(400);
    expect(refused.json().msg).toContain('只能上传图片');
    expect(await attachCount()).toBe(before);
    const inspectorPhotoGrant = (isDeleted: number) =>
      t.db.query(
        `UPDATE blade_role_menu SET is_deleted = $2 WHERE tenant_id = $1
            AND menu_id IN (SELECT id FROM blade_menu WHERE code = 'wel_photos')
            AND role_id IN (SELECT id FROM blade_role WHERE tenant_id = $1 AND role_alias = 'inspector')`,
        [TENANT, isDeleted],
      );
    await inspectorPhotoGrant(1);
    try {
      const withoutButton = await upload('b.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]), inspector);
      expect(withoutButton.status).toBe(403);
      expect(await attachCount()).toBe(before);
    } finally {
      await inspectorPhotoGrant(0);
    }
  });
});

describe('field photos (the wel_photos button)', () => {
  it('lets an inspector upload a picture and open it, and no other file of the tenant', async () => {
    const photo = await upload('crack.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]), inspector);
    expect(photo.status).toBe(200);
    const opened = await download(t.url, inspector, photo.json().data.attachId);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('image/png');
    const report = (await upload('report.pdf', Buffer.from('%PDF-1.4'))).json().data;
    expect((await download(t.url, inspector, report.attachId)).status).toBe(403);
    expect((await download(t.url, admin, report.attachId)).status).toBe(200);
  });
});

describe('the attachment register', () => {
  it('lists the uploads of the tenant only, and another tenant cannot download them', async () => {
    const data = (await upload('photo.jpg', Buffer.from([0xff, 0xd8, 0xff]))).json().data;
    const mine = await t.api(`/api/blade-resource/attach/list?originalName=photo`, { token: admin });
    expect(mine.body.data.records[0]).toMatchObject({ id: data.attachId, originalName: 'photo.jpg', extension: 'jpg', attachSize: 3, name: data.name });
    const theirs = await t.api(`/api/blade-resource/attach/list?originalName=photo`, { token: otherAdmin });
    expect(theirs.body.data.total).toBe(0);
    expect((await download(t.url, otherAdmin, data.attachId)).status).toBe(404);
    // A picture of the tenant: field staff open photos (wel_photos); other files stay the download button's.
    expect((await download(t.url, inspector, data.attachId)).status).toBe(200);
  });

  it('submit changes the original name only', async () => {
    const data = (await upload('draft.docx', Buffer.from('PK docx'))).json().data;
    const changed = await t.api('/api/blade-resource/attach/submit', {
      token: admin,
      body: { id: data.attachId, originalName: '定稿.docx', name: '../../evil', link: 'http://evil' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ originalName: '定稿.docx', name: data.name, link: data.link });
    const file = await download(t.url, admin, data.attachId);
    expect(file.headers.get('content-disposition')).toContain(encodeURIComponent('定稿.docx'));
    expect((await t.api('/api/blade-resource/attach/submit', { token: admin, body: { originalName: 'no-id.txt' } })).status).toBe(400);
  });

  it('remove hides the row and keeps the file; remove-oss-attach deletes the file too', async () => {
    const kept = (await upload('kept.csv', Buffer.from('a,b\n1,2\n'))).json().data;
    const gone = (await upload('gone.xlsx', Buffer.from('PK xlsx'))).json().data;
    expect((await t.api(`/api/blade-resource/attach/remove?ids=${kept.attachId}`, { method: 'POST', token: admin })).status).toBe(200);
    expect(fs.existsSync(path.join(tenantRoot(), kept.name))).toBe(true);
    expect((await download(t.url, admin, kept.attachId)).status).toBe(404);

    expect((await t.api(`/api/blade-resource/attach/remove-oss-attach?ids=${gone.attachId}`, { method: 'POST', token: inspector })).status).toBe(403);
    expect(fs.existsSync(path.join(tenantRoot(), gone.name))).toBe(true);
    const removed = await t.api(`/api/blade-resource/attach/remove-oss-attach?ids=${gone.attachId}`, { method: 'POST', token: admin });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ removed: 1 });
    expect(fs.existsSync(path.join(tenantRoot(), gone.name))).toBe(false);
    expect((await t.api(`/api/blade-resource/attach/detail?id=${gone.attachId}`, { token: admin })).status).toBe(404);
  });

  it('remove-oss-attach of a row of another tenant changes nothing', async () => {
    const data = (await upload('mine.txt', Buffer.from('mine'))).json().data;
    const response = await t.api(`/api/blade-resource/attach/remove-oss-attach?ids=${data.attachId}`, { method: 'POST', token: otherAdmin });
    expect(response.status).toBe(404);
    expect(fs.existsSync(path.join(tenantRoot(), data.name))).toBe(true);
    expect((await download(t.url, admin, data.attachId)).status).toBe(200);
  });

  it('a file missing from the disk is reported as missing, not as a server error', async () => {
    const data = (await upload('lost.txt', Buffer.from('lost'))).json().data;
    fs.unlinkSync(path.join(tenantRoot(), data.name));
    const file = await download(t.url, admin, data.attachId);
    expect(file.status).toBe(404);
    expect(file.json().msg).toBe('文件不存在或已被删除');
  });
});
