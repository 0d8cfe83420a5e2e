/**
 * A demo worker's walk at a small reservoir, as a phone would record it:
 * from the management house below the left abutment up to the dam crest,
 * along the crest, down the spillway channel at the right abutment and
 * back along the downstream toe to the house — a point every 10–20 m with a
 * couple of metres of GPS noise, at walking pace with short stops. The dam
 * lies across the valley at the reservoir's position, its axis turned by a
 * stable angle per reservoir, its length the reservoir's crest length.
 */
import { randomFrom } from './reservoirFigures.js';

export interface WalkSite {
  /** Seeds the angle of the dam (the same reservoir always looks the same). */
  reservoirKey: string;
  /** Seeds the noise and pace of this walk. */
  walkKey: string;
  lng: number;
  lat: number;
  /** Crest length in metres (unknown: 150 m). */
  damLength?: number | null;
}

export interface WalkPoint {
  lng: number;
  lat: number;
  /** Seconds from the start of the walk. */
  offsetSeconds: number;
}

type Xy = [number, number];

const METRES_PER_DEGREE = 111_320;

/** The corners of the route in metres east/north of the dam's centre. */
function routeOf(angle: number, damLength: number): Xy[] {
  const u: Xy = [Math.cos(angle), Math.sin(angle)]; // along the crest, left abutment → right
  const n: Xy = [-u[1], u[0]]; // towards the water
  const at = (along: number, across: number): Xy => [u[0] * along + n[0] * across, u[1] * along + n[1] * across];
  const half = damLength / 2;
  return [
    at(-half - 40, -30), // management house
    at(-half - 10, -12), // path up the abutment
    at(-half, 0), // crest, left end
    at(half, 0), // crest, right end
    at(half + 18, -5), // spillway inlet
    at(half + 22, -90), // down the spillway channel
    at(half, -38), // downstream toe, right
    at(-half, -38), // downstream toe, left
    at(-half - 40, -30), // back at the house
  ];
}

/** Points every 10–20 m along the route's legs (corners kept). */
function resample(route: Xy[], random: () => number): Xy[] {
  const points: Xy[] = [route[0]];
  for (let leg = 1; leg < route.length; leg++) {
    const [from, to] = [route[leg - 1], route[leg]];
    const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
    let walked = 10 + random() * 10;
    while (walked < length - 5) {
      const f = walked / length;
      points.push([from[0] + (to[0] - from[0]) * f, from[1] + (to[1] - from[1]) * f]);
      walked += 10 + random() * 10;
    }
    points.push(to);
  }
  return points;
}

export function demoWalk(site: WalkSite): WalkPoint[] {
  const angle = randomFrom(`dam:${site.reservoirKey}`)() * Math.PI;
  const random = randomFrom(`walk:${site.walkKey}`);
  const damLength = Math.min(Math.max(site.damLength ?? 150, 40), 600);
  const points = resample(routeOf(angle, damLength), random);
  const metresPerLng = METRES_PER_DEGREE * Math.cos((site.lat * Math.PI) / 180);
  let seconds = 0;
  return points.map(([x, y], index) => {
    if (index > 0) {
      const [px, py] = points[index - 1];
      // ~1.1 m/s, now and then a stop to look at something.
      seconds += Math.round(Math.hypot(x - px, y - py) / (0.9 + random() * 0.4) + (random() < 0.08 ? 30 + random() * 90 : 0));
    }
    const noisy: Xy = [x + (random() - 0.5) * 4, y + (random() - 0.5) * 4];
    return {
      lng: Number((site.lng + noisy[0] / metresPerLng).toFixed(6)),
      lat: Number((site.lat + noisy[1] / METRES_PER_DEGREE).toFixed(6)),
      offsetSeconds: seconds,
    };
  });
}
