/**
 * Demo rivers and river patrols (issue 15 §3), per demo county: two real rivers of the county with a
 * centre line drawn near its real course, and a patrol every day of the last 30 by the county's demo
 * river chief, alternating between the rivers — a walk of 2–6 km along one bank in 40–120 minutes, a GPS
 * fix every 30–60 s with a few metres of jitter. About one patrol in five finds a problem, raised as an
 * event by the patrol rule itself (actions/river/patrolProblems.ts). Deterministic (a seeded random per
 * tenant); idempotent: a tenant that has rivers gets none again.
 */
// The event register's hooks (number, log, notices) must be installed when the problems raise events.
import '../actions/inspect/eventRules.js';
import { writeProblems, type PatrolProblem } from '../actions/river/patrolProblems.js';
import { distanceMetres, figuresOf, type TrackPoint } from '../actions/river/patrolTrack.js';
import { findUserByAccount } from '../auth/sessionUser.js';
import { nextId } from '../db/ids.js';
import type { DbClient } from '../db/pool.js';
import type { ActionContext } from '../engine/actions.js';
import { entityModel } from '../engine/entityRegistry.js';
import { localApi } from '../engine/localApi.js';
import { quoteIdent } from '../engine/naming.js';
import type { Caller } from '../http/caller.js';
import { DEMO_PHOTOS } from './demoPhotos.js';
import { contextOf } from './demoSteps.js';
import { insertRows } from './insertRows.js';
import { backdateEvents } from './eventBackdating.js';

interface DemoRiver {
  name: string;
  code: string;
  level: 1 | 2 | 3 | 4 | 5;
  length: number;
  sections: string[];
  /** [lng, lat] from upstream to downstream, near the river's real course through the county. */
  line: [number, number][];
}

const RIVERS: Record<string, DemoRiver[]> = {
  // 仙游县: 木兰溪 runs east through the county town to 莆田; 仙水溪 joins it from the north.
  '316979': [
    {
      name: '木兰溪',
      code: 'FJ-MLX-0322',
      level: 3,
      length: 46.5,
      sections: ['度尾段', '榜头段', '城关段', '盖尾段'],
      line: [
        [118.52, 25.31],
        [118.57, 25.33],
        [118.62, 25.345],
        [118.665, 25.355],
        [118.7, 25.36],
        [118.745, 25.372],
        [118.79, 25.39],
      ],
    },
    {
      name: '仙水溪',
      code: 'FJ-XSX-0322',
      level: 4,
      length: 18.2,
      sections: ['鲤南段', '城东段'],
      line: [
        [118.735, 25.47],
        [118.728, 25.44],
        [118.722, 25.41],
        [118.715, 25.385],
        [118.707, 25.365],
      ],
    },
  ],
  // 龙泉市: 龙泉溪 (the upper 瓯江) runs north-east through the city; 八都溪 comes down from the north-west.
  '003189': [
    {
      name: '龙泉溪',
      code: 'ZJ-LQX-1181',
      level: 3,
      length: 61.0,
      sections: ['查田段', '剑池段', '道太段'],
      line: [
        [118.98, 27.98],
        [119.03, 28.01],
        [119.08, 28.04],
        [119.13, 28.07],
        [119.18, 28.09],
        [119.23, 28.12],
        [119.28, 28.15],
      ],
    },
    {
      name: '八都溪',
      code: 'ZJ-BDX-1181',
      level: 4,
      length: 22.4,
      sections: ['八都段', '上垟段'],
      line: [
        [118.93, 28.23],
        [118.97, 28.2],
        [119.01, 28.17],
        [119.05, 28.13],
        [119.09, 28.09],
      ],
    },
  ],
  // 永嘉县: 楠溪江 runs south to the 瓯江 at the county town; 小楠溪 joins it from the east.
  '173509': [
    {
      name: '楠溪江',
      code: 'ZJ-NXJ-0324',
      level: 3,
      length: 139.9,
      sections: ['岩头段', '沙头段', '上塘段'],
      line: [
        [120.64, 28.52],
        [120.66, 28.45],
        [120.675, 28.38],
        [120.69, 28.31],
        [120.7, 28.24],
        [120.695, 28.17],
        [120.68, 28.1],
      ],
    },
    {
      name: '小楠溪',
      code: 'ZJ-XNX-0324',
      level: 4,
      length: 47.3,
      sections: ['鹤盛段', '岩坦段'],
      line: [
        [120.82, 28.44],
        [120.78, 28.42],
        [120.74, 28.4],
        [120.705, 28.385],
        [120.68, 28.375],
      ],
    },
  ],
  // 安溪县: 蓝溪 runs east through the county town; 西溪 comes from the west to meet it.
  '100001': [
    {
      name: '蓝溪',
      code: 'FJ-LX-0524',
      level: 3,
      length: 38.6,
      sections: ['蓬莱段', '城厢段', '凤城段'],
      line: [
        [118.0, 25.13],
        [118.05, 25.11],
        [118.1, 25.09],
        [118.15, 25.07],
        [118.19, 25.06],
        [118.24, 25.05],
      ],
    },
    {
      name: '西溪',
      code: 'FJ-XX-0524',
      level: 4,
      length: 29.8,
      sections: ['湖头段', '官桥段'],
      line: [
        [117.86, 25.16],
        [117.9, 25.15],
        [117.94, 25.14],
        [117.98, 25.135],
        [118.0, 25.13],
      ],
    },
  ],
};

