/**
 * The camera-platform adapters behind viewLife, the PTZ calls, snapshot and
 * ptzState: the seeded 安溪县 cameras are on the built-in demo platform (the
 * clips the console ships, PTZ recorded), a camera without an account plays
 * its own address and refuses PTZ and snapshots, the cloud platforms refuse
 * clearly; the PTZ buttons are checked, bad commands refused with a message,
 * another tenant's camera is not found.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../src/server/db/ids.js';
import { hashPassword } from '../../src/server/auth/passwords.js';
import { md5, startTestServer, type TestServer } from './testServer.js';

let t: TestServer;
let anxi: string;
let xianyou: string;
let watcher: string;
let dam: string;
let spillway: string;
let offlineDome: string;
const base = '/api/v2/inspect/camera';

/** A user of 安溪县 who opens the video wall and the cameras but holds no PTZ button. */
async function createWatcher(): Promise<void> {
  const roleId = nextId();
  await t.db.query(`INSERT INTO blade_role (id, tenant_id, parent_id, role_name, role_alias, sort) VALUES ($1, '100001', 0, '视频值守', 'video_watch', 99)`, [
    roleId,
  ]);
  await t.db.query(
    `INSERT INTO blade_role_menu (id, tenant_id, role_id, menu_id)
     SELECT (SELECT max(id) FROM blade_role_menu) + row_number() OVER (ORDER BY id), '100001', $1, id FROM blade_menu
      WHERE code IN ('video', 'video_monitor', 'video_detail', 'video_monitor_view', 'camera') AND is_deleted = 0`,
    [roleId],
  );
  await t.db.query(
    `INSERT INTO blade_user (id, tenant_id, account, password, name, real_name, role_id, dept_id) VALUES ($1, '100001', 'watcher', $2, 'watcher', '值守员', $3, '')`,
    [nextId(), await hashPassword(md5('watcher-pass')), roleId],
  );
}

beforeAll(async () => {
  t = await startTestServer();
  anxi = await t.signIn('100001', 'admin');
  xianyou = await t.signIn('316979', 'admin');
  await createWatcher();
  watcher = await t.signIn('100001', 'watcher', 'watcher-pass');
  const cameras = (await t.api(`${base}/list?size=100`, { token: anxi })).body.data.records as { id: string; name: string }[];
  dam = cameras.find((c) => c.name === '石门水库坝顶全景')!.id;
  spillway = cameras.find((c) => c.name === '石门水库溢洪道')!.id;
  offlineDome = cameras.find((c) => c.name === '大坑水库库区')!.id;
});
afterAll(() => t?.close());

