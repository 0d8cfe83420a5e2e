/** The offline map (contract of issue 15 §A): import from here; Leaflet itself loads lazily. */
export { OfflineMap } from './OfflineMap';
export { TrackMap } from './TrackMap';
export type { MapMarker, MapTrack, MarkerStatus, OfflineMapProps, TrackMapProps, TrackPhoto, TrackPoint } from './types';
