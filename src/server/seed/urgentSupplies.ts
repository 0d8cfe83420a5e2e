/**
 * Demo emergency supplies (issue 5) for the demo counties: a county
 * depository, township and reservoir depositories next to the seeded
 * reservoirs, the goods each holds with their purchases, uses and
 * write-offs, and the goods-log rows that lead to each stock; plus demo
 * hidden dangers, maintenance projects and drills (urgentRegisters.ts).
 * Runs after the reservoir seed and looks the reservoirs up by tenant.
 * Idempotent: depositories are matched by name, goods by depository, name
 * and spec (only new goods get a history), the other rows by their titles.
 * Fast: every lookup covers all counties at once and each table gets one
 * bulk insert (about 15 statements for the whole seed).
 */
import { nextId } from '../db/ids.js';
import type { DbClient } from '../db/pool.js';
import { GOODS_USED, LOG_OPERATION, PURCHASE, REMOVAL, type MovementKind } from '../urgent/movementKinds.js';
import { insertRows } from './insertRows.js';
import { countyGoods, KEEPERS, reservoirGoods, SUPPLIERS, townGoods, type GoodsSeed } from './urgentSuppliesCatalog.js';
import {
  PROJECT_TABLE,
  projectRows,
  RISK_TABLE,
  riskRows,
  TRAINING_TABLE,
  trainingRows,
  type Owner,
  type RegisterTable,
  type SeededReservoir,
} from './urgentRegisters.js';
import { between, dayBefore, phoneOf, planMovements, randomFrom, type PlannedMovement } from './urgentSupplyMovements.js';

interface County {
  tenantId: string;
  name: string;
  centre: [number, number];
}

const DEMO_COUNTIES: County[] = [
  { tenantId: '100001', name: '安溪县', centre: [118.03, 25.12] },
  { tenantId: '316979', name: '仙游县', centre: [118.69, 25.36] },
  { tenantId: '003189', name: '龙泉市', centre: [119.14, 28.07] },
];
const TENANTS = DEMO_COUNTIES.map((county) => county.tenantId);

interface DepositoryPlan {
  owner: Owner;
  name: string;
  level: 1 | 2 | 3;
  reservoirId: string | null;
  address: string;
  lon: number;
  lat: number;
  goods: GoodsSeed[];
}

/** The tenant's administrator and root department own the demo rows (data scopes see them as the county's). */
async function ownersOf(db: DbClient): Promise<Map<string, Owner>> {
  const result = await db.query<Owner>(
    `SELECT DISTINCT ON (u.tenant_id) u.tenant_id AS "tenantId", u.id::text AS "userId", d.id::text AS "deptId", u.real_name AS "name"
       FROM blade_user u LEFT JOIN blade_dept d ON d.tenant_id = u.tenant_id AND d.parent_id = 0 AND d.is_deleted = 0
      WHERE u.tenant_id = ANY($1) AND u.account = 'admin' AND u.is_deleted = 0 ORDER BY u.tenant_id, d.sort, d.id`,
    [TENANTS],
  );
  return new Map(result.rows.map((row) => [row.tenantId, row]));
}

async function reservoirsOf(db: DbClient): Promise<SeededReservoir[]> {
  const result = await db.query<SeededReservoir>(
    `SELECT tenant_id AS "tenantId", id::text AS id, name, coalesce(address, '') AS address, longitude AS lon, latitude AS lat, total_capacity AS capacity
       FROM rsc_reservoir WHERE tenant_id = ANY($1) AND is_deleted = 0 ORDER BY tenant_id, code`,
    [TENANTS],
  );
  return result.rows.map((row) => ({ ...row, lon: Number(row.lon), lat: Number(row.lat), capacity: Number(row.capacity) }));
}

/** County depository at the bureau; two township ones and two at the largest reservoirs, when the county has reservoirs. */
function depositoryPlans(county: County, owner: Owner, reservoirs: SeededReservoir[]): DepositoryPlan[] {
  const plans: DepositoryPlan[] = [
    {
      owner,
      name: `${county.name}防汛物资仓库`,
      level: 1,
      reservoirId: null,
      address: `${county.name}城关水利局物资仓库`,
      lon: county.centre[0],
      lat: county.centre[1],
      goods: countyGoods,
    },
  ];
  const towns = [...new Map(reservoirs.map((r) => [r.address.replace(county.name, ''), r])).entries()].filter(([town]) => town !== '').slice(0, 2);
  for (const [town, near] of towns) {
    plans.push({
      owner,
      name: `${town}防汛物资仓库`,
      level: 2,
      reservoirId: null,
      address: `${county.name}${town}人民政府院内`,
      lon: near.lon + 0.02,
      lat: near.lat - 0.015,
      goods: townGoods,
    });
  }
  for (const reservoir of [...reservoirs].sort((a, b) => b.capacity - a.capacity).slice(0, 2)) {
    plans.push({
      owner,
      name: `${reservoir.name}防汛物资仓库`,
      level: 3,
      reservoirId: reservoir.id,
      address: `${reservoir.address}${reservoir.name}管理房`,
      lon: reservoir.lon,
      lat: reservoir.lat,
      goods: reservoirGoods,
    });
  }
  return plans;
}

