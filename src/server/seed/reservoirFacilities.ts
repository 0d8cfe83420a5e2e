/**
 * Demo facilities and records around the demo reservoirs: manufacturers,
 * monitoring stations (every reservoir has rain and level telemetry, larger
 * dams seepage and deformation points) with their instruments, operating
 * facilities, site placards (the responsible-person placard lists the three
 * persons), phreatic-line sections of the 小(1)型 dams, and the engineering
 * records (registration, latest safety appraisal, reinforcement). Each kind
 * is written only for reservoirs that have none yet, so seeding twice
 * changes nothing.
 */
import { nextId } from '../db/ids.js';
import type { DbClient } from '../db/pool.js';
import { quoteIdent } from '../engine/naming.js';
import { insertRows } from './insertRows.js';
import type { CountySeed, ReservoirSeed } from './reservoirCatalog.js';
import { levelsOf, peopleOf, randomFrom } from './reservoirFigures.js';

export interface SeededReservoir {
  id: string;
  code: string;
  seed: ReservoirSeed;
  townName: string;
}

export interface Owner {
  userId: string | null;
  deptId: string | null;
}

type Rows = unknown[][];
const BASE = ['id', 'tenant_id', 'create_user', 'create_dept', 'update_user'];

async function reservoirsWithout(db: DbClient, table: string, tenantId: string, reservoirs: SeededReservoir[]): Promise<SeededReservoir[]> {
  const found = await db.query<{ id: string }>(
    `SELECT DISTINCT reservoir_id::text AS id FROM ${quoteIdent(table)} WHERE tenant_id = $1 AND is_deleted = 0 AND reservoir_id = ANY($2::bigint[])`,
    [tenantId, reservoirs.map((r) => r.id)],
  );
  const done = new Set(found.rows.map((row) => row.id));
  return reservoirs.filter((r) => !done.has(r.id));
}

async function write(db: DbClient, table: string, county: CountySeed, owner: Owner, columns: string[], rows: Rows): Promise<void> {
  await insertRows(
    db,
    table,
    [...BASE, ...columns],
    rows.map((row) => [nextId(), county.tenantId, owner.userId, owner.deptId, owner.userId, ...row]),
  );
}

const FACTORIES = [
  { name: '华水测控科技有限公司', shortName: '华水测控', products: '遥测终端机、雷达水位计、太阳能供电系统', contact: '郑工', phone: '0591-87654321' },
  { name: '江南水文仪器有限公司', shortName: '江南水文', products: '翻斗式雨量计、压力式水位计', contact: '吴工', phone: '0571-86543210' },
  { name: '东岳岩土监测技术有限公司', shortName: '东岳监测', products: '渗压计、量水堰计、GNSS位移监测站', contact: '许工', phone: '025-84561234' },
];

/** Manufacturer name → id for the tenant, created when missing. */
async function seedFactories(db: DbClient, county: CountySeed, owner: Owner): Promise<Map<string, string>> {
  const found = await db.query<{ name: string; id: string }>(`SELECT name, id::text AS id FROM info_factory WHERE tenant_id = $1 AND is_deleted = 0`, [
    county.tenantId,
  ]);
  const ids = new Map(found.rows.map((row) => [row.name, row.id]));
  const rows: unknown[][] = [];
  for (const factory of FACTORIES.filter((f) => !ids.has(f.name))) {
    const id = nextId();
    ids.set(factory.name, id);
    rows.push([
      id,
      county.tenantId,
      owner.userId,
      owner.deptId,
      owner.userId,
      factory.name,
      factory.shortName,
      factory.products,
      factory.contact,
      factory.phone,
    ]);
  }
  await insertRows(db, 'info_factory', [...BASE, 'name', 'short_name', 'products', 'contact', 'phone'], rows);
  return ids;
}

interface StationPlan {
  suffix: string;
  name: string;
  stationType: number;
  monitorType: number;
  position: string;
  sensor: { name: string; deviceType: number; model: string; factory: number };
}