const DAYS = 30;
/** The county each demo tenant is (blade_region codes), for the rivers' region. */
const COUNTY_OF: Record<string, string> = { '316979': '350322', '003189': '331181', '173509': '330324', '100001': '350524' };
/** Problems found this long ago or longer were closed by the chief (销号); a week or more ago signed for; newer ones wait. */
const CLOSED_AFTER_DAYS = 15;
const ACCEPTED_AFTER_DAYS = 7;
const PROBLEM_NOTES: Record<number, string> = {
  1: '岸边堆积生活垃圾，水面有漂浮物',
  2: '发现一处疑似未登记排污口，有浑水排入',
  3: '河岸有菜地侵占河道管理范围',
  4: '河床发现挖砂痕迹，疑似夜间非法采砂',
  5: '河道管理范围内新搭建简易棚屋',
  99: '护岸局部松动，需进一步查看',
};

/** A small deterministic random (mulberry32): the same demo on every start. */
function randomOf(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const METRES_PER_DEGREE = 111_320;

/** The point `metres` along the line, and the direction of the segment there (unit vector in metres). */
function alongLine(line: [number, number][], metres: number): { lng: number; lat: number; dx: number; dy: number } {
  let left = metres;
  for (let i = 1; i < line.length; i += 1) {
    const [a, b] = [line[i - 1], line[i]];
    const segment = distanceMetres({ lng: a[0], lat: a[1] }, { lng: b[0], lat: b[1] });
    if (left <= segment || i === line.length - 1) {
      const f = Math.min(1, left / segment);
      const cos = Math.cos((a[1] * Math.PI) / 180);
      const dx = (b[0] - a[0]) * cos;
      const dy = b[1] - a[1];
      const norm = Math.hypot(dx, dy) || 1;
      return { lng: a[0] + (b[0] - a[0]) * f, lat: a[1] + (b[1] - a[1]) * f, dx: dx / norm, dy: dy / norm };
    }
    left -= segment;
  }
  const last = line[line.length - 1];
  return { lng: last[0], lat: last[1], dx: 1, dy: 0 };
}

function lineLength(line: [number, number][]): number {
  let total = 0;
  for (let i = 1; i < line.length; i += 1) total += distanceMetres({ lng: line[i - 1][0], lat: line[i - 1][1] }, { lng: line[i][0], lat: line[i][1] });
  return total;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Local "yyyy-MM-dd HH:mm:ss" of a day plus seconds. */
function timeOf(day: string, seconds: number): string {
  const date = new Date(Date.parse(`${day}T00:00:00Z`) + seconds * 1000);
  return `${date.toISOString().slice(0, 10)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/** A walk along one bank: 2–6 km in 40–120 min from a random place on the river, a fix every 30–60 s. */
export function demoTrack(line: [number, number][], day: string, random: () => number): TrackPoint[] {
  const walk = 2200 + random() * 3800;
  const minutes = 40 + random() * 80;
  const start = random() * Math.max(0, lineLength(line) - walk);
  const bank = (random() < 0.5 ? -1 : 1) * (25 + random() * 30);
  let seconds = 8 * 3600 + Math.floor(random() * 7 * 3600);
  const steps = Math.round((minutes * 60) / 45);
  const points: TrackPoint[] = [];
  for (let k = 0; k <= steps; k += 1) {
    const at = alongLine(line, start + (walk * k) / steps);
    const cos = Math.cos((at.lat * Math.PI) / 180);
    // The bank is off the centre line, across the flow; GPS wanders a few metres.
    const east = -at.dy * bank + (random() - 0.5) * 12;
    const north = at.dx * bank + (random() - 0.5) * 12;
    points.push({
      lng: Number((at.lng + east / (METRES_PER_DEGREE * cos)).toFixed(6)),
      lat: Number((at.lat + north / METRES_PER_DEGREE).toFixed(6)),
      time: timeOf(day, seconds),
    });
    seconds += 30 + Math.floor(random() * 31);
  }
  return points;
}

async function hasRivers(tx: DbClient, tenantId: string): Promise<boolean> {
  // tenant-sql: the seed asks whether the tenant ever had rivers, removed ones included.
  const found = await tx.query(`SELECT 1 FROM ${quoteIdent(entityModel('river/river').table)} WHERE tenant_id = $1 LIMIT 1`, [tenantId]);
  return (found.rowCount ?? 0) > 0;
}

async function chiefOf(tx: DbClient, tenantId: string): Promise<Caller | undefined> {
  const user = await findUserByAccount(tx, tenantId, 'river_chief');
  return user ? { tenantId, userId: user.id, deptId: user.deptId, roleIds: user.roleIds, account: 'river_chief', clientId: 'saber' } : undefined;
}

/** The problems of a patrol: about one patrol in five finds one or two, with a photo, somewhere on its track. */
function problemsOf(track: TrackPoint[], random: () => number): PatrolProblem[] {
  if (random() >= 0.2) return [];
  const count = random() < 0.3 ? 2 : 1;
  const types = [1, 1, 2, 3, 4, 5, 99];
  return Array.from({ length: count }, () => {
    const type = types[Math.floor(random() * types.length)];
    const at = track[Math.floor(random() * track.length)];
    const photo = DEMO_PHOTOS.before[Math.floor(random() * DEMO_PHOTOS.before.length)];
    return { problemType: type, description: PROBLEM_NOTES[type], lng: at.lng, lat: at.lat, photos: [photo] };
  });
}

async function insertTrack(tx: DbClient, chief: Caller, patrolId: string, track: TrackPoint[]): Promise<void> {
  const rows = track.map((point, index) => [
    nextId(),
    chief.tenantId,
    chief.userId,
    chief.deptId,
    chief.userId,
    patrolId,
    index + 1,
    point.lng,
    point.lat,
    point.time,
  ]);
  const columns = ['id', 'tenant_id', 'create_user', 'create_dept', 'update_user', 'patrol_id', 'seq', 'lng', 'lat', 'time'];
  await insertRows(tx, entityModel('river/patrolPoint').table, columns, rows);
}

async function seedTenantRivers(tx: DbClient, tenantId: string, rivers: DemoRiver[]): Promise<void> {
  const chief = await chiefOf(tx, tenantId);
  if (!chief) return;
  const ctx = contextOf(tx, chief);
  const api = localApi(ctx, tx).tenantWide();
  const reservoirs = await api.find('reservoir/reservoir', { limit: 2 });
  if (reservoirs.length === 0) return;
  const stored = [];
  for (const [index, river] of rivers.entries()) {
    const reservoirId = String(reservoirs[index % reservoirs.length].id);
    const row = await api.create('river/river', {
      name: river.name,
      code: river.code,
      level: river.level,
      length: river.length,
      regionCode: COUNTY_OF[tenantId],
      chiefId: chief.userId,
      reservoirId,
      // The field's items are free-form (a [lng, lat] pair each, checked by actions/river/river.ts).
      centreLine: river.line as never,
    });
    stored.push({ ...river, id: String(row.id) });
  }
  const random = randomOf(Number(tenantId) + 15);
  const today = (await tx.query<{ today: string }>(`SELECT to_char(LOCALTIMESTAMP, 'YYYY-MM-DD') AS today`)).rows[0].today;
  const actionCtx = { ...ctx, tx } as unknown as ActionContext;
  for (let daysAgo = DAYS; daysAgo >= 1; daysAgo -= 1) {
    const river = stored[daysAgo % stored.length];
    const day = new Date(Date.parse(`${today}T00:00:00Z`) - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const track = demoTrack(river.line, day, random);
    const problems = problemsOf(track, random);
    const patrol = await api.create('river/patrol', {
      riverId: river.id,
      section: river.sections[Math.floor(random() * river.sections.length)],
      chiefId: chief.userId,
      chiefLevel: river.level,
      remark: problems.length ? '巡河发现问题，已上报' : '河面整洁，堤岸完好，未发现问题',
      ...figuresOf(track),
      problemCount: problems.length,
    });
    await insertTrack(tx, chief, String(patrol.id), track);
    if (problems.length === 0) continue;
    const events = await writeProblems(actionCtx, patrol as unknown as Record<string, unknown>, problems);
    await followUp(tx, chief, events, daysAgo);
    // The problems were raised on the patrol, not at seed time (see eventBackdating.ts).
    await backdateEvents(
      tx,
      events.map((eventId) => ({ eventId, raisedAt: String(patrol.startTime) })),
    );
  }
}

/** The chief handles older problems as a chief does, through the event's own transitions (log, notices). */
async function followUp(tx: DbClient, chief: Caller, eventIds: string[], daysAgo: number): Promise<void> {
  const api = localApi(contextOf(tx, chief), tx);
  if (daysAgo >= CLOSED_AFTER_DAYS) await api.transition('inspect/event', 'chiefClose', eventIds, { opinion: '已督促整改到位，现场复查无问题，予以销号' });
  else if (daysAgo >= ACCEPTED_AFTER_DAYS) await api.transition('inspect/event', 'accept', eventIds);
}

/** The demo rivers and their patrols in each demo county that has none yet. */
export async function seedDemoRivers(tx: DbClient, tenantIds: string[]): Promise<void> {
  for (const tenantId of tenantIds) {
    const rivers = RIVERS[tenantId];
    if (!rivers || (await hasRivers(tx, tenantId))) continue;
    await seedTenantRivers(tx, tenantId, rivers);
  }
}
