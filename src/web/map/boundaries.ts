/**
 * Region outlines shipped with the console (geo/*.json, written by
 * scripts/generateBoundaries.ts): one file per province (its cities) and one
 * per demo city (its counties). A region code names the file that holds it
 * and the features to draw; each file is its own chunk, loaded on demand.
 */
import type { FeatureCollection, MultiPolygon } from 'geojson';

export interface RegionProperties {
  code: string;
  name: string;
}
export type RegionCollection = FeatureCollection<MultiPolygon, RegionProperties>;

const files = import.meta.glob<{ default: RegionCollection }>('./geo/*.json');
const shipped = new Set(Object.keys(files).map((path) => path.replace(/^.*\/(\d+)\.json$/, '$1')));

/** The shipped file (its code) holding the outline of a region code, or undefined when none is shipped. */
export function boundaryFileOf(code: string, available: ReadonlySet<string> = shipped): string | undefined {
  const normalized = normalizeRegionCode(code);
  if (!normalized) return undefined;
  if (available.has(normalized)) return normalized; // a province, or a city drawn as its counties
  const parent = normalized.length === 6 ? normalized.slice(0, 4) : normalized.slice(0, 2);
  if (available.has(parent)) return parent;
  return normalized.length === 6 && available.has(normalized.slice(0, 2)) ? normalized.slice(0, 2) : undefined;
}

/** 350322, 350322000000 and 3503220 all name 仙游县; 350000 is Fujian and 350300 Putian (blade_region pads with zeros). */
export function normalizeRegionCode(code: string): string | undefined {
  const digits = String(code).trim();
  if (!/^\d{2,12}$/.test(digits)) return undefined;
  let short = digits.slice(0, 6);
  while (short.length > 2 && short.endsWith('00')) short = short.slice(0, -2);
  return short.length % 2 === 0 ? short : undefined;
}

/** The features of a loaded file that belong to the region: all of them for the file's own region, else the matching ones. */
export function featuresOf(collection: RegionCollection, fileCode: string, code: string): RegionCollection['features'] {
  const normalized = normalizeRegionCode(code);
  if (!normalized || normalized === fileCode) return collection.features;
  // A county inside a province file falls back to its city's outline.
  return collection.features.filter((feature) => feature.properties.code === normalized || normalized.startsWith(feature.properties.code));
}

/** The outlines of the given regions; codes with nothing shipped are left out. */
export async function loadBoundaries(codes: string[]): Promise<RegionCollection['features']> {
  const wanted = codes.map((code) => ({ code, file: boundaryFileOf(code) })).filter((entry): entry is { code: string; file: string } => !!entry.file);
  const loaded = await Promise.all(wanted.map(async ({ code, file }) => featuresOf((await files[`./geo/${file}.json`]()).default, file, code)));
  const seen = new Set<string>();
  return loaded.flat().filter((feature) => !seen.has(feature.properties.code) && !!seen.add(feature.properties.code));
}