/** Rain and level telemetry everywhere; seepage pressure on dams ≥ 15 m; seepage flow and GNSS on the larger 小(1)型 dams. */
function stationPlans(seed: ReservoirSeed): StationPlan[] {
  const plans: StationPlan[] = [
    {
      suffix: '01',
      name: '库水位站',
      stationType: 3,
      monitorType: 1,
      position: '溢洪道进口左岸',
      sensor: { name: '雷达水位计', deviceType: 3, model: 'HS-RLG60', factory: 0 },
    },
    {
      suffix: '02',
      name: '雨量站',
      stationType: 1,
      monitorType: 2,
      position: '管理房屋顶',
      sensor: { name: '翻斗式雨量计', deviceType: 2, model: 'JN-SL3', factory: 1 },
    },
  ];
  if (seed.damHeight >= 15)
    plans.push({
      suffix: '03',
      name: '渗压监测站',
      stationType: 4,
      monitorType: 4,
      position: '主坝0+080断面',
      sensor: { name: '振弦式渗压计', deviceType: 6, model: 'DY-VWP', factory: 2 },
    });
  if (seed.scale === 1)
    plans.push({
      suffix: '04',
      name: '量水堰站',
      stationType: 4,
      monitorType: 3,
      position: '下游坝脚排水沟',
      sensor: { name: '量水堰计', deviceType: 5, model: 'DY-WLG', factory: 2 },
    });
  if (seed.scale === 1 && seed.damHeight >= 25)
    plans.push({
      suffix: '05',
      name: 'GNSS位移站',
      stationType: 4,
      monitorType: 5,
      position: '坝顶中部',
      sensor: { name: 'GNSS接收机', deviceType: 7, model: 'DY-G100', factory: 2 },
    });
  return plans;
}

async function seedStations(db: DbClient, county: CountySeed, owner: Owner, reservoirs: SeededReservoir[], factories: Map<string, string>): Promise<void> {
  const todo = await reservoirsWithout(db, 'info_station', county.tenantId, reservoirs);
  const stations: Rows = [];
  const equipment: Rows = [];
  const factoryId = (index: number) => factories.get(FACTORIES[index].name) ?? null;
  for (const reservoir of todo) {
    const installDate = `${Math.max(reservoir.seed.reinforceYear ?? 2021, 2021)}-05-10`;
    for (const plan of stationPlans(reservoir.seed)) {
      const id = nextId();
      const code = `${reservoir.code.slice(0, 6)}${reservoir.code.slice(-2)}${plan.suffix}`;
      stations.push([
        id,
        county.tenantId,
        owner.userId,
        owner.deptId,
        owner.userId,
        code,
        `${reservoir.seed.name}${plan.name}`,
        plan.stationType,
        plan.monitorType,
        reservoir.id,
        factoryId(plan.sensor.factory),
        plan.position,
        60,
        1,
        installDate,
      ]);
      equipment.push([`${reservoir.seed.name}遥测终端机`, 1, `RTU${code}`, 'HS-RTU900', id, reservoir.id, factoryId(0), installDate, 1]);
      equipment.push([
        `${reservoir.seed.name}${plan.sensor.name}`,
        plan.sensor.deviceType,
        `S${code}`,
        plan.sensor.model,
        id,
        reservoir.id,
        factoryId(plan.sensor.factory),
        installDate,
        1,
      ]);
      if (plan.suffix === '01')
        equipment.push([`${reservoir.seed.name}太阳能供电系统`, 9, `PW${code}`, 'HS-SP80W', id, reservoir.id, factoryId(0), installDate, 1]);
    }
  }
  await insertRows(
    db,
    'info_station',
    [
      ...BASE,
      'station_code',
      'station_name',
      'station_type',
      'monitor_type',
      'reservoir_id',
      'factory_id',
      'install_position',
      'report_interval',
      'station_status',
      'install_date',
    ],
    stations,
  );
  await write(
    db,
    'info_equipment',
    county,
    owner,
    ['name', 'device_type', 'serial_no', 'model', 'station_id', 'reservoir_id', 'factory_id', 'install_date', 'equipment_status'],
    equipment,
  );
}