describe('the demo platform', () => {
  it('the demo cameras are on an account of the built-in demo platform (8)', async () => {
    const accounts = (await t.api('/api/v2/inspect/cameraAccount/list', { token: anxi })).body.data.records;
    expect(accounts).toEqual([expect.objectContaining({ name: '安溪县视频平台（内置演示）', platform: 8 })]);
  });

  it('answers a shipped HLS clip by default and the MP4 on request; the same scene every time', async () => {
    const hls = await t.api(`${base}/viewLife?id=${dam}`, { token: anxi });
    expect(hls.status, JSON.stringify(hls.body)).toBe(200);
    expect(hls.body.data).toEqual({ url: expect.stringMatching(/^\/video\/demo\/\w+\/index\.m3u8$/), protocol: 'hls', expireTime: null });
    expect((await t.api(`${base}/viewLife?id=${dam}`, { token: anxi })).body.data.url).toBe(hls.body.data.url);
    const mp4 = await t.api(`${base}/viewLife?id=${dam}&protocol=mp4`, { token: anxi });
    expect(mp4.body.data).toEqual({ url: expect.stringMatching(/^\/video\/demo\/\w+\.mp4$/), protocol: 'mp4', expireTime: null });
    expect(mp4.body.data.url.replace('.mp4', '/index.m3u8')).toBe(hls.body.data.url);
    const flv = await t.api(`${base}/viewLife?id=${dam}&protocol=flv`, { token: anxi });
    expect(flv.status).toBe(400);
    expect(flv.body.msg).toBe('该摄像头的视频平台不提供 FLV 直播地址');
    expect((await t.api(`${base}/viewLife?id=${dam}&protocol=rtsp`, { token: anxi })).body.msg).toBe('protocol 应为 hls、flv、mp4 或 webrtc');
  });

  it('PTZ commands move the simulated head and are recorded, newest first, with who sent them', async () => {
    const before = (await t.api(`${base}/ptzState?id=${dam}`, { token: anxi })).body.data;
    expect(before).toMatchObject({ ptz: true, platform: 'demo' });
    const left = await t.api(`${base}/deviceControl`, { token: anxi, body: { id: dam, direction: 'left', speed: 3 } });
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    expect(left.body.data).toMatchObject({ accepted: true, command: 'left' });
    expect(left.body.data.position.pan).toBe(before.position.pan - 6 <= -180 ? before.position.pan - 6 + 360 : before.position.pan - 6);
    const zoom = await t.api(`${base}/zoomControl`, { token: anxi, body: { id: dam, command: 'in' } });
    expect(zoom.body.data.position.zoom).toBe(Math.min(30, before.position.zoom + 4));
    // EZVIZ's numeric codes name the same commands: 11 is focus far.
    const focus = await t.api(`${base}/focalControl`, { token: anxi, body: { id: dam, command: 11, speed: 1 } });
    expect(focus.body.data.command).toBe('focusFar');
    const after = (await t.api(`${base}/ptzState?id=${dam}`, { token: anxi })).body.data;
    expect(after.recent.slice(0, 3).map((r: { command: string }) => r.command)).toEqual(['focusFar', 'zoomIn', 'left']);
    expect(after.recent[0]).toMatchObject({ speed: 1, userId: expect.any(String) });
    expect(after.position).toEqual(focus.body.data.position);
  });

  it('a snapshot is a JPEG picture of the scene, with a file name and the time it was taken', async () => {
    const shot = await t.api(`${base}/snapshot?id=${dam}`, { token: anxi });
    expect(shot.status, JSON.stringify(shot.body).slice(0, 200)).toBe(200);
    // takenAt is local wall-clock time as every stored time; the file name is stamped with the same clock.
    expect(shot.body.data.takenAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const stamp = shot.body.data.takenAt.replace(/[-:]/g, '').replace(' ', '-');
    expect(shot.body.data).toMatchObject({ contentType: 'image/jpeg', fileName: `石门水库坝顶全景-${stamp}.jpg` });
    const [prefix, data] = shot.body.data.image.split(',');
    expect(prefix).toBe('data:image/jpeg;base64');
    const jpeg = Buffer.from(data, 'base64');
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(jpeg.length).toBeGreaterThan(2000);
  });
});

describe('refusals', () => {
  it('a camera without PTZ refuses every control call and reports no head', async () => {
    for (const call of ['deviceControl', 'zoomControl', 'focalControl']) {
      const refused = await t.api(`${base}/${call}`, { token: anxi, body: { id: spillway, direction: 'up', command: 'in' } });
      expect(refused.status, call).toBe(400);
      expect(refused.body.msg).toBe('该摄像头不支持云台控制');
    }
    expect((await t.api(`${base}/ptzState?id=${spillway}`, { token: anxi })).body.data).toEqual({ ptz: false, platform: 'demo', position: null, recent: [] });
  });

  it('bad commands and speeds are refused with a message (Chinese, or English on request), nothing recorded', async () => {
    const before = (await t.api(`${base}/ptzState?id=${offlineDome}`, { token: anxi })).body.data.recent.length;
    const cases: [string, Record<string, unknown>, string][] = [
      ['deviceControl', {}, 'direction 应为 up、down、left、right、upLeft、downLeft、upRight、downRight 之一（或 0–7）'],
      ['deviceControl', { direction: 'spin' }, 'direction 应为 up、down、left、right、upLeft、downLeft、upRight、downRight 之一（或 0–7）'],
      ['deviceControl', { direction: 8 }, 'direction 应为 up、down、left、right、upLeft、downLeft、upRight、downRight 之一（或 0–7）'],
      ['deviceControl', { direction: 'up', speed: 9 }, '速度应为 1–7 的整数'],
      ['deviceControl', { direction: 'up', speed: 1.5 }, '速度应为 1–7 的整数'],
      ['zoomControl', { command: 'left' }, 'command 应为 in（放大）或 out（缩小）（或 8、9）'],
      ['focalControl', { command: 8 }, 'command 应为 near（近焦）或 far（远焦）（或 10、11）'],
    ];
    for (const [call, body, message] of cases) {
      const refused = await t.api(`${base}/${call}`, { token: anxi, body: { id: offlineDome, ...body } });
      expect(refused.status, `${call} ${JSON.stringify(body)}`).toBe(400);
      expect(refused.body.msg).toBe(message);
    }
    const english = await t.api(`${base}/zoomControl`, { token: anxi, body: { id: offlineDome, command: 'x' }, headers: { 'Accept-Language': 'en' } });
    expect(english.body.msg).toBe('command must be in or out (or 8, 9)');
    expect((await t.api(`${base}/ptzState?id=${offlineDome}`, { token: anxi })).body.data.recent).toHaveLength(before);
  });

  it('a user without the PTZ button (video_monitor_control) may watch and take snapshots, but not steer', async () => {
    expect((await t.api(`${base}/viewLife?id=${dam}`, { token: watcher })).status).toBe(200);
    expect((await t.api(`${base}/snapshot?id=${dam}`, { token: watcher })).status).toBe(200);
    const before = (await t.api(`${base}/ptzState?id=${dam}`, { token: watcher })).body.data.recent.length;
    for (const call of ['deviceControl', 'zoomControl', 'focalControl']) {
      expect((await t.api(`${base}/${call}`, { token: watcher, body: { id: dam, direction: 'up', command: 'in' } })).status, call).toBe(403);
    }
    expect((await t.api(`${base}/ptzState?id=${dam}`, { token: anxi })).body.data.recent).toHaveLength(before);
  });

  it("another tenant's camera is not found, for every call", async () => {
    for (const path of [`viewLife?id=${dam}`, `snapshot?id=${dam}`, `ptzState?id=${dam}`]) {
      expect((await t.api(`${base}/${path}`, { token: xianyou })).status, path).toBe(404);
    }
    expect((await t.api(`${base}/deviceControl`, { token: xianyou, body: { id: dam, direction: 'up' } })).status).toBe(404);
  });
});

describe('other platforms', () => {
  it('a camera without an account plays its own address; it has no platform for PTZ or snapshots', async () => {
    const { shimen } = await reservoirIds();
    const saved = await t.api(`${base}/save`, {
      token: anxi,
      body: { reservoirId: shimen, name: '直连摄像头', ptz: 1, liveUrl: 'https://video.example.cn/live/direct.flv' },
    });
    const id = saved.body.data.id;
    expect((await t.api(`${base}/viewLife?id=${id}`, { token: anxi })).body.data).toEqual({
      url: 'https://video.example.cn/live/direct.flv',
      protocol: 'flv',
      expireTime: null,
    });
    expect((await t.api(`${base}/deviceControl`, { token: anxi, body: { id, direction: 'up' } })).body.msg).toBe('视频平台未接入，暂不支持云台控制');
    expect((await t.api(`${base}/snapshot?id=${id}`, { token: anxi })).body.msg).toBe('直连摄像头不支持抓拍：只有直播地址，没有视频平台接口');
    expect((await t.api(`${base}/ptzState?id=${id}`, { token: anxi })).body.data).toEqual({ ptz: true, platform: 'direct', position: null, recent: [] });
  });

  it('a camera of a cloud platform (海康 ISC) refuses clearly until its adapter exists', async () => {
    const { shimen } = await reservoirIds();
    const account = (
      await t.api('/api/v2/inspect/cameraAccount/save', { token: anxi, body: { name: 'ISC', platform: 2, apiUrl: 'https://isc.example.cn/artemis' } })
    ).body.data.id;
    const id = (await t.api(`${base}/save`, { token: anxi, body: { reservoirId: shimen, name: 'ISC 摄像头', ptz: 1, accountId: account } })).body.data.id;
    expect((await t.api(`${base}/viewLife?id=${id}`, { token: anxi })).body.msg).toBe('暂不支持从该平台获取直播地址，请在摄像头上填写直播地址');
    expect((await t.api(`${base}/zoomControl`, { token: anxi, body: { id, command: 'in' } })).body.msg).toBe('视频平台未接入，暂不支持云台控制');
    expect((await t.api(`${base}/snapshot?id=${id}`, { token: anxi })).body.msg).toBe('视频平台未接入，暂不支持抓拍');
  });
});

async function reservoirIds(): Promise<{ shimen: string }> {
  const all = (await t.api('/api/v1/reservoir/listAll', { token: anxi })).body.data as { id: string; name: string }[];
  return { shimen: all.find((r) => r.name === '石门水库')!.id };
}