/** Inserts the missing depositories; answers `tenantId/name` → id for all of them. */
async function seedDepositories(db: DbClient, plans: DepositoryPlan[]): Promise<Map<string, string>> {
  const found = await db.query<{ key: string; id: string }>(
    `SELECT tenant_id || '/' || name AS key, id::text AS id FROM urgent_depository WHERE tenant_id = ANY($1) AND is_deleted = 0`,
    [TENANTS],
  );
  const ids = new Map(found.rows.map((row) => [row.key, row.id]));
  const rows: unknown[][] = [];
  plans.forEach((plan, index) => {
    const key = `${plan.owner.tenantId}/${plan.name}`;
    if (ids.has(key)) return;
    const id = nextId();
    ids.set(key, id);
    const { owner } = plan;
    rows.push([
      id,
      owner.tenantId,
      owner.userId,
      owner.deptId,
      owner.userId,
      plan.name,
      plan.level,
      plan.reservoirId,
      plan.address,
      KEEPERS[index % KEEPERS.length],
      phoneOf(key),
      plan.level === 1 ? 800 : plan.level === 2 ? 200 : 60,
      Number(plan.lon.toFixed(6)),
      Number(plan.lat.toFixed(6)),
    ]);
  });
  await insertRows(
    db,
    'urgent_depository',
    ['id', 'tenant_id', 'create_user', 'create_dept', 'update_user', 'name', 'level', 'reservoir_id', 'address', 'keeper', 'phone', 'area', 'lon', 'lat'],
    rows,
  );
  return ids;
}

const KINDS: Record<PlannedMovement['source'], MovementKind> = { purchase: PURCHASE, removal: REMOVAL, goodsUsed: GOODS_USED };
const STAMP = ['id', 'tenant_id', 'create_user', 'create_dept', 'update_user', 'create_time'];

/** Rows of every register new goods touch: the goods, their movements and the log. */
class HistoryRows {
  goods: unknown[][] = [];
  purchase: unknown[][] = [];
  removal: unknown[][] = [];
  goodsUsed: unknown[][] = [];
  log: unknown[][] = [];

  add(plan: DepositoryPlan, depositoryId: string, goods: GoodsSeed): void {
    const { owner } = plan;
    const random = randomFrom(`${owner.tenantId}/${plan.name}/${goods.name}`);
    const movements = planMovements(goods, random);
    const goodsId = nextId();
    const firstDay = dayBefore(movements[0]?.daysAgo ?? 365);
    const expiry = goods.shelfYears ? `${Number(firstDay.slice(0, 4)) + goods.shelfYears}${firstDay.slice(4)}` : null;
    const storageMode = goods.name === '砂石料' && plan.level === 3 ? 3 : 1;
    const stamp = [owner.tenantId, owner.userId, owner.deptId, owner.userId];
    this.goods.push([
      goodsId,
      ...stamp,
      `${firstDay} 09:00:00`,
      goods.name,
      goods.category,
      goods.spec,
      goods.unit,
      depositoryId,
      goods.stock,
      goods.safetyStock,
      storageMode,
      goods.shelfYears ? firstDay : null,
      expiry,
      dayBefore(between(random, 10, 40)),
    ]);
    for (const movement of movements) {
      const id = nextId();
      const day = dayBefore(movement.daysAgo);
      const time = `${day} ${String(between(random, 8, 17)).padStart(2, '0')}:${String(between(random, 0, 59)).padStart(2, '0')}:00`;
      const keeper = KEEPERS[between(random, 0, KEEPERS.length - 1)];
      if (movement.source === 'purchase') {
        this.purchase.push([id, ...stamp, time, goodsId, movement.quantity, goods.unitPrice, SUPPLIERS[between(random, 0, SUPPLIERS.length - 1)], day, keeper]);
      } else if (movement.source === 'goodsUsed') {
        this.goodsUsed.push([id, ...stamp, time, goodsId, movement.quantity, 1, day, keeper, plan.reservoirId, '汛期险情抢护']);
      } else {
        this.removal.push([id, ...stamp, time, goodsId, movement.quantity, '破损老化，经清点核实报废', day, owner.name]);
      }
      const kind = KINDS[movement.source];
      this.log.push([
        nextId(),
        ...stamp,
        time,
        goodsId,
        depositoryId,
        kind.logType,
        LOG_OPERATION.record,
        kind.direction * movement.quantity,
        movement.stockBefore,
        movement.stockAfter,
        kind.source,
        id,
        day,
        owner.name,
      ]);
    }
  }

