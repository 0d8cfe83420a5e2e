/**
 * Demo cameras of the demo tenants: per tenant one account on the built-in
 * demo platform (camera_platform 8: the adapter plays the clips shipped with
 * the console and records PTZ commands, so the wall, the detail page and the
 * screens work with no network) and a few cameras on the dam crests and
 * spillways of several reservoirs, placed a few dozen metres from the
 * reservoir's point. Looked up by natural key (account name, reservoir +
 * camera name): seeding twice changes nothing.
 */
import { nextId } from '../db/ids.js';
import type { DbClient } from '../db/pool.js';
import { insertRows } from './insertRows.js';

interface CameraSeed {
  reservoir: string;
  name: string;
  position: number;
  onlineStatus: number;
  ptz: number;
  liveUrl: string | null;
  deviceSerial: string;
  offset: [number, number];
}

interface TenantCameras {
  tenantId: string;
  account: { name: string; platform: number; remark: string };
  cameras: CameraSeed[];
}

const REMARK = '演示平台：播放系统自带的演示视频，云台操作只做记录';
const demoAccount = (county: string) => ({ name: `${county}视频平台（内置演示）`, platform: 8, remark: REMARK });

const TENANTS: TenantCameras[] = [
  {
    tenantId: '100001',
    account: demoAccount('安溪县'),
    cameras: [
      {
        reservoir: '石门水库',
        name: '石门水库坝顶全景',
        position: 1,
        onlineStatus: 1,
        ptz: 1,
        liveUrl: null,
        deviceSerial: 'AX350524001',
        offset: [0.0004, 0.0002],
      },
      {
        reservoir: '石门水库',
        name: '石门水库溢洪道',
        position: 4,
        onlineStatus: 1,
        ptz: 0,
        liveUrl: null,
        deviceSerial: 'AX350524002',
        offset: [0.0009, -0.0003],
      },
      {
        reservoir: '后溪水库',
        name: '后溪水库坝顶',
        position: 1,
        onlineStatus: 1,
        ptz: 0,
        liveUrl: null,
        deviceSerial: 'AX350524003',
        offset: [0.0003, 0.0003],
      },
      {
        reservoir: '大坑水库',
        name: '大坑水库库区',
        position: 6,
        onlineStatus: 0,
        ptz: 1,
        liveUrl: null,
        deviceSerial: 'AX350524004',
        offset: [-0.0006, 0.0008],
      },
    ],
  },
  {
    tenantId: '316979',
    account: demoAccount('仙游县'),
    cameras: [
      {
        reservoir: '爱溪水库',
        name: '爱溪水库坝顶全景',
        position: 1,
        onlineStatus: 1,
        ptz: 1,
        liveUrl: null,
        deviceSerial: 'XY350322001',
        offset: [0.0004, 0.0002],
      },
      {
        reservoir: '爱溪水库',
        name: '爱溪水库溢洪道',
        position: 4,
        onlineStatus: 1,
        ptz: 0,
        liveUrl: null,
        deviceSerial: 'XY350322002',
        offset: [0.0009, -0.0003],
      },
      {
        reservoir: '东坑水库',
        name: '东坑水库坝顶',
        position: 1,
        onlineStatus: 1,
        ptz: 0,
        liveUrl: null,
        deviceSerial: 'XY350322003',
        offset: [0.0003, 0.0003],
      },
      {
        reservoir: '溪口水库',
        name: '溪口水库库区',
        position: 6,
        onlineStatus: 0,
        ptz: 1,
        liveUrl: null,
        deviceSerial: 'XY350322004',
        offset: [-0.0006, 0.0008],
      },
    ],
  },
  {
    tenantId: '003189',
    account: demoAccount('龙泉市'),
    cameras: [
      {
        reservoir: '八都水库',
        name: '八都水库坝顶全景',
        position: 1,
        onlineStatus: 1,
        ptz: 1,
        liveUrl: null,
        deviceSerial: 'LQ331181001',
        offset: [0.0004, 0.0002],
      },
      {
        reservoir: '八都水库',
        name: '八都水库溢洪道',
        position: 4,
        onlineStatus: 1,
        ptz: 0,
        liveUrl: null,
        deviceSerial: 'LQ331181002',
        offset: [0.0009, -0.0003],
      },
      {
        reservoir: '上垟水库',
        name: '上垟水库坝顶',
        position: 1,
        onlineStatus: 1,
        ptz: 0,
        liveUrl: null,
        deviceSerial: 'LQ331181003',
        offset: [0.0003, 0.0003],
      },
      {
        reservoir: '小梅水库',
        name: '小梅水库库区',
        position: 6,
        onlineStatus: 0,
        ptz: 1,
        liveUrl: null,
        deviceSerial: 'LQ331181004',
        offset: [-0.0006, 0.0008],
      },
    ],
  },
  {
    tenantId: '173509',
    account: demoAccount('永嘉县'),
    cameras: [
      {
        reservoir: '里岙水库',
        name: '里岙水库坝顶全景',
        position: 1,
        onlineStatus: 1,
        ptz: 1,
        liveUrl: null,
        deviceSerial: 'YJ330324001',
        offset: [0.0004, 0.0002],
      },
      {
        reservoir: '黄坦坑水库',
        name: '黄坦坑水库坝顶',
        position: 1,
        onlineStatus: 1,
        ptz: 0,
        liveUrl: null,
        deviceSerial: 'YJ330324002',
        offset: [0.0003, 0.0003],
      },
      {
        reservoir: '石门坑水库',
        name: '石门坑水库溢洪道',
        position: 4,
        onlineStatus: 0,
        ptz: 0,
        liveUrl: null,
        deviceSerial: 'YJ330324003',
        offset: [0.0009, -0.0003],
      },
    ],
  },
];

