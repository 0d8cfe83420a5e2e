/**
 * Cameras and camera accounts at /api/v2/inspect: the seeded 安溪县 cameras
 * (on the built-in demo platform), the account secret that is never returned,
 * cameras of one reservoir and the reservoir → camera tree of the caller's
 * tenant only, the live address of a direct camera and the clear refusals of
 * a cloud platform and of PTZ control, button and menu permissions (a refused
 * write changes nothing) and tenant isolation. The platform adapters
 * themselves: cameraPlatform.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../src/server/db/ids.js';
import { fieldSecretsOf } from '../../src/server/engine/fieldSecrets.js';
import { hashPassword } from '../../src/server/auth/passwords.js';
import { md5, startTestServer, type TestServer } from './testServer.js';

let t: TestServer;
const openSecret = (sealed: string) => fieldSecretsOf(t.db).cipher('sk_camera_account', 'app_secret').open(sealed);
let anxi: string;
let xianyou: string;
let inspector: string;
let reader: string;
let shimen: string;
let houxi: string;
let theirReservoir: string;
let demoAccount: string;

interface Camera {
  id: string;
  name: string;
  reservoirId: string;
  liveUrl?: string | null;
  ptz: number;
  sort: number;
  onlineStatus: number;
  position: number;
}

const base = '/api/v2/inspect/camera';
const accounts = '/api/v2/inspect/cameraAccount';

/** A user of 安溪县 whose role opens the camera menus and holds none of their buttons. */
async function createCameraReader(): Promise<void> {
  const roleId = nextId();
  await t.db.query(`INSERT INTO blade_role (id, tenant_id, parent_id, role_name, role_alias, sort) VALUES ($1, '100001', 0, '视频查看', 'video_reader', 99)`, [
    roleId,
  ]);
  await t.db.query(
    `INSERT INTO blade_role_menu (id, tenant_id, role_id, menu_id)
     SELECT (SELECT max(id) FROM blade_role_menu) + row_number() OVER (ORDER BY id), '100001', $1, id FROM blade_menu
      WHERE code IN ('video', 'camera', 'camera_detail', 'camera_account') AND is_deleted = 0`,
    [roleId],
  );
  await t.db.query(
    `INSERT INTO blade_user (id, tenant_id, account, password, name, real_name, role_id, dept_id) VALUES ($1, '100001', 'viewer', $2, 'viewer', '视频查看员', $3, '')`,
    [nextId(), await hashPassword(md5('viewer-pass')), roleId],
  );
}

async function cameraCount(): Promise<number> {
  return Number((await t.db.query(`SELECT count(*) AS n FROM sk_camera WHERE is_deleted = 0`)).rows[0].n);
}

