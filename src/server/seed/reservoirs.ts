/**
 * Demo reservoirs (issue 5): the reservoirs of each demo county with their
 * capacity curves and three responsible persons. Runs before the other
 * business seeds, which look reservoirs up by tenant in the database.
 * Idempotent: reservoirs are matched by register code, curves are written
 * only for reservoirs without one, persons only for missing duties; the
 * stations, facilities, placards and engineering records likewise
 * (seed/reservoirFacilities.ts).
 */
import { nextId } from '../db/ids.js';
import type { DbClient } from '../db/pool.js';
import { regionName } from '../actions/reservoir/regionCodes.js';
import { insertRows } from './insertRows.js';
import { demoCounties, type CountySeed, type ReservoirSeed } from './reservoirCatalog.js';
import { seedFacilities, type Owner } from './reservoirFacilities.js';
import { curveOf, figuresOf, levelsOf, peopleOf } from './reservoirFigures.js';

/** The tenant's administrator and root department own the demo rows (data scopes see them as the county's). */
async function ownerOf(db: DbClient, tenantId: string): Promise<Owner | undefined> {
  const result = await db.query<{ user_id: string | null; dept_id: string | null }>(
    `SELECT (SELECT id::text FROM blade_user WHERE tenant_id = $1 AND account = 'admin' AND is_deleted = 0 LIMIT 1) AS user_id,
            (SELECT id::text FROM blade_dept WHERE tenant_id = $1 AND parent_id = 0 AND is_deleted = 0 ORDER BY sort, id LIMIT 1) AS dept_id,
            (SELECT 1 FROM blade_tenant WHERE tenant_id = $1 AND is_deleted = 0) AS present`,
    [tenantId],
  );
  const row = result.rows[0] as { user_id: string | null; dept_id: string | null; present: number | null };
  return row.present ? { userId: row.user_id, deptId: row.dept_id } : undefined;
}

const registerCode = (county: CountySeed, index: number) => `${county.countyCode}${String(index + 1).padStart(4, '0')}`;

function reservoirRow(county: CountySeed, seed: ReservoirSeed, index: number, owner: Owner, id: string): unknown[] {
  const figures = figuresOf(county, seed);
  const townCode = `${county.countyCode}${seed.town}`;
  const town = regionName(townCode);
  const isTownManaged = seed.scale === 2;
  return [
    id,
    county.tenantId,
    owner.userId,
    owner.deptId,
    owner.userId,
    seed.name,
    registerCode(county, index),
    townCode,
    `${county.countyName}${town}`,
    figures.longitude,
    figures.latitude,
    seed.scale,
    seed.totalCapacity > 500 || seed.damHeight > 30 ? 1 : 0,
    seed.functions,
    seed.damType,
    seed.damHeight,
    figures.damLength,
    figures.damCrestElevation,
    seed.totalCapacity,
    figures.beneficialCapacity,
    figures.deadCapacity,
    figures.catchmentArea,
    figures.deadWaterLevel,
    figures.floodLimitWaterLevel,
    figures.normalWaterLevel,
    figures.designFloodLevel,
    figures.checkFloodLevel,
    seed.completedYear,
    seed.reinforceYear ?? null,
    seed.safetyClass,
    owner.deptId,
    isTownManaged ? `${town}人民政府` : `${county.countyName}${seed.name}管理站`,
    county.bureau,
    index + 1,
  ];
}

const RESERVOIR_COLUMNS = [
  'id',
  'tenant_id',
  'create_user',
  'create_dept',
  'update_user',
  'name',
  'code',
  'region_code',
  'address',
  'longitude',
  'latitude',
  'scale',
  'is_important',
  'main_function',
  'dam_type',
  'dam_height',
  'dam_length',
  'dam_crest_elevation',
  'total_capacity',
  'beneficial_capacity',
  'dead_capacity',
  'catchment_area',
  'dead_water_level',
  'flood_limit_water_level',
  'normal_water_level',
  'design_flood_level',
  'check_flood_level',
  'completed_year',
  'reinforce_year',
  'safety_class',
  'dept_id',
  'manage_unit',
  'competent_dept',
  'sort',
];

/** Inserts the county's missing reservoirs; answers register code → id for all of them. */
async function seedArchive(db: DbClient, county: CountySeed, owner: Owner): Promise<Map<string, string>> {
  const codes = county.reservoirs.map((_, index) => registerCode(county, index));
  const found = await db.query<{ code: string; id: string }>(
    `SELECT code, id::text AS id FROM rsc_reservoir WHERE tenant_id = $1 AND code = ANY($2) AND is_deleted = 0`,
    [county.tenantId, codes],
  );
  const ids = new Map(found.rows.map((row) => [row.code, row.id]));
  const rows: unknown[][] = [];
  county.reservoirs.forEach((seed, index) => {
    const code = registerCode(county, index);
    if (ids.has(code)) return;
    const id = nextId();
    ids.set(code, id);
    rows.push(reservoirRow(county, seed, index, owner, id));
  });
  await insertRows(db, 'rsc_reservoir', RESERVOIR_COLUMNS, rows);
  return ids;
}

