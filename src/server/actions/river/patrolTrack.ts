/**
 * A river patrol's GPS track as the chief's app sends it (track [{lng, lat, time}]) and what the server
 * derives from it: start and end, duration and the length walked. The server computes these so a patrol
 * cannot claim more than its track shows (domain.md §7: "the app blocks submission otherwise").
 */

export interface TrackPoint {
  lng: number;
  lat: number;
  /** yyyy-MM-dd HH:mm:ss, the tenant's local time. */
  time: string;
}

export interface TrackFigures {
  startTime: string;
  endTime: string;
  durationMinutes: number;
  lengthMetres: number;
  pointCount: number;
}

export const MIN_TRACK_POINTS = 5;
export const MAX_TRACK_POINTS = 5000;
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const EARTH_RADIUS_METRES = 6_371_008.8;

function pointOf(raw: unknown): TrackPoint | undefined {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const { lng, lat, time } = raw as Record<string, unknown>;
  if (typeof lng !== 'number' || typeof lat !== 'number' || !Number.isFinite(lng) || !Number.isFinite(lat)) return undefined;
  if (Math.abs(lng) > 180 || Math.abs(lat) > 90) return undefined;
  if (typeof time !== 'string' || !DATETIME.test(time) || Number.isNaN(Date.parse(`${time.replace(' ', 'T')}Z`))) return undefined;
  return { lng, lat, time };
}

export type TrackProblem = 'invalid' | 'tooFew' | 'tooMany' | 'order';

/** The track of the body, or why it cannot be one (points without a position or time, too few, too many, time running back). */
export function parseTrack(raw: unknown): { points: TrackPoint[] } | { problem: TrackProblem } {
  if (!Array.isArray(raw)) return { problem: 'invalid' };
  if (raw.length > MAX_TRACK_POINTS) return { problem: 'tooMany' };
  const points = raw.map(pointOf);
  if (points.some((point) => point === undefined)) return { problem: 'invalid' };
  if (points.length < MIN_TRACK_POINTS) return { problem: 'tooFew' };
  const valid = points as TrackPoint[];
  // Same-format local times compare as text.
  if (valid.some((point, index) => index > 0 && point.time < valid[index - 1].time)) return { problem: 'order' };
  return { points: valid };
}

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: { lng: number; lat: number }, b: { lng: number; lat: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

const epochOf = (time: string): number => Date.parse(`${time.replace(' ', 'T')}Z`);

export function figuresOf(points: TrackPoint[]): TrackFigures {
  let length = 0;
  for (let index = 1; index < points.length; index += 1) length += distanceMetres(points[index - 1], points[index]);
  const first = points[0];
  const last = points[points.length - 1];
  return {
    startTime: first.time,
    endTime: last.time,
    durationMinutes: Math.floor((epochOf(last.time) - epochOf(first.time)) / 60_000),
    lengthMetres: Math.round(length),
    pointCount: points.length,
  };
}