const BASE = ['id', 'tenant_id', 'create_user', 'create_dept', 'update_user'];

export async function seedCameras(db: DbClient): Promise<void> {
  for (const tenant of TENANTS) await seedTenantCameras(db, tenant);
}

async function seedTenantCameras(db: DbClient, { tenantId, account: demo, cameras }: TenantCameras): Promise<void> {
  const owner = await db.query<{ user_id: string | null; dept_id: string | null }>(
    `SELECT (SELECT id::text FROM blade_user WHERE tenant_id = $1 AND account = 'admin' AND is_deleted = 0 LIMIT 1) AS user_id,
            (SELECT id::text FROM blade_dept WHERE tenant_id = $1 AND parent_id = 0 AND is_deleted = 0 ORDER BY sort, id LIMIT 1) AS dept_id`,
    [tenantId],
  );
  const { user_id: userId, dept_id: deptId } = owner.rows[0];
  if (!userId) return;

  const account = await db.query<{ id: string }>('SELECT id::text AS id FROM sk_camera_account WHERE tenant_id = $1 AND name = $2 AND is_deleted = 0', [
    tenantId,
    demo.name,
  ]);
  let accountId = account.rows[0]?.id;
  if (!accountId) {
    accountId = nextId();
    await insertRows(
      db,
      'sk_camera_account',
      [...BASE, 'name', 'platform', 'remark'],
      [[accountId, tenantId, userId, deptId, userId, demo.name, demo.platform, demo.remark]],
    );
  }

  const reservoirs = await db.query<{ id: string; name: string; longitude: number | null; latitude: number | null }>(
    'SELECT id::text AS id, name, longitude, latitude FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 AND name = ANY($2::text[])',
    [tenantId, [...new Set(cameras.map((c) => c.reservoir))]],
  );
  const present = await db.query<{ key: string }>(`SELECT reservoir_id::text || ':' || name AS key FROM sk_camera WHERE tenant_id = $1 AND is_deleted = 0`, [
    tenantId,
  ]);
  const done = new Set(present.rows.map((row) => row.key));
  const rows: unknown[][] = [];
  cameras.forEach((camera, index) => {
    const reservoir = reservoirs.rows.find((r) => r.name === camera.reservoir);
    if (!reservoir || done.has(`${reservoir.id}:${camera.name}`)) return;
    const longitude = reservoir.longitude === null ? null : Number((Number(reservoir.longitude) + camera.offset[0]).toFixed(6));
    const latitude = reservoir.latitude === null ? null : Number((Number(reservoir.latitude) + camera.offset[1]).toFixed(6));
    rows.push([
      nextId(),
      tenantId,
      userId,
      deptId,
      userId,
      reservoir.id,
      camera.name,
      camera.position,
      camera.onlineStatus,
      accountId,
      camera.deviceSerial,
      1,
      camera.liveUrl,
      camera.ptz,
      longitude,
      latitude,
      index + 1,
    ]);
  });
  await insertRows(
    db,
    'sk_camera',
    [
      ...BASE,
      'reservoir_id',
      'name',
      'position',
      'online_status',
      'account_id',
      'device_serial',
      'channel_no',
      'live_url',
      'ptz',
      'longitude',
      'latitude',
      'sort',
    ],
    rows,
  );
}
