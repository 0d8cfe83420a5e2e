/**
 * What a region's place in the hierarchy implies: its level (from the length
 * of its code), its ancestors ("00" for a province, else the parent's
 * ancestors and the parent's code) and the codes and names of the province,
 * city, county, town and village it lies in. Shared by the seed and by
 * region/submit, which also re-derives everything below an edited region.
 */
import type { Queryable } from '../../db/pool.js';

export const ROOT_REGION = '00';

const LEVEL_BY_LENGTH: Record<number, number> = { 2: 1, 4: 2, 6: 3, 9: 4, 12: 5 };
const LEVEL_FIELDS = ['province', 'city', 'district', 'town', 'village'] as const;

export function regionLevel(code: string): number | undefined {
  return /^[0-9]+$/.test(code) ? LEVEL_BY_LENGTH[code.length] : undefined;
}

export interface DerivedRegion {
  code: string;
  parentCode: string;
  name: string;
  level: number;
  ancestors: string;
  provinceCode: string | null;
  provinceName: string | null;
  cityCode: string | null;
  cityName: string | null;
  districtCode: string | null;
  districtName: string | null;
  townCode: string | null;
  townName: string | null;
  villageCode: string | null;
  villageName: string | null;
}

/** Derives a region from its parent (undefined for a child of the root). */
export function deriveRegion(parent: DerivedRegion | undefined, code: string, name: string): DerivedRegion {
  const level = regionLevel(code) ?? 0;
  const derived: DerivedRegion = {
    code,
    parentCode: parent?.code ?? ROOT_REGION,
    name,
    level,
    ancestors: parent ? `${parent.ancestors},${parent.code}` : ROOT_REGION,
    provinceCode: null,
    provinceName: null,
    cityCode: null,
    cityName: null,
    districtCode: null,
    districtName: null,
    townCode: null,
    townName: null,
    villageCode: null,
    villageName: null,
  };
  LEVEL_FIELDS.forEach((field, index) => {
    if (index + 1 < level && parent) {
      derived[`${field}Code`] = parent[`${field}Code`];
      derived[`${field}Name`] = parent[`${field}Name`];
    }
  });
  if (level >= 1) {
    derived[`${LEVEL_FIELDS[level - 1]}Code`] = code;
    derived[`${LEVEL_FIELDS[level - 1]}Name`] = name;
  }
  return derived;
}

/** The columns of the derived fields, in DerivedRegion order after code/name. */
export const DERIVED_COLUMNS: [keyof DerivedRegion, string][] = [
  ['parentCode', 'parent_code'],
  ['level', 'level'],
  ['ancestors', 'ancestors'],
  ['provinceCode', 'province_code'],
  ['provinceName', 'province_name'],
  ['cityCode', 'city_code'],
  ['cityName', 'city_name'],
  ['districtCode', 'district_code'],
  ['districtName', 'district_name'],
  ['townCode', 'town_code'],
  ['townName', 'town_name'],
  ['villageCode', 'village_code'],
  ['villageName', 'village_name'],
];

const DERIVED_SELECT = `code, parent_code AS "parentCode", name, level, ancestors, province_code AS "provinceCode", province_name AS "provinceName",
  city_code AS "cityCode", city_name AS "cityName", district_code AS "districtCode", district_name AS "districtName",
  town_code AS "townCode", town_name AS "townName", village_code AS "villageCode", village_name AS "villageName"`;

export async function loadDerived(db: Queryable, code: string): Promise<DerivedRegion | undefined> {
  const result = await db.query<DerivedRegion>(`SELECT ${DERIVED_SELECT} FROM blade_region WHERE code = $1 AND is_deleted = 0`, [code]);
  return result.rows[0];
}

/**
 * Re-derives a region and everything below it (after its name or parent
 * changed), top-down in memory, and writes the rows that differ in one
 * statement.
 */
export async function rederiveSubtree(db: Queryable, code: string): Promise<number> {
  const below = await db.query<{ code: string; parent_code: string; name: string }>(
    `WITH RECURSIVE sub AS (
       SELECT code, parent_code, name, 0 AS depth FROM blade_region WHERE code = $1 AND is_deleted = 0
       UNION ALL
       SELECT r.code, r.parent_code, r.name, s.depth + 1 FROM blade_region r JOIN sub s ON r.parent_code = s.code WHERE r.is_deleted = 0 AND s.depth < 6
     ) SELECT code, parent_code, name FROM sub ORDER BY depth`,
    [code],
  );
  if (below.rows.length === 0) return 0;
  const derived = new Map<string, DerivedRegion>();
  const top = below.rows[0];
  const parent = top.parent_code === ROOT_REGION ? undefined : await loadDerived(db, top.parent_code);
  derived.set(top.code, deriveRegion(parent, top.code, top.name));
  for (const row of below.rows.slice(1)) derived.set(row.code, deriveRegion(derived.get(row.parent_code), row.code, row.name));
  const rows = [...derived.values()];
  const assignments = DERIVED_COLUMNS.map(([, column], index) => `${column} = v.c${index}`).join(', ');
  const casts = DERIVED_COLUMNS.map(([key], index) => `$${index + 2}::${key === 'level' ? 'int' : 'text'}[]`).join(', ');
  const names = DERIVED_COLUMNS.map((_, index) => `c${index}`).join(', ');
  const result = await db.query(
    `UPDATE blade_region r SET ${assignments}, update_time = LOCALTIMESTAMP(0)
       FROM unnest($1::text[], ${casts}) AS v(code, ${names})
      WHERE r.code = v.code AND r.is_deleted = 0`,
    [rows.map((r) => r.code), ...DERIVED_COLUMNS.map(([key]) => rows.map((r) => r[key]))],
  );
  return result.rowCount ?? 0;
}
