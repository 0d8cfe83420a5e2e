/**
 * App versions: the platform administrator uploads .apk releases (multipart)
 * into the platform's object storage; tenant administrators see the list;
 * the app asks the latest release and downloads it without signing in, and
 * learns nothing else.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testServer.js';

let t: TestServer;
let dataDir: string;
let platform: string;
let tenantAdmin: string;
let platformInspector: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsc-apk-'));
  t = await startTestServer({ dataDir });
  platform = await t.signIn('000000', 'admin');
  tenantAdmin = await t.signIn('100001', 'admin');
  platformInspector = await t.signIn('000000', 'inspector');
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A stand-in package: a ZIP local-file signature and some bytes. */
const apk = (size = 2048) => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), crypto.randomBytes(size)]);

async function upload(fields: Record<string, string>, file?: { name: string; content: Buffer }, token = platform) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.content)]), file.name);
  const response = await fetch(`${t.url}/api/v1/appVersion/save`, { method: 'POST', headers: { 'Blade-Auth': `bearer ${token}` }, body: form });
  return { status: response.status, body: await response.json() };
}

const latest = async () => {
  const response = await fetch(`${t.url}/api/v1/appVersion/latest`);
  return { status: response.status, body: await response.json() };
};

const download = async () => {
  const response = await fetch(`${t.url}/api/v1/appVersion/download`);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
};

const storedFiles = () =>
  fs.existsSync(dataDir) ? (fs.readdirSync(dataDir, { recursive: true }) as string[]).filter((entry) => fs.statSync(path.join(dataDir, entry)).isFile()) : [];

const first = apk();
const second = apk(4096);

describe('before any release', () => {
  it('latest answers no data and download finds nothing, without a token', async () => {
    const answer = await latest();
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, data: null });
    expect((await download()).status).toBe(404);
  });
});

describe('uploading releases', () => {
  it('the platform administrator uploads an .apk with its version; the answer and the list keep storage details to themselves', async () => {
    const saved = await upload(
      { versionName: '2.3.0', versionCode: '230', forceUpdate: '0', remark: '新增巡查轨迹回放' },
      { name: 'reservoir-2.3.0.apk', content: first },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ versionName: '2.3.0', versionCode: 230, forceUpdate: 0, fileName: 'reservoir-2.3.0.apk', fileSize: first.length });
    const list = await t.api('/api/v1/appVersion/list', { token: platform });
    expect(list.body.data.total).toBe(1);
    for (const text of [JSON.stringify(saved.body), JSON.stringify(list.body)]) {
      expect(text).not.toMatch(/fileKey|ossId|upload\//);
    }
    expect(storedFiles()).toEqual([expect.stringMatching(/^files\/000000\/upload\/\d{8}\/[0-9a-f]{32}\.apk$/)]);
  });

  it('latest is public and answers the version, the download URL, the forced flag and the notes — nothing else', async () => {
    const answer = await latest();
    expect(answer.body.data).toEqual({
      versionName: '2.3.0',
      versionCode: 230,
      downloadUrl: `${t.url}/api/v1/appVersion/download`,
      forceUpdate: false,
      remark: '新增巡查轨迹回放',
    });
    const file = await download();
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/vnd.android.package-archive');
    expect(decodeURIComponent(file.disposition!)).toContain('reservoir-2.3.0.apk');
    expect(file.bytes.equals(first)).toBe(true);
  });

  it('a newer version becomes the latest; removing it brings the previous one back', async () => {
    const saved = await upload(
      { versionName: '2.4.0', versionCode: '240', forceUpdate: '1', remark: '修复离线上报问题' },
      { name: 'reservoir-2.4.0.APK', content: second },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await latest()).body.data).toMatchObject({ versionName: '2.4.0', versionCode: 240, forceUpdate: true });
    expect((await download()).bytes.equals(second)).toBe(true);
    expect((await t.api(`/api/v1/appVersion/remove?ids=${saved.body.data.id}`, { token: platform, method: 'POST' })).status).toBe(200);
    expect((await latest()).body.data.versionCode).toBe(230);
    expect((await download()).bytes.equals(first)).toBe(true);
  });

  it('the notes and the forced flag can be edited; the version code cannot', async () => {
    const [row] = (await t.api('/api/v1/appVersion/list', { token: platform })).body.data.records;
    const updated = await t.api('/api/v1/appVersion/update', { token: platform, body: { id: row.id, forceUpdate: 1, remark: '请尽快升级', versionCode: 999 } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ forceUpdate: 1, remark: '请尽快升级', versionCode: 230 });
    expect((await latest()).body.data).toMatchObject({ forceUpdate: true, remark: '请尽快升级' });
  });
});

describe('refusals change nothing', () => {
  it('refuses another file type, no file, a file that is not an APK, a repeated version code and a bad version name', async () => {
    const rows = async () => (await t.db.query('SELECT count(*)::int AS n FROM rsc_app_version')).rows[0].n;
    const [before, filesBefore] = [await rows(), storedFiles().length];
    const cases: [Record<string, string>, { name: string; content: Buffer } | undefined, string][] = [
      [{ versionName: '3.0.0', versionCode: '300' }, { name: 'setup.exe', content: apk() }, '只能上传 .apk 安装包'],
      [{ versionName: '3.0.0', versionCode: '300' }, undefined, '请选择要上传的 .apk 安装包'],
      [{ versionName: '3.0.0', versionCode: '300' }, { name: 'fake.apk', content: Buffer.from('not a zip at all') }, '文件不是有效的 APK 安装包'],
      [{ versionName: '3.0.0', versionCode: '300' }, { name: 'empty.apk', content: Buffer.alloc(0) }, '安装包是空的'],
      [{ versionName: '2.3.0b', versionCode: '230' }, { name: 'again.apk', content: apk() }, '该版本号已存在'],
      [{ versionName: '3.0 beta', versionCode: '300' }, { name: 'beta.apk', content: apk() }, '版本名称只能包含字母、数字、. - _'],
      [{ versionName: '3.0.0', versionCode: 'abc' }, { name: 'x.apk', content: apk() }, '版本号必须是正整数'],
    ];
    for (const [fields, file, message] of cases) {
      const answer = await upload(fields, file);
      expect(answer.status, message).toBe(400);
      expect(answer.body.msg).toBe(message);
    }
    const json = await t.api('/api/v1/appVersion/save', { token: platform, body: { versionName: '3.0.0', versionCode: 300 } });
    expect(json.status).toBe(400);
    expect(await rows()).toBe(before);
    expect(storedFiles().length).toBe(filesBefore);
  });

  it('only the platform administrator uploads; tenant administrators read the list; latest needs no token but takes no writes', async () => {
    expect((await upload({ versionName: '9.0', versionCode: '900' }, { name: 'x.apk', content: apk() }, tenantAdmin)).status).toBe(403);
    expect((await upload({ versionName: '9.0', versionCode: '900' }, { name: 'x.apk', content: apk() }, platformInspector)).status).toBe(403);
    const [row] = (await t.api('/api/v1/appVersion/list', { token: tenantAdmin })).body.data.records;
    expect(row).toMatchObject({ versionCode: 230 });
    expect((await t.api(`/api/v1/appVersion/remove?ids=${row.id}`, { token: tenantAdmin, method: 'POST' })).status).toBe(403);
    expect((await fetch(`${t.url}/api/v1/appVersion/latest`, { method: 'POST' })).status).toBe(404);
    expect((await t.api('/api/v1/appVersion/list')).status).toBe(401);
  });
});