async function seedCurves(db: DbClient, county: CountySeed, owner: Owner, ids: Map<string, string>): Promise<void> {
  const withCurve = await db.query<{ id: string }>(
    `SELECT DISTINCT reservoir_id::text AS id FROM rsc_reservoir_capacity WHERE tenant_id = $1 AND is_deleted = 0 AND reservoir_id = ANY($2::bigint[])`,
    [county.tenantId, [...ids.values()]],
  );
  const done = new Set(withCurve.rows.map((row) => row.id));
  const rows: unknown[][] = [];
  county.reservoirs.forEach((seed, index) => {
    const reservoirId = ids.get(registerCode(county, index))!;
    if (done.has(reservoirId)) return;
    for (const point of curveOf(seed, levelsOf(seed))) {
      rows.push([nextId(), county.tenantId, owner.userId, owner.deptId, owner.userId, reservoirId, point.waterLevel, point.capacity, point.area]);
    }
  });
  await insertRows(
    db,
    'rsc_reservoir_capacity',
    ['id', 'tenant_id', 'create_user', 'create_dept', 'update_user', 'reservoir_id', 'water_level', 'capacity', 'area'],
    rows,
  );
}

/** The demo inspector is the patrol person of the county's first reservoirs, so the app has reservoirs to patrol. */
const INSPECTOR_PATROLS = 3;

async function seedStaff(db: DbClient, county: CountySeed, owner: Owner, ids: Map<string, string>): Promise<void> {
  const present = await db.query<{ key: string }>(
    `SELECT reservoir_id::text || ':' || duty AS key FROM rsc_reservoir_staff WHERE tenant_id = $1 AND is_deleted = 0 AND reservoir_id = ANY($2::bigint[])`,
    [county.tenantId, [...ids.values()]],
  );
  const done = new Set(present.rows.map((row) => row.key));
  const inspector = (
    await db.query<{ id: string; real_name: string }>(
      `SELECT id::text AS id, real_name FROM blade_user WHERE tenant_id = $1 AND account = 'inspector' AND is_deleted = 0`,
      [county.tenantId],
    )
  ).rows[0];
  const rows: unknown[][] = [];
  county.reservoirs.forEach((seed, index) => {
    const reservoirId = ids.get(registerCode(county, index))!;
    for (const person of peopleOf(county, seed, regionName(`${county.countyCode}${seed.town}`))) {
      if (done.has(`${reservoirId}:${person.duty}`)) continue;
      const bound = person.duty === 3 && index < INSPECTOR_PATROLS && inspector ? inspector : undefined;
      rows.push([
        nextId(),
        county.tenantId,
        owner.userId,
        owner.deptId,
        owner.userId,
        reservoirId,
        person.duty,
        bound?.real_name ?? person.name,
        person.phone,
        person.post,
        person.unit,
        bound?.id ?? null,
      ]);
    }
  });
  await insertRows(
    db,
    'rsc_reservoir_staff',
    ['id', 'tenant_id', 'create_user', 'create_dept', 'update_user', 'reservoir_id', 'duty', 'name', 'phone', 'post', 'unit', 'user_id'],
    rows,
  );
}

/** The archive shows the date of each reservoir's latest seeded appraisal. */
async function recordAppraisalDates(db: DbClient, tenantId: string): Promise<void> {
  await db.query(
    `UPDATE rsc_reservoir r SET appraisal_date = latest.appraisal_date
       FROM (SELECT DISTINCT ON (reservoir_id) reservoir_id, appraisal_date FROM rsc_engineering_safety
              WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY reservoir_id, appraisal_date DESC) latest
      WHERE r.tenant_id = $1 AND r.id = latest.reservoir_id AND r.appraisal_date IS NULL`,
    [tenantId],
  );
}

export async function seedReservoirs(db: DbClient): Promise<void> {
  for (const county of demoCounties) {
    const owner = await ownerOf(db, county.tenantId);
    if (!owner) continue;
    const ids = await seedArchive(db, county, owner);
    await seedCurves(db, county, owner, ids);
    await seedStaff(db, county, owner, ids);
    const reservoirs = county.reservoirs.map((seed, index) => {
      const code = registerCode(county, index);
      return { id: ids.get(code)!, code, seed, townName: regionName(`${county.countyCode}${seed.town}`) };
    });
    await seedFacilities(db, county, owner, reservoirs);
    await recordAppraisalDates(db, county.tenantId);
  }
}
