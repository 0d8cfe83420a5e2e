/** Pure decisions of the offline map (what to fit, which points draw), kept apart from Leaflet's DOM for unit tests. */
import type { MapFit, OfflineMapProps, TrackPoint } from './types';

/** The asked-for fit, else the most specific thing shown: tracks, then markers, then regions. */
export function fitTargetOf(props: Pick<OfflineMapProps, 'fitTo' | 'tracks' | 'markers'>): MapFit {
  if (props.fitTo) return props.fitTo;
  if ((props.tracks ?? []).some((track) => track.points.length > 0)) return 'tracks';
  if ((props.markers ?? []).length > 0) return 'markers';
  return 'regions';
}

/** The drawable points of a track as [lat, lng], in order: points without finite coordinates are skipped. */
export function trackLatLngs(points: TrackPoint[]): [number, number][] {
  return points
    .filter((point) => Number.isFinite(point.lat) && Number.isFinite(point.lng) && Math.abs(point.lat) <= 90 && Math.abs(point.lng) <= 180)
    .map((point) => [point.lat, point.lng]);
}
