/**
 * Every demo reservoir lies inside its own county's outline as the console
 * draws it (src/web/map/geo/*.json, looked up through src/web/map/boundaries.ts):
 * a reservoir plotted in the next county makes the map look wrong.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { boundaryFileOf, featuresOf, type RegionCollection } from '../../src/web/map/boundaries';
import { demoCounties } from '../../src/server/seed/reservoirCatalog';
import { figuresOf } from '../../src/server/seed/reservoirFigures';

const GEO = path.resolve(import.meta.dirname, '../../src/web/map/geo');

function outlineOf(countyCode: string): RegionCollection['features'] {
  const file = boundaryFileOf(countyCode);
  if (!file) throw new Error(`no outline shipped for ${countyCode}`);
  const collection = JSON.parse(readFileSync(path.join(GEO, `${file}.json`), 'utf8')) as RegionCollection;
  return featuresOf(collection, file, countyCode).filter((feature) => feature.properties.code === countyCode);
}

/** Ray casting: a point is inside a ring when a ray from it crosses the ring an odd number of times. */
function inRing([x, y]: [number, number], ring: Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Inside a multipolygon: inside some polygon's outer ring and none of its holes. */
function inOutline(point: [number, number], features: RegionCollection['features']): boolean {
  return features.some((feature) =>
    feature.geometry.coordinates.some(([outer, ...holes]) => inRing(point, outer) && !holes.some((hole) => inRing(point, hole))),
  );
}

describe('demo reservoir coordinates', () => {
  it.each(demoCounties.map((county) => [county.countyName, county] as const))('every demo reservoir of %s lies inside the county', (_, county) => {
    const outline = outlineOf(county.countyCode);
    expect(outline).toHaveLength(1);
    const outside = county.reservoirs.filter((seed) => {
      const { longitude, latitude } = figuresOf(county, seed);
      return !inOutline([longitude, latitude], outline);
    });
    expect(outside.map((seed) => seed.name)).toEqual([]);
  });

  it('the check itself tells inside from outside (the county centre is in, a point in the sea is not)', () => {
    const xianyou = outlineOf('350322');
    expect(inOutline([118.69, 25.36], xianyou)).toBe(true);
    expect(inOutline([119.5, 25.0], xianyou)).toBe(false);
  });
});
