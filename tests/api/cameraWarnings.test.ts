/**
 * Camera AI alarms: a camera platform posts alarms with its camera account's
 * ingestion key (no console session; the tenant comes from the account),
 * idempotently per alarm id even when the same alarm arrives concurrently,
 * within bounded bodies and batches; the console lists them with filters,
 * exports them as an .xlsx with names and labels, marks unhandled ones as
 * false alarms; AI-annotated photos are answered by photo or event; the
 * video wall's rotation settings are validated per tenant.
 */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ALARMS } from '../../src/server/seed/demoAlarmsData.js';
import { startTestServer, type TestServer } from './testServer.js';

let t: TestServer;
let anxi: string;
let xianyou: string;
let inspector: string;
let account: string;
let cameras: { id: string; name: string; reservoirId: string; deviceSerial?: string }[];
let theirCamera: string;

const KEY = 'k'.repeat(20) + '-ingest-key-of-anxi-0123456789';
const base = '/api/v2/inspect/cameraWarning';
const ingestPath = `${base}/ingest`;

interface Alarm {
  alarmId: string;
  cameraId?: string;
  deviceSerial?: string;
  alarmType?: unknown;
  alarmTime?: string;
  photoUrl?: string;
  confidence?: unknown;
  description?: string;
  annotatedUrl?: string;
  labels?: unknown;
}

let serial = 0;
/** A fresh alarm id, so each test owns its alarms. */
const alarmIdOf = (name: string) => `T-${name}-${++serial}`;

function alarm(overrides: Partial<Alarm> = {}): Alarm {
  return {
    alarmId: alarmIdOf('a'),
    cameraId: cameras[0].id,
    alarmType: 3,
    alarmTime: '2026-11-20 08:15:00',
    photoUrl: 'https://platform.example.com/alarms/1.jpg',
    confidence: 0.91,
    description: '坝前有人垂钓',
    ...overrides,
  };
}

function ingest(alarms: unknown, headers: Record<string, string> = { 'X-Camera-Account': account, 'X-Ingest-Key': KEY }) {
  return t.api(ingestPath, { headers, body: { alarms } });
}

async function warningCount(): Promise<number> {
  return Number((await t.db.query(`SELECT count(*) AS n FROM camera_warning WHERE is_deleted = 0`)).rows[0].n);
}

