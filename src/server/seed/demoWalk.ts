/**
 * A demo worker's walk at a small reservoir, as a phone would record it —
 * the round of 四巡 (domain.md §3: dam, spillway, outlet culvert, water
 * surface): from the management house below the left abutment up the flood
 * road to the dam crest, along the crest (the upstream slope and the water
 * gauge in view), out along the right bank to look over the water surface,
 * down the spillway channel, back along the downstream toe and past the outlet
 * culvert's exit to the house — a point every 10–20 m with a couple of metres
 * of GPS noise, at walking pace with short stops. The dam lies across the
 * valley at the reservoir's position, its axis turned by a stable angle per
 * reservoir, its length the reservoir's crest length. Each point knows the leg
 * of the round it is on, and each leg the dam parts (dictionary dam_part) it
 * passes, so an inspection item can be put where its part is looked at.
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
  /** Index into WALK_LEGS of the leg this point is on (the first point: the first leg). */
  leg: number;
}

type Xy = [number, number];

interface Leg {
  /** Where the leg ends, in metres along the crest (from its centre) and across it (towards the water). */
  to: (half: number) => Xy;
  /** dam_part keys looked at on this leg (none: only walked). */
  parts: number[];
}

/** The management house, where the round starts and ends. */
const HOUSE = (half: number): Xy => [-half - 40, -30];

/**
 * The legs of the round from the management house. dam_part: 1 crest, 2 upstream slope, 3 downstream slope, 4 toe and
 * drainage, 5 spillway, 6 outlet works, 7 reservoir area, 8 management house, 9 monitoring, 10 roads and communication.
 */
export const WALK_LEGS: readonly Leg[] = [
  { to: (h) => [-h - 10, -12], parts: [10] }, // flood road up the left abutment
  { to: (h) => [-h, 0], parts: [10] }, // crest, left end
  { to: (h) => [h, 0], parts: [1, 2, 9] }, // along the crest: crest, upstream slope, water gauge
  { to: (h) => [h + 25, 35], parts: [7] }, // out along the right bank over the water surface
  { to: (h) => [h + 18, -5], parts: [] }, // to the spillway inlet
  { to: (h) => [h + 22, -90], parts: [5] }, // down the spillway channel
  { to: (h) => [h, -38], parts: [] }, // across to the downstream toe, right
  { to: (h) => [-h, -38], parts: [4, 3, 9] }, // along the toe: drainage prism, downstream slope, seepage weir
  { to: (h) => [-h - 15, -55], parts: [6] }, // outlet culvert's exit
  { to: HOUSE, parts: [8] }, // back at the house
];

const METRES_PER_DEGREE = 111_320;

/** The first leg that looks at a dam part (undefined: no leg does). */
export function legOfPart(damPart: number): number | undefined {
  const leg = WALK_LEGS.findIndex((candidate) => candidate.parts.includes(damPart));
  return leg < 0 ? undefined : leg;
}

/** Points every 10–20 m along the legs (corners kept), each with its leg, in metres east/north of the dam's centre. */
function resample(angle: number, damLength: number, random: () => number): { xy: Xy; leg: number }[] {
  const u: Xy = [Math.cos(angle), Math.sin(angle)]; // along the crest, left abutment → right
  const n: Xy = [-u[1], u[0]]; // towards the water
  const place = ([along, across]: Xy): Xy => [u[0] * along + n[0] * across, u[1] * along + n[1] * across];
  const corner = (leg: number): Xy => place(leg < 0 ? HOUSE(damLength / 2) : WALK_LEGS[leg].to(damLength / 2));
  const points = [{ xy: corner(-1), leg: 0 }];
  for (let leg = 0; leg < WALK_LEGS.length; leg++) {
    const [from, to] = [corner(leg - 1), corner(leg)];
    const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
    let walked = 10 + random() * 10;
    while (walked < length - 5) {
      const f = walked / length;
      points.push({ xy: [from[0] + (to[0] - from[0]) * f, from[1] + (to[1] - from[1]) * f], leg });
      walked += 10 + random() * 10;
    }
    points.push({ xy: to, leg });
  }
  return points;
}

export function demoWalk(site: WalkSite): WalkPoint[] {
  const angle = randomFrom(`dam:${site.reservoirKey}`)() * Math.PI;
  const random = randomFrom(`walk:${site.walkKey}`);
  const damLength = Math.min(Math.max(site.damLength ?? 150, 40), 600);
  const points = resample(angle, damLength, random);
  const metresPerLng = METRES_PER_DEGREE * Math.cos((site.lat * Math.PI) / 180);
  let seconds = 0;
  return points.map(({ xy: [x, y], leg }, index) => {
    if (index > 0) {
      const [px, py] = points[index - 1].xy;
      // ~1.1 m/s, now and then a stop to look at something.
      seconds += Math.round(Math.hypot(x - px, y - py) / (0.9 + random() * 0.4) + (random() < 0.08 ? 30 + random() * 90 : 0));
    }
    const noisy: Xy = [x + (random() - 0.5) * 4, y + (random() - 0.5) * 4];
    return {
      lng: Number((site.lng + noisy[0] / metresPerLng).toFixed(6)),
      lat: Number((site.lat + noisy[1] / METRES_PER_DEGREE).toFixed(6)),
      offsetSeconds: seconds,
      leg,
    };
  });
}
