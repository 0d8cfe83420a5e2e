/**
 * A record's trail as the map draws it: the points of a trail register's rows
 * (lng, lat, time, in the order answered) and the photos of the record's
 * child rows that say where they were taken (an inspection's item results
 * with lng/lat), each at its place.
 */
import type { TrackPhoto, TrackPoint } from './types';

type Row = Record<string, unknown>;

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const asNumber = (value: unknown): number | undefined =>
  isNumber(value) ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined;

/** Rows with both coordinates, as points in the rows' order (the server answers them by seq). */
export function trackPointsOf(rows: Row[]): TrackPoint[] {
  return rows.flatMap((row) => {
    const lng = asNumber(row.lng);
    const lat = asNumber(row.lat);
    if (!isNumber(lng) || !isNumber(lat)) return [];
    return [{ lng, lat, ...(typeof row.time === 'string' ? { time: row.time } : {}) }];
  });
}

/** Photo addresses of a value: a list of strings, or a comma-separated string. */
function photoUrlsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((url): url is string => typeof url === 'string' && url.length > 0);
  if (typeof value === 'string' && value.trim()) return value.split(',').map((url) => url.trim());
  return [];
}

/** Every photo of the record's positioned child rows (any array field whose rows carry lng, lat and photos). */
export function positionedPhotosOf(record: Row): TrackPhoto[] {
  return Object.values(record).flatMap((value) =>
    Array.isArray(value)
      ? value.flatMap((child: unknown) => {
          if (!child || typeof child !== 'object') return [];
          const row = child as Row;
          const lng = asNumber(row.lng);
          const lat = asNumber(row.lat);
          if (!isNumber(lng) || !isNumber(lat)) return [];
          const title = typeof row.itemName === 'string' ? row.itemName : typeof row.title === 'string' ? row.title : undefined;
          return photoUrlsOf(row.photos).map((url) => ({ lng, lat, url, ...(title ? { title } : {}) }));
        })
      : [],
  );
}