async function seedDevices(db: DbClient, county: CountySeed, owner: Owner, reservoirs: SeededReservoir[]): Promise<void> {
  const rows: Rows = [];
  for (const reservoir of await reservoirsWithout(db, 'rsc_reservoir_device', county.tenantId, reservoirs)) {
    const year = reservoir.seed.reinforceYear ?? reservoir.seed.completedYear;
    rows.push([reservoir.id, '放水洞工作闸门', 1, '平面钢闸门 1.0×1.2m', 1, '放水洞进口', `${year}-10-15`, 1]);
    rows.push([reservoir.id, '螺杆式启闭机', 2, 'LQ-10', 1, '启闭机房', `${year}-10-15`, reservoir.seed.safetyClass === 3 ? 2 : 1]);
    rows.push([reservoir.id, '预警广播', 4, 'IP广播 30W', 2, '坝顶及下游村口', '2022-04-20', 1]);
    rows.push([reservoir.id, '搪瓷水尺', 6, '0-5m', 3, '迎水坡', `${year}-11-01`, 1]);
    if (reservoir.seed.scale === 1) rows.push([reservoir.id, '柴油发电机', 3, '10kW', 1, '管理房', '2020-05-01', 1]);
  }
  await write(
    db,
    'rsc_reservoir_device',
    county,
    owner,
    ['reservoir_id', 'device_name', 'device_type', 'model', 'quantity', 'install_position', 'install_date', 'device_status'],
    rows,
  );
}

async function seedPlacards(db: DbClient, county: CountySeed, owner: Owner, reservoirs: SeededReservoir[]): Promise<void> {
  const rows: Rows = [];
  const supervision = county.tenantId === '003189' ? '0578-7212345' : county.tenantId === '316979' ? '0594-8276543' : '0595-23281234';
  const dutyNames = ['行政责任人', '技术责任人', '巡查责任人'];
  for (const reservoir of await reservoirsWithout(db, 'rsc_reservoir_placard', county.tenantId, reservoirs)) {
    const people = peopleOf(county, reservoir.seed, reservoir.townName);
    const levels = levelsOf(reservoir.seed);
    const persons = people.map((p, i) => `${dutyNames[i]}：${p.name}（${p.post}）${p.phone}`).join('\n');
    rows.push([reservoir.id, 1, `${reservoir.seed.name}安全管理责任人公示牌`, `${persons}\n监督电话：${supervision}`, supervision, '大坝左坝头', '2023-04-01']);
    rows.push([
      reservoir.id,
      2,
      `${reservoir.seed.name}工程简介`,
      `${reservoir.seed.name}位于${county.countyName}${reservoir.townName}，总库容${reservoir.seed.totalCapacity}万m³，最大坝高${reservoir.seed.damHeight}m，汛限水位${levels.floodLimitWaterLevel}m。`,
      null,
      '管理房前',
      '2023-04-01',
    ]);
    rows.push([reservoir.id, 3, '水库危险 禁止游泳', '水深危险，严禁游泳、垂钓、戏水。', supervision, '库区入口', '2023-04-01']);
  }
  await write(
    db,
    'rsc_reservoir_placard',
    county,
    owner,
    ['reservoir_id', 'placard_type', 'title', 'content', 'supervision_phone', 'location', 'setup_date'],
    rows,
  );
}

/** A typical homogeneous earth dam section: upstream slope 1:2.75, crest 5 m, downstream slope 1:2.5, three piezometers. */
async function seedSoakLines(db: DbClient, county: CountySeed, owner: Owner, reservoirs: SeededReservoir[]): Promise<void> {
  const rows: Rows = [];
  for (const reservoir of await reservoirsWithout(
    db,
    'rsc_reservoir_soak_line',
    county.tenantId,
    reservoirs.filter((r) => r.seed.scale === 1),
  )) {
    const { bed, damHeight: h } = reservoir.seed;
    const crestStart = 2.75 * h;
    const crestEnd = crestStart + 5;
    const toe = crestEnd + 2.5 * h;
    const profile: [string, number, number][] = [
      ['上游坝脚', 0, bed],
      ['上游坝肩', crestStart, bed + h],
      ['下游坝肩', crestEnd, bed + h],
      ['下游坝脚', toe, bed],
    ];
    profile.forEach(([name, distance, elevation], index) => rows.push([reservoir.id, '主断面', 1, name, round(distance), round(elevation), index + 1]));
    [0.25, 0.5, 0.8].forEach((share, index) => {
      const distance = crestEnd + (toe - crestEnd) * share;
      rows.push([reservoir.id, '主断面', 2, `UP${index + 1}`, round(distance), round(bed + 0.5), 10 + index]);
    });
  }
  await write(
    db,
    'rsc_reservoir_soak_line',
    county,
    owner,
    ['reservoir_id', 'section_name', 'point_type', 'point_name', 'distance', 'elevation', 'sort'],
    rows,
  );
}