  async write(db: DbClient): Promise<void> {
    await insertRows(
      db,
      'urgent_goods',
      [
        ...STAMP,
        'name',
        'category',
        'spec',
        'unit',
        'depository_id',
        'stock',
        'safety_stock',
        'storage_mode',
        'production_date',
        'expiry_date',
        'last_check_date',
      ],
      this.goods,
    );
    await insertRows(db, 'urgent_purchase', [...STAMP, 'goods_id', 'quantity', 'unit_price', 'supplier', 'purchase_date', 'handler'], this.purchase);
    await insertRows(
      db,
      'urgent_goods_used',
      [...STAMP, 'goods_id', 'quantity', 'used_for', 'used_date', 'used_by', 'reservoir_id', 'purpose'],
      this.goodsUsed,
    );
    await insertRows(db, 'urgent_removal', [...STAMP, 'goods_id', 'quantity', 'reason', 'removal_date', 'approver'], this.removal);
    await insertRows(
      db,
      'urgent_goods_log',
      [
        ...STAMP,
        'goods_id',
        'depository_id',
        'log_type',
        'operation',
        'quantity',
        'stock_before',
        'stock_after',
        'source_type',
        'source_id',
        'movement_date',
        'operator_name',
      ],
      this.log,
    );
  }
}

async function seedGoods(db: DbClient, plans: DepositoryPlan[], depositoryIds: Map<string, string>): Promise<void> {
  const found = await db.query<{ key: string }>(
    `SELECT depository_id::text || '/' || name || '/' || spec AS key FROM urgent_goods WHERE tenant_id = ANY($1) AND is_deleted = 0`,
    [TENANTS],
  );
  const present = new Set(found.rows.map((row) => row.key));
  const rows = new HistoryRows();
  for (const plan of plans) {
    const depositoryId = depositoryIds.get(`${plan.owner.tenantId}/${plan.name}`)!;
    for (const goods of plan.goods) {
      if (!present.has(`${depositoryId}/${goods.name}/${goods.spec}`)) rows.add(plan, depositoryId, goods);
    }
  }
  await rows.write(db);
}

async function presentTitles(db: DbClient, register: RegisterTable): Promise<Set<string>> {
  const result = await db.query<{ key: string }>(
    `SELECT tenant_id || '/' || ${register.titleColumn} AS key FROM ${register.table} WHERE tenant_id = ANY($1) AND is_deleted = 0`,
    [TENANTS],
  );
  return new Set(result.rows.map((row) => row.key));
}

async function seedRegisters(db: DbClient, counties: { county: County; owner: Owner; reservoirs: SeededReservoir[] }[]): Promise<void> {
  const [risks, projects, trainings] = [await presentTitles(db, RISK_TABLE), await presentTitles(db, PROJECT_TABLE), await presentTitles(db, TRAINING_TABLE)];
  await insertRows(
    db,
    RISK_TABLE.table,
    RISK_TABLE.columns,
    counties.flatMap((c) => riskRows(c.owner, c.reservoirs, risks)),
  );
  await insertRows(
    db,
    PROJECT_TABLE.table,
    PROJECT_TABLE.columns,
    counties.flatMap((c) => projectRows(c.owner, c.reservoirs, projects)),
  );
  await insertRows(
    db,
    TRAINING_TABLE.table,
    TRAINING_TABLE.columns,
    counties.flatMap((c) => trainingRows(c.owner, c.county.name, c.reservoirs, trainings)),
  );
}

export async function seedUrgentSupplies(db: DbClient): Promise<void> {
  const owners = await ownersOf(db);
  const reservoirs = await reservoirsOf(db);
  const counties = DEMO_COUNTIES.filter((county) => owners.has(county.tenantId)).map((county) => ({
    county,
    owner: owners.get(county.tenantId)!,
    reservoirs: reservoirs.filter((reservoir) => reservoir.tenantId === county.tenantId),
  }));
  const plans = counties.flatMap(({ county, owner, reservoirs: own }) => depositoryPlans(county, owner, own));
  await seedGoods(db, plans, await seedDepositories(db, plans));
  await seedRegisters(db, counties);
}