async function camerasOf(reservoirId: string, token = anxi): Promise<Camera[]> {
  const answer = await t.api(`${base}/listByReservoir?reservoirId=${reservoirId}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

async function newCamera(body: Record<string, unknown>, token = anxi): Promise<Camera> {
  const saved = await t.api(`${base}/save`, { token, body: { reservoirId: shimen, ...body } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.data;
}

beforeAll(async () => {
  t = await startTestServer();
  anxi = await t.signIn('100001', 'admin');
  xianyou = await t.signIn('316979', 'admin');
  inspector = await t.signIn('100001', 'inspector');
  await createCameraReader();
  reader = await t.signIn('100001', 'viewer', 'viewer-pass');
  const all = (await t.api('/api/v1/reservoir/listAll', { token: anxi })).body.data as { id: string; name: string }[];
  shimen = all.find((r) => r.name === '石门水库')!.id;
  houxi = all.find((r) => r.name === '后溪水库')!.id;
  theirReservoir = (await t.api('/api/v1/reservoir/listAll', { token: xianyou })).body.data[0].id;
  demoAccount = (await t.api(`${accounts}/list`, { token: anxi })).body.data.records[0].id;
});
afterAll(() => t?.close());

describe('seeded demo cameras', () => {
  it('安溪县 has one account on the demo platform and cameras on several reservoirs, near the reservoir', async () => {
    const list = (await t.api(`${accounts}/list`, { token: anxi })).body.data;
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({ name: '安溪县视频平台（内置演示）', platform: 8 });
    const cameras = (await t.api(`${base}/list?size=100`, { token: anxi })).body.data;
    expect(cameras.total).toBe(4);
    expect(new Set(cameras.records.map((c: Camera) => c.reservoirId)).size).toBe(3);
    const dam = cameras.records.find((c: Camera) => c.name === '石门水库坝顶全景');
    expect(dam).toMatchObject({ reservoirId: shimen, position: 1, onlineStatus: 1, ptz: 1, accountId: demoAccount });
    const reservoir = (await t.api(`/api/v1/reservoir/detail?id=${shimen}`, { token: anxi })).body.data;
    expect(Math.abs(dam.longitude - reservoir.longitude)).toBeLessThan(0.01);
    expect(Math.abs(dam.latitude - reservoir.latitude)).toBeLessThan(0.01);
  });

  it('another demo tenant has its own demo account and cameras, and sees none of 安溪县’s', async () => {
    const theirAccounts = (await t.api(`${accounts}/list`, { token: xianyou })).body.data.records as { name: string }[];
    expect(theirAccounts.map((a) => a.name)).toEqual(['仙游县视频平台（内置演示）']);
    const theirCameras = (await t.api(`${base}/list?size=100`, { token: xianyou })).body.data.records as Camera[];
    expect(theirCameras.length).toBeGreaterThan(0);
    const ours = (await t.api(`${base}/list?size=100`, { token: anxi })).body.data.records as Camera[];
    const ourIds = new Set(ours.map((c) => c.id));
    expect(theirCameras.filter((c) => ourIds.has(c.id))).toEqual([]);
  });
});

describe('camera accounts', () => {
  it('the app secret is stored but never returned: not by save, update, list or options', async () => {
    const saved = await t.api(`${accounts}/save`, {
      token: anxi,
      body: { name: '萤石云账号', platform: 1, apiUrl: 'https://open.ys7.com', appKey: 'ak-123', appSecret: 'top-secret-1' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain('top-secret-1');
    expect(saved.body.data).not.toHaveProperty('appSecret');
    const id = saved.body.data.id;
    const stored = await t.db.query('SELECT app_secret FROM sk_camera_account WHERE id = $1', [id]);
    // Stored sealed (x-encrypted); the deployment's key opens it.
    expect(stored.rows[0].app_secret).not.toContain('top-secret-1');
    expect(openSecret(stored.rows[0].app_secret)).toBe('top-secret-1');

    const updated = await t.api(`${accounts}/update`, { token: anxi, body: { id, remark: '县局统一账号' } });
    expect(updated.status).toBe(200);
    expect(JSON.stringify(updated.body)).not.toContain('top-secret-1');
    expect(openSecret((await t.db.query('SELECT app_secret FROM sk_camera_account WHERE id = $1', [id])).rows[0].app_secret)).toBe('top-secret-1');

    const list = await t.api(`${accounts}/list?size=100`, { token: anxi });
    expect(list.body.data.records.map((a: { name: string }) => a.name)).toContain('萤石云账号');
    expect(JSON.stringify(list.body)).not.toContain('top-secret');
    expect(list.body.data.records.every((a: object) => !('appSecret' in a))).toBe(true);
    const options = await t.api(`${accounts}/options`, { token: anxi });
    expect(options.body.data.map((o: { title: string }) => o.title)).toContain('萤石云账号');
    expect(JSON.stringify(options.body)).not.toContain('top-secret');
    expect((await t.api(`${accounts}/list?appSecret=top-secret-1`, { token: anxi })).status).toBe(400);
  });

  it('a platform outside the dictionary, a malformed API address and a repeated name are refused', async () => {
    expect((await t.api(`${accounts}/save`, { token: anxi, body: { name: 'x1', platform: 7 } })).status).toBe(400);
    const badUrl = await t.api(`${accounts}/save`, { token: anxi, body: { name: 'x2', platform: 2, apiUrl: 'javascript:alert(1)' } });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.data.errors[0].field).toBe('apiUrl');
    const again = await t.api(`${accounts}/save`, { token: anxi, body: { name: '安溪县视频平台（内置演示）', platform: 9 } });
    expect(again.body.msg).toBe('账号名称已存在');
  });

  it('remove takes ids; another tenant cannot remove or see the account', async () => {
    const id = (await t.api(`${accounts}/save`, { token: anxi, body: { name: '临时账号', platform: 3 } })).body.data.id;
    await t.api(`${accounts}/remove?ids=${id}`, { token: xianyou, method: 'POST' });
    expect((await t.db.query('SELECT is_deleted FROM sk_camera_account WHERE id = $1', [id])).rows[0].is_deleted).toBe(0);
    expect(JSON.stringify((await t.api(`${accounts}/options`, { token: xianyou })).body.data)).not.toContain(id);
    expect((await t.api(`${accounts}/remove?ids=${id}`, { token: anxi, method: 'POST' })).status).toBe(200);
    expect((await t.db.query('SELECT is_deleted FROM sk_camera_account WHERE id = $1', [id])).rows[0].is_deleted).toBe(1);
  });
});

describe('camera writes', () => {
  it('save, detail, update and remove', async () => {
    const camera = await newCamera({ name: '石门水库放水涵', position: 5, liveUrl: 'https://video.example.cn/live/shimen-outlet.flv', sort: 9 });
    expect(camera).toMatchObject({ reservoirId: shimen, onlineStatus: 1, ptz: 0, channelNo: 1 });
    const detail = await t.api(`${base}/detail?id=${camera.id}`, { token: anxi });
    expect(detail.body.data).toMatchObject({ name: '石门水库放水涵', position: 5, liveUrl: 'https://video.example.cn/live/shimen-outlet.flv' });
    const updated = await t.api(`${base}/update`, { token: anxi, body: { id: camera.id, onlineStatus: 0 } });
    expect(updated.body.data.onlineStatus).toBe(0);
    expect((await t.api(`${base}/remove?ids=${camera.id}`, { token: anxi, method: 'POST' })).status).toBe(200);
    expect((await t.api(`${base}/detail?id=${camera.id}`, { token: anxi })).status).toBe(404);
  });

  it('a live address must be an http(s), ws(s) or webrtc URL', async () => {
    for (const liveUrl of ['javascript:alert(1)', 'rtsp://10.0.0.1/stream', 'https://video.example.cn/a b.m3u8', 'www.example.cn/live.m3u8']) {
      const refused = await t.api(`${base}/save`, { token: anxi, body: { reservoirId: shimen, name: '坏地址', liveUrl } });
      expect(refused.status, liveUrl).toBe(400);
      expect(refused.body.data.errors[0]).toEqual({ field: 'liveUrl', message: '直播地址应以 http(s)://、ws(s):// 或 webrtc:// 开头，且不含空格' });
    }
    expect((await t.api(`${base}/save`, { token: anxi, body: { reservoirId: shimen, name: '无水库' } })).status).toBe(200);
    const noReservoir = await t.api(`${base}/save`, { token: anxi, body: { name: '无水库' } });
    expect(noReservoir.body.data.errors[0]).toEqual({ field: 'reservoirId', message: '请选择所属水库' });
  });

  it("the reservoir and the account must be the tenant's", async () => {
    const before = await cameraCount();
    const foreignReservoir = await t.api(`${base}/save`, { token: anxi, body: { reservoirId: theirReservoir, name: '越界' } });
    expect(foreignReservoir.status).toBe(400);
    expect(foreignReservoir.body.msg).toBe('所选水库不存在或已被删除');
    const foreignAccount = await t.api(`${base}/save`, { token: xianyou, body: { reservoirId: theirReservoir, name: '越界', accountId: demoAccount } });
    expect(foreignAccount.status).toBe(400);
    expect(foreignAccount.body.msg).toBe('所选摄像头账号不存在或已被删除');
    expect(await cameraCount()).toBe(before);
  });

  it('without the buttons a user who may read the cameras changes nothing', async () => {
    const [camera] = await camerasOf(shimen);
    expect((await t.api(`${base}/list`, { token: reader })).status).toBe(200);
    const before = await cameraCount();
    expect((await t.api(`${base}/save`, { token: reader, body: { reservoirId: shimen, name: '无权新增' } })).status).toBe(403);
    expect((await t.api(`${base}/update`, { token: reader, body: { id: camera.id, name: '无权修改' } })).status).toBe(403);
    expect((await t.api(`${base}/remove?ids=${camera.id}`, { token: reader, method: 'POST' })).status).toBe(403);
    expect((await t.api(`${accounts}/save`, { token: reader, body: { name: '无权账号', platform: 9 } })).status).toBe(403);
    expect(await cameraCount()).toBe(before);
    expect((await t.api(`${base}/detail?id=${camera.id}`, { token: anxi })).body.data.name).toBe(camera.name);
    expect((await t.api(`${accounts}/list`, { token: anxi })).body.data.records.map((a: { name: string }) => a.name)).not.toContain('无权账号');
  });

  it('a user without the camera menu cannot read cameras or accounts', async () => {
    for (const path of [`${base}/list`, `${base}/listByReservoir?reservoirId=${shimen}`, `${base}/tree`, `${accounts}/list`]) {
      expect((await t.api(path, { token: inspector })).status, path).toBe(403);
    }
    const [camera] = await camerasOf(shimen);
    expect((await t.api(`${base}/viewLife?id=${camera.id}`, { token: inspector })).status).toBe(403);
  });

  it('another tenant neither reads, changes nor removes a camera', async () => {
    const [camera] = await camerasOf(shimen);
    expect((await t.api(`${base}/detail?id=${camera.id}`, { token: xianyou })).status).toBe(404);
    expect((await t.api(`${base}/viewLife?id=${camera.id}`, { token: xianyou })).status).toBe(404);
    await t.api(`${base}/update`, { token: xianyou, body: { id: camera.id, name: '篡改' } });
    await t.api(`${base}/remove?ids=${camera.id}`, { token: xianyou, method: 'POST' });
    const after = (await t.api(`${base}/detail?id=${camera.id}`, { token: anxi })).body.data;
    expect(after.name).toBe(camera.name);
    expect(await camerasOf(shimen, xianyou)).toEqual([]);
  });
});

describe('cameras of a reservoir and the camera tree', () => {
  it('listByReservoir needs the reservoir and lists its cameras by sort', async () => {
    expect((await t.api(`${base}/listByReservoir`, { token: anxi })).status).toBe(400);
    await newCamera({ name: '石门水库左岸', sort: 0 });
    const cameras = await camerasOf(shimen);
    expect(cameras.every((c) => c.reservoirId === shimen)).toBe(true);
    expect(cameras.map((c) => c.sort)).toEqual([...cameras.map((c) => c.sort)].sort((a, b) => a - b));
    expect(cameras[0].name).toBe('石门水库左岸');
    expect(cameras.map((c) => c.name)).toEqual(expect.arrayContaining(['石门水库坝顶全景', '石门水库溢洪道']));
    expect((await camerasOf(houxi)).map((c) => c.name)).toEqual(['后溪水库坝顶']);
  });

  it('tree: the reservoirs with cameras, each holding its cameras; another tenant gets its own only', async () => {
    const tree = (await t.api(`${base}/tree`, { token: anxi })).body.data;
    const names = tree.map((n: { title: string }) => n.title);
    expect(names).toEqual(expect.arrayContaining(['石门水库', '后溪水库', '大坑水库']));
    expect(names).not.toContain('岩前水库');
    const node = tree.find((n: { id: string }) => n.id === houxi);
    expect(node).toMatchObject({ parentId: '0', type: 'reservoir', selectable: false });
    expect(node.children).toEqual([
      expect.objectContaining({ title: '后溪水库坝顶', parentId: houxi, type: 'camera', selectable: true, onlineStatus: 1, position: 1 }),
    ]);
    const theirsBefore = (await t.api(`${base}/tree`, { token: xianyou })).body.data as { id: string; title: string }[];
    expect(theirsBefore.map((n) => n.title)).not.toContain('石门水库');
    await newCamera({ reservoirId: theirReservoir, name: '仙游摄像头' }, xianyou);
    const theirs = (await t.api(`${base}/tree`, { token: xianyou })).body.data as { id: string; children: { title: string }[] }[];
    expect(theirs.find((n) => n.id === theirReservoir)?.children.map((c) => c.title)).toContain('仙游摄像头');
    const mine = (await t.api(`${base}/tree`, { token: anxi })).body.data;
    expect(JSON.stringify(mine)).not.toContain('仙游摄像头');
  });
});

describe('live address (viewLife)', () => {
  it('a direct camera answers its live address and the protocol a player needs', async () => {
    const cases: [string, string][] = [
      ['http://10.35.24.20:8080/live/shimen_dam.m3u8', 'hls'],
      ['https://video.example.cn/live/a.flv', 'flv'],
      ['wss://video.example.cn/live/a.flv', 'flv'],
      ['https://video.example.cn/record/a.mp4', 'mp4'],
      ['webrtc://video.example.cn/live/a', 'webrtc'],
      ['ws://video.example.cn/socket', 'other'],
    ];
    for (const [liveUrl, protocol] of cases) {
      const camera = await newCamera({ name: `协议-${protocol}-${liveUrl.length}`, liveUrl });
      expect((await t.api(`${base}/viewLife?id=${camera.id}`, { token: anxi })).body.data, liveUrl).toEqual({ url: liveUrl, protocol, expireTime: null });
    }
  });

  it('a direct camera without an address answers url null', async () => {
    const bare = await newCamera({ name: '未接入摄像头' });
    expect((await t.api(`${base}/viewLife?id=${bare.id}`, { token: anxi })).body.data).toEqual({ url: null, protocol: null, expireTime: null });
  });

  it('a camera of a cloud platform account gets a clear refusal instead of an address', async () => {
    const cloud = (
      await t.api(`${accounts}/save`, {
        token: anxi,
        body: { name: '海康ISC', platform: 2, apiUrl: 'https://isc.example.cn/artemis', appKey: 'k', appSecret: 's' },
      })
    ).body.data.id;
    const camera = await newCamera({ name: '平台摄像头', accountId: cloud, deviceSerial: 'ISC-0001', liveUrl: 'https://video.example.cn/live/isc.m3u8' });
    const refused = await t.api(`${base}/viewLife?id=${camera.id}`, { token: anxi });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('暂不支持从该平台获取直播地址，请在摄像头上填写直播地址');
    const english = await t.api(`${base}/viewLife?id=${camera.id}`, { token: anxi, headers: { 'Accept-Language': 'en' } });
    expect(english.body.msg).toMatch(/cannot be fetched from this platform/);
  });

  it('a malformed or unknown id is refused', async () => {
    expect((await t.api(`${base}/viewLife?id=abc`, { token: anxi })).status).toBe(400);
    expect((await t.api(`${base}/viewLife?id=123456789`, { token: anxi })).status).toBe(404);
  });
});

describe('PTZ control', () => {
  it('a camera without PTZ says so; a direct one with PTZ says the platform is not connected; both change nothing', async () => {
    const cameras = await camerasOf(shimen);
    const fixed = cameras.find((c) => c.ptz === 0)!;
    const dome = cameras.find((c) => c.ptz === 1)!;
    const directDome = await newCamera({ name: '直连球机', ptz: 1, liveUrl: 'https://video.example.cn/live/dome.m3u8' });
    const commands: Record<string, Record<string, unknown>> = {
      deviceControl: { direction: 0 },
      zoomControl: { command: 'in' },
      focalControl: { command: 'far' },
    };
    for (const call of ['deviceControl', 'zoomControl', 'focalControl']) {
      const noPtz = await t.api(`${base}/${call}`, { token: anxi, body: { id: fixed.id, direction: 0, speed: 1 } });
      expect(noPtz.status, call).toBe(400);
      expect(noPtz.body.msg).toBe('该摄像头不支持云台控制');
      const notConnected = await t.api(`${base}/${call}?id=${directDome.id}`, { token: anxi, body: commands[call] });
      expect(notConnected.status, call).toBe(400);
      expect(notConnected.body.msg).toBe('视频平台未接入，暂不支持云台控制');
    }
    expect((await t.api(`${base}/deviceControl`, { token: reader, body: { id: dome.id } })).status).toBe(403);
    expect((await t.api(`${base}/deviceControl`, { token: xianyou, body: { id: dome.id } })).status).toBe(404);
  });
});