const round = (value: number) => Math.round(value * 100) / 100;

async function seedEngineering(db: DbClient, county: CountySeed, owner: Owner, reservoirs: SeededReservoir[]): Promise<void> {
  const registers: Rows = [];
  for (const reservoir of await reservoirsWithout(db, 'rsc_engineering_register', county.tenantId, reservoirs)) {
    registers.push([reservoir.id, `DJ${reservoir.code}`, 1, '2019-06-18', `${county.countyName}水利局`, '2024-06-18']);
  }
  await write(
    db,
    'rsc_engineering_register',
    county,
    owner,
    ['reservoir_id', 'register_no', 'register_type', 'register_date', 'register_authority', 'review_date'],
    registers,
  );

  const appraisals: Rows = [];
  for (const reservoir of await reservoirsWithout(db, 'rsc_engineering_safety', county.tenantId, reservoirs)) {
    const random = randomFrom(`${reservoir.code}:safety`);
    const year = 2018 + Math.floor(random() * 6);
    const problems =
      reservoir.seed.safetyClass === 3
        ? '坝体渗漏严重，下游坝坡散浸；放水洞启闭设施老化；溢洪道泄洪能力不足。'
        : reservoir.seed.safetyClass === 2
          ? '迎水坡护坡局部破损，观测设施不完善。'
          : null;
    appraisals.push([
      reservoir.id,
      `${year}-0${3 + Math.floor(random() * 6)}-15`,
      reservoir.seed.safetyClass,
      '福建省水利水电勘测设计研究院',
      county.bureau,
      `AQJD-${year}-${reservoir.code.slice(-4)}`,
      problems,
      `${year + (reservoir.seed.safetyClass === 1 ? 8 : 5)}-06-30`,
    ]);
  }
  await write(
    db,
    'rsc_engineering_safety',
    county,
    owner,
    ['reservoir_id', 'appraisal_date', 'conclusion', 'appraisal_unit', 'approval_dept', 'report_no', 'main_problems', 'next_appraisal_date'],
    appraisals,
  );

  const reinforcements: Rows = [];
  for (const reservoir of await reservoirsWithout(db, 'rsc_engineering_reinforce', county.tenantId, reservoirs)) {
    const { seed } = reservoir;
    const investment = round(seed.totalCapacity * 2.2 + seed.damHeight * 18);
    if (seed.reinforceYear) {
      reinforcements.push([
        reservoir.id,
        `${seed.name}除险加固工程`,
        `${seed.reinforceYear - 1}年度`,
        investment,
        round(investment * 0.6),
        '坝体防渗处理，上下游护坡整修，溢洪道扩建，放水洞闸门及启闭机更换。',
        `${seed.reinforceYear - 1}-10-20`,
        `${seed.reinforceYear}-04-30`,
        `${seed.reinforceYear}-06-28`,
        5,
      ]);
    } else if (seed.safetyClass === 3) {
      reinforcements.push([
        reservoir.id,
        `${seed.name}除险加固工程`,
        '2025年度',
        investment,
        round(investment * 0.6),
        '坝体充填灌浆防渗，背水坡贴坡反滤，放水洞拆除重建。',
        '2025-10-15',
        null,
        null,
        3,
      ]);
    }
  }
  await write(
    db,
    'rsc_engineering_reinforce',
    county,
    owner,
    ['reservoir_id', 'project_name', 'batch', 'investment', 'central_fund', 'content', 'start_date', 'complete_date', 'accept_date', 'progress'],
    reinforcements,
  );
}

export async function seedFacilities(db: DbClient, county: CountySeed, owner: Owner, reservoirs: SeededReservoir[]): Promise<void> {
  const factories = await seedFactories(db, county, owner);
  await seedStations(db, county, owner, reservoirs, factories);
  await seedDevices(db, county, owner, reservoirs);
  await seedPlacards(db, county, owner, reservoirs);
  await seedSoakLines(db, county, owner, reservoirs);
  await seedEngineering(db, county, owner, reservoirs);
}