async function page(query: string, token = anxi) {
  const answer = await t.api(`${base}/page?size=100&${query}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as { total: number; records: Record<string, unknown>[] };
}

beforeAll(async () => {
  t = await startTestServer();
  anxi = await t.signIn('100001', 'admin');
  xianyou = await t.signIn('316979', 'admin');
  inspector = await t.signIn('100001', 'inspector');
  account = (await t.api('/api/v2/inspect/cameraAccount/list', { token: anxi })).body.data.records[0].id;
  const saved = await t.api('/api/v2/inspect/cameraAccount/update', { token: anxi, body: { id: account, ingestKey: KEY } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  cameras = (await t.api('/api/v2/inspect/camera/list?size=100', { token: anxi })).body.data.records;
  const theirReservoir = (await t.api('/api/v1/reservoir/listAll', { token: xianyou })).body.data[0].id;
  const theirs = await t.api('/api/v2/inspect/camera/save', { token: xianyou, body: { reservoirId: theirReservoir, name: '仙游坝顶', deviceSerial: 'XY-01' } });
  expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
  theirCamera = theirs.body.data.id;
});
afterAll(() => t?.close());

describe('demo alarms', () => {
  it('安溪县 has alarms on its cameras with shipped photos and annotated photos; one is a false alarm', async () => {
    const seeded = (await page('alarmId=AX-AI-')).records;
    expect(seeded.map((r) => r.alarmId).sort()).toEqual(DEMO_ALARMS.map((a) => a.alarmId).sort());
    const outcome = (row: Record<string, unknown>) => DEMO_ALARMS.find((a) => a.alarmId === row.alarmId)!.outcome;
    for (const row of seeded.filter((r) => outcome(r) === 'ignored')) expect(row).toMatchObject({ handleStatus: 2, handleOpinion: expect.any(String) });
    for (const row of seeded.filter((r) => outcome(r) === 'unhandled')) expect(row.handleStatus).toBe(0);
    // The demo events seed turns these into events (1), and may correct one as a false alarm (2, with its event).
    for (const row of seeded.filter((r) => outcome(r) === 'toEvent' && r.handleStatus !== 0)) expect(row.eventId).toEqual(expect.any(String));
    for (const row of seeded) {
      const file = path.resolve('src/web/public', String(row.photoUrl).slice(1));
      expect(fs.statSync(file).size, file).toBeGreaterThan(2000);
      const photos = (await t.api('/api/v2/inspect/aiPhoto/aiPhoto/list', { token: anxi, body: { originalUrl: row.photoUrl } })).body.data;
      const mine = photos.find((p: { warningId: string }) => p.warningId === row.id);
      expect(mine.labels).toHaveLength(1);
      expect(fs.existsSync(path.resolve('src/web/public', mine.annotatedUrl.slice(1)))).toBe(true);
    }
    // Times are hours before the seed: the newest alarm comes first in the list.
    expect(seeded[0].alarmId).toBe([...DEMO_ALARMS].sort((a, b) => a.hoursAgo - b.hoursAgo)[0].alarmId);
  });

  it('other tenants have none', async () => {
    expect((await page('', xianyou)).total).toBe(0);
  });
});

describe('the ingestion key', () => {
  it('is stored sealed and never answered', async () => {
    const stored = (await t.db.query('SELECT ingest_key FROM sk_camera_account WHERE id = $1', [account])).rows[0].ingest_key;
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(KEY);
    const list = await t.api('/api/v2/inspect/cameraAccount/list', { token: anxi });
    expect(JSON.stringify(list.body)).not.toContain(KEY);
    expect(list.body.data.records[0]).not.toHaveProperty('ingestKey');
  });

  it('must be at least 32 characters', async () => {
    const short = await t.api('/api/v2/inspect/cameraAccount/update', { token: anxi, body: { id: account, ingestKey: 'short-key' } });
    expect(short.status).toBe(400);
    expect(short.body.msg).toContain('至少 32 个字符');
  });
});

describe('ingestion authentication', () => {
  it('refuses a request without the headers, with a wrong key, an unknown account or an account without a key — and stores nothing', async () => {
    const before = await warningCount();
    const noHeaders = await ingest([alarm()], {});
    expect(noHeaders.status).toBe(401);
    expect(noHeaders.body.msg).toContain('X-Ingest-Key');
    expect((await ingest([alarm()], { 'X-Camera-Account': account, 'X-Ingest-Key': `${KEY}x` })).status).toBe(401);
    expect((await ingest([alarm()], { 'X-Camera-Account': '123456789', 'X-Ingest-Key': KEY })).status).toBe(401);
    const keyless = await t.api('/api/v2/inspect/cameraAccount/save', { token: anxi, body: { name: '无密钥账号', platform: 9 } });
    expect((await ingest([alarm()], { 'X-Camera-Account': keyless.body.data.id, 'X-Ingest-Key': KEY })).status).toBe(401);
    // A console token is no credential here.
    expect((await t.api(ingestPath, { token: anxi, body: { alarms: [alarm()] } })).status).toBe(401);
    expect(await warningCount()).toBe(before);
  });

  it('refuses the cameras of a disabled or expired tenant, and stores nothing', async () => {
    const before = await warningCount();
    const setTenant = (sql: string) => t.db.query(`UPDATE blade_tenant SET ${sql} WHERE tenant_id = '100001'`);
    try {
      await setTenant('status = 2');
      expect((await ingest([alarm()])).status).toBe(401);
      await setTenant(`status = 1, expire_time = LOCALTIMESTAMP - interval '1 day'`);
      expect((await ingest([alarm()])).status).toBe(401);
    } finally {
      await setTenant('status = 1, expire_time = NULL');
    }
    expect(await warningCount()).toBe(before);
  });

  it('answers in English when asked', async () => {
    const answer = await ingest([alarm()], { 'Accept-Language': 'en' });
    expect(answer.status).toBe(401);
    expect(answer.body.msg).toContain('Alarm ingestion refused');
  });
});

describe('ingesting alarms', () => {
  it('stores an alarm on its camera’s reservoir, unhandled, with its annotated photo', async () => {
    const sent = alarm({
      alarmId: alarmIdOf('first'),
      annotatedUrl: 'https://platform.example.com/alarms/1-boxed.jpg',
      labels: [
        { label: '垂钓', confidence: 0.91, box: [120, 80, 60, 90] },
        { label: '人员', confidence: 0.97, box: [110, 60, 80, 130] },
      ],
    });
    const answer = await ingest([sent]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ created: 1, duplicates: 0, items: [{ alarmId: sent.alarmId, created: true }] });
    const id = answer.body.data.items[0].id;
    const detail = (await t.api(`${base}/detail?id=${id}`, { token: anxi })).body.data;
    expect(detail).toMatchObject({
      cameraId: cameras[0].id,
      reservoirId: cameras[0].reservoirId,
      alarmType: 3,
      alarmTime: '2026-11-20 08:15:00',
      handleStatus: 0,
    });
    const photos = await t.api('/api/v2/inspect/aiPhoto/aiPhoto/list', { token: anxi, body: { originalUrl: sent.photoUrl } });
    expect(photos.status, JSON.stringify(photos.body)).toBe(200);
    const photo = photos.body.data.find((p: { warningId: string }) => p.warningId === id);
    expect(photo).toMatchObject({ annotatedUrl: sent.annotatedUrl, confidence: 0.97 });
    expect(photo.labels).toEqual(sent.labels);
  });

  it('names the camera by its device serial on the account', async () => {
    const withSerial = cameras.find((c) => c.deviceSerial);
    expect(withSerial, 'a seeded camera with a device serial').toBeDefined();
    const answer = await ingest([alarm({ cameraId: undefined, deviceSerial: withSerial!.deviceSerial })]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const row = (await t.api(`${base}/detail?id=${answer.body.data.items[0].id}`, { token: anxi })).body.data;
    expect(row.cameraId).toBe(withSerial!.id);
  });

  it('is idempotent: a repeated batch answers the stored rows and changes nothing', async () => {
    const batch = [alarm({ alarmId: alarmIdOf('rep') }), alarm({ alarmId: alarmIdOf('rep') })];
    const first = await ingest(batch);
    expect(first.body.data).toMatchObject({ created: 2, duplicates: 0 });
    const count = await warningCount();
    const second = await ingest([{ ...batch[1], description: '改了描述' }, batch[0]]);
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ created: 0, duplicates: 2 });
    expect(second.body.data.items.map((i: { id: string }) => i.id)).toEqual([first.body.data.items[1].id, first.body.data.items[0].id]);
    expect(await warningCount()).toBe(count);
    const stored = (await t.api(`${base}/detail?id=${first.body.data.items[1].id}`, { token: anxi })).body.data;
    expect(stored.description).toBe('坝前有人垂钓');
  });

  it('stores an alarm once when the same alarm arrives many times at once', async () => {
    const same = alarm({ alarmId: alarmIdOf('race') });
    const other = alarm({ alarmId: alarmIdOf('race') });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => ingest(i % 2 === 0 ? [same, other] : [other, same])));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answers.reduce((sum, a) => sum + a.body.data.created, 0)).toBe(2);
    const rows = await t.db.query(`SELECT alarm_id, count(*)::int AS n FROM camera_warning WHERE alarm_id = ANY($1) AND is_deleted = 0 GROUP BY alarm_id`, [
      [same.alarmId, other.alarmId],
    ]);
    expect(rows.rows.map((r) => r.n)).toEqual([1, 1]);
    expect(new Set(answers.map((a) => a.body.data.items.find((i: { alarmId: string }) => i.alarmId === same.alarmId).id)).size).toBe(1);
  });

  it('refuses a whole batch naming the bad alarm, and stores none of it', async () => {
    const cases: [Partial<Alarm>, string][] = [
      [{ alarmType: 42 }, '告警类型'],
      [{ alarmTime: '20/11/2026' }, 'alarmTime'],
      [{ photoUrl: 'file:///etc/passwd' }, 'photoUrl'],
      [{ confidence: 1.5 }, '置信度'],
      [{ alarmId: 'bad id with spaces' }, 'alarmId'],
      [{ cameraId: theirCamera }, '摄像头'],
      [{ labels: [{ label: '人员', confidence: 0.9, box: [1, 2, 3] }] }, '框'],
      [{ labels: 'person' }, '识别结果'],
    ];
    for (const [bad, text] of cases) {
      const before = await warningCount();
      const good = alarm();
      const answer = await ingest([good, alarm(bad)]);
      expect(answer.status, `${JSON.stringify(bad)} → ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body.msg).toContain('第 2 条告警');
      expect(answer.body.msg).toContain(text);
      expect(await warningCount()).toBe(before);
    }
  });

  it('bounds the batch and the body', async () => {
    expect((await ingest([])).status).toBe(400);
    expect((await ingest('not a list')).status).toBe(400);
    const tooMany = await ingest(Array.from({ length: 101 }, () => alarm()));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toContain('一次最多上报 100 条告警');
    const huge = await ingest([alarm({ description: 'x'.repeat(300 * 1024) })]);
    expect(huge.status).toBe(413);
  });

  it('keeps tenants apart: the key of one tenant’s account reaches only its cameras, and the other tenant sees none of its alarms', async () => {
    const answer = await ingest([alarm({ cameraId: theirCamera })]);
    expect(answer.status).toBe(400);
    expect((await page('', xianyou)).total).toBe(0);
    const mine = (await page('')).records[0];
    expect((await t.api(`${base}/detail?id=${mine.id}`, { token: xianyou })).status).toBe(404);
    const ignore = await t.api(`${base}/ignore`, { token: xianyou, body: { ids: [mine.id] } });
    expect(ignore.status).toBe(404);
  });
});

describe('the alarm list', () => {
  let ids: Record<string, string>;

  beforeAll(async () => {
    const [one, two] = cameras.filter((c, i, all) => all.findIndex((o) => o.reservoirId === c.reservoirId) === i);
    const sent = [
      alarm({ alarmId: alarmIdOf('f-swim'), cameraId: one.id, alarmType: 2, alarmTime: '2026-10-01 09:00:00' }),
      alarm({ alarmId: alarmIdOf('f-fire'), cameraId: two.id, alarmType: 6, alarmTime: '2026-10-02 10:00:00' }),
      alarm({ alarmId: alarmIdOf('f-fish'), cameraId: two.id, alarmType: 3, alarmTime: '2026-10-03 11:00:00' }),
    ];
    const answer = await ingest(sent);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    ids = { swim: answer.body.data.items[0].id, fire: answer.body.data.items[1].id, fish: answer.body.data.items[2].id };
    ids.one = one.id;
    ids.two = two.id;
    ids.oneReservoir = one.reservoirId;
  });

  it('filters by reservoir, camera, type, handling and time range, newest first, with names', async () => {
    const october = 'alarmTime_datege=2026-10-01 00:00:00&alarmTime_datele=2026-10-31 23:59:59';
    expect((await page(october)).records.map((r) => r.id)).toEqual([ids.fish, ids.fire, ids.swim]);
    expect((await page(`${october}&cameraId=${ids.two}`)).records.map((r) => r.id)).toEqual([ids.fish, ids.fire]);
    expect((await page(`${october}&reservoirId=${ids.oneReservoir}`)).records.map((r) => r.id)).toEqual([ids.swim]);
    expect((await page(`${october}&alarmType=6`)).records.map((r) => r.id)).toEqual([ids.fire]);
    expect((await page(`${october}&handleStatus=1`)).records).toEqual([]);
    const row = (await page(`${october}&alarmType=2`)).records[0];
    expect(row.cameraName).toBe(cameras.find((c) => c.id === ids.one)!.name);
    expect(row.reservoirName).toEqual(expect.any(String));
  });

  it('needs the AI alarm menu', async () => {
    expect((await t.api(`${base}/page`, { token: inspector })).status).toBe(403);
  });

  it('exports the filtered alarms as an .xlsx with names and dictionary labels', async () => {
    const response = await fetch(
      `${t.url}${base}/export-reservoir?alarmTime_datege=2026-10-01%2000:00:00&alarmTime_datele=2026-10-31%2023:59:59&cameraId=${ids.two}`,
      {
        headers: { 'Blade-Auth': `bearer ${anxi}` },
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const rows = workbook.worksheets[0].getSheetValues().slice(1) as unknown[][];
    const header = rows[0].slice(1);
    expect(header).toEqual(expect.arrayContaining(['摄像头', '所属水库', '告警类型', '告警时间', '处理状态']));
    const body = rows.slice(1).map((r) => Object.fromEntries(header.map((title, i) => [String(title), r[i + 1]])));
    expect(body).toHaveLength(2);
    const camera = cameras.find((c) => c.id === ids.two)!;
    expect(body.map((r) => r['告警类型'])).toEqual(['垂钓', '烟火']);
    expect(body.every((r) => r['摄像头'] === camera.name && r['处理状态'] === '未处理')).toBe(true);
    expect(String(body[0]['所属水库'])).toMatch(/水库/);
  });

  it('marks unhandled alarms as false alarms, all or none, and only unhandled ones', async () => {
    const ignored = await t.api(`${base}/ignore`, { token: anxi, body: { ids: [ids.swim], opinion: '是巡查员在测量水位' } });
    expect(ignored.status, JSON.stringify(ignored.body)).toBe(200);
    expect(ignored.body.data).toEqual({ ignored: 1 });
    const row = (await t.api(`${base}/detail?id=${ids.swim}`, { token: anxi })).body.data;
    expect(row).toMatchObject({ handleStatus: 2, handleOpinion: '是巡查员在测量水位' });
    expect(row.eventId ?? null).toBeNull();

    const again = await t.api(`${base}/ignore`, { token: anxi, body: { ids: [ids.fire, ids.swim] } });
    expect(again.status).toBe(400);
    expect(again.body.msg).toContain('只有未处理的告警可以标记为误报');
    expect((await t.api(`${base}/detail?id=${ids.fire}`, { token: anxi })).body.data.handleStatus).toBe(0);

    expect((await t.api(`${base}/ignore`, { token: anxi, body: {} })).status).toBe(400);
    expect((await t.api(`${base}/ignore`, { token: anxi, body: { ids: ['1'] } })).status).toBe(404);
    expect((await t.api(`${base}/ignore`, { token: anxi, body: { ids: [ids.fire], opinion: 'x'.repeat(501) } })).status).toBe(400);
    expect((await t.api(`${base}/ignore`, { token: inspector, body: { ids: [ids.fire] } })).status).toBe(403);
    expect((await t.api(`${base}/detail?id=${ids.fire}`, { token: anxi })).body.data.handleStatus).toBe(0);
    expect((await page(`handleStatus=2&cameraId=${ids.one}`)).records.map((r) => r.id)).toContain(ids.swim);
  });
});

describe('AI photos', () => {
  it('of an alarm turned into an event are the event’s, and the alarm can no longer be ignored', async () => {
    const sent = alarm({
      alarmId: alarmIdOf('event'),
      photoUrl: 'https://platform.example.com/alarms/event.jpg',
      annotatedUrl: 'https://platform.example.com/alarms/event-ai.jpg',
      labels: [{ label: '垂钓', confidence: 0.9, box: [10, 20, 30, 40] }],
    });
    const warningId = (await ingest([sent])).body.data.items[0].id;
    const inspectorId = (await t.db.query(`SELECT id::text AS id FROM blade_user WHERE tenant_id = '100001' AND account = 'inspector'`)).rows[0].id;
    const assigned = await t.api('/api/v2/inspect/event/aiPhotoAssign', {
      token: anxi,
      body: { warningId, handlerId: inspectorId, deadline: '2027-07-01', eventType: 13, level: 2, title: '坝前垂钓', opinion: '请劝离' },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const eventId = assigned.body.data.id;
    expect((await t.api(`${base}/detail?id=${warningId}`, { token: anxi })).body.data).toMatchObject({ handleStatus: 1, eventId, eventTitle: '坝前垂钓' });
    const photos = await t.api('/api/v2/inspect/aiPhoto/aiPhoto/list', { token: anxi, body: { eventId } });
    expect(photos.status, JSON.stringify(photos.body)).toBe(200);
    expect(photos.body.data.map((p: { annotatedUrl: string }) => p.annotatedUrl)).toEqual([sent.annotatedUrl]);
    const ignore = await t.api(`${base}/ignore`, { token: anxi, body: { ids: [warningId] } });
    expect(ignore.status).toBe(400);
    // Another tenant cannot read the event's photos.
    expect((await t.api('/api/v2/inspect/aiPhoto/aiPhoto/list', { token: xianyou, body: { eventId } })).status).toBe(404);
  });

  it('need the original photo or the event', async () => {
    const answer = await t.api('/api/v2/inspect/aiPhoto/aiPhoto/list', { token: anxi, body: {} });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toContain('请提供原始图片地址或事件');
  });

  it('are not seen by another tenant', async () => {
    const url = 'https://platform.example.com/alarms/tenant-photo.jpg';
    const sent = await ingest([alarm({ photoUrl: url, labels: [{ label: '人员', confidence: 0.8, box: [1, 2, 3, 4] }] })]);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect((await t.api('/api/v2/inspect/aiPhoto/aiPhoto/list', { token: anxi, body: { originalUrl: url } })).body.data).toHaveLength(1);
    expect((await t.api('/api/v2/inspect/aiPhoto/aiPhoto/list', { token: xianyou, body: { originalUrl: url } })).body.data).toEqual([]);
  });
});

describe('camera polling settings', () => {
  const path = '/api/v2/inspect/camera/pollingParams';

  it('answer the defaults before anything is saved', async () => {
    const answer = await t.api(path, { token: xianyou });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ enabled: false, intervalSeconds: 30, split: 4, cameraIds: [] });
  });

  it('are saved per tenant in the order given', async () => {
    const order = [cameras[2].id, cameras[0].id];
    const saved = await t.api(path, { token: anxi, body: { enabled: true, intervalSeconds: 15, split: 1, cameraIds: order } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await t.api(path, { token: anxi })).body.data).toEqual({ enabled: true, intervalSeconds: 15, split: 1, cameraIds: order });
    expect((await t.api(path, { token: xianyou })).body.data.cameraIds).toEqual([]);
    // Any signed-in user of the tenant reads them (the video page rotates for everyone who watches it).
    expect((await t.api(path, { token: inspector })).body.data.cameraIds).toEqual(order);
  });

  it('refuse bad values and change nothing', async () => {
    const good = { enabled: true, intervalSeconds: 20, split: 4, cameraIds: [cameras[1].id] };
    const before = (await t.api(path, { token: anxi })).body.data;
    const cases: [Record<string, unknown>, string][] = [
      [{ intervalSeconds: 5 }, '10–600'],
      [{ intervalSeconds: 601 }, '10–600'],
      [{ intervalSeconds: 12.5 }, '10–600'],
      [{ split: 3 }, '1、4、9 或 16'],
      [{ cameraIds: [theirCamera] }, '不存在'],
      [{ cameraIds: ['999999999'] }, '不存在'],
      [{ cameraIds: [cameras[1].id, cameras[1].id] }, '不能重复'],
      [{ cameraIds: 'all' }, '列表'],
      [{ cameraIds: [] }, '至少选择一个摄像头'],
      [{ enabled: 'maybe' }, '是否启用'],
    ];
    for (const [bad, text] of cases) {
      const answer = await t.api(path, { token: anxi, body: { ...good, ...bad } });
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body.msg).toContain(text);
    }
    expect((await t.api(path, { token: anxi })).body.data).toEqual(before);
  });

  it('are saved only with the 轮巡设置 button', async () => {
    const answer = await t.api(path, { token: inspector, body: { enabled: false, intervalSeconds: 30, split: 4, cameraIds: [] } });
    expect(answer.status).toBe(403);
  });
});
